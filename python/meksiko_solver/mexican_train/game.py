"""Playing rounds and games with policies, recording every move."""

from __future__ import annotations

import random
from typing import Callable, List, Optional, Protocol, Sequence

from .record import GameRecord, RoundRecord
from .round import Action, Deal, Move, RoundState, deal_round
from .rules import check_players, engine_of_round, game_rounds, starter_of_round

class TrainPolicy(Protocol):
    """A player: the move to make in a round state (the player to move is ``state.turn``)."""

    def choose(self, state: RoundState) -> Move: ...


#: A safety net: no round of the rules can take this many moves (each turn lays or draws a tile).
MAX_MOVES = 2000


def play_round(deal: Deal, starter: int, policies: Sequence[TrainPolicy],
               on_move: Optional[Callable[[RoundState, Move], None]] = None) -> RoundRecord:
    """Play a round out; ``policies[p].choose(state)`` decides player p's moves."""
    state = RoundState.from_deal(deal, starter)
    moves: List[Move] = []
    while not state.over:
        move = policies[state.turn].choose(state)
        drawn = state.apply(move)
        if move.action is Action.DRAW:
            move = Move(move.player, Action.DRAW, tile=drawn)
        moves.append(move)
        if on_move is not None:
            on_move(state, move)
        if len(moves) > MAX_MOVES:
            raise RuntimeError("a round did not end")  # a bug, never bad input
    return RoundRecord(deal, starter, tuple(moves))


def round_seed(seed: int, round_index: int) -> int:
    return seed * 1_000_003 + round_index


def deal_for(players: int, round_index: int, seed: int) -> Deal:
    """The deal of a game's round: seeded by the game's seed and the round."""
    return deal_round(players, engine_of_round(round_index), random.Random(round_seed(seed, round_index)))


def play_game(players: int = 4, seed: int = 0, policies: Optional[Sequence[TrainPolicy]] = None, short: bool = False,
              rounds: Optional[int] = None) -> GameRecord:
    """A whole game (13 rounds, 7 if ``short``; or the first ``rounds``) with seeded deals."""
    check_players(players)
    if policies is None:
        from .policies import BaselinePolicy
        policies = [BaselinePolicy() for _ in range(players)]
    count = game_rounds(short) if rounds is None else rounds
    records = [play_round(deal_for(players, k, seed), starter_of_round(k, players), policies)
               for k in range(count)]
    return GameRecord(players, short, tuple(records))
