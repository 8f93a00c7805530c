"""Meksiko double-dummy engine (C++, ``cpp/bindings/module.cpp``). Use the meksiko_solver package instead.

The protocol: a card is an int 0..31, ``suit * 8 + rank`` (suits S H D C = 0..3, ranks
7 8 9 T J Q K A = 0..7); a set of cards is a mask with bit ``card`` set. A trump is 0..3 or
:data:`NO_TRUMP`; seats are 0..2. A position is ``(hands, trump, declarer, leader, played)``:
three masks, then the cards already played to the trick in progress, in order, from the leader
(the seats that played them no longer hold them). A deal is ``(hands, talon, declarer)``: three
masks of 10 cards and a mask of the 2 talon cards.
"""

from typing import List, Optional, Sequence, Tuple

#: The trump value that means "played without trump".
NO_TRUMP: int
#: The default size of a transposition table in bytes (256 KiB).
DEFAULT_TT_BYTES: int
#: The most engine threads one batch call starts (more are refused with ValueError).
MAX_THREADS: int
#: A thread's table in the hints' batches of sampled worlds, in bytes (1 MiB).
HINT_TT_BYTES: int

_PositionTuple = Tuple[Sequence[int], int, int, int, Sequence[int]]
_DealTuple = Tuple[Sequence[int], int, int]

def validate(hands: Sequence[int], trump: int, declarer: int, leader: int, played: Sequence[int]) -> str:
    """Empty string if the position is consistent, else the reason."""

def holding_mask(text: object) -> int:
    """The mask of a plain ASCII holding 'S.H.D.C' (ranks 7..A or 10, either case, spaces, '-' for a void);
    -1 for anything else."""

def holding_masks(hands: object) -> Optional[Tuple[int, int, int]]:
    """The three masks of a list or tuple of three plain holdings (as holding_mask reads them); None for
    anything else."""

class SolveResult:
    """The answer for one position (``error`` set and nothing else for a rejected one)."""

    @property
    def tricks(self) -> int:
        """The declarer's tricks from here to the end, the trick in progress included."""
    @property
    def nodes(self) -> int:
        """Search nodes visited."""
    @property
    def line(self) -> List[int]:
        """One optimal line to the end (cards), when asked for."""
    @property
    def error(self) -> str:
        """Non-empty: why the position was rejected."""
    @property
    def card_values(self) -> List[Tuple[int, int]]:
        """``(card, declarer's tricks)`` for every legal card of the player to move, when asked for."""

class DeclarerAnalysis:
    """The double-dummy analysis of a deal for one declarer."""

    @property
    def error(self) -> str:
        """Non-empty: why the deal was rejected."""
    @property
    def declarer(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def with_talon(self) -> List[int]:
        """The most tricks after taking the talon and the best discard, per trump S H D C."""
    @property
    def discards(self) -> List[List[Tuple[int, int]]]:
        """Per trump S H D C, every discard (a pair of cards) that reaches ``with_talon``."""
    @property
    def meksiko(self) -> List[int]:
        """Tricks without the talon per trump S H D C and no trump; -1 where not asked for."""

class BestDeclaration:
    """The best a declarer can do with the talon over every trump and discard."""

    @property
    def error(self) -> str: ...
    @property
    def tricks(self) -> int:
        """Exact when at least the ``floor`` asked for, else ``floor - 1``."""
    @property
    def trump(self) -> int:
        """One best trump (-1 when ``tricks`` is below the floor)."""
    @property
    def nodes(self) -> int: ...
    @property
    def discard(self) -> List[int]:
        """One best discard: two cards (-1, -1 when ``tricks`` is below the floor)."""

def best_declaration_many(deals: Sequence[_DealTuple], floor: int = 0, threads: int = 0,
                          tt_bytes: int = ...) -> List[BestDeclaration]:
    """For (hands, talon, declarer) tuples on every core: the most tricks with the talon over every trump
    and discard (exact when at least floor, else floor - 1), with one best trump and discard."""

def default_threads() -> int:
    """The number of worker threads used when ``threads`` is 0: the machine's cores."""

def instruction_set() -> str:
    """The instruction set the search runs with on this CPU: ``"x86-64-v3"`` or ``"x86-64-v2"`` (a portable
    x86-64 build, which picks the best at run time), ``"native"`` (built for the building machine's CPU) or
    ``"baseline"`` (another architecture's portable build)."""

def solve_many(positions: Sequence[_PositionTuple], card_values: bool = False, line: bool = False,
               threads: int = 0, tt_bytes: int = ...) -> List[SolveResult]:
    """Solve (hands, trump, declarer, leader, played) tuples on every core; a result's error is set for a bad one."""

def analyze_many(deals: Sequence[_DealTuple], meksiko_trumps: int = 0x1F, threads: int = 0,
                 tt_bytes: int = ...) -> List[DeclarerAnalysis]:
    """Declarer analysis of (hands, talon, declarer) tuples on every core. ``meksiko_trumps``: bit t
    set asks for the Meksiko value with trump t (t = 4: no trump)."""

def draw_layouts(table: Tuple[int, Sequence[Sequence[int]], Sequence[int], Sequence[int], Sequence[int],
                               Sequence[int], Sequence[int]],
                 state: Sequence[int], count: int,
                 seen: Sequence[Sequence[int]] = ...) -> Tuple[List[Tuple[int, ...]], Tuple[int, ...]]:
    """count distinct layouts as hints.sampling.Layout.sample draws them, from random.Random's state
    (getstate()[1]), none of them in seen (the layouts drawn before): (worlds, the state after them)."""

def mt_opening(tiles: Sequence[Tuple[int, int]], engine: int, all_ties: bool = False,
               tie_limit: int = 10000) -> Tuple[List[int], List[List[int]], int]:
    """Mexican Train opening train: (best hand indices, tied trains, tie count)."""

class Solver:
    """A double-dummy solver with its own transposition table of ``tt_bytes`` bytes; one thread at a time."""

    def __init__(self, tt_bytes: int = ...) -> None: ...
    def solve(self, hands: Sequence[int], trump: int, declarer: int, leader: int, played: Sequence[int] = ...,
              card_values: bool = True, line: bool = True) -> SolveResult:
        """Solve one position; ValueError with the reason if it is not consistent."""
    def tricks(self, hands: Sequence[int], trump: int, declarer: int, leader: int,
               played: Sequence[int] = ...) -> Tuple[int, int]:
        """The declarer's tricks and the nodes searched (solve without card values or line, and no
        result object); ValueError with the reason if the position is not consistent."""
    def analyze(self, hands: Sequence[int], talon: int, declarer: int, meksiko_trumps: int = 0x1F) -> DeclarerAnalysis:
        """Declarer analysis of one deal; ValueError with the reason if it is not a deal."""
    def table_bytes(self) -> int:
        """The transposition table's size in bytes."""
    def clear_table(self) -> None:
        """Empty the transposition table."""
