"""Tiles of the double-twelve set: ``Tile(12, 5)`` is written ``12-5`` (``5-12`` is read too).

A tile is a small immutable value; ``Tile.parse(str(t)) == t``. Inside the package a tile is
also its index 0..90 (``t.index``), so hands and masks are plain ints and sets.
"""

from __future__ import annotations

import re
from typing import Iterable, List, NamedTuple, Sequence, Tuple, Union

from .errors import TileError

MAX_PIPS = 12
VALUES = range(MAX_PIPS + 1)
TILE_COUNT = (MAX_PIPS + 1) * (MAX_PIPS + 2) // 2  # 91
#: The 0-0 counts this much at the end of a round (the text: else it would be the safest tile to keep).
DOUBLE_BLANK_POINTS = 50

_TILE_RE = re.compile(r"^\s*(\d{1,2})\s*[-:|/]\s*(\d{1,2})\s*$")


class Tile(NamedTuple):
    """A tile, high end first. Build it with ``Tile.of(a, b)`` or ``Tile.parse("12-5")``."""

    high: int
    low: int

    @staticmethod
    def of(a: int, b: int) -> "Tile":
        for v in (a, b):
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_PIPS:
                raise TileError(f"tile value {v!r} is not in the double-twelve set (0 to {MAX_PIPS})")
        return TILES[index_of(a, b)]

    @staticmethod
    def parse(text: Union[str, "Tile"]) -> "Tile":
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise TileError(f"a tile is written like '12-5', not {text!r}")
        m = _TILE_RE.match(text)
        if not m:
            raise TileError(f"{text!r} is not a tile: write its two ends like '12-5'")
        a, b = int(m.group(1)), int(m.group(2))
        if a > MAX_PIPS or b > MAX_PIPS:
            raise TileError(f"{text!r} is not in the double-twelve set (values 0 to {MAX_PIPS})")
        return TILES[index_of(a, b)]

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    @property
    def index(self) -> int:  # type: ignore[override]  # the tile's number, not tuple.index
        return index_of(self.high, self.low)

    @property
    def is_double(self) -> bool:
        return self.high == self.low

    @property
    def pips(self) -> int:
        return self.high + self.low

    @property
    def points(self) -> int:
        """What the tile costs when left in hand at the end of a round (0-0: 50)."""
        return DOUBLE_BLANK_POINTS if self.high == 0 else self.high + self.low

    def has(self, value: int) -> bool:
        return value == self.high or value == self.low

    def other(self, value: int) -> int:
        """The end that is left open when the tile joins at ``value``."""
        if value == self.high:
            return self.low
        if value == self.low:
            return self.high
        raise TileError(f"{self} has no end {value}")


def index_of(a: int, b: int) -> int:
    hi, lo = (a, b) if a >= b else (b, a)
    return hi * (hi + 1) // 2 + lo


TILES: Tuple[Tile, ...] = tuple(Tile(hi, lo) for hi in VALUES for lo in range(hi + 1))
HIGH = tuple(t.high for t in TILES)
LOW = tuple(t.low for t in TILES)
PIPS = tuple(t.pips for t in TILES)
POINTS = tuple(t.points for t in TILES)
DOUBLE = tuple(t.is_double for t in TILES)
#: Tile indices having each value.
WITH_VALUE: Tuple[Tuple[int, ...], ...] = tuple(
    tuple(i for i, t in enumerate(TILES) if t.has(v)) for v in VALUES)


def other_end(index: int, value: int) -> int:
    return LOW[index] if HIGH[index] == value else HIGH[index]


def double_of(value: int) -> Tile:
    return TILES[index_of(value, value)]


#: Tiles as given: ``"12-5 5-3"`` or a list of tiles or their names.
TileList = Union[str, Iterable[Union[str, Tile]]]


def parse_tiles(value: TileList, what: str = "hand") -> Tuple[Tile, ...]:
    """``"12-5 5-3"`` or ``["12-5", "5-3"]`` -> tiles in the order given; a tile twice is an error."""
    items: Sequence[Union[str, Tile]] = value.replace(",", " ").split() if isinstance(value, str) else list(value)
    tiles: List[Tile] = []
    seen = set()
    for k, item in enumerate(items):
        try:
            tile = Tile.parse(item)
        except TileError as exc:
            raise TileError(f"{what}[{k}]: {exc}") from None
        if tile in seen:
            raise TileError(f"{what}: tile {tile} is given twice (the set has one of each)")
        seen.add(tile)
        tiles.append(tile)
    return tuple(tiles)


def tiles_text(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles)


def sort_tiles(tiles: Iterable[Tile]) -> List[Tile]:
    """Heaviest first (by high end, then low end): the order hands are shown in."""
    return sorted(tiles, key=lambda t: (t.high, t.low), reverse=True)


def check_value(value: object, what: str = "engine") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PIPS:
        raise TileError(f"{what} {value!r} is not a value of the double-twelve set (0 to {MAX_PIPS})")
    return value
