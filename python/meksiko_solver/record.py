"""Deal and game records: the JSON formats of ``docs/records.md``, checked by replaying them.

>>> from meksiko_solver.game import play_game
>>> game = play_game(seed=1)
>>> GameRecord.from_json(game.to_json()) == game
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .auction import Contract
from .cards import Card, Suit, parse_trump, trump_name
from .deal import DealState, Phase, Trick
from .errors import MeksikoError, RecordError
from .record_fields import as_cards, as_list, checked_keys, load_json, naming_item
from .rules import DEFAULT_RULES, GameConfig, RuleProfile, ScoringMode, game_config, get_rules
from .scoring import Scores, apply_scores, game_winners

_DEAL_KEYS = ("rules", "mode", "dealer", "hands", "talon", "auction", "discard", "trump", "play")
_GAME_KEYS = ("rules", "mode", "format", "target", "seed", "deals", "scores", "totals", "winners")


def _fail(reason: Optional[str]) -> None:
    if reason is not None:
        raise RecordError(reason)


def _dumps(obj: object, indent: str = "") -> str:
    """JSON with one key per line and lists of plain values kept on one line."""
    if isinstance(obj, dict) and obj:
        inner = indent + "  "
        items = [f"{inner}{json.dumps(k)}: {_dumps(v, inner)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    if isinstance(obj, list) and any(isinstance(v, dict) for v in obj):
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + _dumps(v, inner) for v in obj) + "\n" + indent + "]"
    return json.dumps(obj, ensure_ascii=False)


def replay_deal(rules: object, mode: object, dealer: object, hands: object, talon: object,
            auction: object, discard: object, trump: object, play: object) -> DealState:
    """Replay a deal from its record fields, checking every item; RecordError names the first bad one."""
    state = replay_auction(rules, mode, dealer, hands, talon, auction)
    replay_declaration(state, discard, trump)
    for i, card in enumerate(as_list(play, "play")):
        with naming_item(f"play[{i}]"):
            state.play(card)
    return state


def replay_auction(rules: object, mode: object, dealer: object, hands: object, talon: object,
                   auction: object) -> DealState:
    """The first part of :func:`replay_deal`: the deal and its auction."""
    with naming_item("rules"):
        profile = get_rules(rules)
    with naming_item("mode"):
        scoring = profile.mode(mode)  # type: ignore[arg-type]
    try:
        state = DealState(hands, talon, dealer, profile, scoring.name)  # type: ignore[arg-type]
    except MeksikoError as exc:  # the message names the bad hand, talon or dealer
        raise RecordError(str(exc)) from None
    for i, call in enumerate(as_list(auction, "auction")):
        with naming_item(f"auction[{i}]"):
            state.call(call)
    return state


def replay_declaration(state: DealState, discard: object, trump: object) -> None:
    """The second part of :func:`replay_deal`: the declarer's discard and trump, on ``state``
    after its auction."""
    discard_cards = tuple(sorted(as_cards(discard, "discard")))
    with naming_item("trump"):
        suit = parse_trump(trump)  # null and "N" alike: no trump named
    # A record may stop before the declarer's decision: discard and trump are then both empty.
    if not (state.phase == Phase.DECLARE and not discard_cards and suit == Suit.NO_TRUMP):
        if discard_cards or state.phase == Phase.DECLARE:
            with naming_item("discard"):
                _fail(state.discard_error(discard_cards))
        if suit != Suit.NO_TRUMP or state.phase == Phase.DECLARE:
            with naming_item("trump"):
                _fail(state.trump_error(suit))
        if state.phase == Phase.DECLARE:
            state.declare(discard_cards, suit)


@dataclass(frozen=True)
class DealRecord:
    """One deal as dealt and played so far; construction replays and checks it fully."""

    dealer: int
    hands: Tuple[Tuple[Card, ...], ...]
    talon: Tuple[Card, ...]
    auction: Tuple[str, ...] = ()
    discard: Tuple[Card, ...] = ()
    trump: Optional[Suit] = None  # None while not named; Suit.NO_TRUMP for a classic Meksiko
    play: Tuple[Card, ...] = ()
    rules: str = DEFAULT_RULES
    mode: Optional[str] = None  # None: the profile's default mode
    _state: DealState = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        state = replay_deal(self.rules, self.mode, self.dealer, self.hands, self.talon,
                        self.auction, self.discard, self.trump, self.play)
        set_ = object.__setattr__
        set_(self, "rules", state.rules.name)
        set_(self, "mode", state.mode.name)
        set_(self, "dealer", state.dealer)
        set_(self, "hands", state.dealt)
        set_(self, "talon", state.talon)
        set_(self, "auction", state.auction.calls)
        set_(self, "discard", state.discard)
        set_(self, "trump", state.trump)
        set_(self, "play", tuple(c for _, c in state.played))
        set_(self, "_state", state)

    # --- derived information ---------------------------------------------------------------
    @property
    def profile(self) -> RuleProfile:
        """The rule profile (``rules`` is its name)."""
        return self._state.rules

    @property
    def scoring(self) -> ScoringMode:
        """The scoring mode (``mode`` is its name)."""
        return self._state.mode

    @property
    def declarer(self) -> Optional[int]:
        return self._state.declarer

    @property
    def contract(self) -> Optional[Contract]:
        return self._state.contract

    @property
    def phase(self) -> Phase:
        """``auction``, ``declare``, ``play`` or ``done``."""
        return self._state.phase

    @property
    def finished(self) -> bool:
        """All ten tricks are played."""
        return self._state.phase == Phase.DONE

    @property
    def tricks_won(self) -> Scores:
        """Tricks taken so far by seats 0, 1, 2."""
        won = self._state.tricks_won
        return (won[0], won[1], won[2])

    @property
    def tricks(self) -> List[Trick]:
        """Trick by trick (leader, cards, winner); a trick in progress comes last with winner None."""
        return self._state.all_tricks()

    @property
    def scores(self) -> Optional[Scores]:
        """The deal's score changes when finished, else None."""
        return self._state.scores()

    def replay(self) -> DealState:
        """A fresh :class:`DealState` at the end of the record (to continue the deal)."""
        return replay_deal(self.rules, self.mode, self.dealer, self.hands, self.talon,
                       self.auction, self.discard, self.trump, self.play)

    @classmethod
    def from_state(cls, state: DealState) -> "DealRecord":
        """The record of a deal played so far."""
        return cls(dealer=state.dealer, hands=state.dealt, talon=state.talon, auction=state.auction.calls,
                   discard=state.discard, trump=state.trump, play=tuple(c for _, c in state.played),
                   rules=state.rules.name, mode=state.mode.name)

    # --- JSON ----------------------------------------------------------------------------
    def to_dict(self) -> Dict[str, Any]:
        return {
            "rules": self.rules,
            "mode": self.mode,
            "dealer": self.dealer,
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "talon": [str(c) for c in self.talon],
            "auction": list(self.auction),
            "discard": [str(c) for c in self.discard],
            "trump": trump_name(self.trump),
            "play": [str(c) for c in self.play],
        }

    @classmethod
    def from_dict(cls, data: object) -> "DealRecord":
        """A deal record from its JSON object; RecordError names the first bad item."""
        d = checked_keys(data, _DEAL_KEYS, ("dealer", "hands", "talon"), "deal record")
        return cls(dealer=d["dealer"], hands=d["hands"], talon=d["talon"], auction=d.get("auction", ()),
                   discard=d.get("discard", ()), trump=d.get("trump"), play=d.get("play", ()),
                   rules=d.get("rules", DEFAULT_RULES), mode=d.get("mode"))

    def to_json(self) -> str:
        return _dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> "DealRecord":
        return cls.from_dict(load_json(text, "deal record"))


@dataclass(frozen=True)
class GameRecord:
    """A whole game (possibly unfinished): settings and deals; construction checks it fully."""

    deals: Tuple[DealRecord, ...]
    rules: str = DEFAULT_RULES
    mode: Optional[str] = None
    format: Optional[str] = None
    target: Optional[int] = None
    seed: Optional[int] = None  # the seed the game was played from, if any (information only)
    config: GameConfig = field(init=False, repr=False, compare=False)
    scores: Tuple[Scores, ...] = field(init=False, repr=False, compare=False)  # per finished deal
    totals: Tuple[Scores, ...] = field(init=False, repr=False, compare=False)  # after each finished deal
    winners: Optional[Tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            config = game_config(self.rules, self.mode, self.format, self.target)
        except MeksikoError as exc:
            raise RecordError(str(exc)) from None
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise RecordError(f"seed must be a whole number or null, not {self.seed!r}")
        deals: List[DealRecord] = []
        totals: Scores = (0, 0, 0)
        scores: List[Scores] = []
        sheet: List[Scores] = []
        winners: Optional[Tuple[int, ...]] = None
        for i, deal in enumerate(as_list(self.deals, "deals")):
            if winners is not None:
                raise RecordError(f"deals[{i}]: the game was already over after deal {i} "
                                  f"(won by seat {' and '.join(map(str, winners))})")
            if i > 0 and not deals[-1].finished:
                raise RecordError(f"deals[{i}]: deals[{i - 1}] is unfinished, so no deal may follow it")
            with naming_item(f"deals[{i}]"):
                if isinstance(deal, dict):
                    deal = DealRecord.from_dict({"rules": config.rules.name, "mode": config.mode.name, **deal})
                if not isinstance(deal, DealRecord):
                    raise RecordError(f"a deal must be a deal record, not {type(deal).__name__}")
                if (deal.rules, deal.mode) != (config.rules.name, config.mode.name):
                    raise RecordError(f"rules {deal.rules}/{deal.mode} differ from the game's "
                                      f"{config.rules.name}/{config.mode.name}")
                if i > 0 and deal.dealer != (deals[0].dealer + i) % 3:
                    raise RecordError(f"dealer must be seat {(deals[0].dealer + i) % 3} "
                                      f"(the dealer moves one seat on), not {deal.dealer}")
            deals.append(deal)
            if deal.finished:
                scores.append(deal.scores)  # type: ignore[arg-type]
                totals = apply_scores(totals, deal.scores, config.rules)  # type: ignore[arg-type]
                sheet.append(totals)
                winners = game_winners(config, totals, len(deals), deal.declarer, deal.tricks_won)
        set_ = object.__setattr__
        set_(self, "deals", tuple(deals))
        set_(self, "rules", config.rules.name)
        set_(self, "mode", config.mode.name)
        set_(self, "format", config.format.name)
        set_(self, "target", config.target)
        set_(self, "config", config)
        set_(self, "scores", tuple(scores))
        set_(self, "totals", tuple(sheet))
        set_(self, "winners", winners)

    @property
    def finished(self) -> bool:
        """The game is over (it has winners)."""
        return self.winners is not None

    @property
    def final_totals(self) -> Scores:
        """The running totals after the last finished deal."""
        return self.totals[-1] if self.totals else (0, 0, 0)

    def to_dict(self) -> Dict[str, Any]:
        return {
            "rules": self.rules,
            "mode": self.mode,
            "format": self.format,
            "target": self.target,
            "seed": self.seed,
            "deals": [d.to_dict() for d in self.deals],
            "scores": [list(s) for s in self.scores],
            "totals": [list(t) for t in self.totals],
            "winners": None if self.winners is None else list(self.winners),
        }

    @classmethod
    def from_dict(cls, data: object) -> "GameRecord":
        """A game record from its JSON object; the derived keys, if present, must match the deals."""
        d = checked_keys(data, _GAME_KEYS, ("deals",), "game record")
        game = cls(deals=tuple(as_list(d["deals"], "deals")), rules=d.get("rules", DEFAULT_RULES),
                   mode=d.get("mode"), format=d.get("format"), target=d.get("target"), seed=d.get("seed"))
        derived = game.to_dict()
        for key in ("scores", "totals", "winners"):
            if key in d and d[key] != derived[key]:
                raise RecordError(f"{key}: the record says {d[key]!r} but the deals give {derived[key]!r}")
        return game

    def to_json(self) -> str:
        return _dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        return cls.from_dict(load_json(text, "game record"))
