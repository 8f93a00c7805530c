"""Calls, contracts and the auction.

Calls are strings: ``"5"`` .. ``"10"`` (bids), ``"M"`` (Meksiko) and ``"NEXT"``
(pass). Input also takes ints 5..10, any case, ``"Meksiko"`` and ``"PASS"``.

>>> a = Auction(dealer=2)
>>> a.turn, a.legal_calls()
(0, ['5', '6', '7', '8', '9', '10', 'M'])
>>> for call in ["5", "6", "NEXT", "7", "NEXT"]:
...     a.call(call)
>>> a.is_over, a.declarer, a.contract
(True, 0, Contract('7'))
>>> a.contract == "7", a.contract.tricks_needed
(True, 7)
"""

from __future__ import annotations

from enum import Enum
from typing import FrozenSet, Iterable, List, Optional, Set, Tuple, Union

from .cards import parse_seat
from .errors import AuctionError, NotationError
from .options import as_sequence
from .rules import RuleProfile, get_rules

_MEKSIKO_WORDS = {"M", "MEKSIKO", "MEXICO"}
_NEXT_WORDS = {"NEXT", "PASS"}


class Contract(str, Enum):
    """A contract: a bid of 5..10 tricks, or Meksiko (all ten, without the talon).

    A ``str`` enum whose value is the canonical string (``Contract.SEVEN == "7"``, JSON writes
    ``"7"``); parse liberal input with :meth:`parse` (or :func:`parse_contract`).
    """

    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    MEKSIKO = "M"

    @classmethod
    def parse(cls, value: object) -> "Contract":
        """A contract from ``"5"`` .. ``"10"``, an int 5..10, ``"M"``, ``"Meksiko"`` (any case)."""
        if isinstance(value, Contract):
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 5 <= value <= 10:
            return _BY_TEXT[str(value)]
        if isinstance(value, str):
            text = value.strip().upper()
            if text in _BY_TEXT:
                return _BY_TEXT[text]
            if text in _MEKSIKO_WORDS:
                return Contract.MEKSIKO
        raise NotationError(f"unknown contract {value!r}: use 5..10 or M (Meksiko)")

    @property
    def is_meksiko(self) -> bool:
        return self is Contract.MEKSIKO

    @property
    def tricks_needed(self) -> int:
        """Tricks the declarer needs: the bid, or all 10 for Meksiko."""
        return 10 if self is Contract.MEKSIKO else int(self.value)

    @property
    def rank(self) -> int:
        """Height of a contract: 5..10, Meksiko 11."""
        return 11 if self is Contract.MEKSIKO else int(self.value)

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __repr__(self) -> str:
        return f"Contract({self.value!r})"


_BY_TEXT = {c.value: c for c in Contract}

NEXT = "NEXT"
MEKSIKO = Contract.MEKSIKO
BIDS: Tuple[Contract, ...] = tuple(c for c in Contract if c is not Contract.MEKSIKO)
CONTRACTS: Tuple[Contract, ...] = tuple(Contract)


def parse_contract(value: object) -> Contract:
    """Canonical contract ``"5"`` .. ``"10"`` or ``"M"`` from a string or an int 5..10."""
    return Contract.parse(value)


def parse_call(value: object) -> str:
    """Canonical call (a plain string): a contract (see :func:`parse_contract`) or ``"NEXT"``."""
    if isinstance(value, str) and value.strip().upper() in _NEXT_WORDS:
        return NEXT
    try:
        return parse_contract(value).value
    except NotationError:
        raise NotationError(f"unknown call {value!r}: use 5..10, M (Meksiko) or NEXT") from None


def contract_rank(contract: object) -> int:
    """Height of a contract: 5..10, Meksiko 11."""
    return Contract.parse(contract).rank


def tricks_needed(contract: object) -> int:
    """Tricks the declarer needs: the bid, or all 10 for Meksiko."""
    return Contract.parse(contract).tricks_needed


class Auction:
    """The auction of one deal. The seat after the dealer opens; calls go in seat order."""

    def __init__(self, dealer: int = 0, rules: Union[str, RuleProfile, None] = None,
                 calls: Iterable[object] = ()) -> None:
        self.rules = get_rules(rules)
        self.dealer = parse_seat(dealer, "dealer")
        self.opener = (self.dealer + 1) % 3
        self._calls: List[Tuple[int, str]] = []
        self._passed: Set[int] = set()
        self._high: Optional[Contract] = None
        self._high_seat: Optional[int] = None
        self._turn: Optional[int] = self.opener
        for call in as_sequence(calls, "calls"):
            self.call(call)

    @property
    def calls(self) -> Tuple[str, ...]:
        """The calls made so far, opener's first."""
        return tuple(c for _, c in self._calls)

    @property
    def seat_calls(self) -> Tuple[Tuple[int, str], ...]:
        """The calls made so far as ``(seat, call)`` pairs."""
        return tuple(self._calls)

    @property
    def turn(self) -> Optional[int]:
        """The seat to call next, or None once the auction is over."""
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._turn is None

    @property
    def passed(self) -> FrozenSet[int]:
        """Seats that have said NEXT."""
        return frozenset(self._passed)

    @property
    def high_bid(self) -> Optional[Contract]:
        return self._high

    @property
    def high_bidder(self) -> Optional[int]:
        return self._high_seat

    @property
    def declarer(self) -> Optional[int]:
        """The declarer once the auction is over, else None."""
        return self._high_seat if self.is_over else None

    @property
    def contract(self) -> Optional[Contract]:
        """The contract once the auction is over, else None."""
        return self._high if self.is_over else None

    def legal_calls(self) -> List[str]:
        """The calls the seat to move may make (empty once the auction is over)."""
        if self.is_over:
            return []
        if self._high == MEKSIKO:
            return [NEXT]
        low = self._high.rank if self._high is not None else 0
        calls = [c.value for c in CONTRACTS if c.rank > low]
        return calls + [NEXT] if self._high is not None else calls

    def check(self, value: object, seat: Optional[int] = None) -> Optional[str]:
        """Why ``value`` may not be called now (by ``seat`` if given), or None if it may."""
        call = parse_call(value)
        if self.is_over:
            if self._high == MEKSIKO and self.rules.meksiko_ends_auction:
                return f"{call} after the end of the auction: Meksiko ends the auction at once"
            return f"{call} after the end of the auction: two players have said NEXT"
        if seat is not None:
            seat = parse_seat(seat)
            if seat in self._passed:
                return f"seat {seat} said NEXT and may not call again in this deal"
            if seat != self._turn:
                return f"seat {seat} called out of turn: it is seat {self._turn}'s turn"
        if call == NEXT:
            if self._high is None:
                return f"the opener (seat {self.opener}) may not say NEXT: open with a bid of at least 5"
            return None
        if self._high == MEKSIKO:
            return f"{call} after Meksiko: nothing outranks Meksiko, seat {self._turn} may only say NEXT"
        if self._high is not None and contract_rank(call) <= self._high.rank:
            return f"bid {call} is not higher than the current bid {self._high}"
        return None

    def call(self, value: object, seat: Optional[int] = None) -> None:
        """Make the next call (checked to be ``seat``'s turn if given); AuctionError if illegal."""
        reason = self.check(value, seat)
        if reason is not None:
            raise AuctionError(reason)
        call = parse_call(value)
        turn = self._turn
        assert turn is not None
        self._calls.append((turn, call))
        if call == NEXT:
            self._passed.add(turn)
        else:
            self._high, self._high_seat = Contract(call), turn
        if len(self._passed) == 2 or (call == MEKSIKO and self.rules.meksiko_ends_auction):
            self._turn = None
            return
        nxt = (turn + 1) % 3
        while nxt in self._passed:
            nxt = (nxt + 1) % 3
        self._turn = nxt

    def __repr__(self) -> str:
        return f"Auction(dealer={self.dealer}, rules={self.rules.name!r}, calls={list(self.calls)!r})"
