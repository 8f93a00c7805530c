"""Game equity: each seat's chance of winning the game from a :class:`~meksiko_solver.game_state.GameState`.

The hint engine ignores the running totals, so in a game where every seat plays ``hint`` the
deals' outcomes are independent and identically distributed given the dealer's seat. The rest
of such a game is then a race whose step is one deal drawn at random from a corpus of hint
self-play deals (``equity_corpus.npz``, written by ``tools/equity_corpus.py``: per deal the
score changes and tricks of the dealer, the seat after him and the one after that, and the
declarer), turned to the dealer of the step. The totals take the deal's changes (never below
the profile's floor), the dealer moves on, and the game ends as :func:`~meksiko_solver.scoring.game_winners`
decides: the first total at the target with a sole leader wins; a shared lead plays on under
``mexico-club``, and under ``classic`` goes to the last deal's declarer among the leaders, else
to the leaders with most tricks in the last deal (a shared win counts as a share for each).

The chances are the mean over ``rollouts`` such races (Monte Carlo, numpy over all the races at
once). The deals drawn depend only on ``seed`` and ``rollouts``: every state asked with them
replays the same sequence of deals (common random numbers), so the difference of two states'
equities has far less noise than either. Races still going after :data:`MAX_DEALS` deals
(a rare run of shared leads) are shared among the leaders then.

>>> from meksiko_solver.game_state import GameState
>>> p = equity(GameState((30, 0, 0), dealer=0, target=31))
>>> bool(p[0] > 0.8), round(float(p.sum()), 6)
(True, 1.0)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from ..errors import MeksikoError
from ..game_state import GameState, parse_game_state
from ..options import check_samples, check_seed
from ..rules import PLAY_ON, get_rules
from ..scoring import game_winners

CORPUS = Path(__file__).with_name("equity_corpus.npz")
DEFAULT_ROLLOUTS = 2000
MAX_DEALS = 400  # deals per race; target 101 from 0 takes about 35
CACHE_SIZE = 200_000  # states kept (a hint asks for tens to hundreds)

Key = Tuple[Tuple[int, int, int], int, int, str, str, int, int]  # scores, dealer, target, rules, mode, rollouts, seed
_cache: "OrderedDict[Key, npt.NDArray[np.float64]]" = OrderedDict()
_lock = threading.Lock()


@lru_cache(maxsize=None)
def corpus(rules: str, mode: str) -> npt.NDArray[np.int8]:
    """The deals of ``rules``/``mode``: rows of 3 score changes, 3 tricks (dealer first) and the
    declarer's offset from the dealer."""
    with np.load(CORPUS) as data:
        key = f"{rules}.{mode}"
        if key not in data.files:
            raise MeksikoError(f"no equity corpus for {rules}/{mode} (tools/equity_corpus.py writes {key})")
        return np.asarray(data[key])


def corpus_size(rules: str, mode: str) -> int:
    return len(corpus(rules, mode))


@lru_cache(maxsize=8)
def _draws(rules: str, mode: str, rollouts: int, seed: int) -> npt.NDArray[np.int32]:
    """Which corpus deal each race plays at each step: MAX_DEALS x rollouts indices."""
    rng = np.random.default_rng([seed, 56])
    return rng.integers(0, corpus_size(rules, mode), size=(MAX_DEALS, rollouts), dtype=np.int32)


def race(rules: str, mode: str, target: int, scores: npt.ArrayLike, dealers: npt.ArrayLike,
         rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0) -> npt.NDArray[np.float64]:
    """Each seat's chance of winning (S x 3) from S positions: ``scores`` (S x 3) before a deal
    dealt by ``dealers`` (S). A position may have totals past the target when the lead is shared
    and the game plays on; nothing here is validated (:func:`equity` is the checked entry).

    The races are S x R arrays, one per seat (numpy reduces a last axis of three slowly)."""
    profile = get_rules(rules)
    deals = corpus(profile.name, mode).astype(np.int32)
    draws = _draws(profile.name, mode, rollouts, seed)
    start = np.asarray(scores, dtype=np.int32).reshape(-1, 3)
    totals = [np.repeat(start[:, s:s + 1], rollouts, axis=1) for s in range(3)]  # 3 x (S x R)
    dealer = np.asarray(dealers, dtype=np.int64)
    n = len(dealer)
    wins = [np.zeros((n, rollouts)) for _ in range(3)]
    live = np.ones((n, rollouts), dtype=bool)
    floor = profile.total_floor
    play_on = profile.tie_break == PLAY_ON
    for step in range(MAX_DEALS):
        rows = deals[draws[step]]  # R x 7, dealer first
        place = [(s - dealer) % 3 for s in range(3)]  # S: each seat's place after the dealer
        for s in range(3):
            delta = rows[:, place[s]].T  # S x R
            totals[s] = np.where(live, totals[s] + delta, totals[s])
            if floor is not None:
                np.maximum(totals[s], floor, out=totals[s])
        top = np.maximum(np.maximum(totals[0], totals[1]), totals[2])
        ended = live & (top >= target)
        leaders = [t == top for t in totals]
        count = leaders[0].astype(np.int8) + leaders[1] + leaders[2]
        if play_on:
            done = ended & (count == 1)
            share = [lead & done for lead in leaders]
        else:
            tricks = [rows[:, 3 + place[s]].T for s in range(3)]
            declarer = (dealer[:, None] + rows[None, :, 6]) % 3  # S x R
            by_declarer = [lead & (declarer == s) for s, lead in enumerate(leaders)]
            led = by_declarer[0] | by_declarer[1] | by_declarer[2]
            most = np.maximum(np.maximum(np.where(leaders[0], tricks[0], -1), np.where(leaders[1], tricks[1], -1)),
                              np.where(leaders[2], tricks[2], -1))
            share = [np.where(led, by_declarer[s], leaders[s] & (tricks[s] == most)) & ended for s in range(3)]
            done = ended
        shares = share[0].astype(np.int8) + share[1] + share[2]
        split = np.maximum(shares, 1)
        for s in range(3):
            wins[s] += share[s] / split
        live &= ~done
        if not live.any():
            break
        dealer = (dealer + 1) % 3
    if live.any():  # shared among the leaders after MAX_DEALS deals
        top = np.maximum(np.maximum(totals[0], totals[1]), totals[2])
        leaders = [(t == top) & live for t in totals]
        split = np.maximum(leaders[0].astype(np.int8) + leaders[1] + leaders[2], 1)
        for s in range(3):
            wins[s] += leaders[s] / split
    chances: npt.NDArray[np.float64] = np.stack([w.mean(axis=1) for w in wins], axis=1)
    return chances


def equities(states: Sequence[object], rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0) -> npt.NDArray[np.float64]:
    """:func:`equity` of many states (S x 3), the ones not cached in one run of races."""
    check_samples(rollouts, "rollouts")
    check_seed(seed)
    parsed = [parse_game_state(s) for s in states]
    return _lookup([_key(s.scores, s.dealer, s, rollouts, seed) for s in parsed])


def _lookup(keys: Sequence[Key]) -> npt.NDArray[np.float64]:
    """The chances of the positions ``keys`` (len x 3): from the cache, the missing ones raced
    together per target, profile and mode."""
    with _lock:
        found: Dict[Key, npt.NDArray[np.float64]] = {k: _cache[k] for k in keys if k in _cache}
        for k in found:
            _cache.move_to_end(k)
    missing = list(dict.fromkeys(k for k in keys if k not in found))
    groups: Dict[Tuple[int, str, str, int, int], List[Key]] = {}
    for k in missing:
        groups.setdefault(k[2:], []).append(k)
    for (target, rules, mode, rollouts, seed), ks in groups.items():
        values = race(rules, mode, target, [k[0] for k in ks], [k[1] for k in ks], rollouts, seed)
        found.update(zip(ks, values))
    with _lock:
        for k in missing:
            _cache[k] = found[k]
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return np.array([found[k] for k in keys]).reshape(len(keys), 3)


def equity(state: object, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0) -> npt.NDArray[np.float64]:
    """Each seat's chance of winning the game from ``state`` (a GameState, dict or JSON text),
    with ``hint`` in every seat (module docstring)."""
    row: npt.NDArray[np.float64] = equities([state], rollouts, seed)[0]
    return row


def after_deal(state: GameState, deltas_list: Sequence[Sequence[int]],
               last: Sequence[Tuple[Optional[int], Optional[Sequence[int]]]] = (),
               rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0) -> npt.NDArray[np.float64]:
    """Each seat's chance of winning once a deal of ``state`` ends with the score changes
    ``deltas_list[i]`` (N x 3): the game over at once if the new totals end it
    (``last[i]``: the deal's declarer and tricks, for classic's tie-break), else the equity of
    the totals before the next dealer's deal."""
    config = state.config
    floor = config.rules.total_floor
    out = np.zeros((len(deltas_list), 3))
    going, where = [], []
    for i, deltas in enumerate(deltas_list):
        totals = [t + d for t, d in zip(state.scores, deltas)]
        if floor is not None:
            totals = [max(floor, t) for t in totals]
        declarer, tricks = last[i] if last else (None, None)
        winners = game_winners(config, totals, 1, declarer, tricks)
        if winners is not None:
            out[i, list(winners)] = 1 / len(winners)
        else:
            going.append(totals)
            where.append(i)
    if going:
        check_samples(rollouts, "rollouts")
        dealer = (state.dealer + 1) % 3
        out[where] = _lookup([_key(t, dealer, state, rollouts, seed) for t in going])
    return out


def _key(scores: Sequence[int], dealer: int, state: GameState, rollouts: int, seed: int) -> Key:
    """The cache key of ``scores`` before ``dealer``'s deal in ``state``'s game (totals past the
    target with a shared lead are positions a GameState cannot hold, so keys, not states)."""
    assert state.target is not None and state.rules is not None and state.mode is not None
    return ((scores[0], scores[1], scores[2]), dealer, state.target, state.rules, state.mode, rollouts, seed)
