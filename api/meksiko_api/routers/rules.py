"""GET /v1/rules: the rule profiles and their options."""

from __future__ import annotations

import dataclasses

from fastapi import APIRouter

from meksiko_solver.rules import DEFAULT_RULES, RULES, describe_rules

from ..models import RulesResponse

router = APIRouter(prefix="/v1", tags=["rules"])


def profile_dict(name: str) -> dict:
    """Every field of the profile (modes and formats included), whether it is the default, and
    the text ``meksiko-solver rules`` prints."""
    profile = RULES[name]
    return {**dataclasses.asdict(profile), "default": name == DEFAULT_RULES, "text": describe_rules(profile)}


@router.get("/rules", response_model=RulesResponse, summary="The rule profiles")
async def list_rules() -> dict:
    return {"default": DEFAULT_RULES, "profiles": [profile_dict(name) for name in RULES]}
