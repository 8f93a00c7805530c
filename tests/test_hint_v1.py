"""Issue 54.1: ``hint-v1`` is ``hint`` as it was when frozen, and stays so when ``hint`` changes.

``tests/data/hint_v1_decisions.json`` holds ``hint``'s decisions at the freeze (bids, discards
and plays on eight seeded deals, ``tools/record_hint_decisions.py``); ``hint-v1`` must make every
one of them. And a change of the current models moves ``hint`` but not ``hint-v1``."""

import json
from pathlib import Path

import pytest

from meksiko_solver.errors import OptionError
from meksiko_solver.hints import bidding_model
from meksiko_solver.hints.bid import _CACHE, bid_hint
from meksiko_solver.hints.policy import HintPolicy
from project_scripts import load_script

DATA = Path(__file__).parent / "data" / "hint_v1_decisions.json"
BID_VIEW = {"seat": 2, "dealer": 0, "hand": "AQT.KJ8.A9.T9", "auction": ["5"]}


def test_hint_v1_makes_the_recorded_decisions():
    data = json.loads(DATA.read_text())
    phases = {d["phase"] for d in data["decisions"]}
    assert phases == {"auction", "declare", "play"} and len(data["decisions"]) > 200
    got = load_script("record_hint_decisions").decisions("hint-v1", data["deals"], data["seed"], data["samples"])
    for i, (want, have) in enumerate(zip(data["decisions"], got)):
        assert have == want, f"decision {i}: hint-v1 {have} where hint made {want}"
    assert len(got) == len(data["decisions"])


def test_hint_v1_keeps_its_models_when_the_current_ones_change(monkeypatch):
    def call(models):
        _CACHE.clear()
        # the bid hint as at the freeze: the pass's declarer by the rule of thumb, double-dummy tricks
        return bid_hint(BID_VIEW, samples=40, seed=3, models=models, best_pass_declaration=False,
                        play_noise=False).to_dict()

    before = call("v1")
    assert call("current") == before  # at the freeze, the current models of the other seats are v1's
    changed = json.loads(json.dumps(bidding_model.parameters("current")))
    changed["bidding"]["margin"] = 2.0  # a refit of the current bidding model
    changed["tempering"]["exponent"] = 1.0
    monkeypatch.setitem(bidding_model.parameters("current"), "bidding", changed["bidding"])
    monkeypatch.setitem(bidding_model.parameters("current"), "tempering", changed["tempering"])
    bidding_model.call_log_probability.cache_clear()
    try:
        assert call("current")["options"] != before["options"]
        assert call("v1") == before
    finally:
        bidding_model.call_log_probability.cache_clear()


def test_unknown_model_set_is_refused():
    with pytest.raises(OptionError, match="models must be one of current, v1, trump, calls-untempered, short-play-evidence, play-untempered, lowest-of-equals, equals-whole-play, equals-tempered, not 'v2'"):
        HintPolicy(models="v2")
    with pytest.raises(OptionError, match="models must be one of"):
        bid_hint(BID_VIEW, samples=5, models="latest")
    with pytest.raises(OptionError, match="models must be one of"):
        HintPolicy(models=["v1"])


def _declarer(decisions, deal):
    """The seat of the deal's last bid (the declarer), from its recorded calls."""
    return [d["seat"] for d in decisions if d["deal"] == deal and d["phase"] == "auction" and d["decision"] != "NEXT"][-1]


def test_hint_has_moved_on_where_the_defenders_search_their_own_tricks():
    """``hint`` today (a defender's own tricks searched) leaves the record first at a defender's card:
    the calls, the declarations and the declarer's cards before it are the frozen engine's."""
    data = json.loads(DATA.read_text())
    got = load_script("record_hint_decisions").decisions("hint", data["deals"], data["seed"], data["samples"])
    first = next(i for i, (want, have) in enumerate(zip(data["decisions"], got)) if have != want)
    moved = data["decisions"][first]
    assert moved["phase"] == "play" and moved["seat"] != _declarer(data["decisions"], moved["deal"])


def test_the_yardsticks_keep_their_engines():
    """``hint-uniform`` (plain uniform PIMC) and ``hint-v1`` take none of ``hint``'s later options."""
    from meksiko_solver.hints.duplicate import make_policy
    for name in ("hint-uniform", "hint-v1"):
        policy = make_policy(name, samples=10, seed=0)
        assert (policy.own_search, policy.best_pass_declaration, policy.play_noise, policy.endgame_search,
                policy.overcalls, policy.discard_noise, policy.call_samples) == (False,) * 6 + (10,), name
    hint = make_policy("hint", samples=10, seed=0)
    assert (hint.own_search, hint.best_pass_declaration, hint.play_noise) == (True, True, True)
