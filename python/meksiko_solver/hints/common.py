"""What every hint shares: parsing its arguments, sampling its worlds, and its result's frame."""

from __future__ import annotations

from dataclasses import dataclass, field
import reprlib
from typing import Any, Callable, Dict, Iterator, Optional, Tuple

from ..errors import OptionError
from .engine import Budget
from .sampling import Layout, World
from .view import View, parse_view

DEFAULT_SAMPLES = 200
MAX_SAMPLES = 10**9  # worlds one hint may ask for (a time budget bounds what is solved)


def check_samples(samples: object) -> int:
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise OptionError(f"samples must be a positive whole number up to {MAX_SAMPLES}, not {reprlib.repr(samples)}")
    return samples


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise OptionError(f"seed must be a whole number, not {reprlib.repr(seed)}")
    return seed


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

    @property
    def exhaustive(self) -> bool:
        return self.worlds == self.consistent

    def frame(self) -> Dict[str, Any]:
        return {"seat": self.seat, "worlds": self.worlds, "samples": self.samples, "seed": self.seed,
                "consistent_worlds": self.consistent, "exhaustive": self.exhaustive}


def rnd(x: float) -> float:
    return round(x, 4)
