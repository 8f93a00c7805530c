"""Double-dummy solving: exact trick counts from any position.

>>> r = solve(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", declarer=0, leader=0)
>>> r.tricks, r.card_tricks, r.line
(2, {'AS': 2, 'KS': 2}, ['KS', 'JS', '9S', 'AS', 'QS', 'TS'])
"""

from __future__ import annotations

import threading
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from . import engine
from .cards import CANONICAL_PLACE, Card
from .errors import PositionError, shown
from .options import MAX_THREADS, as_sequence, check_flag, check_table_mb, check_threads
from .position import Position, plain_core_args


#: A card's canonical string by index.
_CARD_NAME = tuple(str(Card(i)) for i in range(32))


def _canonical_place(card_value: Tuple[int, int]) -> int:
    return CANONICAL_PLACE[card_value[0]]


class SolveResult:
    """The answer for one position.

    ``tricks``: the declarer's tricks from here to the end, the trick in
    progress included, with best play by all. ``card_tricks``: the same
    after each legal card of the player to move. ``line``: one optimal line
    to the end. ``nodes``: search nodes visited.

    A solver's result keeps the engine's answer and builds ``position``,
    ``card_tricks`` and ``line`` when first read (a plain solve of a small
    position costs a few microseconds, and most callers read only ``tricks``).
    """

    __slots__ = ("tricks", "nodes", "_position", "_card_tricks", "_line", "_args", "_raw")

    def __init__(self, position: Position, tricks: int, card_tricks: Optional[Dict[str, int]] = None,
                 line: Optional[List[str]] = None, nodes: int = 0) -> None:
        self.tricks = tricks
        self.nodes = nodes
        self._position: Optional[Position] = position
        self._card_tricks: Optional[Dict[str, int]] = {} if card_tricks is None else card_tricks
        self._line: Optional[List[str]] = [] if line is None else line
        self._args: Optional[engine.PositionTuple] = None
        self._raw: engine.EngineSolveResult = None  # None with the fields given

    @classmethod
    def of_engine(cls, position: Optional[Position], args: engine.PositionTuple,
                  raw: engine.EngineSolveResult) -> "SolveResult":
        """The result of the engine's ``raw`` answer for ``args`` (a tuple the engine accepted),
        of ``position`` when known (else made from ``args`` when read)."""
        result = cls.of_tricks(position, args, raw.tricks, raw.nodes)
        result._card_tricks = result._line = None  # made from raw when first read
        result._raw = raw
        return result

    @classmethod
    def of_tricks(cls, position: Optional[Position], args: engine.PositionTuple, tricks: int,
                  nodes: int) -> "SolveResult":
        """The result of the engine's tricks-only answer for ``args``: no card values, no line."""
        result = cls.__new__(cls)
        result.tricks = tricks
        result.nodes = nodes
        result._position = position
        result._card_tricks = {}
        result._line = []
        result._args = args
        result._raw = None
        return result

    @property
    def position(self) -> Position:
        if self._position is None:
            self._position = Position.from_core_args(self._args)  # type: ignore[arg-type]
        return self._position

    @property
    def card_tricks(self) -> Dict[str, int]:
        if self._card_tricks is None:
            values = sorted(self._raw.card_values, key=_canonical_place)
            self._card_tricks = {_CARD_NAME[c]: v for c, v in values}
        return self._card_tricks

    @property
    def line(self) -> List[str]:
        if self._line is None:
            self._line = [_CARD_NAME[c] for c in self._raw.line]
        return self._line

    @property
    def best_cards(self) -> List[str]:
        """The legal cards that keep the position's value."""
        return [c for c, v in self.card_tricks.items() if v == self.tricks]

    def _fields(self) -> Tuple[Position, int, Dict[str, int], List[str], int]:
        return (self.position, self.tricks, self.card_tricks, self.line, self.nodes)

    def __eq__(self, other: object) -> bool:
        return type(other) is SolveResult and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"SolveResult(position={self.position!r}, tricks={self.tricks!r}, card_tricks={self.card_tricks!r}, "
                f"line={self.line!r}, nodes={self.nodes!r})")

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
    outside 1..4096); without it the table has the engine's default size,
    ``engine.DEFAULT_TABLE_BYTES`` (256 KiB: it stays in a core's L2 cache, see
    docs/engine.md). Its searches share the table, so a run of related positions
    (the cards of one deal, its declarer analysis) is solved faster on one Solver.
    """

    def __init__(self, table_mb: Optional[int] = None) -> None:
        table_bytes = engine.DEFAULT_TABLE_BYTES if table_mb is None else check_table_mb(table_mb) << 20
        self._core = engine.CoreSolver(table_bytes)

    @property
    def table_bytes(self) -> int:
        """The transposition table's size in bytes."""
        return self._core.table_bytes()

    def solve_position(self, position: Position, card_values: bool = True, line: bool = True) -> SolveResult:
        if not isinstance(position, Position):
            raise PositionError(f"not a Position: {shown(position)}")
        if type(card_values) is not bool or type(line) is not bool:  # the checks off the hot path
            card_values, line = check_flag(card_values, "card_values"), check_flag(line, "line")
        args = position.core_args()
        try:
            if not (card_values or line):  # two ints back, no engine object to build and read
                return SolveResult.of_tricks(position, args, *self._core.tricks(*args))
            raw = self._core.solve(*args, card_values, line)
        except ValueError as exc:  # the engine's own validation
            raise PositionError(str(exc)) from None
        return SolveResult.of_engine(position, args, raw)

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
        if line is None:
            line = card_values
        args = plain_core_args(hands, trump, declarer, leader, played)
        if args is None or type(card_values) is not bool or type(line) is not bool:
            position = Position.create(hands, trump, declarer, leader, played)
            return self.solve_position(position, card_values, line)
        try:  # the plain input, read without Position.create
            if not (card_values or line):
                return SolveResult.of_tricks(None, args, *self._core.tricks(*args))
            raw = self._core.solve(*args, card_values, line)
        except ValueError as exc:  # not a position: the general path names the error
            Position.create(hands, trump, declarer, leader, played)
            raise PositionError(str(exc)) from None
        return SolveResult.of_engine(None, args, raw)

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
                        f"(hands, trump, declarer, leader[, played]) tuple, not {shown(item)}")


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
    args = [p.core_args() for p in parsed]
    raws = engine.solve_batch(args, card_values, line, threads)
    return [SolveResult.of_engine(p, a, raw) for p, a, raw in zip(parsed, args, raws)]
