"""A sequential test for the duplicate arena: judge an idea on as many deals as it needs.

The rule, fixed before any run (Wald's SPRT for a normal mean, its variance estimated as it goes):

* the observations are the deals' mean paired differences x_1, x_2, ... (points per seat-deal;
  the deal is the independent unit, its three seat-deals are not independent);
* H0: mean <= 0 against H1: mean >= ``delta``; error rates ``alpha`` (accepting H1 when the
  mean is 0) and ``beta`` (accepting H0 when it is ``delta``), 0.05 each by default;
* after every batch of ``batch`` deals, with n deals played, S their sum and s^2 their running
  (sample) variance, the log-likelihood ratio of mean = delta against mean = 0 is

      llr = delta / s^2 * (S - n * delta / 2)

  H1 is accepted when llr >= log((1 - beta) / alpha), H0 when llr <= log(beta / (1 - alpha));
  otherwise another batch is played, up to the most deals allowed, where the test ends
  *undecided* (the fixed-horizon interval of the arena is still reported).

Between the two hypotheses (0 < mean < delta) either may be accepted; that is the price of
stopping early. The normal approximation is fair for the means of many deals; the variance is
estimated from all deals so far, so the first batch should not be tiny (40 deals or more).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import isfinite, log
from statistics import fmean, variance
from typing import Any, Dict, Sequence, Tuple

from ..errors import OptionError

H1 = "H1 accepted"
H0 = "H0 accepted"
UNDECIDED = "undecided at the maximum"


@dataclass(frozen=True)
class SequentialRule:
    """The sequential test's parameters (checked); :meth:`decide` applies it to the deals so far."""

    delta: float
    alpha: float = 0.05
    beta: float = 0.05
    batch: int = 50

    def __post_init__(self) -> None:
        for name in ("delta", "alpha", "beta"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not isfinite(value):
                raise OptionError(f"{name} must be a finite number, not {value!r}")
        if self.delta <= 0:
            raise OptionError(f"delta must be above 0 (the gain H1 claims, points per seat-deal), not {self.delta!r}")
        for name in ("alpha", "beta"):
            if not 0 < getattr(self, name) < 0.5:
                raise OptionError(f"{name} must be between 0 and 0.5, not {getattr(self, name)!r}")
        if isinstance(self.batch, bool) or not isinstance(self.batch, int) or self.batch < 2:
            raise OptionError(f"batch must be a whole number of deals, at least 2, not {self.batch!r}")

    @property
    def bounds(self) -> Tuple[float, float]:
        """(accept H0 at or below, accept H1 at or above) for the log-likelihood ratio."""
        return log(self.beta / (1 - self.alpha)), log((1 - self.beta) / self.alpha)

    def llr(self, deals: Sequence[float]) -> float:
        """The log-likelihood ratio of mean = delta against mean = 0 after ``deals`` (at least two)."""
        n = len(deals)
        var = variance(deals)
        if var <= 0:  # every deal alike: the sign of the mean against delta / 2 decides at once
            var = 1e-12
        return self.delta / var * (n * fmean(deals) - n * self.delta / 2)

    def decide(self, deals: Sequence[float], final: bool) -> Dict[str, Any]:
        """The decision after ``deals`` (each deal's mean paired difference); ``final``: no more
        deals will be played (the maximum is reached)."""
        low, high = self.bounds
        value = self.llr(deals) if len(deals) >= 2 else 0.0
        decision = H1 if value >= high else H0 if value <= low else UNDECIDED if final else None
        return {"rule": "SPRT on the deals' mean paired differences, H0: mean <= 0, H1: mean >= delta, "
                        "normal approximation with the running variance, checked every batch",
                "delta": self.delta, "alpha": self.alpha, "beta": self.beta, "batch": self.batch,
                "decision": decision, "llr": round(value, 4), "bounds": [round(low, 4), round(high, 4)],
                "mean": round(fmean(deals), 4) if deals else None}


__all__ = ["H0", "H1", "UNDECIDED", "SequentialRule"]
