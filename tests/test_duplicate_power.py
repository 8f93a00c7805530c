"""Issue 54.2: the duplicate arena in K processes or on a Dask cluster (the same result for every
K), its sequential test (the rule's arithmetic on synthetic sequences), bad options, and a policy named with worlds of its own (NAME@N)."""

import json
import random

import pytest

from meksiko_solver.cli import main
from meksiko_solver.errors import OptionError
from meksiko_solver.hints.duplicate import make_policy, run_duplicate
from meksiko_solver.hints.sequential import H0, H1, UNDECIDED, SequentialRule

ARGS = ["arena", "--duplicate", "--deals", "4", "--seed", "3", "--samples", "6", "--policies", "hint,hint-uniform",
        "--quiet", "--json"]


def test_workers_give_the_same_json(capsys):
    assert main(ARGS) == 0
    one = capsys.readouterr().out
    assert main(ARGS + ["--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert one == two
    d = json.loads(one)
    assert len(d["deals"]) == 16 and [g["deal"] for g in d["deals"]] == [i // 4 for i in range(16)]


def test_dask_cluster_gives_the_same_result():
    pytest.importorskip("distributed", reason="the cluster extra: pip install '.[cluster]'")
    from loopback_cluster import loopback_cluster

    local = run_duplicate(deals=3, seed=8, policies="baseline,hint-uniform", samples=5)
    with loopback_cluster(workers=2, threads=1) as address:
        remote = run_duplicate(deals=3, seed=8, policies="baseline,hint-uniform", samples=5, scheduler=address)
    assert remote.to_dict() == local.to_dict()


def synthetic(mean, n, seed, sd=3.0):
    rng = random.Random(seed)
    return [rng.gauss(mean, sd) for _ in range(n)]


def first_decision(rule, values, most):
    """Apply the rule every batch, as the arena does: (decision, deals used)."""
    done = 0
    while True:
        done = min(done + rule.batch, most)
        d = rule.decide(values[:done], final=done >= most)
        if d["decision"] is not None:
            return d["decision"], done


@pytest.mark.parametrize("seed", range(5))
def test_sequential_rule_accepts_h1_on_a_clear_gain_and_h0_on_none(seed):
    rule = SequentialRule(delta=0.5, batch=40)
    assert first_decision(rule, synthetic(1.0, 4000, seed), 4000)[0] == H1
    assert first_decision(rule, synthetic(0.0, 4000, seed), 4000)[0] == H0
    # Between the hypotheses and few deals allowed: undecided at the maximum.
    assert first_decision(SequentialRule(delta=0.5, batch=40), synthetic(0.25, 80, seed, sd=6.0), 80) == (UNDECIDED, 80)


def test_sequential_rule_arithmetic():
    rule = SequentialRule(delta=0.5, alpha=0.05, beta=0.05, batch=10)
    low, high = rule.bounds
    assert high == pytest.approx(2.944439, abs=1e-6) and low == -high
    values = [1.0, 0.0, 2.0, 1.0]  # n 4, sum 4, sample variance 2/3
    assert rule.llr(values) == pytest.approx(0.5 / (2 / 3) * (4 - 4 * 0.25))
    d = rule.decide(values, final=False)
    assert d["decision"] is None and d["llr"] == 2.25 and d["mean"] == 1.0
    assert rule.decide(values * 2, final=False)["decision"] == H1  # llr 0.5 / (4/7) * (8 - 2) = 5.25


@pytest.mark.parametrize("kwargs, message", [
    ({"delta": 0}, "delta must be above 0"), ({"delta": float("nan")}, "delta must be a finite number"),
    ({"delta": 0.2, "alpha": 0.7}, "alpha must be between 0 and 0.5"),
    ({"delta": 0.2, "batch": 1}, "batch must be a whole number of deals, at least 2")])
def test_sequential_rule_checks_its_parameters(kwargs, message):
    with pytest.raises(OptionError, match=message):
        SequentialRule(**kwargs)


def test_sequential_duplicate_stops_at_a_decision():
    # baseline against hint-uniform loses clearly: H0 is accepted after a batch or two, not at 30.
    r = run_duplicate(deals=30, seed=4, policies="baseline,hint-uniform", samples=6,
                      sequential=SequentialRule(delta=1.0, batch=6))
    seq = r.summary["sequential"]
    assert seq["decision"] == H0 and seq["deals"] == r.summary["deals"] == r.deals < 30
    assert seq["deals"] % 6 == 0 and len(r.played) == 4 * seq["deals"] and seq["max_deals"] == 30
    full = run_duplicate(deals=seq["deals"], seed=4, policies="baseline,hint-uniform", samples=6)
    assert full.summary["paired_difference"] == r.summary["paired_difference"]  # the same deals


@pytest.mark.parametrize("extra, message", [
    (["--workers", "0"], "workers must be a whole number of processes, at least 1, not 0"),
    (["--policies", "hint,nobody"], "unknown policy 'nobody'"),
    (["--sequential", "--delta", "-0.1"], "delta must be above 0"),
    (["--sequential", "--delta", "inf"], "delta must be a finite number"),
    (["--scheduler", "localhost:1"], "the scheduler address must look like tcp://HOST:PORT"),
    (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "either here or on the cluster")])
def test_bad_duplicate_options_exit_2(capsys, extra, message):
    assert main(["arena", "--duplicate", "--deals", "2", "--quiet"] + extra) == 2
    assert message in capsys.readouterr().err


def test_duplicate_only_options_need_duplicate(capsys):
    assert main(["arena", "--deals", "2", "--sequential", "--quiet"]) == 2
    assert "--sequential is an option of the duplicate arena" in capsys.readouterr().err


@pytest.mark.parametrize("i, b", [(0, "hint-uniform"), (1, "hint-uniform"), (2, "baseline")])
def test_shared_decisions_give_the_same_deal(i, b):
    """The four games of a deal sharing their hint decisions play and judge exactly as when every
    decision is searched again."""
    from meksiko_solver.hints.duplicate import play_duplicate_deal

    args = (i, "hint", b, 8, 5, "mexico-club", "easy")
    shared, searched = play_duplicate_deal(*args), play_duplicate_deal(*args, remember=False)
    assert [p.to_dict() for p in shared.played] == [p.to_dict() for p in searched.played]
    assert (shared.seat_deals, shared.contracts, shared.calibration, shared.llrs) == \
        (searched.seat_deals, searched.contracts, searched.calibration, searched.llrs)


def test_a_policy_with_its_own_worlds_is_that_policy_at_those_worlds():
    # NAME@N is NAME solving N worlds: the same games as the arena's samples set to N.
    mine = run_duplicate(deals=2, seed=5, policies="hint@6,hint-v1", samples=3)
    plain = run_duplicate(deals=2, seed=5, policies="hint,hint-v1@3", samples=6)
    assert [p.record.to_dict() for p in mine.played] == [p.record.to_dict() for p in plain.played]
    assert mine.summary["paired_difference"] == plain.summary["paired_difference"]
    assert mine.summary["policies"] == {"A": "hint@6", "B": "hint-v1"}
    assert make_policy("hint-v1@20", 50, 0).samples == 20 and make_policy("hint-v1@20", 50, 0).models == "v1"


@pytest.mark.parametrize("policies, message", [
    ("hint@0,hint", "policy hint@0: worlds must be a positive whole number"),
    ("hint@x,hint", "policy 'hint@x': the worlds after @ must be a whole number, not 'x'"),
    ("hint,baseline@5", "policy 'baseline@5': baseline samples no worlds"),
    ("hint,nobody@5", "unknown policy 'nobody'")])
def test_bad_worlds_of_a_policy_exit_2(capsys, policies, message):
    assert main(["arena", "--duplicate", "--deals", "2", "--quiet", "--policies", policies]) == 2
    assert message in capsys.readouterr().err
