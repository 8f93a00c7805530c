"""The match duplicate: two policies judged on games won, not on points of one deal.

State i (scores, dealer) is drawn from ``seed`` (:func:`draw_states`: every seat's total
uniform over the 15 points below the target, no lower than the profile's floor, and a dealer
uniform over the seats) and played to the end of the game four times: B in every seat
(``"base"``), then A in seat k and B in the other two (``"A in seat k"``, k = 0, 1, 2). The four
games meet the same deals in the same order (deal j of state i is drawn from ``seed``, ``i`` and
``j`` alone), so what differs is what the policies did with them.

The measure is paired: seat k's win in A's game minus its win in the base game (1 for a win,
1/w for a win shared by w seats, else 0), a seat-state. Its mean is reported with a 95% interval
whose unit is the state (its three seat-states are not independent). A game still going after
:data:`MAX_DEALS` deals (a long run of shared leads) is a win shared by the leaders then.

>>> r = run_match_duplicate(states=1, seed=7, policies="baseline,baseline", target=31)
>>> r.summary["win_difference"]["mean"], [g["game"] for g in r.states[0]["games"]]
(0.0, ['base', 'A in seat 0', 'A in seat 1', 'A in seat 2'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..game import play_deal
from ..game_state import GameState
from ..options import check_samples, check_seed
from ..rules import game_config
from ..scoring import apply_scores, game_winners
from ..studies.executors import check_address
from .duplicate import Z95, make_policy, parse_pair
from .parallel import check_workers, ordered_calls

STATE_SPREAD = 15  # every seat starts within this many points below the target
MAX_DEALS = 200  # deals per game at most; from 15 below a target of 31 a game takes a few


def draw_states(states: int, seed: int, rules: Optional[str] = None, mode: Optional[str] = None,
                target: Optional[int] = None) -> List[GameState]:
    """``states`` game states drawn from ``seed`` (module docstring)."""
    config = game_config(rules, mode, "standard", target)
    assert config.target is not None
    floor = config.rules.total_floor
    low = config.target - STATE_SPREAD if floor is None else max(floor, config.target - STATE_SPREAD)
    rng = random.Random(f"match-states:{seed}")
    drawn = []
    for _ in range(states):
        scores = (rng.randint(low, config.target - 1), rng.randint(low, config.target - 1),
                  rng.randint(low, config.target - 1))
        drawn.append(GameState(scores, rng.randrange(3), config.target, config.rules.name, config.mode.name))
    return drawn


def play_from(state: GameState, names: Sequence[str], samples: int, seed: int, index: int) -> Dict[str, Any]:
    """The rest of the game from ``state`` with ``names[s]`` in seat s: its deal records (as
    dicts), final totals and winners."""
    config = state.config
    policies = [make_policy(n, samples, seed, target=state.target) for n in names]
    totals, dealer = state.scores, state.dealer
    deals: List[Dict[str, Any]] = []
    winners: Optional[Tuple[int, ...]] = None
    while winners is None and len(deals) < MAX_DEALS:
        deal_seed = random.Random(f"match-deal:{seed}:{index}:{len(deals)}")
        record = play_deal(policies, dealer, deal_seed, config.rules, config.mode.name, totals)
        deals.append(record.to_dict())
        assert record.scores is not None
        totals = apply_scores(totals, record.scores, config.rules)
        winners = game_winners(config, totals, len(deals), record.declarer, record.tricks_won)
        dealer = (dealer + 1) % 3
    if winners is None:  # MAX_DEALS played: shared by the leaders
        winners = tuple(s for s in range(3) if totals[s] == max(totals))
    return {"policies": list(names), "deals": deals, "final": list(totals),
            "winner": winners[0] if len(winners) == 1 else list(winners)}


def win_share(game: Dict[str, Any], seat: int) -> float:
    winner = game["winner"]
    seats = winner if isinstance(winner, list) else [winner]
    return 1 / len(seats) if seat in seats else 0.0


def play_match_state(index: int, state: GameState, a: str, b: str, samples: int, seed: int) -> Dict[str, Any]:
    """State ``index`` played four times (module docstring) and judged: its record for ``--json``."""
    base = {"game": "base", **play_from(state, [b, b, b], samples, seed, index)}
    games = [base]
    differences = []
    for k in range(3):
        names = [b, b, b]
        names[k] = a
        game = {"game": f"A in seat {k}", **play_from(state, names, samples, seed, index)}
        games.append(game)
        differences.append(win_share(game, k) - win_share(base, k))
    return {**state.to_dict(), "games": games, "differences": differences}


@dataclass
class MatchResult:
    states: List[Dict[str, Any]]
    summary: Dict[str, Any]

    def to_dict(self) -> Dict[str, Any]:
        return {"states": [{k: v for k, v in s.items() if k != "differences"} for s in self.states],
                "summary": self.summary}

    def __str__(self) -> str:
        s = self.summary
        d = s["win_difference"]
        ci = "" if d["ci95"] is None else f" [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]"
        return (f"match duplicate: {s['policies']['A']} against {s['policies']['B']}, {s['states']} states "
                f"(seed {s['seed']}, {s['rules']} {s['mode']}, target {s['target']}, {s['samples']} worlds)\n"
                f"  games won per seat-state, A's game minus the base game: {d['mean']:+.3f}{ci} "
                f"(95% interval, clustered by state)\n"
                f"  A's seat won {s['a_wins']:.3f} of its games (1/3 if level); {s['deals']} deals played")


def summarise(per_state: Sequence[Sequence[float]]) -> Dict[str, Any]:
    """Mean seat-state difference with its 95% interval from the states' means."""
    means = [sum(d) / len(d) for d in per_state]
    n = len(means)
    if n == 0:
        return {"n": 0, "mean": None, "ci95": None}
    m = sum(means) / n
    if n == 1:
        return {"n": 3, "states": 1, "mean": round(m, 4), "ci95": None}
    sd = (sum((x - m) ** 2 for x in means) / (n - 1)) ** 0.5
    half = Z95 * sd / n ** 0.5
    return {"n": 3 * n, "states": n, "mean": round(m, 4), "ci95": [round(m - half, 4), round(m + half, 4)]}


def run_match_duplicate(states: int = 100, seed: int = 0, policies: object = "hint,hint-v1", samples: int = 50,
                        rules: Optional[str] = None, mode: Optional[str] = None, target: Optional[int] = None,
                        workers: int = 1, scheduler: Optional[str] = None,
                        progress: Optional[Callable[[int, int], None]] = None) -> MatchResult:
    """Play ``states`` seeded game states to the end in match duplicate between ``A,B``."""
    check_samples(states, "states")
    check_samples(samples)
    check_seed(seed)
    check_workers(workers)
    if scheduler is not None:
        scheduler = check_address(scheduler)
    a, b = parse_pair(policies)
    drawn = draw_states(states, seed, rules, mode, target)
    first = drawn[0]
    calls = [(i, s, a, b, samples, seed) for i, s in enumerate(drawn)]
    played = []
    for outcome in ordered_calls(play_match_state, calls, workers, scheduler, "meksiko-match-state"):
        played.append(outcome)
        if progress:
            progress(len(played), states)
    games = [g for s in played for g in s["games"]]
    summary = {
        "states": states, "seed": seed, "policies": {"A": a, "B": b}, "samples": samples,
        "rules": first.rules, "mode": first.mode, "target": first.target,
        "win_difference": summarise([s["differences"] for s in played]),
        "a_wins": round(sum(win_share(g, int(g["game"][-1])) for g in games if g["game"] != "base") / (3 * states), 4),
        "deals": sum(len(g["deals"]) for g in games),
    }
    return MatchResult(played, summary)
