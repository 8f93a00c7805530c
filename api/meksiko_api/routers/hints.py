"""POST /v1/hints/bid|discard|play: advice from one seat's view (perfect-information Monte Carlo
over worlds weighted by the models of the other seats; ``"inference": false`` for uniform worlds)."""

from __future__ import annotations

from typing import Any, Callable, Dict

from fastapi import APIRouter

from meksiko_solver.hints import bid_hint, discard_hint, play_hint

from ..deps import AppSettings, RequestWork
from ..errors import ERROR_RESPONSES
from ..hint_models import HintRequest, HintResponse, PlayHintRequest
from ..workers import HEAVY, Job

router = APIRouter(prefix="/v1/hints", tags=["hints"], responses=ERROR_RESPONSES)


def _options(body: HintRequest) -> Dict[str, Any]:
    options: Dict[str, Any] = {"seed": body.seed or 0, "inference": body.inference,  # the budget: from arrival
                               "game": body.game}
    if body.samples is not None:
        options["samples"] = body.samples
    return options


async def _hint(hint: Callable[..., Any], body: HintRequest, settings: AppSettings, work: RequestWork) -> Dict[str, Any]:
    """The hint within its time budget (the server's when none is asked for), counted from the
    request's arrival: what is left when a thread takes it is the library's ``time_budget_ms``."""
    settings.check_limits(body.samples, body.time_budget_ms)

    def hinted(job: Job) -> Dict[str, Any]:
        budget = max(1.0, job.remaining_ms())  # at least one round of worlds, even late
        return hint(body.view(), time_budget_ms=budget, checkpoint=job.stop_if_gone, **_options(body)).to_dict()

    return await work.run(hinted, HEAVY, body.time_budget_ms)


@router.post("/bid", response_model=HintResponse, response_model_exclude_unset=True, summary="Bid hint: the call to make")
async def bid(body: HintRequest, settings: AppSettings, work: RequestWork) -> Dict[str, Any]:
    """For the seat whose turn it is in the auction: the probability of making each contract
    and its expected score, the estimated score of passing, the recommended ``call`` and
    ``max_bid``."""
    return await _hint(bid_hint, body, settings, work)


@router.post("/discard", response_model=HintResponse, response_model_exclude_unset=True, summary="Discard hint: the two cards to discard and the trump")
async def discard(body: HintRequest, settings: AppSettings, work: RequestWork) -> Dict[str, Any]:
    """For the declarer holding 12 cards after a numeric contract: the recommended ``discard``
    and ``trump`` with the probability of making and the expected tricks of the best candidates."""
    return await _hint(discard_hint, body, settings, work)


@router.post("/play", response_model=HintResponse, response_model_exclude_unset=True, summary="Play hint: the card to play")
async def play(body: PlayHintRequest, settings: AppSettings, work: RequestWork) -> Dict[str, Any]:
    """For the seat to play: every legal card with the expected declarer tricks, the probability
    that the contract makes and the expected score change for the seat; the recommended ``card``."""
    return await _hint(play_hint, body, settings, work)
