"""GET /health: the service is up; its version, workers and limits."""

from __future__ import annotations

from typing import Any, Dict

from fastapi import APIRouter

import meksiko_solver

from ..deps import AppSettings
from ..models import HealthResponse

router = APIRouter(tags=["health"])


@router.get("/health", response_model=HealthResponse, summary="Liveness and limits")
async def health(settings: AppSettings) -> Dict[str, Any]:
    return {"status": "ok", "version": meksiko_solver.__version__, "workers": settings.workers,
            "limits": settings.limits()}
