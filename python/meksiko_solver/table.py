"""A deal at a table, as the players' page shows it: the table's state from one seat, the
decisions applied to it, a position of a record, a seat's own game entered as it happens
(the advisor) and a game's score sheet.

Everything here is plain JSON-ready dicts over the library's value types, so that the API's
routes only pass them on and the page derives nothing itself.

>>> from meksiko_solver.record import DealRecord
>>> state = DealRecord.from_dict({"dealer": 2, "hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ",
...     "KQJT.JT.KQ.Q7"], "talon": ["8C", "TD"]}).replay()
>>> apply_action(state, 0, {"call": "5"})
>>> table_state(state, 1)["legal_calls"][:2]
['6', '7']
"""

from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Set

from .auction import MEKSIKO, Auction
from .cards import DECK, SUITS, Card, Suit, trump_name
from .deal import DealState, Phase
from .errors import MeksikoError, RecordError
from .hints.view import View
from .play import trick_winner
from .record import DealRecord, GameRecord
from .scoring import score_deal
from .solver import solve

__all__ = ["load_record", "decisions_made", "apply_decision", "apply_action", "seat_view", "table_state",
           "position", "advisor_state", "advisor_record", "game_sheet"]

#: What each phase asks the seat to move for (the words of the error messages).
WHAT = {Phase.AUCTION: "call (5..10, M or NEXT)", Phase.DECLARE: "discard and name trump", Phase.PLAY: "play a card"}

#: The hint route that answers a seat's own decision in each phase.
HINT_KIND = {Phase.AUCTION: "bid", Phase.DECLARE: "discard", Phase.PLAY: "play"}


def _cards(cards) -> List[str]:
    return [str(c) for c in cards]


def load_record(data: object, what: str = "record") -> DealRecord:
    """A checked deal record; RecordError names the first bad item, prefixed with ``what``."""
    try:
        return DealRecord.from_dict(data)
    except MeksikoError as exc:
        raise RecordError(f"{what}: {exc}") from None


# --- decisions ---------------------------------------------------------------------------------

def decisions_made(state: DealState) -> int:
    """How many decisions the deal has seen: calls, the declaration, cards."""
    declared = state.phase in (Phase.PLAY, Phase.DONE) and not (state.contract == MEKSIKO
                                                                and state.trump == Suit.NO_TRUMP)
    return len(state.auction.calls) + int(declared) + len(state.played)


def apply_decision(state: DealState, decision: object) -> Dict[str, Any]:
    """Apply a policy's decision for the seat to move; the action as the table lists it."""
    seat, phase = state.to_move, state.phase
    assert seat is not None
    if phase == Phase.AUCTION:
        state.call(decision)
        return {"seat": seat, "phase": phase, "call": state.auction.calls[-1]}
    if phase == Phase.DECLARE:
        if not (isinstance(decision, (tuple, list)) and len(decision) == 2):
            raise MeksikoError(f"seat {seat}'s policy must return (discard, trump), not {decision!r}")
        state.declare(*decision)
        return {"seat": seat, "phase": phase, "discard": _cards(state.discard), "trump": trump_name(state.trump)}
    state.play(decision)
    return {"seat": seat, "phase": phase, "card": str(state.played[-1][1])}


def apply_action(state: DealState, seat: int, action: Mapping[str, Any]) -> None:
    """A player's decision, checked: it must be ``seat``'s turn and the kind the phase asks for.
    ``action`` has exactly the keys of the phase: ``call``; ``discard`` and ``trump``; ``card``
    (keys with the value None count as absent)."""
    phase, to_move = state.phase, state.to_move
    if to_move is None:
        raise MeksikoError("action: the deal is over, there is nothing left to decide")
    if to_move != seat:
        raise MeksikoError(f"action: it is seat {to_move}'s turn to {WHAT[phase]}, not seat {seat}'s")
    given = [name for name in ("call", "discard", "trump", "card") if action.get(name) is not None]
    wanted = {Phase.AUCTION: ["call"], Phase.DECLARE: ["discard", "trump"], Phase.PLAY: ["card"]}[phase]
    extra = [name for name in given if name not in wanted]
    if extra or not given:
        got = f"not {' and '.join(extra)}" if extra else "but the action is empty"
        raise MeksikoError(f"action: seat {seat} must {WHAT[phase]} now ({' and '.join(wanted)}), {got}")
    try:
        if phase == Phase.AUCTION:
            state.call(action["call"])
        elif phase == Phase.DECLARE:
            state.declare(action.get("discard") or (), action.get("trump"))
        else:
            state.play(action["card"])
    except MeksikoError as exc:
        raise type(exc)(f"action: {exc}") from None  # the same kind of error (auction, illegal play...)


# --- the table from one seat -------------------------------------------------------------------

def tricks_of(state: DealState) -> List[Dict[str, Any]]:
    return [{"leader": t.leader, "cards": _cards(t.cards), "seats": list(t.seats), "winner": t.winner}
            for t in state.all_tricks()]


def seat_view(state: DealState, seat: int) -> Dict[str, Any]:
    """What ``seat`` knows, in the hint engine's view format: the 10 cards dealt to it, the calls,
    the talon once exposed, its own discard (declarer), the trump and every card played."""
    view: Dict[str, Any] = {
        "rules": state.rules.name, "mode": state.mode.name, "seat": seat, "dealer": state.dealer,
        "hand": _cards(state.dealt[seat]), "auction": list(state.auction.calls),
        "talon": _cards(state.talon) if state.talon_exposed else None,
    }
    if seat == state.declarer and state.discard:
        view["discard"] = _cards(state.discard)
    view["trump"] = trump_name(state.trump)
    view["play"] = [str(c) for _, c in state.played]
    return view


def _result(contract, declarer: Optional[int], tricks_won, scores) -> Optional[Dict[str, Any]]:
    """The end of a deal: made or failed, and the score changes (None while it goes on)."""
    if scores is None or declarer is None:
        return None
    return {"made": tricks_won[declarer] >= contract.tricks_needed, "scores": list(scores)}


def table_state(state: DealState, seat: int, bots: str = "random",
                actions: Optional[List[Dict[str, Any]]] = None) -> Dict[str, Any]:
    """The table as ``seat`` sees it, and what it may do now. ``hands`` holds every seat's cards
    now (the record has them all anyway); a page shows the others' only when asked or at the end."""
    phase, to_move = state.phase, state.to_move
    mine = to_move == seat
    declare = None
    if phase == Phase.DECLARE and mine:
        declare = {"cards": _cards(state.hand(seat)),
                   "discard": 0 if state.contract == MEKSIKO else 2, "trumps": list(SUITS)}
    scores = state.scores()
    declarer = state.declarer
    # the declarer's discard: his own secret during the deal, everyone's once it is over
    discard = _cards(state.discard) if state.discard and (seat == declarer or phase == Phase.DONE) else None
    return {
        "record": DealRecord.from_state(state).to_dict(),
        "seat": seat,
        "bots": bots,
        "bot_actions": list(actions or []),
        "phase": phase,
        "to_move": to_move,
        "your_turn": mine,
        "calls": [{"seat": seat_, "call": call} for seat_, call in state.auction.seat_calls],
        "declarer": declarer,
        "contract": state.contract,
        "tricks_needed": None if state.contract is None else state.contract.tricks_needed,
        "trump": trump_name(state.trump),
        "hand": _cards(state.hand(seat)),
        "hands": [_cards(state.hand(s)) for s in range(3)],
        "talon": _cards(state.talon) if state.talon_exposed else None,
        "discard": discard,
        "legal_calls": list(state.legal_calls()) if mine and phase == Phase.AUCTION else [],
        "legal_cards": _cards(state.legal_cards()) if mine and phase == Phase.PLAY else [],
        "declare": declare,
        "hint": HINT_KIND.get(phase) if mine else None,
        "view": seat_view(state, seat),
        "tricks": tricks_of(state),
        "tricks_won": list(state.tricks_won),
        "scores": None if scores is None else list(scores),
        "result": _result(state.contract, declarer, state.tricks_won, scores),
    }


# --- a position of a record (the review's "what if") ---------------------------------------------

def position(data: object, index: Optional[int] = None) -> Dict[str, Any]:
    """The position before ``play[index]`` of a record (None: after its last card): the hands at
    that moment, the trick in progress, and the declarer's double-dummy tricks in the whole deal
    (tricks won so far plus the most from here) before it and after each legal card."""
    record = load_record(data)
    if record.phase in (Phase.AUCTION, Phase.DECLARE):
        raise MeksikoError(f"record: the play has not started (the deal is in the {record.phase} phase)")
    index = len(record.play) if index is None else index
    if index > len(record.play):
        raise MeksikoError(f"index: {index} is past the end of the record's play ({len(record.play)} cards)")
    head = record.to_dict()
    head["play"] = head["play"][:index]
    state = load_record(head).replay()
    declarer = state.declarer
    assert declarer is not None
    won = state.tricks_won[declarer]
    out: Dict[str, Any] = {
        "index": index,
        "card": str(record.play[index]) if index < len(record.play) else None,
        "declarer": declarer, "contract": state.contract, "trump": trump_name(state.trump),
        "hands": [_cards(state.hand(s)) for s in range(3)],
        "leader": state.leader if state.phase == Phase.PLAY else None,
        "played": _cards(state.trick_cards),
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


# --- the advisor: one seat's own game, entered as it happens -------------------------------------

def _view(data: object) -> View:
    try:
        return View.from_dict(data)
    except MeksikoError as exc:
        raise RecordError(f"view: {exc}") from None


def _known_elsewhere(view: View) -> int:
    """Cards the viewer knows are not in another seat's hand: its own, the exposed talon while
    the declarer has not taken it, and every card played."""
    known = {c for c in view.hand} | {c for _, c in view.played} | set(view.discard)
    return sum(1 << c.index for c in known)


def _possible_cards(view: View) -> List[Card]:
    """The cards another seat to move may play, as far as the viewer can tell: each card that
    keeps the view consistent (not known to lie elsewhere, no broken void, some layout fits)."""
    data = view.to_dict()
    known = _known_elsewhere(view)
    out = []
    for card in DECK:
        if known >> card.index & 1:
            continue
        try:
            View.from_dict({**data, "play": data["play"] + [str(card)]})
        except MeksikoError:
            continue
        out.append(card)
    return out


def _view_tricks(view: View) -> List[Dict[str, Any]]:
    """The tricks of a view's play; the last may be in progress (winner None)."""
    out = []
    for start in range(0, len(view.played), 3):
        chunk = view.played[start:start + 3]
        cards = tuple(c for _, c in chunk)
        trump = None if view.trump in (None, Suit.NO_TRUMP) else int(view.trump)
        winner = trick_winner(cards, chunk[0][0], trump) if len(cards) == 3 else None
        out.append({"leader": chunk[0][0], "cards": _cards(cards), "seats": [s for s, _ in chunk], "winner": winner})
    return out


def _talon_due(data: object) -> Optional[Dict[str, Any]]:
    """The state right after the call that reached a numeric contract, before the player has
    entered the talon it turns face up (a view must show it, so the view without its last call is
    checked instead); None in every other case."""
    if not isinstance(data, Mapping) or data.get("talon") is not None or not isinstance(data.get("auction"), list):
        return None
    calls = data["auction"]
    if not calls:
        return None
    if data.get("trump") is not None or data.get("play") or data.get("discard"):
        return None  # past the declaration: the full view is checked (and names a missing talon)
    before = _view({**data, "auction": calls[:-1]})
    if before.phase != Phase.AUCTION:
        return None
    auction = Auction(before.dealer, before.profile)
    for call in before.auction:
        auction.call(call)
    try:
        auction.call(calls[-1])
    except MeksikoError as exc:
        raise RecordError(f"view: auction[{len(calls) - 1}]: {exc}") from None
    if not auction.is_over or auction.contract == MEKSIKO:
        return None
    contract, declarer = auction.contract, auction.declarer
    assert contract is not None  # the auction is over and not passed out
    return {
        "view": {**before.to_dict(), "auction": list(auction.calls)}, "phase": Phase.DECLARE, "to_move": declarer,
        "your_turn": False, "hint": None,
        "calls": [{"seat": s, "call": c} for s, c in auction.seat_calls], "legal_calls": [],
        "declarer": declarer, "contract": contract, "tricks_needed": contract.tricks_needed, "trump": None,
        "talon_due": True, "hand": _cards(before.current_hand), "declare": None, "legal_cards": [],
        "tricks": [], "tricks_won": [0, 0, 0], "scores": None, "result": None, "record": None,
    }


def advisor_state(data: object) -> Dict[str, Any]:
    """A seat's own deal entered as it happens (a hint view, docs/hints.md): the phase, whose
    turn it is and what that seat may do (for another seat: every card it may still hold and
    play), which hint answers the viewer's own decision, the tricks and, at the end, the result
    and the whole deal as a record."""
    due = _talon_due(data)
    if due is not None:
        return due
    view = _view(data)
    phase, to_move, seat = view.phase, view.to_move, view.seat
    declarer, contract = view.declarer, view.contract
    declare = None
    if phase == Phase.DECLARE:
        numeric = contract != MEKSIKO
        declare = {"seat": declarer, "discard": 2 if numeric and declarer == seat else 0,
                   "cards": _cards(view.current_hand) if declarer == seat else [], "trumps": list(SUITS)}
    legal_cards: List[str] = []
    if phase == Phase.PLAY:
        legal_cards = _cards(view.legal_cards if to_move == seat else _possible_cards(view))
    tricks = _view_tricks(view)
    scores = None
    if phase == Phase.DONE:
        scores = score_deal(contract, declarer, view.tricks_won, view.profile, view.scoring)  # type: ignore[arg-type]
    return {
        "view": view.to_dict(),
        "phase": phase,
        "to_move": to_move,
        "your_turn": to_move == seat,
        "hint": HINT_KIND.get(phase) if to_move == seat else None,
        "calls": [{"seat": (view.dealer + 1 + i) % 3, "call": c} for i, c in enumerate(view.auction)],
        "legal_calls": list(view.legal_calls) if phase == Phase.AUCTION else [],
        "declarer": declarer,
        "contract": contract,
        "tricks_needed": None if contract is None else contract.tricks_needed,
        "trump": trump_name(view.trump),
        "talon_due": phase == Phase.DECLARE and contract != MEKSIKO and view.talon is None,
        "hand": _cards(view.current_hand),
        "declare": declare,
        "legal_cards": legal_cards,
        "tricks": tricks,
        "tricks_won": list(view.tricks_won),
        "scores": None if scores is None else list(scores),
        "result": _result(contract, declarer, view.tricks_won, scores),
        "record": advisor_record(view).to_dict() if phase == Phase.DONE else None,
    }


def advisor_record(view: View) -> DealRecord:
    """The whole deal of a finished view as a record: at the end every card is known, the two
    the viewer never saw (the declarer's discard, or the unused talon of a Meksiko) being the
    ones left over."""
    if view.phase != Phase.DONE:
        raise MeksikoError(f"view: the deal is not over (it is in the {view.phase} phase)")
    declarer = view.declarer
    assert declarer is not None
    played = [{c for s, c in view.played if s == seat} for seat in range(3)]
    hands: List[Set[Card]] = [set() for _ in range(3)]
    hands[view.seat] = set(view.hand)
    seen = set(view.hand)
    for seat in range(3):
        if seat != view.seat and seat != declarer:
            hands[seat] = played[seat]
            seen |= played[seat]
    left = set(DECK) - seen  # the declarer's cards: 10 dealt and the 2 of the talon
    discard: List[Card] = list(view.discard)
    if view.contract == MEKSIKO:
        talon = left - played[declarer] if declarer != view.seat else set(DECK) - set().union(*played)
        if declarer != view.seat:
            hands[declarer] = played[declarer]
    else:
        talon = set(view.talon or ())
        if declarer != view.seat:
            discard = sorted(left - played[declarer])
            hands[declarer] = left - talon
    return DealRecord.from_dict({
        "rules": view.rules, "mode": view.mode, "dealer": view.dealer,
        "hands": [sorted(_cards(h)) for h in hands], "talon": sorted(_cards(talon)),
        "auction": list(view.auction), "discard": _cards(discard), "trump": trump_name(view.trump),
        "play": _cards(view.play),
    })


# --- a game: the score sheet -------------------------------------------------------------------

def game_sheet(data: object) -> Dict[str, Any]:
    """A game record (finished deals, settings) checked, with its score sheet: each deal's
    scores and made/failed, the running totals after it (the profile's floor applied), the
    winners once over, and the dealer and number of the next deal while it goes on."""
    try:
        game = GameRecord.from_dict(data)
    except MeksikoError as exc:
        raise RecordError(f"game: {exc}") from None
    out = game.to_dict()
    rows = []
    for i, (deal, scores, totals) in enumerate(zip(game.deals, game.scores, game.totals)):
        rows.append({"deal": i + 1, "dealer": deal.dealer, "declarer": deal.declarer, "contract": deal.contract,
                     "trump": trump_name(deal.trump), "tricks_won": list(deal.tricks_won),
                     "made": deal.tricks_won[deal.declarer] >= deal.contract.tricks_needed,  # type: ignore[index,union-attr]
                     "scores": list(scores), "totals": list(totals)})
    last = game.deals[-1].dealer if game.deals else None
    out.update({
        "sheet": rows,
        "finished": game.finished,
        "describe": game.config.describe(),
        "next_dealer": None if game.finished or last is None else (last + 1) % 3,
        "next_deal": None if game.finished else len(game.deals) + 1,
    })
    return out
