"""A position to solve: three remaining hands, trump, declarer and the trick in progress.

>>> p = Position.create(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", declarer=0, leader=0)
>>> str(p)
'AK.-.-.- QJ.-.-.- T9.-.-.- trump=S declarer=0 leader=0 played=-'
>>> Position.from_string(str(p)) == p
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional, Sequence

from . import _core
from .cards import Card, Hand, SUITS, parse_cards, parse_hand, parse_seat, parse_trump, trump_name
from .errors import NotationError, PositionError


@dataclass(frozen=True)
class Position:
    """A consistent Meksiko position. Build it with :meth:`create` or :meth:`from_string`."""

    hands: tuple  # three Hands, seats 0, 1, 2
    trump: Optional[int]  # 0..3 for S H D C, None for no trump
    declarer: int
    leader: int
    played: tuple = ()  # Cards already played to the current trick, from the leader

    @classmethod
    def create(
        cls,
        hands: Sequence[object],
        trump: object,
        declarer: object,
        leader: object,
        played: Iterable[object] = (),
    ) -> "Position":
        """Parse liberal input and check that the position can arise in a deal."""
        fast = _core.parse_position(hands, trump, declarer, leader, played)  # the common notation, in C++
        if fast is not None:
            return cls.from_engine(*fast)
        return cls.parse(hands, trump, declarer, leader, played)

    @classmethod
    def parse(
        cls,
        hands: Sequence[object],
        trump: object,
        declarer: object,
        leader: object,
        played: Iterable[object] = (),
    ) -> "Position":
        """:meth:`create` by the Python parser alone (every spelling, and the messages for bad input)."""
        if isinstance(hands, str):
            hands = hands.split()
        if not isinstance(hands, (list, tuple)) or len(hands) != 3:
            raise PositionError(f"hands must list the three seats' cards, got {hands!r}")
        parsed = tuple(parse_hand(h, f"hands[{i}]") for i, h in enumerate(hands))
        played_cards = tuple(parse_cards(list(played) if not isinstance(played, str) else played, "played"))
        pos = cls(
            hands=parsed,
            trump=parse_trump(trump),
            declarer=parse_seat(declarer, "declarer"),
            leader=parse_seat(leader, "leader"),
            played=played_cards,
        )
        pos.check()
        return pos

    @classmethod
    def from_engine(cls, hands: tuple, trump: Optional[int], declarer: int, leader: int, played: tuple) -> "Position":
        """The fields of a position the engine has parsed and validated (``_core.parse_position``)."""
        pos = object.__new__(cls)
        setattr_ = object.__setattr__
        setattr_(pos, "hands", hands)
        setattr_(pos, "trump", trump)
        setattr_(pos, "declarer", declarer)
        setattr_(pos, "leader", leader)
        setattr_(pos, "played", played)
        return pos

    def check(self) -> None:
        """Raise PositionError unless the position is consistent."""
        if len(self.played) > 2:
            raise PositionError(
                f"played holds {len(self.played)} cards: a trick in progress has 0 to 2 (a third card completes it)"
            )
        message = _core.validate(*self.core_args())
        if message:
            raise PositionError(message)

    def core_args(self) -> tuple:
        trump = _core.NO_TRUMP if self.trump is None else self.trump
        return ([h.mask for h in self.hands], trump, self.declarer, self.leader, [c.index for c in self.played])

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.played)) % 3

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return len(self.hands[self.to_move])

    def legal_cards(self) -> list:
        """The cards the player to move may play, in canonical order."""
        hand = list(self.hands[self.to_move])
        if not self.played:
            return hand
        led = self.played[0].suit
        follow = [c for c in hand if c.suit == led]
        if follow:
            return follow
        if self.trump is not None:
            trumps = [c for c in hand if c.suit == self.trump]
            if trumps:
                return trumps
        return hand

    def __str__(self) -> str:
        hands = " ".join(str(h) for h in self.hands)
        played = ",".join(str(c) for c in self.played) or "-"
        trump = trump_name(self.trump) or "N"
        return f"{hands} trump={trump} declarer={self.declarer} leader={self.leader} played={played}"

    @classmethod
    def from_string(cls, text: str) -> "Position":
        """Parse the form printed by ``str(position)``."""
        parts = text.split()
        if len(parts) < 3:
            raise NotationError(f"position {text!r} must start with three hands")
        fields = {"trump": None, "declarer": None, "leader": None, "played": "-"}
        for part in parts[3:]:
            key, sep, value = part.partition("=")
            if not sep or key not in fields:
                raise NotationError(f"unknown field {part!r} in position {text!r}: use trump=, declarer=, leader=, played=")
            fields[key] = value
        for key in ("declarer", "leader"):
            if fields[key] is None:
                raise NotationError(f"position {text!r} lacks {key}=")
        played = [] if fields["played"] in ("-", "") else fields["played"].split(",")
        return cls.create(parts[:3], fields["trump"], fields["declarer"], fields["leader"], played)


__all__ = ["Position", "SUITS", "Card", "Hand"]
