"""A plain brute force for the Mexican Train opening: every train from the engine, ranked.

Deliberately obvious: enumerate every trail (sequence of distinct hand tiles, each joining the
previous open end), compute its key from scratch, take the best. Used by the tests only.
"""

from __future__ import annotations

from typing import List, Sequence, Tuple


def all_trains(pairs: Sequence[Tuple[int, int]], engine: int) -> List[List[int]]:
    trains: List[List[int]] = [[]]

    def grow(seq: List[int], end: int) -> None:
        for i, (a, b) in enumerate(pairs):
            if i in seq or end not in (a, b):
                continue
            seq.append(i)
            trains.append(list(seq))
            grow(seq, b if a == end else a)
            seq.pop()

    grow([], engine)
    return trains


def open_end(pairs: Sequence[Tuple[int, int]], engine: int, seq: Sequence[int]) -> int:
    end = engine
    for i in seq:
        a, b = pairs[i]
        assert end in (a, b)
        end = b if a == end else a
    return end


def key(pairs: Sequence[Tuple[int, int]], engine: int, seq: Sequence[int]) -> tuple:
    """(tiles, pips, not ending on a double, tiles left that fit the engine)."""
    if not seq:
        return (0, 0, 1, 0)
    end = open_end(pairs, engine, seq)
    last = pairs[seq[-1]]
    left = [p for i, p in enumerate(pairs) if i not in seq and engine in p]
    return (len(seq), sum(a + b for i in seq for a, b in [pairs[i]]), 0 if last[0] == last[1] else 1, len(left))


def brute_opening(pairs: Sequence[Tuple[int, int]], engine: int):
    """(best train, every train tying on tiles and pips sorted best first, their count)."""
    trains = all_trains(pairs, engine)
    best = max(trains, key=lambda s: (key(pairs, engine, s), [-i for i in s]))
    # max over (key, reversed lexicographic) picks the lexicographically smallest among equal keys
    k = key(pairs, engine, best)
    ties = [s for s in trains if key(pairs, engine, s)[:2] == k[:2]]
    ties.sort(key=lambda s: (-key(pairs, engine, s)[2], -key(pairs, engine, s)[3], s))
    return best, ties, len(ties)
