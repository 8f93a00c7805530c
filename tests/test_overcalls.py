"""The other seats' overcalls after a bid (one level of the auction), and the bid hint with them."""

from __future__ import annotations

import random

import pytest

from meksiko_solver.auction import NEXT, Auction, Contract
from meksiko_solver.errors import MeksikoError
from meksiko_solver.hints import bid_hint
from meksiko_solver.hints.bidding_model import call_distribution, parameters, strength
from meksiko_solver.hints.outcome import Scorer
from meksiko_solver.hints.overcalls import Defence, defended, next_contract, overcall_chances
from meksiko_solver.rules import get_rules


def _hands(rng: random.Random, count: int):
    out = []
    for _ in range(count):
        cards = list(range(32))
        rng.shuffle(cards)
        out.append([sum(1 << c for c in cards[10 * s:10 * s + 10]) for s in range(3)])
    return out


def _p_bid(calls, seat_hand, context):
    auction = Auction(0, "mexico-club", calls)
    dist = call_distribution(strength(seat_hand), auction.legal_calls(), parameters()["bidding"], context)
    return 1.0 - dist[NEXT]


def test_two_seats_may_bid_on_in_turn():
    """Dealer 0: seat 1 opened 5, seat 2 bids 6. Seat 0 (his first call) bids on with the model's
    chance; if he says NEXT, seat 1 (his second) may, and nobody after that."""
    worlds = _hands(random.Random(1), 12)
    chances = overcall_chances(Auction(0, "mexico-club", ["5"]), 2, Contract("6"), worlds, "current")
    assert [s for s, _ in chances] == [0, 1]
    for i, hands in enumerate(worlds):
        first = _p_bid(["5", "6"], hands[0], "first")
        second = _p_bid(["5", "6", NEXT], hands[1], "again-alone")
        assert chances[0][1][i] == pytest.approx(first)
        assert chances[1][1][i] == pytest.approx((1 - first) * second)
        assert 0 < chances[0][1][i] + chances[1][1][i] < 1


def test_one_seat_left_to_bid_on():
    """Dealer 0: seat 1 opened 5, seat 2 passed; seat 0's 6 leaves seat 1 alone to bid on."""
    worlds = _hands(random.Random(2), 5)
    chances = overcall_chances(Auction(0, "mexico-club", ["5", NEXT]), 0, Contract("6"), worlds, "current")
    assert [s for s, _ in chances] == [1]
    for i, hands in enumerate(worlds):
        assert chances[0][1][i] == pytest.approx(_p_bid(["5", NEXT, "6"], hands[1], "again-alone"))


def test_the_overcaller_declares_one_more():
    assert next_contract(Contract("6")) == Contract("7") and str(next_contract(Contract("10"))) == "M"


def test_defending_against_the_overcallers():
    """The seat's score from the overcalls in a world: each overcaller's chance times the seat's
    defender score against his contract, with the tricks his best declaration takes."""
    profile, mode = get_rules("mexico-club"), get_rules("mexico-club").mode("easy")
    defences = {0: Defence([8, 5], [1, 3]), 1: Defence([6, 4], [2, 2])}
    chances = [(0, [0.5, 0.1]), (1, [0.25, 0.2])]
    scorers = {s: Scorer(profile, mode, 2, Contract("7"), s) for s in (0, 1)}
    for world in (0, 1):
        score, chance = defended(defences, chances, scorers, world)
        expected = sum(c[world] * scorers[s].score(defences[s].tricks[world], defences[s].own[world]) for s, c in chances)
        assert score == pytest.approx(expected) and chance == pytest.approx(sum(c[world] for _, c in chances))


@pytest.mark.parametrize("view", [
    {"seat": 2, "dealer": 0, "hand": "AQT.KJ8.A9.T9", "auction": ["5"]},
    {"seat": 0, "dealer": 0, "hand": "AKT9.AJ8.K.T9", "auction": ["5", "NEXT"]},
    {"seat": 1, "dealer": 0, "hand": "AKQ9.AJ8.K7.9", "auction": []},
])
def test_bid_hint_with_overcalls(view):
    """The declaring figures and the pass are those of the hint without overcalls; each legal
    numeric bid gets a ``call_score``, and the call is the best of the legal calls by it."""
    plain = bid_hint(view, samples=24, seed=3)
    hint = bid_hint(view, samples=24, seed=3, overcalls=True)
    assert [(o.call, o.make, o.score) for o in hint.options] == [(o.call, o.make, o.score) for o in plain.options]
    by_call = {o.call: o for o in hint.options}
    numeric = [c for c in by_call if c not in ("M", NEXT)]
    assert all((by_call[c].call_score is not None) == by_call[c].legal for c in numeric)
    assert all(o.call_score is None for o in hint.options if o.call in ("M", NEXT))
    order = [NEXT] + numeric + ["M"]

    def value(c):
        o = by_call[c]
        return (o.score if o.call_score is None else o.call_score, -order.index(c))

    assert hint.call == max((c for c in order if by_call[c].legal), key=value)
    assert "call_score" in hint.to_dict()["options"][1] or not by_call[numeric[1]].legal


def test_a_bad_flag_is_refused():
    with pytest.raises(MeksikoError, match="overcalls must be true or false"):
        bid_hint({"seat": 2, "dealer": 0, "hand": "AQT.KJ8.A9.T9", "auction": ["5"]}, samples=4, overcalls="no")
