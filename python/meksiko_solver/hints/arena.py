"""The arena: seeded deals played by chosen policies, judged double-dummy.

Deal i is dealt from ``random.Random(seed * 1_000_003 + i)`` with dealer ``i % 3``; the lineup
(one policy name per seat) is rotated by ``(i // 3) % 3`` seats, so over nine deals every policy
sits at every seat against every dealer position. Every card played is judged against the
double-dummy value of the position it was played from (the real deal, all hands known):

    tricks lost = value before the card - value after it   (declarer's side)
                = value after the card - value before it   (defenders)

(values are the declarer's tricks with best play from there; never negative). Per policy the
arena reports, as declarer and as defender, the cards played and the average tricks lost per
card, the contracts declared and made, and the average deal score per seat and deal.

Calibration: the first bid hint each hint-playing seat gets in a deal predicts, for every
contract, the probability of making it as declarer. The outcome is the double-dummy declarer
analysis of the real deal for that seat (best discard and trump; Meksiko without the talon).
The Brier score is the mean of (probability - outcome)^2 over those predictions; the
reference is the Brier score of always predicting each contract's observed frequency (skill =
1 - Brier / reference), and a reliability table bins the predictions.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from .. import engine
from ..analysis import analyze_many
from ..auction import CONTRACTS, MEKSIKO
from ..errors import MeksikoError
from ..game import play_deal
from ..deal import Phase
from ..policies import RandomPolicy
from ..record import DealRecord
from ..cards import Suit, cards_to_mask
from ..options import check_samples, check_seed
from ..rules import RuleProfile, get_rules
from .batch import TT_BYTES, check
from .policy import BaselinePolicy, HintPolicy

POLICIES = ("hint", "baseline", "random")
DEFAULT_LINEUP = ("hint", "baseline", "baseline")
ROLES = ("declarer", "defender")


def deal_seed(seed: int, i: int) -> random.Random:
    """The generator deal ``i`` of a run seeded ``seed`` is dealt from (the arenas' and every tool's
    that replays their deals)."""
    return random.Random(seed * 1_000_003 + i)


def make_policy(name: str, samples: int, seed: int, on_hint=None):
    if name == "hint":
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint)
    if name == "baseline":
        return BaselinePolicy()
    if name == "random":
        return RandomPolicy(seed)
    raise MeksikoError(f"unknown policy {name!r}: valid policies are {', '.join(POLICIES)}")


def parse_lineup(value: object) -> List[str]:
    """Three policy names from a list or a comma-separated string (one name: all three seats)."""
    if not isinstance(value, str) and not hasattr(value, "__iter__"):
        raise MeksikoError(f"policies: give a list of names or a comma-separated string, not {value!r}")
    names = value.split(",") if isinstance(value, str) else list(value)
    names = [str(n).strip().lower() for n in names if str(n).strip()]
    if len(names) == 1:
        names *= 3
    if len(names) != 3:
        raise MeksikoError(f"policies: give one name per seat (three), not {len(names)}: {', '.join(names)}")
    for n in names:
        if n not in POLICIES:
            raise MeksikoError(f"unknown policy {n!r}: valid policies are {', '.join(POLICIES)}")
    return names


@dataclass
class PolicyStats:
    cards: Dict[str, int] = field(default_factory=lambda: {r: 0 for r in ROLES})
    lost: Dict[str, int] = field(default_factory=lambda: {r: 0 for r in ROLES})
    choices: Dict[str, int] = field(default_factory=lambda: {r: 0 for r in ROLES})  # cards with 2+ legal
    declared: int = 0
    made: int = 0
    seat_deals: int = 0
    score: int = 0

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        for r in ROLES:
            out[r] = {"cards": self.cards[r], "tricks_lost": self.lost[r],
                      "lost_per_card": round(self.lost[r] / self.cards[r], 4) if self.cards[r] else None,
                      "lost_per_choice": round(self.lost[r] / self.choices[r], 4) if self.choices[r] else None}
        out["contracts"] = {"declared": self.declared, "made": self.made,
                            "made_rate": round(self.made / self.declared, 4) if self.declared else None}
        out["seat_deals"] = self.seat_deals
        out["average_score"] = round(self.score / self.seat_deals, 4) if self.seat_deals else None
        return out


@dataclass(frozen=True)
class Calibration:
    """How well the bid hint's predicted chances of making match the double-dummy outcomes.

    ``brier``: the mean of (probability - outcome)^2 over ``predictions``; ``reference``: the same
    for always predicting each contract's observed frequency; ``skill`` = 1 - brier / reference.
    ``per_contract``: contract -> ``{"brier", "predicted", "observed"}``; ``reliability``: ten
    bins of the predictions, ``{"from", "to", "count", "predicted", "observed"}`` each. Without
    any prediction only ``hints`` and ``predictions`` (0) are set.
    """

    hints: int
    predictions: int
    brier: Optional[float] = None
    reference: Optional[float] = None
    skill: Optional[float] = None
    per_contract: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    reliability: Tuple[Mapping[str, Any], ...] = ()

    def to_dict(self) -> Dict[str, Any]:
        if not self.predictions:
            return {"hints": self.hints, "predictions": self.predictions}
        return {"hints": self.hints, "predictions": self.predictions, "brier": self.brier,
                "reference": self.reference, "skill": self.skill,
                "per_contract": {c: dict(v) for c, v in self.per_contract.items()},
                "reliability": [dict(b) for b in self.reliability]}


@dataclass
class ArenaResult:
    deals: int
    seed: int
    lineup: List[str]
    samples: int
    rules: str
    mode: str
    stats: Dict[str, PolicyStats]
    calibration: Calibration
    records: List[DealRecord] = field(default_factory=list, repr=False)

    def to_dict(self) -> Dict[str, Any]:
        return {"deals": self.deals, "seed": self.seed, "policies": list(self.lineup), "samples": self.samples,
                "rules": self.rules, "mode": self.mode,
                "results": {name: s.to_dict() for name, s in self.stats.items()},
                "calibration": self.calibration.to_dict()}

    def __str__(self) -> str:
        lines = [f"arena: {self.deals} deals, seed {self.seed}, lineup {', '.join(self.lineup)} (rotated), "
                 f"{self.rules}/{self.mode}, hint samples {self.samples}",
                 f"{'policy':<10} {'role':<9} {'cards':>6} {'lost/card':>9} {'lost/choice':>11}",
                 ]
        for name, s in self.stats.items():
            d = s.to_dict()
            for r in ROLES:
                per = d[r]["lost_per_card"]
                ch = d[r]["lost_per_choice"]
                lines.append(f"{name:<10} {r:<9} {d[r]['cards']:>6} {'-' if per is None else f'{per:.4f}':>9} "
                             f"{'-' if ch is None else f'{ch:.4f}':>11}")
        lines.append(f"{'policy':<10} {'declared':>8} {'made':>5} {'made %':>7} {'seat-deals':>10} {'avg score':>9}")
        for name, s in self.stats.items():
            d = s.to_dict()
            rate = d["contracts"]["made_rate"]
            avg = d["average_score"]
            lines.append(f"{name:<10} {s.declared:>8} {s.made:>5} {'-' if rate is None else f'{100 * rate:.1f}':>7} "
                         f"{s.seat_deals:>10} {'-' if avg is None else f'{avg:.3f}':>9}")
        cal = self.calibration.to_dict()
        if cal.get("predictions"):
            lines.append(f"bid hint calibration: {cal['hints']} hints, {cal['predictions']} predictions, "
                         f"Brier {cal['brier']:.4f} (reference {cal['reference']:.4f}, skill {cal['skill']:.3f})")
            lines.append("  per contract: " + ", ".join(
                f"{c} {v['brier']:.3f} ({v['predicted']:.2f}/{v['observed']:.2f})"
                for c, v in cal["per_contract"].items()))
            lines.append("  reliability: " + ", ".join(
                f"[{b['from']:.1f},{b['to']:.1f}) n={b['count']} p={b['predicted']:.2f} obs={b['observed']:.2f}"
                for b in cal["reliability"] if b["count"]))
        return "\n".join(lines)


def run_arena(deals: int = 200, seed: int = 0, policies: object = DEFAULT_LINEUP, samples: int = 50,
              rules: Optional[str] = None, mode: Optional[str] = None,
              progress: Optional[Callable[[int, int], None]] = None) -> ArenaResult:
    """Play ``deals`` seeded deals with the lineup ``policies`` (rotated) and judge them."""
    check_samples(deals, "deals")
    check_samples(samples)
    check_seed(seed)
    lineup = parse_lineup(policies)
    profile = get_rules(rules)
    scoring = profile.mode(mode)
    predictions: Dict[Tuple[int, int], Dict[str, float]] = {}
    current = {"deal": 0}

    def on_hint(phase: str, view, hint) -> None:
        if phase == Phase.AUCTION:
            predictions.setdefault((current["deal"], view.seat), dict(hint.predictions))

    instances = {name: make_policy(name, samples, seed, on_hint) for name in set(lineup)}
    stats = {name: PolicyStats() for name in dict.fromkeys(lineup)}
    records: List[DealRecord] = []
    seats_of: List[List[str]] = []
    for i in range(deals):
        current["deal"] = i
        rot = (i // 3) % 3
        names = [lineup[(s + rot) % 3] for s in range(3)]
        record = play_deal([instances[n] for n in names], dealer=i % 3,
                           seed=deal_seed(seed, i), rules=profile, mode=scoring.name)
        records.append(record)
        seats_of.append(names)
        if progress:
            progress(i + 1, deals)
    _judge_cards(records, seats_of, stats)
    for record, names in zip(records, seats_of):
        scores = record.scores
        for s in range(3):
            st = stats[names[s]]
            st.seat_deals += 1
            st.score += scores[s]  # type: ignore[index]
        st = stats[names[record.declarer]]  # type: ignore[index]
        st.declared += 1
        st.made += record.tricks_won[record.declarer] >= record.contract.tricks_needed  # type: ignore[index, union-attr]
    calibration = _calibration(records, predictions, profile)
    return ArenaResult(deals, seed, lineup, samples, profile.name, scoring.name, stats, calibration, records)


def _judge_cards(records: Sequence[DealRecord], seats_of: Sequence[Sequence[str]],
                 stats: Dict[str, PolicyStats]) -> None:
    """Double-dummy tricks lost by every card of every deal, added to the playing policy's stats."""
    items, meta = [], []
    for record, names in zip(records, seats_of):
        state = DealRecord.from_dict({**record.to_dict(), "play": []}).replay()
        trump = Suit.NO_TRUMP if state.trump is None else state.trump
        for card in record.play:
            seat = state.to_move
            hands = [cards_to_mask(state.hand(s)) for s in range(3)]
            trick = [c.index for c in state.trick_cards]
            assert state.declarer is not None and state.leader is not None  # a deal in play has both
            items.append((hands, trump, state.declarer, state.leader, trick))
            meta.append((names[seat], seat == state.declarer, card.index, len(state.legal_cards()) > 1))  # type: ignore[index]
            state.play(card)
    results = engine.solve_batch(items, True, False, 0, TT_BYTES)
    check(results)
    for (name, declaring, card_index, choice), r in zip(meta, results):
        value = dict(r.card_values)[card_index]
        lost = r.tricks - value if declaring else value - r.tricks
        role = "declarer" if declaring else "defender"
        st = stats[name]
        st.cards[role] += 1
        st.lost[role] += lost
        st.choices[role] += choice


def _calibration(records: Sequence[DealRecord], predictions: Dict[Tuple[int, int], Dict[str, float]],
                 profile: RuleProfile) -> Calibration:
    if not predictions:
        return Calibration(0, 0)
    keys = sorted(predictions)
    by_key: Dict[Tuple[int, int], Any] = {}
    for seat in range(3):
        mine = [k for k in keys if k[1] == seat]
        if mine:
            deals = [(records[i].hands, records[i].talon) for i, _ in mine]
            by_key.update(zip(mine, analyze_many(deals, declarer=seat, rules=profile)))
    analyses = [by_key[k] for k in keys]
    pairs = []  # (contract, probability, outcome)
    for (i, seat), a in zip(keys, analyses):
        best = a.best["tricks"]
        meksiko = any(v == 10 for v in a.meksiko.values())
        for contract in CONTRACTS:
            outcome = meksiko if contract == MEKSIKO else best >= contract.tricks_needed
            pairs.append((contract, predictions[(i, seat)][contract], float(outcome)))
    brier = sum((p - o) ** 2 for _, p, o in pairs) / len(pairs)
    per_contract: Dict[str, Any] = {}
    reference = 0.0
    for contract in CONTRACTS:
        rows = [(p, o) for c, p, o in pairs if c == contract]
        freq = sum(o for _, o in rows) / len(rows)
        ref = sum((freq - o) ** 2 for _, o in rows)
        reference += ref
        per_contract[contract] = {"brier": round(sum((p - o) ** 2 for p, o in rows) / len(rows), 4),
                                  "predicted": round(sum(p for p, _ in rows) / len(rows), 4),
                                  "observed": round(freq, 4)}
    reference /= len(pairs)
    bins = defaultdict(list)
    for _, p, o in pairs:
        bins[min(int(p * 10), 9)].append((p, o))
    reliability = [{"from": b / 10, "to": (b + 1) / 10, "count": len(bins[b]),
                    "predicted": round(sum(p for p, _ in bins[b]) / len(bins[b]), 4) if bins[b] else None,
                    "observed": round(sum(o for _, o in bins[b]) / len(bins[b]), 4) if bins[b] else None}
                   for b in range(10)]
    return Calibration(len(keys), len(pairs), round(brier, 4), round(reference, 4),
                       round(1 - brier / reference, 4) if reference else None, per_contract, tuple(reliability))
