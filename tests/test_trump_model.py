"""The model of the declarer's named trump: a distribution, how it weighs a defender's worlds, and
its fitting tool."""

import json
import random
from math import exp, isclose, log

import numpy as np
import pytest

from meksiko_solver.auction import MEKSIKO
from meksiko_solver.budget import Budget
from meksiko_solver.cards import Card, cards_to_mask
from meksiko_solver.hints.bidding_model import MODEL_FILES, parameters
from meksiko_solver.hints.duplicate import make_policy, run_duplicate
from meksiko_solver.hints.heuristics import suit_length
from meksiko_solver.hints.inference import Evidence
from meksiko_solver.hints.play_model import trump_log_probability, trump_log_probability_with
from meksiko_solver.hints.view import View
from project_scripts import load_script

# Seat 1 defends seat 0's 6 in spades (test_inference's view).
DEFENDER_VIEW = {"rules": "mexico-club", "mode": "easy", "seat": 1, "dealer": 2,
                 "hand": ["9S", "8S", "QH", "JH", "TH", "KD", "QD", "AC", "KC", "QC"],
                 "auction": ["6", "NEXT", "NEXT"], "talon": ["7H", "7D"], "trump": "S", "play": ["AS"]}


def twelve_of(view: View, layout, world) -> int:
    deal = view.world_deal(layout, world)
    return deal["hands"][view.declarer] | deal["talon"]


def test_the_named_trump_is_a_distribution_led_by_the_longest_suit():
    rng = random.Random(5)
    for _ in range(50):
        twelve = cards_to_mask(Card(c) for c in rng.sample(range(32), 12))
        p = [exp(trump_log_probability(twelve, s, "trump")) for s in range(4)]
        assert isclose(sum(p), 1.0)
        lengths = [suit_length(twelve, s) for s in range(4)]
        longest = [s for s in range(4) if lengths[s] == max(lengths)]
        assert all(p[s] > p[t] for s in longest for t in range(4) if t not in longest)
        assert min(p) >= parameters("trump")["trump"]["floor"] / 4


def test_sets_without_a_trump_model_weigh_nothing():
    """``current`` leaves the term of its file out (the term was level in duplicate); ``trump``
    is ``current`` with it."""
    twelve = cards_to_mask(Card(c) for c in "AS KS QS JS 9S 8S AH KD 7D 8C 9C TC".split())
    assert trump_log_probability(twelve, 1, "trump") < log(0.05)
    assert trump_log_probability(twelve, 1, "v1") == trump_log_probability(twelve, 1) == 0.0
    current, with_trump = parameters("current"), parameters("trump")
    assert "trump" not in current and "trump" not in parameters("v1")
    assert {k: v for k, v in with_trump.items() if k != "trump"} == current
    assert MODEL_FILES["trump"] == MODEL_FILES["current"]
    assert make_policy("hint-trump-model", 8, 0).models == "trump"
    assert make_policy("hint", 8, 0).models == "current"


def test_a_defenders_world_is_weighed_by_the_declarers_trump():
    """The weight's log differs from the set without the term by exactly log P(trump | the
    declarer's twelve cards in that world), so the weighted worlds give him more trumps."""
    view = View.from_dict(DEFENDER_VIEW)
    layout = view.layout()
    with_trump = Evidence(view, layout, lookback=0, models="trump")
    without = Evidence(view, layout, lookback=0)
    worlds = list(layout.sample(300, 1))
    a = with_trump.log_weights(worlds, Budget(None))
    b = without.log_weights(worlds, Budget(None))
    spades = []
    for world, x, y in zip(worlds, a, b):
        twelve = twelve_of(view, layout, world)
        assert isclose(x - y, trump_log_probability(twelve, 0, "trump"), abs_tol=1e-12)
        spades.append(suit_length(twelve, 0))
    wa, wb = np.exp(np.array(a) - max(a)), np.exp(np.array(b) - max(b))
    assert np.average(spades, weights=wa) > np.average(spades, weights=wb) + 0.5


def test_the_declarer_weighs_no_trump_of_his_own():
    view = View.from_dict({**DEFENDER_VIEW, "seat": 0, "hand": ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "JC", "TC"],
                           "discard": ["JC", "TC"], "play": []})
    layout = view.layout()
    worlds = list(layout.sample(20, 2))
    a = Evidence(view, layout, models="trump").log_weights(worlds, Budget(None))
    assert a == Evidence(view, layout).log_weights(worlds, Budget(None))


def test_fit_recovers_the_length_coefficient_of_drawn_declarations():
    script = load_script("fit_trump_model")
    rng = random.Random(11)
    params = {"length": 2.0, "floor": script.FLOOR}
    drawn = []
    for _ in range(3000):
        twelve = cards_to_mask(Card(c) for c in rng.sample(range(32), 12))
        p = [exp(trump_log_probability_with(twelve, s, params)) for s in range(4)]
        drawn.append((twelve, rng.choices(range(4), weights=p)[0]))
    fitted = script.fit(drawn)
    assert abs(fitted - 2.0) < 0.2


def test_fit_script_reads_the_runs_and_writes_only_its_model(tmp_path):
    script = load_script("fit_trump_model")
    run = run_duplicate(deals=3, seed=6, policies="baseline,hint-uniform", samples=6)
    path = tmp_path / "dup.json"
    path.write_text(json.dumps(run.to_dict()))
    found, runs = script.declarations([str(path)])
    numeric = {(g.deal, g.record.declarer, g.record.trump) for g in run.played
               if g.record.discard and g.record.contract != MEKSIKO}
    assert 0 < len(found) <= len(numeric) and runs == ["seed 6 (baseline,hint-uniform, 3 deals)"]
    for twelve, trump in found:
        assert bin(twelve).count("1") == 12 and 0 <= trump < 4
    out = script.main([str(path)])
    assert out["quality"]["declarations_fit"] + out["quality"]["declarations_held_back"] == len(found)
    models = tmp_path / "models.json"
    models.write_text(json.dumps({"tempering": {"exponent": 0.5}}))
    script.write(out, models)
    written = json.loads(models.read_text())
    assert written == {"tempering": {"exponent": 0.5}, "trump": out}


def test_shipped_trump_model_beats_the_uniform_choice_on_held_back_declarations():
    quality = parameters("trump")["trump"]["quality"]
    assert quality["mean_log_likelihood_held_back"] > quality["uniform_log_likelihood_held_back"] + 0.5
    assert quality["share_named_a_longest_suit"] > 0.9


@pytest.mark.parametrize("bad", ["none", 3, None])
def test_unknown_model_sets_are_refused(bad):
    from meksiko_solver.errors import OptionError
    with pytest.raises(OptionError, match="models must be one of current, v1, trump, calls-untempered, short-play-evidence"):
        parameters(bad)
