"""Issue 54.3: tools/fit_hint_models.py refits the models of the other seats on the games of the
current engine, generation after generation, and keeps a richer term only where it predicts
held-back decisions better."""

import json
import random
from itertools import combinations
from math import exp, isclose

import pytest

from meksiko_solver.auction import Auction
from meksiko_solver.hints import bidding_model
from meksiko_solver.hints.bidding_model import CONTEXTS, call_context, call_distribution, parameters
from meksiko_solver.hints.play_model import card_probabilities, discard_log_probability_with
from project_scripts import load_script

fit = load_script("fit_hint_models")
LEGAL = ("6", "7", "8", "9", "10", "M", "NEXT")


@pytest.fixture
def restore_models():
    """The tool makes its fitted set this process's current one: put the shipped set back."""
    saved = json.loads(json.dumps(parameters("current")))
    yield
    fit.use_models(saved)


def draw_from(dist, rng):
    x, acc = rng.random(), 0.0
    for k, p in dist.items():
        acc += p
        if x < acc:
            return k
    return k


def test_call_context_reads_the_auction_position():
    a = Auction(0)
    assert call_context(a, a.turn) == "open"
    a.call("5")
    assert call_context(a, a.turn) == "first"
    a.call("NEXT")
    assert call_context(a, a.turn) == "first-alone"  # seat 0 faces the opener alone
    a.call("6")
    assert call_context(a, a.turn) == "again-alone"  # the opener, outbid, the other out
    b = Auction(0, None, ["5", "6", "7"])
    assert call_context(b, b.turn) == "again"  # the opener again, nobody out
    assert set(CONTEXTS) == {"open", "first", "first-alone", "again", "again-alone"}


def test_context_margin_shifts_the_calls_and_stays_a_distribution():
    params = {**parameters("v1")["bidding"], "context_margin": {"again": -1.0}}
    plain = call_distribution(6.5, LEGAL, params, "first")
    assert plain == call_distribution(6.5, LEGAL, parameters("v1")["bidding"])  # no offset: as before
    shy = call_distribution(6.5, LEGAL, params, "again")
    assert shy["6"] < plain["6"] and isclose(sum(shy.values()), 1.0)


def test_fit_calls_recovers_a_context_margin_and_keeps_it():
    rng = random.Random(710003)
    truth = {**parameters("v1")["bidding"], "margin": 0.3, "spread": 0.6, "context_margin": {"again": -1.0}}
    rows = []
    for i in range(800):
        strength, context = rng.uniform(3, 9), rng.choice(["first", "again"])
        rows.append((i, strength, LEGAL, draw_from(call_distribution(strength, LEGAL, truth, context), rng), context))
    got = fit.fit_calls(rows, parameters("v1")["bidding"])
    q = got["quality"]["calls"]
    assert q["context_kept"] and q["with_context_held_back"] > q["without_context_held_back"]
    offset = got["context_margin"]
    assert abs(got["margin"] + offset["first"] - 0.3) <= 0.3 and abs(got["margin"] + offset["again"] + 0.7) <= 0.4
    # Calls that do not depend on the position: the plain model is kept.
    flat = [(i, s, legal, draw_from(call_distribution(s, LEGAL, {**truth, "context_margin": {}}, c), rng), c)
            for i, s, legal, _, c in rows]
    assert "context_margin" not in fit.fit_calls(flat, parameters("v1")["bidding"])


def test_fit_cards_finds_a_defenders_own_temperature():
    rng = random.Random(710004)
    rows = []
    for i in range(1200):
        values = {c: rng.randrange(0, 4) for c in range(rng.randrange(2, 6))}
        declaring = i % 2 == 0
        p = card_probabilities(values, declaring, {"temperature": 0.2 if declaring else 1.5, "floor": 0.02})
        rows.append((i, values, draw_from(p, rng), declaring))
    got = fit.fit_cards(rows, {"lookback": 2, "temperature": 1.0, "floor": 0.02})
    assert got["quality"]["by_role_kept"] and got["temperature"] <= 0.3 and got["temperature_defender"] >= 1.0
    assert got["quality"]["by_role_held_back"] > got["quality"]["previous_held_back"]  # a base of T = 1 for both
    assert got["lookback"] == 2


def test_fit_discards_finds_the_exposed_talons_term():
    rng = random.Random(710005)
    truth = {"temperature": 4.0, "floor": 0.05, "talon": 1.5}
    rows = []
    for i in range(240):
        cards = rng.sample(range(32), 12)
        twelve = sum(1 << c for c in cards)
        talon = (1 << cards[0]) | (1 << cards[1])
        pairs = {(1 << a) | (1 << b): exp(discard_log_probability_with(twelve, (1 << a) | (1 << b), 0, truth, talon))
                 for a, b in combinations(cards, 2)}
        rows.append((i, twelve, draw_from(pairs, rng), 0, talon))
    got = fit.fit_discards(rows, {"temperature": 8.0, "floor": 0.05})
    assert got["quality"]["talon_kept"] and 0.5 <= got["talon"] <= 2.5
    assert got["quality"]["with_talon_held_back"] > got["quality"]["previous_held_back"]


def test_discard_model_survives_a_low_temperature():
    twelve = (1 << 12) - 1
    cards = range(12)
    for t in (0.5, 0.05, 0.001):  # keep values far apart, a cold model: the pairs' weights underflow
        p = {"temperature": t, "floor": 0.05, "talon": -2.0}
        total = sum(exp(discard_log_probability_with(twelve, (1 << a) | (1 << b), 0, p, 0b11))
                    for a, b in combinations(cards, 2))
        assert isclose(total, 1.0, rel_tol=1e-9)


def test_generations_of_self_play_write_each_model_set(tmp_path, restore_models, capsys):
    out = tmp_path / "models.json"
    out.write_text(json.dumps(parameters("v1")))
    assert fit.main(["--deals", "0", "--games", "4", "--seed", "710006", "--policy", "hint", "--samples", "6",
                     "--generations", "2", "--out", str(out)]) == 0
    gens = [json.loads((tmp_path / f"models-gen{g}.json").read_text()) for g in (1, 2)]
    assert json.loads(out.read_text()) == gens[1] and [m["generation"] for m in gens] == [1, 2]
    for m in gens:
        assert m["bidding"]["strength"] == parameters("v1")["bidding"]["strength"]  # --deals 0 keeps it
        assert m["tempering"] == parameters("v1")["tempering"]  # other scripts' sections kept
        assert m["bidding"]["quality"]["calls"]["decisions_fit"] > 0 and m["play"]["quality"]["cards_fit"] > 0
    # The second generation played with the first's models: they are this process's current set.
    assert parameters("current")["play"] == gens[0]["play"]
    # Going on from the second generation writes the third.
    fit.main(["--deals", "0", "--games", "4", "--seed", "710014", "--policy", "hint", "--samples", "6", "--out", str(out)])
    assert json.loads((tmp_path / "models.json").read_text())["generation"] == 3
    # The same seed plays the same games and fits the same models.
    again = tmp_path / "again.json"
    again.write_text(json.dumps(parameters("v1")))
    fit.main(["--deals", "0", "--games", "4", "--seed", "710006", "--policy", "hint", "--samples", "6", "--out", str(again)])
    assert json.loads(again.read_text())["play"] == gens[0]["play"]


def test_shipped_models_load_and_hint_v1_keeps_its_own():
    current, v1 = parameters("current"), parameters("v1")
    for m in (current, v1):
        assert {"bidding", "play", "discard", "tempering", "calibration"} <= set(m)
        for context in CONTEXTS:
            assert isclose(sum(call_distribution(6.0, LEGAL, m["bidding"], context).values()), 1.0)
    assert "context_margin" not in v1["bidding"] and "generation" not in v1
    # v1 alone has a file of its own; every other set is the shipped file with its changes.
    files = bidding_model.MODEL_FILES
    assert files["v1"] == "models-v1.json" and {f for name, f in files.items() if name != "v1"} == {"models.json"}
    assert list(files)[:6] == ["current", "v1", "trump", "calls-untempered", "short-play-evidence", "play-untempered"]
