"""Serbian suit names wherever a suit or trump is read (issue 19): pik, herc, karo, tref and
bez aduta, any case, Latin or Cyrillic; output stays canonical."""

from __future__ import annotations

import json

import pytest

import meksiko_solver as ms
from meksiko_solver.cards import Suit, parse_suit, parse_trump
from meksiko_solver.cli import main
from meksiko_solver.errors import NotationError

def _answer(result: dict) -> dict:
    """A solve answer without its node count, which depends on what the table already holds."""
    return {k: v for k, v in result.items() if k != "nodes"}


HANDS = ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"]


@pytest.mark.parametrize("text, suit", [
    ("pik", Suit.S), ("Herc", Suit.H), ("KARO", Suit.D), ("tref", Suit.C), (" Pik ", Suit.S),
    ("пик", Suit.S), ("Херц", Suit.H), ("КАРО", Suit.D), ("треф", Suit.C),
])
def test_serbian_suit_names_are_suits(text: str, suit: Suit) -> None:
    assert parse_suit(text) is suit
    assert parse_trump(text) is suit
    assert str(parse_trump(text)) == "SHDC"[suit]


@pytest.mark.parametrize("text", ["bez aduta", "Bez  Aduta", "BEZ ADUTA", "без адута"])
def test_bez_aduta_is_no_trump(text: str) -> None:
    assert parse_trump(text) is Suit.NO_TRUMP
    with pytest.raises(NotationError):
        parse_suit(text)


@pytest.mark.parametrize("text", ["pikk", "herz", "kar", "trefl"])
def test_near_misses_are_refused_with_the_value(text: str) -> None:
    with pytest.raises(NotationError, match=repr(text)):
        parse_trump(text)


def test_solve_takes_a_serbian_trump_and_answers_canonically() -> None:
    assert ms.solve(HANDS, "herc", 0, 0).tricks == ms.solve(HANDS, "H", 0, 0).tricks
    assert _answer(ms.solve(HANDS, "bez aduta", 0, 0).to_dict()) == _answer(ms.solve(HANDS, "N", 0, 0).to_dict())


def test_cli_solve_takes_a_serbian_trump(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--hands", " ".join(HANDS), "--trump", "tref", "--json"]) == 0
    serbian = json.loads(capsys.readouterr().out)
    assert main(["solve", "--hands", " ".join(HANDS), "--trump", "C", "--json"]) == 0
    assert _answer(serbian) == _answer(json.loads(capsys.readouterr().out))
    assert "trump=C" in serbian["position"]


def test_http_solve_takes_a_serbian_trump(client) -> None:
    body = {"hands": HANDS, "declarer": 0}
    serbian = client.post("/v1/solve", json={**body, "trump": "Karo"})
    assert serbian.status_code == 200
    assert _answer(serbian.json()) == _answer(client.post("/v1/solve", json={**body, "trump": "D"}).json())
