"""The arena: policies play seeded rounds against each other, seats rotated, deals duplicated.

Deal k (``random.Random(seed * 1_000_003 + k)``, the engine of round ``k % 13``, starter
``k % players``) is played ``players`` times, the lineup rotated one seat each time, so every
policy holds every hand of the deal from every seat. A round's points are the pips left in
hand (0-0 counting 50; 0 for the player who went out); its winners are the players with the
fewest points (a tie shares the win).

Per policy: mean points per round and win rate, each with a 95% interval. Between the first
two policies of the lineup (A and B), two differences, both paired by deal:

- ``difference``: in the same games, the mean over the seats A held minus the mean over the
  seats B held;
- ``duplicate``: each deal is also played once with B at every seat (the reference table);
  for every seat A held, A's points there minus B's points at that seat of the reference table
  — the other seats' policies being the same at both tables, this isolates what A's own play
  changed (duplicate scoring). Measured, its interval is about as wide as the in-game one
  (once A deviates, the two tables' rounds part ways).

Intervals are normal ones over the deals (mean +- 1.96 standard errors), the deals being
independent.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from .errors import MeksikoError
from .hint import HintPolicy
from .policies import BaselinePolicy, RandomPolicy
from .round import Phase, RoundState, deal_round
from .rules import check_players, engine_of_round

POLICY_NAMES = ("hint", "baseline", "random")
Z95 = 1.959964


def make_policy(name: str, seed: int, worlds: int):
    if name == "hint":
        return HintPolicy(worlds=worlds, seed=seed)
    if name == "baseline":
        return BaselinePolicy()
    if name == "random":
        return RandomPolicy(seed)
    raise MeksikoError(f"unknown policy {name!r}: use {', '.join(POLICY_NAMES)}")


def parse_lineup(policies: Union[str, Sequence[str], None], players: int) -> List[str]:
    """One policy name per seat; the default is one hint player against baselines."""
    if policies is None:
        return ["hint"] + ["baseline"] * (players - 1)
    names = [p.strip() for p in policies.split(",")] if isinstance(policies, str) else list(policies)
    for name in names:
        if name not in POLICY_NAMES:
            raise MeksikoError(f"unknown policy {name!r}: use {', '.join(POLICY_NAMES)}")
    if len(names) != players:
        raise MeksikoError(f"policies: {len(names)} names ({','.join(names)}) for {players} players: give one a seat")
    return names


@dataclass(frozen=True)
class Interval:
    mean: float
    low: float
    high: float

    @staticmethod
    def of(samples: Sequence[float]) -> "Interval":
        n = len(samples)
        mean = sum(samples) / n
        if n < 2:
            return Interval(mean, float("nan"), float("nan"))
        var = sum((x - mean) ** 2 for x in samples) / (n - 1)
        half = Z95 * math.sqrt(var / n)
        return Interval(mean, mean - half, mean + half)

    def to_dict(self) -> Dict[str, Any]:
        # No interval from one sample: None rather than NaN, which is not standard JSON.
        ci = None if math.isnan(self.low) else [round(self.low, 4), round(self.high, 4)]
        return {"mean": round(self.mean, 4), "ci95": ci}

    def __str__(self) -> str:
        return f"{self.mean:7.3f} [{self.low:7.3f}, {self.high:7.3f}]"


@dataclass(frozen=True)
class ArenaResult:
    players: int
    lineup: List[str]
    deals: int
    rounds: int
    seed: int
    worlds: int
    points: Dict[str, Interval]
    wins: Dict[str, Interval]
    difference: Optional[Dict[str, Interval]]
    duplicate: Optional[Dict[str, Interval]] = None

    def to_dict(self) -> Dict[str, Any]:
        d = {"players": self.players, "lineup": self.lineup, "deals": self.deals, "rounds": self.rounds,
             "seed": self.seed, "worlds": self.worlds,
             "policies": {name: {"points": self.points[name].to_dict(), "win_rate": self.wins[name].to_dict()}
                          for name in self.points}}
        if self.difference is not None:
            assert self.duplicate is not None  # measured with the difference
            a, b = self.lineup[0], next(n for n in self.lineup if n != self.lineup[0])
            d["difference"] = {"policies": [a, b], **{k: v.to_dict() for k, v in self.difference.items()}}
            d["duplicate"] = {"policies": [a, b], "reference": f"{b} at every seat",
                              **{k: v.to_dict() for k, v in self.duplicate.items()}}
        return d

    def __str__(self) -> str:
        lines = [f"{self.rounds} rounds ({self.deals} deals x {self.players} seatings), {self.players} players, "
                 f"lineup {','.join(self.lineup)}, seed {self.seed}, hint worlds {self.worlds}",
                 "  policy      points per round [95%]        win rate [95%]"]
        for name in self.points:
            lines.append(f"  {name:<9} {self.points[name]}   {self.wins[name]}")
        if self.difference is not None:
            assert self.duplicate is not None  # measured with the difference
            a, b = self.lineup[0], next(n for n in self.lineup if n != self.lineup[0])
            lines.append(f"  {a} - {b}, same games:    points {self.difference['points']}, "
                         f"win rate {self.difference['win_rate']}")
            lines.append(f"  {a} - {b}, duplicate ({b} at every seat of the reference table): "
                         f"points {self.duplicate['points']}, win rate {self.duplicate['win_rate']}")
        return "\n".join(lines)


def round_winners(points: Sequence[int]) -> List[float]:
    low = min(points)
    winners = [p for p, x in enumerate(points) if x == low]
    return [1 / len(winners) if p in winners else 0.0 for p in range(len(points))]


def run_arena(players: int = 4, rounds: int = 200, seed: int = 0, policies=None, worlds: int = 60,
              progress: Optional[Callable[[int, int], None]] = None) -> ArenaResult:
    """Play ``rounds`` rounds (rounded up to whole deals of ``players`` seatings)."""
    check_players(players)
    lineup = parse_lineup(policies, players)
    for name, value in (("rounds", rounds), ("worlds", worlds)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise MeksikoError(f"{name} must be a whole number >= 1, not {value!r}")
    deals = -(-rounds // players)
    names = list(dict.fromkeys(lineup))
    per_deal_points: Dict[str, List[float]] = {n: [] for n in names}
    per_deal_wins: Dict[str, List[float]] = {n: [] for n in names}
    duplicate_points: List[float] = []
    duplicate_wins: List[float] = []
    played = 0

    def play(deal, starter: int, seating: Sequence[str], k: int) -> List[int]:
        seat_policies = [make_policy(name, seed * 7_919 + k * 31 + s, worlds) for s, name in enumerate(seating)]
        state = RoundState.from_deal(deal, starter)
        while state.phase is not Phase.OVER:
            state.apply(seat_policies[state.turn].choose(state))
        return state.points()

    for k in range(deals):
        deal = deal_round(players, engine_of_round(k % 13), random.Random(seed * 1_000_003 + k))
        starter = k % players
        sums = {n: [0.0, 0.0, 0] for n in names}
        reference = None
        if len(names) >= 2:
            reference = play(deal, starter, [names[1]] * players, k)
            reference_wins = round_winners(reference)
            dup = [0.0, 0.0, 0]
        for shift in range(players):
            seating = [lineup[(s - shift) % players] for s in range(players)]
            points = play(deal, starter, seating, k)
            wins = round_winners(points)
            for s, name in enumerate(seating):
                sums[name][0] += points[s]
                sums[name][1] += wins[s]
                sums[name][2] += 1
                if reference is not None and name == names[0]:
                    dup[0] += points[s] - reference[s]
                    dup[1] += wins[s] - reference_wins[s]
                    dup[2] += 1
            played += 1
            if progress is not None:
                progress(played, deals * players)
        for n in names:
            per_deal_points[n].append(sums[n][0] / sums[n][2])
            per_deal_wins[n].append(sums[n][1] / sums[n][2])
        if reference is not None:
            duplicate_points.append(dup[0] / dup[2])
            duplicate_wins.append(dup[1] / dup[2])
    difference = duplicate = None
    if len(names) >= 2:
        a, b = names[0], names[1]
        difference = {
            "points": Interval.of([x - y for x, y in zip(per_deal_points[a], per_deal_points[b])]),
            "win_rate": Interval.of([x - y for x, y in zip(per_deal_wins[a], per_deal_wins[b])]),
        }
        duplicate = {"points": Interval.of(duplicate_points), "win_rate": Interval.of(duplicate_wins)}
    return ArenaResult(players, lineup, deals, deals * players, seed, worlds,
                       {n: Interval.of(per_deal_points[n]) for n in names},
                       {n: Interval.of(per_deal_wins[n]) for n in names}, difference, duplicate)
