"""Issue 54.3: the play model takes a player's equal cards as one choice, played by the lowest
(the model set ``lowest-of-equals``): the equal cards against a slow definition, the model's
probabilities, the premise on the engines' own play, and the weights it gives."""

import random
from math import isclose, log

import pytest

from meksiko_solver.cards import Card, cards_to_mask
from meksiko_solver.game import play_deal
from meksiko_solver.hints import inference as inference_module
from meksiko_solver.hints.bidding_model import parameters
from meksiko_solver.hints.duplicate import make_policy
from meksiko_solver.hints.play_model import card_probabilities, lowest_equals, weighs_equals
from meksiko_solver.hints.weights import temper
from test_sampling import views_of, GAME


def slow_lowest_equals(hand: int, gone: int) -> dict:
    """The definition: the lowest card of the hand of the same suit with every rank strictly
    between it and the card in the hand or gone."""
    out = {}
    for c in range(32):
        if hand >> c & 1:
            suit, rank = divmod(c, 8)
            out[c] = min(8 * suit + r for r in range(rank + 1) if hand >> (8 * suit + r) & 1
                         and all((hand | gone) >> (8 * suit + k) & 1 for k in range(r + 1, rank)))
    return out


def test_lowest_equals_is_its_definition_on_random_hands():
    rng = random.Random(54200)
    for _ in range(3000):
        cards = rng.sample(range(32), rng.randrange(1, 21))
        k = rng.randrange(0, len(cards) + 1)
        hand, gone = cards_to_mask(Card(c) for c in cards[:k]), cards_to_mask(Card(c) for c in cards[k:])
        assert lowest_equals(hand, gone) == slow_lowest_equals(hand, gone)


def test_equal_cards_are_one_choice_and_a_higher_one_gets_the_floor():
    values = {Card("7H").index: 5, Card("8H").index: 5, Card("AH").index: 4}
    equals = {Card("7H").index: Card("7H").index, Card("8H").index: Card("7H").index, Card("AH").index: Card("AH").index}
    params = {"temperature": 0.4, "floor": 0.02, "lowest_of_equals": True}
    p = card_probabilities(values, True, params, equals)
    assert isclose(sum(p.values()), 1.0)
    assert isclose(p[Card("8H").index], 0.02 / 3)  # the higher of two equals: the floor's share only
    two_choices = card_probabilities({0: 5, 1: 4}, True, {**params, "lowest_of_equals": False})
    assert isclose(p[Card("7H").index] - 0.02 / 3, two_choices[0] - 0.01)  # 7H and 8H one choice against AH
    # Without the term, or without the map, the cards are alike as before.
    plain = card_probabilities(values, True, {**params, "lowest_of_equals": False})
    assert card_probabilities(values, True, {**params, "lowest_of_equals": False}, equals) == plain
    assert card_probabilities(values, True, params) == plain
    assert isclose(plain[Card("7H").index], plain[Card("8H").index])


def test_only_the_equals_sets_have_the_term_and_their_policies_use_them():
    assert not weighs_equals("current") and not weighs_equals("v1")
    for name in ("lowest-of-equals", "equals-whole-play", "equals-tempered"):
        assert weighs_equals(name)
        assert parameters(name)["play"]["temperature"] == parameters("current")["play"]["temperature"]
    assert weighs_equals("equals-whole-play", whole_play=True) and not weighs_equals("lowest-of-equals", whole_play=True)
    assert temper("equals-tempered", "play") == 0.4 and temper("lowest-of-equals", "play") == temper("current", "play")
    assert temper("equals-tempered", "auction") == temper("current", "auction")
    for policy, models in (("hint-lowest-of-equals", "lowest-of-equals"), ("hint-equals-whole-play", "equals-whole-play"),
                           ("hint-equals-tempered", "equals-tempered")):
        assert make_policy(policy, 6, 0).models == models


@pytest.mark.parametrize("policy", ["hint", "hint-uniform", "hint-v1"])
def test_the_engines_play_the_lowest_of_their_equal_cards(policy):
    """The model's premise: every card the hint engines play is the lowest of its equals as far
    as the player knows (the cards of the tricks before, the declarer's own discard)."""
    checked = 0
    for i in range(2):
        record = play_deal([make_policy(policy, 6, 5420 + i)] * 3, dealer=i, seed=random.Random(54201 + i))
        state_hands = [cards_to_mask(h) for h in record.hands]
        talon = cards_to_mask(record.talon)
        if record.declarer is not None and record.contract != "M":
            state_hands[record.declarer] = (state_hands[record.declarer] | talon) & ~cards_to_mask(record.discard)
        played = list(record.play)
        for k, card in enumerate(played):
            trick_start = k - k % 3
            gone = cards_to_mask(played[:trick_start])
            who = next(s for s in range(3) if state_hands[s] >> card.index & 1)
            if who == record.declarer and record.discard:
                gone |= cards_to_mask(record.discard)
            hand = state_hands[who] & ~cards_to_mask(played[:k])
            assert lowest_equals(hand, gone)[card.index] == card.index, (policy, i, k, str(card))
            checked += 1
    assert checked == 60


def test_a_world_is_penalised_exactly_where_a_card_had_a_lower_equal():
    view = views_of(GAME.deals[0], 18)[1]
    layout = view.layout()
    worlds = list(layout.sample(layout.count(), seed=0))
    plain, equal = (inference_module.Evidence(view, layout, models=m) for m in ("current", "lowest-of-equals"))
    calls = inference_module.Evidence(view, layout, 0)  # the calls and the discard alone
    assert equal.plays == plain.plays
    floor = parameters("current")["play"]["floor"]
    penalised = 0
    for world in worlds:
        hands = view.world_hands(layout, world)
        start = [hands[s] | cards_to_mask(view.played_by(s)) for s in range(3)]
        played = [c for _, c in view.played]
        higher = False
        for who, card, _, trick, before in equal.plays:
            k = next(j for j, c in enumerate(played) if c.index == card)
            gone = cards_to_mask(played[:k - len(trick)])
            if who == view.declarer:  # he knows his discard is out of play
                gone |= view.world_deal(layout, world)["discard"]
            if slow_lowest_equals(start[who] & ~before[who], gone)[card] != card:
                higher = True
        a, b = plain.log_weight(world), equal.log_weight(world)
        if higher:
            penalised += 1
            # a card the model did not foresee: its term alone is at most the floor's share of 2 cards
            assert b - calls.log_weight(world) <= log(floor / 2) + 1e-9
        else:
            assert b >= a - 1e-9  # equal cards counted once: never less likely
    assert 0 < penalised < len(worlds)


def test_the_whole_play_set_weighs_the_earlier_cards_by_their_equals_alone():
    view = views_of(GAME.deals[0], 24)[2]
    layout = view.layout()
    worlds = list(layout.sample(min(layout.count(), 60), seed=1))
    last, whole = (inference_module.Evidence(view, layout, models=m) for m in ("lowest-of-equals", "equals-whole-play"))
    assert whole.plays == last.plays and len(whole.earlier) == 16 - 8 and last.earlier == []
    floor = parameters("current")["play"]["floor"]
    played = [c for _, c in view.played]
    hit = 0
    for world in worlds:
        hands = view.world_hands(layout, world)
        expected = 0.0
        for who, card, _, trick, before in whole.earlier:
            k = next(j for j, c in enumerate(played) if c.index == card)
            hand = (hands[who] | cards_to_mask(view.played_by(who))) & ~before[who]
            gone = cards_to_mask(played[:k - len(trick)])
            if who == view.declarer:  # he knows his discard is out of play
                gone |= view.world_deal(layout, world)["discard"]
            equals = slow_lowest_equals(hand, gone)
            size = sum(1 for c in equals if equals[c] == equals[card])
            expected += log((1 - floor if equals[card] == card else 0.0) + floor / size)
            hit += equals[card] != card
        assert isclose(whole.log_weight(world) - last.log_weight(world), expected, abs_tol=1e-9)
    assert hit > 0
