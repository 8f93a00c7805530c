"""The deals of a study: random ones dealt from the seed, or given ones read from JSON lines.

Deal ``i`` of a random study with seed ``S`` is the game's own dealing
(:func:`meksiko_solver.game.deal_cards`) from ``random.Random(f"{S}:{i}")``: every deal has
its own generator, so any worker can deal any chunk, and the deals do not depend on the
chunk size or on the order chunks are solved in.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Tuple

from ..analysis import parse_deal
from ..cards import Card, Hand, cards_to_mask, mask_to_cards, parse_seat
from ..errors import MeksikoError
from ..game import deal_cards
from .errors import StudyError


@dataclass(frozen=True)
class StudyDeal:
    """One deal of a study as card masks: three hands, the talon, the seat to analyse (None:
    every seat) and the dealer (for the seat's position in the auction)."""

    hands: Tuple[int, ...]  # three 32-bit card masks
    talon: int
    declarer: Optional[int]
    dealer: int

    @classmethod
    def from_cards(cls, hands, talon, declarer: Optional[int], dealer: int) -> "StudyDeal":
        return cls(tuple(cards_to_mask(h) for h in hands), cards_to_mask(talon), declarer, dealer)

    def cards(self) -> Tuple[Tuple[Tuple[Card, ...], ...], Tuple[Card, ...]]:
        """(hands, talon) as tuples of cards in canonical order."""
        return tuple(tuple(mask_to_cards(h)) for h in self.hands), tuple(mask_to_cards(self.talon))

    def to_dict(self) -> Dict[str, Any]:
        """The deal as results.jsonl shows it: holdings and the talon's cards."""
        return {"hands": [str(Hand(h)) for h in self.hands], "talon": [str(c) for c in mask_to_cards(self.talon)]}


def default_dealer(index: int) -> int:
    """The dealer moves one seat on after every deal, as in a game: deal ``i`` is dealt by seat ``i % 3``."""
    return index % 3


def random_deal(seed: int, index: int) -> StudyDeal:
    """Deal ``index`` of the random study with ``seed`` (every seat analysed)."""
    hands, talon = deal_cards(random.Random(f"{seed}:{index}"))
    return StudyDeal.from_cards(hands, talon, None, default_dealer(index))


def parse_study_deal(data: object, index: int) -> StudyDeal:
    """A deal in ``batch``'s line format: a JSON object with ``hands`` and ``talon`` (and
    optionally ``declarer`` and ``dealer``), a deal string ``"<h0> <h1> <h2> <talon>"``, or a
    (hands, talon) pair."""
    declarer = dealer = None
    if isinstance(data, dict):
        declarer, dealer = data.get("declarer"), data.get("dealer")
    hands, talon = parse_deal(data)
    seat = None if declarer is None else parse_seat(declarer, "declarer")
    return StudyDeal.from_cards(hands, talon, seat,
                                default_dealer(index) if dealer is None else parse_seat(dealer, "dealer"))


def parse_deal_line(text: str) -> object:
    """One line of a deals file as data: JSON, or else a deal string."""
    text = text.strip()
    return json.loads(text) if text[:1] in "{[\"" else text


def read_deals(lines: Iterable[str], name: str = "deals") -> List[StudyDeal]:
    """Every non-empty line as a deal; the first bad line is a StudyError naming its number."""
    deals: List[StudyDeal] = []
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            deals.append(parse_study_deal(parse_deal_line(text), len(deals)))
        except (MeksikoError, ValueError) as exc:
            raise StudyError(f"{name} line {number}: {exc}") from None
    if not deals:
        raise StudyError(f"{name} holds no deals")
    return deals


def read_deals_file(path: str) -> List[StudyDeal]:
    """:func:`read_deals` of a file (``-`` for standard input)."""
    import sys

    if path == "-":
        return read_deals(sys.stdin, "standard input")
    try:
        with open(path, encoding="utf-8") as stream:
            return read_deals(stream, path)
    except OSError as exc:
        raise StudyError(f"cannot read deals file {path}: {exc.strerror or exc}") from None
