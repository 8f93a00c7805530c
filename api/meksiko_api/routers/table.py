"""Play at the table, statelessly: the client keeps the deal record, the server checks and advances it.

``POST /v1/table/advance``: the deal record so far, the human's seat and optionally the human's
decision. The record is checked by replaying it (an illegal item is a 422 naming it, e.g.
``record: play[14]: 9H is not legal, seat 2 must follow clubs``), the human's decision is
applied (``action: ...`` when illegal or out of turn), then the engine decides for the other two
seats until it is the human's turn again or the deal is over. The answer is the new record and
what the human may do now (legal calls or cards, or the discard and trump to choose), plus the
human's view in the hint engine's format, ready for ``POST /v1/hints/*``.

``POST /v1/table/position``: the position before any card of a record's play and the
double-dummy value of every legal card there (the review's "what if").
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Dict, List, Optional

from fastapi import APIRouter

from meksiko_solver.auction import MEKSIKO
from meksiko_solver.cards import SUITS, Suit, trump_name
from meksiko_solver.deal import DealState, Phase
from meksiko_solver.errors import MeksikoError, RecordError
from meksiko_solver.policies import Policy, RandomPolicy
from meksiko_solver.record import DealRecord
from meksiko_solver.solver import solve

from ..deps import AppSettings, RequestWork
from ..errors import ERROR_RESPONSES
from ..models import (AdvanceRequest, AdvanceResponse, PositionRequest, PositionResponse, TableAction)
from ..workers import HEAVY, QUICK, Job

router = APIRouter(prefix="/v1/table", tags=["table"], responses=ERROR_RESPONSES)

#: Decisions the engine may take in one request: a whole deal is at most 6 calls, 1 declaration
#: and 30 cards; this bound only guards against a policy that never ends the deal.
MAX_ENGINE_DECISIONS = 64


def load_record(data: object, what: str = "record") -> DealRecord:
    """A checked deal record; RecordError (422) names the first bad item, prefixed with ``what``."""
    try:
        return DealRecord.from_dict(data)
    except MeksikoError as exc:
        raise RecordError(f"{what}: {exc}") from None


# --- the engine's seats ----------------------------------------------------------------------------

def hint_policy_factory() -> Optional[Callable[..., Policy]]:
    """The hint engine's policy class, ``meksiko_solver.hints.HintPolicy(samples=, seed=)``: a
    callable ``policy(SeatView) -> decision`` as in ``policies.py``. None where the hint engine is
    not installed (the engine seats then play :class:`RandomPolicy` and the answer says so)."""
    try:
        hints = importlib.import_module("meksiko_solver.hints")
    except ImportError:
        return None
    return getattr(hints, "HintPolicy", None)


def engine_name(policy: str) -> str:
    """The policy the engine seats actually play: ``"hint"`` needs the hint engine's policies."""
    return "hint" if policy == "hint" and hint_policy_factory() is not None else "random"


def engine_policy(name: str, seed: int, step: int, samples: Optional[int]) -> Policy:
    """A policy for one decision, so that the same record and seed always get the same decision
    (the route keeps no state): the hint policy derives each decision's seed from ``seed``, the
    seat and the progress of the deal itself; the random policy is seeded with ``seed`` and the
    decision's number in the deal."""
    if name == "hint":
        factory = hint_policy_factory()
        assert factory is not None
        kwargs = {} if samples is None else {"samples": samples}
        return factory(seed=seed, **kwargs)
    return RandomPolicy(f"{seed}/{step}")


def decisions_made(state: DealState) -> int:
    """How many decisions the deal has seen: calls, the declaration, cards."""
    declared = state.phase in (Phase.PLAY, Phase.DONE) and not (state.contract == MEKSIKO
                                                                and state.trump == Suit.NO_TRUMP)
    return len(state.auction.calls) + int(declared) + len(state.played)


def apply(state: DealState, decision: object) -> Dict[str, Any]:
    """Apply a policy's decision for the seat to move; the action as the answer lists it."""
    seat, phase = state.to_move, state.phase
    assert seat is not None
    if phase == Phase.AUCTION:
        state.call(decision)
        return {"seat": seat, "phase": phase, "call": state.auction.calls[-1]}
    if phase == Phase.DECLARE:
        if not (isinstance(decision, (tuple, list)) and len(decision) == 2):
            raise MeksikoError(f"seat {seat}'s policy must return (discard, trump), not {decision!r}")
        state.declare(*decision)
        return {"seat": seat, "phase": phase, "discard": [str(c) for c in state.discard],
                "trump": trump_name(state.trump)}
    state.play(decision)
    return {"seat": seat, "phase": phase, "card": str(state.played[-1][1])}


# --- the human's decision --------------------------------------------------------------------------

WHAT = {Phase.AUCTION: "call (5..10, M or NEXT)", Phase.DECLARE: "discard and name trump", Phase.PLAY: "play a card"}


def apply_action(state: DealState, seat: int, action: TableAction) -> None:
    """The human's decision, checked: it must be the human's turn and the kind the phase asks for."""
    phase, to_move = state.phase, state.to_move
    if to_move is None:
        raise MeksikoError("action: the deal is over, there is nothing left to decide")
    if to_move != seat:
        raise MeksikoError(f"action: it is seat {to_move}'s turn to {WHAT[phase]}, not seat {seat}'s")
    given = [name for name in ("call", "discard", "trump", "card") if getattr(action, name) is not None]
    wanted = {Phase.AUCTION: ["call"], Phase.DECLARE: ["discard", "trump"], Phase.PLAY: ["card"]}[phase]
    extra = [name for name in given if name not in wanted]
    if extra or not given:
        got = f"not {' and '.join(extra)}" if extra else "but the action is empty"
        raise MeksikoError(f"action: seat {seat} must {WHAT[phase]} now ({' and '.join(wanted)}), {got}")
    try:
        if phase == Phase.AUCTION:
            state.call(action.call)
        elif phase == Phase.DECLARE:
            state.declare(action.discard or (), action.trump)
        else:
            state.play(action.card)
    except MeksikoError as exc:
        raise type(exc)(f"action: {exc}") from None  # the same kind, e.g. auction or illegal_play


# --- the answer ------------------------------------------------------------------------------------

def tricks_of(state: DealState) -> List[Dict[str, Any]]:
    return [{"leader": t.leader, "cards": [str(c) for c in t.cards], "seats": list(t.seats), "winner": t.winner}
            for t in state.all_tricks()]


def seat_view(state: DealState, seat: int) -> Dict[str, Any]:
    """What ``seat`` knows, in the hint engine's view format: the 10 cards dealt to it, the calls,
    the talon once exposed, its own discard (declarer), the trump and every card played."""
    view = {
        "rules": state.rules.name, "mode": state.mode.name, "seat": seat, "dealer": state.dealer,
        "hand": [str(c) for c in state.dealt[seat]], "auction": list(state.auction.calls),
        "talon": [str(c) for c in state.talon] if state.talon_exposed else None,
    }
    if seat == state.declarer and state.discard:
        view["discard"] = [str(c) for c in state.discard]
    view["trump"] = trump_name(state.trump)
    view["play"] = [str(c) for _, c in state.played]
    return view


def table_state(state: DealState, seat: int, engine: str, actions: List[Dict[str, Any]]) -> Dict[str, Any]:
    phase, to_move = state.phase, state.to_move
    mine = to_move == seat
    declare = None
    if phase == Phase.DECLARE and mine:
        declare = {"cards": [str(c) for c in state.hand(seat)],
                   "discard": 0 if state.contract == MEKSIKO else 2, "trumps": list(SUITS)}
    scores = state.scores()
    return {
        "record": DealRecord.from_state(state).to_dict(),
        "seat": seat,
        "engine": engine,
        "engine_actions": actions,
        "phase": phase,
        "to_move": to_move,
        "your_turn": mine,
        "calls": [{"seat": seat_, "call": call} for seat_, call in state.auction.seat_calls],
        "declarer": state.declarer,
        "contract": state.contract,
        "trump": trump_name(state.trump),
        "hand": [str(c) for c in state.hand(seat)],
        "talon": [str(c) for c in state.talon] if state.talon_exposed else None,
        "legal_calls": list(state.legal_calls()) if mine and phase == Phase.AUCTION else [],
        "legal_cards": [str(c) for c in state.legal_cards()] if mine and phase == Phase.PLAY else [],
        "declare": declare,
        "view": seat_view(state, seat),
        "tricks": tricks_of(state),
        "tricks_won": list(state.tricks_won),
        "scores": None if scores is None else list(scores),
    }


@router.post("/advance", response_model=AdvanceResponse, summary="Play at the table against the engine")
async def advance(body: AdvanceRequest, work: RequestWork, settings: AppSettings) -> Dict[str, Any]:
    """Apply the human's ``action`` (if any) to the deal ``record``, then let the engine decide for
    the other two seats until it is ``seat``'s turn again or the deal is over. Illegal input is a
    422 naming the record's bad item or the action's fault."""
    settings.check_limits(body.samples)
    engine = engine_name(body.policy)

    def advanced(job: Job) -> Dict[str, Any]:
        state = load_record(body.record).replay()
        if body.action is not None:
            apply_action(state, body.seat, body.action)
        actions: List[Dict[str, Any]] = []
        while state.to_move is not None and state.to_move != body.seat:
            job.checkpoint()  # a client gone, or the time budget spent: stop before the next decision
            if len(actions) >= MAX_ENGINE_DECISIONS:
                raise MeksikoError(f"the engine took {MAX_ENGINE_DECISIONS} decisions without ending the deal")
            seat = state.to_move
            policy = engine_policy(engine, body.seed, decisions_made(state), body.samples)
            actions.append(apply(state, policy(state.view(seat))))
        return table_state(state, body.seat, engine, actions)

    return await work.run(advanced, HEAVY if engine == "hint" else QUICK)


@router.post("/position", response_model=PositionResponse, summary="A position of a record, solved")
async def position(body: PositionRequest, work: RequestWork) -> Dict[str, Any]:
    """The position before ``play[index]`` of the record (null: after its last card): the hands at
    that moment, the trick in progress, and the declarer's double-dummy tricks in the whole deal
    (tricks won so far plus the most from here) before it and after each legal card."""

    def positioned(job: Job) -> Dict[str, Any]:
        record = load_record(body.record)
        if record.phase in (Phase.AUCTION, Phase.DECLARE):
            raise MeksikoError(f"record: the play has not started (the deal is in the {record.phase} phase)")
        index = len(record.play) if body.index is None else body.index
        if index > len(record.play):
            raise MeksikoError(f"index: {index} is past the end of the record's play ({len(record.play)} cards)")
        data = record.to_dict()
        data["play"] = data["play"][:index]
        state = load_record(data).replay()
        declarer = state.declarer
        assert declarer is not None
        won = state.tricks_won[declarer]
        out: Dict[str, Any] = {
            "index": index,
            "card": str(record.play[index]) if index < len(record.play) else None,
            "declarer": declarer, "contract": state.contract, "trump": trump_name(state.trump),
            "hands": [[str(c) for c in state.hand(s)] for s in range(3)],
            "leader": state.leader if state.phase == Phase.PLAY else None,
            "played": [str(c) for c in state.trick_cards],
            "to_move": state.to_move,
            "tricks": tricks_of(state),
            "tricks_won": list(state.tricks_won),
            "value": won, "values": {}, "line": [],
        }
        if state.phase == Phase.PLAY:
            result = solve([state.hand(s) for s in range(3)], trump_name(state.trump), declarer,
                           state.leader, state.trick_cards, card_values=True)
            out["value"] = won + result.tricks
            out["values"] = {card: won + v for card, v in result.card_tricks.items()}
            out["line"] = list(result.line)
        return out

    return await work.run(positioned, QUICK)
