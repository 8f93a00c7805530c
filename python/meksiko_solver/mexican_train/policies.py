"""Policies: who decides a move from what a player can see.

A policy has ``choose(state) -> Move`` for the player to move (``state.turn``). It may read
only that player's hand and the public state (trains, markers, counts, the boneyard's size).

- ``RandomPolicy``: a uniformly random legal move (a random chain in a first move).
- ``BaselinePolicy``: the text's advice as rules: the longest opening train (the exact
  optimiser); heavy tiles first; lay a double only when holding a tile that satisfies it; lift
  one's marker at once; keep the Mexican train as a spare (own train first, and do not leave
  every open end at the same value); always play a drawn tile that fits.
"""

from __future__ import annotations

import random
from typing import List, Optional, Tuple

from .opening import best_opening
from .round import MEXICAN, Action, Move, Phase, RoundState
from .tiles import DOUBLE, POINTS, TILES, WITH_VALUE, other_end


def forced_move(state: RoundState) -> Optional[Move]:
    """The move when there is no choice: a draw or a pass (None when tiles can be played)."""
    p = state.turn
    if state.phase is Phase.DRAWN:
        return Move(p, Action.PASS) if not state.plays() else None
    if state.plays():
        return None
    return Move(p, Action.DRAW) if state.bone_left > 0 else Move(p, Action.PASS)


def is_first_move(state: RoundState) -> bool:
    return state.phase is Phase.START and not state.opened[state.turn] and state.pending is None


def opening_move(state: RoundState) -> Move:
    """The optimiser's train in a first move."""
    p = state.turn
    result = best_opening([TILES[t] for t in state.hands[p]], state.engine)
    return Move(p, Action.PLAY, tuple(link.tile for link in result.train), p)


class RandomPolicy:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: RoundState) -> Move:
        forced = forced_move(state)
        if forced is not None:
            return forced
        p = state.turn
        plays = state.plays()
        if state.phase is Phase.DRAWN and not state.satisfying and self.rng.random() < 0.2:
            return Move(p, Action.PASS)  # a drawn tile that fits may be kept
        tile, train = self.rng.choice(plays)
        tiles = [tile]
        if is_first_move(state):
            end = other_end(tile, state.end_of(train))
            hand = set(state.hands[p]) - {tile}
            while hand and self.rng.random() < 0.8:
                nxt = [t for t in WITH_VALUE[end] if t in hand]
                if not nxt:
                    break
                t = self.rng.choice(nxt)
                tiles.append(t)
                hand.discard(t)
                end = other_end(t, end)
        return Move(p, Action.PLAY, tuple(TILES[t] for t in tiles), train)


def baseline_score(state: RoundState, tile: int, train: int) -> float:
    """How much the baseline likes laying ``tile`` on ``train`` (higher is better)."""
    p = state.turn
    hand = state.hands[p]
    if state.counts[p] == 1:
        return 1e6  # going out
    score = float(POINTS[tile])  # heavy tiles first
    end = state.end_of(train)
    new_end = other_end(tile, end)
    rest = hand - {tile}
    if DOUBLE[tile]:
        satisfiers = sum(1 for t in WITH_VALUE[new_end] if t in rest)
        score += 40 if satisfiers else -200  # keep the tile that satisfies your double
    if train == p:
        score += 5  # own train first: the Mexican train is the spare
        if state.marker[p]:
            score += 100  # lift the marker at once
    elif train == MEXICAN:
        score -= 3
    # do not close every end open to you with the same value: count values you can still use
    ends = {new_end if t == train else state.end_of(t) for t in state.open_trains(p) if t != state.pending}
    ends.add(new_end)
    usable = sum(1 for v in ends if any(t in rest for t in WITH_VALUE[v]))
    score += 4 * usable
    return score


class BaselinePolicy:
    name = "baseline"

    def choose(self, state: RoundState) -> Move:
        forced = forced_move(state)
        if forced is not None:
            return forced
        if is_first_move(state):
            return opening_move(state)
        return best_single(state)


def best_single(state: RoundState) -> Move:
    """The baseline's single-tile play (first of the best scores in the order of ``plays``)."""
    plays = state.plays()
    best: Optional[Tuple[float, Tuple[int, int]]] = None
    for tile, train in plays:
        s = baseline_score(state, tile, train)
        if best is None or s > best[0]:
            best = (s, (tile, train))
    tile, train = best[1]
    return Move(state.turn, Action.PLAY, (TILES[tile],), train)


def candidate_moves(state: RoundState, limit: int = 6) -> List[Move]:
    """The moves a hint compares: every single play (and passing on a drawn tile); in a first
    move, the optimiser's best trains and shorter prefixes of the best one."""
    p = state.turn
    forced = forced_move(state)
    if forced is not None:
        return [forced]
    if is_first_move(state):
        result = best_opening([TILES[t] for t in state.hands[p]], state.engine, all_ties=True, tie_limit=50)
        trains = []
        seen = set()
        for train in (result.train, *result.ties):
            key = frozenset(link.tile for link in train)
            if key not in seen:
                seen.add(key)
                trains.append(train)
            if len(trains) >= 3:
                break
        best = result.train
        for n in range(len(best) - 1, 0, -1):
            if len(trains) >= limit:
                break
            if not best[n - 1].tile.is_double:
                trains.append(best[:n])
        return [Move(p, Action.PLAY, tuple(link.tile for link in t), p) for t in trains]
    moves = [Move(p, Action.PLAY, (TILES[tile],), train) for tile, train in state.plays()]
    if state.phase is Phase.DRAWN and not state.satisfying:
        moves.append(Move(p, Action.PASS))
    return moves


POLICIES = ("baseline", "hint", "random")
