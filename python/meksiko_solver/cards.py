"""Cards, suits and hands, with the notation of the README's notation table.

Input is liberal, output is canonical:

>>> Card.from_string("10h"), Card.from_string("♠A"), Card.from_string("TH")
(Card('TH'), Card('AS'), Card('TH'))
>>> str(Hand.from_string("AK7.QJ.T98.A"))
'AK7.QJ.T98.A'

A card's ``index`` (0..31) is ``suit * 8 + rank`` with suits S H D C = 0..3 and
ranks 7 8 9 T J Q K A = 0..7; it is also the card's bit in the engine's masks.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Iterable, Iterator, List, Optional, Tuple, Union

from .errors import NotationError, shown

SUITS = "SHDC"
RANKS = "789TJQKA"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"

_SUIT_ALIASES = {
    **{c: i for i, c in enumerate(SUITS)},
    **{c.lower(): i for i, c in enumerate(SUITS)},
    **{c: i for i, c in enumerate(SUIT_SYMBOLS)},
    **{c: i for i, c in enumerate("♤♡♢♧")},
}
# One rank in a holding: "10" or any single character; spaces are skipped.
_RANK_TOKEN = re.compile(r"10|\S")
_RANK_ALIASES = {
    **{c: i for i, c in enumerate(RANKS)},
    **{c.lower(): i for i, c in enumerate(RANKS)},
    "10": 3,
}
#: Every spelling of "no trump" (compared in upper case, spaces stripped); ``None`` is one too.
#: Suit names read on input, lower case: English, and Serbian as the Mexico Club rules write them
#: (pik, herc, karo, tref), in Latin and Cyrillic script. These words have no diacritics.
SUIT_WORDS = {
    **{name: i for i, name in enumerate(SUIT_NAMES)},
    **{name: i for i, name in enumerate(("pik", "herc", "karo", "tref"))},
    **{name: i for i, name in enumerate(("пик", "херц", "каро", "треф"))},
}
NO_TRUMP_SPELLINGS = frozenset({"", "N", "NT", "NONE", "-", "NO TRUMP", "NOTRUMP", "NO-TRUMP", "NO TRUMPS",
                                "BEZ ADUTA", "БЕЗ АДУТА"})


class Suit(IntEnum):
    """A suit, or no trump, with the engine's numbers: ``S H D C`` = 0..3 and ``NO_TRUMP`` = 4.

    ``str()`` gives the canonical letter (``"S"`` .. ``"C"``, ``"N"`` for no trump), the form
    written in JSON, on the command line and over HTTP. :meth:`parse` reads every spelling:

    >>> Suit.parse("♥"), Suit.parse("clubs"), Suit.parse("nt"), Suit.parse(None)
    (Suit.H, Suit.C, Suit.NO_TRUMP, Suit.NO_TRUMP)
    >>> str(Suit.NO_TRUMP), f"{Suit.D}", int(Suit.D)
    ('N', 'D', 2)
    """

    S = 0
    H = 1
    D = 2
    C = 3
    NO_TRUMP = 4

    @property
    def letter(self) -> str:
        """``"S" "H" "D" "C"``, or ``"N"`` for no trump."""
        return "SHDCN"[self]

    @property
    def is_suit(self) -> bool:
        """A real suit (not no trump)."""
        return self != Suit.NO_TRUMP

    @classmethod
    def parse(cls, value: object, allow_no_trump: bool = True) -> "Suit":
        """A Suit from ``S H D C`` (any case), ``♠ ♥ ♦ ♣`` (or ``♤ ♡ ♢ ♧``), a suit name, a Suit, a
        number 0..4, or (with ``allow_no_trump``) ``None``, ``N``, ``NT``, ``-``, ``""``, ``none``,
        ``no trump``; NotationError otherwise. Suit names may be English or Serbian (``pik herc
        karo tref``, ``bez aduta``; Latin or Cyrillic), in any case.

        >>> Suit.parse("Herc"), Suit.parse("TREF"), Suit.parse("пик"), Suit.parse("bez aduta")
        (Suit.H, Suit.C, Suit.S, Suit.NO_TRUMP)
        """
        if isinstance(value, Suit):
            if value == Suit.NO_TRUMP and not allow_no_trump:
                raise NotationError(f"no trump is not a suit: use S, H, D or C")
            return value
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= (4 if allow_no_trump else 3):
            return _SUIT_MEMBERS[value]
        if isinstance(value, str):
            t = value.strip()
            if t in _SUIT_ALIASES:
                return _SUIT_MEMBERS[_SUIT_ALIASES[t]]
            if t.lower() in SUIT_WORDS:
                return _SUIT_MEMBERS[SUIT_WORDS[t.lower()]]
            if allow_no_trump and " ".join(t.upper().split()) in NO_TRUMP_SPELLINGS:
                return Suit.NO_TRUMP
        elif value is None and allow_no_trump:
            return Suit.NO_TRUMP
        if allow_no_trump:
            raise NotationError(f"unknown trump {shown(value)}: use S, H, D, C or N for no trump")
        raise NotationError(f"unknown suit {shown(value)}: use S, H, D or C")

    def __str__(self) -> str:
        return self.letter

    def __format__(self, spec: str) -> str:
        return format(self.letter, spec)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_MEMBERS = tuple(Suit)
#: The four real suits in order S H D C.
REAL_SUITS = _SUIT_MEMBERS[:4]


def parse_suit(text: object) -> Suit:
    """A real suit (0..3) from ``S H D C`` (any case), ``♠ ♥ ♦ ♣`` or a suit name."""
    return Suit.parse(text, allow_no_trump=False)


def parse_trump(text: object) -> Suit:
    """A trump: a suit, or :attr:`Suit.NO_TRUMP` (``None``, ``'N'``, ``'NT'``, ``'-'``, ``''`` ...)."""
    return Suit.parse(text)


def trump_name(trump: Optional[Suit]) -> Optional[str]:
    """Canonical trump string: ``'S' 'H' 'D' 'C'``, ``'N'`` for no trump; None stays None (a
    trump not named yet)."""
    return None if trump is None else _SUIT_MEMBERS[trump].letter


def parse_seat(value: object, what: str = "seat") -> int:
    """A seat number 0, 1 or 2 (ints or digit strings)."""
    if isinstance(value, bool):
        raise NotationError(f"{what} must be 0, 1 or 2, not {shown(value)}")
    if isinstance(value, str) and value.strip() in ("0", "1", "2"):
        return int(value.strip())
    if isinstance(value, int) and 0 <= value <= 2:
        return int(value)
    raise NotationError(f"{what} must be 0, 1 or 2, not {shown(value)}")


class Card:
    """One of the 32 cards; a small immutable value, interned (``Card('AS') is Card('AS')``).

    Assigning to a card's attributes raises AttributeError (every ``Card('AS')`` is one object):

    >>> Card("AS").index = 0
    Traceback (most recent call last):
    ...
    AttributeError: Card is immutable: cannot set 'index'
    """

    __slots__ = ("index", "suit", "rank")
    index: int  # suit * 8 + rank, the card's bit in the engine's masks
    suit: Suit  # S H D C
    rank: int  # 0..7 for 7 8 9 T J Q K A

    def __new__(cls, text: Union[str, int, "Card"]) -> "Card":
        if isinstance(text, Card):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            if 0 <= text < 32:
                return _DECK[text]
            raise NotationError(f"card index {text} out of range 0..31")
        if isinstance(text, str):
            return _DECK[_parse_card_index(text)]
        raise NotationError(f"not a card: {shown(text)}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    @classmethod
    def from_string(cls, text: str) -> "Card":
        return cls(text)

    @classmethod
    def of(cls, suit: int, rank: int) -> "Card":
        """The card of suit 0..3 (S H D C) and rank 0..7 (7 .. A)."""
        return _DECK[suit * 8 + rank]

    @property
    def mask(self) -> int:
        return 1 << self.index

    def sort_key(self) -> Tuple[int, int]:
        """Canonical order: suits S H D C, high card first."""
        return (self.suit, -self.rank)

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: "Card") -> bool:
        return CANONICAL_PLACE[self.index] < CANONICAL_PLACE[other.index]

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: object) -> "Card":
        return self

    def __reduce__(self) -> Tuple[type, Tuple[int]]:
        return (Card, (self.index,))


def _make_card(index: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "index", index)
    object.__setattr__(card, "suit", _SUIT_MEMBERS[index >> 3])
    object.__setattr__(card, "rank", index & 7)
    return card


_DECK: Tuple[Card, ...] = tuple(_make_card(i) for i in range(32))
# A card's place in canonical order (suits S H D C, high card first), by index.
CANONICAL_PLACE: Tuple[int, ...] = tuple((i >> 3) * 8 + 7 - (i & 7) for i in range(32))
DECK: Tuple[Card, ...] = tuple(sorted(_DECK))  # canonical order


def _parse_card_index(text: str) -> int:
    t = text.strip()
    if not t:
        raise NotationError(f"empty card {text!r}")
    # Suit may come last (TH, 10h) or first (♠A, S10).
    if t[-1] in _SUIT_ALIASES and len(t) >= 2:
        rank_text, suit_text = t[:-1], t[-1]
    elif t[0] in _SUIT_ALIASES and len(t) >= 2:
        suit_text, rank_text = t[0], t[1:]
    else:
        raise NotationError(f"unknown suit in {text!r}: use S, H, D, C or ♠ ♥ ♦ ♣")
    if rank_text not in _RANK_ALIASES:
        raise NotationError(f"unknown rank {rank_text!r} in {text!r}: use 7 8 9 T J Q K A")
    return _SUIT_ALIASES[suit_text] * 8 + _RANK_ALIASES[rank_text]


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The engine's bit mask of some cards (bit ``card.index`` for each)."""
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


def mask_to_cards(mask: int) -> List[Card]:
    """The cards of a bit mask, in canonical order."""
    return [card for card in DECK if mask >> card.index & 1]


def parse_mask(value: object, what: str = "cards") -> int:
    """:func:`parse_cards` as the engine's bit mask; a holding string is read straight into one."""
    if isinstance(value, Hand):
        return value.mask
    if isinstance(value, str) and "." in value:
        return Hand.from_string(value).mask
    return cards_to_mask(parse_cards(value, what))


def parse_cards(value: object, what: str = "cards") -> List[Card]:
    """A list of distinct cards from a list of card strings/Cards or a space/comma separated string.

    A holding string with dots (``AK7.QJ.T98.A``) is accepted too.
    """
    if isinstance(value, Hand):
        return list(value)
    if isinstance(value, str):
        if "." in value:
            return list(Hand.from_string(value))
        items: List[object] = list(value.replace(",", " ").split())
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise NotationError(f"{what} must be a list of cards or a string, not {shown(value)}")
    cards: List[Card] = []
    seen = set()
    for item in items:
        card = Card(item) if isinstance(item, (str, Card)) else None
        if card is None:
            raise NotationError(f"{what}: not a card: {shown(item)}")
        if card in seen:
            raise NotationError(f"duplicate card {card} in {what}")
        seen.add(card)
        cards.append(card)
    return cards


class Hand:
    """A set of cards, shown as a holding string ``S.H.D.C`` (``AK7.QJ.T98.A``, ``-`` for a void).

    >>> Hand.from_string("AK7.QJ.-.X")
    Traceback (most recent call last):
    ...
    meksiko_solver.errors.NotationError: unknown rank 'X' in holding 'AK7.QJ.-.X'
    >>> h = Hand(["TH", "AS", "7s"]); str(h), len(h)
    ('A7.T.-.-', 3)
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: object = ()) -> None:
        if isinstance(cards, Hand):
            mask = cards.mask
        elif isinstance(cards, int) and not isinstance(cards, bool):
            if not 0 <= cards < 1 << 32:
                raise NotationError(f"hand mask {cards} out of range")
            mask = cards
        else:
            mask = cards_to_mask(parse_cards(cards, "hand"))
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Hand is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Hand is immutable: cannot delete {name!r}")

    @classmethod
    def from_string(cls, text: str) -> "Hand":
        """Parse a holding string ``S.H.D.C`` or a space separated list of cards."""
        if not isinstance(text, str):
            raise NotationError(f"hand must be a string, not {shown(text)}")
        t = text.strip()
        if "." not in t:
            return cls(parse_cards(t, "hand"))
        fields = t.split(".")
        if len(fields) != 4:
            raise NotationError(f"holding {text!r} must have 4 suits separated by dots (S.H.D.C)")
        mask = 0
        for suit, field in enumerate(fields):
            f = field.strip()
            if f in ("", "-"):
                continue
            for tok in _RANK_TOKEN.findall(f):
                if tok not in _RANK_ALIASES:
                    raise NotationError(f"unknown rank {tok!r} in holding {text!r}")
                bit = 1 << (suit * 8 + _RANK_ALIASES[tok])
                if mask & bit:
                    raise NotationError(f"duplicate card {_DECK[suit * 8 + _RANK_ALIASES[tok]]} in holding {text!r}")
                mask |= bit
        return cls(mask)

    def __iter__(self) -> Iterator[Card]:
        return iter(mask_to_cards(self.mask))

    def __len__(self) -> int:
        return bin(self.mask).count("1")

    def __contains__(self, card: object) -> bool:
        try:
            return bool(self.mask >> Card(card).index & 1)  # type: ignore[arg-type]
        except NotationError:
            return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("Hand", self.mask))

    def suit_cards(self, suit: int) -> List[Card]:
        return [c for c in self if c.suit == suit]

    def __str__(self) -> str:
        parts = []
        for suit in range(4):
            ranks = "".join(RANKS[r] for r in range(7, -1, -1) if self.mask >> (suit * 8 + r) & 1)
            parts.append(ranks or "-")
        return ".".join(parts)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def cards(self) -> List[Card]:
        return list(self)

    def strings(self) -> List[str]:
        return [str(c) for c in self]


def parse_hand(value: object, what: str = "hand") -> Hand:
    """A Hand from a Hand, a list of cards, a holding string or a space separated card list."""
    try:
        if isinstance(value, Hand):
            return value
        if isinstance(value, str):
            return Hand.from_string(value)
        return Hand(value)
    except NotationError as exc:
        raise NotationError(f"{what}: {exc}") from None


def card_strings(cards: Iterable[Card]) -> List[str]:
    """Canonical strings of cards, in canonical order."""
    return [str(c) for c in sorted(cards)]
