"""The duplicate arena's speed (issue 54.2): ``hint`` against ``hint-uniform``, 50 worlds a hint,
``mexico-club`` Easy, deals in two processes (``workers=2``). Target: the 600-deal duplicate in at
most 10 minutes on the 2-core machine, projected from ``TIMED_DEALS`` deals (one round).

The answers are checked on every run: the first deals played in two processes give the same
per-deal results (records, scores and the summary) as the same deals played in one. Timed
(not under --benchmark-disable), the projection of 600 deals is asserted too."""

import time

from meksiko_solver.hints.duplicate import run_duplicate

ARGS = {"seed": 5402, "policies": "hint,hint-uniform", "samples": 50, "mode": "easy"}
CHECKED_DEALS = 2
TIMED_DEALS = 24
TARGET_600_S = 600.0


def test_duplicate_speed(benchmark):
    deals = CHECKED_DEALS if benchmark.disabled else TIMED_DEALS
    spent = []

    def run():
        start = time.perf_counter()
        result = run_duplicate(deals=deals, workers=2, **ARGS)
        spent.append(time.perf_counter() - start)
        return result

    parallel = benchmark.pedantic(run, rounds=1, iterations=1)
    serial = run_duplicate(deals=CHECKED_DEALS, workers=1, **ARGS)
    assert [p.to_dict() for p in parallel.played[:4 * CHECKED_DEALS]] == [p.to_dict() for p in serial.played]
    if benchmark.disabled:
        assert parallel.summary == serial.summary
        return
    projected = spent[0] / deals * 600
    benchmark.extra_info["projected_600_deals_s"] = round(projected, 1)
    assert projected <= TARGET_600_S, f"600 deals projected at {projected:.0f} s from {deals} deals in {spent[0]:.1f} s"
