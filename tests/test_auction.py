"""The auction state (auction.py)."""

import pytest

from meksiko_solver.auction import (
    MEKSIKO, NEXT, Auction, parse_call, parse_contract, tricks_needed)
from meksiko_solver.errors import AuctionError, MeksikoError, NotationError


def test_opener_is_the_seat_after_the_dealer():
    for dealer in range(3):
        a = Auction(dealer)
        assert a.opener == a.turn == (dealer + 1) % 3


def test_opener_may_not_pass():
    a = Auction(dealer=2)
    assert a.legal_calls() == ["5", "6", "7", "8", "9", "10", "M"]
    assert NEXT not in a.legal_calls()
    with pytest.raises(AuctionError) as err:
        a.call("NEXT")
    assert str(err.value) == "the opener (seat 0) may not say NEXT: open with a bid of at least 5"
    assert a.calls == ()  # nothing recorded


def test_issue_example_auction():
    a = Auction(dealer=2, calls=["5", "6", "NEXT", "7", "NEXT"])
    assert a.seat_calls == ((0, "5"), (1, "6"), (2, "NEXT"), (0, "7"), (1, "NEXT"))
    assert a.is_over and a.turn is None
    assert (a.declarer, a.contract) == (0, "7")
    assert a.legal_calls() == []


def test_turns_skip_players_who_said_next():
    a = Auction(dealer=0, calls=["5", "NEXT", "6"])  # seat 1: 5, seat 2: NEXT, seat 0: 6
    assert a.turn == 1 and a.passed == {2}
    a.call("7")
    assert a.turn == 0  # seat 2 is skipped
    assert a.legal_calls() == ["8", "9", "10", "M", "NEXT"]
    a.call(NEXT)
    assert (a.declarer, a.contract) == (1, "7")


def test_declarer_and_contract_are_none_until_the_end():
    a = Auction(dealer=1, calls=["6", "7"])
    assert a.high_bid == "7" and a.high_bidder == 0
    assert a.declarer is None and a.contract is None and not a.is_over


def test_bid_must_be_higher():
    a = Auction(dealer=0, calls=["7"])
    for low in ("5", "7", 6):
        with pytest.raises(AuctionError, match=f"bid {low} is not higher than the current bid 7"):
            a.call(low)
    a.call(8)  # ints are accepted
    assert a.calls == ("7", "8")


def test_nothing_after_next():
    a = Auction(dealer=0, calls=["5", "NEXT"])  # seat 2 said NEXT
    with pytest.raises(AuctionError) as err:
        a.call("6", seat=2)
    assert str(err.value) == "seat 2 said NEXT and may not call again in this deal"


def test_out_of_turn():
    a = Auction(dealer=0)
    with pytest.raises(AuctionError, match="seat 2 called out of turn: it is seat 1's turn"):
        a.call("5", seat=2)
    a.call("5", seat=1)
    assert a.turn == 2


def test_auction_ends_after_two_next():
    a = Auction(dealer=0, calls=["5", "NEXT", "NEXT"])
    assert (a.declarer, a.contract) == (1, "5")
    with pytest.raises(AuctionError, match="6 after the end of the auction: two players have said NEXT"):
        a.call("6")


def test_meksiko_ends_the_auction_at_once_in_mexico_club():
    a = Auction(dealer=0, calls=["5", "M"])
    assert a.is_over and (a.declarer, a.contract) == (2, MEKSIKO)
    with pytest.raises(AuctionError, match="NEXT after the end of the auction: Meksiko ends the auction at once"):
        a.call("NEXT")
    opener = Auction(dealer=1, calls=["M"])  # the opener may call Meksiko
    assert (opener.declarer, opener.contract) == (2, "M")


def test_meksiko_outranks_ten():
    a = Auction(dealer=0, calls=["10"])
    assert a.legal_calls() == ["M", "NEXT"]
    a.call("Meksiko")
    assert (a.declarer, a.contract) == (2, "M")


def test_classic_meksiko_then_only_next():
    a = Auction(dealer=0, rules="classic", calls=["5", "M"])
    assert not a.is_over and a.turn == 0
    assert a.legal_calls() == ["NEXT"]
    with pytest.raises(AuctionError, match="10 after Meksiko: nothing outranks Meksiko, seat 0 may only say NEXT"):
        a.call("10")
    with pytest.raises(AuctionError, match="M after Meksiko"):
        a.call("M")
    a.call("NEXT")
    assert a.turn == 1
    a.call("NEXT")
    assert (a.declarer, a.contract) == (2, "M")


def test_classic_meksiko_after_a_pass_needs_one_more_next():
    a = Auction(dealer=0, rules="classic", calls=["5", "NEXT", "M"])  # seat 2 passed, seat 0 Meksiko
    assert a.turn == 1
    a.call("NEXT")
    assert (a.declarer, a.contract) == (0, "M")


def test_unknown_call_is_a_notation_error():
    with pytest.raises(NotationError, match="unknown call '11': use 5..10, M \\(Meksiko\\) or NEXT"):
        Auction(0).call("11")
    with pytest.raises(MeksikoError):
        Auction(0).call(4)


def test_parse_call_and_contract():
    assert parse_call("next") == parse_call("Pass") == "NEXT"
    assert parse_call(" m ") == parse_call("MEXICO") == "M"
    assert parse_contract(10) == "10" and parse_contract("5") == "5"
    with pytest.raises(NotationError, match="unknown contract 'NEXT'"):
        parse_contract("NEXT")
    with pytest.raises(NotationError):
        parse_contract(True)
    assert tricks_needed("7") == 7 and tricks_needed("M") == 10 and tricks_needed(10) == 10


def test_bad_dealer():
    with pytest.raises(NotationError, match="dealer must be 0, 1 or 2, not 3"):
        Auction(3)
