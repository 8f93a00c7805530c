"""POST /v1/study: a small double-dummy study (the library's ``study``), bounded in size."""

from __future__ import annotations

from typing import Any, Dict

from fastapi import APIRouter

from meksiko_solver.studies import result_lines, study as run_study

from ..deps import RequestWork
from ..errors import ERROR_RESPONSES
from ..study_models import StudyRequest, StudyResponse
from ..workers import HEAVY, Job

router = APIRouter(prefix="/v1", tags=["study"], responses=ERROR_RESPONSES)


@router.post("/study", response_model=StudyResponse, summary="A small study of many deals")
async def study(body: StudyRequest, work: RequestWork) -> Dict[str, Any]:
    """Every seat (or a given deal's declarer) analysed double-dummy, one engine thread a
    request, and the study's statistics with 95% intervals. At most 100 deals
    (MAX_STUDY_DEALS); larger studies are for the CLI's ``meksiko-solver study``. It runs in the
    heavy lane, as the hints and the review do."""
    deals = body.deals if body.given is None else [d.model_dump() for d in body.given]

    def studied(job: Job) -> Dict[str, Any]:
        result = run_study(deals, seed=body.seed, rules=body.rules, threads=1, plots=False)
        return {"summary": result.summary, "results": list(result_lines(result.arrays))}

    return await work.run(studied, HEAVY)
