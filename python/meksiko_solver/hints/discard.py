"""The discard hint: which two cards to discard and which trump to name, for the declarer who
holds twelve cards after a numeric contract (and, on a ``mexico-club`` Meksiko, which trump).

The unseen cards are the defenders' twenty; each sampled world is one way they may lie. A
candidate is a (discard, trump) pair, scored per world by solving the declarer's position after
it double-dummy (tricks only, ``engine.solve_batch``, every core, GIL released).

Candidates are reduced before solving:

* **Equivalent cards.** Cards of the twelve adjacent in rank with no unseen card between them
  (a run such as K-Q when the ace is elsewhere, or 9-8-7) are interchangeable in every world,
  so discarding any of them is one candidate: a discard is a choice of two runs (or two cards of
  one run), shown as the run's lowest card(s). 66 pairs x 4 trumps usually shrink to 100-200.
* **Screening, then successive halving.** The double-dummy declarer analysis of the first 12
  worlds (``engine.analyze_batch``: each trump's best tricks and every optimal discard) bounds
  every candidate there: its value is the trump's best if it is among the optimal discards, else
  at most one less. The 10 best by that bound are solved exactly on the first 40 worlds, and
  the best 4 of those on every world. Only those four are reported, compared on the same worlds.

Ranking: the expected score of the contract under the profile, then the probability of making
it, then the expected tricks; then trumps in S H D C order and the lower discard. With
``play_noise`` the score and the chance are taken over the declarer's tricks in play, as the bid
hint judges the contract (:mod:`.play_noise`): the double-dummy tricks shifted by the model set's
distribution of played minus double-dummy, so a declaration with a trick to spare ranks above
one that makes exactly in every world.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from .. import engine
from ..auction import MEKSIKO
from ..cards import Card, Suit, cards_to_mask
from ..errors import MeksikoError
from ..deal import Phase
from ..options import check_flag
from .common import DEFAULT_SAMPLES, HintResult, rnd, settle, start
from ..budget import Budget
from .batch import TT_BYTES, check, solve_worlds
from .match import WinChances, game_for_view
from .outcome import Scorer
from .play_noise import contract_judge, shifts_if
from .sampling import World
from .weights import WeightMode, draw, weighted_frame

SCREEN_WORLDS = 12  # worlds of the screening analysis
SCREEN_KEEP = 10  # candidates solved exactly on the first STAGE_WORLDS worlds
STAGE_WORLDS = 40
FINALISTS = 4  # candidates solved on every world (and reported)


@dataclass
class DiscardOption:
    discard: Tuple[Card, ...]
    trump: Suit
    tricks: float
    make: float
    score: float
    p_win: Optional[float] = None  # the declarer's chance of winning the game (given the game)

    def to_dict(self) -> Dict[str, Any]:
        out = {"discard": [str(c) for c in self.discard], "trump": str(self.trump),
               "tricks": rnd(self.tricks), "make": rnd(self.make), "score": rnd(self.score)}
        if self.p_win is not None:
            out["p_win"] = rnd(self.p_win)
        return out


@dataclass
class DiscardHint(HintResult):
    """``discard`` and ``trump``: the recommendation; ``options``: the finalists, best first."""

    discard: Tuple[Card, ...] = ()
    trump: Suit = Suit.S
    options: List[DiscardOption] = field(default_factory=list)
    contract: str = ""
    candidates: int = 0  # distinct (discard, trump) candidates after merging equivalent cards

    def to_dict(self) -> Dict[str, Any]:
        return {"hint": "discard", **self.frame(), **self.weighting, "contract": self.contract,
                "discard": [str(c) for c in self.discard], "trump": str(self.trump),
                "candidates": self.candidates, "options": [o.to_dict() for o in self.options]}


def discard_classes(twelve: int) -> List[int]:
    """One discard mask per class of equivalent discards of a 12-card hand (no card played yet:
    every card outside it is unseen), each shown by the lowest card(s) of its runs."""
    runs: List[List[int]] = []
    for suit in range(4):
        run: List[int] = []
        for rank in range(8):
            card = suit * 8 + rank
            if twelve >> card & 1:
                run.append(card)
            elif run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
    out = []
    for i, a in enumerate(runs):
        if len(a) >= 2:
            out.append((1 << a[0]) | (1 << a[1]))
        for b in runs[i + 1:]:
            out.append((1 << a[0]) | (1 << b[0]))
    return sorted(out, key=lambda m: [c for c in range(32) if m >> c & 1])


def discard_hint(view: object, samples: int = DEFAULT_SAMPLES, seed: int = 0,
                 time_budget_ms: Optional[float] = None, inference: bool = True,
                 checkpoint: Optional[Callable[[], None]] = None, models: str = "current",
                 game: object = None, play_noise: bool = False) -> DiscardHint:
    """The discard hint for the declarer in ``view`` (a View, dict, JSON text or SeatView);
    ``inference=False``: uniform worlds; ``models``: the model set that weighs them; ``game``:
    the game state before this deal (the candidates ranked by the chance of winning the game
    first, :mod:`.match`); ``play_noise``: the options' ``make`` and ``score`` over the tricks in
    play (:mod:`.play_noise`; as in the bid hint, Meksiko and a model set without the
    distribution, as ``v1``, stay double-dummy)."""
    v, worlds, budget = start(view, samples, seed, time_budget_ms, checkpoint)
    state = game_for_view(game, v)
    noise = shifts_if(play_noise, models)
    weighted = draw(v, worlds, seed, budget, check_flag(inference, "inference"), models=models)
    source = iter(weighted.worlds)
    if v.phase != Phase.DECLARE:
        raise MeksikoError(f"no discard to make: the deal is in the {v.phase} phase")
    if v.seat != v.declarer:
        raise MeksikoError(f"only the declarer (seat {v.declarer}) discards and names trump, not seat {v.seat}")
    assert v.contract is not None
    seat, layout = v.seat, worlds.layout
    twelve = cards_to_mask(v.current_hand)
    meksiko = v.contract == MEKSIKO
    discards = [0] if meksiko else discard_classes(twelve)
    candidates: List[Tuple[int, int]] = [(d, t) for t in range(4) for d in discards]
    scorer = contract_judge(Scorer(v.profile, v.scoring, seat, v.contract, seat, v.totals), noise)
    win = None if state is None else WinChances(state, seat, v.contract, seat)
    total = worlds.requested if weighted.mode == WeightMode.UNIFORM else weighted.drawn
    pool: List[World] = []  # worlds drawn so far, in order

    def take(n: int) -> None:
        for _ in drawn(n):
            pass

    def drawn(upto: int):
        """The worlds from the end of the pool up to ``upto``, drawn one at a time as asked for."""
        while len(pool) < upto:
            world = next(source, None)
            if world is None:
                return
            pool.append(world)
            yield world

    def ranking(rows: Dict[Tuple[int, int], List[int]], n: int):
        wts = [weighted.of(w) for w in pool[:n]]

        def key(cand: Tuple[int, int]) -> Tuple[float, ...]:
            vals = rows[cand][:n]
            discard = [c for c in range(32) if cand[0] >> c & 1]
            order = (-cand[1],) + tuple(-(c & 7) * 4 - (c >> 3) for c in discard)  # lower discard first
            game_first = () if win is None else (sum(w * win.score(t) for w, t in zip(wts, vals)),)
            return game_first + (sum(w * scorer.score(t) for w, t in zip(wts, vals)),
                                 sum(w * scorer.makes(t) for w, t in zip(wts, vals)),
                                 sum(w * t for w, t in zip(wts, vals))) + order
        return key

    alive = candidates
    if not meksiko:
        # Stage 1: the declarer analysis of a few worlds gives each trump's best and every optimal
        # discard; a candidate's value there is that best if it is optimal, else at most one less.
        take(min(total, SCREEN_WORLDS))

        def analysis_items(world) -> List[Any]:
            deal = v.world_deal(layout, world)
            hands = list(deal["hands"])
            return [(hands, twelve & ~hands[seat], seat)]

        def analyze(items: List[Any]) -> List[Any]:
            results = engine.analyze_batch(items, 0, 0, TT_BYTES)
            check(results)
            return results

        screened = solve_worlds(iter(pool), len(pool), analysis_items, analyze, budget.fraction(0.3))
        bounds: Dict[Tuple[int, int], List[int]] = {c: [] for c in candidates}
        for _, (raw,) in screened:
            for t in range(4):
                optimal = {(1 << a) | (1 << b) for a, b in raw.discards[t]}
                for d in discards:
                    bounds[(d, t)].append(raw.with_talon[t] - (d not in optimal))
        if screened:
            alive = sorted(candidates, key=ranking(bounds, len(screened)), reverse=True)[:SCREEN_KEEP]

    values: Dict[Tuple[int, int], List[int]] = {c: [] for c in alive}

    def run(alive: List[Tuple[int, int]], upto: int, stage_budget: Budget) -> None:
        """Solve the live candidates exactly on the worlds [done, upto)."""
        done = min(len(values[c]) for c in alive)

        def items_of(world) -> List[Any]:
            hands = v.world_hands(layout, world)
            out: List[Tuple[Any, ...]] = []
            for d, t in alive:
                h = list(hands)
                h[seat] = twelve & ~d
                out.append((h, t, seat, seat, []))
            return out

        def call(items: List[Any]) -> List[Any]:
            results = engine.solve_batch(items, False, False, 0, TT_BYTES)
            check(results)
            return results

        # worlds already drawn first, then new ones only as the budget lets them be solved
        fresh = itertools.chain(pool[done:upto], drawn(upto))
        for _, results in solve_worlds(fresh, max(0, upto - done), items_of, call, stage_budget):
            for cand, r in zip(alive, results):
                values[cand].append(r.tricks)

    # Stage 2: the survivors exactly on the first worlds; stage 3: the finalists on every world.
    if len(alive) > FINALISTS and total > STAGE_WORLDS:
        run(alive, STAGE_WORLDS, budget.fraction(0.4))
        n = min(len(values[c]) for c in alive)
        alive = sorted(alive, key=ranking(values, n), reverse=True)[:FINALISTS]
    if not budget.limited or budget.remaining() > 0 or min(len(values[c]) for c in alive) == 0:
        run(alive, total, budget)
    n = min(len(values[c]) for c in alive)
    ranked = sorted(alive, key=ranking(values, n), reverse=True)
    options = []
    wts = [weighted.of(w) for w in pool[:n]]
    z = sum(wts)
    for d, t in ranked:
        vals = values[(d, t)][:n]
        options.append(DiscardOption(tuple(sorted(Card(c) for c in range(32) if d >> c & 1)), Suit(t),
                                     settle(sum(w * x for w, x in zip(wts, vals)) / z),
                                     settle(sum(w * scorer.makes(x) for w, x in zip(wts, vals)) / z),
                                     settle(sum(w * scorer.score(x) for w, x in zip(wts, vals)) / z),
                                     None if win is None else settle(sum(w * win.score(x) for w, x in zip(wts, vals)) / z)))
    best = options[0]
    return DiscardHint(seat=seat, worlds=n, samples=worlds.requested, seed=seed, consistent=worlds.count,
                       elapsed=budget.elapsed(), discard=best.discard, trump=best.trump, options=options,
                       contract=v.contract, candidates=len(candidates), weighted=weighted, game=state,
                       weighting=weighted_frame(weighted, pool[:n], inference))
