"""``meksiko-solver review``: the post-game review of a deal or game record."""

from __future__ import annotations

import argparse
from typing import Any

from ..review import SD_SAMPLES, load_record, review
from . import UsageError, print_json, read_input, whole_number


def register(commands: Any) -> None:
    p = commands.add_parser(
        "review",
        help="review a played deal or game double-dummy: the cost of every card, the discard and the bid",
        description="Post-game review of a deal record or a whole game record (deal by deal): the declarer's "
        "double-dummy tricks before and after every card, the tricks each card cost its own side "
        "(? one trick, ?? two or more) with the cards that lose nothing, the discard against the best "
        "discard and trump, and the bid against the highest contract the hand and the talon make. "
        "Unfinished records are reviewed as far as they go. With --single-dummy every card is also judged "
        "from what its player could see (the hint engine, --samples worlds a card).",
    )
    p.add_argument("record", help="deal or game record (JSON, see docs/records.md); '-' for standard input")
    p.add_argument("--json", action="store_true", help="print the review as JSON")
    p.add_argument("--single-dummy", action="store_true",
                   help="also judge every card from its player's view with the hint engine: a double-dummy "
                   "mistake that was the best play on the information available is excused")
    p.add_argument("--samples", type=whole_number, default=None,
                   help=f"worlds a card for --single-dummy (default {SD_SAMPLES})")
    p.add_argument("--seed", type=whole_number, default=None, help="seed of --single-dummy's world sampling (default 0)")
    p.add_argument("--time-budget-ms", type=float, default=None,
                   help="wall-clock time for the whole review with --single-dummy: the double-dummy layer is "
                   "always complete, the single-dummy one judges the cards in order while time is left and "
                   "says how far it got")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not args.single_dummy:
        given = [option for option, value in (("--samples", args.samples), ("--seed", args.seed),
                                              ("--time-budget-ms", args.time_budget_ms)) if value is not None]
        if given:
            raise UsageError(f"{' and '.join(given)} need{'s' if len(given) == 1 else ''} --single-dummy: "
                             "the double-dummy review samples no worlds")
    record = load_record(read_input(args.record))
    samples = SD_SAMPLES if args.samples is None else args.samples
    seed = 0 if args.seed is None else args.seed
    result = review(record, single_dummy=args.single_dummy, samples=samples, seed=seed,
                    time_budget_ms=args.time_budget_ms)
    if args.json:
        print_json(result.to_dict())
    else:
        print(result.report())
    return 0
