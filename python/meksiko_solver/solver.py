"""Double-dummy solving: exact trick counts from any position.

>>> r = solve(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", declarer=0, leader=0)
>>> r.tricks, r.card_tricks, r.line
(2, {'AS': 2, 'KS': 2}, ['KS', 'JS', '9S', 'AS', 'QS', 'TS'])
"""

from __future__ import annotations

import reprlib
import threading
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence

from . import engine
from .cards import Card
from .errors import PositionError
from .options import MAX_THREADS, as_sequence, check_flag, check_table_mb, check_threads
from .position import Position

DEFAULT_TABLE_MB = engine.DEFAULT_TABLE_BYTES >> 20


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
    card_tricks: Dict[str, int] = field(default_factory=dict)
    line: List[str] = field(default_factory=list)
    nodes: int = 0

    @property
    def best_cards(self) -> List[str]:
        """The legal cards that keep the position's value."""
        return [c for c, v in self.card_tricks.items() if v == self.tricks]

    def to_dict(self) -> Dict[str, Any]:
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
    keeps one per thread. ``table_mb`` sets the table's size in MiB (OptionError
    outside 1..4096). Its searches share the table, so a run of related positions
    (the cards of one deal, its declarer analysis) is solved faster on one Solver.
    """

    def __init__(self, table_mb: int = DEFAULT_TABLE_MB) -> None:
        self._core = engine.CoreSolver(check_table_mb(table_mb) << 20)

    def solve_position(self, position: Position, card_values: bool = True, line: bool = True) -> SolveResult:
        if not isinstance(position, Position):
            raise PositionError(f"not a Position: {reprlib.repr(position)}")
        card_values, line = check_flag(card_values, "card_values"), check_flag(line, "line")
        try:
            raw = self._core.solve(*position.core_args(), card_values, line)
        except ValueError as exc:  # the engine's own validation
            raise PositionError(str(exc)) from None
        return _result(position, raw)

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
        position = Position.create(hands, trump, declarer, leader, played)
        return self.solve_position(position, card_values, card_values if line is None else line)

    def analyze_deal(self, deal: engine.DealTuple, meksiko_trumps: int) -> engine.EngineAnalysis:
        """The engine's declarer analysis of a checked deal tuple ``(hands, talon, declarer)`` on
        this solver's table (see :mod:`meksiko_solver.engine`); :func:`~meksiko_solver.analysis.analyze_declarer`
        turns it into a DeclarerAnalysis."""
        try:
            return self._core.analyze(*deal, meksiko_trumps)
        except ValueError as exc:  # the engine's own validation
            raise PositionError(str(exc)) from None


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
        if isinstance(item, (list, tuple)) and len(item) in (4, 5):
            return Position.create(*item)
    except (PositionError, ValueError) as exc:
        raise PositionError(f"positions[{index}]: {exc}") from None
    raise PositionError(f"positions[{index}]: a position is a Position, a dict with the arguments of solve or a "
                        f"(hands, trump, declarer, leader[, played]) tuple, not {reprlib.repr(item)}")


def solve_many(
    positions: Sequence[object], card_values: bool = False, line: bool = False, threads: int = 0
) -> List[SolveResult]:
    """Solve many positions on every core (``threads=0``) with the GIL released.

    Each item is a Position, a dict with the arguments of :func:`solve`, or a
    (hands, trump, declarer, leader[, played]) tuple. Results come in input order.
    """
    threads = check_threads(threads)
    card_values, line = check_flag(card_values, "card_values"), check_flag(line, "line")
    parsed = [_as_position(p, i) for i, p in enumerate(as_sequence(positions, "positions"))]
    raws = engine.solve_batch([p.core_args() for p in parsed], card_values, line, threads)
    return [_result(p, raw) for p, raw in zip(parsed, raws)]


def _result(position: Position, raw: engine.EngineSolveResult) -> SolveResult:
    card_tricks = {str(Card(c)): v for c, v in sorted(raw.card_values, key=lambda cv: Card(cv[0]))}
    return SolveResult(position, raw.tricks, card_tricks, [str(Card(c)) for c in raw.line], raw.nodes)
