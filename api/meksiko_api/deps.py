"""Dependencies the routes ask for: the settings, and the solver pool seen from the request.

They are ``async def``, so FastAPI resolves them on the event loop rather than sending each
request through its thread pool first.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Callable, Optional

from fastapi import Depends, Request

from .middleware import arrival
from .settings import Settings
from .workers import HEAVY, Job, SolverPool


async def get_settings(request: Request) -> Settings:
    return request.app.state.settings


async def get_pool(request: Request) -> SolverPool:
    return request.app.state.pool


class Work:
    """Runs a request's work in the pool as a Job: with a deadline counted from the request's
    arrival, and stopped when the client disconnects."""

    def __init__(self, pool: SolverPool, request: Request) -> None:
        self.pool = pool
        self.request = request

    async def run(self, fn: Callable[[Job], Any], lane: str = HEAVY, budget_ms: Optional[float] = None) -> Any:
        """``fn(job)`` in a thread of ``lane``, within ``budget_ms`` (default and at most the server's)."""
        job = self.pool.job(arrival(self.request.scope), budget_ms, lane)
        watcher = asyncio.ensure_future(_watch_disconnect(self.request, job))
        try:
            return await self.pool.run(fn, lane=lane, job=job)
        finally:
            watcher.cancel()


async def _watch_disconnect(request: Request, job: Job) -> None:
    """Mark the job gone when the client disconnects (the body is already read: the server's
    next message is the disconnect, sent when the client goes or the response is complete)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            job.gone.set()
            return


async def get_work(request: Request) -> Work:
    return Work(request.app.state.pool, request)


AppSettings = Annotated[Settings, Depends(get_settings)]
Pool = Annotated[SolverPool, Depends(get_pool)]
RequestWork = Annotated[Work, Depends(get_work)]
