"""Declarer analysis of a deal as dealt, and the whole-deal table.

For a seat that wins the auction: with the talon (numeric contracts), the most
tricks for each trump after the best two-card discard, and every discard that
reaches it; without the talon (Meksiko), the tricks for each trump
(``mexico-club``) or without trump (``classic``). The declarer leads.
"""

from __future__ import annotations

import reprlib
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import engine
from .auction import MEKSIKO, Contract
from .cards import CANONICAL_PLACE, SUITS, Card, Hand, Suit, cards_to_mask, parse_seat
from .deal import Cards, check_deal, deal_masks, parse_deal
from .errors import MeksikoError
from .options import as_sequence, check_threads
from .rules import RuleProfile, get_rules
from .solver import Solver, thread_solver

MEKSIKO_CONTRACT = MEKSIKO

#: One trump's entry of ``DeclarerAnalysis.with_talon``: ``{"tricks": int, "discards": [[card, card], ...]}``.
TalonEntry = Dict[str, Any]


def meksiko_trumps(profile: RuleProfile) -> List[str]:
    """The trumps a Meksiko is played with: each suit (mexico-club) or none (classic), as analysis keys."""
    return list(SUITS) if profile.meksiko_trump else [str(Suit.NO_TRUMP)]


def meksiko_trump_mask(profile: RuleProfile) -> int:
    """The engine's mask of those trumps (bit ``Suit`` value for each)."""
    bits = 0
    for t in meksiko_trumps(profile):
        bits |= 1 << Suit.parse(t)
    return bits


def _pair_orders() -> Tuple[List[int], List[Tuple[str, str]]]:
    """For each engine pair ``a << 5 | b``: a sort key that puts pairs in canonical order (the pair
    itself in its low bits), and the two card names in canonical order."""
    keys, names = [], []
    for a in range(32):
        for b in range(32):
            first, second = (a, b) if CANONICAL_PLACE[a] < CANONICAL_PLACE[b] else (b, a)
            keys.append((CANONICAL_PLACE[first] << 5 | CANONICAL_PLACE[second]) << 10 | a << 5 | b)
            names.append((str(Card(first)), str(Card(second))))
    return keys, names


_PAIR_KEY, _PAIR_NAMES = _pair_orders()


def _discard_list(pairs: Sequence[Tuple[int, int]]) -> List[List[str]]:
    """Engine discard pairs (card indices) as canonical card-name pairs in canonical order."""
    return [list(_PAIR_NAMES[k & 1023]) for k in sorted([_PAIR_KEY[a << 5 | b] for a, b in pairs])]


@dataclass
class DeclarerAnalysis:
    """What one seat can make double-dummy as declarer.

    ``with_talon``: trump -> ``{"tricks", "discards"}`` (every optimal discard pair,
    each pair and the list in canonical card order). ``meksiko``: trump (or ``"N"``)
    -> tricks without the talon. ``best``: the best trump with the talon, ties going
    to the first in S H D C order, and the first optimal discard. ``max_bid``: the
    highest contract made: ``"M"``, else 10..5, else None.
    """

    declarer: int
    rules: str
    with_talon: Dict[str, TalonEntry]
    meksiko: Dict[str, int]
    nodes: int = 0

    @property
    def best(self) -> Dict[str, Any]:
        trump = max(SUITS, key=lambda t: (self.with_talon[t]["tricks"], -SUITS.index(t)))
        entry = self.with_talon[trump]
        return {"tricks": entry["tricks"], "trump": trump, "discard": list(entry["discards"][0])}

    @property
    def max_bid(self) -> Union[Contract, int, None]:
        if any(v == 10 for v in self.meksiko.values()):
            return MEKSIKO_CONTRACT
        best = self.best["tricks"]
        return best if best >= 5 else None

    def to_dict(self) -> Dict[str, Any]:
        return {
            "declarer": self.declarer,
            "rules": self.rules,
            "with_talon": {t: {"tricks": e["tricks"], "discards": [list(p) for p in e["discards"]]}
                           for t, e in self.with_talon.items()},
            "best": self.best,
            "meksiko": dict(self.meksiko),
            "max_bid": self.max_bid,
        }


def _from_engine(raw: engine.EngineAnalysis, profile: RuleProfile) -> DeclarerAnalysis:
    tricks, discards = raw.with_talon, raw.discards
    with_talon = {t: {"tricks": tricks[i], "discards": _discard_list(discards[i])} for i, t in enumerate(SUITS)}
    meksiko_values = dict(zip(list(SUITS) + [str(Suit.NO_TRUMP)], raw.meksiko))
    meksiko = {t: meksiko_values[t] for t in meksiko_trumps(profile)}
    return DeclarerAnalysis(raw.declarer, profile.name, with_talon, meksiko, raw.nodes)


def _deal_tuple(hands: Sequence[Cards], talon: Cards, declarer: int) -> engine.DealTuple:
    return ([cards_to_mask(h) for h in hands], cards_to_mask(talon), declarer)


def analyze_declarer(
    hands: Sequence[object], talon: object, declarer: object, rules: Union[str, RuleProfile] = "mexico-club",
    solver: Optional[Solver] = None,
) -> DeclarerAnalysis:
    """Double-dummy declarer analysis of a deal as dealt (three hands of 10, talon of 2).

    ``solver``: the Solver whose table the search uses (default: this thread's); the review
    passes its own, whose table then already holds much of the play's opening position.
    """
    profile = get_rules(rules)
    seat = parse_seat(declarer, "declarer")
    hands_, talon_ = deal_masks(hands, talon)
    solver = solver if solver is not None else thread_solver()
    raw = solver.analyze_deal((hands_, talon_, seat), meksiko_trump_mask(profile))
    return _from_engine(raw, profile)


@dataclass
class DealTable:
    """The declarer analysis for every seat, printable like bridge's double-dummy table."""

    hands: Tuple[Cards, ...]
    talon: Cards
    rules: str
    seats: List[DeclarerAnalysis] = field(default_factory=list)  # one per seat

    def to_dict(self) -> Dict[str, Any]:
        return {
            "hands": [str(Hand(h)) for h in self.hands],
            "talon": [str(c) for c in self.talon],
            "rules": self.rules,
            "seats": [a.to_dict() for a in self.seats],
        }

    def __str__(self) -> str:
        mk = list(self.seats[0].meksiko)
        cols = lambda values: " ".join(f"{v:>2}" for v in values)
        lines = [
            f"deal: {' '.join(str(Hand(h)) for h in self.hands)}   talon: {' '.join(str(c) for c in self.talon)}",
            f"rules: {self.rules}; declarer's tricks double-dummy, declarer leads",
            f"      {'with talon':<12}  {'Meksiko':<{3 * len(mk)}}  best",
            f"seat  {cols(SUITS):<12}  {cols(mk):<{3 * len(mk)}}  tricks trump discard   max bid",
        ]
        for a in self.seats:
            b = a.best
            mb = "-" if a.max_bid is None else str(a.max_bid)
            lines.append(
                f"{a.declarer:>4}  {cols(a.with_talon[t]['tricks'] for t in SUITS):<12}  "
                f"{cols(a.meksiko.values()):<{3 * len(mk)}}  {b['tricks']:>6} {b['trump']:>5} {' '.join(b['discard']):<9} {mb:>7}"
            )
        return "\n".join(lines)


def deal_table(hands: Sequence[object], talon: object, rules: Union[str, RuleProfile] = "mexico-club") -> DealTable:
    """:func:`analyze_declarer` for each of the three seats (solved on every core)."""
    profile = get_rules(rules)
    hands_, talon_ = check_deal(hands, talon)
    raws = engine.analyze_batch([_deal_tuple(hands_, talon_, s) for s in range(3)], meksiko_trump_mask(profile), 0)
    return DealTable(hands_, talon_, profile.name, [_from_engine(r, profile) for r in raws])


def analyze_many(
    deals: Sequence[object],
    declarer: Optional[object] = None,
    rules: Union[str, RuleProfile] = "mexico-club",
    threads: int = 0,
) -> Union[List[DeclarerAnalysis], List[DealTable]]:
    """Analyze many deals on every core (``threads=0``): one DeclarerAnalysis per deal for
    ``declarer``, or a DealTable per deal when ``declarer`` is None."""
    profile = get_rules(rules)
    threads = check_threads(threads)
    parsed = [_deal_at(d, i) for i, d in enumerate(as_sequence(deals, "deals"))]
    seats = [0, 1, 2] if declarer is None else [parse_seat(declarer, "declarer")]
    items = [_deal_tuple(h, t, s) for h, t in parsed for s in seats]
    raws = engine.analyze_batch(items, meksiko_trump_mask(profile), threads)
    results = [_from_engine(r, profile) for r in raws]
    if declarer is not None:
        return results
    return [DealTable(h, t, profile.name, results[3 * i : 3 * i + 3]) for i, (h, t) in enumerate(parsed)]


def _deal_at(deal: object, index: int) -> Tuple[Tuple[Cards, ...], Cards]:
    try:
        return parse_deal(deal)
    except MeksikoError as exc:
        raise type(exc)(f"deals[{index}]: {exc}") from None


__all__ = ["DealTable", "DeclarerAnalysis", "analyze_declarer", "analyze_many", "deal_table", "meksiko_trump_mask",
           "meksiko_trumps", "parse_deal"]
