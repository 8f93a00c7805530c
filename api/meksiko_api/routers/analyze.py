"""POST /v1/analyze: what a seat (or every seat) makes as declarer of a deal as dealt."""

from __future__ import annotations

from typing import Any, Dict, Union

from fastapi import APIRouter

from meksiko_solver.analysis import analyze_declarer, deal_table

from ..deps import RequestWork
from ..errors import ERROR_RESPONSES
from ..models import AnalyzeRequest, DealTableResponse, DeclarerAnalysisResponse
from ..workers import QUICK

router = APIRouter(prefix="/v1", tags=["analyze"], responses=ERROR_RESPONSES)


@router.post("/analyze", response_model=Union[DeclarerAnalysisResponse, DealTableResponse],
             summary="Declarer analysis of a deal")
async def analyze(body: AnalyzeRequest, work: RequestWork) -> Dict[str, Any]:
    """With ``declarer`` 0-2: that seat's analysis (the best discard for each trump and every
    discard that reaches it, the Meksiko values, the highest contract made). With ``declarer``
    null: the table of every seat."""

    def analysed(job) -> Dict[str, Any]:
        if body.declarer is None:
            return deal_table(body.hands, body.talon, rules=body.rules).to_dict()
        return analyze_declarer(body.hands, body.talon, body.declarer, rules=body.rules).to_dict()

    return await work.run(analysed, QUICK)
