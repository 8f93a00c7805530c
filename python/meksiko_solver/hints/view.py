"""One seat's view of a deal: the game record format seen from that seat, validated like a record.

```json
{"rules": "mexico-club", "mode": "easy", "seat": 1, "dealer": 2,
 "hand": ["AS", "..."],          // the 10 cards dealt to this seat
 "auction": ["5", "NEXT", "..."],
 "talon": ["7H", "8C"],          // null (or absent) while unseen; required once exposed
 "discard": ["9D", "7C"],        // only in the declarer's own view
 "trump": "H",
 "play": ["AS", "7S", "..."],    // every card played so far, in order
 "totals": [12, 3, 0]}           // optional: the running totals before this deal
```

Checking reuses the record machinery: the auction, the discard and the trump are replayed by
``record.replay_auction`` and ``record.replay_declaration`` on a placeholder deal that agrees with
everything this seat knows (its own hand, and the talon once exposed), so the messages are the
records' (``auction[1]: bid 5 is not higher than the current bid 6``). The play is then walked
card by card with the trick rules of ``play.py``: the seat's own cards must be legal; another
seat's card must not be one this seat knows to lie elsewhere, nor break a void that seat has
shown, and after it some layout of the unseen cards must still fit (an exact test,
``sampling.possible``). The first bad item is named.

>>> v = View.from_dict({"seat": 0, "dealer": 2, "hand": "AKQJT987.A.-.A", "auction": []})
>>> v.phase, v.to_move, v.legal_calls[:2]
(Phase.AUCTION, 0, ('5', '6'))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from ..auction import MEKSIKO, Contract
from ..cards import DECK, REAL_SUITS, SUIT_NAMES, Card, Suit, cards_to_mask, parse_cards, parse_seat, parse_trump, trump_name
from ..errors import IllegalPlayError, RecordError
from ..play import legal_cards, play_error, trick_winner
from ..deal import NO_PLAY_REASON, Phase, SeatView
from ..record import replay_auction, replay_declaration
from ..record_fields import as_cards, as_list, checked_keys, load_json, naming_item
from ..rules import DEFAULT_RULES, RuleProfile, ScoringMode, get_rules
from .sampling import DISCARD, HAND, TALON, Bucket, Layout, World, possible

VIEW_KEYS = ("rules", "mode", "seat", "dealer", "hand", "auction", "talon", "discard", "trump", "play", "totals")
ALL = (1 << 32) - 1


def _cards_of(mask: int) -> Tuple[Card, ...]:
    return tuple(c for c in DECK if mask >> c.index & 1)


@dataclass
class _Knowledge:
    """What the viewer knows about where the cards are, updated card by card during the play walk."""

    seat: int
    declarer: Optional[int]
    exposed_talon: int  # mask of the exposed talon (0 if unseen)
    declared: bool  # the declarer has discarded / named trump
    own_dealt: int
    own_discard: int
    played_by: List[int] = field(default_factory=lambda: [0, 0, 0])
    voids: List[int] = field(default_factory=lambda: [0, 0, 0])  # suit bitmask per seat
    void_at: Dict[Tuple[int, int], int] = field(default_factory=dict)  # (seat, suit) -> play index

    def own_now(self) -> int:
        """The viewer's cards now (12 for the declarer while declaring)."""
        mine = self.own_dealt
        if self.seat == self.declarer and self.exposed_talon:
            mine |= self.exposed_talon
            mine &= ~self.own_discard
        return mine & ~self.played_by[self.seat]

    def fixed(self, seat: int) -> int:
        """Cards known to be in ``seat``'s hand now."""
        if seat == self.seat:
            return self.own_now()
        if seat == self.declarer and self.exposed_talon and not self.declared:
            return self.exposed_talon  # the declarer holds the talon until he discards
        return 0

    def places(self) -> Tuple[List[Bucket], int, List[int]]:
        """The buckets, the unseen cards (a mask) and, per bucket, the unseen cards it may hold."""
        s, d = self.seat, self.declarer
        played = self.played_by[0] | self.played_by[1] | self.played_by[2]
        discard_hidden = bool(self.exposed_talon) and self.declared and s != d
        restricted = self.exposed_talon & ~played if discard_hidden else 0  # in the declarer's 12
        known = self.own_dealt | played | self.own_discard | self.exposed_talon
        known |= self.own_now()
        hidden = (ALL & ~known) | restricted
        buckets: List[Bucket] = []
        allowed_in: List[int] = []
        for other in ((s + 1) % 3, (s + 2) % 3):
            held = 10 - bin(self.played_by[other]).count("1")
            if other == d and self.exposed_talon and not self.declared:
                held += 2
            buckets.append(Bucket(HAND, other, held - bin(self.fixed(other)).count("1")))
            voids = sum(0xFF << (8 * suit) for suit in range(4) if self.voids[other] >> suit & 1)
            allowed_in.append(hidden & ~voids & (~restricted if other != d else ALL))
        if discard_hidden:
            buckets.append(Bucket(DISCARD, d, 2))
            allowed_in.append(hidden)
        if not self.exposed_talon:
            buckets.append(Bucket(TALON, None, 2))
            allowed_in.append(hidden)
        assert sum(b.size for b in buckets) == bin(hidden).count("1"), (buckets, hidden)
        return buckets, hidden, allowed_in

    def layout(self) -> Layout:
        """The unseen cards, where they may lie, and how many each place holds."""
        buckets, hidden, allowed_in = self.places()
        cards = [c for c in range(32) if hidden >> c & 1]
        allowed = [sum(1 << b for b, mask in enumerate(allowed_in) if mask >> c & 1) for c in cards]
        return Layout(buckets, cards, allowed)

    def possible(self) -> bool:
        """Whether some layout of the unseen cards fits (``layout().count() > 0``, cheaper)."""
        buckets, hidden, allowed_in = self.places()
        return possible([b.size for b in buckets], hidden, allowed_in)


@dataclass(frozen=True)
class View:
    """One seat's validated view of a deal. Build it with :meth:`from_dict`, :meth:`from_json` or
    :meth:`from_seat_view`; the derived fields describe the state reached."""

    seat: int
    dealer: int
    hand: Tuple[Card, ...]  # the 10 cards dealt to this seat, canonical order
    auction: Tuple[str, ...] = ()
    talon: Optional[Tuple[Card, ...]] = None  # exposed talon, else None
    discard: Tuple[Card, ...] = ()  # the seat's own discard (declarer only)
    trump: Optional[Suit] = None  # None while not named; Suit.NO_TRUMP without trump
    play: Tuple[Card, ...] = ()
    rules: str = DEFAULT_RULES
    mode: Optional[str] = None
    totals: Optional[Tuple[int, int, int]] = None
    # derived -------------------------------------------------------------------------------
    profile: RuleProfile = field(init=False, default=None, repr=False, compare=False)  # type: ignore[assignment]
    scoring: ScoringMode = field(init=False, default=None, repr=False, compare=False)  # type: ignore[assignment]
    declarer: Optional[int] = field(init=False, default=None)
    contract: Optional[Contract] = field(init=False, default=None)
    phase: Phase = field(init=False, default=Phase.AUCTION)
    to_move: Optional[int] = field(init=False, default=None)
    legal_calls: Tuple[str, ...] = field(init=False, default=())
    played: Tuple[Tuple[int, Card], ...] = field(init=False, default=())  # (seat, card) in order
    leader: Optional[int] = field(init=False, default=None)  # of the trick in progress
    trick: Tuple[Card, ...] = field(init=False, default=())  # cards of the trick in progress
    tricks_won: Tuple[int, int, int] = field(init=False, default=(0, 0, 0))
    voids: Tuple[Tuple[int, ...], ...] = field(init=False, default=((), (), ()))  # suits shown void per seat
    _knowledge: Any = field(init=False, default=None, repr=False, compare=False)
    _fixed: Tuple[int, int, int] = field(init=False, default=(0, 0, 0), repr=False, compare=False)  # known cards now

    def __post_init__(self) -> None:
        _validate(self)

    # --- construction ------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: object) -> "View":
        """A view from its JSON object; RecordError names the first bad item."""
        d = checked_keys(data, VIEW_KEYS, ("seat", "dealer", "hand"), "view")
        return cls(seat=d["seat"], dealer=d["dealer"], hand=d["hand"], auction=d.get("auction", ()),
                   talon=d.get("talon"), discard=d.get("discard", ()), trump=d.get("trump"),
                   play=d.get("play", ()), rules=d.get("rules", DEFAULT_RULES), mode=d.get("mode"),
                   totals=d.get("totals"))

    @classmethod
    def from_json(cls, text: str) -> "View":
        return cls.from_dict(load_json(text, "view"))

    @classmethod
    def from_seat_view(cls, sv: SeatView, with_totals: bool = True) -> "View":
        """The view of a :class:`~meksiko_solver.policies.SeatView` (what the game runner shows a
        policy); ``with_totals=False`` leaves out the running totals."""
        mine = cards_to_mask(sv.hand) | cards_to_mask(c for s, c in sv.played if s == sv.seat)
        if sv.talon is not None and sv.seat == sv.declarer:
            mine = (mine | cards_to_mask(sv.discard or ())) & ~cards_to_mask(sv.talon)
        return cls(seat=sv.seat, dealer=sv.dealer, hand=_cards_of(mine), auction=sv.calls,
                   talon=sv.talon, discard=tuple(sv.discard or ()), trump=sv.trump,
                   play=tuple(c for _, c in sv.played), rules=sv.rules, mode=sv.mode,
                   totals=tuple(sv.totals) if with_totals else None)  # type: ignore[arg-type]

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {
            "rules": self.rules, "mode": self.mode, "seat": self.seat, "dealer": self.dealer,
            "hand": [str(c) for c in self.hand], "auction": list(self.auction),
            "talon": None if self.talon is None else [str(c) for c in self.talon],
        }
        if self.discard:
            out["discard"] = [str(c) for c in self.discard]
        out["trump"] = trump_name(self.trump)
        out["play"] = [str(c) for c in self.play]
        if self.totals is not None:
            out["totals"] = list(self.totals)
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    # --- what the seat knows --------------------------------------------------------------
    @property
    def current_hand(self) -> Tuple[Card, ...]:
        """The seat's cards now (12 for the declarer while declaring)."""
        return _cards_of(self._knowledge.own_now())

    @property
    def legal_cards(self) -> Tuple[Card, ...]:
        """The cards the seat may play now (empty unless it is its turn in the play)."""
        if self.phase != Phase.PLAY or self.to_move != self.seat:
            return ()
        return tuple(legal_cards(self.current_hand, self.trick, self.trump))

    def played_by(self, seat: int) -> Tuple[Card, ...]:
        return _cards_of(self._knowledge.played_by[seat])

    def layout(self) -> Layout:
        """Where the unseen cards may lie (see :mod:`.sampling`)."""
        return self._knowledge.layout()

    def world_hands(self, layout: Layout, world: World) -> List[int]:
        """The three seats' cards now (masks) in one world of ``layout``."""
        hands = list(self._fixed)
        for bucket, mask in zip(layout.buckets, world):
            if bucket.kind == HAND:
                hands[bucket.seat] |= mask  # type: ignore[index]
        return hands

    def world_deal(self, layout: Layout, world: World) -> Dict[str, Any]:
        """The whole deal of one world: ``hands`` (as dealt, masks), ``talon`` and ``discard`` (masks)."""
        k = self._knowledge
        now = self.world_hands(layout, world)
        talon, discard = k.exposed_talon, k.own_discard
        for bucket, mask in zip(layout.buckets, world):
            if bucket.kind == TALON:
                talon = mask
            elif bucket.kind == DISCARD:
                discard = mask
        dealt = [now[s] | k.played_by[s] for s in range(3)]
        if k.exposed_talon and self.declarer is not None:
            dealt[self.declarer] = (dealt[self.declarer] | discard) & ~k.exposed_talon
        return {"hands": dealt, "talon": talon, "discard": discard}

    def world_record(self, layout: Layout, world: World) -> Dict[str, Any]:
        """One world as a deal record dict (for checking: it must load as a DealRecord)."""
        deal = self.world_deal(layout, world)
        return {"rules": self.rules, "mode": self.mode, "dealer": self.dealer,
                "hands": [[str(c) for c in _cards_of(h)] for h in deal["hands"]],
                "talon": [str(c) for c in _cards_of(deal["talon"])],
                "auction": list(self.auction), "discard": [str(c) for c in _cards_of(deal["discard"])],
                "trump": trump_name(self.trump),
                "play": [str(c) for c in self.play]}


# --- validation ---------------------------------------------------------------------------------

def _set(view: View, name: str, value: object) -> None:
    object.__setattr__(view, name, value)


def _hand_cards(value: object, what: str, size: int) -> Tuple[Card, ...]:
    if isinstance(value, str):
        with naming_item(what):
            cards = tuple(parse_cards(value, what))
    else:
        cards = as_cards(value, what)
    seen = set()
    for card in cards:
        if card in seen:
            raise RecordError(f"{what}: duplicate card {card}")
        seen.add(card)
    if len(cards) != size:
        raise RecordError(f"{what} has {len(cards)} cards, it must have {size}")
    return tuple(sorted(cards))


def _placeholder_deal(seat: int, hand: Tuple[Card, ...], talon: Optional[Tuple[Card, ...]]) -> Tuple[List[Any], List[Card]]:
    """Hands and talon agreeing with what the seat knows (its hand, the talon if given)."""
    rest = [c for c in DECK if c not in hand and (talon is None or c not in talon)]
    if talon is None:
        talon, rest = tuple(rest[:2]), rest[2:]
    hands: List[Any] = [None, None, None]
    hands[seat] = list(hand)
    others = [(seat + 1) % 3, (seat + 2) % 3]
    hands[others[0]], hands[others[1]] = rest[:10], rest[10:20]
    return hands, list(talon)


def _validate(view: View) -> None:
    with naming_item("rules"):
        profile = get_rules(view.rules)
    with naming_item("mode"):
        scoring = profile.mode(view.mode)
    _set(view, "rules", profile.name)
    _set(view, "mode", scoring.name)
    _set(view, "profile", profile)
    _set(view, "scoring", scoring)
    with naming_item("seat"):
        seat = parse_seat(view.seat, "seat")
    with naming_item("dealer"):
        dealer = parse_seat(view.dealer, "dealer")
    _set(view, "seat", seat)
    _set(view, "dealer", dealer)
    hand = _hand_cards(view.hand, "hand", 10)
    _set(view, "hand", hand)
    talon: Optional[Tuple[Card, ...]] = None
    if view.talon is not None:
        talon = _hand_cards(view.talon, "talon", 2)
        for card in talon:
            if card in hand:
                raise RecordError(f"talon: {card} is also in the hand")
    auction = tuple(as_list(view.auction, "auction"))
    discard_given = tuple(sorted(as_cards(view.discard if view.discard is not None else (), "discard")))
    hands, placeholder_talon = _placeholder_deal(seat, hand, talon)

    # The auction (record messages), then the talon it exposes.
    state = replay_auction(profile, scoring.name, dealer, hands, placeholder_talon, auction)
    declarer, contract = state.declarer, state.contract
    exposed = contract is not None and contract != MEKSIKO
    if talon is not None and not exposed:
        why = ("on Meksiko the talon stays face down" if contract == MEKSIKO
               else "the talon stays face down until the auction ends")
        raise RecordError(f"talon: {why}; the view must have talon null")
    if talon is None and exposed:
        raise RecordError(f"talon: contract {contract} exposes the talon: the view must show its two cards")

    # The discard and trump, replayed on the placeholder (the declarer's 12 are known when he views).
    if discard_given and declarer is not None and declarer != seat:
        raise RecordError(f"discard: only the declarer (seat {declarer}) sees the discard, "
                          f"not seat {seat}")
    with naming_item("trump"):
        trump = parse_trump(view.trump)  # null and "N" alike: no trump named
    named = trump != Suit.NO_TRUMP
    discard = discard_given
    if declarer is not None and declarer != seat and exposed and named:
        decl_cards = [c for c in hands[declarer] if c not in hand]
        discard = tuple(sorted(decl_cards[:2]))  # placeholder: the defenders do not see it
    if declarer == seat and exposed and named and not discard_given:
        raise RecordError("discard: the declarer's own view must show his two discarded cards")
    replay_declaration(state, discard, trump)
    declared = state.phase in (Phase.PLAY, Phase.DONE)
    _set(view, "auction", state.auction.calls)
    _set(view, "talon", talon)
    _set(view, "discard", state.discard if declarer == seat else ())
    _set(view, "trump", state.trump)
    _set(view, "declarer", declarer)
    _set(view, "contract", contract)

    know = _Knowledge(seat=seat, declarer=declarer, exposed_talon=cards_to_mask(talon or ()), declared=declared,
                      own_dealt=cards_to_mask(hand), own_discard=cards_to_mask(discard_given))
    phase, leader, won = state.phase, declarer, [0, 0, 0]
    trick: List[Card] = []
    played: List[Tuple[int, Card]] = []
    play = as_list(view.play, "play")
    for i, item in enumerate(play):
        with naming_item(f"play[{i}]"):
            card = Card(item)
            if phase != Phase.PLAY:
                raise IllegalPlayError(f"no card may be played now: {NO_PLAY_REASON[phase]}")
            assert leader is not None
            who = (leader + len(trick)) % 3
            if who == seat:
                reason = play_error(_cards_of(know.own_now()), trick, state.trump, card, who)
                if reason is not None:
                    raise IllegalPlayError(reason)
            else:
                _check_hidden_card(know, played, card, who, i)
                if trick and card.suit != trick[0].suit:
                    _void(know, who, trick[0].suit, i)
                    if state.trump in REAL_SUITS and card.suit != state.trump:
                        _void(know, who, state.trump, i)
            know.played_by[who] |= card.mask
            played.append((who, card))
            trick.append(card)
            if who != seat and not know.possible():
                raise RecordError(f"no layout of the unseen cards fits the view after {card}: "
                                  f"{_void_text(know)} leave too few cards for the hidden hands")
            if len(trick) == 3:
                leader = trick_winner(trick, leader, state.trump)
                won[leader] += 1
                trick = []
                if len(played) == 30:
                    phase = Phase.DONE
    _set(view, "play", tuple(c for _, c in played))
    _set(view, "played", tuple(played))
    _set(view, "trick", tuple(trick))
    _set(view, "leader", leader if phase in (Phase.PLAY, Phase.DONE) else None)
    _set(view, "tricks_won", tuple(won))
    _set(view, "phase", phase)
    _set(view, "voids", tuple(tuple(s for s in range(4) if know.voids[p] >> s & 1) for p in range(3)))
    _set(view, "_knowledge", know)
    _set(view, "_fixed", (know.fixed(0), know.fixed(1), know.fixed(2)))
    if phase == Phase.AUCTION:
        _set(view, "to_move", state.auction.turn)
        _set(view, "legal_calls", tuple(state.auction.legal_calls()))
    elif phase == Phase.DECLARE:
        _set(view, "to_move", declarer)
    elif phase == Phase.PLAY:
        _set(view, "to_move", (leader + len(trick)) % 3)  # type: ignore[operator]

    if view.totals is not None:
        totals = as_list(view.totals, "totals")
        if len(totals) != 3 or not all(isinstance(t, int) and not isinstance(t, bool) for t in totals):
            raise RecordError(f"totals must be three whole numbers (seats 0, 1, 2), not {view.totals!r}")
        if profile.total_floor is not None and min(totals) < profile.total_floor:
            raise RecordError(f"totals: {profile.name} totals are never below {profile.total_floor}, "
                              f"not {min(totals)}")
        _set(view, "totals", tuple(totals))


def _check_hidden_card(know: _Knowledge, played: List[Tuple[int, Card]], card: Card, who: int, index: int) -> None:
    """Reject a card another seat cannot hold, as far as the viewer knows."""
    for j, (_, c) in enumerate(played):
        if c == card:
            raise RecordError(f"{card} was already played (play[{j}])")
    if know.own_discard >> card.index & 1:
        raise RecordError(f"{card} was discarded by the declarer (seat {know.seat})")
    if know.own_now() >> card.index & 1 or know.own_dealt >> card.index & 1:
        raise RecordError(f"{card} is in seat {know.seat}'s own hand, not seat {who}'s")
    if know.exposed_talon >> card.index & 1 and who != know.declarer:
        raise RecordError(f"{card} is a talon card: only the declarer (seat {know.declarer}) can hold it")
    if know.voids[who] >> card.suit & 1:
        at = know.void_at[(who, card.suit)]
        raise RecordError(f"seat {who} showed out of {SUIT_NAMES[card.suit]} at play[{at}] "
                          f"and cannot hold {card}")


def _void(know: _Knowledge, seat: int, suit: int, index: int) -> None:
    if not know.voids[seat] >> suit & 1:
        know.voids[seat] |= 1 << suit
        know.void_at[(seat, suit)] = index


def _void_text(know: _Knowledge) -> str:
    parts = [f"seat {s} void in {', '.join(SUIT_NAMES[u] for u in range(4) if know.voids[s] >> u & 1)}"
             for s in range(3) if know.voids[s]]
    return "the voids shown (" + "; ".join(parts) + ")" if parts else "the cards seen"


def parse_view(view: object) -> View:
    """A View from a View, a dict, a JSON string or a SeatView."""
    if isinstance(view, View):
        return view
    if isinstance(view, SeatView):
        return View.from_seat_view(view)
    if isinstance(view, str):
        return View.from_json(view)
    if isinstance(view, dict):
        return View.from_dict(view)
    raise RecordError(f"a view must be a JSON object, not {type(view).__name__}")


__all__ = ["View", "parse_view"]
