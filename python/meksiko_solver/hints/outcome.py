"""A deal's outcome as the seat's score change, under the view's rule profile and scoring mode.

Scores come from :func:`~meksiko_solver.scoring.score_deal`. With ``totals`` in the view the
figure is the change of the seat's running total, through
:func:`~meksiko_solver.scoring.apply_scores` (``mexico-club`` totals never go below 0, so a
failure costs at most what the seat has).

Double-dummy solving gives the declarer's tricks, not how the two defenders share the rest.
Where a defender's own tricks matter and are not known, :meth:`Scorer.defender_expected` splits
the defenders' remaining tricks between them like fair coin tosses (binomial, p = 1/2) on top of
the tricks each has already taken.

A defender's **standing** is his expected score minus the mean of the other two seats' expected
scores: in a race to the target what counts is the lead over the others, so it weighs his own
tricks, his partner's (a trick he takes from his partner counts for him and against the partner)
and the declarer's score (a defeated contract costs the declarer) on one scale.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Dict, Optional, Protocol, Sequence, Tuple

from ..auction import Contract
from ..rules import RuleProfile, ScoringMode
from ..scoring import apply_scores, score_deal


class ContractJudge(Protocol):
    """What judging a contract by the declarer's tricks needs: a :class:`Scorer`, or one over the
    tricks in play (:class:`~.play_noise.PlayedScorer`)."""

    needed: int

    def makes(self, declarer_tricks: int) -> float: ...

    def score(self, declarer_tricks: int) -> float: ...


class Scorer:
    """Score changes for ``seat`` in deals of ``contract`` declared by ``declarer``, under a
    parsed rule profile and scoring mode (a view's ``profile`` and ``scoring``)."""

    def __init__(self, profile: RuleProfile, mode: ScoringMode, seat: int, contract: Contract, declarer: int,
                 totals: Optional[Sequence[int]] = None) -> None:
        self.profile, self.mode = profile, mode
        self.seat, self.contract, self.declarer = seat, contract, declarer
        self.totals: Optional[Tuple[int, int, int]] = None if totals is None else (totals[0], totals[1], totals[2])
        self.needed = contract.tricks_needed
        self._table = _table(profile, mode, seat, contract, declarer, self.totals)
        if seat != declarer:  # a defender's figures need his partner's and the declarer's scores too
            self._partner_table = _table(profile, mode, 3 - seat - declarer, contract, declarer, self.totals)
            self._declarer_table = _table(profile, mode, declarer, contract, declarer, self.totals)
        self._standing: Dict[Tuple[int, int, int], float] = {}
        self._expected: Dict[Tuple[int, int, int], Tuple[float, float]] = {}

    def makes(self, declarer_tricks: int) -> bool:
        return declarer_tricks >= self.needed

    def score(self, declarer_tricks: int, own_tricks: Optional[int] = None) -> int:
        """The seat's score change when the declarer takes ``declarer_tricks`` and (for a
        defender) the seat takes ``own_tricks``."""
        if self.seat == self.declarer:
            own_tricks = declarer_tricks
        return self._table[declarer_tricks][own_tricks]  # type: ignore[index]

    def defender_expected(self, declarer_tricks: int, own_won: int, partner_won: int) -> float:
        """A defender's expected score change when the defenders' remaining tricks are split by
        fair coin tosses (``own_won``/``partner_won``: tricks each defender already has)."""
        if self.seat == self.declarer:
            return float(self.score(declarer_tricks))
        return self._defenders_expected(declarer_tricks, own_won, partner_won)[0]

    def defender_standing(self, declarer_tricks: int, own_won: int, partner_won: int) -> float:
        """A defender's expected score minus the mean of the declarer's and his partner's, on the
        same split as :meth:`defender_expected`."""
        key = (declarer_tricks, own_won, partner_won)
        if key not in self._standing:
            if self.seat == self.declarer:
                raise ValueError("the declarer has no defender's standing")
            own, partner = self._defenders_expected(*key)
            declarer = self._declarer_table[declarer_tricks][0]  # the declarer's row ignores the own-tricks index
            self._standing[key] = own - (partner + declarer) / 2
        return self._standing[key]

    def _defenders_expected(self, declarer_tricks: int, own_won: int, partner_won: int) -> Tuple[float, float]:
        """The seat's and his partner's expected scores, the open tricks split by coin tosses."""
        key = (declarer_tricks, own_won, partner_won)  # a hint asks for few keys, once a world and card
        cached = self._expected.get(key)
        if cached is None:
            cached = self._expected[key] = self._split_by_coins(*key)
        return cached

    def _split_by_coins(self, declarer_tricks: int, own_won: int, partner_won: int) -> Tuple[float, float]:
        left = 10 - declarer_tricks - own_won - partner_won
        if left < 0:
            raise ValueError("more tricks than a deal has")
        partner = self._partner_table[declarer_tricks]
        own_total = partner_total = 0
        for x in range(left + 1):
            ways = comb(left, x)
            own_total += ways * self._table[declarer_tricks][own_won + x]
            partner_total += ways * partner[partner_won + left - x]
        return own_total / (1 << left), partner_total / (1 << left)


def sure_tricks(declarer_tricks: int, own_won: int, partner_won: int, own_alone: int,
                partner_alone: int = 0) -> Tuple[int, int]:
    """A defender's and his partner's tricks (already won plus sure) when the declarer ends with
    ``declarer_tricks``: each is credited what he takes alone against the other two
    (``own_alone``, ``partner_alone``: searched from now on), capped at the defence's open tricks;
    what is left stays open for the coin split of :meth:`Scorer.defender_standing`."""
    open_tricks = 10 - declarer_tricks - own_won - partner_won
    mine = min(own_alone, open_tricks)
    return own_won + mine, partner_won + min(partner_alone, open_tricks - mine)


@lru_cache(maxsize=512)
def _table(rules: RuleProfile, mode: ScoringMode, seat: int, contract: Contract, declarer: int,
           totals: Optional[Tuple[int, int, int]]) -> Tuple[Tuple[int, ...], ...]:
    """score[declarer tricks][seat's own tricks] (own tricks beyond what is possible: unused)."""
    rows = []
    for t in range(11):
        row = []
        for k in range(11):
            tricks = [0, 0, 0]
            tricks[declarer] = t
            if seat == declarer or k > 10 - t:
                rest = 10 - t
                others = [s for s in range(3) if s != declarer]
                tricks[others[0]], tricks[others[1]] = rest, 0
                if seat != declarer:
                    tricks[seat], tricks[[s for s in others if s != seat][0]] = 0, rest
            else:
                tricks[seat] = k
                tricks[3 - seat - declarer] = 10 - t - k
            delta: Tuple[int, ...] = score_deal(contract, declarer, tricks, rules, mode)
            if totals is not None:
                delta = tuple(n - o for n, o in zip(apply_scores(totals, delta, rules), totals))
            row.append(delta[seat])
        rows.append(tuple(row))
    return tuple(rows)
