"""The bid hint's ``play_noise``: contracts judged over the declarer's tricks in play."""

import pytest

from meksiko_solver.auction import Contract
from meksiko_solver.errors import MeksikoError
from meksiko_solver.hints import bid as bid_module
from meksiko_solver.hints import bid_hint
from meksiko_solver.hints.outcome import Scorer
from meksiko_solver.hints.play_noise import PlayedScorer, shifts
from meksiko_solver.hints.view import View

VIEW = {"seat": 1, "dealer": 0, "hand": "AKT8.A97.KQ.J", "auction": []}


def _six(seat=0, declarer=0, totals=None):
    v = View.from_dict({"seat": 0, "dealer": 2, "hand": "AKT8.A97.KQ.J"})
    return Scorer(v.profile, v.scoring, seat, Contract("6"), declarer, totals)


def test_played_scorer_is_the_expectation_over_the_shifts():
    scorer = _six()
    played = PlayedScorer(scorer, {-1: 0.1, 0: 0.7, 1: 0.2})
    assert played.makes(6) == pytest.approx(0.9) and played.makes(5) == pytest.approx(0.2)
    assert played.makes(4) == 0 and played.makes(7) == pytest.approx(1.0)
    # mexico-club Easy: the tricks when made, -6 when a 6 fails
    assert played.score(5) == pytest.approx(0.1 * -6 + 0.7 * -6 + 0.2 * 6)
    assert played.score(10) == pytest.approx(0.1 * 9 + 0.9 * 10)  # never more than 10 tricks
    assert played.score(0) == pytest.approx(-6)  # never fewer than 0
    weighted = PlayedScorer(scorer, {0: 2.0, 1: 2.0})  # weights need not sum to one
    assert weighted.makes(5) == pytest.approx(0.5)
    floored = PlayedScorer(_six(totals=[2, 0, 0]), {0: 1.0})  # with totals: the change of the total
    assert floored.score(5) == pytest.approx(-2)


def test_the_current_models_hold_a_distribution_and_v1_none():
    current = shifts()
    assert sum(current.values()) == pytest.approx(1.0, abs=1e-3)
    assert max(current, key=current.get) == 0 and current[1] > current[-1]  # the defence errs more
    assert shifts("v1") == {}


def test_bid_hint_with_play_noise_shifts_every_contract(monkeypatch):
    """With every deal played one trick above double-dummy, contract c makes where c - 1 made
    double-dummy; with no shift the figures are the double-dummy ones; the upper bound stays
    double-dummy; a model set without the distribution (v1) stays double-dummy; a bad flag is refused."""
    kw = dict(samples=24, seed=5, per_world_declaration=True, inference=False)
    plain = {o.call: o for o in bid_hint(VIEW, play_noise=False, **kw).options}
    monkeypatch.setattr(bid_module, "shifts", lambda models: {0: 1.0})
    same = {o.call: o for o in bid_hint(VIEW, play_noise=True, **kw).options}
    assert {c: (o.make, o.score) for c, o in same.items()} == {c: (o.make, o.score) for c, o in plain.items()}
    monkeypatch.setattr(bid_module, "shifts", lambda models: {1: 1.0})
    up = bid_hint(VIEW, play_noise=True, **kw)
    shifted = {o.call: o for o in up.options}
    for c in range(6, 11):
        assert shifted[str(c)].make == pytest.approx(plain[str(c - 1)].make)
    assert shifted["M"].make == plain["M"].make  # Meksiko stays double-dummy
    assert shifted["NEXT"].score == plain["NEXT"].score
    per_talon = bid_hint(VIEW, samples=24, seed=5, play_noise=True).to_dict()
    assert per_talon["double_dummy_upper_bound"]["options"] == bid_hint(VIEW, samples=24, seed=5, play_noise=False).to_dict()[
        "double_dummy_upper_bound"]["options"]
    monkeypatch.undo()
    assert bid_hint(VIEW, samples=24, seed=5).to_dict() != bid_hint(VIEW, samples=24, seed=5, play_noise=False).to_dict()
    v1 = [bid_hint(VIEW, samples=8, seed=0, play_noise=flag, models="v1").to_dict() for flag in (True, False)]
    assert v1[0] == v1[1]
    with pytest.raises(MeksikoError, match="play_noise must be true or false"):
        bid_hint(VIEW, samples=8, seed=0, play_noise="on")
