"""Positions: parsing, round trips and every inconsistency rejected with a clear message."""

import pytest

import meksiko_solver as ms
from meksiko_solver import Position, PositionError, NotationError

HANDS = ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"]


def test_round_trip_with_trick_in_progress():
    p = Position.create(["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "QJT.JT.KQ.Q7"], "H", 1, 2, ["KS"])
    text = str(p)
    assert text == "A97.KQ8.J8.T9 8.A97.A97.AKJ QJT.JT.KQ.Q7 trump=H declarer=1 leader=2 played=KS"
    assert Position.from_string(text) == p
    assert p.to_move == 0 and p.tricks_left == 10
    assert [str(c) for c in p.legal_cards()] == ["AS", "9S", "7S"]


def test_no_trump_round_trip():
    p = Position.create(HANDS, None, 0, 0)
    assert "trump=N" in str(p) and Position.from_string(str(p)) == p


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(hands=["A97.KQ8.J8.T9", "A.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], trump="H", declarer=0, leader=0),
         "duplicate card AS"),
        (dict(hands=["A97.KQ8.J8.T", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], trump="H", declarer=0, leader=0),
         "uneven hands: seat 0 holds 9 cards, expected 10"),
        (dict(hands=["A97.KQ8.J8.T9", "8.A97.A97.AK", "KQJT.JT.KQ.Q7"], trump="H", declarer=0, leader=1),
         "uneven hands: seat 1 holds 9 cards, expected 10"),  # the short seat not to move is named too
        # A trick in progress: seat 2 led KS, so only it holds one fewer; seat 0, to move, is short.
        (dict(hands=["A97.KQ8.J8.T", "8.A97.A97.AKJ", "QJT.JT.KQ.Q7"], trump="H", declarer=1, leader=2,
              played=["KS"]),
         "uneven hands: seat 0 holds 9 cards, expected 10 (it has not played to the trick in progress yet)"),
        # seat 2 led KS but kept as many cards as the others
        (dict(hands=["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "QJT.JT.KQ.Q87"], trump="H", declarer=1, leader=2,
              played=["KS"]),
         "uneven hands: seat 2 holds 10 cards, expected 9 (it has played to the trick in progress)"),
        (dict(hands=["A97.KQ8.J8.T", "8.A97.A97.AKJ", "KQJT.JT.K.7"], trump="H", declarer=0, leader=0),
         "uneven hands: seats 0, 1 and 2 hold 9, 10 and 8 cards"),
        (dict(hands=["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], trump="X", declarer=0, leader=0),
         "unknown trump 'X'"),
        (dict(hands=HANDS, trump="H", declarer=3, leader=0), "declarer must be 0, 1 or 2, not 3"),
        (dict(hands=HANDS, trump="H", declarer=0, leader=-1), "leader must be 0, 1 or 2, not -1"),
        (dict(hands=HANDS[:2], trump="H", declarer=0, leader=0), "three seats"),
        (dict(hands=["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], trump="H", declarer=0, leader=0,
              played=["7C"]), "duplicate card"),
        (dict(hands=["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], trump="H", declarer=0, leader=0,
              played=["7C", "8C", "AD"]), "0 to 2"),
        (dict(hands=["A97.KQ8.J8.T9 7S", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], trump="H", declarer=0, leader=0),
         "hands[0]"),
        (dict(hands=["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.T7"], trump="H", declarer=0, leader=0),
         "duplicate card TC in seat 2"),
        (dict(hands=["-.-.-.-"] * 3, trump="H", declarer=0, leader=0), "no cards left"),
    ],
)
def test_inconsistent_positions_are_rejected(kwargs, message):
    with pytest.raises(ms.MeksikoError) as err:
        ms.solve(**kwargs)
    assert message in str(err.value)


def test_more_than_ten_cards():
    hands = ["AKQJT987.AKQ.-.-", "-.JT987.AKQJT9.-", "-.-.87.AKQJT987"]
    with pytest.raises(PositionError, match="holds 11 cards, more than 10"):
        ms.solve(hands, "S", 0, 0)


def test_illegal_played_card_is_rejected():
    # Seat 1 still holds hearts but the trick shows it discarding a club.
    hands = ["A97.KQ.J8.T9", "8.A97.A97.KJ", "KQJT.JT.KQ.Q7"]
    with pytest.raises(PositionError, match="played card AC by seat 1 is not legal: must follow H"):
        ms.solve(hands, "S", 0, 0, ["8H", "AC"])


def test_failure_to_ruff_is_rejected():
    # Seat 1 is void in diamonds, holds the 8 of spades (trump) and discards a club.
    hands = ["A97.KQ8.8.T9", "8.AT97.-.AKJ8", "KQJT.J.AKQ97.-"]
    with pytest.raises(PositionError, match="played card 7C by seat 1 is not legal: must ruff, void in D"):
        ms.solve(hands, "S", 0, 0, ["JD", "7C"])


def test_bad_position_strings():
    with pytest.raises(NotationError, match="unknown field"):
        Position.from_string("A.-.-.- K.-.-.- Q.-.-.- trumps=S declarer=0 leader=0")
    with pytest.raises(NotationError, match="lacks declarer"):
        Position.from_string("A.-.-.- K.-.-.- Q.-.-.- trump=S leader=0")
