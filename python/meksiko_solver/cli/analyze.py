"""``meksiko-solver analyze``: the double-dummy declarer analysis of one deal."""

from __future__ import annotations

import argparse
from typing import Any

from ..analysis import DeclarerAnalysis, analyze_declarer, deal_table, parse_deal
from ..cards import Hand
from ..deal import deal_cards
from ..rules import RULES
from . import print_json, whole_number
from .hands import split_deal


def register(commands: Any) -> None:
    a = commands.add_parser(
        "analyze",
        help="declarer analysis of a deal: best discard and trump, Meksiko",
        description="Double-dummy declarer analysis of a deal as dealt: for each trump the most tricks "
        "after the best discard (and every discard that reaches it), the Meksiko values and the highest "
        "contract that makes. Without --declarer, a table for every seat.",
    )
    src = a.add_mutually_exclusive_group(required=True)
    src.add_argument("--deal", help='"<h0> <h1> <h2> <talon>", e.g. "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD"; '
                                    "or the four parts separated by '/', each a list of cards or a holding")
    src.add_argument("--random", action="store_true", help="deal a random deal (see --seed)")
    a.add_argument("--seed", type=whole_number, default=0, help="seed of --random (default 0)")
    who = a.add_mutually_exclusive_group()
    who.add_argument("--declarer", help="analyse this seat only (0-2)")
    who.add_argument("--all", action="store_true", help="every seat (the default)")
    a.add_argument("--rules", default="mexico-club", help=f"rule profile: {', '.join(RULES)} (default mexico-club)")
    a.add_argument("--json", action="store_true", help="print the result as JSON")
    a.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    hands, talon = deal_cards(args.seed) if args.random else parse_deal(split_deal(args.deal))
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


def describe(a: DeclarerAnalysis) -> str:
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
