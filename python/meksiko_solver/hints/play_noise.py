"""The declarer's tricks in play against his double-dummy tricks: the bid hint's ``play_noise``.

Double-dummy, both sides play perfectly. At the table neither does: on 1 200 deals of the hint
engine in every seat the declarer took the double-dummy value of his chosen declaration in two
deals of three, one trick more in one of five (the defence's mistakes outweigh his), one fewer in
one of eleven. ``hints/models.json`` (``play_noise``) holds that distribution of *played minus
double-dummy* (``tools/bid_estimates_vs_play.py`` measures it). With it, a contract's chance and
score are taken over the tricks the declarer would take in play, not the double-dummy ones.
"""

from __future__ import annotations

from typing import Dict, List, Optional

from ..auction import MEKSIKO
from ..options import check_flag
from .bidding_model import parameters
from .outcome import ContractJudge, Scorer


def shifts(models: str = "current") -> Dict[int, float]:
    """P(played - double-dummy = k) by k, from the model set (empty: the set has none)."""
    table = parameters(models).get("play_noise", {}).get("played_minus_double_dummy", {})
    return {int(k): float(p) for k, p in table.items()}


def shifts_if(play_noise: object, models: str = "current") -> Optional[Dict[int, float]]:
    """The shifts a hint judges its contracts by when its flag ``play_noise`` is on; None when it
    is off or the set has none (then the hint stays double-dummy)."""
    return (shifts(models) or None) if check_flag(play_noise, "play_noise") else None


def contract_judge(scorer: Scorer, shift: Optional[Dict[int, float]]) -> ContractJudge:
    """``scorer`` over the tricks in play under ``shift``; double-dummy without one, and for
    Meksiko (all ten tricks, which the hints keep double-dummy)."""
    return scorer if shift is None or scorer.contract == MEKSIKO else PlayedScorer(scorer, shift)


class PlayedScorer:
    """A :class:`~.outcome.Scorer`'s ``makes`` and ``score`` for the declarer's tricks in play, given
    his double-dummy tricks: expectations over the shifts (the tricks kept within 0..10)."""

    def __init__(self, scorer: Scorer, shift: Dict[int, float]) -> None:
        total = sum(shift.values())
        self.needed = scorer.needed
        self._makes: List[float] = []
        self._scores: List[float] = []
        for t in range(11):
            played = [(min(max(t + k, 0), 10), p / total) for k, p in shift.items()]
            self._makes.append(sum(p for u, p in played if scorer.makes(u)))
            self._scores.append(sum(p * scorer.score(u) for u, p in played))

    def makes(self, declarer_tricks: int) -> float:
        return self._makes[declarer_tricks]

    def score(self, declarer_tricks: int) -> float:
        return self._scores[declarer_tricks]
