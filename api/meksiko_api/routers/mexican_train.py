"""POST /v1/mexican-train/opening and /hint: the dominoes game Mexican Train (meksiko_solver.mexican_train)."""

from __future__ import annotations

from typing import Any, Dict

from fastapi import APIRouter

from meksiko_solver.mexican_train import best_opening, train_hint

from ..deps import AppSettings, Pool, RequestWork
from ..errors import ERROR_RESPONSES
from ..mexican_train_models import OpeningRequest, OpeningResponse, TrainHintRequest, TrainHintResponse
from ..workers import HEAVY, Job

router = APIRouter(prefix="/v1/mexican-train", tags=["mexican-train"], responses=ERROR_RESPONSES)


@router.post("/opening", response_model=OpeningResponse, response_model_exclude_none=True,
             summary="The best opening train for a hand")
async def opening(body: OpeningRequest, pool: Pool) -> Dict[str, Any]:
    """The train of the most tiles from the engine, then the most pips, then not ending on a
    double and the most tiles left that fit the engine; exact. ``all``: every train tying on
    tiles and pips too."""
    return await pool.run(lambda: best_opening(body.hand, body.engine, all_ties=body.all).to_dict())


@router.post("/hint", response_model=TrainHintResponse, summary="The best move from one player's view")
async def hint(body: TrainHintRequest, settings: AppSettings, work: RequestWork) -> Dict[str, Any]:
    """Samples the hidden tiles consistently with the view, plays every candidate move out in
    every world and ranks them by expected points left, then the chance to go out first.
    Within its time budget (the server's when none is asked for), counted from the request's
    arrival; stopped, worker processes too, when the client disconnects."""
    settings.check_limits(body.worlds, body.time_budget_ms)
    options: Dict[str, Any] = {"seed": body.seed or 0}
    if body.worlds is not None:
        options["worlds"] = body.worlds

    def hinted(job: Job) -> Dict[str, Any]:
        budget = max(1.0, job.remaining_ms())  # at least one batch of worlds, even late
        return train_hint(body.view(), time_budget_ms=budget, checkpoint=job.stop_if_gone, **options).to_dict()

    return await work.run(hinted, HEAVY, body.time_budget_ms)
