"""The hints (hints/bid.py, discard.py, play.py) on views with known answers, their result
format, determinism, time budget, and views rejected with the first bad item named."""

import time
from itertools import product

import pytest

from meksiko_solver import solve
from meksiko_solver.cards import Hand
from meksiko_solver.errors import MeksikoError, RecordError
from meksiko_solver.game import play_game
from meksiko_solver.hints import bid as bid_module
from meksiko_solver.hints.bid import bid_hint
from meksiko_solver.hints.discard import discard_classes, discard_hint
from meksiko_solver.hints.duplicate import make_policy
from meksiko_solver.hints.play import play_hint
from meksiko_solver.hints.view import View
from meksiko_solver.cards import mask_to_cards
from meksiko_solver.play import legal_cards, trick_winner
from meksiko_solver.scoring import score_deal
from reference_solver import reference_solve

# A cash-out ending. Seat 0 declares 5 with spades, has 4 tricks after 8 and leads with AC and
# 7D left; the unseen AD 9H 8D 8H lie with the defenders (both showed out of spades). AC wins
# the fifth trick in every layout; 7D lets the ace of diamonds in, and the return squeezes out AC.
HANDS = [["AS", "KS", "QS", "JS", "TS", "TH", "7C", "8C", "AC", "7D"],
         ["AH", "KH", "9H", "KC", "QC", "7S", "AD", "KD", "QD", "JD"],
         ["QH", "JH", "8H", "JC", "TC", "9S", "8S", "TD", "9D", "8D"]]
ENDING = {"dealer": 2, "auction": ["5", "NEXT", "NEXT"], "talon": ["7H", "9C"], "trump": "S",
          "play": ["7H", "AH", "JH", "KH", "QH", "TH", "KC", "TC", "7C", "QC", "JC", "8C",
                   "7S", "8S", "JS", "QS", "KD", "9S", "KS", "QD", "TD", "AS", "JD", "9D"]}
DECLARER_VIEW = {**ENDING, "seat": 0, "hand": HANDS[0], "discard": ["TS", "9C"]}

STRONG = "AKQJT987.AK.-.-"  # every spade and the top hearts: ten tricks as declarer, talon or not
WEAK = "987.98.98.987"


def test_play_hint_cash_out_ending():
    hint = play_hint(DECLARER_VIEW, samples=50, seed=0)
    assert hint.worlds == hint.consistent == 6 and hint.exhaustive
    assert str(hint.card) == "AC"
    ac, seven = hint.options
    assert (str(ac.card), ac.make, ac.tricks, ac.score, ac.best) == ("AC", 1.0, 5.0, 5.0, 1.0)
    assert (str(seven.card), seven.make, seven.tricks, seven.score) == ("7D", 0.0, 4.0, -5.0)


def test_play_hint_defender_and_partial_trick():
    """After the declarer's 7D, the defender to play second knows only his own two cards."""
    view = {**ENDING, "play": ENDING["play"] + ["7D"], "seat": 1, "hand": HANDS[1]}
    hint = play_hint(view, samples=20, seed=0)
    assert [str(o.card) for o in hint.options] == ["AD"]  # forced: his only diamond
    assert hint.exhaustive and str(hint.card) == "AD"
    # He cannot tell whether the declarer kept the AC or the talon's 9C (discarding the other).
    assert 0 < hint.options[0].make < 1 and 4 < hint.options[0].tricks < 5


GAME = play_game(seed=3, max_deals=4)


def _view(record, seat, upto):
    d = record.to_dict()
    v = {"rules": d["rules"], "mode": d["mode"], "seat": seat, "dealer": d["dealer"], "hand": d["hands"][seat],
         "auction": d["auction"], "trump": d["trump"], "play": d["play"][:upto]}
    if record.contract != "M":
        v["talon"] = d["talon"]
        if seat == record.declarer:
            v["discard"] = d["discard"]
    return View.from_dict(v)


def test_play_hint_picks_a_card_best_in_every_world():
    """Late positions, every consistent world enumerated: when some cards are double-dummy
    optimal in every world for the seat's side, the hint recommends one of them (a defender's
    cards ranked defeat first, as before issue 13: by his standing, a trick of his own may be
    worth a declarer's trick in some world, tested below)."""
    checked = 0
    for record in GAME.deals:
        for upto in range(18, 29):
            view = None
            for s in range(3):
                v = _view(record, s, upto)
                if v.to_move == s:
                    view = v
            if view is None or len(view.legal_cards) < 2:
                continue
            layout = view.layout()
            if layout.count() > 40:
                continue
            always = set(str(c) for c in view.legal_cards)
            for world in layout.enumerate():
                hands = [str(Hand(m)) for m in view.world_hands(layout, world)]
                r = solve(hands, view.trump if view.trump is None else "SHDC"[view.trump], view.declarer,
                          view.leader, [str(c) for c in view.trick])
                side = max if view.seat == view.declarer else min
                target = side(r.card_tricks.values())
                always &= {c for c, t in r.card_tricks.items() if t == target}
            hint = play_hint(view, samples=40, seed=1, standing=False)
            assert hint.exhaustive
            if always:
                assert str(hint.card) in always
                checked += 1
    assert checked >= 5


def test_bid_hint_sure_meksiko_and_hopeless_hand():
    # double-dummy figures (play_noise=False): sure and hopeless are exact
    sure = bid_hint({"seat": 0, "dealer": 2, "hand": STRONG, "auction": []}, samples=12, seed=0, play_noise=False)
    assert sure.call == "M" and sure.max_bid == "M"
    assert all(o.make == 1.0 for o in sure.options if o.call != "NEXT")
    assert sure.tricks == 10.0
    hopeless = bid_hint({"seat": 1, "dealer": 2, "hand": WEAK, "auction": ["5"]}, samples=12, seed=0, play_noise=False)
    assert hopeless.call == "NEXT" and hopeless.max_bid is None
    assert hopeless.options[0].make < 0.2  # a lucky talon now and then
    assert all(o.make == 0.0 for o in hopeless.options[2:] if o.call != "NEXT")
    opener = bid_hint({"seat": 0, "dealer": 2, "hand": WEAK, "auction": []}, samples=12, seed=0)
    assert opener.call == "5"  # the opener may not pass
    assert [o.legal for o in opener.options][-1] is False  # NEXT


def test_bid_hint_figures_are_consistent():
    hint = bid_hint({"seat": 2, "dealer": 1, "hand": "AKQ9.AJ8.K7.9", "auction": []}, samples=16, seed=4)
    numeric = [o for o in hint.options if o.call not in ("M", "NEXT")]
    makes = [o.make for o in numeric]
    scores = [o.score for o in numeric]
    assert makes == sorted(makes, reverse=True) and scores == sorted(scores, reverse=True)
    assert hint.predictions == {o.call: o.make for o in hint.options if o.call != "NEXT"}
    assert hint.pass_estimate["declarer"] == 0 and hint.pass_estimate["contract"] == "5"
    worth = [o.call for o in hint.options if o.call != "NEXT" and o.score > hint.pass_estimate["score"]]
    assert hint.max_bid == (worth[-1] if worth else None)


def _most_tricks_over_every_declaration(hands, talon, declarer):
    """The declarer's most tricks over the 4 trumps and the 66 discards of his twelve cards, each
    declaration solved on its own (the slow obvious way)."""
    twelve = [str(c) for c in mask_to_cards(hands[declarer] | talon)]
    others = [[str(c) for c in mask_to_cards(m)] for m in hands]
    best = 0
    for i in range(12):
        for j in range(i + 1, 12):
            kept = [c for k, c in enumerate(twelve) if k not in (i, j)]
            seats = [kept if s == declarer else others[s] for s in range(3)]
            best = max(best, max(solve(seats, t, declarer, declarer, [], card_values=False).tricks for t in "SHDC"))
    return best


def test_bid_hint_pass_estimate_lets_the_declarer_declare_his_best():
    """``best_pass_declaration`` (the default): in each world the likeliest declarer's discard and trump reach the
    most tricks any of his 264 declarations reaches, and never fewer than the rule of thumb's; the
    pass estimate says which declaration it assumed; a bad flag is refused."""
    view = View.from_dict({"seat": 2, "dealer": 0, "hand": "AQT.KJ8.A9.T9", "auction": ["5"]})
    layout = view.layout()
    worlds = [w for _, w in zip(range(3), layout.enumerate())]
    chosen = bid_module._their_declarations([view.world_deal(layout, w) for w in worlds], 1)
    for world, (discard, trump) in zip(worlds, chosen):
        deal = view.world_deal(layout, world)
        hands, talon = deal["hands"], deal["talon"]

        def tricks(discard, trump):
            seats = [[str(c) for c in mask_to_cards(((hands[1] | talon) & ~discard) if s == 1 else hands[s])]
                     for s in range(3)]
            return solve(seats, "SHDC"[trump], 1, 1, [], card_values=False).tricks

        best = tricks(discard, trump)
        assert best == _most_tricks_over_every_declaration(hands, talon, 1)
        assert best >= tricks(*bid_module.simple_declare(hands[1] | talon))
    assert "best discard" in bid_hint(view, samples=8, seed=0).pass_estimate["method"]
    assert "longest suit" in bid_hint(view, samples=8, seed=0, best_pass_declaration=False).pass_estimate["method"]
    with pytest.raises(MeksikoError, match="best_pass_declaration must be true or false"):
        bid_hint(view, samples=8, seed=0, best_pass_declaration="yes")


def test_bid_hint_totals_floor_softens_a_failure():
    view = {"seat": 0, "dealer": 2, "hand": WEAK, "auction": []}
    bare = bid_hint(view, samples=8, seed=0)
    poor = bid_hint({**view, "totals": [2, 30, 30]}, samples=8, seed=0)
    five = lambda h: next(o for o in h.options if o.call == "5")
    p = five(bare).make
    assert p < 0.5 and five(poor).make == p
    # mexico-club totals stop at 0: a failure costs 2, not 5
    assert five(poor).score - five(bare).score == pytest.approx(3 * (1 - p))


def test_discard_hint_keeps_the_sure_tricks():
    view = {"seat": 0, "dealer": 2, "hand": STRONG, "auction": ["10", "NEXT", "NEXT"], "talon": ["7C", "8C"]}
    hint = discard_hint(view, samples=16, seed=0)
    assert [str(c) for c in hint.discard] == ["8C", "7C"] and hint.trump == 0
    best = hint.options[0]
    assert best.make == 1.0 and best.tricks == 10.0 and best.score == 10.0
    assert all(o.make < 1.0 for o in hint.options[1:])


def test_discard_classes_merge_equivalent_cards():
    # KQJ of spades touch (a run), 9 and 7 of spades are separated by the unseen 8.
    twelve = Hand("KQJ97.A.-.-").mask | Hand("-.-.AKQ.AKQJ").mask
    classes = discard_classes(twelve)
    # Six runs: KQJ, 9 and 7 of spades; AH; AKQ of diamonds; AKQJ of clubs.
    assert len(classes) == len(set(classes)) == 6 * 5 // 2 + 3  # pairs of runs + runs of 2+
    assert Hand("J9.-.-.-").mask in classes  # lowest card of KQJ and the 9
    assert Hand("KQ.-.-.-").mask not in classes  # shown as its run's two lowest cards, QJ


def test_meksiko_declaration_names_trump_only():
    view = {"seat": 0, "dealer": 2, "hand": STRONG, "auction": ["M"]}
    hint = discard_hint(view, samples=8, seed=0)
    assert hint.discard == () and hint.trump == 0 and hint.options[0].make == 1.0


def test_to_dict_keys():
    bid = bid_hint({"seat": 0, "dealer": 2, "hand": STRONG, "auction": []}, samples=4, seed=0).to_dict()
    assert bid["call"] == "M" and {"options", "worlds", "max_bid", "pass"} <= set(bid)
    assert {"call", "make", "score", "legal"} == set(bid["options"][0])
    view = {"seat": 0, "dealer": 2, "hand": STRONG, "auction": ["10", "NEXT", "NEXT"], "talon": ["7C", "8C"]}
    d = discard_hint(view, samples=4, seed=0).to_dict()
    assert d["discard"] == ["8C", "7C"] and d["trump"] == "S" and {"options", "worlds"} <= set(d)
    assert {"discard", "trump", "tricks", "make", "score"} == set(d["options"][0])
    p = play_hint(DECLARER_VIEW, samples=4, seed=0, inference=False).to_dict()
    assert p["card"] == "AC" and p["worlds"] == 4 and {"options", "tie_break"} <= set(p)
    # Issue 13: with inference (the default) the worlds are weighted; with few layouts (6 here,
    # at most MAX_DRAW x samples) every one is enumerated and weighted; the 4 heaviest are solved
    # (a hint never solves more worlds than were asked for).
    p = play_hint(DECLARER_VIEW, samples=4, seed=0).to_dict()
    assert p["card"] == "AC" and p["weights"] == "model" and p["drawn"] == 6 and p["worlds"] == 4
    assert 1 <= p["ess"] <= 4
    assert {"card", "tricks", "make", "score", "best"} == set(p["options"][0])


def test_hints_are_deterministic_for_a_seed():
    record = GAME.deals[0]
    view = _view(record, record.declarer, 0)
    a = play_hint(view, samples=30, seed=7).to_dict()
    assert a == play_hint(view.to_dict(), samples=30, seed=7).to_dict()
    assert play_hint(view, samples=30, seed=7, inference=False).to_dict()["worlds"] == 30
    auction = {"seat": 0, "dealer": 2, "hand": "AQT.KJ.A97.T9", "auction": []}
    first = bid_hint(auction, samples=10, seed=3).to_dict()
    bid_module._CACHE.clear()
    assert bid_hint(auction, samples=10, seed=3).to_dict() == first
    assert bid_hint(auction, samples=10, seed=4).to_dict() != first


def test_time_budget_is_respected():
    record = GAME.deals[1]
    view = _view(record, record.declarer, 0)
    start = time.perf_counter()
    hint = play_hint(view, samples=100000, seed=0, time_budget_ms=150)
    spent = time.perf_counter() - start
    assert 0 < hint.worlds < 100000 and spent < 0.15 + 0.35
    bid_module._CACHE.clear()
    start = time.perf_counter()
    bid = bid_hint({"seat": 0, "dealer": 2, "hand": "AQT.KJ.A97.T9", "auction": []}, samples=5000,
                   seed=0, time_budget_ms=200)
    spent = time.perf_counter() - start
    assert 0 < bid.worlds < 5000 and spent < 0.2 + 0.5
    view = {"seat": 0, "dealer": 2, "hand": "AQT.KJ.A97.T9", "auction": ["6", "NEXT", "NEXT"],
            "talon": ["7C", "8C"]}
    start = time.perf_counter()
    disc = discard_hint(view, samples=5000, seed=0, time_budget_ms=300)
    spent = time.perf_counter() - start
    assert 0 < disc.worlds < 5000 and spent < 0.3 + 0.5


def test_wrong_turn_or_phase_is_refused():
    with pytest.raises(MeksikoError, match="turn to call"):
        bid_hint({"seat": 1, "dealer": 2, "hand": WEAK, "auction": []}, samples=4)
    with pytest.raises(MeksikoError, match="auction phase"):
        play_hint({"seat": 0, "dealer": 2, "hand": WEAK, "auction": []}, samples=4)
    with pytest.raises(MeksikoError, match="only the declarer"):
        discard_hint({"seat": 1, "dealer": 2, "hand": WEAK, "auction": ["5", "NEXT", "NEXT"],
                      "talon": ["AS", "KS"]}, samples=4)
    with pytest.raises(MeksikoError, match="samples"):
        play_hint(DECLARER_VIEW, samples=0)
    with pytest.raises(MeksikoError, match="time budget"):
        play_hint(DECLARER_VIEW, time_budget_ms=-5)


@pytest.mark.parametrize("change, message", [
    ({"hands": []}, "unknown key 'hands' in the view"),
    ({"seat": 3}, "seat: seat must be 0, 1 or 2"),
    ({"hand": HANDS[0][:9]}, "hand has 9 cards, it must have 10"),
    ({"hand": HANDS[0][:9] + ["AS"]}, "hand: duplicate card AS"),
    ({"hand": HANDS[0][:9] + ["XX"]}, "hand[9]: unknown"),
    ({"auction": ["5", "5"]}, "auction[1]: bid 5 is not higher than the current bid 5"),
    ({"talon": None}, "talon: contract 5 exposes the talon"),
    ({"talon": ["7H", "AS"]}, "talon: AS is also in the hand"),
    ({"discard": ["TS", "2C"]}, "discard[1]: unknown rank"),
    ({"discard": ["TS", "9D"]}, "discard: 9D is not in the declarer's (seat 0) hand"),
    ({"discard": []}, "discard: the declarer's own view must show"),
    ({"trump": "X"}, "trump: unknown trump"),
    ({"play": ["7H", "AH", "JH", "KH", "QH", "AC"]}, "play[5]: AC is not legal, seat 0 must follow hearts"),
    ({"play": ["7H", "AH", "AH"]}, "play[2]: AH was already played (play[1])"),
    ({"play": ["7H", "AC"]}, "play[1]: AC is in seat 0's own hand"),
    ({"play": ["7H", "TS"]}, "play[1]: TS was discarded by the declarer"),
    ({"play": ENDING["play"][:7] + ["9D", "7C", "QC", "JC"]},
     "play[10]: seat 2 showed out of clubs at play[7] and cannot hold JC"),
    ({"totals": [1, 2]}, "totals must be three whole numbers"),
    ({"totals": [-1, 2, 3]}, "totals: mexico-club totals are never below 0"),
])
def test_bad_views_name_the_first_bad_item(change, message):
    with pytest.raises(RecordError) as err:
        View.from_dict({**DECLARER_VIEW, **change})
    assert message in str(err.value)


def test_views_of_defenders_and_auction_are_checked():
    defender = {**ENDING, "seat": 1, "hand": HANDS[1]}
    View.from_dict(defender)
    with pytest.raises(RecordError, match="discard: only the declarer"):
        View.from_dict({**defender, "discard": ["TS", "9C"]})
    with pytest.raises(RecordError, match="play\\[1\\]: 9C is a talon card"):
        View.from_dict({**defender, "seat": 2, "hand": HANDS[2], "play": ["AS", "9C"]})
    with pytest.raises(RecordError, match="talon: the talon stays face down"):
        View.from_dict({"seat": 0, "dealer": 2, "hand": STRONG, "auction": ["5"], "talon": ["7C", "8C"]})
    with pytest.raises(RecordError, match="on Meksiko the talon stays face down"):
        View.from_dict({"seat": 0, "dealer": 2, "hand": STRONG, "auction": ["M"], "talon": ["7C", "8C"]})


def test_impossible_layout_is_rejected():
    """Seat 2 shows out of two suits too early for the unseen cards to fill its hand."""
    hand = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AH", "KH"]
    base = {"seat": 0, "dealer": 2, "hand": hand, "auction": ["5", "NEXT", "NEXT"], "talon": ["AD", "KD"],
            "discard": ["AD", "KD"], "trump": "S"}
    View.from_dict({**base, "play": ["AS", "7D", "7C"]})
    # Both defenders show out of spades, then of hearts: six unseen hearts have nowhere to be.
    with pytest.raises(RecordError, match=r"play\[5\]: no layout of the unseen cards fits"):
        View.from_dict({**base, "play": ["AS", "7D", "7C", "AH", "8D", "8C", "KH", "9D", "9C"]})


def _sure_taker(view, hands, card):
    """The seat winning the trick in progress with ``card`` added, if it takes the trick in
    every legal continuation (enumerated with the Card-level rules), else None."""
    takers = set()

    def play_on(cards):
        if len(cards) == 3:
            takers.add(trick_winner(cards, view.leader, view.trump))
            return
        seat = (view.leader + len(cards)) % 3
        for c in legal_cards(mask_to_cards(hands[seat]), cards, view.trump):
            play_on([*cards, c])

    play_on([*view.trick, card])
    winning = trick_winner([*view.trick, card], view.leader, view.trump)
    return winning if takers == {winning} else None


def _standing_over_tosses(view, declarer_tricks, own, partner_won):
    """The defender's mean standing (own score minus the other two seats' mean) when the
    declarer takes ``declarer_tricks`` and the defence's other open tricks are split toss by toss."""
    seat, declarer = view.seat, view.declarer
    partner = 3 - seat - declarer
    outcomes = []
    for tosses in product((seat, partner), repeat=10 - declarer_tricks - own - partner_won):
        tricks = [0, 0, 0]
        tricks[declarer] = declarer_tricks
        tricks[seat] = own + tosses.count(seat)
        tricks[partner] = partner_won + tosses.count(partner)
        s = score_deal(view.contract, declarer, tricks, view.profile, view.scoring)
        outcomes.append(s[seat] - (s[declarer] + s[partner]) / 2)
    return sum(outcomes) / len(outcomes)


def _standing_by_brute_force(view, worlds):
    """Each card's mean standing (own score minus the other two seats' mean) over the worlds
    (hands, double-dummy card values), a trick that a defender wins and keeps in every
    continuation credited to him and every other open trick's defender split enumerated toss by toss."""
    seat, declarer = view.seat, view.declarer
    partner = 3 - seat - declarer
    totals = {}
    for hands, values in worlds:
        for card, value in values.items():
            won = list(view.tricks_won)
            taker = _sure_taker(view, hands, next(c for c in view.legal_cards if str(c) == card))
            if taker is not None and taker != declarer:
                won[taker] += 1
            t = view.tricks_won[declarer] + value
            totals.setdefault(card, []).append(_standing_over_tosses(view, t, won[seat], won[partner]))
    return {card: sum(v) / len(v) for card, v in totals.items()}


def test_play_hint_defender_plays_for_his_standing():
    """Late defender positions with every world enumerated and uniform weights, his own tricks not
    searched (``own_search=False``, as in ``hint-v1``): the hint's card has the highest standing
    computed by brute force (own score minus the other two seats' mean, a trick that a defender wins
    and keeps whatever the others play credited to him). Among them, a
    defender takes a trick from his partner where the order of the engine before issue 13 (defeat
    first, then fewer declarer tricks, then own score with the trick split by a coin toss) let him
    duck."""
    checked = overtakes = 0
    for record in GAME.deals:
        if record.declarer is None:
            continue
        for upto in range(12, 29):
            view = next((v for v in (_view(record, s, upto) for s in range(3)) if v.to_move == v.seat), None)
            if view is None or view.seat == view.declarer or len(view.legal_cards) < 2:
                continue
            layout = view.layout()
            if layout.count() > 60:
                continue
            worlds = []
            for world in layout.enumerate():
                masks = view.world_hands(layout, world)
                r = solve([str(Hand(m)) for m in masks], view.trump if view.trump is None else "SHDC"[view.trump],
                          view.declarer, view.leader, [str(c) for c in view.trick])
                worlds.append((masks, r.card_tricks))
            expected = _standing_by_brute_force(view, worlds)
            hint = play_hint(view, samples=60, seed=1, inference=False, own_search=False)
            assert hint.exhaustive
            by_card = {str(o.card): o.standing for o in hint.options}
            for card, value in expected.items():
                assert by_card[card] == pytest.approx(value, abs=1e-3)
            assert expected[str(hint.card)] == pytest.approx(max(expected.values()), abs=1e-9)
            checked += 1
            old = play_hint(view, samples=60, seed=1, inference=False, standing=False)
            if checked == 1:
                with pytest.raises(MeksikoError, match="standing must be true or false, not 'no'"):
                    play_hint(view, samples=60, seed=1, standing="no")
            assert old.options[0].standing is None and "defeat" in old.to_dict()["tie_break"]
            if len(view.trick) == 2 and str(hint.card) != str(old.card):
                overtakes += 1
    assert checked >= 10 and overtakes >= 1


def _own_search_standing_by_brute_force(view, worlds):
    """Each card's mean standing when the defender's own tricks are searched: in every world
    the tricks he takes alone against the other two (the reference solver, him as its
    'declarer') are his, and with a third entry (his partner alone) the partner's are his; the
    defence's other open tricks split toss by toss."""
    seat, declarer = view.seat, view.declarer
    partner = 3 - seat - declarer
    totals = {}
    for values, alone, *partner_alone in worlds:
        for card, value in values.items():
            t = view.tricks_won[declarer] + value
            open_tricks = 10 - t - view.tricks_won[seat] - view.tricks_won[partner]
            theirs = partner_alone[0][card] if partner_alone else 0
            assert alone[card] + theirs <= open_tricks  # both sure of theirs: the defence takes at least that
            mine = view.tricks_won[seat] + alone[card]
            totals.setdefault(card, []).append(_standing_over_tosses(view, t, mine, view.tricks_won[partner] + theirs))
    return {card: sum(v) / len(v) for card, v in totals.items()}


@pytest.mark.parametrize("partner_search", [False, True])
def test_play_hint_sure_tricks_against_brute_force(partner_search):
    """``own_search`` and ``partner_search`` (both the default): late defender positions with every
    world enumerated, uniform weights; each card's standing equals a brute force over the reference
    solver (no engine code) with the defender's own tricks searched alone against the other two,
    and with ``partner_search`` his partner's too. The declarer's hints are the same with either
    off, the partner's search changes nothing without the own search, and it moves some standing."""
    checked = moved = 0
    for record in GAME.deals:
        if record.declarer is None:
            continue
        for upto in range(15, 29):
            view = next((v for v in (_view(record, s, upto) for s in range(3)) if v.to_move == v.seat), None)
            if view is None or len(view.legal_cards) < 2:
                continue
            if view.seat == view.declarer:
                a = play_hint(view, samples=30, seed=1).to_dict()
                assert a == play_hint(view, samples=30, seed=1, own_search=False).to_dict()
                assert a == play_hint(view, samples=30, seed=1, partner_search=False).to_dict()
                continue
            a = play_hint(view, samples=30, seed=1, own_search=False).to_dict()
            assert a == play_hint(view, samples=30, seed=1, own_search=False, partner_search=False).to_dict()
            layout = view.layout()
            if layout.count() > 40:
                continue
            trump = None if view.trump is None else "SHDC"[view.trump]
            trick = [str(c) for c in view.trick]
            searched = (view.declarer, view.seat) + ((3 - view.seat - view.declarer,) if partner_search else ())
            worlds = []
            for world in layout.enumerate():
                hands = [[str(c) for c in mask_to_cards(m)] for m in view.world_hands(layout, world)]
                worlds.append(tuple(reference_solve(hands, trump, s, view.leader, trick)[1] for s in searched))
            expected = _own_search_standing_by_brute_force(view, worlds)
            hint = play_hint(view, samples=60, seed=1, inference=False, partner_search=partner_search)
            assert hint.exhaustive
            by_card = {str(o.card): o.standing for o in hint.options}
            assert by_card == pytest.approx(expected, abs=1e-3)
            assert expected[str(hint.card)] == pytest.approx(max(expected.values()), abs=1e-9)
            other = play_hint(view, samples=60, seed=1, inference=False, partner_search=not partner_search)
            moved += any(abs(o.standing - by_card[str(o.card)]) > 1e-6 for o in other.options)
            checked += 1
    assert checked >= 8 and moved >= 1
    with pytest.raises(MeksikoError, match="own_search must be true or false"):
        play_hint(view, samples=10, seed=1, own_search="yes")
    with pytest.raises(MeksikoError, match="partner_search must be true or false"):
        play_hint(view, samples=10, seed=1, partner_search="yes")
    assert make_policy("hint", 8, 0).partner_search
    assert not any(make_policy(name, 8, 0).partner_search for name in ("hint-no-partner-search", "hint-v1", "hint-uniform"))
