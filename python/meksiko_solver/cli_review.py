"""``meksiko-solver review``: the post-game review of a deal or game record; the main CLI calls :func:`register`.

Bad input raises MeksikoError (RecordError naming the bad item), which the main CLI
prints on one stderr line with exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .errors import RecordError
from .review import SD_SAMPLES, load_record, review


def register(commands: Any) -> None:
    """Add the ``review`` subcommand to an argparse subparsers object."""
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
    p.add_argument("--samples", type=int, default=SD_SAMPLES,
                   help=f"worlds a card for --single-dummy (default {SD_SAMPLES})")
    p.add_argument("--seed", type=int, default=0, help="seed of --single-dummy's world sampling (default 0)")
    p.set_defaults(func=run_review)


def read_record_text(path: str) -> str:
    """The text of a record file, or of standard input for ``-``."""
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise RecordError(f"{path} is not UTF-8 text: {exc.reason}") from None


def run_review(args: argparse.Namespace) -> int:
    from .cli import print_json

    record = load_record(read_record_text(args.record))
    result = review(record, single_dummy=args.single_dummy, samples=args.samples, seed=args.seed)
    if args.json:
        print_json(result.to_dict())
    else:
        print(result.report())
    return 0
