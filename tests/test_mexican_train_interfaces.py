"""Mexican Train over the CLI (``meksiko-solver mexican-train ...``) and HTTP (``/v1/mexican-train/*``)."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

from meksiko_api.app import ROUTERS, create_app
from meksiko_api.settings import Settings
from meksiko_solver.cli import main
from meksiko_solver.mexican_train import GameRecord, best_opening, deal_round, train_hint

HAND = "12-5 5-3 3-3 3-12 12-7 9-1"


def _view(seed=5, players=4):
    deal = deal_round(players, 12, random.Random(seed))
    return {"players": players, "engine": 12, "starter": 0, "seat": 0,
            "hand": [str(t) for t in deal.hands[0]], "moves": []}


# ------------------------------------------------------------------------------------- CLI ----

def test_opening_json_is_the_train_from_the_joining_end(capsys):
    assert main(["mexican-train", "opening", "--hand", "5-12 3-5 3-3 12-3 7-12 9-1", "--engine", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["train"] == ["12-5", "5-3", "3-3", "3-12", "12-7"] and data["tiles"] == 5 and data["pips"] == 65
    assert data == best_opening(HAND, 12).to_dict()


def test_opening_without_a_matching_tile_is_an_empty_train(capsys):
    assert main(["mexican-train", "opening", "--hand", "5-3 1-1", "--engine", "12", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["train"] == [] and data["tiles"] == 0 and data["pips"] == 0
    assert main(["mexican-train", "opening", "--hand", "5-3 1-1", "--engine", "12"]) == 0
    assert "empty train" in capsys.readouterr().out


def test_opening_all_lists_the_ties(capsys):
    assert main(["mexican-train", "opening", "--hand", "12-5 5-3 5-5 3-12 12-7 7-5 3-7", "--engine", "12",
                 "--all", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tie_count"] == 6 and len(data["ties"]) == 6 and data["ties"][0] == data["train"]
    assert main(["mexican-train", "opening", "--hand", "12-5 5-3 5-5 3-12 12-7 7-5 3-7", "--engine", "12", "--all"]) == 0
    assert "6 trains with 6 tiles and 83 pips" in capsys.readouterr().out


@pytest.mark.parametrize("args, message", [
    (["opening", "--hand", "12-5 5-12", "--engine", "12"], "tile 12-5 is given twice"),
    (["opening", "--hand", "12-5 13-3", "--engine", "12"], "'13-3' is not in the double-twelve set"),
    (["opening", "--hand", "12-5", "--engine", "14"], "engine 14"),
    (["opening", "--hand", "12-12 12-5", "--engine", "12"], "12-12 is the engine"),
    (["play", "--players", "9", "--seed", "1"], "2 to 8 players"),
    (["arena", "--players", "4", "--rounds", "4", "--policies", "hint,baseline"], "2 names"),
])
def test_bad_input_exits_2_with_one_line(capsys, args, message):
    assert main(["mexican-train", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meksiko-solver mexican-train: error: ") and message in err and err.count("\n") == 1


def test_play_writes_a_record_that_checks(capsys, tmp_path):
    out = tmp_path / "game.json"
    assert main(["mexican-train", "play", "--players", "3", "--seed", "4", "--short", "-o", str(out)]) == 0
    text = capsys.readouterr().out
    assert "round  7 engine  6-6" in text and "winner" in text
    record = GameRecord.from_dict(json.loads(out.read_text()))
    assert len(record.rounds) == 7 and record.finished
    assert main(["mexican-train", "check", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == record.totals()
    data = json.loads(out.read_text())
    data["rounds"][0]["moves"][0]["tiles"] = ["0-0"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert main(["mexican-train", "check", str(bad)]) == 2
    assert "rounds[0].moves[0]: " in capsys.readouterr().err


def test_hint_reads_a_view_file(capsys, tmp_path):
    path = tmp_path / "view.json"
    path.write_text(json.dumps(_view()))
    assert main(["mexican-train", "hint", str(path), "--worlds", "6", "--seed", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {**train_hint(_view(), worlds=6, seed=2).to_dict(), "elapsed_ms": data["elapsed_ms"]}
    assert main(["mexican-train", "hint", str(path), "--worlds", "6"]) == 0
    assert "expected points" in capsys.readouterr().out
    path.write_text("{")
    assert main(["mexican-train", "hint", str(path)]) == 2


def test_arena_json(capsys):
    assert main(["mexican-train", "arena", "--players", "2", "--rounds", "2", "--policies", "baseline,random",
                 "--quiet", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rounds"] == 2 and set(data["policies"]) == {"baseline", "random"}


# ------------------------------------------------------------------------------------ HTTP ----

API_SETTINGS = Settings(workers=2, max_samples=200)  # the ``client`` fixture's (conftest.py)


def test_the_service_has_the_mexican_train_router():
    assert "mexican_train" in ROUTERS


def test_opening_route_is_the_librarys_answer(client):
    r = client.post("/v1/mexican-train/opening", json={"hand": HAND.split(), "engine": 12})
    assert r.status_code == 200 and r.json() == best_opening(HAND, 12).to_dict()
    r = client.post("/v1/mexican-train/opening", json={"hand": HAND, "engine": 12, "all": True})
    assert r.status_code == 200 and r.json()["tie_count"] >= 1


@pytest.mark.parametrize("body, message", [
    ({"hand": ["12-5", "13-3"], "engine": 12}, "hand[1]: '13-3' is not in the double-twelve set"),
    ({"hand": ["12-5", "5-12"], "engine": 12}, "hand: tile 12-5 is given twice"),
    ({"hand": ["12-5"], "engine": 13}, "engine: input should be less than or equal to 12"),
    ({"hand": ["12-5"]}, "engine: field required"),
    ({"hand": ["12-5"], "engine": 12, "seed": 1}, "seed: unknown field"),
    ({"hand": [f"{a}-0" for a in range(1, 13)] + [f"{a}-1" for a in range(2, 12)], "engine": 12},
     "hand: list should have at most 20 items"),
])
def test_bad_opening_bodies_get_422_naming_the_field(client, body, message):
    r = client.post("/v1/mexican-train/opening", json=body)
    assert r.status_code == 422 and message in r.json()["detail"], r.text


def test_hint_route_is_the_librarys_answer(client):
    body = {**_view(), "worlds": 5, "seed": 3}
    r = client.post("/v1/mexican-train/hint", json=body)
    assert r.status_code == 200
    expected = train_hint(_view(), worlds=5, seed=3).to_dict()
    got = r.json()
    assert got["move"] == expected["move"] and got["options"] == expected["options"]


@pytest.mark.parametrize("change, message", [
    ({"hand": ["12-5"]}, "hand: 1 tiles, but each of 4 players gets 15"),
    ({"seat": 9}, "seat: 9 is not a seat 0 to 3"),
    ({"worlds": 500}, "samples 500 is over this server's limit of 200"),
    ({"worlds": 0}, "worlds: input should be greater than or equal to 1"),
    ({"moves": [{"player": 2, "action": "pass"}]}, "moves[0]: it is player 0's turn, not player 2's"),
    ({"moves": [{"player": 0, "action": "play", "tiles": ["12-12"], "train": 0}]}, "moves[0]: "),
])
def test_bad_hint_bodies_get_422_naming_the_field(client, change, message):
    r = client.post("/v1/mexican-train/hint", json={**_view(), "worlds": 2, **change})
    assert r.status_code == 422 and message in r.json()["detail"], r.text


def test_the_routes_are_in_the_openapi_document(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert "/v1/mexican-train/opening" in paths and "/v1/mexican-train/hint" in paths
