"""GET /v1/rules: the rule profiles and their options (the shape of ``meksiko-solver rules --json``)."""

from __future__ import annotations

from typing import Any, Dict

from fastapi import APIRouter

from meksiko_solver.rules import rules_dict

from ..models import RulesResponse

router = APIRouter(prefix="/v1", tags=["rules"])


@router.get("/rules", response_model=RulesResponse, summary="The rule profiles")
async def list_rules() -> Dict[str, Any]:
    return rules_dict()
