"""Property-based fuzzing of the HTTP service: no request, however wrong, gets a 5xx.

Bodies are drawn near the valid ones (real positions and deals with a few things made
wrong: a card misspelt, moved or dealt twice, a field junk or missing) and far from them
(any JSON, any bytes); every answer is a 200 (solve: matching the library) or an error
with a message. Bounded to a few hundred examples each (some seconds).
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meksiko_api.hint_models import PLAY_VIEW_EXAMPLE, RECORD_EXAMPLE, VIEW_EXAMPLE
from meksiko_api.models import SolveRequest
from meksiko_api.settings import Settings
from meksiko_solver.cards import DECK, Hand
from meksiko_solver.solver import solve

CARDS = [str(c) for c in DECK]
ERRORS = {400, 404, 405, 408, 413, 415, 421, 422}
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])


API_SETTINGS = Settings(max_body_bytes=8192)  # the ``client`` fixture's (conftest.py)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)

card_like = st.one_of(
    st.sampled_from(CARDS),
    st.sampled_from(["10h", "♠A", "as", "ZZ", "1S", "A", "", " ", "TT", "♥♥", "10", "AS "]),
    st.text(max_size=4),
    st.integers(-1, 40),
    st.none(),
)


def hand_form(draw, cards: list) -> object:
    form = draw(st.sampled_from(["list", "holding", "spaced"]))
    if form == "holding":
        return str(Hand(cards))
    return " ".join(cards) if form == "spaced" else list(cards)


@st.composite
def mutated(draw, body: dict) -> dict:
    """A valid body with 0 to 3 things made wrong: a field junk or gone, an unknown field, a card
    misspelt, moved or dealt twice."""
    body = json.loads(json.dumps(body))
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["junk", "drop", "extra", "card", "move", "twice"]))
        field = draw(st.sampled_from(sorted(body))) if body else "hands"
        hands = body.get("hands")
        lists = [h for h in hands if isinstance(h, list) and h] if isinstance(hands, list) else []
        if kind == "junk":
            body[field] = draw(json_values)
        elif kind == "drop":
            body.pop(field, None)
        elif kind == "extra":
            body[draw(st.text(min_size=1, max_size=8))] = draw(json_values)
        elif lists:
            source = draw(st.sampled_from(lists))
            i = draw(st.integers(0, len(source) - 1))
            if kind == "card":
                source[i] = draw(card_like)
            elif kind == "move":
                draw(st.sampled_from(lists)).append(source.pop(i))
            else:
                draw(st.sampled_from(lists)).append(source[i])
    return body


@st.composite
def solve_bodies(draw):
    """A position that can arise (n cards a hand, 0-2 cards of the trick played), then mutated."""
    deck = draw(st.permutations(CARDS))
    n = draw(st.integers(1, 10))
    hands = [list(deck[n * k : n * k + n]) for k in range(3)]
    leader = draw(st.integers(0, 2))
    played = [hands[(leader + i) % 3].pop(0) for i in range(draw(st.integers(0, 2)))]
    body = {"hands": [hand_form(draw, h) for h in hands], "declarer": draw(st.integers(0, 2)), "leader": leader,
            "played": played, "trump": draw(st.sampled_from(["S", "H", "D", "C", None, "n", "♣", "clubs"])),
            "card_values": draw(st.booleans())}
    optional = ["trump", "card_values"] + (["played", "leader"] if not played else [])
    for field in draw(st.lists(st.sampled_from(optional), unique=True)):
        body.pop(field)  # the defaults: no trump, card values, no card played, the declarer leads
    return draw(mutated(body))


@st.composite
def analyze_bodies(draw):
    deck = draw(st.permutations(CARDS))
    body = {"hands": [hand_form(draw, list(deck[10 * k : 10 * k + 10])) for k in range(3)],
            "talon": hand_form(draw, list(deck[30:])),
            "declarer": draw(st.sampled_from([0, 1, 2, None])),
            "rules": draw(st.sampled_from(["mexico-club", "classic", "Classic", "house"]))}
    return draw(mutated(body))


def check(response) -> None:
    assert response.status_code < 500, response.text
    if response.status_code != 200:
        assert response.status_code in ERRORS, response.text
        body = json.loads(response.content.decode("utf-8"))  # valid UTF-8 JSON
        assert isinstance(body["detail"], str) and body["detail"] and isinstance(body["kind"], str)


@FUZZ
@given(body=solve_bodies())
def test_solve_never_fails_on_any_body(client, body):
    r = client.post("/v1/solve", json=body)
    check(r)
    if r.status_code == 200:
        req = SolveRequest.model_validate(body)
        want = solve(req.hands, req.trump, req.declarer, req.declarer if req.leader is None else req.leader,
                     req.played, card_values=req.card_values)
        assert (r.json()["tricks"], r.json()["card_tricks"]) == (want.tricks, want.card_tricks)


@FUZZ
@given(body=analyze_bodies())
def test_analyze_never_fails_on_any_body(client, body):
    check(client.post("/v1/analyze", json=body))


@FUZZ
@given(path=st.sampled_from(["/v1/solve", "/v1/analyze", "/v1/rules", "/health", "/v1/x"]),
       body=st.one_of(st.binary(max_size=200), json_values.map(lambda v: json.dumps(v).encode()),
                      st.sampled_from([b'{"hands": NaN, "declarer": Infinity}', b'{"declarer": -Infinity}',
                                       b'{"hands": [[NaN], "x", 1e999], "declarer": 1e999}', b"[" * 5000])),
       content_type=st.sampled_from(["application/json", "text/plain", None]))
def test_raw_bodies_never_fail(client, path, body, content_type):
    headers = {"content-type": content_type} if content_type else {}
    check(client.post(path, content=body, headers=headers))


# Any text, lone surrogates included (JSON can carry them escaped; the answer must still encode).
any_text = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=()), max_size=10)
wild_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | any_text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(any_text, children, max_size=4),
    max_leaves=10,
)
VALID_BODIES = {
    "/v1/solve": {"hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], "trump": "H", "declarer": 0},
    "/v1/analyze": {"hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], "talon": ["8C", "TD"],
                    "declarer": 1},
    "/v1/deal/parse": {"deal": "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD"},
    "/v1/deal/random": {"seed": 4},
    "/v1/hints/bid": {**VIEW_EXAMPLE, "samples": 4},
    "/v1/hints/play": {**PLAY_VIEW_EXAMPLE, "samples": 4},
    "/v1/review": {"record": RECORD_EXAMPLE},
    "/v1/table/advance": {"record": {"dealer": 2, "hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"],
                                     "talon": ["8C", "TD"]}, "seat": 1, "policy": "random"},
    "/v1/table/position": {"record": {**RECORD_EXAMPLE}, "index": 2},
}


@st.composite
def wild_bodies(draw):
    """A valid body of some route with up to three values (or keys) replaced by anything."""
    path = draw(st.sampled_from(sorted(VALID_BODIES)))
    body = json.loads(json.dumps(VALID_BODIES[path]))
    for _ in range(draw(st.integers(1, 3))):
        node = body
        while True:
            keys = sorted(node) if isinstance(node, dict) else list(range(len(node)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            if isinstance(node[key], (dict, list)) and node[key] and draw(st.booleans()):
                node = node[key]
                continue
            if isinstance(node, dict) and draw(st.integers(0, 4)) == 0:
                node[draw(any_text)] = node.pop(key)  # a key made wrong
            else:
                node[key] = draw(wild_values)
            break
    return path, body


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(case=wild_bodies())
def test_every_route_survives_any_value(client, case):
    path, body = case
    text = json.dumps(body)  # lone surrogates go as \udXXX escapes, as a client would send them
    check(client.post(path, content=text.encode(), headers={"content-type": "application/json"}))
