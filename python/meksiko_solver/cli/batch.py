"""``meksiko-solver batch``: the declarer analysis of many deals on every core.

The results are JSON lines, on standard output or in ``-o FILE``; the summary goes to
standard error when the results take standard output, else to standard output.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, TextIO, Tuple, Union

from ..analysis import DealTable, DeclarerAnalysis, analyze_many, parse_deal
from ..cards import Card, parse_seat
from ..errors import MeksikoError, NotationError
from ..deal import deal_cards
from . import UsageError, read_input, whole_number
from .progress import progress_bar

CHUNK = 64  # deals per batch call: the progress bar moves once per chunk

Deal = Tuple[Sequence[Sequence[Card]], Sequence[Card]]
Result = Union[DealTable, DeclarerAnalysis]


@dataclass(frozen=True)
class Item:
    """One input line: its number, and the deal and declarer read from it or why it was refused."""

    number: int
    deal: Optional[Deal] = None
    declarer: Optional[int] = None
    error: Optional[str] = None


def register(commands: Any) -> None:
    b = commands.add_parser(
        "batch",
        help="analyse many deals on every core",
        description="Analyse every deal of a JSON-lines file (one deal a line: a JSON object with hands and "
        "talon, optionally declarer, or a deal string; '-' reads standard input) on every core, or --random N "
        "seeded deals. Every good "
        "line gets its result, one JSON line (on standard output, or in --output), and a summary follows "
        "(on standard error when the results go to standard output). Bad lines are reported with their line "
        "number and skipped (exit code 2 if any line was bad).",
    )
    b.add_argument("input", nargs="?", help="deals file (JSON lines); '-' for standard input")
    b.add_argument("-o", "--output", help="write the results here (default: standard output)")
    b.add_argument("--random", type=whole_number, metavar="N", help="analyse N random deals instead of a file")
    b.add_argument("--seed", type=whole_number, default=0, help="seed of --random (default 0)")
    b.add_argument("--declarer", help="analyse this seat only (default: every seat)")
    b.add_argument("--rules", default="mexico-club", help="rule profile (default mexico-club)")
    b.add_argument("--threads", type=whole_number, default=0, help="worker threads (default: every core)")
    b.add_argument("--quiet", action="store_true", help="no progress bar (there is none unless stderr is a terminal)")
    b.set_defaults(func=run)


def read_deals(text: str) -> List[Item]:
    """An Item for every non-empty line of ``text``."""
    items = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if line:
            items.append(_read_line(number, line))
    return items


def _read_line(number: int, line: str) -> Item:
    """A line is a JSON object or string, or else a deal string ``"<h0> <h1> <h2> <talon>"``."""
    data: object = line
    try:
        data = json.loads(line)
        json_error = None
    except ValueError as exc:
        json_error = f"not valid JSON: {exc}"
        if line[0] in "{[\"":
            return Item(number, error=json_error)
    try:
        declarer = data.get("declarer") if isinstance(data, dict) else None
        seat = None if declarer is None else parse_seat(declarer, "declarer")
        return Item(number, parse_deal(data), seat)
    except ValueError as exc:  # MeksikoError, or a value no parser expected
        return Item(number, error=str(exc) if json_error is None else f"{json_error} (nor a deal string: {exc})")


def run(args: argparse.Namespace) -> int:
    if (args.input is None) == (args.random is None):
        raise UsageError("give a deals file ('-' for standard input) or --random N")
    if args.random is not None:
        if args.random < 1:
            raise NotationError(f"--random takes a positive number of deals, not {args.random}")
        rng = random.Random(args.seed)
        items = [Item(i + 1, deal_cards(rng)) for i in range(args.random)]
    else:
        items = read_deals(read_input(args.input))
        if not items:  # a summary of nothing, exit code 0, would hide a wrong file or an empty pipe
            raise UsageError("no deals on standard input" if args.input == "-" else f"no deals in {args.input}")
    for item in items:
        if item.error:
            print(f"line {item.number}: {item.error}", file=sys.stderr)
    good = [item for item in items if item.error is None]
    stats = Statistics()
    out: TextIO = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        with progress_bar(len(good), "deal", enabled=not args.quiet) as bar:
            for start in range(0, len(good), CHUNK):
                chunk = good[start : start + CHUNK]
                for item, result in zip(chunk, _analyze_chunk(chunk, args)):
                    stats.add(result)
                    out.write(json.dumps({"line": item.number, **result.to_dict()}) + "\n")
                bar.update(len(chunk))
    finally:
        if out is not sys.stdout:
            out.close()
    print(stats.report(len(good)), file=sys.stderr if out is sys.stdout else sys.stdout)
    bad = len(items) - len(good)
    if bad:
        print(f"{bad} bad line(s) skipped", file=sys.stderr)
        return 2
    return 0


def _analyze_chunk(chunk: Sequence[Item], args: argparse.Namespace) -> List[Result]:
    """Results in chunk order: a DeclarerAnalysis for a line (or run) that names its
    declarer, else a DealTable of every seat."""
    results: List[Optional[Result]] = [None] * len(chunk)
    groups: Dict[Optional[int], List[int]] = {}
    for i, item in enumerate(chunk):
        seat = args.declarer if args.declarer is not None else item.declarer
        groups.setdefault(None if seat is None else parse_seat(seat, "declarer"), []).append(i)
    for seat, indices in groups.items():
        deals = [chunk[i].deal for i in indices]
        analysed: Sequence[Result] = analyze_many(deals, seat, args.rules, args.threads)
        for i, r in zip(indices, analysed):
            results[i] = r
    return [r for r in results if r is not None]


class Statistics:
    """Distribution of max_bid and best tricks, and how often Meksiko makes."""

    def __init__(self) -> None:
        self.max_bid: Counter[str] = Counter()
        self.best: Counter[int] = Counter()
        self.meksiko = 0
        self.seats = 0

    def add(self, result: Result) -> None:
        for a in result.seats if isinstance(result, DealTable) else [result]:
            self.seats += 1
            self.max_bid["-" if a.max_bid is None else str(a.max_bid)] += 1
            self.best[a.best["tricks"]] += 1
            self.meksiko += a.max_bid == "M"

    def report(self, deals: int) -> str:
        if not self.seats:  # every line was bad: no distribution to show
            return f"{deals} deals analysed"
        n = self.seats
        order = ["-"] + [str(b) for b in range(5, 11)] + ["M"]
        lines = [f"{deals} deals, {self.seats} declarer analyses"]
        lines.append("max_bid:     " + "  ".join(f"{k}: {self.max_bid[k]} ({100 * self.max_bid[k] / n:.1f}%)"
                                               for k in order if self.max_bid[k]))
        lines.append("best tricks: " + "  ".join(f"{k}: {self.best[k]}" for k in sorted(self.best)))
        lines.append(f"Meksiko makes: {self.meksiko} of {self.seats} ({100 * self.meksiko / n:.1f}%)")
        return "\n".join(lines)
