"""POST /v1/review: every card of a played deal judged double-dummy (and optionally single-dummy)."""

from __future__ import annotations

from typing import Any, Dict

from fastapi import APIRouter

from meksiko_solver.review import SD_SAMPLES
from meksiko_solver.review import review as review_record

from ..deps import AppSettings, RequestWork
from ..errors import ERROR_RESPONSES
from ..hint_models import ReviewRequest, ReviewResponse
from ..workers import HEAVY, Job

router = APIRouter(prefix="/v1", tags=["review"], responses=ERROR_RESPONSES)


def cards_played(record: object) -> int:
    """The cards a deal or game record plays (a cost estimate; the library checks the record)."""
    if not isinstance(record, dict):
        return 0
    deals = record.get("deals") if "deals" in record else [record]
    if not isinstance(deals, list):
        return 0
    plays = [deal.get("play") for deal in deals if isinstance(deal, dict)]
    return sum(len(play) for play in plays if isinstance(play, list))


@router.post("/review", response_model=ReviewResponse, summary="Review of a deal or game record")
async def review(body: ReviewRequest, settings: AppSettings, work: RequestWork) -> Dict[str, Any]:
    """The declarer, contract, trump and result; the bid and the discard against the best; every
    card with the declarer's double-dummy tricks before and after it, its loss, the cards that
    lose nothing and its mark (``?``, ``??``); per player the mistakes and tricks lost. A game
    record is reviewed deal by deal. The single-dummy layer's worlds (samples x cards) are bounded
    by ``max_review_worlds``; under the time budget (counted from the request's arrival) the
    double-dummy layer is always complete and the single-dummy layer gets the time left, each
    card saying the worlds it was judged on (``sd_worlds``) and ``single_dummy.complete``
    whether every card got all of them."""
    settings.check_limits(body.samples, body.time_budget_ms)
    if body.single_dummy:
        samples = SD_SAMPLES if body.samples is None else body.samples
        settings.check_review(samples * cards_played(body.record))
    options: Dict[str, Any] = {"single_dummy": body.single_dummy, "seed": body.seed or 0}
    if body.samples is not None:
        options["samples"] = body.samples

    def reviewed(job: Job) -> Dict[str, Any]:
        # what is left when a thread takes it is the library's budget: a review that waited its
        # whole budget in the queue still answers its double-dummy layer (a few searches a card)
        budget = max(1, int(job.remaining_ms()))  # whole ms, as asked
        return review_record(body.record, checkpoint=job.stop_if_gone, time_budget_ms=budget, **options).to_dict()

    return await work.run(reviewed, HEAVY, body.time_budget_ms)
