"""The web page for players (meksiko_api/static, served at /) and the routes it needs.

Two parts:

* the routes the page uses, with TestClient: ``POST /v1/deal/random|parse`` and
  ``POST /v1/table/advance|position`` against the library, their error messages, and
  ``GET /`` with its static files;
* the page itself in a real browser: headless Chromium (Debian's ``chromium`` package) driven
  by Playwright for Python, against uvicorn serving the app on a free loopback port. Each step
  saves a screenshot under ``artifacts/web/``. These tests are skipped (with the reason) when
  Playwright or Chromium is missing.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from local_server import LocalServer

import meksiko_api
import meksiko_solver
from meksiko_api.app import ROUTERS, create_app
from meksiko_api.routers import table as table_route
from meksiko_api.settings import Settings
from meksiko_solver.analysis import deal_table
from meksiko_solver.cards import Hand
from meksiko_solver.game import deal_cards
from meksiko_solver.policies import RandomPolicy
from meksiko_solver.record import DealRecord
from meksiko_solver.review import review
from meksiko_solver.solver import solve

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts" / "web"
CHROMIUM = os.environ.get("MEKSIKO_CHROMIUM", "/usr/bin/chromium")

HANDS = ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"]
TALON = ["8C", "TD"]
DEAL_TEXT = " ".join(HANDS + TALON)

# docs/review.md's deal A: seat 0 declares 9 in spades; seat 1 throws the 8H on the first trump ("?").
REVIEW_RECORD = {
    "rules": "mexico-club", "mode": "easy", "dealer": 2,
    "hands": [["AS", "KS", "QS", "JS", "TS", "AH", "KH", "QH", "7H", "7D"],
              ["JH", "TH", "9H", "8H", "KD", "QD", "JD", "AC", "KC", "QC"],
              ["9S", "8S", "7S", "TD", "9D", "8D", "JC", "TC", "9C", "8C"]],
    "talon": ["AD", "7C"], "auction": ["9", "NEXT", "NEXT"], "discard": ["7D", "7C"], "trump": "S",
    "play": ("AS 8H 7S KS KD 8S QS QD 9S AH JH TD KH TH 9D QH 9H 8D 7H JD JC "
             "JS AC TC TS KC 9C AD QC 8C").split(),
}


# ``client``: conftest.py's, with Settings(workers=2).


def detail(response) -> str:
    body = response.json()
    assert isinstance(body["detail"], str) and body["detail"]
    return body["detail"]


def new_deal(client, seed: int, dealer: int = 0) -> dict:
    r = client.post("/v1/deal/random", json={"seed": seed, "dealer": dealer})
    assert r.status_code == 200, r.text
    return r.json()


def advance(client, **body) -> dict:
    r = client.post("/v1/table/advance", json=body)
    assert r.status_code == 200, r.text
    return r.json()


# ================================================================================ the routes ====

# --- POST /v1/deal/random, /v1/deal/parse -----------------------------------------------------------

def test_random_deal_is_the_librarys_seeded_deal(client):
    body = new_deal(client, 4, dealer=1)
    hands, talon = deal_cards(4)
    assert body["seed"] == 4 and body["dealer"] == 1
    assert body["hands"] == [[str(c) for c in sorted(h)] for h in hands]
    assert sorted(body["talon"]) == sorted(str(c) for c in talon)
    assert body["holdings"] == [str(Hand(h)) for h in hands]
    assert body["text"].split()[:3] == body["holdings"]
    assert DealRecord.from_dict(body["record"]).phase == "auction"
    assert new_deal(client, 4, dealer=1) == body


def test_random_deal_without_a_seed_returns_the_seed_it_used(client):
    body = client.post("/v1/deal/random", json={}).json()
    assert isinstance(body["seed"], int) and 0 <= body["seed"] < 2 ** 31
    again = new_deal(client, body["seed"])
    assert again["hands"] == body["hands"] and again["talon"] == body["talon"]


def test_parse_deal_reads_the_cli_notation_and_its_text_round_trips(client):
    r = client.post("/v1/deal/parse", json={"deal": DEAL_TEXT, "dealer": 2, "rules": "classic"})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["holdings"] == HANDS and sorted(body["talon"]) == sorted(TALON) and body["seed"] is None
    assert body["record"]["rules"] == "classic" and body["record"]["dealer"] == 2
    again = client.post("/v1/deal/parse", json={"deal": body["text"], "dealer": 2, "rules": "classic"}).json()
    assert again == body


@pytest.mark.parametrize("deal, message", [
    ("A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C 8C", "duplicate card 8C in talon"),
    ("A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 9C TD", "9C is dealt twice"),
    ("A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7", "must be three hands and the talon"),
    ("A97.KQ8.J8.X9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD", "unknown rank 'X'"),
    ("A97.KQ8.J8 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD", "hands[0]"),
    ("A97.KQ8.J8.T 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD", "hands[0] has 9 cards, it must have 10"),
])
def test_a_bad_deal_is_422_naming_what_is_wrong(client, deal, message):
    r = client.post("/v1/deal/parse", json={"deal": deal})
    assert r.status_code == 422, r.text
    assert message in detail(r)


@pytest.mark.parametrize("path, body, message", [
    ("/v1/deal/random", {"seed": "x"}, "seed: input should be a valid integer"),
    ("/v1/deal/random", {"seed": 1, "dealer": 3}, "dealer: input should be less than or equal to 2"),
    ("/v1/deal/random", {"seed": 1, "rules": "house"}, "unknown rules 'house'"),
    ("/v1/deal/parse", {}, "deal: field required"),
    ("/v1/deal/parse", {"deal": DEAL_TEXT, "seed": 3}, "seed: unknown field"),
])
def test_deal_routes_refuse_bad_bodies(client, path, body, message):
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert message in detail(r)


# --- POST /v1/table/advance -------------------------------------------------------------------------

def test_the_engine_acts_until_the_humans_turn(client):
    deal = new_deal(client, 2, dealer=0)  # seat 1 opens
    body = advance(client, record=deal["record"], seat=2, policy="random", seed=5)
    assert body["bots"] == "random" and body["seat"] == 2
    assert [a["seat"] for a in body["bot_actions"]] == [c["seat"] for c in body["calls"]]
    assert body["phase"] == "auction" and body["to_move"] == 2 and body["your_turn"]
    state = DealRecord.from_dict(body["record"]).replay()
    assert body["legal_calls"] == state.legal_calls() and body["legal_cards"] == []
    assert body["hand"] == deal["hands"][2]
    assert body["view"] == {"rules": "mexico-club", "mode": "easy", "seat": 2, "dealer": 0, "hand": deal["hands"][2],
                            "auction": body["record"]["auction"], "talon": None, "trump": None, "play": []}


def test_the_human_opening_gets_the_turn_at_once(client):
    deal = new_deal(client, 2, dealer=2)  # seat 0 opens
    body = advance(client, record=deal["record"], seat=0, policy="random")
    assert body["bot_actions"] == [] and body["record"] == deal["record"]
    assert body["legal_calls"] == ["5", "6", "7", "8", "9", "10", "M"]  # the opener may not pass


def play_out(client, seed: int, seat: int, policy_seed: int, rules: str = "mexico-club") -> list:
    """Play a whole deal at the table, the human choosing random legal actions; every answer."""
    deal = client.post("/v1/deal/random", json={"seed": seed, "dealer": seed % 3, "rules": rules}).json()
    rng = random.Random(seed)
    answers = [advance(client, record=deal["record"], seat=seat, policy="random", seed=policy_seed)]
    while answers[-1]["phase"] != "done":
        a = answers[-1]
        assert a["your_turn"] and a["to_move"] == seat
        if a["phase"] == "auction":
            calls = a["legal_calls"]
            action = {"call": "NEXT" if "NEXT" in calls and rng.random() < 0.6 else calls[0]}
        elif a["phase"] == "declare":
            d = a["declare"]
            action = {"discard": rng.sample(d["cards"], d["discard"]), "trump": rng.choice(d["trumps"])}
        else:
            action = {"card": rng.choice(a["legal_cards"])}
        answers.append(advance(client, record=a["record"], seat=seat, action=action, policy="random", seed=policy_seed))
    return answers


@pytest.mark.parametrize("seed, seat, rules", [(1, 0, "mexico-club"), (3, 1, "mexico-club"), (6, 2, "classic"),
                                               (11, 0, "classic"), (21, 1, "mexico-club")])
def test_a_whole_deal_at_the_table(client, seed, seat, rules):
    answers = play_out(client, seed, seat, policy_seed=seed, rules=rules)
    last = answers[-1]
    record = DealRecord.from_dict(last["record"])
    assert record.finished and last["to_move"] is None and not last["your_turn"]
    assert last["scores"] == list(record.scores) and last["tricks_won"] == list(record.tricks_won)
    assert len(last["tricks"]) == 10 and all(t["winner"] is not None for t in last["tricks"])
    assert [t["winner"] for t in last["tricks"]] == [t.winner for t in record.tricks]
    # stateless and seeded: the same decisions give the same deal
    assert play_out(client, seed, seat, policy_seed=seed, rules=rules)[-1]["record"] == last["record"]
    for a in answers:  # every answer's view is what the seat may know
        view = a["view"]
        assert view["seat"] == seat and view["hand"] == last["record"]["hands"][seat]
        if a["declarer"] is not None and a["contract"] != "M" and a["phase"] != "auction":
            assert view["talon"] == last["record"]["talon"]
        else:
            assert view["talon"] is None
        assert ("discard" in view) == (a["declarer"] == seat and bool(a["record"]["discard"]))


def test_the_views_are_valid_hint_views(client):
    view_module = pytest.importorskip("meksiko_solver.hints.view")
    for seed, seat in [(1, 0), (3, 1), (21, 1)]:
        for a in play_out(client, seed, seat, policy_seed=seed):
            view = view_module.View.from_dict(a["view"])
            assert view.phase == a["phase"] and view.to_move == a["to_move"]
            if a["phase"] == "play" and a["your_turn"]:
                assert [str(c) for c in view.legal_cards] == a["legal_cards"]


def test_the_human_declares_with_discard_and_trump(client):
    deal = new_deal(client, 1, dealer=2)
    a = advance(client, record=deal["record"], seat=0, policy="random", seed=1, action={"call": "5"})
    assert a["phase"] == "declare" and a["declarer"] == 0 and a["your_turn"]
    assert a["declare"] == {"cards": a["hand"], "discard": 2, "trumps": ["S", "H", "D", "C"]}
    assert len(a["hand"]) == 12 and a["talon"] == deal["record"]["talon"]
    assert a["view"]["talon"] == deal["record"]["talon"] and a["view"]["hand"] == deal["hands"][0]
    discard = a["hand"][:2]
    b = advance(client, record=a["record"], seat=0, policy="random", seed=1, action={"discard": discard, "trump": "h"})
    assert b["record"]["discard"] == discard and b["record"]["trump"] == "H" and b["trump"] == "H"
    assert b["phase"] == "play" and b["to_move"] == 0 and len(b["hand"]) == 10  # the declarer leads
    assert b["view"]["discard"] == discard
    assert b["legal_cards"] == b["hand"]


def test_a_meksiko_declarer_names_trump_without_discarding(client):
    deal = new_deal(client, 1, dealer=2)
    a = advance(client, record=deal["record"], seat=0, policy="random", seed=1, action={"call": "M"})
    assert a["phase"] == "declare" and a["declare"]["discard"] == 0 and len(a["hand"]) == 10 and a["talon"] is None
    b = advance(client, record=a["record"], seat=0, policy="random", seed=1, action={"trump": "S"})
    assert b["phase"] == "play" and b["trump"] == "S" and b["record"]["discard"] == []


@pytest.mark.parametrize("action, message", [
    ({"card": "AS"}, "action: seat 0 must call (5..10, M or NEXT) now (call), not card"),
    ({"call": "NEXT"}, "action: the opener (seat 0) may not say NEXT: open with a bid of at least 5"),
    ({"call": "4"}, "action: unknown call '4'"),
    ({}, "action: seat 0 must call (5..10, M or NEXT) now (call), but the action is empty"),
    ({"call": "5", "card": "AS"}, "not card"),
    ({"card": "ZZ"}, "action.card: unknown card 'ZZ'"),
    ({"play": "AS"}, "action.play: unknown field"),
])
def test_an_illegal_call_is_refused_naming_it(client, action, message):
    deal = new_deal(client, 2, dealer=2)
    r = client.post("/v1/table/advance", json={"record": deal["record"], "seat": 0, "action": action})
    assert r.status_code == 422, r.text
    assert message.lower() in detail(r).lower()


def test_illegal_cards_and_declarations_are_refused(client):
    deal = new_deal(client, 1, dealer=2)
    a = advance(client, record=deal["record"], seat=0, policy="random", seed=1, action={"call": "5"})
    for action, message in [({"discard": a["hand"][:1], "trump": "S"}, "action: the declarer must discard exactly two"),
                            ({"discard": a["hand"][:2]}, "action: the declarer must name trump"),
                            ({"discard": [deal["hands"][1][0], a["hand"][0]], "trump": "S"},
                             f"action: {deal['hands'][1][0]} is not in the declarer's (seat 0) hand"),
                            ({"card": a["hand"][0]}, "must discard and name trump now (discard and trump), not card")]:
        r = client.post("/v1/table/advance", json={"record": a["record"], "seat": 0, "action": action})
        assert r.status_code == 422 and message in detail(r), (action, r.text)
    b = advance(client, record=a["record"], seat=0, policy="random", seed=1,
                action={"discard": a["hand"][:2], "trump": "S"})
    lead = b["legal_cards"][0]
    c = advance(client, record=b["record"], seat=0, policy="random", seed=1, action={"card": lead})
    if c["phase"] == "play" and c["tricks"][-1]["winner"] is None:  # following: an illegal card exists?
        illegal = [x for x in c["hand"] if x not in c["legal_cards"]]
        if illegal:
            r = client.post("/v1/table/advance", json={"record": c["record"], "seat": 0, "action": {"card": illegal[0]}})
            assert r.status_code == 422 and "is not legal" in detail(r)
    # a card not in the hand, and out of turn
    other = deal["hands"][1][0]
    r = client.post("/v1/table/advance", json={"record": c["record"], "seat": 0, "action": {"card": other}})
    assert r.status_code == 422 and f"action: {other}" in detail(r)
    r = client.post("/v1/table/advance", json={"record": c["record"], "seat": 1, "action": {"card": other}})
    assert r.status_code == 422 and "action: it is seat 0's turn to play a card, not seat 1's" in detail(r)


def test_a_bad_record_is_refused_naming_the_item(client):
    deal = new_deal(client, 1, dealer=2)
    a = advance(client, record=deal["record"], seat=0, policy="random", seed=1, action={"call": "5"})
    b = advance(client, record=a["record"], seat=0, policy="random", seed=1,
                action={"discard": a["hand"][:2], "trump": "S"})
    record = dict(b["record"], play=[b["legal_cards"][0], deal["hands"][0][0]])
    r = client.post("/v1/table/advance", json={"record": record, "seat": 0})
    assert r.status_code == 422 and detail(r).startswith("record: play[1]: ")
    for rec, message in [({**deal["record"], "auction": ["4"]}, "record: auction[0]: unknown call '4'"),
                         ({**deal["record"], "color": 1}, "record: unknown key 'color'"),
                         ({"hands": HANDS}, "record: missing key 'dealer'"),
                         ([], "record: input should be a valid dictionary")]:
        r = client.post("/v1/table/advance", json={"record": rec, "seat": 0})
        assert r.status_code == 422 and message in detail(r), r.text


def test_after_the_deal_nothing_is_left_to_decide(client):
    last = play_out(client, 3, 1, policy_seed=3)[-1]
    r = client.post("/v1/table/advance", json={"record": last["record"], "seat": 1, "action": {"card": "AS"}})
    assert r.status_code == 422 and "action: the deal is over" in detail(r)
    again = advance(client, record=last["record"], seat=1)
    assert again["phase"] == "done" and again["bot_actions"] == []


def test_the_samples_limit_applies(client):
    deal = new_deal(client, 1)
    r = client.post("/v1/table/advance", json={"record": deal["record"], "seat": 0, "samples": 5000})
    assert r.status_code == 422 and "samples 5000 is over this server's limit of 1000" in detail(r)


def test_the_hint_policy_plays_with_the_samples_asked_for(client, monkeypatch):
    made = []

    class FakeHintPolicy:
        def __init__(self, seed, samples=None):
            made.append((seed, samples))
            self.random = RandomPolicy(seed)

        def __call__(self, view):
            return self.random(view)

    monkeypatch.setattr(table_route, "HintPolicy", FakeHintPolicy)
    deal = new_deal(client, 2, dealer=0)
    body = advance(client, record=deal["record"], seat=2, policy="hint", seed=3, samples=40)
    assert body["bots"] == "hint" and made and all(s == 40 for _, s in made)
    assert advance(client, record=deal["record"], seat=2, policy="random", seed=3)["bots"] == "random"


def test_the_bots_play_the_hint_policies(client):
    answers = []
    deal = new_deal(client, 3, dealer=0)
    a = advance(client, record=deal["record"], seat=0, policy="hint", seed=3, samples=20)
    assert a["bots"] == "hint"
    while a["phase"] != "done":
        answers.append(a)
        if a["phase"] == "auction":
            action = {"call": "NEXT" if "NEXT" in a["legal_calls"] else a["legal_calls"][0]}
        elif a["phase"] == "declare":
            action = {"discard": a["declare"]["cards"][:a["declare"]["discard"]], "trump": "S"}
        else:
            action = {"card": a["legal_cards"][-1]}
        a = advance(client, record=a["record"], seat=0, action=action, policy="hint", seed=3, samples=20)
    assert DealRecord.from_dict(a["record"]).finished
    # seeded: the same requests give the same engine decisions
    again = advance(client, record=deal["record"], seat=0, policy="hint", seed=3, samples=20)
    assert again["record"] == answers[0]["record"]


# --- POST /v1/table/position ------------------------------------------------------------------------

@pytest.mark.parametrize("index", [0, 1, 2, 3, 4, 17, 29, 30, None])
def test_position_values_are_the_librarys(client, index):
    r = client.post("/v1/table/position", json={"record": REVIEW_RECORD, "index": index})
    assert r.status_code == 200, r.text
    body = r.json()
    n = 30 if index is None else index
    state = DealRecord.from_dict({**REVIEW_RECORD, "play": REVIEW_RECORD["play"][:n]}).replay()
    assert body["index"] == n and body["card"] == (REVIEW_RECORD["play"][n] if n < 30 else None)
    assert body["hands"] == [[str(c) for c in state.hand(s)] for s in range(3)]
    assert body["played"] == [str(c) for c in state.trick_cards] and body["tricks_won"] == list(state.tricks_won)
    assert len(body["tricks"]) == (n + 2) // 3
    won = state.tricks_won[0]
    if n == 30:
        assert body["value"] == 10 and body["values"] == {} and body["to_move"] is None
        return
    result = solve([state.hand(s) for s in range(3)], "S", 0, state.leader, state.trick_cards)
    assert body["value"] == won + result.tricks
    assert body["values"] == {c: won + v for c, v in result.card_tricks.items()}
    assert body["card"] in body["values"]


def test_position_matches_the_review_where_it_exists(client):
    cards = review(REVIEW_RECORD).to_dict()["cards"]
    for c in cards[:6]:
        body = client.post("/v1/table/position", json={"record": REVIEW_RECORD, "index": c["i"]}).json()
        assert body["value"] == c["before"] and body["values"][c["card"]] == c["after"]


@pytest.mark.parametrize("record, index, message", [
    (REVIEW_RECORD, 31, "index: input should be less than or equal to 30"),
    ({**REVIEW_RECORD, "play": REVIEW_RECORD["play"][:4]}, 5, "index: 5 is past the end of the record's play (4 cards)"),
    ({**REVIEW_RECORD, "auction": ["9"], "discard": [], "trump": None, "play": []}, 0,
     "record: the play has not started (the deal is in the auction phase)"),
    ({**REVIEW_RECORD, "play": ["AS", "9S"]}, 0, "record: play[1]: 9S is not in seat 1's hand"),
])
def test_position_refuses_what_it_cannot_show(client, record, index, message):
    r = client.post("/v1/table/position", json={"record": record, "index": index})
    assert r.status_code == 422 and message in detail(r), r.text


# --- the schema, the page's files --------------------------------------------------------------------

def test_the_new_routes_are_served_with_examples(client):
    assert {"deal", "table", "web"} <= set(ROUTERS)
    schema = client.get("/openapi.json").json()
    for path in ("/v1/deal/random", "/v1/deal/parse", "/v1/table/advance", "/v1/table/position"):
        assert path in schema["paths"]
    assert "/" not in schema["paths"] and "/static/{name}" not in schema["paths"]
    components = schema["components"]["schemas"]
    for name, path in [("RandomDealRequest", "/v1/deal/random"), ("ParseDealRequest", "/v1/deal/parse"),
                       ("AdvanceRequest", "/v1/table/advance"), ("PositionRequest", "/v1/table/position")]:
        examples = components[name]["examples"]
        assert examples
        for example in examples:
            r = client.post(path, json=example)
            assert r.status_code == 200, (name, r.text)
    for name in ("DealResponse", "AdvanceResponse", "PositionResponse"):
        assert components[name]["examples"]


def test_the_page_and_its_files_are_served(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/main.js"' in r.text and 'href="/static/style.css"' in r.text
    for name, kind in [("js/main.js", "text/javascript"), ("js/views/advisor.js", "text/javascript"),
                       ("i18n/en.js", "text/javascript"), ("style.css", "text/css"), ("index.html", "text/html")]:
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and r.headers["content-type"].startswith(kind) and r.headers.get("etag")
    for bad in ("/static/nothing.js", "/static/..%2Fapp.py", "/static/%2e%2e/app.py", "/static/__init__.py",
                "/static/js/../../app.py", "/static/js/%2e%2e/%2e%2e/app.py"):
        r = client.get(bad)
        assert r.status_code == 404 and detail(r)
    assert client.get("/docs").status_code == 200
    assert client.get("/v1/nothing").status_code == 404


def test_the_page_uses_no_outside_resource():
    static = Path(meksiko_api.__file__).parent / "static"
    files = {p.relative_to(static).as_posix(): p for p in static.rglob("*") if p.is_file()}
    assert set(files) >= {"index.html", "js/main.js", "js/views/deal.js", "js/views/play.js", "js/views/review.js",
                          "js/views/advisor.js", "i18n/en.js", "style.css"}
    for name, p in files.items():
        text = p.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text and "//cdn" not in text, name


# --- fuzz: no body, however wrong, gets a 5xx --------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])
_BASE = DealRecord.from_dict(REVIEW_RECORD).to_dict()
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=8,
)


@st.composite
def table_bodies(draw):
    record = json.loads(json.dumps(_BASE))
    cut = draw(st.integers(0, 30))
    record["play"] = record["play"][:cut]
    for _ in range(draw(st.integers(0, 2))):
        key = draw(st.sampled_from(sorted(record) + ["extra"]))
        if draw(st.booleans()):
            record.pop(key, None)
        else:
            record[key] = draw(json_values | st.sampled_from(["AS", "9H", "NEXT", "M", ["AS", "KS"]]))
    body = {"record": record, "seat": draw(st.integers(-1, 3) | json_values)}
    if draw(st.booleans()):
        body["action"] = draw(st.fixed_dictionaries({}, optional={
            "call": st.sampled_from(["5", "M", "NEXT", "11", 5]) | json_values,
            "card": st.sampled_from(["AS", "9H", "7C", "ZZ"]) | json_values,
            "discard": st.lists(st.sampled_from(["AS", "7D", "7C"]), max_size=3) | json_values,
            "trump": st.sampled_from(["S", "x", None]) | json_values}) | json_values)
    if draw(st.booleans()):
        body["index"] = draw(st.integers(-1, 31) | json_values)
    return body


@FUZZ
@given(body=table_bodies())
def test_fuzzed_table_bodies_never_fail_the_server(client, body):
    for path in ("/v1/table/advance", "/v1/table/position"):
        sent = dict(body)
        sent.pop("index" if path.endswith("advance") else "action", None)
        if path.endswith("position"):
            sent.pop("seat", None)
        r = client.post(path, json=sent)
        assert r.status_code in (200, 422), (path, sent, r.text)
        if r.status_code == 422:
            assert detail(r)


@FUZZ
@given(text=st.text(alphabet=st.sampled_from("AKQJT98765432 .-SHDCshdc♠♥♦♣x"), max_size=60),
       dealer=st.integers(0, 2))
def test_fuzzed_deal_texts_never_fail_the_server(client, text, dealer):
    r = client.post("/v1/deal/parse", json={"deal": text, "dealer": dealer})
    assert r.status_code in (200, 422), r.text


# ========================================================================== the browser tests ====

def _has_playwright() -> bool:
    try:
        importlib.import_module("playwright.sync_api")
    except ImportError:
        return False
    return True


# CI installs both and sets MEKSIKO_REQUIRE_BROWSER=1: there a missing browser fails, not skips.
browser_test = pytest.mark.skipif(
    (not _has_playwright() or not Path(CHROMIUM).exists()) and not os.environ.get("MEKSIKO_REQUIRE_BROWSER"),
    reason=f"the browser tests need Playwright for Python (pip install playwright) and Chromium at {CHROMIUM} "
           "(apt-get install chromium)")


@pytest.fixture(scope="module")
def server():
    with LocalServer(workers=2) as s:
        yield s


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-dev-shm-usage"])
        yield b
        b.close()


class Page:
    """A fresh browser page on the server's page, recording console errors, uncaught exceptions
    and the API answers it received."""

    def __init__(self, browser, server, name: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.name = name
        self.console_errors: list = []
        self.page_errors: list = []
        self.answers: list = []
        self.page.on("console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        self.page.on("response", lambda r: self.answers.append((r.url, r.status)) if "/v1/" in r.url else None)
        self.shots = 0
        self.server = server

    def open(self, view: str = "deal") -> "Page":
        self.page.goto(f"{self.server.url}/#{view}")
        self.page.wait_for_selector("body[data-ready=true]")
        return self

    def shot(self, step: str) -> Path:
        self.shots += 1
        path = ARTIFACTS / f"{self.name}-{self.shots:02d}-{step}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def unexpected_console_errors(self) -> list:
        """Console errors other than the browser's own line for an HTTP error answer (a 404 or a
        422 the page handles and shows)."""
        return [e for e in self.console_errors if "Failed to load resource" not in e]

    def close(self) -> None:
        assert self.page_errors == [], self.page_errors
        assert self.unexpected_console_errors() == [], self.console_errors
        self.context.close()


@pytest.fixture
def page(request, browser, server):
    p = Page(browser, server, request.node.name.removeprefix("test_")[:40])
    yield p
    p.close()


# --- the Deal view ---------------------------------------------------------------------------------

@browser_test
def test_the_page_loads_without_console_errors(page):
    page.open()
    pg = page.page
    assert pg.title() == "Meksiko solver"
    assert pg.is_visible("#view-deal") and not pg.is_visible("#view-play") and not pg.is_visible("#view-review")
    for view in ("play", "review", "deal"):
        pg.click(f"#tab-{view}")
        assert pg.is_visible(f"#view-{view}")
    page.shot("loaded")
    assert page.console_errors == [] and page.page_errors == []


@browser_test
def test_a_random_deal_shows_its_hands_and_double_dummy_table(page):
    page.open()
    pg = page.page
    pg.fill("#deal-seed", "4")
    pg.click("#deal-random")
    pg.wait_for_selector("#dd tbody tr >> nth=2")
    hands, talon = deal_cards(4)
    for seat in range(3):
        shown = pg.locator(f"#deal-board .seat[data-seat='{seat}'] .hand .card").evaluate_all(
            "cards => cards.map(c => c.dataset.card)")
        assert sorted(shown) == sorted(str(c) for c in hands[seat])
    talon_shown = pg.locator("#deal-board .center .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(talon_shown) == sorted(str(c) for c in talon)
    assert pg.locator("#deal-board .seat[data-seat='0'] .badge.dealer").count() == 1  # dealer 0
    # red hearts and diamonds, black spades and clubs
    colours = pg.locator("#deal-board .card").evaluate_all(
        "cards => cards.map(c => [c.dataset.card[1], getComputedStyle(c).color])")
    assert len(colours) == 32
    for suit, colour in colours:
        assert (colour == "rgb(200, 16, 46)") == (suit in "HD"), (suit, colour)
    # the table is the library's
    table = deal_table(hands, talon)
    for a in table.seats:
        row = pg.locator(f"#dd tbody tr[data-seat='{a.declarer}'] td").all_inner_texts()
        assert [int(x) for x in row[:4]] == [a.with_talon[t]["tricks"] for t in "SHDC"]
        assert [int(x) for x in row[4:8]] == [a.meksiko[t] for t in "SHDC"]
    assert pg.input_value("#deal-text").split()[:3] == [str(Hand(h)) for h in hands]
    page.shot("random-deal")
    # the best discards of a cell on click (and in its tooltip)
    cell = pg.locator("#dd td[data-seat='1'][data-trump='D']")
    assert "best discards" in cell.get_attribute("title")
    cell.click()
    pg.wait_for_selector("#dd-discards .pair")
    pairs = pg.locator("#dd-discards .pair").evaluate_all(
        "pairs => pairs.map(p => [...p.querySelectorAll('.card')].map(c => c.dataset.card))")
    assert pairs == table.seats[1].with_talon["D"]["discards"]
    # a seat as declarer: labelled on the board, its best discard outlined
    pg.click("#dd tbody tr[data-seat='1'] .seat-cell")
    assert pg.locator("#deal-board .seat[data-seat='1'] .badge.declarer").count() == 1
    outlined = pg.locator("#deal-board .card.highlight").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert sorted(outlined) == sorted(table.seats[1].best["discard"])
    page.shot("discards")


@browser_test
def test_a_deal_entered_as_text_and_a_bad_one_shows_the_servers_message(page):
    page.open()
    pg = page.page
    pg.fill("#deal-text", DEAL_TEXT)
    pg.press("#deal-text", "Enter")
    pg.wait_for_selector("#dd tbody tr >> nth=2")
    assert pg.locator("#deal-board .seat[data-seat='2'] .card").count() == 10
    assert not pg.is_visible("#deal-error")
    pg.fill("#deal-text", "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C 8C")
    pg.click("#deal-show")
    pg.wait_for_selector("#deal-error:not([hidden])")
    assert pg.inner_text("#deal-error") == "duplicate card 8C in talon"
    page.shot("duplicate-card")
    pg.fill("#deal-text", "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 ZC TD")
    pg.click("#deal-show")
    pg.wait_for_function("document.querySelector('#deal-error').textContent.includes('ZC')")
    assert "unknown rank 'Z'" in pg.inner_text("#deal-error")
    page.shot("unknown-card")
    pg.fill("#deal-text", DEAL_TEXT)
    pg.click("#deal-show")
    pg.wait_for_selector("#deal-error", state="hidden")


# --- the Play view ---------------------------------------------------------------------------------

def _start_play(page, seed: int, seat: int = 0, dealer: int = 2) -> None:
    pg = page.page
    page.open("play")
    pg.select_option("#play-seat", str(seat))
    pg.select_option("#play-dealer", str(dealer))
    pg.select_option("#play-policy", "random")
    pg.fill("#play-seed", str(seed))
    pg.click("#play-new")
    pg.wait_for_selector("#play-body:not([hidden]) #decision .prompt")


@browser_test
def test_a_deal_played_at_the_table_in_the_browser(page):
    _start_play(page, seed=1)
    pg = page.page
    # the auction: only the legal calls can be clicked (the opener may not pass)
    enabled = pg.locator("#decision button[data-call]:enabled").evaluate_all("bs => bs.map(b => b.dataset.call)")
    assert enabled == ["5", "6", "7", "8", "9", "10", "M"]
    assert pg.locator("#decision button[data-call='NEXT']").is_disabled()
    assert pg.locator("#play-board .seat[data-seat='1'] .card.back").count() == 10  # hidden hands
    page.shot("auction")
    pg.click("#decision button[data-call='5']")
    # declaring: two cards and a trump, then the Declare button
    pg.wait_for_selector("#declare-button")
    assert pg.locator("#declare-button").is_disabled()
    mine = "#play-board .seat[data-seat='0'] .card"
    assert pg.locator(mine).count() == 12
    pg.locator(f"{mine}.clickable").nth(0).click()
    pg.locator(f"{mine}.clickable").nth(0).click()
    pg.click("#decision button[data-trump='H']")
    assert pg.locator(f"{mine}.selected").count() == 2
    # the talon's two cards are in the declarer's hand, not shown a second time on the table
    assert pg.locator("#play-board .center .pile .card").count() == 0
    page.shot("declare")
    discard = pg.locator(f"{mine}.selected").evaluate_all("cs => cs.map(c => c.dataset.card)")
    pg.click("#declare-button")
    pg.wait_for_selector(f"{mine}.playable")
    assert pg.locator(mine).count() == 10
    # the declarer sees his discard during the play (and the talon, face up, as everyone does)
    piles = pg.locator("#play-board .center .pile").all_inner_texts()
    assert any("your discard" in p.lower() for p in piles) and any("face up" in p.lower() for p in piles)
    shown = pg.locator("#play-board .center .pile .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
    assert set(discard) <= set(shown)
    page.shot("play")
    # play to the end: only raised (legal) cards are clickable; the others do nothing
    played = 0
    while not pg.is_visible("#play-review"):
        dim = pg.locator(f"{mine}.dim")
        if dim.count():
            before = len(page.answers)
            dim.first.click(force=True)
            pg.wait_for_timeout(100)
            assert len(page.answers) == before  # no request for an illegal card
        with pg.expect_response(lambda r: r.url.endswith("/v1/table/advance")):
            pg.locator(f"{mine}.playable").first.click()
        pg.wait_for_selector("body:not([data-busy])")
        played += 1
        if played == 4:
            page.shot("mid-play")
        assert played <= 10
    assert played == 10
    assert "Scores" in pg.inner_text("#decision")
    page.shot("done")
    assert all(status == 200 for url, status in page.answers), page.answers
    # the deal just played, reviewed
    pg.click("#play-review")
    pg.wait_for_selector("#tricks-table tbody tr >> nth=9")
    assert pg.is_visible("#view-review")
    page.shot("review-of-played")


@browser_test
def test_a_hint_appears_for_a_decision(page):
    """The hint engine's answer in the page, from the server's /v1/hints/*."""
    _start_play(page, seed=1)
    pg = page.page
    pg.fill("#play-samples", "30")
    pg.click("#hint-button")
    pg.wait_for_selector("#hint-table tbody tr")
    rows = pg.locator("#hint-table tbody tr")
    assert rows.count() == 8  # 5..10, M and NEXT
    assert pg.locator("#hint-table tr.recommended").count() == 1
    assert pg.inner_text("#hint-words").split()[0] in ("Bid", "Pass")  # the advice in words first
    headers = pg.locator("#hint-table thead th").all_inner_texts()
    assert "P(make)" in headers and "E[score]" in headers
    page.shot("bid-hint")
    # a discard hint: the recommended discard is outlined in the hand
    pg.click("#decision button[data-call='5']")
    pg.wait_for_selector("#declare-button")
    mine = "#play-board .seat[data-seat='0'] .card"
    assert not pg.is_visible("#hint")  # a new decision clears the old hint
    pg.click("#hint-button")
    pg.wait_for_selector("#hint-table tbody tr, #hint-error")
    if pg.locator("#hint-table").count():  # the discard hint exists
        assert pg.locator(f"{mine}.hinted").count() == 2
        assert pg.locator("#hint-table tr.recommended").count() == 1
        page.shot("discard-hint")
        pg.click("#hint-table tr.recommended")  # picks that discard and trump; Declare confirms
        assert pg.locator(f"{mine}.selected").count() == 2
        assert pg.locator("#decision .trumps button[aria-pressed='true']").count() == 1
        assert pg.locator("#declare-button").is_enabled()
        pg.click("#declare-button")
        pg.wait_for_selector(f"{mine}.playable")
    else:
        pg.locator(f"{mine}.clickable").nth(0).click()
        pg.locator(f"{mine}.clickable").nth(0).click()
        pg.click("#decision button[data-trump='S']")
        pg.click("#declare-button")
        pg.wait_for_selector(f"{mine}.playable")
    pg.click("#hint-button")
    pg.wait_for_selector("#hint-table tbody tr")
    assert pg.locator("#hint-table tbody tr").count() == pg.locator(f"{mine}.playable").count()
    assert pg.locator(f"{mine}.hinted").count() == 1
    page.shot("play-hint")


# --- the Review view -------------------------------------------------------------------------------

@browser_test
def test_a_pasted_record_is_reviewed_with_marks(page):
    """The review of docs/review.md's deal A: the 8H of seat 1 on the first trick is marked "?"."""
    page.open("review")
    pg = page.page
    pg.fill("#review-text", json.dumps(REVIEW_RECORD, indent=1))
    pg.click("#review-run")
    pg.wait_for_selector("#tricks-table tbody tr >> nth=9")
    want = review(REVIEW_RECORD).to_dict()
    marks = pg.locator("#tricks-table .card").evaluate_all(
        "cards => cards.map(c => [c.dataset.card, (c.querySelector('.mark') || {}).textContent || ''])")
    assert marks == [[c["card"], c["mark"]] for c in want["cards"]]
    assert ["8H", "?"] in marks
    costs = pg.locator("#tricks-table .played .cost").all_inner_texts()
    assert costs == [f"−{c['loss']}" if c["loss"] else "" for c in want["cards"]]
    assert pg.get_attribute("#bid-verdict", "class") == "verdict-exact"
    assert "the right call" in pg.inner_text("#review-summary")
    page.shot("reviewed")
    # a card's position: every alternative's double-dummy value
    pg.locator("#tricks-table .card[data-card='8H']").click()
    pg.wait_for_selector("#position-values .alt")
    values = dict(pg.locator("#position-values .alt").evaluate_all(
        "alts => alts.map(a => [a.dataset.card, Number(a.querySelector('.value').textContent)])"))
    state = DealRecord.from_dict({**REVIEW_RECORD, "play": REVIEW_RECORD["play"][:1]}).replay()
    result = solve([state.hand(s) for s in range(3)], "S", 0, 0, ["AS"])
    assert values == result.card_tricks
    assert pg.locator("#position-values .alt.played-here").get_attribute("data-card") == "8H"
    assert pg.inner_text("#position-values .alt.played-here .cost") == "−1"
    page.shot("position")


@browser_test
def test_a_record_file_and_a_game_record_are_reviewed(page, tmp_path):
    from meksiko_solver.game import play_game
    game = play_game(seed=5, max_deals=2).to_dict()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game))
    page.open("review")
    pg = page.page
    pg.set_input_files("#review-file", str(path))
    pg.wait_for_selector("#review-deals button >> nth=1")
    assert pg.locator("#review-deals button").count() == 2
    pg.wait_for_selector("#tricks-table tbody tr")
    pg.locator("#review-deals button").first.click()
    pg.wait_for_selector("#review-deals button[aria-pressed='true'] >> text=1")
    page.shot("game-review")


@browser_test
def test_a_bad_record_shows_the_servers_message(page):
    page.open("review")
    pg = page.page
    pg.fill("#review-text", "{not json")
    pg.click("#review-run")
    pg.wait_for_selector("#review-error:not([hidden])")
    assert pg.inner_text("#review-error").startswith("The record is not valid JSON")
    bad = dict(REVIEW_RECORD, play=["AS", "9S"])
    pg.fill("#review-text", json.dumps(bad))
    pg.click("#review-run")
    pg.wait_for_function("document.querySelector('#review-error').textContent.includes('9S')")
    assert "play[1]: 9S is not in seat 1's hand" in pg.inner_text("#review-error")
    page.shot("bad-record")


@browser_test
def test_an_unfinished_record_is_reviewed_as_far_as_it_goes(page):
    page.open("review")
    pg = page.page
    pg.fill("#review-text", json.dumps({**REVIEW_RECORD, "auction": ["9", "NEXT"], "discard": [], "trump": None,
                                        "play": []}))
    pg.click("#review-run")
    pg.wait_for_selector("#review-body:not([hidden])")
    assert "The auction is not over" in pg.inner_text("#review-summary")
    assert "No card has been played" in pg.inner_text("#review-tricks")
    assert not pg.is_visible("#review-error")
    page.shot("unfinished")
