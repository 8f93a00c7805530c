"""The rules of the text that are numbers: hand sizes, rounds, engines, who starts.

Every choice where the text is silent is in docs/mexican-train.md.
"""

from __future__ import annotations

from .errors import DealError
from .tiles import MAX_PIPS

MIN_PLAYERS, MAX_PLAYERS = 2, 8
FULL_GAME_ROUNDS, SHORT_GAME_ROUNDS = 13, 7


def check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise DealError(f"players {players!r}: Mexican Train is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return players


def hand_size(players: int) -> int:
    """15 tiles each for 2-4 players, 12 for 5-6, 10 for 7-8 (the text)."""
    check_players(players)
    return 15 if players <= 4 else 12 if players <= 6 else 10


def engine_of_round(round_index: int) -> int:
    """Round 1 (index 0) is played from the 12-12, round 2 from the 11-11, ... round 13 from the 0-0."""
    if isinstance(round_index, bool) or not isinstance(round_index, int) or not 0 <= round_index <= MAX_PIPS:
        raise DealError(f"round index {round_index!r}: a game has at most {FULL_GAME_ROUNDS} rounds (0 to 12)")
    return MAX_PIPS - round_index


def starter_of_round(round_index: int, players: int) -> int:
    """Player 0 starts round 1 and the start moves one seat on each round (the text: someone else each round)."""
    return round_index % players


def game_rounds(short: bool = False) -> int:
    return SHORT_GAME_ROUNDS if short else FULL_GAME_ROUNDS
