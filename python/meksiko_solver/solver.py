"""Double-dummy solving: exact trick counts from any position.

>>> r = solve(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", declarer=0, leader=0)
>>> r.tricks, r.card_tricks, r.line
(2, {'AS': 2, 'KS': 2}, ['KS', 'QS', 'TS', 'AS', 'JS', '9S'])
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from . import _core
from .cards import Card
from .errors import PositionError
from .position import Position

DEFAULT_TABLE_MB = _core.DEFAULT_TT_BYTES >> 20


@dataclass
class SolveResult:
    """The answer for one position.

    ``tricks``: the declarer's tricks from here to the end, the trick in
    progress included, with best play by all. ``card_tricks``: the same
    after each legal card of the player to move. ``line``: one optimal line
    to the end. ``nodes``: search nodes visited.
    """

    position: Position
    tricks: int
    card_tricks: dict = field(default_factory=dict)
    line: list = field(default_factory=list)
    nodes: int = 0

    @property
    def best_cards(self) -> list:
        """The legal cards that keep the position's value."""
        return [c for c, v in self.card_tricks.items() if v == self.tricks]

    def to_dict(self) -> dict:
        return {
            "position": str(self.position),
            "to_move": self.position.to_move,
            "tricks": self.tricks,
            "card_tricks": dict(self.card_tricks),
            "line": list(self.line),
            "nodes": self.nodes,
        }


class Solver:
    """A double-dummy solver with its own transposition table.

    A Solver is not shared between threads; the module-level :func:`solve`
    keeps one per thread. ``table_mb`` sets the table's size in MiB.
    """

    def __init__(self, table_mb: int = DEFAULT_TABLE_MB) -> None:
        if not isinstance(table_mb, int) or not 1 <= table_mb <= 4096:
            raise PositionError(f"table_mb must be an integer from 1 to 4096, not {table_mb!r}")
        self._core = _core.Solver(table_mb << 20)

    def solve_position(self, position: Position, card_values: bool = True, line: bool = True) -> SolveResult:
        try:
            tricks, card_tricks, moves, nodes = self._core.solve_tuple(*position.core_args(), card_values, line)
        except ValueError as exc:  # the engine's own validation
            raise PositionError(str(exc)) from None
        return SolveResult(position, tricks, card_tricks, moves, nodes)

    def solve(
        self,
        hands: Sequence[object],
        trump: object,
        declarer: object,
        leader: object,
        played: Iterable[object] = (),
        card_values: bool = True,
        line: Optional[bool] = None,
    ) -> SolveResult:
        want_line = card_values if line is None else line
        # The common notation is parsed, validated and solved in one engine call; anything else
        # (other spellings, bad input) goes through Position.create, which names what is wrong.
        fast = self._core.solve_notation(hands, trump, declarer, leader, played, card_values, want_line)
        if fast is None:
            return self.solve_position(Position.create(hands, trump, declarer, leader, played), card_values, want_line)
        return SolveResult(Position.from_engine(*fast[0]), *fast[1])


_per_thread = threading.local()


def thread_solver() -> Solver:
    """This thread's Solver (created on first use)."""
    solver = getattr(_per_thread, "solver", None)
    if solver is None:
        solver = _per_thread.solver = Solver()
    return solver


def solve(
    hands: Sequence[object],
    trump: object,
    declarer: object,
    leader: object,
    played: Iterable[object] = (),
    card_values: bool = True,
    line: Optional[bool] = None,
) -> SolveResult:
    """Solve a position double-dummy.

    ``hands``: the three seats' remaining cards (lists of card strings or
    holding strings ``S.H.D.C``); ``trump``: ``'S' 'H' 'D' 'C'`` or None;
    ``declarer``, ``leader``: seats 0-2; ``played``: the 0-2 cards already
    played to the current trick, from the leader. ``card_values=False`` is
    the fast mode: only ``tricks`` and ``nodes`` (no card values, no line,
    unless ``line=True``).
    """
    return thread_solver().solve(hands, trump, declarer, leader, played, card_values, line)


def _as_position(item: object, index: int) -> Position:
    try:
        if isinstance(item, Position):
            return item
        if isinstance(item, dict):
            return Position.create(
                item.get("hands"), item.get("trump"), item.get("declarer"), item.get("leader"), item.get("played", ())
            )
        return Position.create(*item)
    except (PositionError, ValueError) as exc:
        raise PositionError(f"positions[{index}]: {exc}") from None


def solve_many(
    positions: Sequence[object], card_values: bool = False, line: bool = False, threads: int = 0
) -> list:
    """Solve many positions on every core (``threads=0``) with the GIL released.

    Each item is a Position, a dict with the arguments of :func:`solve`, or a
    (hands, trump, declarer, leader[, played]) tuple. Results come in input order.
    """
    if not isinstance(threads, int) or threads < 0:
        raise PositionError(f"threads must be 0 (every core) or a positive number, not {threads!r}")
    parsed = [_as_position(p, i) for i, p in enumerate(positions)]
    raws = _core.solve_many([p.core_args() for p in parsed], card_values, line, threads)
    return [_result(p, raw) for p, raw in zip(parsed, raws)]


def _result(position: Position, raw) -> SolveResult:
    card_tricks = {str(Card(c)): v for c, v in sorted(raw.card_values, key=lambda cv: Card(cv[0]))}
    return SolveResult(position, raw.tricks, card_tricks, [str(Card(c)) for c in raw.line], raw.nodes)
