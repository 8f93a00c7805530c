"""Study throughput: deals a second for 2000 random deals locally (every core, the engine's
threads) and on a loopback Dask cluster of two single-threaded workers (a scheduler and two
worker processes on 127.0.0.1). Target: the cluster within 15% of local. Both give the
stored answer, and a sample of deals agrees with analyze_declarer."""

import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import meksiko_solver as ms
from deal_sets import load_answers
from study_set import STUDY, answer

pytest.importorskip("distributed", reason="the cluster extra: pip install '.[cluster]'")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from loopback_cluster import loopback_cluster  # noqa: E402

ROUNDS = 3  # of each, interleaved: the machine is shared and its speed drifts


def run(**options):
    start = time.perf_counter()
    result = ms.study(plots=False, **STUDY, **options)
    return result, time.perf_counter() - start


def check(result):
    assert answer(result) == load_answers("study_answers.jsonl")[0]
    a = result.arrays
    for i in range(0, STUDY["deals"], 97):  # a sample against the library's own analysis
        hands, talon = ms.studies.random_deal(STUDY["seed"], i).cards()
        for seat in range(3):
            d = ms.analyze_declarer(hands, talon, seat)
            assert a["with_talon"][i, seat].tolist() == [d.with_talon[t]["tricks"] for t in "SHDC"]
            assert a["meksiko"][i, seat, :4].tolist() == [d.meksiko[t] for t in "SHDC"]


def test_study_throughput_local_and_loopback_cluster(benchmark):
    """The last cluster round runs under the benchmark fixture (its table shows that round);
    the deals a second of every round are in extra_info."""
    with loopback_cluster(workers=2, threads=1) as address:
        rounds = 1 if benchmark.disabled else ROUNDS
        local_s, cluster_s = [], []
        for r in range(rounds):
            local, seconds = run()
            local_s.append(seconds)
            if r == rounds - 1:
                remote, seconds = benchmark.pedantic(run, kwargs={"scheduler": address}, rounds=1)
            else:
                remote, seconds = run(scheduler=address)
            cluster_s.append(seconds)
            for name in local.arrays:
                assert np.array_equal(local.arrays[name], remote.arrays[name]), name
            assert local.summary == remote.summary
        check(local)
    if benchmark.disabled:
        return
    deals = STUDY["deals"]
    local_rate, cluster_rate = deals / statistics.median(local_s), deals / statistics.median(cluster_s)
    benchmark.extra_info.update({
        "local_deals_per_s": [round(deals / s, 1) for s in local_s],
        "cluster_deals_per_s": [round(deals / s, 1) for s in cluster_s],
        "local_median_deals_per_s": round(local_rate, 1),
        "cluster_median_deals_per_s": round(cluster_rate, 1),
        "cluster_over_local": round(cluster_rate / local_rate, 3),
        "local_core_ms_per_deal": round(1e3 * statistics.median(local_s) * (os.cpu_count() or 1) / deals, 2),
    })
    print(benchmark.extra_info)
    assert cluster_rate >= 0.85 * local_rate, benchmark.extra_info
