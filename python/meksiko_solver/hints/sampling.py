"""Exact uniform sampling of the hidden cards: every layout consistent with a view is equally likely.

A seat's view leaves some cards unseen. They lie in *buckets* of known sizes: the other
seats' hands, the face-down talon (in the auction, and on Meksiko where it stays out of
play) and the declarer's discard (unseen by the defenders). What the view shows restricts
where each unseen card may lie:

* a seat that did not follow suit holds none of that suit; one that neither followed nor
  ruffed holds no trump (a *void*, which forbids the suit in that seat's hand bucket only:
  the declarer's discard was made before the play and may hold any suit);
* an exposed talon card not yet played is in the declarer's hand or in his discard.

So each unseen card has a set of allowed buckets. Cards with the same allowed set are
interchangeable for counting, which gives at most 2^3 = 8 *groups*. The number of layouts is

    count(g, caps) = sum over splits x of group g into the buckets (x_b <= caps_b, only allowed b)
                     of  multinomial(n_g; x) * count(g + 1, caps - x)

(a DP over groups whose state is the free room left in each bucket), with count(G, 0) = 1.
A uniform layout is drawn group by group: pick the split x with probability
``multinomial(n_g; x) * count(g + 1, caps - x) / count(g, caps)`` (exact integer arithmetic),
then deal the group's cards to the buckets by a uniform shuffle. The product of these
probabilities is ``1 / count(0, sizes)`` for every layout: the draw is exactly uniform, with no
rejection. When there are no more layouts than requested samples, all of them are used, in an
order random with the seed (so that a hint stopped early keeps a uniform subset).

>>> layout = Layout([Bucket("hand", 1, 1), Bucket("hand", 2, 1)], [0, 1], [0b11, 0b11])
>>> layout.count(), sorted(layout.enumerate())
(2, [(1, 2), (2, 1)])
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from itertools import combinations
from math import factorial
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

from .. import engine

FIRST_DRAW = 256  # layouts of the first C++ draw of a sample; each later one draws twice as many

World = Tuple[int, ...]  # one card mask per bucket, in bucket order

HAND, TALON, DISCARD = "hand", "talon", "discard"


@dataclass(frozen=True)
class Bucket:
    """A place unseen cards may lie: a seat's hand, the hidden talon, or the declarer's discard.

    ``size`` is how many unseen cards it holds (a hand's cards known to the viewer are not in it).
    """

    kind: str  # HAND, TALON or DISCARD
    seat: Optional[int]  # the seat of a hand (or of the declarer, for the discard)
    size: int

    def __str__(self) -> str:
        if self.kind == HAND:
            return f"seat {self.seat}'s hand"
        return "the talon" if self.kind == TALON else "the declarer's discard"


class Layout:
    """The unseen cards, the buckets and, per card, the bitmask of buckets it may lie in.

    ``count()`` is the exact number of consistent layouts; ``draw(rng)`` one uniform layout;
    ``enumerate()`` all of them; ``sample(n, seed)`` n distinct uniform layouts (all of them
    when there are no more than n). A layout (a *world*) is a tuple of card masks, one per bucket.
    """

    def __init__(self, buckets: Sequence[Bucket], cards: Sequence[int], allowed: Sequence[int]) -> None:
        if len(cards) != len(allowed):
            raise ValueError("one allowed-bucket mask per card")
        self.buckets = tuple(buckets)
        self.sizes = tuple(b.size for b in self.buckets)
        groups: Dict[int, List[int]] = {}
        for card, mask in zip(cards, allowed):
            groups.setdefault(mask, []).append(card)
        # Fewest choices first: tightly restricted groups settle early (any order is exact).
        order = sorted(groups, key=lambda m: (bin(m).count("1"), m))
        self.groups: Tuple[Tuple[int, Tuple[int, ...]], ...] = tuple((m, tuple(sorted(groups[m]))) for m in order)
        self._bits = tuple(tuple(1 << c for c in cards) for _, cards in self.groups)  # each card as its mask
        self._suffix = [0] * (len(self.groups) + 1)
        for g in range(len(self.groups) - 1, -1, -1):
            self._suffix[g] = self._suffix[g + 1] + len(self.groups[g][1])
        self._count: Dict[Tuple[int, Tuple[int, ...]], int] = {}
        # per (group, caps): the splits with completions, as (split, caps left), and cumulative weights
        self._choices: Dict[Tuple[int, Tuple[int, ...]], Tuple[List[Tuple[Tuple[int, ...], Tuple[int, ...]]], List[int]]] = {}

    @property
    def cards(self) -> int:
        """How many cards are unseen."""
        return self._suffix[0]

    # --- counting -----------------------------------------------------------------------------
    def _splits(self, g: int, caps: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
        """Every way to split group g's size over its allowed buckets within ``caps``."""
        mask, cards = self.groups[g]
        n = len(cards)
        k = len(caps)
        free = [b for b in range(k) if mask >> b & 1]
        if not free:
            if n == 0:
                yield (0,) * k
            return

        def rec(i: int, left: int, acc: List[int]) -> Iterator[Tuple[int, ...]]:
            b = free[i]
            if i == len(free) - 1:  # the last allowed bucket takes the rest
                if left <= caps[b]:
                    acc[b] = left
                    yield tuple(acc)
                    acc[b] = 0
                return
            for x in range(min(left, caps[b]) + 1):
                acc[b] = x
                yield from rec(i + 1, left - x, acc)
            acc[b] = 0

        yield from rec(0, n, [0] * k)

    def _count_from(self, g: int, caps: Tuple[int, ...]) -> int:
        key = (g, caps)
        cached = self._count.get(key)
        if cached is not None:
            return cached
        if sum(caps) != self._suffix[g]:
            total = 0
        elif g == len(self.groups):
            total = 1
        else:
            options, weights = self._options(g, caps)
            total = weights[-1] if weights else 0
        self._count[key] = total
        return total

    def _options(self, g: int, caps: Tuple[int, ...]) -> Tuple[List[Tuple[Tuple[int, ...], Tuple[int, ...]]], List[int]]:
        """The splits of group g with a non-zero number of completions (each with the caps it
        leaves), and cumulative weights."""
        key = (g, caps)
        cached = self._choices.get(key)
        if cached is not None:
            return cached
        n = len(self.groups[g][1])
        splits, cumulative, total = [], [], 0
        for x in self._splits(g, caps):
            left = tuple(c - v for c, v in zip(caps, x))
            rest = self._count_from(g + 1, left)
            if rest:
                ways = factorial(n)
                for v in x:
                    ways //= factorial(v)
                total += ways * rest
                splits.append((x, left))
                cumulative.append(total)
        self._choices[key] = (splits, cumulative)
        return splits, cumulative

    def count(self) -> int:
        """The exact number of layouts consistent with the constraints."""
        return self._count_from(0, self.sizes)

    def possible(self) -> bool:
        """Whether any layout is consistent (``count() > 0``, without counting them)."""
        allowed_in = [0] * len(self.sizes)
        unseen = 0
        for mask, cards in self.groups:
            group = _mask(cards)
            unseen |= group
            for b in range(len(self.sizes)):
                if mask >> b & 1:
                    allowed_in[b] |= group
        return possible(self.sizes, unseen, allowed_in)

    # --- drawing and enumerating ----------------------------------------------------------
    def draw(self, rng: random.Random) -> World:
        """One layout, exactly uniform over all consistent layouts (ValueError if there is none).

        The random numbers are ``random.Random``'s own: ``randrange`` for the split and a
        Fisher-Yates shuffle of the group, both written out here as ``random`` does them (a draw
        below n takes ``n.bit_length()`` bits until they fall below n), since the calls of
        ``randrange`` and ``shuffle`` cost more than the drawing itself."""
        bits = rng.getrandbits
        caps = self.sizes
        masks = [0] * len(caps)
        for g, cards in enumerate(self._bits):
            splits, cumulative = self._options(g, caps)
            if not cumulative:
                raise ValueError("no layout is consistent with the constraints")
            n = cumulative[-1]
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            x, caps = splits[bisect_right(cumulative, r)]
            shuffled = list(cards)
            for i in range(len(shuffled) - 1, 0, -1):
                k = _BITS[i + 1]
                j = bits(k)
                while j > i:
                    j = bits(k)
                shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
            start = 0
            for b, v in enumerate(x):
                if v:
                    masks[b] |= sum(shuffled[start:start + v])  # distinct bits: the sum is their union
                    start += v
        return tuple(masks)

    def _draw_table(self) -> Optional[engine.LayoutTable]:
        """``draw``'s choices for ``engine.draw_layouts``: every state (a group and the room left
        in each bucket) reachable from the first group with the buckets empty, numbered in the
        order reached, with its splits, their cumulative weights and the state each leaves (-1
        after the last group). None when there is nothing to draw or a weight needs more than
        64 bits (``draw`` in Python then)."""
        if not self.groups or self.count() >> 64:
            return None
        last = len(self.groups) - 1
        states = [(0, self.sizes)]
        number = {states[0]: 0}
        first: List[int] = []
        cumulative: List[int] = []
        following: List[int] = []
        split: List[int] = []
        for g, caps in states:  # grows while it is read
            first.append(len(cumulative))
            options, weights = self._options(g, caps)
            cumulative.extend(weights)
            for x, left in options:
                split.extend(x)
                if g == last:
                    following.append(-1)
                    continue
                key = (g + 1, left)
                if key not in number:
                    number[key] = len(states)
                    states.append(key)
                following.append(number[key])
        first.append(len(cumulative))
        return (len(self.sizes), [list(cards) for _, cards in self.groups], [g for g, _ in states], first,
                cumulative, following, split)

    def enumerate(self) -> Iterator[World]:
        """Every consistent layout once, in a fixed order."""

        def deal(cards: Tuple[int, ...], x: Tuple[int, ...], b: int) -> Iterator[List[int]]:
            if b == len(x) - 1:
                yield [_mask(cards)]
                return
            for chosen in combinations(cards, x[b]):
                rest = tuple(c for c in cards if c not in chosen)
                for tail in deal(rest, x, b + 1):
                    yield [_mask(chosen)] + tail

        def rec(g: int, caps: Tuple[int, ...], masks: Tuple[int, ...]) -> Iterator[World]:
            if g == len(self.groups):
                yield masks
                return
            splits, _ = self._options(g, caps)
            for x, nxt in splits:
                for parts in deal(self.groups[g][1], x, 0):
                    yield from rec(g + 1, nxt, tuple(m | p for m, p in zip(masks, parts)))

        if self.count():
            yield from rec(0, self.sizes, (0,) * len(self.sizes))

    def sample(self, n: int, seed: int = 0) -> Iterator[World]:
        """``n`` distinct uniform layouts, drawn lazily with ``random.Random(seed)``; every
        layout, in an order random with the seed, when there are at most ``n``.

        Distinct draws (rejecting repeats) keep each draw uniform and make the set a uniform
        random subset of the layouts: no world is solved twice. Every prefix of the stream is
        one, the case of every layout included (a hint stopped early by its time budget, or by
        enough effective worlds, never keeps the enumeration's first layouts, which share a
        pattern): the draws go on until half the layouts are seen, and the other half follows
        shuffled (drawing them would mostly repeat).
        """
        total = self.count()
        rng = random.Random(seed)
        seen: Set[World] = set()
        quota = n if total > n else (total + 1) // 2
        table = self._draw_table() if quota else None
        if table is not None:  # the same draws in C++ (engine.draw_layouts), then the same state
            # in chunks that double (a hint that stops early, on its time budget or its ESS, has
            # not paid for the draws of all it might have asked for), each told the layouts drawn
            # before it: the draws are those of one call
            order: List[World] = []
            chunk = FIRST_DRAW
            while len(order) < quota:
                version, state, gauss = rng.getstate()
                drawn, after = engine.draw_layouts(table, state, min(chunk, quota - len(order)), order)
                rng.setstate((version, after, gauss))
                seen.update(drawn)
                order.extend(drawn)
                chunk *= 2
                yield from drawn
        while len(seen) < quota:
            world = self.draw(rng)
            if world in seen:
                continue
            seen.add(world)
            yield world
        if total <= n:
            rest = [w for w in self.enumerate() if w not in seen]
            rng.shuffle(rest)
            yield from rest


def possible(sizes: Sequence[int], cards: int, allowed_in: Sequence[int]) -> bool:
    """Whether ``cards`` (a mask) can be dealt to buckets of ``sizes`` when bucket b may take only
    the cards in ``allowed_in[b]``. By Hall's theorem, exactly when the sizes add up to the cards
    and no set of buckets must take more cards than it holds: the cards no other bucket allows."""
    if sum(sizes) != bin(cards).count("1"):
        return False
    k = len(sizes)
    for chosen in range(1 << k):
        room = outside = 0
        for b in range(k):
            if chosen >> b & 1:
                room += sizes[b]
            else:
                outside |= allowed_in[b]
        if bin(cards & ~outside).count("1") > room:
            return False
    return True


_BITS = tuple(n.bit_length() for n in range(33))  # random's bits for a draw below n (n <= 32 cards)


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
