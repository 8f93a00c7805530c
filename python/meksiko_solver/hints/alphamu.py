"""αμ for the declarer's last tricks: one card for every world, the defenders' per world.

PIMC lets the declarer choose a different card in each world (strategy fusion): he plays as if
he knew where the cards lie. αμ (Cazenave and Ventos, 2020) searches the declarer's moves once
for all the worlds, as he must play them, and the defenders' moves per world, as if they saw
every hand. A node's value is a *front*: the vectors of the declarer's tricks (one entry per
world) that some strategy of his from that node secures, none dominated by another.

* At the declarer's turn his legal cards are the same in every world (his hand is known): the
  front is the union of his cards' fronts, dominated vectors removed.
* At a defender's turn each world lets him play his own legal cards: a card's child is searched
  on the worlds where it is legal, and the front is every per-world minimum of one vector from
  each child, dominated vectors removed.

Searched to the end of the deal (no double-dummy leaves), so it is exact for those worlds and
the defenders' perfect information; in the last :data:`ENDGAME_TRICKS` tricks it costs a few
milliseconds. A world that is not in a child's set has :data:`_FREE` there, so a per-world
minimum ignores it. With one world it is the double-dummy value (a test holds it to the engine).
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

from ..play import legal_mask

ENDGAME_TRICKS = 3  # searched when at most this many tricks are left, the current one included
_FREE = 99  # a world that is not in a node's set: no constraint on a per-world minimum

Vector = Tuple[int, ...]


def _bits(mask: int) -> List[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _legal(hand: int, led: int, trump: int) -> int:
    """The legal cards (mask) of ``hand`` when ``led`` (-1: on lead) was led; trump 4: none."""
    return legal_mask(hand, None if led < 0 else led, trump)


def _winner(trick: Sequence[int], trump: int) -> int:
    """The index (from the leader) of the card that takes a full trick (``play.winning_index`` on
    card indices, not Card objects: it runs at every trick of the search)."""
    best = 0
    for i in (1, 2):
        c, b = trick[i], trick[best]
        if (c >> 3) == (b >> 3):
            if c > b:
                best = i
        elif (c >> 3) == trump:
            best = i
    return best


def _maximal(vectors: List[Vector]) -> List[Vector]:
    """The vectors no other one dominates (at least as many tricks in every world)."""
    unique = sorted(set(vectors), key=sum, reverse=True)
    kept: List[Vector] = []
    for v in unique:
        if not any(all(a >= b for a, b in zip(k, v)) for k in kept):
            kept.append(v)
    return kept


class Endgame:
    """The declarer's last tricks over ``hands`` (per world, each seat's cards now as masks).

    ``trick``: the cards of the trick in progress from ``leader``; ``trump``: 0..3, 4 for none."""

    def __init__(self, hands: Sequence[Sequence[int]], declarer: int, leader: int, trick: Sequence[int],
                 trump: int) -> None:
        self.hands = [tuple(h) for h in hands]
        self.declarer, self.trump = declarer, trump
        self.leader, self.trick = leader, tuple(trick)
        self.n = len(self.hands)
        self.own = self.hands[0][declarer]  # the same in every world

    def fronts(self) -> Dict[int, List[Vector]]:
        """Each legal card of the declarer's (he is to play) and its front: the declarer's
        tricks from here, per world."""
        if (self.leader + len(self.trick)) % 3 != self.declarer:
            raise ValueError("the declarer is not to play")
        worlds = tuple(range(self.n))
        led = self.trick[0] if self.trick else -1
        return {card: self._after(card, 0, self.trick, self.leader, 0, worlds)
                for card in _bits(_legal(self.own, led, self.trump))}

    def _after(self, card: int, gone: int, trick: Tuple[int, ...], leader: int, taken: int,
               worlds: Tuple[int, ...]) -> List[Vector]:
        gone |= 1 << card
        trick = trick + (card,)
        if len(trick) == 3:
            leader = (leader + _winner(trick, self.trump)) % 3
            taken += leader == self.declarer
            trick = ()
        return self._node(gone, trick, leader, taken, worlds)

    def _node(self, gone: int, trick: Tuple[int, ...], leader: int, taken: int,
              worlds: Tuple[int, ...]) -> List[Vector]:
        if not trick and not self.own & ~gone:  # the deal is over
            return [tuple(taken if i in worlds else _FREE for i in range(self.n))]
        seat = (leader + len(trick)) % 3
        led = trick[0] if trick else -1
        if seat == self.declarer:
            hand = self.own & ~gone
            front: List[Vector] = []
            top = taken + bin(hand).count("1")  # every trick left
            for card in _bits(_legal(hand, led, self.trump)):
                front = _maximal(front + self._after(card, gone, trick, leader, taken, worlds))
                if any(all(v[i] >= top for i in worlds) for v in front):
                    break  # nothing can do better
            return front
        by_card: Dict[int, List[int]] = {}
        for w in worlds:
            for card in _bits(_legal(self.hands[w][seat] & ~gone, led, self.trump)):
                by_card.setdefault(card, []).append(w)
        result: List[Vector] = []
        for card, ws in by_card.items():
            child = self._after(card, gone, trick, leader, taken, tuple(ws))
            result = child if not result else _maximal(
                [tuple(map(min, a, b)) for a in result for b in child])
        return result


def card_values(endgame: Endgame, weights: Sequence[float], score: Sequence[float],
                before: int) -> Dict[int, float]:
    """Each declarer card's weighted expected score: the best vector of its front, the score of
    ``before`` + the tricks in it (``score[t]`` for t tricks in the deal), summed with ``weights``."""
    out = {}
    for card, front in endgame.fronts().items():
        out[card] = max(sum(w * score[before + t] for w, t in zip(weights, v)) for v in front)
    return out
