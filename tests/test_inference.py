"""Issue 13: weighted worlds, the models of the other seats, the declaration chosen per talon
(no strategy fusion), inference switches, and the duplicate arena."""

import json
import random
from itertools import combinations, product
from math import exp, isclose, log

import pytest

from meksiko_solver.auction import Contract
from meksiko_solver.cards import Hand
from meksiko_solver.errors import OptionError
from meksiko_solver.hints import bid as bid_module
from meksiko_solver.hints import bid_hint, discard_hint, play_hint
from meksiko_solver.hints import inference as inference_module
from meksiko_solver.hints.bidding_model import call_distribution, call_log_probability, parameters, strength
from meksiko_solver.hints.heuristics import keep_value, keep_values
from meksiko_solver.hints.declaration import LAYOUTS_PER_TALON, TALON, talon_groups
from meksiko_solver.hints.duplicate import differences, parse_pair, run_duplicate, seat_deal
from meksiko_solver.hints.play_model import card_probabilities, discard_log_probability
from meksiko_solver.hints.outcome import Scorer
from meksiko_solver.hints.view import View
from meksiko_solver.rules import get_rules
from meksiko_solver.scoring import score_deal
from meksiko_solver.budget import Budget
from meksiko_solver.hints import weights as weights_module
from meksiko_solver.hints.common import start
from meksiko_solver.hints.weights import draw, effective_size, temper
from meksiko_solver.record import DealRecord
from project_scripts import load_script
from test_sampling import GAME, views_of

PLAY_VIEW = {"rules": "mexico-club", "mode": "easy", "seat": 1, "dealer": 2,
             "hand": ["9S", "8S", "QH", "JH", "TH", "KD", "QD", "AC", "KC", "QC"],
             "auction": ["6", "NEXT", "NEXT"], "talon": ["7H", "7D"], "trump": "S", "play": ["AS"]}
THIRD_TO_CALL = {"seat": 0, "dealer": 0, "hand": "AKQ8.KJ9.A8.T", "auction": ["5", "NEXT"]}


def late_view() -> View:
    """Seat 1 after 18 cards of a seeded game: 70 layouts, the other seats' cards to weigh."""
    return views_of(GAME.deals[0], 18)[1]


def test_effective_size():
    assert effective_size([1, 1, 1, 1]) == 4
    assert isclose(effective_size([1, 0, 0, 0]), 1)
    assert effective_size([]) == 0
    assert 1 < effective_size([3, 1, 1]) < 3


def test_bidding_model_is_a_distribution_and_tracks_strength():
    params = parameters()["bidding"]
    for s in (2.0, 6.0, 9.5):
        for legal in (["5", "6", "7", "8", "9", "10", "M"], ["7", "8", "9", "10", "M", "NEXT"], ["NEXT"]):
            p = call_distribution(s, legal, params)
            assert set(p) == set(legal) and isclose(sum(p.values()), 1.0) and min(p.values()) > 0
    legal = ["6", "7", "8", "9", "10", "M", "NEXT"]
    assert call_distribution(8.0, legal, params)["6"] > call_distribution(4.0, legal, params)["6"]
    assert strength(Hand("AKQJT.AK.A.A7").mask) > strength(Hand("KQ9.QJ8.K87.QJ").mask) > strength(
        Hand("987.987.987.T").mask)
    quality = parameters()["bidding"]["quality"]
    calls = quality["calls"]
    assert calls["mean_log_likelihood_held_back"] > calls["uniform_log_likelihood_held_back"]
    assert quality["strength"]["r2_held_back"] > 0.3


def test_play_and_discard_models_are_distributions():
    p = card_probabilities({0: 3, 1: 4, 2: 4}, declaring=True, params=parameters()["play"])
    assert isclose(sum(p.values()), 1) and p[1] == p[2] > p[0]
    q = card_probabilities({0: 3, 1: 4, 2: 4}, declaring=False, params=parameters()["play"])
    assert q[0] > q[1]
    rng = random.Random(3)
    for _ in range(10):
        cards = rng.sample(range(32), 12)
        twelve = sum(1 << c for c in cards)
        total = sum(exp(discard_log_probability(twelve, (1 << a) | (1 << b), 0)) for a, b in combinations(cards, 2))
        assert isclose(total, 1.0)


def test_fast_model_terms_equal_their_definitions():
    """The per-world shortcuts (suit lengths counted once, call probabilities cached by strength)
    give exactly the values of the definitions, so the weights do not move."""
    params = parameters()["bidding"]
    rng = random.Random(8)
    for _ in range(200):
        hand = sum(1 << c for c in rng.sample(range(32), rng.choice([10, 12])))
        trump = rng.randrange(4)
        assert keep_values(hand, trump) == {c: keep_value(c, hand, trump) for c in range(32) if hand >> c & 1}
        assert list(keep_values(hand, trump)) == sorted(keep_values(hand, trump))  # card order: the sums' order
        legal = ("7", "8", "9", "10", "M", "NEXT")
        for call in legal:
            assert call_log_probability(strength(hand), legal, call) == log(
                call_distribution(strength(hand), legal, params)[call])


def test_inference_off_is_the_uniform_engine():
    a = play_hint(PLAY_VIEW, samples=60, seed=2, inference=False)
    assert a.weighting == {"inference": False, "weights": "uniform", "drawn": 60, "ess": 60.0}
    b = play_hint(PLAY_VIEW, samples=60, seed=2)
    assert b.weighting["inference"] and b.weighting["weights"] == "model"
    assert b.weighting["drawn"] >= b.worlds and b.weighting["ess"] <= b.worlds
    assert b.to_dict() == play_hint(PLAY_VIEW, samples=60, seed=2).to_dict()  # deterministic


def test_more_worlds_are_drawn_until_the_ess_reaches_samples():
    h = play_hint(PLAY_VIEW, samples=40, seed=1)
    assert h.weighting["drawn"] > 40  # the weights vary: one ESS is worth less than a world
    assert h.weighting["ess"] >= 40 or h.weighting["drawn"] == 80  # at most MAX_DRAW_SOLVED x samples


def test_few_layouts_are_all_weighed_and_the_heaviest_solved():
    """With no more layouts than MAX_DRAW_SOLVED x samples every one is weighed (once the
    enumeration's first ones were kept when their ESS sufficed: a pattern, not a sample); the
    ``samples`` heaviest are solved (never more than were asked for)."""
    view = late_view()
    layout = view.layout()
    assert 40 < layout.count() <= weights_module.MAX_DRAW_SOLVED * 40
    _, worlds, _ = start(view, 40, 3, None, None)
    weighted = draw(view, worlds, 3, Budget(None))
    assert weighted.evidence.plays and weighted.drawn == layout.count()
    everything = list(layout.enumerate())
    assert len(weighted.worlds) == 40 and set(weighted.worlds) <= set(everything)
    logs = dict(zip(everything, weighted.evidence.log_weights(everything, Budget(None))))
    left_out = [w for w in everything if w not in set(weighted.worlds)]
    assert max(logs[w] for w in left_out) <= min(logs[w] for w in weighted.worlds)
    h = play_hint(view, samples=40, seed=3)
    assert h.worlds == 40 and h.weighting["drawn"] == layout.count()


def test_weights_are_the_tempered_likelihood():
    """w = L^tau: two worlds' weights are in the ratio exp(tau * (log L1 - log L2)), and the arena's
    log-likelihood ratio is that of the tempered weights, self-normalised over the worlds drawn."""
    assert 0 < temper() < 1 and temper() == parameters()["tempering"]["exponent"]
    view, worlds, _ = start(PLAY_VIEW, 30, 4, None, None)
    weighted = draw(view, worlds, 4, Budget(None))
    tau = weighted.tau
    assert tau == temper("current", "play") == parameters()["tempering_by_phase"]["play"] != temper()
    kept = list(weighted.worlds)
    raw = weighted.evidence.log_weights(kept, Budget(None))
    for (w1, l1), (w2, l2) in zip(zip(kept, raw), zip(kept[1:], raw[1:])):
        assert isclose(weighted.of(w1) / weighted.of(w2), exp(tau * (l1 - l2)), rel_tol=1e-9)
    assert isclose(weighted.log_likelihood_ratio(kept[0]),
                   tau * raw[0] - weighted.log_scale - weighted.log_mean, rel_tol=1e-12)


def test_the_calls_untempered_set_leaves_the_bid_and_discard_weights_untempered():
    """The model set ``calls-untempered``: tau = 1 in the bid and discard hints, ``current``'s 0.7
    in the play; ``current`` and ``trump`` temper the calls at 0.5, ``short-play-evidence`` and
    ``v1`` every phase alike. A bid hint's weights under it are the likelihood itself (the ratio of
    two worlds' weights exp(log L1 - log L2))."""
    assert temper("current", "auction") == temper("trump", "declare") == temper("short-play-evidence", "play") == 0.5
    assert temper("v1", "play") == temper("v1", "auction") == 0.5
    assert temper("current", "play") == temper("trump", "play") == temper("calls-untempered", "play") == 0.7
    assert temper("calls-untempered", "auction") == temper("calls-untempered", "declare") == 1.0
    assert "auction" not in parameters("current")["tempering_by_phase"]
    assert temper("play-untempered", "play") == 1.0 and temper("play-untempered", "auction") == 0.5
    view, worlds, _ = start(THIRD_TO_CALL, 30, 4, None, None)
    for models, tau in (("current", 0.5), ("calls-untempered", 1.0)):
        weighted = draw(view, worlds, 4, Budget(None), models=models)
        assert weighted.tau == tau
        kept = list(weighted.worlds)[:10]
        raw = weighted.evidence.log_weights(kept, Budget(None))
        assert len(set(raw)) > 1  # the calls tell something
        for (w1, l1), (w2, l2) in zip(zip(kept, raw), zip(kept[1:], raw[1:])):
            assert isclose(weighted.of(w1) / weighted.of(w2), exp(tau * (l1 - l2)), rel_tol=1e-9)
    untempered = bid_hint(THIRD_TO_CALL, samples=30, seed=4, models="calls-untempered").to_dict()
    assert untempered["weights"] == "model" and untempered != bid_hint(THIRD_TO_CALL, samples=30, seed=4).to_dict()


def test_tempering_raises_the_effective_sample_size(monkeypatch):
    """The same worlds at tau = 1 (the models' likelihood itself) have a lower ESS than tempered."""
    view, worlds, _ = start(PLAY_VIEW, 30, 4, None, None)
    tempered = draw(view, worlds, 4, Budget(None))
    monkeypatch.setattr(weights_module, "temper", lambda models="current", phase=None: 1.0)
    full = draw(view, worlds, 4, Budget(None))
    common = [w for w in tempered.worlds if w in full.weight][:30]
    assert len(common) >= 20
    assert tempered.ess(common) > full.ess(common)


def test_all_zero_weights_fall_back_to_uniform(monkeypatch):
    monkeypatch.setattr(inference_module.Evidence, "log_weights",
                        lambda self, worlds, budget: [float("-inf")] * len(worlds))
    h = play_hint(PLAY_VIEW, samples=30, seed=0)
    assert h.to_dict()["weights"] == "uniform-fallback" and h.worlds == 30 and h.card is not None
    assert h.weighting["ess"] == 30.0
    bid_module._CACHE.clear()
    b = bid_hint(THIRD_TO_CALL, samples=16, seed=0)
    assert b.to_dict()["weights"] == "uniform-fallback" and b.call


def test_inference_flag_is_checked():
    with pytest.raises(OptionError, match="inference must be true or false"):
        play_hint(PLAY_VIEW, samples=10, inference="no")
    with pytest.raises(OptionError, match="inference"):
        bid_hint(THIRD_TO_CALL, samples=10, inference=None)  # 0 and 1 are read as no and yes, as every flag of the library


def test_talon_groups_share_a_talon_and_are_consistent():
    v = View.from_dict(THIRD_TO_CALL)
    layout = v.layout()
    tb = next(i for i, b in enumerate(layout.buckets) if b.kind == TALON)
    worlds = [w for _, w in zip(range(5 * LAYOUTS_PER_TALON), talon_groups(layout, 9))]
    assert len(set(worlds)) == len(worlds)
    talons = [w[tb] for w in worlds]
    for g in range(5):
        assert len(set(talons[g * LAYOUTS_PER_TALON:(g + 1) * LAYOUTS_PER_TALON])) == 1
    assert len(set(talons)) == 5
    for w in worlds[:10]:
        DealRecord.from_dict(v.world_record(layout, w))  # a real deal


def test_declaration_per_talon_is_below_the_double_dummy_upper_bound():
    bid_module._CACHE.clear()
    h = bid_hint(THIRD_TO_CALL, samples=48, seed=5, inference=False, play_noise=False)
    d = h.to_dict()
    assert d["declaration"] == "per-talon" and "upper bound" in d["double_dummy_upper_bound"]["method"]
    ub = d["double_dummy_upper_bound"]["options"]
    for o in d["options"]:
        if o["call"] != "NEXT":
            assert o["make"] <= ub[o["call"]]["make"] + 1e-9 and o["score"] <= ub[o["call"]]["score"] + 1e-9
    assert h.tricks <= d["double_dummy_upper_bound"]["tricks"] + 1e-9
    # The optimism is real somewhere: some contract is strictly less likely than the bound says.
    assert any(o["make"] < ub[o["call"]]["make"] for o in d["options"] if o["call"] != "NEXT")
    old = bid_hint(THIRD_TO_CALL, samples=48, seed=5, inference=False, per_world_declaration=True, play_noise=False).to_dict()
    assert old["declaration"] == "per-world" and "double_dummy_upper_bound" not in old


def test_discard_hint_weighted_worlds():
    view = {"seat": 0, "dealer": 2, "hand": "AKQJT.AK.A8.T", "auction": ["6", "NEXT", "NEXT"], "talon": ["7H", "7D"]}
    h = discard_hint(view, samples=40, seed=1)
    d = h.to_dict()
    assert d["weights"] == "model" and d["drawn"] >= 40 and len(d["discard"]) == 2
    assert discard_hint(view, samples=40, seed=1, inference=False).to_dict()["weights"] == "uniform"


def test_duplicate_arena_records_and_pairs():
    r = run_duplicate(deals=2, seed=4, policies="baseline,hint-uniform", samples=6)
    d = json.loads(json.dumps(r.to_dict()))
    assert len(d["deals"]) == 8  # base game + A in each of three seats, per deal
    for game in d["deals"]:
        rec = DealRecord.from_dict(game["record"])  # every played deal replays and re-scores
        assert rec.finished and list(rec.scores) == game["scores"] and len(game["policies"]) == 3
    diffs, opponents = [], []
    for i in range(2):
        base = next(g for g in d["deals"] if g["deal"] == i and g["game"] == "base")
        for k in range(3):
            g = next(g for g in d["deals"] if g["deal"] == i and g["game"] == f"A in seat {k}")
            assert g["policies"][k] == "baseline" and g["policies"][(k + 1) % 3] == "hint-uniform"
            assert g["record"]["hands"] == base["record"]["hands"]  # the same cards
            diffs.append(g["scores"][k] - base["scores"][k])
            others = (sum(g["scores"]) - g["scores"][k] - (sum(base["scores"]) - base["scores"][k])) / 2
            opponents.append(others)
    s = d["summary"]
    assert s["paired_difference"]["overall"]["n"] == 6
    assert isclose(s["paired_difference"]["overall"]["mean"], round(sum(diffs) / 6, 4))
    assert isclose(s["opponents_difference"]["overall"]["mean"], round(sum(opponents) / 6, 4))
    relative = [own - other for own, other in zip(diffs, opponents)]
    assert isclose(s["relative_difference"]["overall"]["mean"], round(sum(relative) / 6, 4))
    for measure in ("paired_difference", "opponents_difference", "relative_difference"):
        m = s[measure]
        assert m["declarer"]["n"] + m["defender"]["n"] == m["overall"]["n"] == m["overall_clustered_by_deal"]["n"] == 6
    assert "hint-uniform" in s["calibration"] and "baseline" not in s["calibration"]


def test_the_seat_deal_measures_count_the_other_seats():
    # A 7 declared by seat 0: made with 7 tricks in the base game (7, 2, 1 tricks: scores 7, 2, 1);
    # in A's game seat 1 takes a trick more and beats it (6, 3, 1: scores -7, 3, 1). Seat 1 gains
    # 1 point, its opponents lose 7 on average (-14 and 0), so its lead over them grows by 8.
    assert seat_deal([-7, 3, 1], [7, 2, 1], 1) == (1.0, -7.0, 8.0)
    assert seat_deal([7, 2, 1], [7, 2, 1], 2) == (0.0, 0.0, 0.0)
    s = differences([[("defender", (1.0, -7.0, 8.0)), ("declarer", (-2.0, 1.0, -3.0))],
                     [("defender", (0.0, 0.5, -0.5))]])
    assert (s["paired_difference"]["declarer"]["n"], s["paired_difference"]["declarer"]["mean"]) == (1, -2.0)
    assert s["paired_difference"]["defender"]["mean"] == 0.5
    assert s["relative_difference"]["overall"]["mean"] == round((8.0 - 3.0 - 0.5) / 3, 4)
    assert s["opponents_difference"]["overall_clustered_by_deal"]["deals"] == 2


def test_duplicate_arena_of_a_policy_against_itself_is_zero():
    r = run_duplicate(deals=1, seed=2, policies="hint,hint", samples=5)
    s = r.summary
    assert s["paired_difference"]["overall"]["mean"] == 0
    # One deal: no interval clustered by deal, and one declarer seat-deal: none for it either,
    # rather than infinite bounds (which would not be standard JSON).
    assert s["paired_difference"]["overall_clustered_by_deal"]["ci95"] is None
    assert s["paired_difference"]["declarer"] == {"n": 1, "mean": 0.0, "ci95": None}
    json.dumps(r.to_dict(), allow_nan=False)
    assert s["relative_difference"]["overall"]["mean"] == s["opponents_difference"]["overall"]["mean"] == 0
    assert s["inference"]["hint"]["hints"] > 0


def test_duplicate_policies_are_checked():
    with pytest.raises(Exception, match="two policies"):
        parse_pair("hint")
    with pytest.raises(Exception, match="unknown policy 'random'"):
        parse_pair("hint,random")
    assert parse_pair(["hint-fusion", "hint-no-inference"]) == ("hint-fusion", "hint-no-inference")


def test_cli_no_inference_and_duplicate_arena(tmp_path, capsys):
    from meksiko_solver.cli import main
    view = tmp_path / "view.json"
    view.write_text(json.dumps(PLAY_VIEW))
    assert main(["hint", "play", str(view), "--samples", "20", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["weights"] == "model"
    assert main(["hint", "play", str(view), "--samples", "20", "--json", "--no-inference"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["weights"] == "uniform" and out == play_hint(PLAY_VIEW, samples=20, inference=False).to_dict()
    assert main(["hint", "play", str(view), "--samples", "20"]) == 0
    assert "effective sample size" in capsys.readouterr().out
    assert main(["arena", "--duplicate", "--deals", "1", "--seed", "3", "--policies", "baseline,hint-uniform",
                 "--samples", "4", "--quiet", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert len(d["deals"]) == 4 and d["summary"]["policies"] == {"A": "baseline", "B": "hint-uniform"}
    assert main(["arena", "--duplicate", "--deals", "1", "--policies", "hint", "--quiet"]) == 2
    assert "two policies" in capsys.readouterr().err


def test_api_inference_switch(client):
    r = client.post("/v1/hints/play", json={**PLAY_VIEW, "samples": 20, "seed": 1, "inference": False})
    assert r.status_code == 200 and r.json() == play_hint(PLAY_VIEW, samples=20, seed=1, inference=False).to_dict()
    r = client.post("/v1/hints/play", json={**PLAY_VIEW, "samples": 20, "seed": 1})
    assert r.status_code == 200 and r.json()["weights"] == "model"
    r = client.post("/v1/hints/bid", json={**THIRD_TO_CALL, "samples": 8, "inference": "no"})
    assert r.status_code == 422 and "inference" in r.text


def test_per_talon_choice_never_sees_the_layout_it_is_scored_on():
    from meksiko_solver.hints.declaration import ChosenDeclarations
    # One talon, three layouts; candidate A takes 10 tricks in layout 0 and none elsewhere, B 3 everywhere.
    a, b = (3, 0), (12, 1)
    chosen = ChosenDeclarations([([0, 1, 2], {a: [10, 0, 0], b: [3, 3, 3]})], 3, [b])
    # Layout 0: the other two favour B (6 > 0): 3. Layouts 1 and 2: the others favour A (10 > 6): 0.
    assert chosen.tricks([1.0, 1.0, 1.0]) == 3.0
    # Choosing on all three layouts would pick A (10 > 9) and credit 10, the fused in-sample optimism.
    # Weights count: with layout 0 weighing 2, layout 1 sees A at 20 against B at 9 (3x2 + 3): A.
    assert chosen.tricks([2.0, 1.0, 1.0]) == 2.0 * 3 + 0 + 0


def test_per_talon_ties_are_averaged_and_a_lone_layout_takes_the_rule_of_thumb():
    from meksiko_solver.hints.declaration import ChosenDeclarations
    from meksiko_solver.hints.outcome import Scorer
    from meksiko_solver.auction import Contract
    from meksiko_solver.rules import get_rules
    a, b, h = (3, 0), (12, 1), (48, 2)
    # Layout 0's other layout (1) ties A and B at 6 tricks: layout 0 gets their mean, (8 + 4) / 2.
    tie = ChosenDeclarations([([0, 1], {a: [8, 6], b: [4, 6]})], 2, [b])
    assert tie.tricks([1.0, 1.0]) == 6.0 + 6.0
    lone = ChosenDeclarations([([0], {a: [9], h: [5]})], 1, [h])
    assert lone.tricks([1.0]) == 5.0
    profile = get_rules("mexico-club")
    scorer = Scorer(profile, profile.mode("easy"), 0, Contract.SIX, 0, None)
    made, score = lone.contract(scorer, [1.0])
    assert (made, score) == (0.0, scorer.score(5)) and score < 0


def test_per_talon_figures_are_the_per_world_figures_minus_the_fusion_gap():
    bid_module._CACHE.clear()
    new = bid_hint(THIRD_TO_CALL, samples=40, seed=3, inference=False, play_noise=False).to_dict()
    old = bid_hint(THIRD_TO_CALL, samples=40, seed=3, inference=False, per_world_declaration=True, play_noise=False).to_dict()
    # The first term is the per-world engine's own estimate, on the same (independent) worlds.
    bound = new["double_dummy_upper_bound"]
    assert new["worlds"] == old["worlds"] == 40 and bound["fusion_gap_worlds"] == 40
    assert {o["call"]: {"make": o["make"], "score": o["score"]} for o in old["options"] if o["call"] != "NEXT"} == bound["options"]
    assert new["pass"] == old["pass"]
    # The gap only takes away: every numeric contract is at most its bound, and some strictly less.
    numeric = [o for o in new["options"] if o["call"] not in ("NEXT", "M")]
    assert all(0 <= o["make"] <= bound["options"][o["call"]]["make"] for o in numeric)
    assert any(o["make"] < bound["options"][o["call"]]["make"] for o in numeric)
    assert new["tricks"] < bound["tricks"]


def test_duplicate_calls_script_splits_the_arena_seat_deals(tmp_path, capsys):
    script = load_script("duplicate_calls")
    r = run_duplicate(deals=2, seed=4, policies="baseline,hint-uniform", samples=6)
    out = tmp_path / "dup.json"
    out.write_text(json.dumps(r.to_dict()))
    rows = script.seat_deals([str(out)])
    overall = r.summary["paired_difference"]["overall"]
    assert len(rows) == overall["n"] == 6
    assert isclose(sum(x["diff"] for x in rows) / 6, overall["mean"], abs_tol=1e-4)
    for x in rows:  # each seat's calls, read back from the auction, are the record's
        game = next(p for p in r.played if p.deal == x["deal"] and p.game == f"A in seat {x['seat']}")
        assert x["a_declarer"] == (game.record.declarer == x["seat"])
    script.main([str(out)])
    assert "6 seat-deals" in capsys.readouterr().out


def test_combine_duplicate_script_recomputes_the_measures_from_the_records(tmp_path):
    script = load_script("combine_duplicate")
    runs = [run_duplicate(deals=1, seed=s, policies="baseline,hint-uniform", samples=6) for s in (4, 5)]
    paths = []
    for i, r in enumerate(runs):
        paths.append(tmp_path / f"dup-{i}.json")
        paths[-1].write_text(json.dumps(r.to_dict()))
    combined = script.main([str(p) for p in paths])
    assert combined["deals"] == 2 and combined["files"] == 2
    for measure in ("paired_difference", "opponents_difference", "relative_difference"):
        means = [r.summary[measure]["overall"]["mean"] for r in runs]
        assert combined[measure]["overall"]["n"] == 6
        assert isclose(combined[measure]["overall"]["mean"], sum(means) / 2, abs_tol=1e-4)
    by_declaring = combined["by_declaring"].values()
    assert sum(v["n"] for v in by_declaring) == 6
    assert isclose(sum(v["total"] for v in by_declaring) / 6, combined["paired_difference"]["overall"]["mean"], abs_tol=1e-4)
    parts = combined["where"]
    assert sum(v["n"] for v in parts.values()) == 6
    assert sum(v["total"] for v in parts.values()) == sum(v["total"] for v in by_declaring)
    assert set(parts) <= {"card play as declarer", "card play as defender", "declaration",
                          "auction: one declared, the other defended",
                          "auction: another contract or declaration, as declarer",
                          "auction: another contract or declaration, as defender"}


def test_combine_duplicate_where_the_games_part():
    """The same contract, declarer and declaration: the card play; the seat declared the same
    contract otherwise: the declaration; else the auction."""
    where = load_script("combine_duplicate").where
    deal = {"rules": "mexico-club", "mode": "easy", "dealer": 2, "hands": [
        "AS KS QS JS TS 9S AH KH QH JH".split(), "8S 7S TH 9H 8H 7H AD KD QD JD".split(),
        "TD 9D 8D 7D AC KC QC JC TC 9C".split()], "talon": ["8C", "7C"]}
    rec = lambda auction, discard, trump: DealRecord.from_dict({**deal, "auction": auction, "discard": discard, "trump": trump})
    six = rec(["6", "NEXT", "NEXT"], ["8C", "7C"], "S")
    assert where(six, six, 0) == "card play as declarer" and where(six, six, 1) == "card play as defender"
    assert where(six, rec(["6", "NEXT", "NEXT"], ["JH", "7C"], "S"), 0) == "declaration"
    assert where(six, rec(["6", "NEXT", "NEXT"], ["8C", "7C"], "H"), 1) == "auction: another contract or declaration, as defender"
    assert where(six, rec(["6", "7", "NEXT", "NEXT"], ["8C", "7C"], "D"), 0) == "auction: one declared, the other defended"
    assert where(rec(["6", "7", "NEXT", "8", "NEXT"], ["8C", "7C"], "S"), six, 0) == "auction: another contract or declaration, as declarer"


def test_bid_estimates_vs_play_script_measures_the_base_games(tmp_path):
    script = load_script("bid_estimates_vs_play")
    run = run_duplicate(deals=2, seed=6, policies="baseline,hint-uniform", samples=6)
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(run.to_dict()))
    out = script.main([str(path)])
    base = [g for g in run.to_dict()["deals"] if g["game"] == "base" and g["record"].get("discard")]
    tricks = out["declarer_tricks"]
    assert base and all(out["defender_tricks_error"][k]["n"] == 2 * len(base) for k in ("line_share", "alone"))
    assert tricks["chosen"] <= tricks["best_for_trump"]  # the best discard for his trump is never worse
    errors = out["defender_tricks_error"]
    # alone <= alone and coins, by half the rest of the defence's tricks (never negative)
    assert errors["alone"]["bias"] <= errors["alone_and_coins"]["bias"]
    assert sum(out["played_minus_double_dummy"].values()) == pytest.approx(1.0, abs=1e-3)
    models = tmp_path / "models.json"
    models.write_text(json.dumps({"tempering": {"exponent": 0.5}}))
    script.write(out, models)
    written = json.loads(models.read_text())
    assert written["tempering"] == {"exponent": 0.5}  # the other models are kept
    assert written["play_noise"]["played_minus_double_dummy"] == out["played_minus_double_dummy"]
    assert "seed 6 (baseline,hint-uniform, 6 worlds" in written["play_noise"]["fitted_by"]


def test_the_play_model_weighs_the_last_cards_of_the_other_seats():
    view = late_view()
    others = [card.index for who, card in view.played if who != view.seat]
    layout = view.layout()
    assert len(others) > 8
    assert [p[1] for p in inference_module.Evidence(view, layout).plays] == others[-8:]
    assert [p[1] for p in inference_module.Evidence(view, layout, models="v1").plays] == others[-2:]
    assert [p[1] for p in inference_module.Evidence(view, layout, models="short-play-evidence").plays] == others[-2:]
    assert [p[1] for p in inference_module.Evidence(view, layout, 99).plays] == others
    assert inference_module.Evidence(view, layout, 0).plays == []
    world = next(layout.sample(1, seed=0))
    shallow, deep = (inference_module.Evidence(view, layout, k).log_weight(world) for k in (0, 99))
    assert deep < shallow  # every modelled card has a probability below one


def test_tempering_table_from_self_play():
    """tools/fit_tempering.py: a deal's weighted hints with the real layout's raw log-likelihood,
    and the table: tau = 0 is the uniform engine (LLR 0, every world worth one), and the real layout
    gains as tau grows while the effective share of the worlds falls."""
    script = load_script("fit_tempering")
    rows = script.play((0, 7000, 8, 24, 2, "current"))
    assert rows and all(len(r["logs"]) <= 24 and r["real"] > float("-inf") for r in rows)
    # Weighed by the lowest of equals, the same hints: the real layout (played by the engine, which
    # plays the lowest of its equal cards) is as likely or likelier in the play.
    equal = script.play((0, 7000, 8, 24, 2, "lowest-of-equals"))
    assert [(r["phase"], r["deal"]) for r in equal] == [(r["phase"], r["deal"]) for r in rows]
    assert all(e["real"] >= r["real"] - 1e-9 for e, r in zip(equal, rows) if r["phase"] == "play")
    assert {r["phase"] for r in rows} <= {"auction", "declare", "play"}
    table = script.table(rows, grid=(0.0, 0.5, 1.0))
    for phase in table.values():
        zero, half, one = phase["by_tau"]
        assert zero["llr"] == 0 and zero["ess_share"] == 1
        assert one["ess_share"] <= half["ess_share"] <= 1
    with pytest.raises(SystemExit) as bad:
        script.main(["--models", "v2"])
    assert bad.value.code == 2
    synthetic = [{"phase": "play", "real": 0.0, "logs": [0.0, -2.0, -4.0]}]  # the real layout is the likeliest
    lines = script.table(synthetic, grid=(0.0, 0.5, 1.0))["play"]["by_tau"]
    assert [x["llr"] for x in lines] == sorted(x["llr"] for x in lines) and lines[2]["llr"] > 0
    assert isclose(lines[2]["llr"], -log((1 + exp(-2) + exp(-4)) / 3), abs_tol=1e-4)


def test_defender_standing_against_the_scoring_rules():
    """Scorer.defender_standing equals own score minus the other two seats' mean, averaged over
    every sequence of coin tosses for the open tricks, scored by score_deal, in both profiles and
    modes, for every contract and each defender."""
    for rules in ("mexico-club", "classic"):
        profile = get_rules(rules)
        for mode in profile.modes:
            for contract in (Contract.FIVE, Contract.SEVEN, Contract.TEN, Contract.MEKSIKO):
                declarer, seat = 1, 2
                scorer = Scorer(profile, mode, seat, contract, declarer, None)
                for t in (0, 4, 6, 9):
                    for own, partner in ((0, 0), (1, 0), (0, 2), (2, 1)):
                        if t + own + partner > 10:
                            continue
                        outcomes = []
                        for tosses in product((seat, 0), repeat=10 - t - own - partner):
                            tricks = [partner + tosses.count(0), t, own + tosses.count(seat)]
                            s = score_deal(contract, declarer, tricks, profile, mode)
                            outcomes.append(s[seat] - (s[0] + s[declarer]) / 2)
                        assert scorer.defender_standing(t, own, partner) == pytest.approx(
                            sum(outcomes) / len(outcomes)), (rules, mode.name, contract, t, own, partner)
    with pytest.raises(ValueError):
        Scorer(profile, profile.mode("easy"), 1, Contract.SIX, 1, None).defender_standing(5, 0, 0)


def test_heaviest_keeps_the_order_and_breaks_ties_by_it():
    pairs = [("a", 1.0), ("b", 3.0), ("c", 2.0), ("d", 3.0), ("e", 2.0)]
    assert weights_module.heaviest(pairs, 3) == [("b", 3.0), ("c", 2.0), ("d", 3.0)]
    assert weights_module.heaviest(pairs, 9) == pairs
    assert weights_module.solves_at_most_requested("current") and not weights_module.solves_at_most_requested("v1")
