"""POST /v1/study: the library's study over HTTP, bounded to small studies."""

import pytest

import meksiko_solver as ms
from meksiko_api.study_models import MAX_STUDY_DEALS
from meksiko_solver.studies import result_lines

DEAL = {"hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], "talon": ["8C", "TD"]}


def test_random_study_is_the_librarys(client):
    r = client.post("/v1/study", json={"deals": 5, "seed": 3, "rules": "classic"})
    assert r.status_code == 200, r.text
    expected = ms.study(5, seed=3, rules="classic", plots=False)
    assert r.json() == {"summary": expected.summary, "results": list(result_lines(expected.arrays))}


def test_given_deals_with_a_declarer(client):
    r = client.post("/v1/study", json={"given": [dict(DEAL, declarer=1), DEAL]})
    assert r.status_code == 200, r.text
    results = r.json()["results"]
    assert [sorted(x["seats"]) for x in results] == [["1"], ["0", "1", "2"]]
    assert results[0]["seats"]["1"]["max_bid"] == ms.analyze_declarer(DEAL["hands"], DEAL["talon"], 1).max_bid
    assert r.json()["summary"]["analyses"] == 4


@pytest.mark.parametrize("body, message", [
    ({"deals": MAX_STUDY_DEALS + 1}, f"less than or equal to {MAX_STUDY_DEALS}"),
    ({"deals": 0}, "greater than or equal to 1"),
    ({}, "give either deals"),
    ({"deals": 2, "given": [DEAL]}, "give either deals"),
    ({"given": [dict(DEAL, talon=["8C", "8S"])]}, "8S is dealt twice"),
    ({"given": [DEAL], "rules": "bridge"}, "unknown rules 'bridge'"),
    ({"deals": 2, "scheduler": "tcp://x:1"}, "scheduler"),
])
def test_bad_or_too_large_studies_are_422(client, body, message):
    r = client.post("/v1/study", json=body)
    assert r.status_code == 422, r.text
    assert message in r.json()["detail"]


def test_the_response_example_is_a_real_answer(client):
    example = client.get("/openapi.json").json()["components"]["schemas"]["StudyResponse"]["examples"][0]
    answer = client.post("/v1/study", json={"deals": 1, "seed": 1}).json()
    assert example["results"] == answer["results"]
    for key in ("study", "deals", "analyses", "best_feature"):
        assert (example["summary"].get(key) or example["summary"]["p_make"][key]) == \
            (answer["summary"].get(key) or answer["summary"]["p_make"][key])
