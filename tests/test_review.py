"""Post-game review (review.py): constructed deals with known mistakes, unfinished records,
whole games, bad input, and invariants on random arena deals."""

import json
import random
import time

import pytest

from meksiko_solver import Position, Solver
from meksiko_solver.analysis import analyze_declarer
from meksiko_solver.errors import MeksikoError, OptionError, RecordError
from meksiko_solver.game import play_deal, play_game
from meksiko_solver.hints.weights import MAX_DRAW_SOLVED
from meksiko_solver.policies import RandomPolicy
from meksiko_solver.record import DealRecord, GameRecord
from meksiko_solver.review import GameReview, Review, load_record, mark_for, review

# Deal A: seat 0 declares 9 in spades with five trumps, AKQ7 of hearts and AD: nine top tricks.
# Seat 1 holds no trumps and JT98 of hearts, the only guard against the 7H. He must keep his four
# hearts while the declarer draws trumps; throwing the 8H on the first spade sets up the 7H.
HANDS_A = [["AS", "KS", "QS", "JS", "TS", "AH", "KH", "QH", "7H", "7D"],
           ["JH", "TH", "9H", "8H", "KD", "QD", "JD", "AC", "KC", "QC"],
           ["9S", "8S", "7S", "TD", "9D", "8D", "JC", "TC", "9C", "8C"]]
TALON_A = ["AD", "7C"]
PLAY_A = ("AS 8H 7S KS KD 8S QS QD 9S AH JH TD KH TH 9D QH 9H 8D 7H JD JC "
          "JS AC TC TS KC 9C AD QC 8C").split()

# Deal B: seat 0 declares 10 in spades with AKQJ of trumps, AKQJ of hearts and AK of diamonds.
# Seat 1 is void in hearts and holds T9 of trumps: drawing trumps first takes all ten tricks,
# cashing the AH first lets seat 1 ruff.
HANDS_B = [["AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH", "AD", "KD"],
           ["TS", "9S", "QD", "JD", "TD", "AC", "KC", "QC", "JC", "TC"],
           ["8S", "7S", "TH", "9H", "8H", "7H", "9D", "8D", "9C", "8C"]]
TALON_B = ["7D", "7C"]
PLAY_B_WRONG = ("AH 9S TH AC 9C AS KS TS 7S QS QD 8S KH KC 9H QH QC 8H JH JC 7H "
                "JS JD 9D AD TD 8D KD TC 8C").split()
PLAY_B_RIGHT = ("AS TS 7S KS 9S 8S AH QD TH KH JD 9H QH TD 8H JH AC 7H "
                "QS KC 9D JS QC 8D AD JC 9C KD TC 8C").split()


def deal(hands, talon, play, contract, discard=("7D", "7C"), trump="S", **extra):
    auction = ["M"] if contract == "M" else [contract, "NEXT", "NEXT"]  # mexico-club: Meksiko ends it
    return DealRecord.from_dict({"dealer": 2, "hands": hands, "talon": talon,
                                 "auction": auction, "discard": list(discard),
                                 "trump": trump, "play": play, **extra})


def check_invariants(r: Review, solver=None):
    """Per-card consistency of a review; with ``solver``, every position re-solved from scratch."""
    rec = r.record
    for a, b in zip(r.cards, r.cards[1:]):
        assert a.after == b.before, (a, b)
    for c in r.cards:
        assert c.loss >= 0 and c.loss == (c.before - c.after if c.seat == r.declarer else c.after - c.before)
        assert c.mark == mark_for(c.loss)
        assert (c.card in c.best) == (c.loss == 0)
    if r.cards:
        assert r.value.to_dict() == {"start": r.cards[0].before, "end": r.cards[-1].after}
        # the sum of a side's losses is the drop of that side's double-dummy value over its cards,
        # and together they give the change of the declarer's value over the deal
        decl = sum(c.before - c.after for c in r.cards if c.seat == r.declarer)
        defs = sum((10 - c.after) - (10 - c.before) for c in r.cards if c.seat != r.declarer)
        assert r.side_loss("declarer") == decl
        assert r.side_loss("defenders") == -defs
        assert r.value.to_dict()["end"] - r.value.to_dict()["start"] == r.side_loss("defenders") - r.side_loss("declarer")
        assert sum(p.tricks_lost for p in r.players) == r.side_loss("declarer") + r.side_loss("defenders")
        assert sum(p.cards for p in r.players) == len(r.cards) == len(rec.play)
    if rec.finished:
        assert r.value.to_dict()["end"] == rec.tricks_won[r.declarer]
    if r.discard is not None:
        assert r.discard.to_dict()["loss"] == r.discard.to_dict()["best_tricks"] - r.discard.to_dict()["tricks"] >= 0
        assert r.discard.to_dict()["best_trump_tricks"] >= r.discard.to_dict()["best_tricks"]
        assert (r.discard.to_dict()["chosen"] in r.discard.to_dict()["best"]) == (r.discard.to_dict()["loss"] == 0)
    if solver is None:
        return
    # walk the play again with independent solves (a fresh table for each position)
    from meksiko_solver.deal import DealState

    state = DealState(rec.hands, rec.talon, rec.dealer, rec.rules, rec.mode)
    for call in rec.auction:
        state.call(call)
    if state.phase == "declare":
        state.declare(rec.discard, rec.trump)
    for c in r.cards:
        trump = state.trump  # a Suit (Suit.NO_TRUMP without trump)
        pos = Position.create([list(state.hand(s)) for s in range(3)], trump, r.declarer, state.leader,
                              state.trick_cards)
        solver.table_clear()
        res = solver.solve_position(pos)
        base = state.tricks_won[r.declarer]
        assert c.before == base + res.tricks, c
        assert c.after == base + res.card_tricks[c.card], c
        assert c.best == res.best_cards, c
        state.play(c.card)


class FreshSolver(Solver):
    def table_clear(self):
        self._core.clear_table()


# --- constructed deals ---------------------------------------------------------------------------

def test_defender_discarding_the_guard_is_marked():
    r = review(deal(HANDS_A, TALON_A, PLAY_A, "9"))
    first = r.cards[:3]
    assert [(c.card, c.before, c.after, c.loss, c.mark) for c in first] == [
        ("AS", 9, 9, 0, ""), ("8H", 9, 10, 1, "?"), ("7S", 10, 10, 0, "")]
    assert first[1].seat == 1 and first[1].side == "defenders"
    assert first[1].best == ["KD", "QD", "JD", "AC", "KC", "QC"]  # any card but a heart
    assert [c.i for c in r.mistakes] == [1]
    assert [p.to_dict() for p in r.players] == [
        {"seat": 0, "role": "declarer", "cards": 10, "mistakes": 0, "tricks_lost": 0},
        {"seat": 1, "role": "defender", "cards": 10, "mistakes": 1, "tricks_lost": 1},
        {"seat": 2, "role": "defender", "cards": 10, "mistakes": 0, "tricks_lost": 0}]
    assert r.result.to_dict() == {"tricks": [10, 0, 0], "finished": True, "made": True, "scores": [10, 0, 0]}
    assert r.bid.to_dict()["called"] == "9" and r.bid.to_dict()["max_bid"] == 9 and r.bid.to_dict()["verdict"] == "exact"
    assert r.discard.to_dict() == {"chosen": ["7D", "7C"], "tricks": 9, "best_tricks": 9,
                         "best": [["7H", "7D"], ["7H", "7C"], ["7D", "7C"]], "best_trump": "S",
                         "best_trump_tricks": 9, "loss": 0, "mark": ""}
    check_invariants(r, FreshSolver())


def test_defender_keeping_the_guard_holds_the_declarer_to_nine():
    play = ("AS KD 7S KS QD 8S QS JD 9S AH JH TD KH TH 9D QH 9H 8D 7H 8H JC "
            "AC TC JS TS KC 9C AD QC 8C").split()
    r = review(deal(HANDS_A, TALON_A, play, "9"))
    assert not r.mistakes
    assert r.value.to_dict() == {"start": 9, "end": 9} and r.result.to_dict()["tricks"] == [9, 1, 0]
    check_invariants(r)


def test_bad_discard_is_judged_against_the_best():
    r = review(deal(HANDS_A, TALON_A, [], "9", discard=["AD", "7C"]))
    assert r.discard.to_dict()["tricks"] == 8 and r.discard.to_dict()["best_tricks"] == 9
    assert r.discard.to_dict()["loss"] == 1 and r.discard.to_dict()["mark"] == "?"
    assert r.cards == [] and r.value.to_dict() == {"start": 8, "end": 8}


def test_declarer_cashing_in_the_wrong_order():
    r = review(deal(HANDS_B, TALON_B, PLAY_B_WRONG, "10"))
    lead = r.cards[0]
    assert (lead.card, lead.before, lead.after, lead.loss, lead.mark) == ("AH", 10, 9, 1, "?")
    assert lead.side == "declarer" and lead.best == ["AS", "KS", "QS", "JS", "AD", "KD"]
    assert r.players[0].mistakes == 1 and r.players[0].tricks_lost == 1
    assert r.result.to_dict()["made"] is False and r.result.to_dict()["tricks"][0] == 9
    assert r.result.to_dict()["scores"] == [-10, 1, 0]
    assert r.bid.to_dict()["max_bid"] == "M" and r.bid.to_dict()["verdict"] == "under"  # the dealt hand alone makes Meksiko
    check_invariants(r, FreshSolver())

    right = review(deal(HANDS_B, TALON_B, PLAY_B_RIGHT, "10"))
    assert not right.mistakes and right.result.to_dict()["made"] is True
    check_invariants(right)


def test_meksiko_has_no_discard_and_classic_no_trump():
    play = PLAY_B_RIGHT
    r = review(deal(HANDS_B, TALON_B, play, "M", discard=[]))
    assert r.contract == "M" and r.trump == "S" and r.discard is None
    assert r.bid.to_dict()["called"] == "M" and r.bid.to_dict()["verdict"] == "exact"
    assert r.value.to_dict() == {"start": 10, "end": 10} and r.result.to_dict()["scores"] == [20, 0, 0]
    classic = DealRecord.from_dict({"rules": "classic", "dealer": 2, "hands": HANDS_B, "talon": TALON_B,
                                    "auction": ["M", "NEXT", "NEXT"], "play": PLAY_B_RIGHT[:6]})
    r = review(classic)
    assert r.trump == "N" and r.discard is None and r.bid.to_dict()["meksiko"].keys() == {"N"}
    assert len(r.cards) == 6
    check_invariants(r, FreshSolver())
    assert "no trump" in r.report()


def test_to_dict_has_the_issue_keys():
    d = review(deal(HANDS_A, TALON_A, PLAY_A, "9")).to_dict()
    assert {"declarer", "contract", "trump", "result", "bid", "discard", "cards", "players"} <= d.keys()
    assert {"tricks", "made", "scores"} <= d["result"].keys()
    assert {"called", "max_bid"} <= d["bid"].keys()
    assert {"chosen", "tricks", "best_tricks", "best", "best_trump"} <= d["discard"].keys()
    assert d["cards"][1] == {"i": 1, "trick": 1, "seat": 1, "card": "8H", "before": 9, "after": 10, "loss": 1,
                             "best": ["KD", "QD", "JD", "AC", "KC", "QC"], "mark": "?"}
    assert {"seat", "mistakes", "tricks_lost"} <= d["players"][0].keys()
    assert (d["declarer"], d["contract"], d["trump"]) == (0, "9", "S")
    json.dumps(d)


def test_report_is_trick_by_trick_with_marks():
    text = review(deal(HANDS_A, TALON_A, PLAY_A, "9")).report()
    assert "    1  0:AS    1:8H?   2:7S" in text
    assert "8H? by seat 1 (defender) cost 1 trick (9 -> 10); best: KD QD JD AC KC QC" in text
    assert "seat 1 defender  1 mistake    1 trick lost in 10 card(s)" in text
    assert text.count("\n") > 20


def test_mark_for():
    assert [mark_for(n) for n in range(5)] == ["", "?", "??", "??", "??"]


# --- unfinished records ------------------------------------------------------------------------

def test_unfinished_in_the_auction():
    rec = DealRecord.from_dict({"dealer": 2, "hands": HANDS_A, "talon": TALON_A, "auction": ["6", "7"]})
    r = review(rec)
    assert r.declarer is None and r.bid is None and r.discard is None and r.cards == []
    assert r.to_dict()["phase"] == "auction" and r.result.to_dict()["made"] is None
    assert "auction is not over" in r.report()


def test_unfinished_before_the_discard():
    rec = DealRecord.from_dict({"dealer": 2, "hands": HANDS_A, "talon": TALON_A, "auction": ["9", "NEXT", "NEXT"]})
    r = review(rec)
    assert r.declarer == 0 and r.bid.to_dict()["max_bid"] == 9 and r.discard is None and r.trump is None
    assert r.cards == [] and r.phase == "declare"
    assert "not discarded" in r.report()


def test_unfinished_mid_trick():
    r = review(deal(HANDS_A, TALON_A, PLAY_A[:14], "9"))
    assert len(r.cards) == 14 and r.result.to_dict()["finished"] is False and r.result.to_dict()["scores"] is None
    assert r.result.to_dict()["tricks"] == [4, 0, 0]
    assert r.cards[-1].trick == 5
    check_invariants(r, FreshSolver())
    assert "unfinished after 14 card(s)" in r.report()


# --- games and input ----------------------------------------------------------------------------

def test_game_record_is_reviewed_deal_by_deal():
    game = play_game(seed=5, max_deals=3)
    g = review(game)
    assert isinstance(g, GameReview) and len(g.deals) == 3
    for rec, r in zip(game.deals, g.deals):
        assert r.to_dict() == review(rec).to_dict()
    totals = g.to_dict()["players"]
    for seat in range(3):
        assert totals[seat]["tricks_lost"] == sum(r.players[seat].tricks_lost for r in g.deals)
        assert totals[seat]["mistakes"] == sum(r.players[seat].mistakes for r in g.deals)
    assert g.report().count("=== Deal") == 3
    # the same from the JSON text and the JSON object
    assert review(game.to_json()).to_dict() == g.to_dict()
    assert review(json.loads(game.to_json())).to_dict() == g.to_dict()


def test_unfinished_game_last_deal():
    game = play_game(seed=2, max_deals=2)
    data = game.to_dict()
    last = data["deals"][-1]
    last["play"] = last["play"][:7]
    for key in ("scores", "totals", "winners"):
        data.pop(key)
    g = review(data)
    assert len(g.deals) == 2 and len(g.deals[-1].cards) == 7


def test_load_record_accepts_records_objects_and_text():
    rec = deal(HANDS_A, TALON_A, PLAY_A, "9")
    assert load_record(rec) is rec
    assert load_record(rec.to_json()) == rec
    assert load_record(rec.to_dict()) == rec
    assert isinstance(load_record(play_game(seed=1, max_deals=1).to_dict()), GameRecord)


@pytest.mark.parametrize("bad, words", [
    (42, "not int"),
    ("{not json", "not valid JSON"),
    ({"dealer": 2, "hands": HANDS_A, "talon": ["AD", "AS"]}, "talon"),
    ({"dealer": 2, "hands": HANDS_A, "talon": TALON_A, "auction": ["9", "NEXT", "NEXT"],
      "discard": ["7D", "7C"], "trump": "S", "play": ["AS", "JH", "TD"]}, "play[2]: TD is not legal"),
    ({"deals": [{"dealer": 0, "hands": HANDS_A, "talon": TALON_A, "auction": ["4"]}]}, "deals[0]: auction[0]"),
])
def test_bad_input_names_the_item(bad, words):
    with pytest.raises(RecordError) as err:
        review(bad)
    assert words in str(err.value)
    assert isinstance(err.value, MeksikoError)


def test_own_solver_gives_the_same_review():
    rec = deal(HANDS_B, TALON_B, PLAY_B_WRONG, "10")
    assert review(rec, solver=Solver(table_mb=1)).to_dict() == review(rec).to_dict()


# --- random arena deals ------------------------------------------------------------------------

def arena_deals(count, seed, rules="mexico-club"):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        policies = [RandomPolicy(rng.getrandbits(64)) for _ in range(3)]
        out.append(play_deal(policies, dealer=i % 3, seed=rng.getrandbits(64), rules=rules))
    return out


@pytest.mark.parametrize("rules", ["mexico-club", "classic"])
def test_invariants_on_random_arena_deals(rules):
    solver = Solver()
    deals = arena_deals(40, seed=11 if rules == "classic" else 7, rules=rules)
    double = 0
    for rec in deals:
        r = review(rec, solver=solver)
        check_invariants(r)
        double += any(c.mark == "??" for c in r.cards)
        if r.discard is not None:
            a = analyze_declarer(rec.hands, rec.talon, rec.declarer, rules)
            assert r.discard.to_dict()["best_tricks"] == a.with_talon[r.trump]["tricks"]
            assert r.discard.to_dict()["best_trump"] == a.best["trump"] and r.bid.to_dict()["max_bid"] == a.max_bid
    assert double > 0  # random play makes two-trick blunders too


def test_random_arena_deals_against_fresh_solves():
    """The shared table and the forced-card shortcut change nothing: each position re-solved alone."""
    fresh = FreshSolver(table_mb=1)
    shared = Solver()
    for rec in arena_deals(6, seed=3):
        check_invariants(review(rec, solver=shared), fresh)


# --- the single-dummy layer ----------------------------------------------------------------------

def check_single_dummy(r: Review):
    for c in r.cards:
        assert c.sd_loss is not None and c.sd_loss >= 0 and c.sd_best
        assert c.sd_mark == ("" if c.sd_loss < 0.5 else "?" if c.sd_loss < 1.5 else "??")
        assert (c.card in c.sd_best) == (c.sd_loss == 0)
        assert c.excused == (c.loss > 0 and c.sd_loss < 0.05)
    for p in r.players:
        cards = [c for c in r.cards if c.seat == p.seat]
        assert p.sd_mistakes == sum(bool(c.sd_mark) for c in cards)
        assert p.excused == sum(bool(c.excused) for c in cards)
        assert abs(p.sd_tricks_lost - sum(c.sd_loss for c in cards)) < 1e-9
    d = r.to_dict()
    assert d["single_dummy"] == r.single_dummy
    assert all({"sd_loss", "sd_best", "sd_mark", "excused"} <= c.keys() for c in d["cards"])
    json.dumps(d)


def test_single_dummy_excuses_a_discard_the_defender_could_not_know_was_wrong():
    # Seat 1 cannot see where the AKQ7 of hearts lie: on what he knows, a heart is his best discard
    # on the first trump (fewer declarer tricks on average than a diamond or a club), though
    # double-dummy it sets up the 7H.
    r = review(deal(HANDS_A, TALON_A, PLAY_A[:2], "9"), single_dummy=True, samples=1000)
    c = r.cards[1]
    assert (c.card, c.loss, c.mark) == ("8H", 1, "?")
    assert c.sd_loss == 0 and c.sd_best == ["JH", "TH", "9H", "8H"] and c.excused is True
    assert r.players[1].excused == 1 and r.players[1].mistakes == 1
    check_single_dummy(r)
    text = r.report()
    assert "1:8H(?)" in text and "excused" in text


def test_single_dummy_keeps_the_declarers_wrong_order():
    # Cashing the AH before drawing trumps loses whenever a defender is void in hearts: the
    # declarer could know that, so the mistake is not excused (a small expected loss).
    r = review(deal(HANDS_B, TALON_B, PLAY_B_WRONG[:1], "10"), single_dummy=True, samples=1000)
    c = r.cards[0]
    assert (c.card, c.loss) == ("AH", 1)
    assert 0.05 < c.sd_loss < 0.5 and c.excused is False and c.sd_mark == ""
    assert c.sd_best == ["AS", "KS", "QS", "JS"]
    check_single_dummy(r)


def test_single_dummy_whole_deals_are_seeded():
    rec = arena_deals(1, seed=21)[0]
    a = review(rec, single_dummy=True, samples=30, seed=4)
    check_single_dummy(a)
    check_invariants(a)
    assert review(rec, single_dummy=True, samples=30, seed=4).to_dict() == a.to_dict()
    # the double-dummy part is the same as without the layer
    plain = review(rec).to_dict()
    strip = {"sd_loss", "sd_best", "sd_mark", "excused", "sd_mistakes", "sd_tricks_lost"}
    for key in ("cards", "players"):
        assert [{k: v for k, v in x.items() if k not in strip} for x in a.to_dict()[key]] == plain[key]
    # forced cards lose nothing single-dummy either
    assert all(c.sd_loss == 0 for c in a.cards if c.best == [c.card] and c.trick == 10)


def test_single_dummy_game_record():
    g = review(play_game(seed=5, max_deals=2), single_dummy=True, samples=20)
    for r in g.deals:
        check_single_dummy(r)
    totals = g.to_dict()["players"]
    assert all("excused" in p for p in totals)
    assert "single-dummy" in g.report()


@pytest.mark.parametrize("kwargs, words", [
    ({"samples": 0}, "samples must be a positive whole number"),
    ({"samples": "10"}, "samples"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"single_dummy": "yes"}, "single_dummy must be true or false"),
])
def test_single_dummy_bad_options(kwargs, words):
    with pytest.raises(OptionError) as err:
        review(deal(HANDS_A, TALON_A, PLAY_A[:2], "9"), **{"single_dummy": True, **kwargs})
    assert words in str(err.value)


def test_the_openers_forced_five_is_no_overbid():
    """Issue 14: the opener may not pass, so a 5 the hand does not make is "forced", not "over"."""
    record = play_deal([RandomPolicy(90 + s) for s in range(3)], dealer=0, seed=9)
    assert record.auction == ("5", "NEXT", "NEXT") and record.declarer == 1
    r = review(record)
    assert r.bid.max_bid is None and r.bid.verdict == "forced"
    assert "forced bid" in r.report() and "an overbid" not in r.report()


# --- the single-dummy layer under a time budget (issue 15: reviews degrade instead of failing) ----

TIMED_KEYS = {"sd_worlds", "sd_complete"}


def untimed(d: dict) -> dict:
    """A review's to_dict without what only a time budget adds."""
    d = dict(d, cards=[{k: v for k, v in c.items() if k not in TIMED_KEYS} for c in d["cards"]])
    if d.get("single_dummy"):
        d["single_dummy"] = {k: v for k, v in d["single_dummy"].items() if k in ("samples", "seed")}
    return d


def double_dummy_part(d: dict) -> dict:
    strip = TIMED_KEYS | {"sd_loss", "sd_best", "sd_mark", "excused", "sd_mistakes", "sd_tricks_lost"}
    return {key: [{k: v for k, v in x.items() if k not in strip} for x in d[key]] for key in ("cards", "players")} | {
        key: d[key] for key in ("bid", "discard", "value", "result", "contract", "trump")}


def test_a_budget_that_suffices_gives_the_unbudgeted_review():
    rec = arena_deals(1, seed=21)[0]
    plain = review(rec, single_dummy=True, samples=30, seed=4)
    timed = review(rec, single_dummy=True, samples=30, seed=4, time_budget_ms=120_000)
    assert timed.single_dummy == {"samples": 30, "seed": 4, "time_budget_ms": 120_000, "complete": True}
    assert untimed(timed.to_dict()) == plain.to_dict()
    assert all(c.sd_complete for c in timed.cards)
    check_single_dummy(timed)


def test_a_review_whose_budget_runs_out_keeps_its_double_dummy_layer_whole():
    # before: the service stopped such a review with 503 time_budget; the library had no budget
    rec = arena_deals(1, seed=21)[0]
    plain = review(rec)
    # gone before the first card: 1 microsecond (1 ms is not always spent by the double-dummy layer
    # of one deal on a fast machine, and the first card then got what was left)
    spent = review(rec, single_dummy=True, samples=1000, time_budget_ms=0.001)
    assert double_dummy_part(spent.to_dict()) == double_dummy_part(plain.to_dict())
    assert spent.single_dummy["complete"] is False
    choices = [c for c in spent.cards if c.sd_loss is None]
    assert choices and all(c.sd_worlds == 0 and not c.sd_complete for c in choices)
    assert all(p.sd_mistakes == 0 and p.excused == 0 for p in spent.players)
    assert "ran out" in spent.report() and "incomplete" in spent.report()
    json.dumps(spent.to_dict())


def test_a_short_budget_judges_cards_on_fewer_worlds_within_the_budget():
    rec = play_game(seed=2026, max_deals=1).deals[0]
    plain = review(rec)
    start = time.perf_counter()
    part = review(rec, single_dummy=True, samples=1000, time_budget_ms=400)
    took = time.perf_counter() - start
    assert took < 0.4 + 1.0  # the double-dummy layer and one hint round over the budget at most
    assert double_dummy_part(part.to_dict()) == double_dummy_part(plain.to_dict())
    assert part.single_dummy["complete"] is False
    judged = [c for c in part.cards if c.sd_worlds]
    # a card with few layouts left may be judged on all of them within its share (a fast machine);
    # with inference more worlds than the samples are drawn while their ESS falls short
    assert judged and all(1 <= c.sd_worlds <= MAX_DRAW_SOLVED * 1000 for c in judged)
    assert any(c.sd_worlds < 1000 and not c.sd_complete for c in judged)
    for c in part.cards:  # a judged card has all its single-dummy fields, one not judged none
        assert (c.sd_loss is None) == (c.sd_mark is None) == (c.sd_best is None)
        if c.sd_loss is not None:
            assert c.excused == (c.loss > 0 and c.sd_loss < 0.05) and (c.card in c.sd_best) == (c.sd_loss == 0)
    for p in part.players:
        mine = [c for c in part.cards if c.seat == p.seat and c.sd_loss is not None]
        assert p.sd_mistakes == sum(bool(c.sd_mark) for c in mine)
        assert abs(p.sd_tricks_lost - sum(c.sd_loss for c in mine)) < 1e-9


def test_a_timed_game_review_says_whether_its_layer_is_complete():
    game = play_game(seed=5, max_deals=2)
    full = review(game, single_dummy=True, samples=10, time_budget_ms=120_000)
    assert full.to_dict()["single_dummy"] == {"samples": 10, "seed": 0, "time_budget_ms": 120_000, "complete": True}
    assert [untimed(d) for d in full.to_dict()["deals"]] == review(game, single_dummy=True, samples=10).to_dict()["deals"]
    cut = review(game, single_dummy=True, samples=1000, time_budget_ms=1)
    assert cut.to_dict()["single_dummy"]["complete"] is False and "ran out" in cut.report()
    assert "single_dummy" not in review(game, single_dummy=True, samples=10).to_dict()  # unbudgeted: as before


@pytest.mark.parametrize("budget", [0, -5, float("nan"), "100", True])
def test_review_bad_time_budget(budget):
    with pytest.raises(OptionError, match="time budget"):
        review(deal(HANDS_A, TALON_A, PLAY_A[:2], "9"), single_dummy=True, time_budget_ms=budget)


def test_the_play_hint_says_when_its_budget_cut_it_short():
    from meksiko_solver.hints import play_hint

    rec = play_game(seed=2026, max_deals=1).deals[0]
    state = DealRecord.from_dict({**rec.to_dict(), "play": []}).replay()  # the opening lead
    seat_view = state.view(state.to_move)
    assert not play_hint(seat_view, samples=20).budget_ran_out
    assert not play_hint(seat_view, samples=20, time_budget_ms=120_000).budget_ran_out
    assert play_hint(seat_view, samples=1000, time_budget_ms=1).budget_ran_out
