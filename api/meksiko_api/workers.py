"""The threads that run the library, so solving never blocks the event loop, in two lanes.

The engine releases the GIL, so the worker threads solve in parallel on every core. Work is
sorted by cost into two *lanes*, each with its own ``Settings.workers`` threads and its own
queue, so that cheap requests are never stuck behind expensive ones:

- ``quick``: work bounded by a few double-dummy searches (solve, analyze, a table position,
  a table move by the random policy): milliseconds each;
- ``heavy``: work that samples worlds (hints, review, a table move by the hint policy).

Each thread keeps its own solver and transposition table (``meksiko_solver.solver.thread_solver``),
so the thread count bounds the memory and CPU a burst takes. A lane holds at most
``workers + max_queue`` requests; beyond that a request is refused at once with 503 and
``Retry-After`` (:class:`~.errors.BusyError`) instead of waiting without limit.

Every request is a :class:`Job` with a deadline counted from its arrival (time in the queue
included). Its work gets the job and calls ``job.checkpoint()`` between steps (the library's
``checkpoint=`` arguments): that raises once the client has disconnected
(:class:`ClientGone`) or the deadline has passed (:class:`~.errors.TimeBudgetError`), so work
for a client that has gone, or past its budget, stops at the next step. Hints instead get the
time left as the library's own ``time_budget_ms`` (they answer with the worlds solved by then)
and stop only for a client that has gone (``job.stop_if_gone``). A job whose client went away
while it was queued never starts.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, Optional

from .errors import BusyError, ClientGone, TimeBudgetError

QUICK, HEAVY = "quick", "heavy"
LANES = (QUICK, HEAVY)


class Job:
    """One request's work: its deadline and whether its client is still there."""

    def __init__(self, arrival: float, budget_ms: float, retry_after: int = 1) -> None:
        self.arrival = arrival
        self.budget_ms = budget_ms
        self.deadline = arrival + budget_ms / 1000.0
        self.retry_after = retry_after
        self.gone = threading.Event()

    def remaining_ms(self) -> float:
        return (self.deadline - time.monotonic()) * 1000.0

    def stop_if_gone(self) -> None:
        """Raise ClientGone once the client has disconnected."""
        if self.gone.is_set():
            raise ClientGone("the client disconnected")

    def checkpoint(self) -> None:
        """Raise if the work should stop: the client has gone or the time budget is spent."""
        self.stop_if_gone()
        if time.monotonic() >= self.deadline:
            raise TimeBudgetError(
                f"the request ran out of its time budget of {self.budget_ms:g} ms (counted from its arrival, "
                f"the wait for a solver thread included) before its work was done: ask for less (fewer samples, "
                f"a shorter record) or retry later", self.retry_after)


class Lane:
    """``threads`` threads and room for ``max_queue`` more requests waiting."""

    def __init__(self, name: str, threads: int, max_queue: int, retry_after: int) -> None:
        self.name = name
        self.threads = threads
        self.max_queue = max_queue
        self.retry_after = retry_after
        self._pending = 0  # requests queued or running
        self._lock = threading.Lock()
        self._executor: Optional[ThreadPoolExecutor] = None

    @property
    def pending(self) -> int:
        return self._pending

    def _admit(self) -> None:
        with self._lock:
            if self._pending >= self.threads + self.max_queue:
                raise BusyError(f"the server is busy: {self._pending} {self.name} requests are being solved or "
                                f"waiting (at most {self.threads + self.max_queue}); retry after "
                                f"{self.retry_after} s", self.retry_after)
            self._pending += 1

    def _done(self) -> None:
        with self._lock:
            self._pending -= 1

    async def run(self, job: Job, fn: Callable[[Job], Any]) -> Any:
        self._admit()
        if self._executor is None:  # only the event loop's thread gets here: no race
            self._executor = ThreadPoolExecutor(max_workers=self.threads,
                                                thread_name_prefix=f"meksiko-solver-{self.name}")

        def work() -> Any:
            try:
                job.stop_if_gone()  # a client gone while queued: do not start
                return fn(job)
            finally:
                self._done()

        try:
            future = self._executor.submit(work)
        except BaseException:
            self._done()
            raise
        try:
            return await asyncio.wrap_future(future)
        except asyncio.CancelledError:  # the request's task was cancelled: stop its work too
            job.gone.set()
            raise

    def shutdown(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


class SolverPool:
    """The two lanes, each of ``workers`` threads (started at the first call, and again after a
    shutdown) and a queue of ``max_queue``."""

    def __init__(self, workers: int, max_queue: int = 32, max_time_budget_ms: int = 10_000,
                 heavy_workers: Optional[int] = None) -> None:
        self.workers = workers
        self.max_time_budget_ms = max_time_budget_ms
        heavy_retry = max(1, math.ceil(max_time_budget_ms / 1000))  # a heavy slot frees by then
        self.lanes: Dict[str, Lane] = {QUICK: Lane(QUICK, workers, max_queue, 1),
                                       HEAVY: Lane(HEAVY, workers if heavy_workers is None else heavy_workers,
                                                   max_queue, heavy_retry)}

    def job(self, arrival: Optional[float] = None, budget_ms: Optional[float] = None, lane: str = HEAVY) -> Job:
        """A job arrived at ``arrival`` (time.monotonic(), default now) with ``budget_ms`` (at most
        the server's, which is also the default)."""
        budget = self.max_time_budget_ms if budget_ms is None else min(budget_ms, self.max_time_budget_ms)
        return Job(time.monotonic() if arrival is None else arrival, budget, self.lanes[lane].retry_after)

    async def run(self, fn: Callable[..., Any], *args: Any, lane: str = HEAVY, job: Optional[Job] = None,
                  **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)`` in a thread of ``lane``; its exception (e.g. a MeksikoError) is
        raised here. With ``job``, fn is called as ``fn(job, *args, **kwargs)``."""
        if job is None:
            return await self.lanes[lane].run(self.job(lane=lane), lambda _job: fn(*args, **kwargs))
        return await self.lanes[lane].run(job, lambda j: fn(j, *args, **kwargs))

    def shutdown(self) -> None:
        """Wait for the solves in progress, drop those waiting, end the threads."""
        for lane in self.lanes.values():
            lane.shutdown()
