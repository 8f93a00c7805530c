"""POST /v1/solve: a position solved double-dummy."""

from __future__ import annotations

from typing import Any, Dict

from fastapi import APIRouter

from meksiko_solver.solver import solve

from ..deps import RequestWork
from ..errors import ERROR_RESPONSES
from ..models import SolveRequest, SolveResponse
from ..workers import QUICK

router = APIRouter(prefix="/v1", tags=["solve"], responses=ERROR_RESPONSES)


@router.post("/solve", response_model=SolveResponse, summary="Solve a position double-dummy")
async def solve_position(body: SolveRequest, work: RequestWork) -> Dict[str, Any]:
    """The declarer's tricks from here with best play by all, the value of every legal card of
    the player to move and one optimal line (``card_values: false``: tricks only, faster)."""
    leader = body.declarer if body.leader is None else body.leader

    def solved(job) -> Dict[str, Any]:
        return solve(body.hands, body.trump, body.declarer, leader, body.played,
                     card_values=body.card_values).to_dict()

    return await work.run(solved, QUICK)
