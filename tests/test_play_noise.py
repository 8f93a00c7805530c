"""The bid hint's ``play_noise``: contracts judged over the declarer's tricks in play."""

import pytest

from meksiko_solver.auction import Contract
from meksiko_solver.errors import MeksikoError
from meksiko_solver.hints import play_noise
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
    monkeypatch.setattr(play_noise, "shifts", lambda models: {0: 1.0})
    same = {o.call: o for o in bid_hint(VIEW, play_noise=True, **kw).options}
    assert {c: (o.make, o.score) for c, o in same.items()} == {c: (o.make, o.score) for c, o in plain.items()}
    monkeypatch.setattr(play_noise, "shifts", lambda models: {1: 1.0})
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


DECLARER = {"seat": 0, "dealer": 2, "hand": "AKT8.A97.KQ.J", "auction": ["6", "NEXT", "NEXT"], "talon": ["7C", "8H"]}


def _figures(hint):
    return [(o.discard, o.trump, o.make, o.score) for o in hint.options]


def test_discard_hint_with_play_noise_ranks_over_the_tricks_in_play(monkeypatch):
    """No shift: the double-dummy hint; every deal played down to no tricks: every option fails
    with a 6's failure score; Meksiko and v1 stay double-dummy; the policy's flag reaches it."""
    from meksiko_solver.hints import discard_hint
    from meksiko_solver.hints.duplicate import make_policy
    kw = dict(samples=24, seed=3, inference=False)
    plain = discard_hint(DECLARER, play_noise=False, **kw)
    monkeypatch.setattr(play_noise, "shifts", lambda models: {0: 1.0})
    assert _figures(discard_hint(DECLARER, play_noise=True, **kw)) == _figures(plain)
    monkeypatch.setattr(play_noise, "shifts", lambda models: {-10: 1.0})
    ruined = discard_hint(DECLARER, play_noise=True, **kw)
    assert {(o.make, o.score) for o in ruined.options} == {(0.0, -6.0)}
    assert [o.tricks for o in ruined.options] == sorted((o.tricks for o in ruined.options), reverse=True)
    meksiko = {**DECLARER, "auction": ["M"], "talon": None}
    assert _figures(discard_hint(meksiko, play_noise=True, **kw)) == _figures(discard_hint(meksiko, **kw))
    monkeypatch.undo()
    v1 = [_figures(discard_hint(DECLARER, samples=16, seed=0, models="v1", play_noise=f)) for f in (True, False)]
    assert v1[0] == v1[1]
    noisy = discard_hint(DECLARER, play_noise=True, **kw)
    assert [o.make for o in noisy.options] != [o.make for o in plain.options]
    assert make_policy("hint-discard-in-play", 10, 0).discard_noise and not make_policy("hint", 10, 0).discard_noise
    with pytest.raises(MeksikoError, match="play_noise must be true or false"):
        discard_hint(DECLARER, samples=8, seed=0, play_noise="on")


def test_wide_calls_solve_more_worlds_for_the_bid_and_the_discard_only():
    """``hint-wide-calls``: the bid and discard hints at four times the worlds, the play hints at
    ``samples``; a bad count is refused with its name."""
    from meksiko_solver.hints import HintPolicy
    from meksiko_solver.game import play_deal
    from meksiko_solver.hints.duplicate import make_policy
    seen = []
    policy = make_policy("hint-wide-calls", 6, 0, on_hint=lambda kind, view, hint: seen.append((str(kind), hint.samples)))
    assert policy.call_samples == 24 and make_policy("hint-wide-calls@5", 50, 0).call_samples == 20
    play_deal([policy] * 3, dealer=0, seed=4)
    assert set(seen) == {("auction", 24), ("declare", 24), ("play", 6)}
    with pytest.raises(MeksikoError, match="call_samples must be a positive whole number"):
        HintPolicy(call_samples=0)
