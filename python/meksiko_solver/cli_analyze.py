"""``meksiko-solver analyze`` (one deal) and ``meksiko-solver batch`` (many deals on every core)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter

from .analysis import analyze_declarer, analyze_many, deal_table, parse_deal
from .cards import Hand, parse_seat
from .errors import MeksikoError, NotationError
from .deal import deal_cards
from .rules import RULES

CHUNK = 64  # deals per batch call: the progress bar moves once per chunk


def register(commands: argparse._SubParsersAction) -> None:
    a = commands.add_parser(
        "analyze",
        help="declarer analysis of a deal: best discard and trump, Meksiko",
        description="Double-dummy declarer analysis of a deal as dealt: for each trump the most tricks "
        "after the best discard (and every discard that reaches it), the Meksiko values and the highest "
        "contract that makes. Without --declarer, a table for every seat.",
    )
    src = a.add_mutually_exclusive_group(required=True)
    src.add_argument("--deal", help='"<h0> <h1> <h2> <talon>", e.g. "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD"')
    src.add_argument("--random", action="store_true", help="deal a random deal (see --seed)")
    a.add_argument("--seed", type=int, default=0, help="seed of --random (default 0)")
    who = a.add_mutually_exclusive_group()
    who.add_argument("--declarer", help="analyse this seat only (0-2)")
    who.add_argument("--all", action="store_true", help="every seat (the default)")
    a.add_argument("--rules", default="mexico-club", help=f"rule profile: {', '.join(RULES)} (default mexico-club)")
    a.add_argument("--json", action="store_true", help="print the result as JSON")
    a.set_defaults(func=run_analyze)

    b = commands.add_parser(
        "batch",
        help="analyse many deals on every core",
        description="Analyse every deal of a JSON-lines file (one deal a line: a JSON object with hands and "
        "talon, optionally declarer, or a deal string) on every core, or --random N seeded deals with "
        "summary statistics. Bad lines are reported with their line number and skipped; every good line "
        "gets its result (exit code 2 if any line was bad).",
    )
    b.add_argument("input", nargs="?", help="deals file (JSON lines); '-' for standard input")
    b.add_argument("-o", "--output", help="write one JSON result a line here")
    b.add_argument("--random", type=int, metavar="N", help="analyse N random deals instead of a file")
    b.add_argument("--seed", type=int, default=0, help="seed of --random (default 0)")
    b.add_argument("--declarer", help="analyse this seat only (default: every seat)")
    b.add_argument("--rules", default="mexico-club", help="rule profile (default mexico-club)")
    b.add_argument("--threads", type=int, default=0, help="worker threads (default: every core)")
    b.add_argument("--quiet", action="store_true", help="no progress bar")
    b.set_defaults(func=run_batch)


def run_analyze(args: argparse.Namespace) -> int:
    from .cli import print_json

    hands, talon = deal_cards(args.seed) if args.random else parse_deal(args.deal)
    if args.declarer is not None:
        result = analyze_declarer(hands, talon, args.declarer, rules=args.rules)
        if args.json:
            print_json(result.to_dict())
        else:
            print(f"deal: {' '.join(str(Hand(h)) for h in hands)}   talon: {' '.join(str(c) for c in talon)}")
            print(describe(result))
        return 0
    table = deal_table(hands, talon, rules=args.rules)
    if args.json:
        print_json(table.to_dict())
    else:
        print(table)
    return 0


def describe(a) -> str:
    """A readable account of one seat's analysis."""
    lines = [f"declarer: seat {a.declarer} ({a.rules}), declarer leads"]
    for trump, entry in a.with_talon.items():
        pairs = entry["discards"]
        shown = ", ".join(" ".join(p) for p in pairs[:6]) + (f" (+{len(pairs) - 6} more)" if len(pairs) > 6 else "")
        lines.append(f"  trump {trump}: {entry['tricks']} tricks with the talon; discard {shown}")
    mk = ", ".join(f"{t} {v}" for t, v in a.meksiko.items())
    lines.append(f"  Meksiko (talon out of play): {mk}")
    best = a.best
    lines.append(f"  best: {best['tricks']} tricks, trump {best['trump']}, discard {' '.join(best['discard'])}")
    lines.append(f"  highest contract made: {'none' if a.max_bid is None else a.max_bid}")
    return "\n".join(lines)


def _read_deals(path: str) -> list:
    """(line number, deal or error) for every non-empty line."""
    stream = sys.stdin if path == "-" else open(path, encoding="utf-8")
    items = []
    with stream:
        for number, text in enumerate(stream, start=1):
            text = text.strip()
            if not text:
                continue
            try:
                data = json.loads(text) if text[0] in "{[\"" else text
                declarer = data.get("declarer") if isinstance(data, dict) else None
                if declarer is not None:
                    declarer = parse_seat(declarer, "declarer")
                items.append((number, parse_deal(data), declarer, None))
            except (MeksikoError, ValueError) as exc:
                items.append((number, None, None, str(exc)))
    return items


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.done, self.enabled = total, 0, enabled and total > 0

    def advance(self, count: int) -> None:
        self.done += count
        if self.enabled:
            filled = 30 * self.done // self.total
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.done}/{self.total} deals")
            if self.done >= self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def run_batch(args: argparse.Namespace) -> int:
    if (args.input is None) == (args.random is None):
        raise NotationError("give either a deals file or --random N")
    if args.random is not None:
        if args.random < 1:
            raise NotationError(f"--random takes a positive number of deals, not {args.random}")
        rng = random.Random(args.seed)
        items = [(i + 1, deal_cards(rng), None, None) for i in range(args.random)]
    else:
        items = _read_deals(args.input)
    for number, _, _, error in items:
        if error:
            print(f"line {number}: {error}", file=sys.stderr)
    good = [it for it in items if it[3] is None]
    progress = Progress(len(good), not args.quiet)
    out = open(args.output, "w", encoding="utf-8") if args.output else None
    stats = Statistics()
    try:
        for start in range(0, len(good), CHUNK):
            chunk = good[start : start + CHUNK]
            for (number, _, _, _), result in zip(chunk, _analyze_chunk(chunk, args)):
                stats.add(result)
                if out:
                    record = {"line": number, **result.to_dict()}
                    out.write(json.dumps(record) + "\n")
            progress.advance(len(chunk))
    finally:
        if out:
            out.close()
    print(stats.report(len(good)))
    bad = len(items) - len(good)
    if bad:
        print(f"{bad} bad line(s) skipped", file=sys.stderr)
        return 2
    return 0


def _analyze_chunk(chunk: list, args: argparse.Namespace) -> list:
    """Results in chunk order: a DeclarerAnalysis for a line (or run) that names its
    declarer, else a DealTable of every seat."""
    results: list = [None] * len(chunk)
    groups: dict = {}
    for i, (_, _, line_declarer, _) in enumerate(chunk):
        seat = args.declarer if args.declarer is not None else line_declarer
        groups.setdefault(None if seat is None else parse_seat(seat, "declarer"), []).append(i)
    for seat, indices in groups.items():
        for i, r in zip(indices, analyze_many([chunk[i][1] for i in indices], seat, args.rules, args.threads)):
            results[i] = r
    return results


class Statistics:
    """Distribution of max_bid and best tricks, and how often Meksiko makes."""

    def __init__(self) -> None:
        self.max_bid: Counter = Counter()
        self.best: Counter = Counter()
        self.meksiko = 0
        self.seats = 0

    def add(self, result) -> None:
        for a in getattr(result, "seats", [result]):
            self.seats += 1
            self.max_bid["-" if a.max_bid is None else str(a.max_bid)] += 1
            self.best[a.best["tricks"]] += 1
            self.meksiko += a.max_bid == "M"

    def report(self, deals: int) -> str:
        n = max(self.seats, 1)
        order = ["-"] + [str(b) for b in range(5, 11)] + ["M"]
        lines = [f"{deals} deals, {self.seats} declarer analyses"]
        lines.append("max_bid:     " + "  ".join(f"{k}: {self.max_bid[k]} ({100 * self.max_bid[k] / n:.1f}%)"
                                               for k in order if self.max_bid[k]))
        lines.append("best tricks: " + "  ".join(f"{k}: {self.best[k]}" for k in sorted(self.best)))
        lines.append(f"Meksiko makes: {self.meksiko} of {self.seats} ({100 * self.meksiko / n:.1f}%)")
        return "\n".join(lines)
