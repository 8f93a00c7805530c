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
    """The study of ``{"deals": 1, "seed": 1}`` (its summary shortened here)."""

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "summary": {
            "study": {"format": 1, "source": "random", "seed": 1, "deals": 1, "rules": "mexico-club"},
            "deals": 1, "analyses": 3,
            "p_make": {"all": {"7": {"count": 1, "n": 3, "p": 0.333333, "lo": 0.061492, "hi": 0.79234}},
                       "best_feature": "aces"},
            "talon_value": {"n": 3, "mean": 2.333333, "lo": 1.680012, "hi": 2.986655},
        },
        "results": [{"i": 0, "deal": {"hands": ["AQ8.Q.98.KT97", "K7.K87.KJT7.8", "JT9.JT9.AQ.AJ"],
                                      "talon": ["AH", "QC"]},
                     "seats": {"0": {"with_talon": {"S": 4, "H": 2, "D": 2, "C": 7},
                                     "meksiko": {"S": 3, "H": 1, "D": 1, "C": 4, "N": 1},
                                     "max_bid": 7, "talon_value": 3},
                               "1": {"with_talon": {"S": 2, "H": 5, "D": 5, "C": 2},
                                     "meksiko": {"S": 2, "H": 1, "D": 3, "C": 2, "N": 1},
                                     "max_bid": 5, "talon_value": 2},
                               "2": {"with_talon": {"S": 5, "H": 6, "D": 4, "C": 5},
                                     "meksiko": {"S": 4, "H": 3, "D": 3, "C": 3, "N": 3},
                                     "max_bid": 6, "talon_value": 2}}}],
    }]})

    summary: Dict[str, Any] = Field(description="the study's statistics, as summary.json (docs/study.md)")
    results: List[Dict[str, Any]] = Field(description="one entry per deal, as a line of results.jsonl")
