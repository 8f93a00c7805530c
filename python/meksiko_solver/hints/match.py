"""Match-aware figures: a deal's outcome as the seat's chance of winning the game.

A hint given a :class:`~meksiko_solver.game_state.GameState` (the totals before this deal, the
dealer, the target) turns every world's outcome into new totals and those into the seat's chance
of winning the game (:func:`~.equity.after_deal`: the game over at once if the totals end it,
else the equity of the next deal), and averages that over the worlds as it averages the points.
The chance depends on all three seats' scores, so on how the defenders share their tricks; where
the double-dummy result does not say (a defender's own tricks, or the declarer's opponents'
split), the defenders' open tricks are split by fair coin tosses, as for the points
(:mod:`.outcome`).

:class:`WinChances` has the interface of :class:`~.outcome.Scorer` (``score``, ``makes``,
``defender_expected``), so that every figure a hint computes from points (including the bid
hint's fusion gap) it computes from the chance of winning the same way.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from math import comb
from typing import List, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt

from ..auction import Contract
from ..errors import GameStateError, RecordError
from ..record_fields import load_json
from ..game_state import GameState, parse_game_state
from ..scoring import score_deal
from .equity import after_deal


# Races per state: the equity's differences between a hint's outcomes are what count, and its
# common random numbers keep their noise far below that of either equity (docs/equity.md).
HINT_ROLLOUTS = 1000
TABLES = 256  # deals' tables kept (a deal's play hints all ask for the same one)
_tables: "OrderedDict[Tuple[GameState, Contract, int], npt.NDArray[np.float64]]" = OrderedDict()
_lock = threading.Lock()


def _chances(state: GameState, contract: Contract, declarer: int) -> npt.NDArray[np.float64]:
    """table[t, a, s]: seat s's chance of winning when the declarer takes t tricks, the defender
    after him a and the other defender the rest (cells with t + a > 10 unused)."""
    key = (state, contract, declarer)
    with _lock:
        if key in _tables:
            _tables.move_to_end(key)
            return _tables[key]
    first = (declarer + 1) % 3
    deltas: List[Tuple[int, ...]] = []
    last: List[Tuple[Optional[int], Optional[Sequence[int]]]] = []
    cells: List[Tuple[int, int]] = []
    for t in range(11):
        for a in range(11 - t):
            tricks = [0, 0, 0]
            tricks[declarer], tricks[first], tricks[3 - declarer - first] = t, a, 10 - t - a
            deltas.append(score_deal(contract, declarer, tricks, state.rules, state.mode))
            last.append((declarer, tricks))
            cells.append((t, a))
    table = np.zeros((11, 11, 3))
    for (t, a), p in zip(cells, after_deal(state, deltas, last, rollouts=HINT_ROLLOUTS)):
        table[t, a] = p
    with _lock:
        _tables[key] = table
        while len(_tables) > TABLES:
            _tables.popitem(last=False)
    return table


def game_for_view(game: object, view) -> Optional[GameState]:
    """The game state of a hint's ``game`` argument (a GameState, dict or JSON text; None: none
    given), checked against the view: the same dealer, rule profile and scoring mode (a dict
    without rules takes the view's rules and mode), and the view's totals if it has them."""
    if game is None:
        return None
    if isinstance(game, str):
        try:
            game = load_json(game, "game state")
        except RecordError as exc:
            raise GameStateError(str(exc)) from None
    if isinstance(game, dict) and "rules" not in game:
        game = {"rules": view.profile.name, "mode": view.scoring.name, **game}
    state = parse_game_state(game)
    for name, have, want in (("dealer", state.dealer, view.dealer), ("rules", state.rules, view.profile.name),
                             ("mode", state.mode, view.scoring.name)):
        if have != want:
            raise GameStateError(f"game: its {name} {have!r} is not the deal's {want!r} (a game state "
                                 f"describes the game this deal is played in)")
    if view.totals is not None and tuple(view.totals) != state.scores:
        raise GameStateError(f"game: its scores {list(state.scores)} are not the view's totals "
                             f"{list(view.totals)} (both are the totals before this deal)")
    return state


class WinChances:
    """``seat``'s chance of winning the game after a deal of ``contract`` declared by ``declarer``
    in the game ``state``, by the tricks taken. ``first`` is the defender after the declarer."""

    def __init__(self, state: GameState, seat: int, contract: Contract, declarer: int) -> None:
        self.seat, self.contract, self.declarer = seat, contract, declarer
        self.needed = contract.tricks_needed
        self.first = (declarer + 1) % 3
        chances = _chances(state, contract, declarer)[:, :, seat]
        self.table: List[List[float]] = [[float(chances[t, a]) for a in range(11 - t)] for t in range(11)]

    def makes(self, declarer_tricks: int) -> bool:
        return declarer_tricks >= self.needed

    def split(self, declarer_tricks: int, first_won: int = 0, second_won: int = 0) -> float:
        """The chance when the defenders' tricks not yet taken (beyond ``first_won`` and
        ``second_won``) are split between them by fair coin tosses."""
        left = 10 - declarer_tricks - first_won - second_won
        if left < 0:
            raise ValueError("more tricks than a deal has")
        row = self.table[declarer_tricks]
        return sum(comb(left, x) * row[first_won + x] for x in range(left + 1)) / (1 << left)

    def score(self, declarer_tricks: int, own_tricks: Optional[int] = None) -> float:
        """As :meth:`.Scorer.score`: the declarer's chance (the defenders' split by coin tosses),
        or a defender's when he takes ``own_tricks`` (his partner the rest)."""
        if self.seat == self.declarer or own_tricks is None:
            return self.split(declarer_tricks)
        first = own_tricks if self.seat == self.first else 10 - declarer_tricks - own_tricks
        return self.table[declarer_tricks][first]

    def defender_expected(self, declarer_tricks: int, own_won: int, partner_won: int) -> float:
        """A defender's chance with the open tricks split by coin tosses (as the Scorer's points)."""
        if self.seat == self.declarer:
            return self.split(declarer_tricks)
        if self.seat == self.first:
            return self.split(declarer_tricks, own_won, partner_won)
        return self.split(declarer_tricks, partner_won, own_won)

    def expected(self, declarer_tricks: int, won: Sequence[int]) -> float:
        """The chance when the declarer ends with ``declarer_tricks`` and each defender has taken
        ``won[s]`` tricks so far (the rest split by coin tosses); any seat."""
        second = 3 - self.declarer - self.first
        return self.split(declarer_tricks, won[self.first], won[second])


__all__ = ["HINT_ROLLOUTS", "WinChances", "game_for_view"]
