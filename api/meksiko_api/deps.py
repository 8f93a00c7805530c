"""Dependencies the routes ask for: the settings and the solver pool of the app."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from .settings import Settings
from .workers import SolverPool


def get_settings(request: Request) -> Settings:
    return request.app.state.settings


def get_pool(request: Request) -> SolverPool:
    return request.app.state.pool


AppSettings = Annotated[Settings, Depends(get_settings)]
Pool = Annotated[SolverPool, Depends(get_pool)]
