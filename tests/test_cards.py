"""Card and hand notation: liberal input, canonical output, round trips, clear errors."""

import pytest

from meksiko_solver import Card, Hand, NotationError
from meksiko_solver.cards import DECK, Suit, parse_cards, parse_hand, parse_suit, parse_trump


@pytest.mark.parametrize(
    "text, canonical",
    [("TH", "TH"), ("10h", "TH"), ("10H", "TH"), ("♠A", "AS"), ("as", "AS"), ("A♠", "AS"),
     ("7c", "7C"), ("♦Q", "QD"), ("jd", "JD"), (" K♥ ", "KH")],
)
def test_card_input_forms(text, canonical):
    assert str(Card(text)) == canonical


def test_every_card_round_trips():
    assert len(DECK) == 32 and len(set(DECK)) == 32
    for card in DECK:
        assert Card.from_string(str(card)) is card
        assert Card(card.index) is card


def test_canonical_order_is_suit_then_rank_high_first():
    assert [str(c) for c in DECK[:3]] == ["AS", "KS", "QS"]
    assert str(DECK[-1]) == "7C"


@pytest.mark.parametrize(
    "text, message",
    [("XS", "unknown rank 'X' in 'XS'"), ("AZ", "unknown suit in 'AZ'"), ("", "empty card"),
     ("1H", "unknown rank '1' in '1H'"), ("ASX", "unknown suit in 'ASX'")],
)
def test_bad_cards_name_the_input(text, message):
    with pytest.raises(NotationError) as err:
        Card(text)
    assert message in str(err.value)
    assert isinstance(err.value, ValueError)


def test_holding_strings():
    h = Hand.from_string("AK7.QJ.T98.A")
    assert len(h) == 10 - 1 and str(h) == "AK7.QJ.T98.A"
    assert Card("KS") in h and Card("KH") not in h
    assert str(Hand.from_string("AK.-..10 9")) == "AK.-.-.T9"
    assert str(Hand([])) == "-.-.-.-"
    assert Hand.from_string(str(h)) == h
    assert str(parse_hand(["TH", "AS", "7s"])) == "A7.T.-.-"
    assert str(parse_hand("AS 7S TH")) == "A7.T.-.-"


@pytest.mark.parametrize(
    "text, message",
    [("AK.QJ.T9", "must have 4 suits"), ("AKA.-.-.-", "duplicate card AS"), ("AX.-.-.-", "unknown rank 'X'")],
)
def test_bad_holdings(text, message):
    with pytest.raises(NotationError) as err:
        Hand.from_string(text)
    assert message in str(err.value)


def test_duplicate_in_card_list():
    with pytest.raises(NotationError, match="duplicate card AS"):
        parse_cards(["AS", "as"])


def test_suits_and_trumps():
    assert [parse_suit(s) for s in "SHDC"] == [0, 1, 2, 3]
    assert parse_suit("♣") == 3 and parse_suit("hearts") == 1
    assert parse_trump(None) is Suit.NO_TRUMP and parse_trump("N") is Suit.NO_TRUMP and parse_trump("nt") is Suit.NO_TRUMP
    assert parse_trump("d") == 2
    with pytest.raises(NotationError, match="unknown trump 'X'"):
        parse_trump("X")
