"""The bid hint: what to call, from the bidder's own ten cards.

Each sampled world (the other two hands and the face-down talon) gets the double-dummy best
declaration of the bidding seat (``engine.best_declaration_batch``, every core, GIL released):
the most tricks over the four trumps and every discard, exactly (a search that only asks
each discard whether it beats the best so far, over all trumps at once), and whether Meksiko
(all ten tricks without the talon: with a named trump under ``mexico-club``, without trump
under ``classic``) makes. Meksiko can only make where the best with the talon is 10
(discarding the talon itself is one of the discards tried), so it is solved only in the few
worlds where the best reaches 10.

Per contract c (5..10): ``make`` = the share of worlds with at least c tricks; ``score`` = the
expected deal score of the seat as declarer (the tricks when made, ``-fail_factor * c``
when not; with ``totals``, the change of its running total). Meksiko alike (20 / -20 x factor).

Without strategy fusion (the default; ``per_world_declaration=False``): the declarer chooses
the discard and trump once per talon (:mod:`.declaration`), which costs him against the per-world
best. Each numeric contract's ``make`` and ``score`` are the per-world best on the hint's worlds
(many talons) minus that *fusion gap*, measured on a second draw of as many worlds in talon
groups: the gap is a difference within each talon, so it varies far less from talon to talon
than the contract's chance itself, and a few talons measure it well, whereas judging the
contract on the grouped worlds alone would see only a quarter as many talons (the talon is a
bidder's biggest unknown; the calls near the threshold were then the seed's). The result is
clamped to [0, the per-world best] (the chosen declaration never beats the best one in a world).

Passing: the seat becomes a defender. The estimate assumes the likeliest declarer (the
current high bidder, else the next seat still in the auction) plays the current contract (5 if
none) with his double-dummy best discard and trump in that world (``best_pass_declaration``;
off, his longest suit as trump after discarding his two least useful cards, the rule of thumb of
:mod:`.heuristics`); one double-dummy solve per world with an optimal line gives the declarer's
tricks and, along that line, the seat's own tricks, which are scored as a defender's under the
profile. The estimate is the average over the worlds.

The call: the legal call with the highest expected score (NEXT valued at the pass estimate;
ties go to the lower call). Raising pays only while its expected score beats passing, and a
higher numeric bid never scores more in expectation than a lower one (same tricks when made,
a bigger loss when not), so the call is the lowest legal bid, Meksiko, or NEXT; the opener,
who may not pass, bids anyway. ``max_bid``: the highest contract whose expected score beats
the pass estimate (how far to compete), or None.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from .. import engine
from ..auction import CONTRACTS, MEKSIKO, NEXT, Auction, Contract, contract_rank
from ..errors import MeksikoError
from ..cards import Card, Suit, cards_to_mask
from ..play import tricks_along
from ..deal import Phase
from ..options import check_flag
from .common import DEFAULT_SAMPLES, HintResult, rnd, settle, start
from .batch import TT_BYTES, check, solve_worlds
from .calibration import METHOD as CALIBRATION, fitted
from .heuristics import best_suit, simple_declare
from .declaration import UPPER_BOUND, ChosenDeclarations, chosen_declarations as _chosen_declarations, talon_groups
from .match import WinChances, game_for_view
from .outcome import ContractJudge, Scorer
from .overcalls import Defence, defended, next_contract, overcall_chances
from .play_noise import contract_judge, shifts_if
from .weights import WeightMode, draw, weighted_frame

_PASS_METHOD = ("defender against the likeliest declarer (high bidder, else the next seat in the auction) "
                "playing the current contract with {}; declarer's tricks and the seat's share along one "
                "optimal line, double-dummy, averaged over the worlds")
PASS_METHOD = _PASS_METHOD.format("his double-dummy best discard and trump")
PASS_METHOD_RULE_OF_THUMB = _PASS_METHOD.format("his longest suit as trump and his two least useful cards discarded")


@dataclass
class BidOption:
    call: str
    make: Optional[float]  # probability of making (None for NEXT)
    score: float  # expected score change of the seat
    legal: bool
    p_win: Optional[float] = None  # the seat's chance of winning the game (given the game)
    call_score: Optional[float] = None  # the bid's expected score, the others' overcalls foreseen

    def to_dict(self) -> Dict[str, Any]:
        out = {"call": self.call, "make": None if self.make is None else rnd(self.make),
               "score": rnd(self.score), "legal": self.legal}
        if self.p_win is not None:
            out["p_win"] = rnd(self.p_win)
        if self.call_score is not None:
            out["call_score"] = rnd(self.call_score)
        return out


@dataclass
class BidHint(HintResult):
    """``call``: the recommendation; ``options``: 5..10, M and NEXT; ``max_bid``: how far to compete."""

    call: str = ""
    max_bid: Optional[str] = None
    options: List[BidOption] = field(default_factory=list)
    tricks: float = 0.0  # expected best tricks with the talon (double-dummy)
    pass_estimate: Dict[str, Any] = field(default_factory=dict)
    predictions: Dict[str, float] = field(default_factory=dict)  # contract -> probability of making
    declaration: str = "per-world"  # "per-talon" (no strategy fusion) or "per-world"
    upper_bound: Dict[str, Any] = field(default_factory=dict)  # per-world best: make/score per contract
    calibration: Dict[str, Any] = field(default_factory=dict)  # the double-dummy figures before calibration

    def to_dict(self) -> Dict[str, Any]:
        out = {"hint": "bid", **self.frame(), **self.weighting, "call": self.call, "max_bid": self.max_bid,
               "tricks": rnd(self.tricks), "declaration": self.declaration,
               "options": [o.to_dict() for o in self.options],
               "pass": {**self.pass_estimate, "score": rnd(self.pass_estimate["score"]),
                        **({"p_win": rnd(self.pass_estimate["p_win"])} if "p_win" in self.pass_estimate else {})}}
        if self.upper_bound:
            out["double_dummy_upper_bound"] = self.upper_bound
        if self.calibration:
            out["calibration"] = self.calibration
        return out


def bid_hint(view: object, samples: int = DEFAULT_SAMPLES, seed: int = 0,
             time_budget_ms: Optional[float] = None, inference: bool = True,
             per_world_declaration: bool = False, calibrate: bool = False,
             checkpoint: Optional[Callable[[], None]] = None, models: str = "current",
             game: object = None, best_pass_declaration: bool = True, play_noise: bool = True,
             overcalls: bool = False) -> BidHint:
    """The bid hint for the seat to call in ``view`` (a View, dict, JSON text or SeatView).

    ``inference=False``: uniform worlds. ``per_world_declaration=True``: each contract is judged
    with the declaration best in each world (the double-dummy upper bound, the engine before
    issue 13) instead of the one chosen per sampled talon. ``calibrate=True`` (with the per-talon
    declaration): the chances, scores and pass estimate mapped to played results
    (:mod:`.calibration`; off by default: it lost points in duplicate, see docs/hints.md).
    ``models``: the model set that weighs the worlds (``"v1"``: the frozen ``hint-v1``'s).
    ``game``: the game state before this deal (GameState, dict or JSON): every call also gets the
    chance of winning the game (``p_win``, :mod:`.match`), and the recommendation is the call that
    maximises it (ties: the higher expected score, then the lower call). ``best_pass_declaration``
    (on by default): in the pass estimate the likeliest declarer discards and names trump as is
    double-dummy best in each world; off, by the rule of thumb. ``play_noise`` (on by default):
    each numeric contract's chance and score are taken over the tricks the declarer would take in
    play, the double-dummy tricks shifted by the model set's distribution of played minus
    double-dummy (:mod:`.play_noise`; a model set without one, as ``v1``, and the chance of winning
    a game, with ``game``, stay double-dummy). ``overcalls``: each bid's ``call_score`` foresees
    the other seats bidding on (:mod:`.overcalls`), and the call is chosen by it."""
    v, worlds, budget = start(view, samples, seed, time_budget_ms, checkpoint)
    state = game_for_view(game, v)
    check_flag(inference, "inference")
    check_flag(per_world_declaration, "per_world_declaration")
    check_flag(calibrate, "calibrate")
    check_flag(best_pass_declaration, "best_pass_declaration")
    check_flag(overcalls, "overcalls")
    noise = shifts_if(play_noise, models)
    if v.phase != Phase.AUCTION:
        raise MeksikoError(f"no call to make: the auction is over (the deal is in the {v.phase} phase)")
    if v.to_move != v.seat:
        raise MeksikoError(f"it is seat {v.to_move}'s turn to call, not seat {v.seat}'s")
    seat, layout = v.seat, worlds.layout
    profile = v.profile
    weighted = draw(v, worlds, seed, budget, inference, models=models)
    solved = _best_declarations(v, worlds, seed, budget.fraction(0.9 if per_world_declaration else 0.45), weighted)
    weight = [weighted.of(w) for w, _ in solved]
    gap: Optional[_FusionGap] = None
    if not per_world_declaration:
        gap = _fusion_gap(v, worlds, seed, budget, inference, models)

    # The opponent who would declare if this seat passes, and the contract he would play.
    auction = Auction(v.dealer, profile, v.auction)
    if auction.high_bidder is not None:
        opponent, their_contract = auction.high_bidder, auction.high_bid
        assert their_contract is not None  # a high bidder has a high bid
    else:
        opponent = next(s for s in ((seat + 1) % 3, (seat + 2) % 3) if s not in auction.passed)
        their_contract = Contract.FIVE

    extra: List[Tuple[int, str, int]] = []  # (world index, kind, trump) for one solve_many call
    positions: List[engine.PositionTuple] = []
    best_tricks: List[int] = []
    meksiko_made: List[bool] = []
    meksiko_trumps = range(4) if profile.meksiko_trump else [Suit.NO_TRUMP]
    deals = [v.world_deal(layout, world) for world, _ in solved]
    their_best = (_their_declarations(deals, opponent)
                  if best_pass_declaration and their_contract != MEKSIKO else None)
    for i, ((_, best), deal) in enumerate(zip(solved, deals)):
        hands = deal["hands"]
        best_tricks.append(best)
        meksiko_made.append(False)
        if best == 10:
            for t in meksiko_trumps:
                extra.append((i, "M", t))
                positions.append((hands, t, seat, seat, []))
        their = list(hands)
        if their_contract == MEKSIKO:
            # (classic, after Meksiko only NEXT is legal) without the talon, as he would play it
            trump = Suit.NO_TRUMP if not profile.meksiko_trump else best_suit(hands[opponent])
        else:
            twelve = hands[opponent] | deal["talon"]
            discard, trump = simple_declare(twelve) if their_best is None else their_best[i]
            their[opponent] = twelve & ~discard
        extra.append((i, "P", trump))
        positions.append((their, trump, opponent, opponent, []))
    raws = engine.solve_batch(positions, False, True, 0, TT_BYTES) if positions else []
    check(raws)
    pass_scorer = Scorer(v.profile, v.scoring, seat, their_contract, opponent, v.totals)
    pass_win = None if state is None else WinChances(state, seat, their_contract, opponent)
    pass_total = pass_p_win = 0.0
    their_tricks, own_share = [0] * len(solved), [0] * len(solved)
    meksiko_by_trump = [[False] * len(solved) for _ in range(5)]
    for (i, kind, trump), raw in zip(extra, raws):
        if kind == "M":
            meksiko_made[i] = meksiko_made[i] or raw.tricks == 10
            meksiko_by_trump[trump][i] = raw.tricks == 10
        else:
            won = tricks_along([Card(c) for c in raw.line], opponent, trump)
            their_tricks[i], own_share[i] = raw.tricks, won[seat]
            pass_total += weight[i] * pass_scorer.score(raw.tricks, won[seat])
            if pass_win is not None:
                pass_p_win += weight[i] * pass_win.score(raw.tricks, won[seat])

    n = sum(weight)
    cal = fitted() if calibrate and not per_world_declaration else None
    double_dummy: Dict[str, Dict[str, float]] = {}  # the figures before calibration
    options: List[BidOption] = []
    predictions: Dict[str, float] = {}
    upper: Dict[str, Any] = {}
    legal = set(v.legal_calls)
    defences: Dict[int, Defence] = {}
    if overcalls and their_contract != MEKSIKO:
        defences[opponent] = Defence(their_tricks, own_share)
        other = 3 - seat - opponent
        if other not in auction.passed:
            defences[other] = _defence(deals, other, seat, best_pass_declaration)
    for contract in CONTRACTS:
        scorer = Scorer(v.profile, v.scoring, seat, contract, seat, v.totals)
        judge = contract_judge(scorer, noise)
        if contract == MEKSIKO:
            made = sum(w for w, m in zip(weight, meksiko_made) if m)
            score = sum(w * scorer.score(10 if m else 0) for w, m in zip(weight, meksiko_made))
        else:
            made = sum(w * scorer.makes(t) for w, t in zip(weight, best_tricks))
            score = sum(w * scorer.score(t) for w, t in zip(weight, best_tricks))
        upper[contract] = {"make": rnd(made / n), "score": rnd(score / n)}
        if judge is not scorer:  # over the tricks in play
            made = sum(w * judge.makes(t) for w, t in zip(weight, best_tricks))
            score = sum(w * judge.score(t) for w, t in zip(weight, best_tricks))
        made, score = made / n, score / n
        if gap is not None:  # the declaration chosen before the play, not per world
            if contract == MEKSIKO:  # one trump for every layout (mexico-club), or none (classic)
                made, score = max(((sum(w for w, m in zip(weight, row) if m) / n,
                                    sum(w * scorer.score(10 if m else 0) for w, m in zip(weight, row)) / n)
                                   for row in (meksiko_by_trump[t] for t in meksiko_trumps)),
                                  key=lambda ms: (ms[1], ms[0]))
            else:
                made_gap, score_gap = gap.contract(judge)
                made = min(max(made - made_gap, 0.0), made)
                score = min(max(score - score_gap, float(scorer.score(0))), score)
        if cal is not None and contract != MEKSIKO:
            double_dummy[contract] = {"make": rnd(made), "score": rnd(score)}
            p, made = made, cal.make(made)
            score = cal.score(p, score, made, float(scorer.score(0)), float(scorer.score(scorer.needed)))
        predictions[contract] = settle(made)
        meksiko_rows = [meksiko_made] if gap is None else [meksiko_by_trump[t] for t in meksiko_trumps]
        p_win = None if state is None else settle(_chance_of_winning(state, seat, contract, weight, best_tricks,
                                                                      meksiko_rows, gap))
        call_score = None
        if defences and contract != MEKSIKO and contract in legal:
            score_gap = 0.0 if gap is None else gap.contract(judge)[1]
            call_score = settle(score + _overcalls_value(v, auction, contract, deals, defences, weight, best_tricks,
                                                         judge, score_gap, models))
        options.append(BidOption(contract, settle(made), settle(score), contract in legal, p_win, call_score))
    pass_score = settle(pass_total / n)
    if cal is not None:
        double_dummy[NEXT] = {"score": rnd(pass_score)}
        pass_score = settle(cal.passing(pass_score))
    pass_chance = None if state is None else settle(pass_p_win / n)
    options.append(BidOption(NEXT, None, pass_score, NEXT in legal, pass_chance))

    by_call = {o.call: o for o in options}
    order = [NEXT] + list(CONTRACTS)  # ties go to the lower call

    def value(c: str) -> Tuple[float, ...]:  # the chance of winning the game first, given the game
        o = by_call[c]
        score = o.score if o.call_score is None else o.call_score
        return (score,) if o.p_win is None else (o.p_win, score)

    choice = max((c for c in order if c in legal), key=lambda c: value(c) + (-order.index(c),))
    worth = [c for c in CONTRACTS if value(c) > value(NEXT)]
    max_bid = max(worth, key=contract_rank) if worth else None
    upper_tricks = sum(w * t for w, t in zip(weight, best_tricks)) / n
    tricks = settle(upper_tricks if gap is None else max(upper_tricks - gap.tricks(), 0.0))
    return BidHint(seat=seat, worlds=len(solved), samples=worlds.requested, seed=seed, consistent=worlds.count,
                   elapsed=budget.elapsed(), call=str(choice), max_bid=None if max_bid is None else str(max_bid),
                   options=options,
                   tricks=tricks,
                   pass_estimate={"score": pass_score, "declarer": opponent, "contract": their_contract,
                                  "method": PASS_METHOD if best_pass_declaration else PASS_METHOD_RULE_OF_THUMB,
                                  **({} if pass_chance is None else {"p_win": pass_chance})},
                   predictions=predictions,
                   declaration="per-world" if gap is None else "per-talon",
                   upper_bound={} if gap is None else {
                       "method": UPPER_BOUND, "tricks": rnd(upper_tricks), "options": upper,
                       "fusion_gap_worlds": gap.worlds},
                   calibration={} if cal is None else {"method": CALIBRATION, "double_dummy": double_dummy},
                   weighted=weighted, weighting=weighted_frame(weighted, [w for w, _ in solved], inference),
                   game=state)


def _chance_of_winning(state, seat: int, contract: Contract, weight: List[float], best_tricks: List[int],
                       meksiko_rows: List[List[bool]], gap: Optional["_FusionGap"]) -> float:
    """The seat's chance of winning the game if it declares ``contract``: averaged over the worlds
    as the expected score is (Meksiko made or not per world in each row, the best row taken: one
    trump for every layout, or the per-world best; a numeric contract less its fusion gap,
    measured in the chance of winning)."""
    win = WinChances(state, seat, contract, seat)
    n = sum(weight)
    if contract == MEKSIKO:
        return max(sum(w * win.score(10 if m else 0) for w, m in zip(weight, row)) / n for row in meksiko_rows)
    p = sum(w * win.score(t) for w, t in zip(weight, best_tricks)) / n
    if gap is not None:
        _, p_gap = gap.contract(win)
        p = min(max(p - p_gap, 0.0), p)
    return p


@dataclass
class _FusionGap:
    """What the declaration chosen per talon loses against the per-world best, measured in talon
    groups (:mod:`.declaration`): per contract, the weighted mean over the groups' worlds of
    (per-world best) - (chosen per talon), in chance of making and in score."""

    chosen: ChosenDeclarations
    best: List[int]  # per-world best tricks of the groups' worlds
    weight: List[float]
    worlds: int

    def _total(self) -> float:
        return sum(self.weight) or 1.0

    def contract(self, scorer: ContractJudge) -> Tuple[float, float]:
        made, score = self.chosen.contract(scorer, self.weight)
        best_made = sum(w * scorer.makes(t) for w, t in zip(self.weight, self.best))
        best_score = sum(w * scorer.score(t) for w, t in zip(self.weight, self.best))
        n = self._total()
        return (best_made - made) / n, (best_score - score) / n

    def tricks(self) -> float:
        return (sum(w * t for w, t in zip(self.weight, self.best)) - self.chosen.tricks(self.weight)) / self._total()


def _fusion_gap(v, worlds, seed: int, budget, inference: bool, models: str) -> _FusionGap:
    """The fusion gap of the bid hint's contracts, from ``samples`` worlds in talon groups."""
    weighted = draw(v, worlds, seed, budget, inference, source=talon_groups(worlds.layout, seed), models=models)
    solved = _best_declarations(v, worlds, seed, budget.fraction(0.5), weighted)
    chosen = _chosen_declarations(v, worlds.layout, solved, budget.fraction(0.8))
    kept = solved[:chosen.size]
    return _FusionGap(chosen, [b for _, b, _ in kept], [weighted.of(w) for w, _, _ in kept], len(kept))


_CACHE: "OrderedDict[Tuple[object, ...], List[Tuple[Any, ...]]]" = OrderedDict()
_CACHE_LOCK = threading.Lock()  # the service runs hints on several threads
CACHE_SIZE = 16


def _best_declarations(v, worlds, seed: int, budget, weighted) -> List[Tuple[Any, ...]]:
    """``(world, best tricks with the talon[, (discard mask, trump)])`` per solved world (the
    per-talon path also gets the best declaration). Without weights they depend only on the
    seat's hand (calls do not change the worlds), so a complete run is kept for the seat's next
    call in the same auction (a small LRU cache keyed by rules, seat, hand, samples and seed)."""
    grouped = weighted.grouped
    key = (v.rules, v.seat, tuple(v.hand), worlds.requested, seed, grouped)
    cacheable = weighted.mode == WeightMode.UNIFORM
    with _CACHE_LOCK:
        if cacheable and key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    layout = worlds.layout

    def items_of(world) -> List[Any]:
        deal = v.world_deal(layout, world)
        return [(deal["hands"], deal["talon"], v.seat)]

    def call(items: List[Any]) -> List[Any]:
        results = engine.best_declaration_batch(items, 0, 0, TT_BYTES)
        check(results)
        return results

    count = worlds.requested if weighted.mode == WeightMode.UNIFORM else weighted.drawn
    done = solve_worlds(iter(weighted.worlds), count, items_of, call, budget)
    solved: List[Tuple[Any, ...]]
    if grouped:
        solved = [(w, r.tricks, (cards_to_mask(Card(c) for c in r.discard), r.trump)) for w, (r,) in done]
    else:
        solved = [(w, r.tricks) for w, (r,) in done]
    if cacheable and len(solved) == min(worlds.requested, worlds.count):
        with _CACHE_LOCK:
            _CACHE[key] = solved
            if len(_CACHE) > CACHE_SIZE:
                _CACHE.popitem(last=False)
    return solved


def _overcalls_value(v, auction: Auction, bid: Contract, deals: List[Dict[str, Any]], defences: Dict[int, Defence],
                     weight: List[float], best_tricks: List[int], judge: ContractJudge, score_gap: float,
                     models: str) -> float:
    """What the other seats' overcalls change in the seat's expected score for ``bid``: in each
    world the chance that someone bids on moves that share of the declaring score (less its
    fusion gap) to the seat's score defending against the overcaller (:mod:`.overcalls`)."""
    chances = overcall_chances(auction, v.seat, bid, [d["hands"] for d in deals], models)
    higher = next_contract(bid)
    scorers = {s: Scorer(v.profile, v.scoring, v.seat, higher, s, v.totals) for s, _ in chances}
    change = 0.0
    for i, w in enumerate(weight):
        defending, chance = defended(defences, chances, scorers, i)
        change += w * (defending - chance * (judge.score(best_tricks[i]) - score_gap))
    return change / sum(weight)


def _defence(deals: List[Dict[str, Any]], opponent: int, seat: int, best_declaration: bool) -> Defence:
    """``opponent`` declaring in each world's deal (his double-dummy best declaration, or the rule
    of thumb): his tricks and ``seat``'s own along one optimal line."""
    declarations = (_their_declarations(deals, opponent) if best_declaration
                    else [simple_declare(d["hands"][opponent] | d["talon"]) for d in deals])
    positions: List[engine.PositionTuple] = []
    for deal, (discard, trump) in zip(deals, declarations):
        hands = list(deal["hands"])
        hands[opponent] = (hands[opponent] | deal["talon"]) & ~discard
        positions.append((hands, trump, opponent, opponent, []))
    raws = engine.solve_batch(positions, False, True, 0, TT_BYTES) if positions else []
    check(raws)
    own = [tricks_along([Card(c) for c in raw.line], opponent, trump)[seat]
           for raw, (_, trump) in zip(raws, declarations)]
    return Defence([raw.tricks for raw in raws], own)


def _their_declarations(deals: List[Dict[str, Any]], opponent: int) -> List[Tuple[int, int]]:
    """``(discard mask, trump)`` per world's deal: ``opponent``'s double-dummy best declaration there."""
    items = [(d["hands"], d["talon"], opponent) for d in deals]
    results = engine.best_declaration_batch(items, 0, 0, TT_BYTES) if items else []
    check(results)
    return [(cards_to_mask(Card(c) for c in r.discard), r.trump) for r in results]
