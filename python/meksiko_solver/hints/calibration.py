"""The bid hint's figures calibrated against played results (``bid_hint(..., calibrate=True)``).

Off by default: in duplicate (600 deals against the engine before issue 13, docs/hints.md) it
scored 0.05 points per seat-deal below the double-dummy figures on the same deals (95% CI
[-0.128, +0.027]), while its chance of making had the lower Brier score on the same decisions.

The bid hint judges a contract double-dummy: its chance of making is the share of sampled
worlds in which the declarer, choosing discard and trump once per talon, takes enough tricks
against perfect defence. At the table the defenders do not see the cards either, and the
played results differ from that figure. The calibration maps the double-dummy figures to the
played ones, with two small models fitted on deals the hint policy played against itself
(``tools/fit_bid_calibration.py``, separate seeds from any measurement; the fit and its quality
on held-back deals are in ``hints/models.json`` under ``calibration``):

* ``make``: P(made at the table) = sigmoid(a + b * logit(p)), with p the double-dummy chance
  (clipped to [:data:`CLIP`, 1 - :data:`CLIP`]); logistic regression over the contracts the
  policy declared (the declarer's last bid hint against the deal's result) with 0 < p < 1. A
  chance of 0 or 1 (every sampled world agrees) is kept: such contracts were made 99% of the
  time at the table when p was 1, which the logistic curve, fitted to the uncertain ones, would
  pull down to about 0.98.
* ``pass``: the seat's score as a defender = alpha + beta * the double-dummy pass estimate;
  least squares over the seats that passed and defended.

A contract's expected score is then recomputed from its calibrated chance: the same expected
score when made as double-dummy, the same (fixed) loss when failed. Meksiko is not calibrated
(too rarely declared to fit).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import exp, log

from .bidding_model import parameters

CLIP = 0.01
METHOD = ("double-dummy chance of making and pass estimate mapped to played results (logistic and linear "
          "fits on self-play deals, hints/models.json 'calibration'); Meksiko as double-dummy")


def logit(p: float) -> float:
    p = min(max(p, CLIP), 1.0 - CLIP)
    return log(p / (1.0 - p))


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + exp(-x)) if x >= 0 else exp(x) / (1.0 + exp(x))


@dataclass(frozen=True)
class Calibration:
    """The fitted maps; ``Calibration()`` is the identity (no change up to the clip)."""

    a: float = 0.0
    b: float = 1.0
    alpha: float = 0.0
    beta: float = 1.0

    def make(self, p: float) -> float:
        """The played chance of making for a double-dummy chance ``p`` (0 and 1 kept)."""
        if p <= 0.0 or p >= 1.0:
            return p
        return sigmoid(self.a + self.b * logit(p))

    def score(self, p: float, score: float, made: float, failed: float, made_score: float) -> float:
        """A contract's expected score at the calibrated chance ``made``, from its double-dummy
        chance ``p`` and expected ``score``: ``failed`` is the score of a failure, ``made_score``
        the score when made if ``p`` is 0 (no world to take it from)."""
        when_made = (score - (1.0 - p) * failed) / p if p > 1e-9 else made_score
        return made * when_made + (1.0 - made) * failed

    def passing(self, estimate: float) -> float:
        """The seat's expected score as a defender for a double-dummy pass ``estimate``."""
        return self.alpha + self.beta * estimate


@lru_cache(maxsize=1)
def fitted() -> Calibration:
    """The calibration shipped in ``hints/models.json`` (the identity when it has none)."""
    fit = parameters().get("calibration")
    if not fit:
        return Calibration()
    return Calibration(fit["make"]["a"], fit["make"]["b"], fit["pass"]["alpha"], fit["pass"]["beta"])


__all__ = ["CLIP", "Calibration", "METHOD", "fitted", "logit", "sigmoid"]
