"""The threads that run the library, so solving never blocks the event loop.

The engine releases the GIL, so the worker threads solve in parallel on every
core. The pool is fixed in size (``Settings.workers``): each thread keeps its
own solver and transposition table (``meksiko_solver.solver.thread_solver``),
so their number bounds both the memory and the CPU a burst of requests takes;
requests beyond it wait their turn.
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Optional


class SolverPool:
    """``workers`` threads, started at the first call (and again after a shutdown)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: Optional[ThreadPoolExecutor] = None

    async def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)`` in a worker thread; its exception (e.g. a MeksikoError) is raised here."""
        if self._executor is None:  # only the event loop's thread gets here: no race
            self._executor = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="meksiko-solver")
        future = self._executor.submit(functools.partial(fn, *args, **kwargs))
        return await asyncio.wrap_future(future)

    def shutdown(self) -> None:
        """Wait for the solves in progress, drop those waiting, end the threads."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
