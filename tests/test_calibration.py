"""The bid hint's calibration to played results (hints/calibration.py, tools/fit_bid_calibration.py)."""

from math import isclose

import numpy as np
import pytest

from meksiko_solver.errors import OptionError
from meksiko_solver.hints import bid as bid_module
from meksiko_solver.hints import bid_hint
from meksiko_solver.hints.bidding_model import parameters
from meksiko_solver.hints.calibration import Calibration, fitted, logit, sigmoid
from project_scripts import load_script

THIRD_TO_CALL = {"seat": 0, "dealer": 0, "hand": "AKQ8.KJ9.A8.T", "auction": ["5", "NEXT"]}


def test_identity_calibration_changes_nothing_inside_the_clip():
    c = Calibration()
    for p in (0.0, 0.01, 0.2, 0.5, 0.77, 0.99, 1.0):
        assert isclose(c.make(p), p, abs_tol=1e-12)
    assert isclose(c.passing(2.5), 2.5)
    # 60% to make 7: 0.6 * 8 (made, say always with 8 tricks) + 0.4 * -7
    assert isclose(c.score(0.6, 0.6 * 8 - 0.4 * 7, 0.6, -7.0, 7.0), 0.6 * 8 - 0.4 * 7)


def test_a_calibrated_chance_rescores_the_contract_at_the_same_made_and_failed_scores():
    c = Calibration(a=0.5, b=1.2)
    raw_p, raw_score = 0.6, 0.6 * 8 - 0.4 * 7
    made = c.make(raw_p)
    assert made == pytest.approx(sigmoid(0.5 + 1.2 * logit(0.6))) and made > raw_p
    assert c.score(raw_p, raw_score, made, -7.0, 7.0) == pytest.approx(made * 8 - (1 - made) * 7)
    # No world made it: the score when made is the contract's own.
    assert c.score(0.0, -7.0, 0.2, -7.0, 7.0) == pytest.approx(0.2 * 7 - 0.8 * 7)
    # Every sampled world agreeing stays certain.
    assert c.make(1.0) == 1.0 and c.make(0.0) == 0.0 and c.make(0.999) < 1.0
    # A positive slope keeps the order of the chances.
    xs = [c.make(p) for p in np.linspace(0.0, 1.0, 21)]
    assert xs == sorted(xs)


def test_logistic_fit_recovers_a_known_calibration():
    script = load_script("fit_bid_calibration")
    rng = np.random.default_rng(7)
    x = rng.normal(0.0, 1.5, 20000)
    y = (rng.random(20000) < 1 / (1 + np.exp(-(0.4 + 1.3 * x)))).astype(float)
    a, b = script.logistic(x, y)
    assert a == pytest.approx(0.4, abs=0.06) and b == pytest.approx(1.3, abs=0.06)


def test_fit_reports_the_held_back_quality_of_its_rows():
    script = load_script("fit_bid_calibration")
    rng = np.random.default_rng(3)
    rows = []
    for i in range(400):
        p = float(rng.uniform(0.3, 0.95))
        made = int(rng.random() < min(1.0, p + 0.08))  # played results beat the double-dummy chance
        est = float(rng.uniform(0, 4))
        rows.append({"game": i, "make": {"p": p, "upper": min(1.0, p + 0.04), "made": made, "contract": "6"},
                     "pass": [{"seat": 1, "estimate": est, "score": est + 0.5 + float(rng.normal(0, 1))}]})
    fit = script.fit(rows)
    q = fit["quality"]
    assert q["contracts_fit"] == 300 and q["contracts_held_back"] == 100 and q["passes_held_back"] == 100
    assert fit["make"]["a"] > 0  # pulled up toward the played results
    assert q["mean_make_held_back"]["calibrated"] > q["mean_make_held_back"]["double_dummy"]
    assert fit["pass"]["alpha"] == pytest.approx(0.5, abs=0.35) and fit["pass"]["beta"] == pytest.approx(1.0, abs=0.15)
    assert q["pass_mse_held_back"]["calibrated"] < q["pass_mse_held_back"]["double_dummy"]


def test_the_shipped_calibration_was_fitted_and_beats_the_double_dummy_chance_on_held_back_deals():
    cal = parameters()["calibration"]
    assert cal["fitted_by"].startswith("tools/fit_bid_calibration.py")
    q = cal["quality"]
    assert q["contracts_held_back"] >= 100 and q["sure_made"] > 0.97
    assert q["brier_held_back"]["calibrated"] < q["brier_held_back"]["double_dummy"]
    assert fitted() == Calibration(cal["make"]["a"], cal["make"]["b"], cal["pass"]["alpha"], cal["pass"]["beta"])


def test_bid_hint_calibrates_the_per_talon_figures_and_keeps_the_double_dummy_ones():
    bid_module._CACHE.clear()
    cal = fitted()
    new = bid_hint(THIRD_TO_CALL, samples=40, seed=3, calibrate=True).to_dict()
    raw = bid_hint(THIRD_TO_CALL, samples=40, seed=3).to_dict()  # the default: double-dummy figures
    assert "calibration" not in raw
    dd = new["calibration"]["double_dummy"]
    assert "played results" in new["calibration"]["method"]
    for o in raw["options"]:
        c = o["call"]
        if c == "NEXT":
            assert dd["NEXT"]["score"] == o["score"]
            assert new["pass"]["score"] == pytest.approx(cal.passing(o["score"]), abs=1e-3)
        elif c == "M":  # Meksiko is not calibrated
            assert o == next(x for x in new["options"] if x["call"] == "M")
        else:
            assert dd[c] == {"make": o["make"], "score": o["score"]}
            got = next(x for x in new["options"] if x["call"] == c)
            assert got["make"] == pytest.approx(cal.make(o["make"]), abs=2e-3)
    # The call is the best calibrated option among the legal ones.
    legal = [o for o in new["options"] if o["legal"]]
    assert next(o for o in legal if o["call"] == new["call"])["score"] == max(o["score"] for o in legal)
    # The yardstick engine (per-world declaration) is never calibrated.
    old = bid_hint(THIRD_TO_CALL, samples=40, seed=3, inference=False, per_world_declaration=True,
                   calibrate=True).to_dict()
    assert "calibration" not in old


def test_calibrate_flag_is_checked():
    with pytest.raises(OptionError, match="calibrate"):
        bid_hint(THIRD_TO_CALL, samples=10, seed=1, calibrate="yes")


def test_same_decisions_brier_replays_the_base_games_declarers_last_calls(tmp_path):
    import json
    from meksiko_solver.hints.duplicate import run_duplicate
    script = load_script("same_decisions_brier")
    r = run_duplicate(deals=2, seed=5, policies="hint-uniform,hint-calibrated", samples=6)
    out = tmp_path / "dup.json"
    out.write_text(json.dumps(r.to_dict()))
    got = script.main([str(out)])  # raises if a replayed call of B is not the record's
    base = [p for p in r.played if p.game == "base" and str(p.record.contract) != "M"]
    assert got["decisions"] == len(base) == 2
    made = [p.record.tricks_won[p.record.declarer] >= p.record.contract.tricks_needed for p in base]
    assert got["made"] == sum(made) / 2
    # B's replayed predictions are those it made in the base games, which the arena scored.
    assert got["hint-calibrated"]["brier"] == r.summary["calibration"]["hint-calibrated"]["brier"]
    assert 0.0 <= got["hint-uniform"]["brier"] <= 1.0 and got["hint-uniform"]["predictions"] <= 2
