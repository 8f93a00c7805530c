"""``meksiko-solver solve``: solve one position and print the tricks, card values and line."""

from __future__ import annotations

import argparse
from typing import Any, List, Sequence

from ..solver import solve
from . import print_json
from .hands import split_hands

EXAMPLE_HANDS = "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7"
EXAMPLE_CARDS = "AS 9S 7S KH QH 8H JD 8D TC 9C / 8S AH 9H 7H AD 9D 7D AC KC JC / ♠KQJT ♥JT ♦KQ ♣Q7"
EPILOG = f"""examples (the same position, hands as holdings, as lists of cards or with suit symbols):
  meksiko-solver solve --hands "{EXAMPLE_HANDS}" --trump H
  meksiko-solver solve --hands "{EXAMPLE_CARDS}" --trump H
"""


def register(commands: Any) -> None:
    p = commands.add_parser(
        "solve",
        help="solve a position double-dummy",
        description="Solve a position double-dummy: the declarer's tricks from here, "
        "the value of every legal card of the player to move and one optimal line.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--hands", required=True,
                   help="the three hands: holdings (spades.hearts.diamonds.clubs) separated by spaces, "
                        "or any hands (lists of cards, holdings with suit symbols) separated by '/'")
    # Required: the trump changes every answer, and a default (no trump, which only classic
    # Meksiko plays) silently solved another position when a user left it out.
    p.add_argument("--trump", required=True, help="S, H, D, C, or N for no trump (required)")
    p.add_argument("--declarer", default="0", help="declarer seat 0-2 (default 0)")
    p.add_argument("--leader", default=None, help="leader of the current trick (default: the declarer)")
    p.add_argument("--played", default="", help='cards already played to the trick, e.g. "7H 8H"')
    p.add_argument("--tricks-only", action="store_true", help="fast mode: no card values, no line")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    hands = split_hands(args.hands)
    leader = args.declarer if args.leader is None else args.leader
    result = solve(hands, args.trump, args.declarer, leader, args.played, card_values=not args.tricks_only)
    if args.json:
        print_json(result.to_dict())
        return 0
    pos = result.position
    print(f"position: {pos}")
    print(f"declarer (seat {pos.declarer}) takes {result.tricks} of the {pos.tricks_left} tricks left")
    if result.card_tricks:
        print(f"seat {pos.to_move} to play:")
        for card, tricks in result.card_tricks.items():
            mark = "  best" if tricks == result.tricks else ""
            print(f"  {card}  {tricks}{mark}")
    if result.line:
        print("line: " + _line_text(result.line, len(pos.played)))
    print(f"nodes: {result.nodes}")
    return 0


def _line_text(line: Sequence[str], already_played: int) -> str:
    """Cards grouped by trick: the first group finishes the trick in progress."""
    groups: List[str] = []
    current: List[str] = []
    in_trick = already_played
    for card in line:
        current.append(card)
        in_trick += 1
        if in_trick == 3:
            groups.append(" ".join(current))
            current, in_trick = [], 0
    if current:
        groups.append(" ".join(current))
    return " | ".join(groups)
