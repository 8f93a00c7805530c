"""The HTTP service (meksiko_api): every endpoint against the library, errors, limits, threads."""

import argparse
import json
import threading

import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient

from meksiko_api import app as app_module
from meksiko_api.app import ROUTERS, create_app
from meksiko_api.deps import AppSettings
from meksiko_api.errors import LimitError, SettingsError
from meksiko_api.models import SamplingOptions
from meksiko_api.settings import Settings
from meksiko_solver.cli import serve as cli_serve
from meksiko_solver.analysis import analyze_declarer, deal_table
from meksiko_solver.rules import RULES, describe_rules
from meksiko_solver.solver import solve

HANDS = ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"]
TALON = ["8C", "TD"]
SMALL = ["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"]


API_SETTINGS = Settings(max_body_bytes=4096, workers=2)  # the ``client`` fixture's (conftest.py)


def detail(response) -> str:
    body = response.json()
    assert isinstance(body["detail"], str) and body["detail"]
    return body["detail"]


# --- POST /v1/solve -------------------------------------------------------------------------------

@pytest.mark.parametrize("body, args", [
    ({"hands": HANDS, "trump": "D", "declarer": 1}, (HANDS, "D", 1, 1)),
    ({"hands": HANDS, "trump": None, "declarer": 2, "leader": 0}, (HANDS, None, 2, 0)),
    ({"hands": [["KH", "QH", "JD", "TC"], ["7S", "8D", "9C"], "A.A87.-.-"], "trump": "H", "declarer": 0,
      "leader": 1, "played": ["9S"]}, ([["KH", "QH", "JD", "TC"], ["7S", "8D", "9C"], "A.A87.-.-"], "H", 0, 1, ["9S"])),
    ({"hands": [["AS", "KS"], "QJ.-.-.-", "T9.-.-.-"], "trump": "s", "declarer": 0, "played": []},
     (SMALL, "S", 0, 0)),
])
def test_solve_matches_the_library(client, body, args):
    r = client.post("/v1/solve", json=body)
    assert r.status_code == 200, r.text
    want = solve(*args).to_dict()
    got = r.json()
    want.pop("nodes"), got.pop("nodes")  # the node count depends on what the table already holds
    assert got == want


def test_solve_fast_mode_and_liberal_notation(client):
    body = {"hands": [["10s", "♠A"], "QJ.-.-.-", "K9.-.-.-"], "trump": "♠", "declarer": 0, "card_values": False}
    r = client.post("/v1/solve", json=body)
    assert r.status_code == 200, r.text
    assert r.json()["tricks"] == solve(["AT.-.-.-", "QJ.-.-.-", "K9.-.-.-"], "S", 0, 0).tricks
    assert r.json()["card_tricks"] == {} and r.json()["line"] == []


def test_solve_examples_in_the_schema_are_valid(client):
    for example in client.get("/openapi.json").json()["components"]["schemas"]["SolveRequest"]["examples"]:
        assert client.post("/v1/solve", json=example).status_code == 200


# --- POST /v1/analyze -----------------------------------------------------------------------------

@pytest.mark.parametrize("rules", ["mexico-club", "classic"])
def test_analyze_one_seat_matches_the_library(client, rules):
    r = client.post("/v1/analyze", json={"hands": HANDS, "talon": TALON, "declarer": 1, "rules": rules})
    assert r.status_code == 200, r.text
    assert r.json() == analyze_declarer(HANDS, TALON, 1, rules=rules).to_dict()


def test_analyze_every_seat_is_the_deal_table(client):
    r = client.post("/v1/analyze", json={"hands": HANDS, "talon": "8C TD"})
    assert r.status_code == 200, r.text
    assert r.json() == deal_table(HANDS, TALON).to_dict()
    r = client.post("/v1/analyze", json={"hands": HANDS, "talon": TALON, "declarer": None, "rules": "Classic"})
    assert r.json() == deal_table(HANDS, TALON, rules="classic").to_dict()


# --- GET /v1/rules, GET /health, /docs ------------------------------------------------------------

def test_rules_lists_every_profile_with_its_options(client):
    body = client.get("/v1/rules").json()
    assert body["default"] == "mexico-club"
    assert [p["name"] for p in body["profiles"]] == list(RULES)
    for p in body["profiles"]:
        profile = RULES[p["name"]]
        assert p["text"] == describe_rules(profile)
        assert p["default"] == (p["name"] == "mexico-club")
        assert [m["name"] for m in p["modes"]] == [m.name for m in profile.modes]
        assert [f["name"] for f in p["formats"]] == [f.name for f in profile.formats]
        assert p["meksiko_trump"] == profile.meksiko_trump


def test_health_shows_version_workers_and_limits(client):
    body = client.get("/health").json()
    assert body["status"] == "ok" and body["workers"] == 2
    assert body["limits"] == {"max_body_bytes": 4096, "max_samples": 1000, "max_time_budget_ms": 10000}


def test_docs_and_an_example_for_every_body(client):
    assert client.get("/docs").status_code == 200
    schema = client.get("/openapi.json").json()
    requests, responses = set(), set()
    for path in schema["paths"].values():
        for op in path.values():
            if "requestBody" in op:
                requests.add(op["requestBody"]["content"]["application/json"]["schema"]["$ref"])
            for response in op["responses"].values():
                ok = response["content"]["application/json"]["schema"]
                responses.update(ref["$ref"] for ref in ok.get("anyOf", [ok]))
    assert {r.split("/")[-1] for r in requests} >= {"AnalyzeRequest", "SolveRequest"}
    assert {r.split("/")[-1] for r in responses} >= {"SolveResponse", "DeclarerAnalysisResponse",
                                                      "DealTableResponse", "RulesResponse", "HealthResponse",
                                                      "ErrorResponse"}
    for ref in requests | responses:
        name = ref.split("/")[-1]
        assert schema["components"]["schemas"][name].get("examples"), f"{name} has no example"


# --- bad requests ---------------------------------------------------------------------------------

@pytest.mark.parametrize("body, message", [
    ({"hands": [HANDS[0], ["AS", "KS", "QS", "ZZ"], HANDS[2]], "declarer": 0}, "hands[1][3]: unknown card 'ZZ'"),
    ({"hands": ["A97.KQ8.J8.X9", HANDS[1], HANDS[2]], "declarer": 0}, "hands[0]: unknown rank 'X' in holding"),
    ({"hands": HANDS, "trump": "X", "declarer": 0}, "trump: unknown trump 'X'"),
    ({"hands": HANDS, "declarer": 5}, "declarer: input should be less than or equal to 2, got 5"),
    ({"hands": HANDS, "declarer": 0, "leader": "north"}, 'leader: input should be a valid integer'),
    ({"hands": HANDS, "declarer": 0, "played": ["AS", 7]}, "played[1]: input should be a valid string, got 7"),
    ({"hands": HANDS[:2], "declarer": 0}, "hands: list should have at least 3 items"),
    ({"hands": [HANDS[0], 5, HANDS[2]], "declarer": 0}, "hands[1]: input should be a valid list, got 5"),
    ({"hands": HANDS}, "declarer: field required"),
    ({"hands": HANDS, "declarer": 0, "card_value": False}, "card_value: unknown field"),
    ([1, 2], "body: input should be a valid dictionary"),
    # the library's checks
    ({"hands": [HANDS[0], HANDS[1], "KQJT.JT.KQ.QA"], "declarer": 0}, "duplicate card AC"),
    ({"hands": HANDS, "declarer": 0, "played": ["AS"]}, "AS"),
    ({"hands": ["A97.KQ8.J8.T", HANDS[1], HANDS[2]], "declarer": 0}, "uneven hands: seat 0 holds 9 cards, expected 10"),
])
def test_solve_rejects_bad_bodies_naming_field_and_value(client, body, message):
    r = client.post("/v1/solve", json=body)
    assert r.status_code == 422, r.text
    assert message in detail(r)


def test_every_problem_is_listed(client):
    body = {"hands": [HANDS[0], ["ZZ"], HANDS[2]], "trump": "X", "declarer": 7}
    r = client.post("/v1/solve", json=body)
    assert r.status_code == 422
    errors = r.json()["errors"]
    assert [e.split(":")[0] for e in errors] == ["hands[1][0]", "trump", "declarer"]
    assert r.json()["detail"] == "; ".join(errors)


@pytest.mark.parametrize("body, message", [
    ({"hands": HANDS, "talon": ["8C"]}, "talon has 1 card, it must have 2"),
    ({"hands": HANDS, "talon": TALON, "rules": "house"}, "unknown rules 'house'"),
    ({"hands": HANDS, "talon": ["8C", "AS"]}, "AS"),
    ({"hands": HANDS, "talon": "8C XD"}, "talon: unknown"),
    ({"hands": HANDS, "talon": TALON, "declarer": -1}, "declarer: input should be greater than or equal to 0, got -1"),
    ({"talon": TALON}, "hands: field required"),
])
def test_analyze_rejects_bad_bodies(client, body, message):
    r = client.post("/v1/analyze", json=body)
    assert r.status_code == 422, r.text
    assert message in detail(r)


def test_a_body_that_is_not_json_is_400_and_not_sent_as_json_415(client):
    r = client.post("/v1/solve", content=b'{"hands": [', headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in detail(r)
    r = client.post("/v1/solve", content=b"hands=1", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415 and "application/x-www-form-urlencoded" in detail(r)
    r = client.post("/v1/solve", content=json.dumps({"hands": SMALL, "declarer": 0}).encode())
    assert r.status_code == 415 and "no Content-Type" in detail(r)
    r = client.post("/v1/solve", headers={"content-type": "application/json"})
    assert r.status_code == 422 and detail(r) == "body: field required"


def test_deeply_nested_json_is_400(client):
    r = client.post("/v1/solve", content=b"[" * 2000 + b"]" * 2000, headers={"content-type": "application/json"})
    assert r.status_code == 400 and detail(r)


def test_a_hand_longer_than_the_deck_is_refused_before_the_library(client):
    r = client.post("/v1/solve", json={"hands": [["AS"] * 33, [], []], "declarer": 0})
    assert r.status_code == 422 and detail(r).startswith("hands[0]: list should have at most 32 items")


def test_unknown_path_and_method(client):
    assert client.get("/v1/nothing").status_code == 404
    r = client.get("/v1/solve")
    assert r.status_code == 405 and detail(r)


# --- the body size limit --------------------------------------------------------------------------

def test_a_body_over_the_limit_is_413(client):
    big = json.dumps({"hands": HANDS, "declarer": 0, "padding": "x" * 5000}).encode()
    r = client.post("/v1/solve", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert detail(r) == f"the request body of {len(big)} bytes is over this server's limit of 4096 bytes"


def test_a_streamed_body_over_the_limit_is_413(client):
    chunks = iter([b'{"hands": ["' + b"A" * 3000, b"A" * 3000 + b'"]}'])  # no Content-Length: chunked
    r = client.post("/v1/solve", content=chunks, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "limit of 4096 bytes" in detail(r)


def test_a_streamed_body_within_the_limit_is_read(client):
    text = json.dumps({"hands": SMALL, "trump": "S", "declarer": 0}).encode()
    r = client.post("/v1/solve", content=iter([text[:10], text[10:]]), headers={"content-type": "application/json"})
    assert r.status_code == 200 and r.json()["tricks"] == 2


def test_a_bad_content_length_is_400(client):
    r = client.post("/v1/solve", content=b"{}", headers={"content-type": "application/json", "content-length": "x"})
    assert r.status_code == 400 and "Content-Length" in detail(r)


# --- settings and the limits of hint and review requests ------------------------------------------

def test_settings_from_the_environment():
    s = Settings.from_env({"MEKSIKO_API_MAX_SAMPLES": "50", "MEKSIKO_API_PORT": "9000",
                           "MEKSIKO_API_HOST": "0.0.0.0", "MEKSIKO_API_MAX_BODY_BYTES": "100",
                           "MEKSIKO_API_MAX_TIME_BUDGET_MS": "250", "MEKSIKO_API_WORKERS": "3"})
    assert (s.max_samples, s.port, s.host, s.max_body_bytes, s.max_time_budget_ms, s.workers) == \
        (50, 9000, "0.0.0.0", 100, 250, 3)
    assert Settings.from_env({"MEKSIKO_API_PORT": "9000"}, port=9001, host=None).port == 9001
    assert Settings.from_env({}).host == "127.0.0.1"


@pytest.mark.parametrize("environ, message", [
    ({"MEKSIKO_API_MAX_SAMPLES": "many"}, "MEKSIKO_API_MAX_SAMPLES must be a whole number, not 'many'"),
    ({"MEKSIKO_API_MAX_SAMPLES": "0"}, "max_samples (MEKSIKO_API_MAX_SAMPLES) must be a positive whole number, not 0"),
    ({"MEKSIKO_API_PORT": "70000"}, "port (MEKSIKO_API_PORT) must be from 1 to 65535, not 70000"),
])
def test_bad_settings_are_named(environ, message):
    with pytest.raises(SettingsError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Settings.from_env(environ)


def test_limits_on_samples_and_time_budget():
    s = Settings(max_samples=100, max_time_budget_ms=500)
    s.check_limits(samples=100, time_budget_ms=500)
    s.check_limits()
    with pytest.raises(LimitError, match="samples 101 is over this server's limit of 100"):
        s.check_limits(samples=101)
    with pytest.raises(LimitError, match="time_budget_ms 501 is over this server's limit of 500"):
        s.check_limits(time_budget_ms=501)


def test_a_sampling_route_over_the_limits_is_422():
    """How the hint and review routes use the limits (SamplingOptions + settings.check_limits)."""
    router = APIRouter()

    @router.post("/v1/sample")
    async def sample(body: SamplingOptions, settings: AppSettings) -> dict:
        settings.check_limits(body.samples, body.time_budget_ms)
        return body.model_dump()

    app = create_app(Settings(max_samples=100, max_time_budget_ms=500))
    app.include_router(router)
    with TestClient(app, base_url="http://localhost") as c:
        assert c.post("/v1/sample", json={"samples": 100, "seed": 1}).status_code == 200
        r = c.post("/v1/sample", json={"samples": 1000})
        assert r.status_code == 422 and "samples 1000 is over this server's limit of 100" in detail(r)
        r = c.post("/v1/sample", json={"time_budget_ms": 600})
        assert r.status_code == 422 and "time_budget_ms 600" in detail(r)
        r = c.post("/v1/sample", json={"samples": 0})
        assert r.status_code == 422 and "samples: input should be greater than or equal to 1, got 0" in detail(r)


def test_every_router_named_is_served():
    assert {"health", "solve", "analyze", "rules"} <= set(ROUTERS)
    assert {"/health", "/v1/solve", "/v1/analyze", "/v1/rules"} <= set(app_module.app.openapi()["paths"])


# --- solving runs in worker threads, in parallel, never on the event loop -------------------------

def test_solves_run_in_parallel_worker_threads_and_the_loop_stays_free(monkeypatch):
    from meksiko_api.routers import solve as solve_route

    both_running = threading.Barrier(3, timeout=10)  # two solves and this test
    release = threading.Event()
    threads = set()

    def slow_solve(*args, **kwargs):
        threads.add(threading.current_thread().name)
        both_running.wait()  # both solves are in progress at once
        assert release.wait(10)
        return solve(*args, **kwargs)

    monkeypatch.setattr(solve_route, "solve", slow_solve)
    results = []
    with TestClient(create_app(Settings(workers=2)), base_url="http://localhost") as c:
        body = {"hands": SMALL, "trump": "S", "declarer": 0}
        requests = [threading.Thread(target=lambda: results.append(c.post("/v1/solve", json=body)))
                    for _ in range(2)]
        for t in requests:
            t.start()
        both_running.wait()
        assert c.get("/health").status_code == 200  # the event loop answers while both solves run
        release.set()
        for t in requests:
            t.join(10)
    assert [r.status_code for r in results] == [200, 200]
    assert len(threads) == 2 and all(name.startswith("meksiko-solver") for name in threads)


def test_an_app_serves_again_after_its_lifespan_ended():
    app = create_app(Settings(workers=1))
    body = {"hands": SMALL, "trump": "S", "declarer": 0}
    for _ in range(2):
        with TestClient(app, base_url="http://localhost") as c:
            assert c.post("/v1/solve", json=body).json()["tricks"] == 2


# --- meksiko-solver serve -------------------------------------------------------------------------

def parse_serve(argv):
    parser = argparse.ArgumentParser()
    cli_serve.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["serve", *argv])


def test_serve_runs_uvicorn_on_loopback_by_default(monkeypatch):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    monkeypatch.setattr(cli_serve, "check_can_listen", lambda *a: None)  # port 8000 may be in use here
    monkeypatch.delenv("MEKSIKO_API_HOST", raising=False)
    monkeypatch.delenv("MEKSIKO_API_PORT", raising=False)
    args = parse_serve([])
    assert args.func(args) == 0
    assert calls[0][1]["host"] == "127.0.0.1" and calls[0][1]["port"] == 8000
    args = parse_serve(["--host", "0.0.0.0", "--port", "8123"])
    assert args.func(args) == 0
    assert calls[1][1]["host"] == "0.0.0.0" and calls[1][1]["port"] == 8123
    assert calls[1][0].state.settings.port == 8123


def test_serve_names_a_bad_port():
    args = parse_serve(["--port", "0"])
    with pytest.raises(SettingsError, match="port"):
        args.func(args)
