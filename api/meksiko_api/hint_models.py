"""Request bodies of the hint and review routes (pydantic), each with an example for /docs.

The view and the record are checked by the library (``meksiko_solver.hints.parse_view``,
``meksiko_solver.record``): its MeksikoError names the first bad item and becomes a 422.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from pydantic import BaseModel, ConfigDict, Field

from .models import RequestModel, SamplingOptions

VIEW_EXAMPLE: Dict[str, Any] = {
    "rules": "mexico-club", "mode": "easy", "seat": 0, "dealer": 2,
    "hand": ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "7C", "8C"],
    "auction": [], "talon": None, "trump": None, "play": [],
}

PLAY_VIEW_EXAMPLE: Dict[str, Any] = {
    "rules": "mexico-club", "mode": "easy", "seat": 1, "dealer": 2,
    "hand": ["9S", "8S", "QH", "JH", "TH", "KD", "QD", "AC", "KC", "QC"],
    "auction": ["6", "NEXT", "NEXT"], "talon": ["7H", "7D"], "trump": "S",
    "play": ["AS"],
}


class HintRequest(SamplingOptions):
    """A seat's view of the deal so far (the deal record as that seat saw it, see
    docs/hints.md) and the sampling options, in one flat object."""

    rules: Optional[str] = Field(None, description="rule profile (default mexico-club)")
    mode: Optional[str] = Field(None, description="scoring mode (default: the profile's)")
    seat: int = Field(..., description="the seat whose view this is, 0-2")
    dealer: int = Field(..., description="the dealer's seat, 0-2")
    hand: Any = Field(..., description="the 10 cards dealt to this seat")
    auction: Optional[List[Any]] = Field(None, description="the calls so far, from the seat after the dealer")
    talon: Optional[Any] = Field(None, description="the talon once exposed, else null")
    discard: Optional[Any] = Field(None, description="the declarer's discard (in the declarer's own view only)")
    trump: Optional[str] = Field(None, description="the trump named (N: no trump), or null before it is named")
    play: Optional[List[Any]] = Field(None, description="the cards played so far, in order")
    totals: Optional[List[int]] = Field(None, description="the running totals before this deal")
    inference: bool = Field(True, strict=True, description="weight the worlds by the models of the other seats' "
                                                          "calls, discard and play (false: uniform worlds)")
    game: Optional[Dict[str, Any]] = Field(None, description="play for the game: the game state before this deal "
                                                            "({scores, dealer, target, rules, mode}, docs/equity.md); "
                                                            "every option then has p_win, the seat's chance of "
                                                            "winning the game, and the hint ranks by it")

    def view(self) -> Dict[str, Any]:
        """The view fields as sent (the library checks them and names the first bad item)."""
        return self.model_dump(exclude_unset=True, exclude={"samples", "seed", "time_budget_ms", "inference", "game"})

    model_config = ConfigDict(json_schema_extra={"examples": [
        {**VIEW_EXAMPLE, "samples": 100, "seed": 1, "time_budget_ms": 2000},
    ]})


class PlayHintRequest(HintRequest):
    model_config = ConfigDict(json_schema_extra={"examples": [
        {**PLAY_VIEW_EXAMPLE, "samples": 100, "seed": 1},
    ]})


RECORD_EXAMPLE: Dict[str, Any] = {
    "rules": "mexico-club", "mode": "easy", "dealer": 2,
    "hands": [["AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "7C", "8C"],
              ["9S", "8S", "QH", "JH", "TH", "KD", "QD", "AC", "KC", "QC"],
              ["7S", "9H", "8H", "JD", "TD", "9D", "8D", "JC", "TC", "9C"]],
    "talon": ["7H", "7D"], "auction": ["6", "NEXT", "NEXT"], "discard": ["7C", "8C"], "trump": "S",
    "play": ["AS", "8S", "7S", "KS", "9S", "9H"],
}


class ReviewRequest(RequestModel):
    """A deal or game record (finished or not) and, for the single-dummy layer, its options."""

    record: Dict[str, Any] = Field(..., description="a deal record or a whole-game record (docs/records.md)")
    single_dummy: bool = Field(False, description="also judge each card from its player's view (hint engine)")
    samples: Optional[int] = Field(None, ge=1, description="worlds a card for the single-dummy layer")
    seed: Optional[int] = Field(None, description="random seed of the single-dummy layer")
    time_budget_ms: Optional[int] = Field(None, ge=1, description="time for the review, counted from the request's "
                                                                   "arrival (default and at most the server's "
                                                                   "max_time_budget_ms): the double-dummy layer is "
                                                                   "always complete, the single-dummy layer uses "
                                                                   "what is left and says how far it got")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"record": RECORD_EXAMPLE, "single_dummy": False},
    ]})


class HintResponse(BaseModel):
    """A hint, as the library's ``to_dict()``: the recommendation under ``call`` (bid),
    ``discard`` and ``trump`` (discard) or ``card`` (play); the figures of every option under
    ``options``; the number of worlds solved under ``worlds``. See docs/hints.md."""

    hint: str
    seat: int
    worlds: int
    options: List[Dict[str, Any]]
    call: Optional[str] = None
    discard: Optional[List[str]] = None
    trump: Optional[str] = None
    card: Optional[str] = None

    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [
        {"hint": "play", "seat": 1, "worlds": 100, "samples": 100, "seed": 1, "consistent_worlds": 5080790,
         "exhaustive": False, "declarer": 0, "contract": "6", "card": "8S",
         "options": [{"card": "8S", "tricks": 3.4, "make": 0.12, "score": 3.3, "best": 1.0, "standing": 1.2},
                     {"card": "9S", "tricks": 3.4, "make": 0.12, "score": 3.3, "best": 1.0, "standing": 1.2}]},
    ]})


class ReviewResponse(BaseModel):
    """A review, as the library's ``to_dict()`` (a game record gives ``deals``, one review a deal).
    With the single-dummy layer, which runs under the request's time budget: each card's
    ``sd_worlds`` (worlds it was judged on; 0 and no ``sd_loss`` when the budget was spent before
    it) and ``sd_complete``, and ``single_dummy`` with ``samples``, ``seed``, ``time_budget_ms``
    and ``complete``. See docs/review.md and docs/api.md."""

    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [
        {"declarer": 0, "contract": "6", "trump": "S", "phase": "play",
         "result": {"tricks": [2, 0, 0], "finished": False, "made": None, "scores": None},
         "bid": {"called": "6", "max_bid": 8, "verdict": "under", "best_tricks": 8, "best_trump": "S"},
         "discard": {"chosen": ["8C", "7C"], "tricks": 8, "best_tricks": 8, "best": [["8C", "7C"]],
                     "best_trump": "S", "loss": 0, "mark": ""},
         "cards": [{"i": 0, "trick": 1, "seat": 0, "card": "AS", "before": 8, "after": 8, "loss": 0,
                    "best": ["AS", "KS"], "mark": ""}],
         "players": [{"seat": 0, "mistakes": 0, "tricks_lost": 0}]},
    ]})
