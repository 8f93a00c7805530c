"""Request and response bodies of POST /v1/study (pydantic).

A study over HTTP is bounded to MAX_STUDY_DEALS deals (about a second and a half of one
core); larger studies are for ``meksiko-solver study`` (see docs/study.md).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from meksiko_solver.rules import DEFAULT_RULES, RULES

from .models import Cards, RequestModel, Seat

#: The most deals one request may study.
MAX_STUDY_DEALS = 100


class StudyDealBody(RequestModel):
    """One given deal, as a line of ``batch``'s format."""

    hands: List[Cards] = Field(min_length=3, max_length=3, description="the 10 cards of seats 0, 1 and 2")
    talon: Cards = Field(description="the 2 cards of the talon")
    declarer: Optional[Seat] = Field(None, description="analyse this seat only; null: every seat")
    dealer: Optional[Seat] = Field(None, description="the dealer; null: deal i is dealt by seat i % 3")


class StudyRequest(RequestModel):
    """A small study: ``deals`` random deals dealt from ``seed``, or the ``given`` deals."""

    deals: Optional[int] = Field(None, ge=1, le=MAX_STUDY_DEALS,
                                 description=f"study this many random deals (at most {MAX_STUDY_DEALS})")
    seed: int = Field(0, description="seed of the random deals")
    given: Optional[List[StudyDealBody]] = Field(None, min_length=1, max_length=MAX_STUDY_DEALS,
                                                 description=f"or study these deals (at most {MAX_STUDY_DEALS})")
    rules: str = Field(DEFAULT_RULES, description=f"rule profile: {', '.join(RULES)}",
                       json_schema_extra={"enum": list(RULES)})

    model_config = ConfigDict(json_schema_extra={"examples": [{"deals": 20, "seed": 1, "rules": "mexico-club"}]})

    @model_validator(mode="after")
    def _one_source(self) -> "StudyRequest":
        if (self.deals is None) == (self.given is None):
            raise ValueError("give either deals (a number of random deals) or given (a list of deals)")
        return self


class StudyResponse(BaseModel):
    summary: Dict[str, Any] = Field(description="the study's statistics, as summary.json (docs/study.md)")
    results: List[Dict[str, Any]] = Field(description="one entry per deal, as a line of results.jsonl")
