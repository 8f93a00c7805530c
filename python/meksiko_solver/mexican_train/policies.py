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
from ..engine import mt_opening
from .tiles import HIGH, LOW, POINTS, TILES, WITH_VALUE, other_end


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
    return Move(p, Action.PLAY, tuple(TILES[t] for t in opening_tiles(state)), p)


def opening_tiles(state: RoundState) -> List[int]:
    """The optimiser's train (tile indices) from the hand of the player to move (as ``best_opening``)."""
    hand = sorted(state.known_hand(state.turn), key=lambda t: (HIGH[t], LOW[t]), reverse=True)
    best, _, _ = mt_opening([(HIGH[t], LOW[t]) for t in hand], state.engine, False, 0)
    return [hand[i] for i in best]


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
            hand = set(state.known_hand(p)) - {tile}
            while hand and self.rng.random() < 0.8:
                nxt = [t for t in WITH_VALUE[end] if t in hand]
                if not nxt:
                    break
                t = self.rng.choice(nxt)
                tiles.append(t)
                hand.discard(t)
                end = other_end(t, end)
        return Move(p, Action.PLAY, tuple(TILES[t] for t in tiles), train)


def baseline_choice(state: RoundState, plays: List[Tuple[int, int]]) -> Tuple[int, int]:
    """The baseline's single-tile play: the first of the best scores in the order of ``plays``.

    Score: the tile's points (heavy tiles first); a double +40 if another tile in hand satisfies
    it, else -200 (keep the satisfying tile before laying the double); own train +5 and +100 if
    it lifts the marker, the Mexican train -3 (the spare); +4 for every distinct open end left
    to the player that a tile still in hand matches (do not close every end with one value).
    """
    p = state.turn
    hand = state.known_hand(p)
    if state.counts[p] == 1 or len(plays) == 1:
        return plays[0]  # going out, or no choice
    counts = [0] * 13
    for t in hand:
        counts[HIGH[t]] += 1
        if LOW[t] != HIGH[t]:
            counts[LOW[t]] += 1
    trains = [t for t in state.open_trains(p) if t != state.pending]
    ends = {t: state.end_of(t) for t in trains}
    marker = state.marker[p]
    best, choice = None, plays[0]
    for tile, train in plays:
        hi, lo = HIGH[tile], LOW[tile]
        counts[hi] -= 1
        if lo != hi:
            counts[lo] -= 1
        end = state.end_of(train)
        new_end = lo if hi == end else hi
        score = float(POINTS[tile])
        if hi == lo:
            score += 40 if counts[new_end] > 0 else -200
        if train == p:
            score += 105 if marker else 5
        elif train == MEXICAN:
            score -= 3
        values = {new_end if t == train else e for t, e in ends.items()}
        values.add(new_end)
        score += 4 * sum(1 for v in values if counts[v] > 0)
        counts[hi] += 1
        if lo != hi:
            counts[lo] += 1
        if best is None or score > best:
            best, choice = score, (tile, train)
    return choice


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
    tile, train = baseline_choice(state, state.plays())
    return Move(state.turn, Action.PLAY, (TILES[tile],), train)


def candidate_moves(state: RoundState, limit: int = 4) -> List[Move]:
    """The moves a hint compares: every single play (and passing on a drawn tile); in a first
    move, the optimiser's best trains and shorter prefixes of the best one."""
    p = state.turn
    forced = forced_move(state)
    if forced is not None:
        return [forced]
    if is_first_move(state):
        result = best_opening([TILES[t] for t in state.known_hand(p)], state.engine, all_ties=True, tie_limit=50)
        assert result.ties is not None  # all_ties lists them
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


def baseline_playout(state: RoundState) -> None:
    """Play the round out with the baseline for everyone, without the checks of ``apply``
    (every move is one the rules allow: the same choices as ``BaselinePolicy``)."""
    while state.phase is not Phase.OVER:
        if is_first_move(state):
            tiles = opening_tiles(state)
            if tiles:
                state._lay(tiles, state.turn)
                continue
        plays = state.plays()
        if plays:
            tile, train = baseline_choice(state, plays)
            state._lay([tile], train)
        elif state.phase is not Phase.DRAWN and state.bone_left > 0:
            state._draw()
        else:
            state._pass()
