"""The opening-train optimiser: the best train a player can lay from the engine in their first move.

Exact. A train is a trail in the multigraph whose vertices are the values 0..12 and whose edges
are the hand's tiles (a double is a loop): it starts at the engine's value and uses each tile at
most once; values may repeat. Trains are ranked by

1. the most tiles played;
2. then the most pips played (the text's advice: shed heavy tiles);
3. then what the train leaves playable: not ending on a double (an unsatisfied double makes the
   player draw and opens the train to everyone), then the most tiles left in hand that fit the
   engine, i.e. the start of the Mexican train (no tile left fits the train's own open end:
   it would make a longer train, so the Mexican train is where the next tile can go);
4. then, so the answer is unique, the first in the order of the hand sorted heaviest first.

The search is a depth-first search with a memo on the set of tiles used (the open end of a
trail from a fixed start is fixed by its tile set: it is the other vertex of odd degree, or the
start). It runs in C++ (``engine.mt_opening``, the extension's gateway); ``python_opening`` is the same search in Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

from .errors import TileError
from ..engine import mt_opening
from .tiles import Tile, check_value, parse_tiles, sort_tiles

#: Hands longer than this are refused (the memo has 2**n entries); a first move has at most 15.
MAX_OPENING_TILES = 20
#: At most this many tied trains are listed by ``all_ties`` (their number is always exact).
DEFAULT_TIE_LIMIT = 10_000


class Link(NamedTuple):
    """A tile laid in a train, written from the end it joins: ``Link(Tile(12, 5), 5)`` is ``5-12``."""

    tile: Tile
    joins: int

    @property
    def open(self) -> int:
        return self.tile.other(self.joins)

    def __str__(self) -> str:
        return f"{self.joins}-{self.open}"


Train = Tuple[Link, ...]


@dataclass(frozen=True)
class Opening:
    """The best opening train for a hand and engine (and, if asked, every train tying on 1-2)."""

    engine: int
    hand: Tuple[Tile, ...]
    train: Train
    ends_on_double: bool
    mexican_ready: int
    ties: Optional[Tuple[Train, ...]] = None
    tie_count: Optional[int] = None

    @property
    def tiles(self) -> int:
        return len(self.train)

    @property
    def pips(self) -> int:
        return sum(link.tile.pips for link in self.train)

    @property
    def open_end(self) -> int:
        return self.train[-1].open if self.train else self.engine

    @property
    def left(self) -> Tuple[Tile, ...]:
        used = {link.tile for link in self.train}
        return tuple(t for t in self.hand if t not in used)

    def to_dict(self) -> Dict[str, Any]:
        d = {"engine": self.engine, "train": [str(link) for link in self.train], "tiles": self.tiles,
             "pips": self.pips, "open_end": self.open_end, "ends_on_double": self.ends_on_double,
             "mexican_ready": self.mexican_ready, "left": [str(t) for t in self.left]}
        if self.ties is not None:
            d["ties"] = [[str(link) for link in train] for train in self.ties]
            d["tie_count"] = self.tie_count
        return d


#: How good an opening is: (tiles laid, their pips, 1 unless it ends on a double, engine-valued tiles left).
_Key = Tuple[int, int, int, int]


def best_opening(hand: Union[str, Iterable[Union[str, Tile]]], engine: int, all_ties: bool = False,
                 tie_limit: int = DEFAULT_TIE_LIMIT, impl: str = "cpp") -> Opening:
    """The best train from ``engine`` with ``hand`` (see the module's ranking); exact.

    ``all_ties``: also every train with the same number of tiles and pips, best first (at most
    ``tie_limit`` of them; ``tie_count`` is their exact number). ``impl="python"`` runs the same
    search in Python (slower; for cross-checks).
    """
    tiles = parse_tiles(hand, "hand")
    check_value(engine, "engine")
    if len(tiles) > MAX_OPENING_TILES:
        raise TileError(f"hand of {len(tiles)} tiles: the optimiser takes at most {MAX_OPENING_TILES}")
    if Tile.of(engine, engine) in tiles:
        raise TileError(f"hand: {Tile.of(engine, engine)} is the engine of this round, not a tile in a hand")
    if isinstance(tie_limit, bool) or not isinstance(tie_limit, int) or tie_limit < 0:
        raise TileError(f"tie_limit must be a whole number >= 0, not {tie_limit!r}")
    ordered = tuple(sort_tiles(tiles))
    pairs = [(t.high, t.low) for t in ordered]
    if impl == "cpp":
        best, ties, count = mt_opening(pairs, engine, all_ties, tie_limit)
    elif impl == "python":
        best, ties, count = python_opening(pairs, engine, all_ties, tie_limit)
    else:
        raise TileError(f"unknown optimiser implementation {impl!r}: use 'cpp' or 'python'")
    train = _train(ordered, best, engine)
    end = train[-1].open if train else engine
    used = {link.tile for link in train}
    ready = sum(1 for t in ordered if t not in used and t.has(engine))
    return Opening(engine=engine, hand=ordered, train=train,
                   ends_on_double=bool(train) and train[-1].tile.is_double, mexican_ready=ready,
                   ties=tuple(_train(ordered, s, engine) for s in ties) if all_ties else None,
                   tie_count=count if all_ties else None)


def _train(ordered: Sequence[Tile], sequence: Sequence[int], engine: int) -> Train:
    links: List[Link] = []
    end = engine
    for i in sequence:
        link = Link(ordered[i], end)
        links.append(link)
        end = link.open
    return tuple(links)


# ------------------------------------------------------------------------ the search in Python ---

def python_opening(pairs: Sequence[Tuple[int, int]], engine: int, all_ties: bool = False,
                   tie_limit: int = DEFAULT_TIE_LIMIT) -> Tuple[List[int], List[List[int]], int]:
    """(best sequence of hand indices, tied sequences best first, their count), as ``engine.mt_opening``.

    Keys are tuples compared lexicographically: (tiles, pips, 1 if not ending on a double,
    tiles left that fit the engine). ``pairs`` must be in the hand's canonical order.
    """
    pips = [a + b for a, b in pairs]
    by_value: Dict[int, List[int]] = {}
    for i, (a, b) in enumerate(pairs):
        by_value.setdefault(a, []).append(i)
        if b != a:
            by_value.setdefault(b, []).append(i)
    memo: Dict[int, Tuple[Optional[_Key], int]] = {}  # mask -> (best key using >= 1 more tile, its tile)

    def stop(mask: int, end: int, count: int, total: int, last_double: bool) -> _Key:
        if count == 0:
            return (0, 0, 1, 0)
        ready = sum(1 for i in by_value.get(engine, ()) if not mask >> i & 1)
        return (count, total, 0 if last_double else 1, ready)

    def moves(mask: int, end: int) -> Iterator[Tuple[int, int, int, bool]]:
        """(tile, the open end after it, the mask with it, whether it is a double) per tile that fits."""
        for i in by_value.get(end, ()):
            if not mask >> i & 1:
                a, b = pairs[i]
                yield i, b if a == end else a, mask | 1 << i, a == b

    def more(mask: int, end: int, count: int, total: int) -> Tuple[Optional[_Key], int]:
        hit = memo.get(mask)
        if hit is not None:
            return hit
        best: Optional[_Key] = None
        choice = -1
        for i, nxt, child, double in moves(mask, end):
            key = stop(child, nxt, count + 1, total + pips[i], double)
            sub = more(child, nxt, count + 1, total + pips[i])[0]
            if sub is not None and sub > key:
                key = sub
            if best is None or key > best:
                best, choice = key, i
        memo[mask] = (best, choice)
        return best, choice

    sequence: List[int] = []
    mask, end, total, last_double = 0, engine, 0, False
    while True:
        sub, choice = more(mask, end, len(sequence), total)
        if sub is None or stop(mask, end, len(sequence), total, last_double) > sub:
            break
        a, b = pairs[choice]
        sequence.append(choice)
        mask |= 1 << choice
        end = b if a == end else a
        total += pips[choice]
        last_double = a == b
    if not all_ties:
        return sequence, [], 0
    target = (len(sequence), total)
    ties: List[Tuple[Tuple[int, int, List[int]], List[int]]] = []

    def reach(mask: int, count: int, total: int) -> Tuple[int, int]:
        sub = memo[mask][0] if mask in memo else None
        return max((count, total), (sub[0], sub[1])) if sub else (count, total)

    def walk(mask: int, end: int, seq: List[int], total: int, last_double: bool) -> int:
        found = 0
        if (len(seq), total) == target:
            found = 1
            key = stop(mask, end, len(seq), total, last_double)
            ties.append(((-key[2], -key[3], list(seq)), list(seq)))
        for i, nxt, child, double in moves(mask, end):
            more(child, nxt, len(seq) + 1, total + pips[i])
            if reach(child, len(seq) + 1, total + pips[i]) < target:
                continue
            seq.append(i)
            found += walk(child, nxt, seq, total + pips[i], double)
            seq.pop()
        return found

    count = walk(0, engine, [], 0, False)
    ties.sort(key=lambda item: item[0])
    return sequence, [seq for _, seq in ties[:tie_limit]], count
