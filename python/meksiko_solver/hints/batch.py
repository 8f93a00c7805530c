"""Batches of sampled worlds: solved on every core within a time budget.

(The C++ engine itself is reached through :mod:`meksiko_solver.engine`; this module only decides
how many worlds go into each engine call.)

Worlds come from a lazy iterator (sampling costs time too). Without a budget they are all
solved in one engine call (the C++ batch spreads them over every core with the GIL released).
With a budget they are solved in chunks: after each chunk the time per world so far is measured,
the next chunk is sized to half the time left while much is left (then to all of it), and
solving stops when the budget is spent. The
worlds actually used are reported by every hint.
"""

from __future__ import annotations

import time
from itertools import islice
from typing import Any, Callable, Iterator, List, Optional, Sequence, Tuple

from .. import engine
from ..errors import MeksikoError
from ..options import check_time_budget

TT_BYTES = engine.HINT_TABLE_BYTES  # per worker thread and engine call: hint positions are small
MAX_CHUNK = 64  # worlds per engine call under a time budget (or with a checkpoint)


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


def threads() -> int:
    return engine.default_threads()


def solve_worlds(worlds: Iterator[Any], count: int, items_of: Callable[[Any], List[Tuple[Any, ...]]],
                 call: Callable[[List[Tuple[Any, ...]]], Sequence[Any]], budget: Budget,
                 min_worlds: int = 1) -> List[Tuple[Any, List[Any]]]:
    """Solve up to ``count`` worlds: ``(world, results of items_of(world))`` in world order.

    ``call`` runs the engine on a flat list of items; each world contributes ``items_of(world)``.
    With a limited budget at least ``min_worlds`` worlds are solved even if the budget is spent.
    """
    out: List[Tuple[Any, List[Any]]] = []
    cores = threads()
    spent_total = 0.0
    while len(out) < count:
        if budget.checkpoint is not None:
            budget.checkpoint()
        want = count - len(out)
        if budget.checkpoint is not None and not budget.limited:
            want = min(want, MAX_CHUNK)
        if budget.limited:
            left = budget.remaining()
            if not out:
                size = max(min_worlds, 2 * cores)
            else:
                per_world = spent_total / len(out)
                fit = left / per_world if per_world > 0 else float(want)
                if len(out) >= min_worlds and fit < 1:
                    budget.mark_ran_out()
                    break
                # Half the time left per chunk while it is long (each chunk re-measures the pace),
                # so the run closes in on the budget instead of overshooting it on a bad estimate.
                size = int(fit / 2) if fit > 4 * cores else int(fit)
                size = min(max(size, min_worlds - len(out), 1), MAX_CHUNK)
                if size >= cores:
                    size -= size % cores  # whole rounds of the worker threads
            want = min(want, size)
        start = time.perf_counter()
        chunk = list(islice(worlds, want))
        if not chunk:
            break
        items: List[Tuple[Any, ...]] = []
        sizes = []
        for world in chunk:
            its = items_of(world)
            items.extend(its)
            sizes.append(len(its))
        results = list(call(items))
        pos = 0
        for world, n in zip(chunk, sizes):
            out.append((world, results[pos:pos + n]))
            pos += n
        spent_total += time.perf_counter() - start
        if budget.limited and budget.remaining() <= 0 and len(out) >= min_worlds:
            if len(out) < count:
                budget.mark_ran_out()
            break
    return out


def check(results: Sequence[Any]) -> None:
    """Engine results must carry no error (the worlds are consistent by construction)."""
    for r in results:
        if r.error:
            raise MeksikoError(f"internal error: the engine rejected a sampled world: {r.error}")
