"""The hint and review routes answer what the library answers, and refuse bad requests with 422."""

import pytest
from fastapi.testclient import TestClient

from meksiko_api.app import create_app
from meksiko_api.hint_models import PLAY_VIEW_EXAMPLE, RECORD_EXAMPLE, VIEW_EXAMPLE
from meksiko_api.settings import Settings
from meksiko_solver.hints import bid_hint, discard_hint, play_hint
from meksiko_solver.review import review


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Settings(max_samples=400, max_time_budget_ms=5000)), base_url="http://localhost") as c:
        yield c


DECLARE_VIEW = {
    "rules": "mexico-club", "mode": "easy", "seat": 0, "dealer": 2,
    "hand": ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "7C", "8C"],
    "auction": ["6", "NEXT", "NEXT"], "talon": ["7H", "7D"], "trump": None, "play": [],
}


@pytest.mark.parametrize(
    "route, hint, view, key",
    [("bid", bid_hint, VIEW_EXAMPLE, "call"), ("discard", discard_hint, DECLARE_VIEW, "discard"),
     ("play", play_hint, PLAY_VIEW_EXAMPLE, "card")],
)
def test_hint_routes_match_the_library(client, route, hint, view, key):
    r = client.post(f"/v1/hints/{route}", json={**view, "samples": 24, "seed": 5})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data == hint(view, samples=24, seed=5).to_dict()
    assert key in data and "options" in data and data["worlds"] >= 1


def test_hint_route_limits_and_bad_views(client):
    r = client.post("/v1/hints/play", json={**PLAY_VIEW_EXAMPLE, "samples": 401})
    assert r.status_code == 422 and "samples 401 is over this server's limit of 400" in r.json()["detail"]
    r = client.post("/v1/hints/play", json={**PLAY_VIEW_EXAMPLE, "time_budget_ms": 6000})
    assert r.status_code == 422 and "time_budget_ms 6000" in r.json()["detail"]
    bad_hand = {**PLAY_VIEW_EXAMPLE, "hand": PLAY_VIEW_EXAMPLE["hand"][:9] + ["ZZ"]}
    r = client.post("/v1/hints/play", json=bad_hand)
    assert r.status_code == 422 and "ZZ" in r.json()["detail"]
    r = client.post("/v1/hints/play", json={**PLAY_VIEW_EXAMPLE, "seat": 7})
    assert r.status_code == 422 and "seat" in r.json()["detail"]
    r = client.post("/v1/hints/bid", json=PLAY_VIEW_EXAMPLE)  # the auction is over
    assert r.status_code == 422 and "auction is over" in r.json()["detail"]
    r = client.post("/v1/hints/bid", json={**VIEW_EXAMPLE, "colour": "red"})
    assert r.status_code == 422 and "colour" in r.json()["detail"]


def test_review_route_matches_the_library(client):
    r = client.post("/v1/review", json={"record": RECORD_EXAMPLE})
    assert r.status_code == 200, r.text
    assert r.json() == review(RECORD_EXAMPLE).to_dict()


def test_review_route_refuses_a_bad_record(client):
    bad = {**RECORD_EXAMPLE, "play": ["AS", "7H"]}
    r = client.post("/v1/review", json={"record": bad})
    assert r.status_code == 422 and "play[1]" in r.json()["detail"]
    r = client.post("/v1/review", json={"record": RECORD_EXAMPLE, "single_dummy": True, "samples": 5000})
    assert r.status_code == 422 and "samples 5000" in r.json()["detail"]
