"""Post-game review: every card of a played deal judged double-dummy, plus the bid and the discard.

>>> from meksiko_solver.game import play_game
>>> game = play_game(seed=1, max_deals=1)
>>> r = review(game.deals[0])
>>> r.cards[0].before == r.discard.tricks
True
>>> all(c.loss >= 0 for c in r.cards)
True

For each card the declarer's double-dummy value of the whole deal (tricks he has
already won plus the most he can still take with best play by all) is taken before
and after it. A card that lowers the declarer's value cost the declarer's side; a card
that raises it cost the defenders' side. ``single_dummy=True`` adds the hint engine's
judgement from each player's own view, so that a double-dummy mistake that was the best play
on the information available is excused. See ``docs/review.md``.

Under a time budget (``time_budget_ms``) the double-dummy layer is always complete (a few
searches a card, bounded by the record's size); the single-dummy layer gets what is left, shared
evenly among the cards still to judge, and says how far it got (``sd_worlds`` per card,
``single_dummy["complete"]``). A budget that suffices gives the unbudgeted judgement:

>>> deal = play_game(seed=1, max_deals=1).deals[0]
>>> full = review(deal, single_dummy=True, samples=8)
>>> timed = review(deal, single_dummy=True, samples=8, time_budget_ms=60_000)
>>> timed.single_dummy["complete"], [c.sd_loss for c in timed.cards] == [c.sd_loss for c in full.cards]
(True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple, Union

from .analysis import DeclarerAnalysis, analyze_declarer
from .auction import MEKSIKO, Contract
from .budget import Budget
from .cards import SUIT_NAMES, Card, Hand, Suit, trump_name
from .deal import DealState, Phase, SeatView
from .errors import MeksikoError, OptionError, RecordError, shown
from .game_state import GameState
from .options import check_samples, check_seed
from .position import Position
from .record import DealRecord, GameRecord
from .solver import Solver, thread_solver

DECLARER_SIDE, DEFENDERS_SIDE = "declarer", "defenders"
SD_SAMPLES = 100  # worlds a card for the single-dummy layer
SD_EXCUSE = 0.05  # a double-dummy mistake whose expected loss is below this is excused (bad luck)
SD_TIE = 1e-9  # expected values closer than this are equal (they are exact sums over the same worlds)
# Under a time budget, the least time a card's hint gets (while that much is left): a hint costs
# some 10-40 ms however few its worlds (parsing, sampling, weighting, mostly Python holding the
# GIL), so thin even shares would spend the budget on that overhead and crowd the server's
# other threads off the GIL; judging fewer cards, each on worlds worth having, is better.
SD_MIN_SHARE_MS = 150.0
P_WIN_MARK = 0.01  # a card of a game review is among the costliest from this loss of the chance of winning
COSTLIEST = 5  # cards a game review lists as the costliest for the game


def mark_for(loss: int) -> str:
    """The mark of a card that cost ``loss`` tricks: ``""``, ``"?"`` (one) or ``"??"`` (two or more)."""
    return "" if loss <= 0 else "?" if loss == 1 else "??"


@dataclass
class CardReview:
    """One played card judged double-dummy.

    ``before``/``after``: the declarer's double-dummy tricks for the whole deal (tricks
    already won plus the best from here) before and after the card. ``loss``: tricks the
    card cost its own side (0 for a correct card). ``best``: the legal cards that lose
    nothing. ``mark``: ``""``, ``"?"`` or ``"??"``.
    """

    i: int  # index in the deal's play, 0..29
    trick: int  # 1..10
    seat: int
    side: str  # "declarer" or "defenders"
    card: str
    before: int
    after: int
    loss: int
    best: List[str]
    mark: str
    # the single-dummy layer (None without it), see review(single_dummy=True)
    sd_loss: Optional[float] = None
    sd_best: Optional[List[str]] = None
    sd_mark: Optional[str] = None
    excused: Optional[bool] = None
    # under a time budget: the worlds the card was judged on (0: forced, or not judged when the
    # budget was spent, then sd_loss is None); sd_complete: judged on all its worlds
    sd_worlds: Optional[int] = None
    sd_complete: Optional[bool] = None
    # in a game played to a target, with the single-dummy layer: the player's chance of winning
    # the game after this card, and what it cost against the card that gave the most
    p_win: Optional[float] = None
    p_win_loss: Optional[float] = None

    def to_dict(self) -> Dict[str, Any]:
        d = {"i": self.i, "trick": self.trick, "seat": self.seat, "card": self.card, "before": self.before,
             "after": self.after, "loss": self.loss, "best": list(self.best), "mark": self.mark}
        if self.sd_loss is not None:
            d.update(sd_loss=round(self.sd_loss, 4), sd_best=list(self.sd_best or ()), sd_mark=self.sd_mark,
                     excused=self.excused)
        if self.sd_worlds is not None:
            d.update(sd_worlds=self.sd_worlds, sd_complete=self.sd_complete)
        if self.p_win is not None:
            d.update(sd_p_win=round(self.p_win, 4), sd_p_win_loss=round(self.p_win_loss or 0.0, 4))
        return d


@dataclass
class CallReview:
    """A call of a game's auction judged for the game (the single-dummy layer in a game played to
    a target): the caller's chance of winning the game with it, and its loss against the best."""

    i: int  # index in the deal's auction
    seat: int
    call: str
    p_win: float
    p_win_loss: float
    best: str  # the legal call with the highest chance

    def to_dict(self) -> Dict[str, Any]:
        return {"i": self.i, "seat": self.seat, "call": self.call, "sd_p_win": round(self.p_win, 4),
                "sd_p_win_loss": round(self.p_win_loss, 4), "sd_best": self.best}


@dataclass(frozen=True)
class DealResult:
    """How the deal went: tricks per seat so far, finished, made (None until finished), scores."""

    tricks: Tuple[int, int, int]
    finished: bool
    made: Optional[bool] = None
    scores: Optional[Tuple[int, int, int]] = None

    def to_dict(self) -> Dict[str, Any]:
        return {"tricks": list(self.tricks), "finished": self.finished, "made": self.made,
                "scores": None if self.scores is None else list(self.scores)}


@dataclass(frozen=True)
class BidReview:
    """The call against the highest contract the hand and the talon make double-dummy.

    ``verdict``: ``"exact"``, ``"over"``, ``"under"``, or ``"forced"`` for the opener's 5 that the
    hand does not make (the opener may not pass, so it is no overbid); ``meksiko``: tricks without the talon per
    Meksiko trump (``"N"`` without trump).
    """

    called: Contract
    max_bid: Union[Contract, int, None]
    verdict: str
    best_tricks: int
    best_trump: str
    meksiko: Mapping[str, int]

    def to_dict(self) -> Dict[str, Any]:
        return {"called": self.called, "max_bid": self.max_bid, "verdict": self.verdict,
                "best_tricks": self.best_tricks, "best_trump": self.best_trump, "meksiko": dict(self.meksiko)}


@dataclass(frozen=True)
class DiscardReview:
    """The declarer's discard against the best one for the chosen trump and the best overall."""

    chosen: Tuple[str, ...]
    tricks: int  # the declarer's double-dummy tricks after the chosen discard
    best_tricks: int  # ... after the best discard for the chosen trump
    best: Tuple[Tuple[str, str], ...]  # every optimal discard for the chosen trump
    best_trump: str
    best_trump_tricks: int
    loss: int
    mark: str

    def to_dict(self) -> Dict[str, Any]:
        return {"chosen": list(self.chosen), "tricks": self.tricks, "best_tricks": self.best_tricks,
                "best": [list(p) for p in self.best], "best_trump": self.best_trump,
                "best_trump_tricks": self.best_trump_tricks, "loss": self.loss, "mark": self.mark}


@dataclass(frozen=True)
class PlayValue:
    """The declarer's double-dummy value of the deal at the start of play and after the last card."""

    start: int
    end: int

    def to_dict(self) -> Dict[str, int]:
        return {"start": self.start, "end": self.end}


@dataclass
class PlayerReview:
    """One seat's summary: how many of its cards lost tricks, and how many tricks in all."""

    seat: int
    role: str  # "declarer" or "defender" (None before the auction is over)
    cards: int = 0
    mistakes: int = 0
    tricks_lost: int = 0
    # the single-dummy layer (None without it)
    sd_mistakes: Optional[int] = None  # cards with an sd_mark
    sd_tricks_lost: Optional[float] = None  # expected tricks lost, summed
    excused: Optional[int] = None  # double-dummy mistakes that were the best play on the seat's information

    def add(self, c: "CardReview") -> None:
        self.cards += 1
        self.mistakes += c.loss > 0
        self.tricks_lost += c.loss
        if c.sd_loss is not None:
            self.sd_mistakes = (self.sd_mistakes or 0) + bool(c.sd_mark)
            self.sd_tricks_lost = (self.sd_tricks_lost or 0.0) + c.sd_loss
            self.excused = (self.excused or 0) + bool(c.excused)

    def to_dict(self) -> Dict[str, Any]:
        d = {"seat": self.seat, "role": self.role, "cards": self.cards, "mistakes": self.mistakes,
             "tricks_lost": self.tricks_lost}
        if self.sd_mistakes is not None:
            d.update(sd_mistakes=self.sd_mistakes, sd_tricks_lost=round(self.sd_tricks_lost or 0.0, 4),
                     excused=self.excused)
        return d


@dataclass
class Review:
    """The review of one deal record (finished or not): see :func:`review`."""

    record: DealRecord
    declarer: Optional[int]
    contract: Optional[Contract]
    trump: Optional[str]  # "S" "H" "D" "C", "N" without trump, None while not named
    result: DealResult
    bid: Optional[BidReview]
    discard: Optional[DiscardReview]
    cards: List[CardReview] = field(default_factory=list)
    players: List[PlayerReview] = field(default_factory=list)
    value: Optional[PlayValue] = None
    nodes: int = 0
    # {"samples", "seed"} when the layer is on; under a time budget also "time_budget_ms" and
    # "complete" (every card of the deal judged on all its worlds)
    single_dummy: Optional[Dict[str, Any]] = None
    calls: List[CallReview] = field(default_factory=list)  # the auction judged for the game

    @property
    def phase(self) -> Phase:
        return self.record.phase

    @property
    def mistakes(self) -> List[CardReview]:
        """The cards that lost at least one trick, in order of play."""
        return [c for c in self.cards if c.loss > 0]

    def side_loss(self, side: str) -> int:
        """Tricks lost by the cards of one side (``"declarer"`` or ``"defenders"``)."""
        return sum(c.loss for c in self.cards if c.side == side)

    def to_dict(self) -> Dict[str, Any]:
        return {
            "declarer": self.declarer,
            "contract": self.contract,
            "trump": self.trump,
            "phase": self.phase,
            "result": self.result.to_dict(),
            "bid": None if self.bid is None else self.bid.to_dict(),
            "discard": None if self.discard is None else self.discard.to_dict(),
            "value": None if self.value is None else self.value.to_dict(),
            "cards": [c.to_dict() for c in self.cards],
            "players": [p.to_dict() for p in self.players],
            "single_dummy": None if self.single_dummy is None else dict(self.single_dummy),
            **({"calls": [c.to_dict() for c in self.calls]} if self.calls else {}),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def report(self) -> str:
        """A readable trick-by-trick account with the marks and the summary."""
        return "\n".join(_report_lines(self))

    __str__ = report


@dataclass
class GameReview:
    """The review of a whole game record, deal by deal."""

    record: GameRecord
    deals: List[Review]

    @property
    def players(self) -> List[PlayerReview]:
        """Each seat's mistakes and tricks lost over the whole game."""
        sd = next((r.single_dummy for r in self.deals if r.single_dummy is not None), None)
        total = [_player(s, None, sd) for s in range(3)]
        for r in self.deals:
            for c in r.cards:
                total[c.seat].add(c)
        return total

    @property
    def single_dummy(self) -> Optional[Dict[str, Any]]:
        """The layer's options over the whole game (None without it); under a time budget
        ``complete`` says whether every deal's layer is."""
        sds = [r.single_dummy for r in self.deals if r.single_dummy is not None]
        if not sds:
            return None
        out = dict(sds[0])
        if "complete" in out:
            out["complete"] = all(sd["complete"] for sd in sds)
        return out

    @property
    def costliest(self) -> List[Tuple[int, Union[CallReview, CardReview]]]:
        """(deal index, call or card) of the decisions that cost their player the most chance of
        winning the game (single-dummy, from what he could see): at most COSTLIEST, each losing at
        least P_WIN_MARK, the largest loss first (ties: the earlier deal, calls before cards)."""
        lost: List[Tuple[int, Union[CallReview, CardReview]]] = []
        for n, r in enumerate(self.deals):
            lost += [(n, c) for c in r.calls if c.p_win_loss >= P_WIN_MARK]
            lost += [(n, c) for c in r.cards if c.p_win_loss is not None and c.p_win_loss >= P_WIN_MARK]

        def order(nd: Tuple[int, Union[CallReview, CardReview]]) -> Tuple[float, int, int, int]:
            n, d = nd
            return (-(d.p_win_loss or 0.0), n, isinstance(d, CardReview), d.i)
        return sorted(lost, key=order)[:COSTLIEST]

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {
            "rules": self.record.rules,
            "mode": self.record.mode,
            "deals": [r.to_dict() for r in self.deals],
            "players": [{k: v for k, v in p.to_dict().items() if k != "role"} for p in self.players],
        }
        if any(r.calls or any(c.p_win is not None for c in r.cards) for r in self.deals):
            d["costliest"] = [{"deal": n, "i": x.i, "seat": x.seat,
                               **({"call": x.call} if isinstance(x, CallReview) else {"card": x.card}),
                               "p_win": round(x.p_win or 0.0, 4), "p_win_loss": round(x.p_win_loss or 0.0, 4)}
                              for n, x in self.costliest]
        sd = self.single_dummy
        if sd is not None and "complete" in sd:  # under a time budget: how far the layer got
            d["single_dummy"] = sd
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def report(self) -> str:
        lines = [f"Game review: {len(self.deals)} deal(s), {self.record.config.describe()}", ""]
        sd = self.single_dummy
        if sd is not None and sd.get("complete") is False:
            lines += [_incomplete_line(sd, [c for r in self.deals for c in r.cards]), ""]
        for n, r in enumerate(self.deals, 1):
            lines.append(f"=== Deal {n} ===")
            lines += _report_lines(r)
            lines.append("")
        costliest = self.costliest
        if costliest:
            lines.append("Costliest for the game (chance of winning it lost, single-dummy)")
            for n, x in costliest:
                what = (f"auction: seat {x.seat} called {x.call} ({x.best} was best)" if isinstance(x, CallReview)
                        else f"trick {x.trick}: seat {x.seat} played {x.card}")
                lines.append(f"  deal {n + 1}, {what}, {100 * (x.p_win_loss or 0.0):.1f} points of P(win) lost "
                             f"({100 * (x.p_win or 0.0):.1f}% after)")
            lines.append("")
        lines.append("Whole game")
        for p in self.players:
            lines.append(f"  seat {p.seat}: {_mistakes(p.mistakes)}, {_tricks(p.tricks_lost)} lost "
                         f"in {p.cards} card(s){_sd_summary(p)}")
        return "\n".join(lines)

    __str__ = report


# --- input --------------------------------------------------------------------------------------

def load_record(value: object) -> Union[DealRecord, GameRecord]:
    """A DealRecord or GameRecord from a record, its JSON object or its JSON text
    (an object with ``deals`` is a game); RecordError names the first bad item."""
    if isinstance(value, (DealRecord, GameRecord)):
        return value
    if isinstance(value, (str, bytes)):
        try:
            value = json.loads(value)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise RecordError(f"the record is not valid JSON: {exc}") from None
        except RecursionError:
            raise RecordError("the record is not valid JSON: it is nested too deeply") from None
    if isinstance(value, dict):
        return GameRecord.from_dict(value) if "deals" in value else DealRecord.from_dict(value)
    raise RecordError(f"review takes a deal or game record (or its JSON), not {type(value).__name__}")


# --- the review ---------------------------------------------------------------------------------

Checkpoint = Optional[Callable[[], None]]


def review(record: object, single_dummy: bool = False, samples: int = SD_SAMPLES, seed: int = 0,
           solver: Optional[Solver] = None, checkpoint: Checkpoint = None,
           time_budget_ms: Optional[float] = None) -> Union[Review, GameReview]:
    """Review a deal record (:class:`Review`) or a game record, deal by deal (:class:`GameReview`).

    ``record``: a :class:`DealRecord`, :class:`GameRecord`, or their JSON object or text.
    Finished or not: an unfinished record is reviewed as far as it goes. ``solver``: the
    Solver whose table is shared by every position of the review (default: this thread's).

    ``single_dummy=True`` adds the single-dummy layer: at each card with a choice, the hint
    engine (:func:`meksiko_solver.hints.play_hint`, ``samples`` worlds, seeded from ``seed``
    and the card's index) judges the card from what its player could see; see ``docs/review.md``.

    ``time_budget_ms``: the wall-clock time the whole review may take, from this call. The
    double-dummy layer is always done in full first (it is bounded by the record); the
    single-dummy layer then judges card after card, each card's hint getting an even share of the
    time left, at least ``SD_MIN_SHARE_MS`` (``time_budget_ms`` of :func:`~meksiko_solver.hints.play_hint`, which answers with
    the worlds solved by then). Cards reached after the budget is spent are not judged. Each card
    then says the worlds it was judged on (``sd_worlds``, ``sd_complete``) and each deal's
    ``single_dummy`` whether its layer is ``complete``. A budget that suffices (every share
    enough for its card) gives the same judgement as no budget.

    ``checkpoint``, if given, is called before each card is judged (and by the hint engine between
    its engine calls); it may raise to stop the review (the HTTP service stops work for a client
    that has gone).
    """
    budget = Budget(time_budget_ms)
    rec = load_record(record)
    sd = _single_dummy_options(single_dummy, samples, seed, budget)
    solver = solver if solver is not None else thread_solver()
    if isinstance(rec, GameRecord):
        deals, to_judge = [], []
        for i, deal in enumerate(rec.deals):
            try:
                r, cards = _review_deal(deal, solver, sd, checkpoint, _game_before(rec, i) if sd else None)
            except MeksikoError as exc:
                raise RecordError(f"deals[{i}]: {exc}") from None
            deals.append(r)
            to_judge += cards
        _single_dummy_layer(deals, to_judge, budget, checkpoint)
        if sd is not None:
            _judge_calls(rec, deals, sd, budget, checkpoint)
        return GameReview(rec, deals)
    out, to_judge = _review_deal(rec, solver, sd, checkpoint)
    _single_dummy_layer([out], to_judge, budget, checkpoint)
    return out


def review_deal(record: DealRecord, solver: Optional[Solver] = None, single_dummy: bool = False,
                samples: int = SD_SAMPLES, seed: int = 0, checkpoint: Checkpoint = None,
                time_budget_ms: Optional[float] = None) -> Review:
    """The review of one deal record (see :func:`review`)."""
    budget = Budget(time_budget_ms)
    sd = _single_dummy_options(single_dummy, samples, seed, budget)
    out, to_judge = _review_deal(record, solver if solver is not None else thread_solver(), sd, checkpoint)
    _single_dummy_layer([out], to_judge, budget, checkpoint)
    return out


def _player(seat: int, role: Optional[str], sd: Optional[Dict[str, int]]) -> PlayerReview:
    if sd is None:
        return PlayerReview(seat, role)  # type: ignore[arg-type]
    return PlayerReview(seat, role, sd_mistakes=0, sd_tricks_lost=0.0, excused=0)  # type: ignore[arg-type]


def _single_dummy_options(single_dummy: object, samples: object, seed: object,
                          budget: Budget) -> Optional[Dict[str, Any]]:
    if not isinstance(single_dummy, bool):
        raise OptionError(f"single_dummy must be true or false, not {shown(single_dummy)}")
    n, s = check_samples(samples), check_seed(seed)
    if not single_dummy:
        return None
    return {"samples": n, "seed": s} if budget.ms is None else {"samples": n, "seed": s, "time_budget_ms": budget.ms}


def _game_before(rec: GameRecord, i: int) -> Optional[GameState]:
    """The game state before deal ``i`` of a game played to a target (None: a game of a fixed
    number of deals, or totals no game state holds: a shared lead past the target, played on)."""
    config = rec.config
    if config.target is None:
        return None
    totals = rec.totals[i - 1] if i > 0 else (0, 0, 0)
    if max(totals) >= config.target:
        return None
    return GameState(totals, rec.deals[i].dealer, config.target, config.rules.name, config.mode.name)


def _review_deal(record: DealRecord, solver: Solver, sd: Optional[Dict[str, Any]],
                 checkpoint: Checkpoint = None, game: Optional[GameState] = None) -> Tuple[Review, List["_ToJudge"]]:
    """The double-dummy review of one deal, and (with the single-dummy layer) its cards still to
    judge single-dummy, in the game ``game`` if it is one; the players' totals are added once
    they are judged."""
    declarer, contract = record.declarer, record.contract
    won = record.tricks_won
    result = DealResult(won, record.finished)
    if record.finished:
        assert declarer is not None and contract is not None
        result = DealResult(won, True, won[declarer] >= contract.tricks_needed, record.scores)
    if record.phase == Phase.AUCTION:  # no declarer yet: nothing to judge
        return Review(record, None, None, None, result, None, None,
                      players=[_player(s, None, sd) for s in range(3)], single_dummy=_copy(sd)), []
    assert declarer is not None and contract is not None
    analysis = analyze_declarer(record.hands, record.talon, declarer, record.profile, solver=solver)
    forced = declarer == (record.dealer + 1) % 3 and contract.rank == Contract.parse("5").rank
    bid = _bid(contract, analysis, forced)
    players = [_player(s, "declarer" if s == declarer else "defender", sd) for s in range(3)]
    trump = trump_name(record.trump)
    if record.phase == Phase.DECLARE:
        return Review(record, declarer, contract, None, result, bid, None, players=players, nodes=analysis.nodes,
                      single_dummy=_copy(sd)), []

    cards, nodes, start, views = _review_cards(record, solver, checkpoint, want_views=sd is not None)
    value = PlayValue(start, cards[-1].after if cards else start)
    discard = None
    if contract != MEKSIKO:
        assert trump is not None
        entry = analysis.with_talon[trump]
        best = analysis.best
        loss = entry["tricks"] - start
        discard = DiscardReview(tuple(str(c) for c in record.discard), start, entry["tricks"],
                                tuple((p[0], p[1]) for p in entry["discards"]), best["trump"], best["tricks"],
                                loss, mark_for(loss))
    out = Review(record, declarer, contract, trump, result, bid, discard, cards, players, value,
                 nodes + analysis.nodes, _copy(sd))
    if sd is None:
        return out, []
    if game is not None:  # the players' views show the game's totals before the deal
        views = [None if v is None else replace(v, totals=game.scores) for v in views]
    return out, [_ToJudge(out, c, v, game) for c, v in zip(cards, views)]


def _copy(sd: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    return None if sd is None else dict(sd)


def _bid(contract: Contract, analysis: DeclarerAnalysis, forced: bool = False) -> BidReview:
    """The call against the highest contract the hand and the talon make double-dummy; ``forced``:
    the contract is the opener's obligatory 5 (the others passed), so calling it is no overbid."""
    max_bid = analysis.max_bid
    called = contract.rank
    could = 0 if max_bid is None else Contract.parse(max_bid).rank
    verdict = "exact" if called == could else "over" if called > could else "under"
    if verdict == "over" and forced:
        verdict = "forced"
    best = analysis.best
    return BidReview(contract, max_bid, verdict, best["tricks"], best["trump"], dict(analysis.meksiko))


def _review_cards(record: DealRecord, solver: Solver, checkpoint: Checkpoint = None,
                  want_views: bool = False) -> Tuple[List[CardReview], int, int, List[Optional[SeatView]]]:
    """(card reviews, search nodes, the declarer's value before the first card, and with
    ``want_views`` the view of each card's player before it, None for a forced card)."""
    state = DealState(record.hands, record.talon, record.dealer, record.profile, record.scoring)
    for call in record.auction:
        state.call(call)
    if state.phase == Phase.DECLARE:
        state.declare(record.discard, record.trump)
    declarer = state.declarer
    assert declarer is not None
    trump = Suit.NO_TRUMP if state.trump is None else state.trump
    out: List[CardReview] = []
    views: List[Optional[SeatView]] = []
    nodes = 0
    value: Optional[int] = None  # the declarer's whole-deal value now
    for i, card in enumerate(record.play):
        if checkpoint is not None:
            checkpoint()
        seat = state.to_move
        assert seat is not None
        trick_cards = state.trick_cards
        legal = state.legal_cards()
        name = str(card)
        if value is not None and len(legal) == 1:  # a forced card keeps the value
            before = after = value
            best = [name]
        else:
            assert state.leader is not None
            pos = Position(tuple(Hand(state.hand(s)) for s in range(3)), trump, declarer, state.leader,
                           trick_cards)
            res = solver.solve_position(pos, card_values=True, line=False)
            nodes += res.nodes
            base = state.tricks_won[declarer]
            before = base + res.tricks
            after = base + res.card_tricks[name]
            best = res.best_cards
        if value is None:
            value = before
        side = DECLARER_SIDE if seat == declarer else DEFENDERS_SIDE
        loss = before - after if side == DECLARER_SIDE else after - before
        review_ = CardReview(i, len(state.tricks) + 1, seat, side, name, before, after, loss, best, mark_for(loss))
        if want_views:
            views.append(state.view(seat) if len(legal) > 1 else None)
        out.append(review_)
        state.play(card)
        value = after
    if value is None:  # nothing played yet: the value of the opening position
        pos = Position(tuple(Hand(state.hand(s)) for s in range(3)), trump, declarer, declarer, ())
        res = solver.solve_position(pos, card_values=False, line=False)
        nodes += res.nodes
        value = res.tricks
    start = out[0].before if out else value
    return out, nodes, start, views


@dataclass(frozen=True)
class _ToJudge:
    """A card for the single-dummy layer: its deal's review, the card, its player's view (None: forced)."""

    deal: Review
    card: CardReview
    view: Optional[SeatView]
    game: Optional[GameState] = None  # the game before the deal, if it is played to a target


def _single_dummy_layer(deals: List[Review], cards: List[_ToJudge], budget: Budget,
                        checkpoint: Checkpoint = None) -> None:
    """Judge ``cards`` single-dummy (none without the layer), then add every card of ``deals``
    to its player's totals and say, under a budget, whether each deal's layer is complete.

    Under a budget each card with a choice gets an even share of the time left, but at least
    SD_MIN_SHARE_MS; once the time is spent the rest are not judged (``sd_worlds`` 0, no
    ``sd_loss``)."""
    timed = budget.ms is not None
    choices = sum(t.view is not None for t in cards)  # cards with a choice still to judge
    for t in cards:
        c = t.card
        if t.view is None:  # a forced card loses nothing
            c.sd_loss, c.sd_best, c.sd_mark, c.excused = 0.0, [c.card], "", False
            if timed:
                c.sd_worlds, c.sd_complete = 0, True
            continue
        if checkpoint is not None:
            checkpoint()
        left = 1000.0 * budget.remaining()
        share = max(left / choices, min(left, SD_MIN_SHARE_MS))
        choices -= 1
        if share <= 0:
            c.sd_worlds, c.sd_complete = 0, False
            continue
        _judge_single_dummy(c, t.view, t.deal.single_dummy, None if share == float("inf") else share,  # type: ignore[arg-type]
                            checkpoint, timed, t.game)
    for r in deals:
        for c in r.cards:
            r.players[c.seat].add(c)
        if timed and r.single_dummy is not None:
            r.single_dummy["complete"] = all(c.sd_complete for c in r.cards)


def _judge_single_dummy(c: CardReview, view: SeatView, sd: Dict[str, Any], share_ms: Optional[float],
                        checkpoint: Checkpoint = None, timed: bool = False, game: Optional[GameState] = None) -> None:
    """Fill ``c``'s single-dummy fields from the hint engine at the view of the seat that played it
    (within ``share_ms``, None: no limit).

    The hint gives, per legal card, the declarer's expected tricks for the deal over the worlds
    consistent with what the seat had seen; the card's expected loss is its distance from the
    best of them for the seat's side. In a game (``game``), the hint also gives each card's chance
    of winning the game for the seat (:mod:`.hints.match`): the card's ``p_win`` and its
    ``p_win_loss`` against the best card's.
    """
    from .hints.play import play_hint  # the hints build on this module's package: imported when first used

    hint = play_hint(view, samples=sd["samples"], seed=sd["seed"] * 1000003 + c.i, time_budget_ms=share_ms,
                     checkpoint=checkpoint, game=game)
    if timed:
        c.sd_worlds, c.sd_complete = hint.worlds, not hint.budget_ran_out
    expected = {str(o.card): o.tricks for o in hint.options}
    sign = 1 if c.side == DECLARER_SIDE else -1  # the side's preference: more (declarer) or fewer tricks
    top = max(sign * v for v in expected.values())
    c.sd_loss = max(0.0, top - sign * expected[c.card])
    if c.sd_loss < SD_TIE:
        c.sd_loss = 0.0
    order = sorted(expected, key=lambda k: Card(k))
    c.sd_best = [k for k in order if top - sign * expected[k] < SD_TIE]
    c.sd_mark = sd_mark_for(c.sd_loss)
    c.excused = c.loss > 0 and c.sd_loss < SD_EXCUSE
    if game is not None:
        chances = {str(o.card): o.p_win or 0.0 for o in hint.options}
        c.p_win = chances[c.card]
        c.p_win_loss = max(0.0, max(chances.values()) - c.p_win)


def _judge_calls(rec: GameRecord, deals: List[Review], sd: Dict[str, Any], budget: Budget,
                 checkpoint: Checkpoint = None) -> None:
    """Judge every call with a choice of a game played to a target by the bid hint playing for the
    game (after the cards, with what is left of a time budget: a call reached once it is spent is
    not judged). Seeds: ``seed * 1000003 + 1000 + i`` at call ``i``."""
    from .hints.bid import bid_hint  # the hints build on this module's package: imported when first used

    todo = []
    for n, deal in enumerate(rec.deals):
        game = _game_before(rec, n)
        if game is None:
            continue
        state = DealState(deal.hands, deal.talon, deal.dealer, deal.profile, deal.scoring)
        for i, call in enumerate(deal.auction):
            seat = state.to_move
            assert seat is not None
            view = state.view(seat, game.scores)
            if len(view.legal_calls) > 1:
                todo.append((deals[n], i, seat, str(call), view, game))
            state.call(call)
    timed = budget.ms is not None
    for k, (r, i, seat, call, view, game) in enumerate(todo):
        if checkpoint is not None:
            checkpoint()
        left = 1000.0 * budget.remaining()
        if timed and left <= 0:
            if r.single_dummy is not None:
                r.single_dummy["complete"] = False
            continue
        share = None if not timed else max(left / (len(todo) - k), min(left, SD_MIN_SHARE_MS))
        hint = bid_hint(view, samples=sd["samples"], seed=sd["seed"] * 1000003 + 1000 + i, time_budget_ms=share,
                        checkpoint=checkpoint, game=game)
        chances = {str(o.call): o.p_win or 0.0 for o in hint.options if o.legal}
        best = max(chances, key=lambda c: chances[c])
        r.calls.append(CallReview(i, seat, call, chances[call], max(0.0, chances[best] - chances[call]), best))
        if timed and hint.budget_ran_out and r.single_dummy is not None:
            r.single_dummy["complete"] = False


def sd_mark_for(expected_loss: float) -> str:
    """The single-dummy mark of an expected loss: ``""`` under half a trick, ``"?"`` under one and a
    half, else ``"??"``."""
    return "" if expected_loss < 0.5 else "?" if expected_loss < 1.5 else "??"


# --- text ---------------------------------------------------------------------------------------

def _tricks(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


def _mistakes(n: int) -> str:
    return f"{n} mistake" + ("" if n == 1 else "s")


def _contract_name(contract: str) -> str:
    return "Meksiko" if contract == MEKSIKO else contract


def _bid_name(value: object) -> str:
    return "nothing (under 5 tricks)" if value is None else _contract_name(str(value))


def _shown_mark(c: CardReview) -> str:
    """The mark printed for a card: the double-dummy mark, ``(?)`` when excused, ``?!`` when it lost
    nothing double-dummy but was a single-dummy mistake."""
    if c.loss and c.excused:
        return f"({c.mark})"
    if not c.loss and c.sd_mark:
        return "?!"
    return c.mark


def _incomplete_line(sd: Dict[str, Any], cards: List[CardReview]) -> str:
    """What a single-dummy layer cut short by its time budget did."""
    worlds = [c.sd_worlds for c in cards if c.sd_worlds]
    span = f"{min(worlds)} to {max(worlds)} worlds a judged card" if worlds else "no card judged"
    return (f"the time budget of {sd['time_budget_ms']:g} ms ran out: the single-dummy layer is incomplete "
            f"({sum(not c.sd_complete for c in cards)} of {len(cards)} card(s) judged on fewer worlds or "
            f"not at all; {span} of {sd['samples']} asked)")


def _sd_summary(p: PlayerReview) -> str:
    if p.sd_mistakes is None:
        return ""
    return (f"; single-dummy {_mistakes(p.sd_mistakes)}, {p.sd_tricks_lost or 0.0:.2f} expected tricks lost, "
            f"{p.excused} excused")


def _report_lines(r: Review) -> List[str]:
    rec = r.record
    lines: List[str] = []
    if r.declarer is None:
        lines.append(f"Dealer seat {rec.dealer}; the auction is not over "
                     f"({', '.join(rec.auction) or 'no calls yet'}): nothing to review.")
        return lines
    if r.trump is None:
        trump = "trump not named yet" if r.phase == Phase.DECLARE else "no trump"
    else:
        suit = Suit.parse(r.trump)
        trump = f"trump {SUIT_NAMES[suit]}" if suit.is_suit else "no trump"
    lines.append(f"Seat {r.declarer} declares {_contract_name(r.contract)}, {trump} "  # type: ignore[arg-type]
                 f"({rec.rules}, {rec.mode}); dealer seat {rec.dealer}")
    for seat, hand in enumerate(rec.hands):
        lines.append(f"  seat {seat}: {Hand(hand)}")
    lines.append(f"  talon:  {' '.join(map(str, rec.talon))}")
    res = r.result
    tricks = "-".join(map(str, res.tricks))
    if res.finished:
        made = "made" if res.made else "down"
        scores = "  ".join(f"{s:+d}" for s in res.scores or ())
        lines.append(f"Result: tricks {tricks} (seats 0-1-2), contract {made}; scores {scores}")
    else:
        lines.append(f"Result: unfinished after {len(rec.play)} card(s); tricks so far {tricks}")
    b = r.bid
    assert b is not None
    gap = {"exact": "the right call", "over": "an overbid", "under": "an underbid",
           "forced": "the opener's forced bid (the opener may not pass)"}[b.verdict]
    lines.append(f"Bid: called {_contract_name(b.called)}; double-dummy the hand makes "
                 f"{_bid_name(b.max_bid)} (best {_tricks(b.best_tricks)} with trump {b.best_trump}"
                 f" and the talon): {gap}")
    d = r.discard
    if d is not None:
        best = ", ".join(" ".join(p) for p in d.best[:4]) + (f" (+{len(d.best) - 4} more)"
                                                           if len(d.best) > 4 else "")
        lines.append(f"Discard: {' '.join(d.chosen)}{d.mark} keeps {_tricks(d.tricks)} with trump "
                     f"{r.trump}; the best discard for {r.trump} keeps {d.best_tricks} ({best}); "
                     f"the best trump is {d.best_trump} with {d.best_trump_tricks}")
    elif r.contract == MEKSIKO:
        lines.append("Discard: none on Meksiko (the talon stays out of play)")
    if r.phase == Phase.DECLARE:
        lines.append("The declarer has not discarded and named trump yet: no cards to review.")
        return lines
    if r.value is not None:
        lines.append(f"Declarer's double-dummy tricks at the start of play: {r.value.start}")
    lines.append("")
    sd = r.single_dummy is not None
    lines.append("trick  cards (seat:card, ? loses a trick, ?? two or more)   won by   declarer DD")
    if sd:
        lines.append(f"       single-dummy layer, {r.single_dummy['samples']} worlds a card: (?) a double-dummy "  # type: ignore[index]
                     "mistake that was the best play on the player's information (excused);")
        lines.append("       ?! a card that lost nothing double-dummy but was a mistake on the player's information")
        if r.single_dummy.get("complete") is False:  # type: ignore[union-attr]
            lines.append("       " + _incomplete_line(r.single_dummy, r.cards))  # type: ignore[arg-type]
    by_trick: Dict[int, List[CardReview]] = {}
    for c in r.cards:
        by_trick.setdefault(c.trick, []).append(c)
    tricks_list = rec.tricks
    width = 50 if sd else 44
    for n, cs in sorted(by_trick.items()):
        winner = tricks_list[n - 1].winner
        cells = "  ".join(f"{c.seat}:{c.card}{_shown_mark(c):<{4 if sd else 2}}" for c in cs)
        won = "-" if winner is None else f"seat {winner}"
        lines.append(f"{n:>5}  {cells:<{width}} {won:>7}   {cs[0].before:>2} -> {cs[-1].after:<2}")
        for c in cs:
            role = "declarer" if c.side == DECLARER_SIDE else "defender"
            sd_text = ""
            if c.sd_loss is not None:
                sd_text = (f"; single-dummy expected loss {c.sd_loss:.2f} (best {' '.join(c.sd_best or ())})"
                           + (": excused" if c.excused else ""))
            if c.loss:
                lines.append(f"       {c.card}{_shown_mark(c)} by seat {c.seat} ({role}) cost {_tricks(c.loss)} "
                             f"({c.before} -> {c.after}); best: {' '.join(c.best)}{sd_text}")
            elif c.sd_mark:
                lines.append(f"       {c.card}{_shown_mark(c)} by seat {c.seat} ({role}) lost nothing double-dummy"
                             f"{sd_text}")
    lines.append("")
    lines.append("Players")
    for p in r.players:
        lines.append(f"  seat {p.seat} {p.role:<8}  {_mistakes(p.mistakes):<12} {_tricks(p.tricks_lost)} lost "
                     f"in {p.cards} card(s){_sd_summary(p)}")
    if r.value is not None and r.cards:
        lines.append(f"Declarer's double-dummy tricks: {r.value.start} at the start, {r.value.end} at the end "
                     f"(declarer lost {r.side_loss(DECLARER_SIDE)}, defenders lost {r.side_loss(DEFENDERS_SIDE)})")
    return lines


__all__ = ["BidReview", "CardReview", "DealResult", "DiscardReview", "GameReview", "PlayValue", "PlayerReview", "Review", "load_record", "mark_for", "review", "review_deal",
           "sd_mark_for"]
