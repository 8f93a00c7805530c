"""Play at the table, statelessly: the client keeps the deal record, the server checks and advances it.

``POST /v1/table/advance``: the deal record so far, the human's seat and optionally the human's
decision. The record is checked by replaying it (an illegal item is a 422 naming it, e.g.
``record: play[14]: 9H is not legal, seat 2 must follow clubs``), the human's decision is
applied (``action: ...`` when illegal or out of turn), then the bots decide for the other two
seats until it is the human's turn again or the deal is over. The answer is the new record and
what the human may do now (legal calls or cards, or the discard and trump to choose), plus the
human's view in the hints' view format, ready for ``POST /v1/hints/*``.

``POST /v1/table/position``: the position before any card of a record's play and the
double-dummy value of every legal card there (the review's "what if").

``POST /v1/table/advisor``: a seat's own deal entered as it happens (a hint view): whose turn,
what may be entered, which hint applies, and the whole deal as a record once it is over.

``POST /v1/table/game``: a game record's score sheet, winners and next dealer.

The game logic is the library's (``meksiko_solver.table``); these routes only pass it on.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from fastapi import APIRouter

from meksiko_solver.errors import MeksikoError
from meksiko_solver.hints import HintPolicy
from meksiko_solver.policies import Policy, RandomPolicy
from meksiko_solver.table import (advisor_state, apply_action, apply_decision, decisions_made, game_sheet,
                                  load_record, position as record_position, table_state)

from ..deps import AppSettings, RequestWork
from ..errors import ERROR_RESPONSES
from ..models import (AdvanceRequest, AdvanceResponse, AdvisorRequest, AdvisorResponse, GameRequest,
                      GameResponse, PositionRequest, PositionResponse)
from ..workers import HEAVY, QUICK, Job

router = APIRouter(prefix="/v1/table", tags=["table"], responses=ERROR_RESPONSES)

#: Decisions the bots may take in one request: a whole deal is at most 6 calls, 1 declaration
#: and 30 cards; this bound only guards against a policy that never ends the deal.
MAX_BOT_DECISIONS = 64

__all__ = ["router", "load_record"]


# --- the computer-played seats (the bots) ----------------------------------------------------------

def bot_policy(name: str, seed: int, step: int, samples: Optional[int]) -> Policy:
    """A bot's policy for one decision, so that the same record and seed always get the same
    decision (the route keeps no state): the hint policy derives each decision's seed from
    ``seed``, the seat and the progress of the deal itself; the random policy is seeded with
    ``seed`` and the decision's number in the deal."""
    if name == "hint":
        return HintPolicy(seed=seed) if samples is None else HintPolicy(seed=seed, samples=samples)
    return RandomPolicy(f"{seed}/{step}")


@router.post("/advance", response_model=AdvanceResponse, summary="Play at the table against the bots")
async def advance(body: AdvanceRequest, work: RequestWork, settings: AppSettings) -> Dict[str, Any]:
    """Apply the human's ``action`` (if any) to the deal ``record``, then let the bots decide for
    the other two seats until it is ``seat``'s turn again or the deal is over. Illegal input is a
    422 naming the record's bad item or the action's fault."""
    settings.check_limits(body.samples)
    bots = body.policy

    def advanced(job: Job) -> Dict[str, Any]:
        state = load_record(body.record).replay()
        if body.action is not None:
            apply_action(state, body.seat, body.action.model_dump())
        actions: List[Dict[str, Any]] = []
        while state.to_move is not None and state.to_move != body.seat:
            job.checkpoint()  # a client gone, or the time budget spent: stop before the next decision
            if len(actions) >= MAX_BOT_DECISIONS:
                raise MeksikoError(f"the bots took {MAX_BOT_DECISIONS} decisions without ending the deal")
            seat = state.to_move
            policy = bot_policy(bots, body.seed, decisions_made(state), body.samples)
            actions.append(apply_decision(state, policy(state.view(seat))))
        return table_state(state, body.seat, bots, actions)

    return await work.run(advanced, HEAVY if bots == "hint" else QUICK)


@router.post("/position", response_model=PositionResponse, summary="A position of a record, solved")
async def position(body: PositionRequest, work: RequestWork) -> Dict[str, Any]:
    """The position before ``play[index]`` of the record (null: after its last card): the hands at
    that moment, the trick in progress, and the declarer's double-dummy tricks in the whole deal
    (tricks won so far plus the most from here) before it and after each legal card."""
    return await work.run(lambda job: record_position(body.record, body.index), QUICK)


@router.post("/advisor", response_model=AdvisorResponse, summary="Your own deal, entered as it happens")
async def advisor(body: AdvisorRequest, work: RequestWork) -> Dict[str, Any]:
    """A seat's view of its own deal so far (docs/hints.md, the body of the hint routes): the
    phase, whose turn it is and what may be entered for that seat (another seat: every card it
    may still hold and play), which hint route answers the viewer's own decision, the tricks, and
    at the end the result and the whole deal as a deal record. A bad view is a 422 naming it."""
    return await work.run(lambda job: advisor_state(body.view), QUICK)


@router.post("/game", response_model=GameResponse, summary="A game's score sheet")
async def game(body: GameRequest, work: RequestWork) -> Dict[str, Any]:
    """A game record (its settings and finished deals): each deal's scores and the running totals
    (the profile's floor applied), the winners once the game is over, else the next deal's dealer."""
    return await work.run(lambda job: game_sheet(body.game), QUICK)
