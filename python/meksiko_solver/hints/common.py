"""What every hint shares: parsing its arguments, sampling its worlds, and its result's frame."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterator, Optional, Tuple

from ..budget import Budget
from ..game_state import GameState
from ..options import check_samples, check_seed

from .sampling import Layout, World
from .view import View, parse_view

DEFAULT_SAMPLES = 200


@dataclass
class Worlds:
    """The sampled (or enumerated) worlds of a view: a lazy iterator plus the exact count."""

    layout: Layout
    count: int  # consistent worlds in all
    requested: int
    iterator: Iterator[World]

    @property
    def exhaustive(self) -> bool:
        """Every consistent world is used (there were no more than requested)."""
        return self.count <= self.requested


def start(view: object, samples: object, seed: object, time_budget_ms: Optional[float],
          checkpoint: Optional[Callable[[], None]] = None) -> Tuple[View, Worlds, Budget]:
    """Parse the arguments common to the hints, start the clock and the world sampler."""
    budget = Budget(time_budget_ms, checkpoint)
    v = parse_view(view)
    n = check_samples(samples)
    s = check_seed(seed)
    layout = v.layout()
    count = layout.count()
    return v, Worlds(layout, count, n, layout.sample(n, s)), budget


@dataclass
class HintResult:
    """The frame of every hint's answer; ``to_dict`` adds the hint's own fields."""

    seat: int
    worlds: int  # worlds actually solved
    samples: int  # worlds requested
    seed: int
    consistent: int  # consistent worlds in all
    elapsed: float = field(default=0.0, compare=False)  # seconds (not in to_dict: not deterministic)
    weighting: Dict[str, Any] = field(default_factory=dict)  # inference, weights, drawn, ess (to_dict)
    weighted: Any = field(default=None, compare=False, repr=False)  # the Weighted worlds (for the arena)
    # the time budget stopped the hint before all its worlds were drawn or solved (not in to_dict)
    budget_ran_out: bool = field(default=False, compare=False)
    game: Optional[GameState] = None  # the game the hint plays for (its options then have p_win)

    @property
    def exhaustive(self) -> bool:
        return self.worlds == self.consistent

    def frame(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"seat": self.seat, "worlds": self.worlds, "samples": self.samples, "seed": self.seed,
                               "consistent_worlds": self.consistent, "exhaustive": self.exhaustive}
        if self.game is not None:
            out["game"] = self.game.to_dict()
        return out


def settle(x: float) -> float:
    """A weighted average without its float noise (10.000000000000004 -> 10.0): weights make sums
    inexact in the last bits, far below the sampling error."""
    return round(x, 10)


def rnd(x: float) -> float:
    return round(x, 4)
