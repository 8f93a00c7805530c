"""A position to solve: three remaining hands, trump, declarer and the trick in progress.

>>> p = Position.create(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", declarer=0, leader=0)
>>> str(p)
'AK.-.-.- QJ.-.-.- T9.-.-.- trump=S declarer=0 leader=0 played=-'
>>> Position.from_string(str(p)) == p
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from . import engine
from .cards import DECK, SUITS, Card, Hand, Suit, parse_cards, parse_hand, parse_seat, parse_trump, trump_name
from .errors import NotationError, PositionError, shown
from .play import legal_cards


@dataclass(frozen=True)
class Position:
    """A consistent Meksiko position. Build it with :meth:`create` or :meth:`from_string`."""

    hands: Tuple[Hand, ...]  # three: seats 0, 1, 2
    trump: Suit  # S H D C, or Suit.NO_TRUMP
    declarer: int
    leader: int
    played: Tuple[Card, ...] = ()  # Cards already played to the current trick, from the leader

    @classmethod
    def create(
        cls,
        hands: object,
        trump: object,
        declarer: object,
        leader: object,
        played: Iterable[object] = (),
    ) -> "Position":
        """Parse liberal input and check that the position can arise in a deal."""
        if isinstance(hands, str):
            hands = hands.split()
        if not isinstance(hands, (list, tuple)) or len(hands) != 3:
            raise PositionError(f"hands must list the three seats' cards, got {shown(hands)}")
        parsed = tuple(parse_hand(h, f"hands[{i}]") for i, h in enumerate(hands))
        if not isinstance(played, (str, list, tuple)):
            if played is None or not hasattr(played, "__iter__"):
                raise NotationError(f"played must be the list of cards played to the trick, not {shown(played)}")
            played = list(played)
        played_cards = tuple(parse_cards(played, "played"))
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
    def from_core_args(cls, args: engine.PositionTuple) -> "Position":
        """The Position of an engine tuple the engine accepted (not checked again)."""
        hands, trump, declarer, leader, played = args
        return cls((Hand(hands[0]), Hand(hands[1]), Hand(hands[2])), Suit(trump), declarer, leader,
                   tuple(Card(c) for c in played))

    def check(self) -> None:
        """Raise PositionError unless the position is consistent."""
        if len(self.played) > 2:
            raise PositionError(
                f"played holds {len(self.played)} cards: a trick in progress has 0 to 2 (a third card completes it)"
            )
        message = engine.validate(*self.core_args())
        if message:
            raise PositionError(message)

    def core_args(self) -> engine.PositionTuple:
        """The engine's position tuple (see :mod:`meksiko_solver.engine`)."""
        # Made once (check() makes it at create()) and kept on the frozen position: building it
        # took 0.35 us of every solve_position (docs/engine.md, twenty-fifth round).
        args = self.__dict__.get("_core_args")
        if args is None:
            # The trump as a plain int: pybind11 reads an IntEnum 70 ns more slowly.
            trump = int(Suit.NO_TRUMP if self.trump is None else self.trump)
            args = (tuple(h.mask for h in self.hands), trump, self.declarer, self.leader,
                    tuple(c.index for c in self.played))
            object.__setattr__(self, "_core_args", args)
        return args

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.played)) % 3

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return len(self.hands[self.to_move])

    def legal_cards(self) -> List[Card]:
        """The cards the player to move may play, in canonical order (:func:`~meksiko_solver.play.legal_cards`)."""
        return legal_cards(self.hands[self.to_move], self.played, self.trump)

    def __str__(self) -> str:
        hands = " ".join(str(h) for h in self.hands)
        played = ",".join(str(c) for c in self.played) or "-"
        trump = trump_name(self.trump) or "N"  # a Position built directly may hold None
        return f"{hands} trump={trump} declarer={self.declarer} leader={self.leader} played={played}"

    @classmethod
    def from_string(cls, text: str) -> "Position":
        """Parse the form printed by ``str(position)``."""
        if not isinstance(text, str):
            raise NotationError(f"a position is a string such as 'AK.-.-.- QJ.-.-.- T9.-.-.- trump=S declarer=0 "
                                f"leader=0', not {shown(text)}")
        parts = text.split()
        if len(parts) < 3:
            raise NotationError(f"position {text!r} must start with three hands")
        fields: Dict[str, Optional[str]] = {"trump": None, "declarer": None, "leader": None, "played": "-"}
        for part in parts[3:]:
            key, sep, value = part.partition("=")
            if not sep or key not in fields:
                raise NotationError(f"unknown field {part!r} in position {text!r}: use trump=, declarer=, leader=, played=")
            fields[key] = value
        for key in ("declarer", "leader"):
            if fields[key] is None:
                raise NotationError(f"position {text!r} lacks {key}=")
        played_text = fields["played"] or "-"
        played = [] if played_text == "-" else played_text.split(",")
        return cls.create(parts[:3], fields["trump"], fields["declarer"], fields["leader"], played)


# The plain spellings read without the general parser: canonical card names and Card objects
# (interned, so hashed by identity) to their bit or index, and trump letters or None.
_PLAIN_BIT: Dict[object, int] = {**{str(c): c.mask for c in DECK}, **{c: c.mask for c in DECK}}
_PLAIN_INDEX: Dict[object, int] = {**{str(c): c.index for c in DECK}, **{c: c.index for c in DECK}}
_PLAIN_TRUMP: Dict[object, int] = {**{s: i for i, s in enumerate(SUITS)}, **{s.lower(): i for i, s in enumerate(SUITS)},
                                          "N": engine.NO_TRUMP, None: engine.NO_TRUMP}


def plain_mask(hand: object) -> int:
    """A hand's mask from a holding string, a Hand or a list of plain cards; -1 for anything else."""
    kind = type(hand)
    if kind is str:
        return engine.holding_mask(hand)
    if kind is list or kind is tuple:
        mask = 0
        for card in hand:  # type: ignore[attr-defined]
            bit = _PLAIN_BIT.get(card, 0)
            if not bit or mask & bit:  # not a plain card, or a duplicate: the parser names it
                return -1
            mask |= bit
        return mask
    if kind is Hand:
        return hand.mask  # type: ignore[attr-defined]
    return -1


def plain_hand_masks(hands: Sequence[object]) -> Optional[Sequence[int]]:
    """Three hands' masks when each is in a plain spelling (see :func:`plain_mask`), else None;
    TypeError for an unhashable card. ``hands``: a list or tuple of three."""
    masks: Optional[Sequence[int]] = engine.holding_masks(hands)  # three holding strings in one call
    if masks is None:
        masks = [plain_mask(h) for h in hands]
        if -1 in masks:
            return None
    return masks


def plain_core_args(hands: object, trump: object, declarer: object, leader: object,
                    played: object = ()) -> Optional[engine.PositionTuple]:
    """The engine tuple of :meth:`Position.create`'s arguments when they are in the plain forms
    (hands as holding strings, Hands or lists of ``Card``/canonical card names; trump a Suit,
    ``S H D C`` in either case, ``N`` or None; seats ints; 0-2 distinct played cards), else None.

    Only the spelling is read here: the engine checks the position when it solves the tuple, and
    :meth:`Position.create` reads everything else and words every error (the tests compare the two).
    """
    try:
        kind = type(trump)
        if kind is Suit:
            trump_value = int(trump)  # type: ignore[call-overload]
        elif kind is str or trump is None:
            trump_value = _PLAIN_TRUMP[trump]
        else:
            return None
        if type(hands) not in (list, tuple) or len(hands) != 3:  # type: ignore[arg-type]
            return None
        if type(declarer) is not int or type(leader) is not int or not (0 <= declarer <= 2 and 0 <= leader <= 2):
            return None
        if type(played) not in (tuple, list) or len(played) > 2:  # type: ignore[arg-type]
            return None
        cards = [_PLAIN_INDEX[c] for c in played]  # type: ignore[attr-defined]
        masks = plain_hand_masks(hands)  # type: ignore[arg-type]
        if masks is None:
            return None
    except (KeyError, TypeError):  # an unknown or unhashable spelling
        return None
    if len(cards) == 2 and cards[0] == cards[1]:
        return None
    return masks, trump_value, declarer, leader, cards


__all__ = ["Position", "SUITS", "Card", "Hand", "plain_core_args", "plain_hand_masks", "plain_mask"]
