"""Weighted worlds: the exact uniform draw, each world weighted by the likelihood of the evidence.

The sampler stays exactly uniform over the consistent layouts (:mod:`.sampling`); each world gets
the weight w = P(what the other seats did | the cards it gives them) (:mod:`.inference`). A hint's
figures are self-normalised importance-sampling averages, sum(w_i x_i) / sum(w_i): the posterior
expectation under the models, with the uniform draw as proposal. The *effective sample size*
ESS = (sum w)^2 / sum w^2 says how many uniform worlds the weighted ones are worth.

Tempering: the weight is the likelihood raised to a power, w = L^tau with tau = :func:`temper`
(``models.json``, ``tempering``; 0.5). The models are about right on average (the true layout's
log-likelihood ratio still grows up to tau = 1), but at tau = 1 a few worlds carry most of the
weight (a play hint's ESS is a third of the worlds drawn), and the noise of so few worlds cost
more than the sharper posterior gained; tau = 0.5 keeps three quarters of the gain in the play
with twice the ESS (``tools/fit_tempering.py``; judged in duplicate, see docs/hints.md).

Drawing: the requested ``samples`` worlds first; while their ESS falls short of ``samples``, more
are drawn (up to :data:`MAX_DRAW` times ``samples`` in all, :data:`MAX_DRAW_SOLVED` times when
weighing solves positions itself (the play model), and while the time budget allows).
When there are no more layouts than that, all of them are enumerated,
weighted and solved. Otherwise worlds whose weight is below ``PRUNE / drawn`` of the total
(together under 1% of it) are not solved, and of the rest at most ``samples`` are: the heaviest,
kept in draw order (``models.json``, ``drawing``; the hint solves and reports no more worlds
than were asked for, and the ones left out are the lightest). Every weight zero (a view the models find impossible, which the floors of
the models make all but impossible): uniform weights, and the result says so (``weights:
"uniform-fallback"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import islice
from math import exp, inf, log
from typing import Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from ..budget import Budget
from .bidding_model import check_models, parameters
from .common import Worlds
from .inference import Evidence
from .sampling import World
from .view import View

MAX_DRAW = 4  # worlds drawn and weighted, at most, per requested sample
MAX_DRAW_SOLVED = 2  # the same when weighing itself solves (the play model)
PRUNE = 0.01  # worlds under PRUNE / drawn of the total weight are not solved
CHUNK = 64  # worlds drawn and weighed at a time under a time budget
# The fewest worlds drawn again while the ESS falls short: a constant, not a multiple of the
# machine's cores (it was 2 x cores, which made the worlds depend on the machine; 4 is that on
# the 2-core machines every figure was measured on, so their answers are unchanged).
MIN_MORE = 4
WEIGHING_SHARE = 0.5  # of the time budget, at most, for weighting (the play model's solves)


class WeightMode(str, Enum):
    """How a hint's worlds were weighted."""

    UNIFORM = "uniform"  # inference off, or nothing to infer from
    MODEL = "model"  # by the models of the other seats
    FALLBACK = "uniform-fallback"  # every world weighted zero: uniform instead

    def __str__(self) -> str:
        return self.value


def temper(models: str = "current", phase: Optional[str] = None) -> float:
    """The power tau of the likelihood in a world's weight (w = L^tau) in a hint of ``phase``:
    the set's exponent, unless it tempers that phase's hints by one of their own
    (``tempering_by_phase``: the play's in ``current``, the calls' too in ``calls-untempered``)."""
    by_phase = parameters(models).get("tempering_by_phase", {})
    return float(by_phase.get(str(phase), parameters(models)["tempering"]["exponent"]))


def solves_at_most_requested(models: str = "current") -> bool:
    """Whether the model set caps the worlds solved at the samples asked for (``hint-v1``'s
    set, frozen before the cap, solves every world kept by the pruning)."""
    return bool(parameters(models).get("drawing", {}).get("at_most_requested", False))


def heaviest(kept: Sequence[Tuple[World, float]], n: int) -> List[Tuple[World, float]]:
    """The ``n`` heaviest of ``(world, weight)`` pairs, in their order (ties: the earlier)."""
    if len(kept) <= n:
        return list(kept)
    chosen = set(sorted(range(len(kept)), key=lambda i: (-kept[i][1], i))[:n])
    return [kept[i] for i in sorted(chosen)]


def effective_size(weights: Sequence[float]) -> float:
    """(sum w)^2 / sum w^2 (0 for no weight)."""
    s = sum(weights)
    q = sum(w * w for w in weights)
    return s * s / q if q > 0 else 0.0


@dataclass
class Weighted:
    """The worlds to solve, in draw order, with their weights (unnormalised; ``of(world)``).

    Uniform worlds stay a lazy iterator (sampling costs time too), each of weight 1."""

    worlds: Iterable[World]
    weight: Dict[World, float]
    drawn: int  # worlds drawn and weighted
    mode: WeightMode
    evidence: Optional[Evidence] = None
    log_mean: float = 0.0  # log of the mean likelihood over the drawn worlds (scaled like weight)
    log_scale: float = 0.0  # weight = exp(tau * log-likelihood - log_scale)
    grouped: bool = False  # drawn in talon groups (the bid hint's per-talon declaration)
    tau: float = 1.0  # the tempering the weights were drawn with

    def of(self, world: World) -> float:
        return self.weight.get(world, 1.0)

    def ess(self, worlds: Sequence[World]) -> float:
        return effective_size([self.of(w) for w in worlds])

    def log_likelihood_ratio(self, world: World) -> Optional[float]:
        """log of (the weighted posterior of ``world`` / its uniform probability): positive when
        the weights moved probability toward it. None without weighting."""
        if self.evidence is None or self.mode != WeightMode.MODEL:
            return None
        return self.tau * self.evidence.log_weight(world) - self.log_scale - self.log_mean


def uniform(worlds: Worlds) -> Weighted:
    """Today's worlds (the requested sample, or all), every weight 1."""
    return Weighted(worlds.iterator, {}, 0, WeightMode.UNIFORM)


def draw(view: View, worlds: Worlds, seed: int, budget: Budget, inference: bool = True,
         source: Optional[Iterator[World]] = None, models: str = "current") -> Weighted:
    """The worlds of a hint with their weights (uniform without inference or evidence).

    ``source``: another uniform source of distinct worlds than the sampler's (the bid hint's
    talon groups); without evidence its first ``samples`` worlds are used. ``models``: the model
    set that weighs them (:data:`~.bidding_model.MODEL_FILES`)."""
    evidence = Evidence(view, worlds.layout, models=check_models(models)) if inference else None
    grouped = source is not None
    if evidence is None or not evidence.any:
        if source is None:
            return uniform(worlds)
        return Weighted(islice(source, worlds.requested), {}, 0, WeightMode.UNIFORM, grouped=True)
    target = worlds.requested
    tau = temper(models, view.phase)
    most = MAX_DRAW_SOLVED if evidence.plays else MAX_DRAW
    if source is None:
        source = worlds.layout.sample(most * target, seed)
    stage = budget.fraction(WEIGHING_SHARE) if budget.limited else budget
    pool: List[World] = []
    logs: List[float] = []

    def take(n: int) -> bool:
        """Draw and weigh ``n`` more worlds, in chunks (drawing and weighing cost time too); False
        when the budget or the layouts ran out first. The chunks never change which worlds are
        drawn, so a budget that suffices gives the answer of no budget."""
        while n > 0:
            fresh = list(islice(source, min(n, CHUNK)))
            if not fresh:
                return False
            got = evidence.log_weights(fresh, stage)
            pool.extend(fresh[:len(got)])
            logs.extend(tau * x for x in got)
            if len(got) < len(fresh) or (stage.limited and stage.remaining() <= 0):
                stage.mark_ran_out()  # conservative: more worlds might have been wanted
                return False
            n -= len(fresh)
        return True

    enumerated = worlds.count <= most * target  # few layouts: weigh and solve every one
    want = worlds.count if enumerated else target
    while take(want) and not enumerated:
        top = max(logs)
        if top == -inf:
            break  # nothing the models find possible: drawing more will not help
        ess = effective_size([exp(x - top) for x in logs])
        if ess >= target or len(pool) >= most * target:
            break
        per = ess / len(pool)
        want = int(min(most * target - len(pool), max(MIN_MORE, (target - ess) / max(per, 1e-3))))
    top = max(logs) if logs else -inf
    if top == -inf:  # every world impossible under the models: the uniform sample instead
        pool = pool[:target]
        return Weighted(pool, {}, len(pool), WeightMode.FALLBACK, evidence, grouped=grouped)
    raw = [exp(x - top) for x in logs]
    total = sum(raw)
    cut = 0.0 if enumerated else PRUNE / len(pool) * total
    kept = [(w, r) for w, r in zip(pool, raw) if r >= cut]
    if solves_at_most_requested(models):
        kept = heaviest(kept, target)
    mean = total / len(pool)
    return Weighted([w for w, _ in kept], dict(kept), len(pool), WeightMode.MODEL, evidence,
                    log_mean=log(mean), log_scale=top, grouped=grouped, tau=tau)


def weighted_frame(weighted: Weighted, solved: Sequence[World], inference: bool) -> Dict[str, object]:
    """The keys every hint adds about its weighting."""
    drawn = weighted.drawn if weighted.mode != WeightMode.UNIFORM else len(solved)
    return {"inference": inference, "weights": str(weighted.mode), "drawn": drawn,
            "ess": round(weighted.ess(solved), 2)}


__all__ = ["MAX_DRAW", "Weighted", "WeightMode", "draw", "effective_size", "heaviest", "solves_at_most_requested", "temper", "uniform", "weighted_frame"]
