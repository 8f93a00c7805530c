"""A wall-clock time budget: the hints' and the review's (each stage of a hint gets a share)."""

from __future__ import annotations

import time
from typing import Callable, Optional

from .options import check_time_budget


class Budget:
    """A wall-clock budget started at construction; ``None`` milliseconds means no limit.

    ``checkpoint``, if given, is called before each engine call; it may raise to stop the work
    (the HTTP service stops work for a client that has gone). ``ran_out``: some work was left
    undone because this budget (or a stage's share of it) was spent.
    """

    def __init__(self, ms: Optional[float], checkpoint: Optional[Callable[[], None]] = None,
                 parent: Optional["Budget"] = None) -> None:
        self.ms = check_time_budget(ms)
        self.start = time.perf_counter()
        self.checkpoint = checkpoint
        self.parent = parent
        self.ran_out = False

    def mark_ran_out(self) -> None:
        """Work was cut short by the budget (a stage's cut counts for the whole budget)."""
        self.ran_out = True
        if self.parent is not None:
            self.parent.mark_ran_out()

    @property
    def limited(self) -> bool:
        return self.ms is not None

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def remaining(self) -> float:
        """Seconds left (infinite without a limit)."""
        return float("inf") if self.ms is None else self.ms / 1000.0 - self.elapsed()

    def fraction(self, share: float) -> "Budget":
        """A budget for a stage: ``share`` of the time still left (unlimited stays unlimited)."""
        child = Budget(None, self.checkpoint, self)
        if self.ms is not None:
            child.ms = max(1e-3, share * self.remaining() * 1000.0)
        return child
