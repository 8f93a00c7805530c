"""The declarer's choice without strategy fusion: one discard and trump per talon, not per world.

A bidder who wins the auction sees the talon, then discards two cards and names the trump from
his twelve cards, once for every layout of the defenders' cards. Judging a contract by the best
declaration *in each world* (``engine.best_declaration_batch``) lets him choose knowing the
layout, which no declarer can: it is the double-dummy upper bound, and it is optimistic.

The bid hint therefore measures what choosing once per talon costs (the *fusion gap*, see
:mod:`.bid`) on worlds drawn in *talon groups* (:func:`talon_groups`): a talon drawn uniformly
(as the uniform sampler's marginal), then :data:`LAYOUTS_PER_TALON` layouts of the other hands
drawn uniformly given that talon. Within a group every candidate declaration is solved on every
layout (tricks only, ``engine.solve_batch``); the candidates are the per-world best declarations
of the group's layouts and the rule-of-thumb declaration (:func:`~.heuristics.simple_declare`);
a world's own best is not solved again. For each contract, each layout is credited with the
candidate best *on average over the group's other weighted layouts* under that contract's
scoring (leave one out; candidates tied there are averaged; a group of one layout takes the
rule-of-thumb declaration): the choice never sees the layout it is scored on, as at the table.
Choosing on the very layouts that score the choice would keep an optimism of its own, the best
of several candidates on a few layouts. Over the groups the figures are self-normalised
weighted averages (the talon's posterior weight is the sum of its layouts' weights).

:data:`LAYOUTS_PER_TALON` is 4: 3 layouts to choose from, and a quarter as many talons as worlds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Dict, Iterator, List, Sequence, Set, Tuple

from .. import engine
from ..budget import Budget
from .batch import TT_BYTES, check, solve_worlds
from .heuristics import simple_declare
from .outcome import ContractJudge
from .sampling import TALON, Bucket, Layout, World

LAYOUTS_PER_TALON = 4
UPPER_BOUND = ("double-dummy upper bound: the declaration (discard and trump) chosen knowing each world; "
               "no declarer can do this")
Declaration = Tuple[int, int]  # (discard mask, trump)


def _talon_bucket(layout: Layout) -> int:
    return next(i for i, b in enumerate(layout.buckets) if b.kind == TALON)


def conditional(layout: Layout, talon: int) -> Layout:
    """The layouts of ``layout`` whose talon is ``talon`` (its talon bucket emptied)."""
    tb = _talon_bucket(layout)
    buckets = [Bucket(TALON, None, 0) if i == tb else b for i, b in enumerate(layout.buckets)]
    cards, allowed = [], []
    for mask, group in layout.groups:
        for c in group:
            if not talon >> c & 1:
                cards.append(c)
                allowed.append(mask & ~(1 << tb))
    return Layout(buckets, cards, allowed)


def talon_groups(layout: Layout, seed: int) -> Iterator[World]:
    """Worlds in groups of :data:`LAYOUTS_PER_TALON` sharing a talon: distinct talons, each drawn
    as the talon of a uniform world, then uniform distinct layouts given it."""
    tb = _talon_bucket(layout)
    rng = random.Random(seed)
    seen: Set[int] = set()
    misses = 0
    group = 0
    while misses < 200:  # every talon seen (a tiny layout): stop
        talon = layout.draw(rng)[tb]
        if talon in seen:
            misses += 1
            continue
        misses = 0
        seen.add(talon)
        for world in conditional(layout, talon).sample(LAYOUTS_PER_TALON, seed * 1_000_003 + group):
            yield tuple(talon if i == tb else m for i, m in enumerate(world))
        group += 1




@dataclass
class ChosenDeclarations:
    """Per talon group: the worlds' indices (into the solved list) and each candidate's tricks.

    ``fallback[t]``: the rule-of-thumb declaration of the group (the choice with no other
    layout to learn from)."""

    groups: List[Tuple[List[int], Dict[Declaration, List[int]]]]
    size: int  # worlds covered (a prefix of the solved list)
    fallback: List[Declaration] = field(default_factory=list)

    def _credit(self, weight: Sequence[float], value: Callable[[int], Tuple[float, ...]]) -> List[Tuple[float, ...]]:
        """Per solved world, ``value`` of its tricks under the declaration chosen *without that world*.

        ``value(tricks)``: a tuple of figures (larger is better, compared in order).
        For world j of a group the declarer is credited with the candidate best on the weighted
        average over the group's other layouts (leave one out): the choice never sees the layout
        it is scored on, as at the table; choosing and scoring on the same layouts would keep an
        optimism of its own (the best of several candidates on a few layouts). Candidates tied
        on the others are averaged (an indifferent declarer picks any). A group of one layout
        has nothing to choose from: the rule-of-thumb declaration."""
        out: List[Tuple[float, ...]] = [()] * self.size
        for g, (idx, cands) in enumerate(self.groups):
            rows = list(cands.values())
            figures = [[value(t) for t in vals] for vals in rows]  # [candidate][position]
            totals = [[sum(weight[i] * f[k] for i, f in zip(idx, figs)) for k in range(len(figs[0]))]
                      for figs in figures]
            for pos, j in enumerate(idx):
                if len(idx) == 1:
                    chosen = [list(cands).index(self.fallback[g])]
                else:
                    rest = [tuple(round(tot - weight[j] * f, 9) for tot, f in zip(t, figs[pos]))
                            for t, figs in zip(totals, figures)]
                    top = max(rest)
                    chosen = [r for r, v in enumerate(rest) if v == top]
                out[j] = tuple(sum(figures[r][pos][k] for r in chosen) / len(chosen)
                               for k in range(len(figures[0][pos])))
        return out

    def contract(self, scorer: ContractJudge, weight: Sequence[float]) -> Tuple[float, float]:
        """(weighted makes, weighted score) of the contract with the declaration chosen per talon."""
        got = self._credit(weight, lambda t: (scorer.score(t), float(scorer.makes(t)), float(t)))
        return sum(weight[j] * g[1] for j, g in enumerate(got)), sum(weight[j] * g[0] for j, g in enumerate(got))

    def tricks(self, weight: Sequence[float]) -> float:
        """Weighted tricks with the declaration of most expected tricks chosen per talon (leave one out)."""
        got = self._credit(weight, lambda t: (float(t),))
        return sum(weight[j] * g[0] for j, g in enumerate(got))


def chosen_declarations(view, layout: Layout, solved: Sequence[Tuple[World, int, Declaration]], budget: Budget) -> ChosenDeclarations:
    """Solve every candidate declaration of each talon group on the group's layouts.

    ``solved``: ``(world, best tricks, (discard mask, trump))`` in group order."""
    seat = view.seat
    tb = _talon_bucket(layout)
    order: List[int] = []
    members: Dict[int, List[int]] = {}
    for i, (world, _, _) in enumerate(solved):
        t = world[tb]
        if t not in members:
            members[t] = []
            order.append(t)
        members[t].append(i)
    candidates: Dict[int, List[Declaration]] = {}
    heuristic: Dict[int, Declaration] = {}
    for t in order:
        deal = view.world_deal(layout, solved[members[t][0]][0])
        twelve = deal["hands"][seat] | t
        cands = [solved[i][2] for i in members[t] if solved[i][2][1] in range(4)]
        heuristic[t] = simple_declare(twelve)
        candidates[t] = list(dict.fromkeys(cands + [heuristic[t]]))

    def items_of(i: int) -> List[engine.PositionTuple]:
        world, _, own_best = solved[i]
        hands = list(view.world_deal(layout, world)["hands"])
        twelve = hands[seat] | world[tb]
        out: List[engine.PositionTuple] = []
        for d, trump in candidates[world[tb]]:
            if (d, trump) == own_best:
                continue  # its value in this world is the best, already known
            h = list(hands)
            h[seat] = twelve & ~d
            out.append((h, trump, seat, seat, []))
        return out

    def call(items: List[engine.PositionTuple]) -> List[engine.EngineSolveResult]:
        results = engine.solve_batch(items, False, False, 0, TT_BYTES)
        check(results)
        return results

    done = solve_worlds(iter(range(len(solved))), len(solved), items_of, call, budget)
    size = len(done)
    values: Dict[int, Dict[Declaration, List[int]]] = {t: {c: [] for c in candidates[t]} for t in order}
    for i, results in done:
        t = solved[i][0][tb]
        it = iter(results)
        for cand in candidates[t]:
            values[t][cand].append(solved[i][1] if cand == solved[i][2] else next(it).tricks)
    groups, fallback = [], []
    for t in order:
        idx = [i for i in members[t] if i < size]
        if idx:
            groups.append((idx, {c: v[:len(idx)] for c, v in values[t].items()}))
            fallback.append(heuristic[t])
    return ChosenDeclarations(groups, size, fallback)


__all__ = ["LAYOUTS_PER_TALON", "UPPER_BOUND", "ChosenDeclarations", "chosen_declarations", "talon_groups"]
