"""``meksiko-solver solve``: solve one position and print the tricks, card values and line."""

from __future__ import annotations

import argparse

from .solver import solve


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "solve",
        help="solve a position double-dummy",
        description="Solve a position double-dummy: the declarer's tricks from here, "
        "the value of every legal card of the player to move and one optimal line.",
    )
    p.add_argument("--hands", required=True, help='the three hands, e.g. "AK7.QJ.T98.A KQ.-.AJ7.KQ 98.T9.K.J"')
    p.add_argument("--trump", default=None, help="S, H, D, C or N for no trump (default: no trump)")
    p.add_argument("--declarer", default="0", help="declarer seat 0-2 (default 0)")
    p.add_argument("--leader", default=None, help="leader of the current trick (default: the declarer)")
    p.add_argument("--played", default="", help='cards already played to the trick, e.g. "7H 8H"')
    p.add_argument("--tricks-only", action="store_true", help="fast mode: no card values, no line")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .cli import print_json

    hands = args.hands.split()
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


def _line_text(line: list, already_played: int) -> str:
    """Cards grouped by trick: the first group finishes the trick in progress."""
    groups, current, in_trick = [], [], already_played
    for card in line:
        current.append(card)
        in_trick += 1
        if in_trick == 3:
            groups.append(" ".join(current))
            current, in_trick = [], 0
    if current:
        groups.append(" ".join(current))
    return " | ".join(groups)
