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
from typing import Any, Callable, Iterator, List, Sequence, Tuple

from .. import engine
from ..errors import MeksikoError
from ..budget import Budget

TT_BYTES = engine.HINT_TABLE_BYTES  # per worker thread and engine call: hint positions are small
MAX_CHUNK = 64  # worlds per engine call under a time budget (or with a checkpoint)


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
