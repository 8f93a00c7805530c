"""POST /v1/review: every card of a played deal judged double-dummy (and optionally single-dummy)."""

from __future__ import annotations

from fastapi import APIRouter

from meksiko_solver.review import review as review_record

from ..deps import AppSettings, Pool
from ..errors import ERROR_RESPONSES
from ..hint_models import ReviewRequest, ReviewResponse

router = APIRouter(prefix="/v1", tags=["review"], responses=ERROR_RESPONSES)


@router.post("/review", response_model=ReviewResponse, summary="Review of a deal or game record")
async def review(body: ReviewRequest, settings: AppSettings, pool: Pool) -> dict:
    """The declarer, contract, trump and result; the bid and the discard against the best; every
    card with the declarer's double-dummy tricks before and after it, its loss, the cards that
    lose nothing and its mark (``?``, ``??``); per player the mistakes and tricks lost. A game
    record is reviewed deal by deal."""
    if body.single_dummy:
        settings.check_limits(body.samples)
    options = {"single_dummy": body.single_dummy, "seed": body.seed or 0}
    if body.samples is not None:
        options["samples"] = body.samples
    return await pool.run(lambda: review_record(body.record, **options).to_dict())
