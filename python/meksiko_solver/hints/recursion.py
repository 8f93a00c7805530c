"""One level of recursion for close cards: the other seats answer from their own view.

PIMC credits each card with its double-dummy value in every world, as if the other seats saw
every hand and always found the best answer. Where the seat's best card and the next one unlike
it (not of the same values in every world) are within :data:`CLOSE` points (of expected score
for the declarer, of expected standing for a defender), each of them is played out in the hint's
first :data:`RECURSION_WORLDS` worlds: the other seats' cards until it is the seat's turn again
are their own play hints from what they would see in that world (:data:`ANSWER_SAMPLES` uniform
worlds each, a defender playing for his standing, no own search), and the position then is
solved double-dummy: the declarer's tricks, and for a defender also his own tricks alone against
the other two and his partner's alone (with ``partner_search``), the rest of the defence's split
by coins (as the play hint counts them). The card with the higher expected result there is
played; a tie keeps PIMC's order.

Cost: per close decision and candidate, one answering hint per other seat's card until the
seat's next turn (two) in each world, and one solve (three for a defender, two without the partner's).
"""

from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

from .. import engine
from ..cards import Card, Suit, mask_to_cards
from ..play import winning_index
from .batch import TT_BYTES, check
from .outcome import Scorer, sure_tricks
from .sampling import Layout, World
from .view import View

CLOSE = 0.25  # points of expected score or standing
ANSWER_SAMPLES = 10
RECURSION_WORLDS = 24  # the hint's first worlds, at most, that the two cards are played out in


def _answer(view: View, seed: int) -> Card:
    from .play import play_hint  # the answering hint is the play hint itself, one level down
    hint = play_hint(view, ANSWER_SAMPLES, seed, inference=False, own_search=False)
    assert hint.card is not None
    return hint.card


def _answering_view(v: View, seat: int, deal: Dict[str, Any], play: Sequence[Card]) -> View:
    """What ``seat`` sees in the world of ``deal`` (``View.world_deal``) after ``play``."""
    discard = tuple(mask_to_cards(deal["discard"])) if seat == v.declarer and v.talon is not None else ()
    return View(seat=seat, dealer=v.dealer, hand=tuple(mask_to_cards(deal["hands"][seat])), auction=v.auction,
                talon=v.talon, discard=discard, trump=v.trump, play=tuple(play), rules=v.rules, mode=v.mode)


def _played_out(v: View, now: Sequence[int], deal: Dict[str, Any], card: Card,
                seed: int) -> Tuple[engine.PositionTuple, List[int]]:
    """The position when it is the seat's turn again after ``card`` and the other seats' answers
    (or the deal is over), in the world whose hands are ``now`` (``View.world_hands``) and whose
    deal is ``deal`` (``View.world_deal``), and the tricks each seat took on the way."""
    hands = list(now)
    trump = Suit.NO_TRUMP if v.trump is None else v.trump
    assert v.leader is not None and v.declarer is not None
    trick = [c.index for c in v.trick]
    leader, taken, play = v.leader, [0, 0, 0], list(v.play)
    seat, c = v.seat, card
    while True:
        hands[seat] &= ~c.mask
        trick.append(c.index)
        play.append(c)
        if len(trick) == 3:
            leader = (leader + winning_index([Card(x) for x in trick], trump)) % 3
            taken[leader] += 1
            trick = []
        seat = (leader + len(trick)) % 3
        if seat == v.seat or not hands[seat]:
            return (hands, int(trump), v.declarer, leader, trick), taken
        c = _answer(_answering_view(v, seat, deal, play), seed)


def deeper_values(v: View, layout: Layout, worlds: Sequence[World], weights: Sequence[float],
                  cards: Sequence[Card], scorer: Scorer, seed: int, partner_search: bool = True) -> Dict[int, float]:
    """The seat's expected result after each of ``cards`` (by card index) over ``worlds``
    (weighted), the other seats answering by their own hints: the declarer's score, a defender's
    standing (``partner_search``: his partner's sure tricks his, as the play hint counts them)."""
    declarer = v.declarer
    assert declarer is not None
    declaring = v.seat == declarer
    positions: List[engine.PositionTuple] = []
    taken: List[List[int]] = []
    for i, world in enumerate(worlds):
        now, deal = v.world_hands(layout, world), v.world_deal(layout, world)
        for card in cards:
            position, got = _played_out(v, now, deal, card, seed * 1_000_003 + i)
            positions.append(position)
            taken.append(got)
    open_ = [k for k, p in enumerate(positions) if any(p[0])]  # the deal not over yet
    partner = 3 - v.seat - declarer
    # A defender alone against the other two, then his partner alone: the tricks each takes whatever they do.
    searched = [] if declaring else [v.seat, partner] if partner_search else [v.seat]
    base = [positions[k] for k in open_]
    items = base + [(p[0], p[1], s, p[3], p[4]) for s in searched for p in base]
    results = engine.solve_batch(items, False, False, 0, TT_BYTES)
    check(results)
    rest, alone, partner_alone = [0] * len(positions), [0] * len(positions), [0] * len(positions)
    for j, k in enumerate(open_):
        rest[k] = results[j].tricks
        if searched:
            alone[k] = results[len(open_) + j].tricks
        if len(searched) == 2:
            partner_alone[k] = results[2 * len(open_) + j].tricks
    out = {c.index: 0.0 for c in cards}
    for k, got in enumerate(taken):
        won = [v.tricks_won[s] + got[s] for s in range(3)]
        total = won[declarer] + rest[k]
        if declaring:
            value = float(scorer.score(total))
        else:
            value = scorer.defender_standing(total, *sure_tricks(total, won[v.seat], won[partner], alone[k],
                                                                 partner_alone[k]))
        out[cards[k % len(cards)].index] += weights[k // len(cards)] * value
    total_weight = sum(weights)
    return {c: x / total_weight for c, x in out.items()}
