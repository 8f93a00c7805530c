"""``meksiko-solver play``: a whole seeded game between random players, printed deal by deal."""

from __future__ import annotations

import argparse
from typing import Any, Iterable, List

from ..auction import Auction
from ..cards import SUIT_NAMES, Hand, Suit
from ..errors import RecordError
from ..game import play_game
from ..record import DealRecord, GameRecord
from . import whole_number


def register(commands: Any) -> None:
    p = commands.add_parser("play", help="play a whole game between random players",
                            description="Play a whole seeded game between random legal players and "
                                        "print it deal by deal with the score sheet.")
    p.add_argument("--seed", type=whole_number, required=True, help="random seed (the same seed gives the same game)")
    p.add_argument("--rules", default=None, help="rule profile: mexico-club (default) or classic")
    p.add_argument("--mode", default=None, help="scoring mode (mexico-club: easy or normal)")
    p.add_argument("--format", default=None, help="game format (mexico-club: standard, mini or tournament)")
    p.add_argument("--target", type=whole_number, default=None, help="target score (default from the format)")
    p.add_argument("--first-dealer", type=whole_number, default=0, help="seat of the first dealer (default 0)")
    p.add_argument("-o", "--output", default=None, help="write the game record (JSON) to this file")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """``meksiko-solver play``: play and print a seeded game; ``-o`` writes its record."""
    game = play_game(seed=args.seed, rules=args.rules, mode=args.mode, format=args.format,
                     target=args.target, first_dealer=args.first_dealer)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(game.to_json() + "\n")
        except OSError as exc:
            raise RecordError(f"cannot write {args.output}: {exc.strerror}") from None
    print("\n".join(format_game(game)))
    if args.output:
        print(f"\nrecord written to {args.output}")
    return 0


def _signed(values: Iterable[int]) -> str:
    return "  ".join(f"{v:+d}" for v in values)


def format_deal(number: int, deal: DealRecord) -> List[str]:
    """A deal as text lines: hands, auction, contract, tricks and result."""
    lines = [f"Deal {number}: dealer seat {deal.dealer}"]
    for seat, hand in enumerate(deal.hands):
        lines.append(f"  seat {seat}: {Hand(hand)}")
    lines.append(f"  talon:  {' '.join(map(str, deal.talon))}")
    # Each call with the seat that made it: a seat that said NEXT calls no more, so it is
    # the auction that says whose turn it was.
    auction = Auction(deal.dealer, deal.rules, deal.auction)
    lines.append("  auction: " + ", ".join(f"{seat}:{call}" for seat, call in auction.seat_calls))
    contract = "Meksiko" if deal.contract == "M" else deal.contract
    trump = "no trump" if deal.trump in (None, Suit.NO_TRUMP) else f"trump {SUIT_NAMES[deal.trump]}"
    discard = f", discards {' '.join(map(str, deal.discard))}" if deal.discard else ""
    lines.append(f"  seat {deal.declarer} declares {contract}{discard}, {trump}")
    for i, trick in enumerate(deal.tricks, 1):
        cards = " ".join(f"{s}:{c}" for s, c in zip(trick.seats, trick.cards))
        lines.append(f"  trick {i:2d}: {cards}  -> seat {trick.winner}")
    lines.append(f"  tricks {' '.join(map(str, deal.tricks_won))}   scores {_signed(deal.scores or ())}")
    return lines


def format_game(game: GameRecord) -> List[str]:
    """A game as text: a header, every deal, the score sheet and the result."""
    lines = [f"Meksiko: {game.config.describe()}, seed {game.seed}", ""]
    for i, deal in enumerate(game.deals, 1):
        lines += format_deal(i, deal)
        if i <= len(game.totals):
            lines.append(f"  totals {' '.join(map(str, game.totals[i - 1]))}")
        lines.append("")
    lines.append("Score sheet")
    lines.append(" deal  dealer  declarer  contract  tricks     seat 0  seat 1  seat 2")
    for i, (deal, totals) in enumerate(zip(game.deals, game.totals), 1):
        tricks = "-".join(map(str, deal.tricks_won))
        contract = "M" if deal.contract == "M" else deal.contract
        lines.append(f" {i:4d}  {deal.dealer:6d}  {deal.declarer:8d}  {contract:>8}  {tricks:>8}  "
                     + "".join(f"{t:8d}" for t in totals))
    if game.winners is None:
        lines.append("The game is unfinished.")
    elif len(game.winners) == 1:
        lines.append(f"Winner: seat {game.winners[0]} with {game.final_totals[game.winners[0]]} points")
    else:
        lines.append(f"Shared win: seats {' and '.join(map(str, game.winners))}")
    return lines
