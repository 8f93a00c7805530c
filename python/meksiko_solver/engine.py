"""The one gateway to the C++ engine: no other module of the package imports ``_core``.

The engine speaks a small tuple protocol of masks and ints; this module is where it is written
down, and the rest of the library reaches the engine only through the names below (most of it
through :class:`~meksiko_solver.solver.Solver`, which builds on them).

Values
  *card*     an int 0..31, ``suit * 8 + rank`` (suits S H D C = 0..3, ranks 7..A = 0..7), the
             same number as :attr:`Card.index <meksiko_solver.cards.Card.index>`.
  *mask*     an int with bit *card* set for each card held (:func:`~meksiko_solver.cards.cards_to_mask`).
  *trump*    an int 0..3 for a suit, :data:`NO_TRUMP` (4) without trump: the values of
             :class:`~meksiko_solver.cards.Suit`, which may be passed as they are.
  *seat*     an int 0..2 in playing order.

Tuples going in
  ``PositionTuple = (hands, trump, declarer, leader, played)``: ``hands`` three masks (seats 0,
  1, 2: the cards each holds now), ``played`` the 0-2 cards (a list or tuple) already on the trick in
  progress, from the leader (:meth:`Position.core_args <meksiko_solver.position.Position.core_args>`).
  ``DealTuple = (hands, talon, declarer)``: three masks of 10 cards as dealt, the talon's mask
  (2 cards), the declaring seat.
  ``meksiko_trumps``: a mask of the trumps a Meksiko is solved with, bit *trump* for each
  (``1 << NO_TRUMP`` alone for ``classic``, ``0b1111`` for ``mexico-club``).

Holdings going in
  ``holding_mask(text)`` / ``holding_masks(hands)``: the masks of plain ASCII holdings
  ``S.H.D.C`` read at the engine's edge (-1 / None for anything else, which the library's
  parser reads instead); :func:`~meksiko_solver.position.plain_core_args`, the
  plain path of ``Solver.solve``, uses them.

Results coming out (read-only engine objects)
  ``SolveResult``: ``tricks`` (the declarer's, the trick in progress included), ``card_values``
  (``[(card, tricks)]`` for every legal card, empty in fast mode), ``line`` (cards of one
  optimal line), ``nodes``, ``error`` (empty, or why a batch item was rejected).
  ``DeclarerAnalysis``: ``with_talon`` (4 ints: best tricks per trump S H D C after the best
  discard), ``discards`` (per trump, every optimal discard as ``(card, card)``), ``meksiko``
  (5 ints: tricks without the talon per trump S H D C and no trump; -1 where not asked),
  ``declarer``, ``nodes``, ``error``.
  ``BestDeclaration``: ``tricks`` (the most over every trump and discard), ``trump``,
  ``discard`` (2 cards), ``nodes``, ``error``.

Single calls (:meth:`CoreSolver.solve`, ``tricks``, :meth:`CoreSolver.analyze`) raise ValueError with the
engine's reason for a bad input; batch calls set ``error`` on the bad item instead. Every search
runs with the GIL released; batches spread over ``threads`` worker threads (0: every core),
each with its own table of ``table_bytes``.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple

from . import _core
from .cards import Suit

#: The engine's "no trump" value; :attr:`Suit.NO_TRUMP` has the same.
NO_TRUMP: int = _core.NO_TRUMP
#: Bytes of a Solver's transposition table unless asked otherwise.
DEFAULT_TABLE_BYTES: int = _core.DEFAULT_TT_BYTES
#: Engine threads one batch call may start (the engine checks it too).
MAX_THREADS: int = _core.MAX_THREADS
#: Per worker thread and call in hint batches (the engine's choice: see batch.hpp).
HINT_TABLE_BYTES: int = _core.HINT_TT_BYTES

if NO_TRUMP != Suit.NO_TRUMP:  # pragma: no cover - a mismatched build
    raise ImportError(f"the engine's NO_TRUMP is {NO_TRUMP}, the library's Suit.NO_TRUMP {int(Suit.NO_TRUMP)}")

PositionTuple = Tuple[Sequence[int], int, int, int, Sequence[int]]
DealTuple = Tuple[Sequence[int], int, int]
#: The engine's result objects (see the module docstring for their fields).
EngineSolveResult = Any
EngineAnalysis = Any
EngineDeclaration = Any

#: A solver with its own transposition table: ``CoreSolver(table_bytes)``;
#: ``.solve(hands, trump, declarer, leader, played, card_values, line)`` -> SolveResult,
#: ``.tricks(hands, trump, declarer, leader, played)`` -> ``(tricks, nodes)`` (the same without card
#: values or line, and without a result object), ``.analyze(hands, talon, declarer, meksiko_trumps)``
#: -> DeclarerAnalysis.
CoreSolver = _core.Solver


#: ``validate(hands, trump, declarer, leader, played) -> str``: empty if the position tuple is
#: consistent, else the engine's reason. The binding itself (no wrapper: every solve calls it).
validate: Callable[[Sequence[int], int, int, int, Sequence[int]], str] = _core.validate


#: ``holding_mask(text) -> int``: the mask of a plain ASCII holding ``S.H.D.C`` (ranks ``7..A`` or
#: ``10`` in either case, spaces, ``-`` for a void), -1 for any other text or object (the library's
#: parser then reads it or names the error). The binding itself: every plain solve calls it.
holding_mask: Callable[[object], int] = _core.holding_mask
#: ``holding_masks(hands) -> (mask, mask, mask) or None``: the same for a list or tuple of three
#: holdings in one call (None unless all three are plain).
holding_masks: Callable[[object], Optional[Tuple[int, int, int]]] = _core.holding_masks


def instruction_set() -> str:
    """The instruction set of the search this process runs: ``"x86-64-v3"`` or ``"x86-64-v2"`` in
    a portable x86-64 build (picked at run time; ``MEKSIKO_INSTRUCTION_SET=x86-64-v2`` forces the
    baseline), ``"native"`` in a build for the building machine, ``"baseline"`` elsewhere."""
    name: str = _core.instruction_set()
    return name


def default_threads() -> int:
    """Worker threads a batch uses with ``threads=0`` (every core)."""
    return _core.default_threads()


def solve_batch(positions: Sequence[PositionTuple], card_values: bool = False, line: bool = False,
                threads: int = 0, table_bytes: int = DEFAULT_TABLE_BYTES) -> List[EngineSolveResult]:
    """Solve position tuples on ``threads`` threads; results in input order (``error`` set on a bad one)."""
    return _core.solve_many(positions, card_values, line, threads, table_bytes)


def analyze_batch(deals: Sequence[DealTuple], meksiko_trumps: int, threads: int = 0,
                  table_bytes: int = DEFAULT_TABLE_BYTES) -> List[EngineAnalysis]:
    """Declarer analysis of deal tuples on ``threads`` threads, in input order."""
    return _core.analyze_many(deals, meksiko_trumps, threads, table_bytes)


def best_declaration_batch(deals: Sequence[DealTuple], floor: int = 0, threads: int = 0,
                           table_bytes: int = DEFAULT_TABLE_BYTES) -> List[EngineDeclaration]:
    """The most tricks with the talon over every trump and discard for deal tuples (exact when at
    least ``floor``, else ``floor - 1``), with one best trump and discard; in input order."""
    return _core.best_declaration_many(deals, floor, threads, table_bytes)


# --- The hints' layout draw -----------------------------------------------------------------

#: ``LayoutTable = (buckets, group_cards, state_group, first_option, cumulative, next_state, split)``:
#: :meth:`Layout.sample <meksiko_solver.hints.sampling.Layout.sample>`'s choices, flattened (see
#: ``Layout._draw_table``).
LayoutTable = Tuple[int, List[List[int]], List[int], List[int], List[int], List[int], List[int]]

#: ``draw_layouts(table, state, count, seen) -> (worlds, state)``: ``count`` distinct layouts (a
#: card mask per bucket) drawn as ``Layout.draw`` draws them, from ``random.Random``'s state
#: (``getstate()[1]``), skipping the layouts of ``seen`` (drawn by earlier calls), with the state
#: after them. ValueError names a table that does not fit together (the library builds it; the
#: binding checks it).
draw_layouts: Callable[[LayoutTable, Sequence[int], int, Sequence[Tuple[int, ...]]],
                       Tuple[List[Tuple[int, ...]], Tuple[int, ...]]] = _core.draw_layouts


# --- Mexican Train (the dominoes game's C++ in the same extension) ----------------------------

#: ``mt_opening(tiles, engine, all_ties, tie_limit) -> (best, ties, count)``: the exact opening
#: train of a hand of (high, low) tiles from the engine value: the hand indices of the best train,
#: the tied trains (at most ``tie_limit``) and how many tie. Checked input only
#: (``mexican_train.opening`` checks it); the binding itself.
mt_opening: Callable[[Sequence[Tuple[int, int]], int, bool, int], Tuple[List[int], List[List[int]], int]] = \
    _core.mt_opening
