"""The FastAPI app: ``create_app(settings)`` builds one; ``app`` is built from the environment.

Run it with ``meksiko-solver serve`` or ``uvicorn meksiko_api.app:app``.
"""

from __future__ import annotations

import importlib
from contextlib import asynccontextmanager
from typing import Optional

from fastapi import FastAPI
from fastapi_offline import FastAPIOffline

import meksiko_solver
from meksiko_solver.process_pool import close_pools

from . import errors
from .middleware import BodySizeLimit, HostCheck
from .settings import Settings
from .workers import SolverPool

#: The routers, by module name in meksiko_api.routers; adding one is adding its name here.
ROUTERS = ("health", "solve", "analyze", "rules", "hints", "review", "deal", "table", "web", "study",
           "mexican_train")

DESCRIPTION = """\
Double-dummy solver for Meksiko, the Serbian three-player card game, over HTTP.

JSON in, JSON out: the same shapes as the `meksiko_solver` library's `to_dict()` and the
CLI's `--json`. Cards are rank + suit (`TH`, `AS`, `7C`; input also takes `10h`, `♥T`);
a hand is a list of cards or a holding `S.H.D.C` such as `AK7.QJ.T98.A`; seats are 0, 1, 2.
Every error is `{"detail": "<message naming the field and the bad value>", "kind": "<kind>",
"field": "<path>"}`: 400 for a body that is not JSON, 408 for one sent too slowly, 413 for one
over the size limit, 415 for one not sent as `Content-Type: application/json`, 421 for a Host
this server does not serve, 422 for a bad value, 503 (with `Retry-After`) when the server is
busy or a request's time budget ran out.
"""


def create_app(settings: Optional[Settings] = None) -> FastAPI:
    settings = settings or Settings.from_env()
    pool = SolverPool(settings.workers, settings.max_queue, settings.max_time_budget_ms, settings.heavy_threads)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        yield
        pool.shutdown()
        close_pools()  # the worker processes (the Mexican Train hints'): a clean stop leaves no child

    # /docs with its assets served by the service itself (fastapi-offline ships Swagger UI and
    # ReDoc, MIT): it works on a machine without internet; no validator is called. /redoc is
    # routers/web.py's (its bundle's one outside image is replaced there).
    app = FastAPIOffline(title="meksiko-solver", version=meksiko_solver.__version__, description=DESCRIPTION,
                         lifespan=lifespan, swagger_ui_parameters={"validatorUrl": None}, redoc_url=None)
    app.state.settings = settings
    app.state.pool = pool
    errors.install(app)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes, timeout_s=settings.body_timeout_s)
    app.add_middleware(HostCheck, hosts=settings.hosts())  # added last: runs first
    for name in ROUTERS:
        app.include_router(importlib.import_module(f"{__package__}.routers.{name}").router)
    return app


app = create_app()
