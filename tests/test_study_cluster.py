"""A study on a real Dask cluster (a scheduler and two workers started here on 127.0.0.1, torn
down after) gives the same arrays, results.jsonl and summary.json as the same study locally."""

import json

import numpy as np
import pytest

import meksiko_solver as ms

pytest.importorskip("distributed", reason="the cluster extra: pip install '.[cluster]'")

from loopback_cluster import loopback_cluster  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    with loopback_cluster(workers=2, threads=1) as address:
        yield address


def test_cluster_study_equals_local_study(cluster, tmp_path):
    local = ms.study(36, seed=21, chunk_size=36, out=str(tmp_path / "local"), plots=False)
    remote = ms.study(36, seed=21, chunk_size=5, out=str(tmp_path / "remote"), plots=False, scheduler=cluster)
    for name in local.arrays:
        assert np.array_equal(local.arrays[name], remote.arrays[name]), name
    for name in ("summary.json", "results.jsonl", "p_make.csv"):
        assert (tmp_path / "local" / name).read_bytes() == (tmp_path / "remote" / name).read_bytes(), name
    assert len(list((tmp_path / "remote" / "chunks").iterdir())) == 8


def test_cluster_study_of_given_deals_and_resumed_locally(cluster, tmp_path):
    deals = [{"hands": [str(ms.Hand(h)) for h in d.cards()[0]], "talon": [str(c) for c in d.cards()[1]],
              "declarer": i % 3} for i, d in enumerate(ms.studies.random_deal(5, i) for i in range(9))]
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in deals))
    out = tmp_path / "out"
    remote = ms.study(input=str(path), chunk_size=3, out=str(out), plots=False, scheduler=cluster)
    assert remote.arrays["analysed"].sum() == 9
    (out / "chunks" / "chunk-000001.npz").unlink()  # a chunk lost: the rerun (here, locally) redoes it
    again = ms.study(input=str(path), chunk_size=3, out=str(out), plots=False)
    assert again.summary == remote.summary
    assert ms.study(input=str(path), chunk_size=9, plots=False).summary == remote.summary
