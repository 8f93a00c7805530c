"""Request and response bodies (pydantic), one model per body, each with an example for /docs.

The models check the syntax of a request (types, card notation, seat numbers);
the library checks whether it makes sense (duplicate cards, uneven hands, legal
plays) and its MeksikoError becomes a 422 too. Cards may be given in any
notation the library reads (``TH``, ``10h``, ``♥T``); hands and the talon may
also be a holding string ``S.H.D.C`` such as ``AK7.QJ.T98.A``.
"""

from __future__ import annotations

from typing import Annotated, Any, Dict, List, Literal, Optional, Union

from pydantic import (AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field,
                      WithJsonSchema)
from pydantic_core import PydanticCustomError

from meksiko_solver.cards import Card, parse_cards, parse_trump, trump_name
from meksiko_solver.errors import MeksikoError
from meksiko_solver.rules import DEFAULT_RULES, RULES

#: The error type of the notation checks below; its messages already quote the bad value.
NOTATION_ERROR = "meksiko_notation"
MAX_CARDS = 32  # longer card lists can only be wrong; the library says how
MAX_CARDS_TEXT = 200  # characters of a hand as text: 32 cards as "10♠" with separators fit


def _card(value: str) -> str:
    try:
        return str(Card(value))
    except MeksikoError:
        raise PydanticCustomError(
            NOTATION_ERROR, "unknown card {card}: use a rank 7 8 9 T J Q K A and a suit S H D C",
            {"card": repr(value) if len(value) <= 20 else f"{value[:20]!r}... ({len(value)} characters)"}) from None


def _card_string_to_list(value: Any) -> Any:
    """A holding (``AK7.QJ.T98.A``) or a space separated string of cards -> a list of cards."""
    if not isinstance(value, str):
        return value
    if len(value) > MAX_CARDS_TEXT:  # longer can only be wrong; quote a prefix, not all of it
        raise PydanticCustomError(NOTATION_ERROR, "cards {start}... ({length} characters) are too long: a holding "
                                  "or card list has at most {most} characters",
                                  {"start": repr(value[:20]), "length": len(value), "most": MAX_CARDS_TEXT})
    try:
        return [str(c) for c in parse_cards(value)]
    except MeksikoError as exc:
        raise PydanticCustomError(NOTATION_ERROR, "{message}", {"message": str(exc)}) from None


def _trump(value: Optional[str]) -> Optional[str]:
    try:
        return trump_name(parse_trump(value))
    except MeksikoError as exc:
        raise PydanticCustomError(NOTATION_ERROR, "{message}", {"message": str(exc)}) from None


CardStr = Annotated[str, AfterValidator(_card)]

Cards = Annotated[
    List[CardStr],
    Field(max_length=MAX_CARDS),
    BeforeValidator(_card_string_to_list),
    WithJsonSchema({
        "anyOf": [{"type": "array", "items": {"type": "string"}, "maxItems": MAX_CARDS}, {"type": "string"}],
        "description": "a list of cards such as [\"AS\", \"TH\"], or a holding string S.H.D.C "
                       "such as \"AK7.QJ.T98.A\" ('-' or nothing for a void)",
    }),
]

Trump = Annotated[
    Optional[str],
    AfterValidator(_trump),
    WithJsonSchema({"anyOf": [{"type": "string", "enum": ["S", "H", "D", "C", "N"]}, {"type": "null"}],
                    "description": "trump suit S, H, D or C; N for no trump (null, NT and - are read too)"}),
]

Seat = Annotated[int, Field(ge=0, le=2, description="a seat: 0, 1 or 2 in playing order")]


class RequestModel(BaseModel):
    """Requests refuse unknown fields, so a misspelt option is an error, not a silent default."""

    model_config = ConfigDict(extra="forbid")


# --- POST /v1/solve -------------------------------------------------------------------------------

class SolveRequest(RequestModel):
    """A position: the three remaining hands, trump, declarer and the trick in progress."""

    hands: List[Cards] = Field(min_length=3, max_length=3,
                               description="the remaining cards of seats 0, 1 and 2")
    trump: Trump = None
    declarer: Seat
    leader: Optional[Seat] = Field(None, description="leader of the current trick (default: the declarer)")
    played: Cards = Field(default_factory=list,
                          description="the 0 to 2 cards already played to the current trick, from the leader")
    card_values: bool = Field(True, description="also the value of every legal card and one optimal line "
                                                "(false: the fast mode, tricks only)")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"],
         "trump": "D", "declarer": 1, "leader": 1, "played": [], "card_values": True},
        {"hands": [["KH", "QH", "JD", "TC"], ["7S", "8D", "9C"], "A.A87.-.-"],
         "trump": "H", "declarer": 0, "leader": 1, "played": ["9S"], "card_values": True},
    ]})


class SolveResponse(BaseModel):
    """``SolveResult.to_dict()``: the declarer's tricks from here with best play by all."""

    position: str = Field(description="the position in the library's notation")
    to_move: int = Field(description="the seat to play")
    tricks: int = Field(description="the declarer's tricks from here, the trick in progress included")
    card_tricks: Dict[str, int] = Field(description="the same after each legal card of the player to move")
    line: List[str] = Field(description="one optimal line to the end")
    nodes: int = Field(description="search nodes visited")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "position": "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 trump=D declarer=1 leader=1 played=-",
        "to_move": 1, "tricks": 6,
        "card_tricks": {"8S": 6, "AH": 6, "9H": 6, "7H": 6, "AD": 6, "9D": 6, "7D": 6, "AC": 6, "KC": 6, "JC": 5},
        "line": ["8S", "TS", "7S", "JS", "9S", "7D", "7H", "TH", "8H", "QS", "AS", "9D", "AH", "JH", "QH",
                 "9H", "QD", "KH", "KS", "8D", "AD", "KC", "7C", "9C", "AC", "QC", "TC", "JC", "KD", "JD"],
        "nodes": 12170,
    }]})


# --- POST /v1/analyze ------------------------------------------------------------------------------

class AnalyzeRequest(RequestModel):
    """A deal as dealt: three hands of 10 and the talon of 2."""

    hands: List[Cards] = Field(min_length=3, max_length=3, description="the 10 cards of seats 0, 1 and 2")
    talon: Cards = Field(description="the 2 cards of the talon")
    declarer: Optional[Seat] = Field(None, description="analyze this seat; null: a table of every seat")
    rules: str = Field(DEFAULT_RULES, description=f"rule profile: {', '.join(RULES)}",
                       json_schema_extra={"enum": list(RULES)})

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"],
        "talon": ["8C", "TD"], "declarer": 1, "rules": "mexico-club",
    }]})


class TalonEntry(BaseModel):
    tricks: int = Field(description="the most tricks with this trump after the best discard")
    discards: List[List[str]] = Field(description="every discard pair that reaches them")


class BestContract(BaseModel):
    tricks: int
    trump: str
    discard: List[str]


class DeclarerAnalysisResponse(BaseModel):
    """``DeclarerAnalysis.to_dict()``: what one seat makes double-dummy as declarer (declarer leads)."""

    declarer: int
    rules: str
    with_talon: Dict[str, TalonEntry] = Field(description="per trump S H D C: tricks after the best discard")
    best: BestContract = Field(description="the best trump with the talon and its first optimal discard")
    meksiko: Dict[str, int] = Field(description="tricks without the talon: per trump (mexico-club) "
                                                "or without trump, key N (classic)")
    max_bid: Union[int, str, None] = Field(description='the highest contract made: "M", 10..5, or null')

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "declarer": 1, "rules": "mexico-club",
        "with_talon": {"S": {"tricks": 4, "discards": [["8S", "9H"], ["8S", "7H"], "..."]},
                       "H": {"tricks": 6, "discards": [["8S", "TD"], ["8S", "9D"], "..."]},
                       "D": {"tricks": 8, "discards": [["8S", "9H"], ["8S", "7H"], ["9H", "7H"]]},
                       "C": {"tricks": 8, "discards": [["8S", "9H"], ["8S", "7H"], ["9H", "7H"]]}},
        "best": {"tricks": 8, "trump": "D", "discard": ["8S", "9H"]},
        "meksiko": {"S": 4, "H": 6, "D": 6, "C": 6}, "max_bid": 8,
    }]})


class DealTableResponse(BaseModel):
    """``DealTable.to_dict()``: the declarer analysis for every seat."""

    hands: List[str]
    talon: List[str]
    rules: str
    seats: List[DeclarerAnalysisResponse] = Field(description="seats 0, 1 and 2 as declarer")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], "talon": ["TD", "8C"],
        "rules": "mexico-club", "seats": ["(the analysis of seat 0)", "(seat 1)", "(seat 2)"],
    }]})


# --- GET /v1/rules ---------------------------------------------------------------------------------

class RulesResponse(BaseModel):
    """The rule profiles the library knows, the default first, each with its options."""

    default: str
    profiles: List[Dict[str, Any]] = Field(description="each profile's fields (rules.py), its scoring "
                                                       "modes and game formats, and a text description")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "default": "mexico-club",
        "profiles": [{"name": "mexico-club", "default": True, "description": "Mexico Club online rules ...",
                      "modes": [{"name": "easy", "description": "..."}], "formats": [{"name": "standard"}],
                      "meksiko_trump": True, "text": "mexico-club (default): ..."}],
    }]})


# --- GET /health -----------------------------------------------------------------------------------

class HealthResponse(BaseModel):
    status: str = Field(description='"ok"')
    version: str = Field(description="the meksiko_solver library's version")
    workers: int = Field(description="solver threads")
    limits: Dict[str, int] = Field(description="the per-request limits")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "status": "ok", "version": "0.1.0", "workers": 2,
        "limits": {"max_body_bytes": 65536, "max_samples": 1000, "max_time_budget_ms": 10000},
    }]})


# --- POST /v1/deal/random, POST /v1/deal/parse ------------------------------------------------------

class RandomDealRequest(RequestModel):
    """A random deal from a seed (the library's ``deal.deal_cards``)."""

    seed: Optional[int] = Field(None, description="shuffle seed (same seed, same deal); null: a fresh "
                                                  "random seed, returned in the answer")
    dealer: Seat = 0
    rules: str = Field(DEFAULT_RULES, description=f"rule profile: {', '.join(RULES)}",
                       json_schema_extra={"enum": list(RULES)})

    model_config = ConfigDict(json_schema_extra={"examples": [{"seed": 4, "dealer": 0, "rules": "mexico-club"}]})


class ParseDealRequest(RequestModel):
    """A deal as text: ``"<h0> <h1> <h2> <talon>"`` (hands as holdings, the talon as two cards)."""

    deal: str = Field(max_length=400, description='"<h0> <h1> <h2> <talon>", e.g. '
                                                   '"A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD"')
    dealer: Seat = 0
    rules: str = Field(DEFAULT_RULES, description=f"rule profile: {', '.join(RULES)}",
                       json_schema_extra={"enum": list(RULES)})

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"deal": "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD", "dealer": 2, "rules": "mexico-club"}]})


class DealResponse(BaseModel):
    """A deal as dealt, in every form the page and the other routes take."""

    seed: Optional[int] = Field(description="the shuffle seed (random deals), else null")
    dealer: int
    hands: List[List[str]] = Field(description="the 10 cards of seats 0, 1 and 2, canonical order")
    talon: List[str]
    holdings: List[str] = Field(description="the hands as holdings S.H.D.C")
    text: str = Field(description='the deal as text "<h0> <h1> <h2> <talon>" (POST /v1/deal/parse reads it)')
    record: Dict[str, Any] = Field(description="a deal record (docs/records.md) of the deal before the auction")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "seed": None, "dealer": 2,
        "hands": [["AS", "9S", "7S", "KH", "QH", "8H", "JD", "8D", "TC", "9C"], ["..."], ["..."]],
        "talon": ["TD", "8C"], "holdings": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"],
        "text": "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 TD 8C",
        "record": {"rules": "mexico-club", "mode": "easy", "dealer": 2, "hands": ["..."], "talon": ["TD", "8C"],
                   "auction": [], "discard": [], "trump": None, "play": []},
    }]})


# --- POST /v1/table/advance, POST /v1/table/position ----------------------------------------------------

class TableAction(RequestModel):
    """The human's decision: exactly one of a call, a declaration (discard and trump) or a card."""

    call: Optional[str] = Field(None, description='a call: "5".."10", "M" or "NEXT"')
    discard: Optional[Cards] = Field(None, description="the declarer's two discarded cards ([] on Meksiko)")
    trump: Trump = None
    card: Optional[CardStr] = Field(None, description="a card to play")


class AdvanceRequest(RequestModel):
    """A deal at the table so far, the human's seat and (optionally) the human's next decision."""

    record: Dict[str, Any] = Field(description="the deal record so far (docs/records.md)")
    seat: Seat = Field(description="the human's seat; the bots play the other two")
    action: Optional[TableAction] = Field(None, description="the human's decision, applied first "
                                                            "(it must be the human's turn)")
    policy: Literal["hint", "random"] = Field(
        "hint", description='the bots\' policy: "hint" (meksiko_solver.hints.HintPolicy) or "random"')
    samples: Optional[int] = Field(None, ge=1, description="worlds the hint policies sample per decision")
    seed: int = Field(0, description="seed of the bots' decisions (same seed, same play)")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"record": {"dealer": 2, "hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"],
                    "talon": ["8C", "TD"]}, "seat": 1, "policy": "random", "seed": 7},
        {"record": {"dealer": 2, "hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"],
                    "talon": ["8C", "TD"], "auction": []}, "seat": 0, "action": {"call": "6"},
         "policy": "random", "seed": 7},
    ]})


class DeclareOptions(BaseModel):
    cards: List[str] = Field(description="the declarer's cards to choose the discard from (12; 10 on Meksiko)")
    discard: int = Field(description="how many cards to discard: 2, or 0 on Meksiko")
    trumps: List[str] = Field(description="the trumps that may be named")


class BotAction(BaseModel):
    seat: int
    phase: str = Field(description='"auction", "declare" or "play"')
    call: Optional[str] = None
    discard: Optional[List[str]] = None
    trump: Optional[str] = None
    card: Optional[str] = None


class SeatCall(BaseModel):
    seat: int
    call: str


class TrickEntry(BaseModel):
    leader: int
    cards: List[str]
    seats: List[int]
    winner: Optional[int] = Field(description="null for the trick in progress")


class DealResult(BaseModel):
    made: bool = Field(description="the declarer took the tricks the contract needs")
    scores: List[int] = Field(description="the deal's score changes of seats 0, 1, 2")


class AdvanceResponse(BaseModel):
    """The deal after the human's decision and the bots', and what the human may do now."""

    record: Dict[str, Any] = Field(description="the deal record so far")
    seat: int
    bots: str = Field(description='the policy the bots (the computer-played seats) played: "hint" or "random"')
    bot_actions: List[BotAction] = Field(description="the bots' decisions made by this request")
    phase: str = Field(description='"auction", "declare", "play" or "done"')
    to_move: Optional[int] = Field(description="the seat to decide, null when the deal is done")
    your_turn: bool
    calls: List[SeatCall] = Field(description="the auction so far, each call with its seat")
    declarer: Optional[int]
    contract: Optional[str]
    trump: Optional[str]
    hand: List[str] = Field(description="the human's cards now (12 for the declarer while declaring)")
    talon: Optional[List[str]] = Field(description="the talon once a numeric contract exposed it, else null")
    legal_calls: List[str] = Field(description="the calls the human may make now (auction, the human's turn)")
    legal_cards: List[str] = Field(description="the cards the human may play now (play, the human's turn)")
    declare: Optional[DeclareOptions] = Field(description="while the human must discard and name trump")
    view: Dict[str, Any] = Field(description="the human's view (docs/hints.md), the body of a hint request")
    tricks: List[TrickEntry] = Field(description="the tricks so far; the one in progress last")
    tricks_won: List[int]
    scores: Optional[List[int]] = Field(description="the deal's score changes once it is done")
    tricks_needed: Optional[int] = Field(None, description="the tricks the contract needs (10 for Meksiko)")
    hands: List[List[str]] = Field([], description="every seat's cards now (the record holds them all)")
    discard: Optional[List[str]] = Field(None, description="the declarer's discard: to the declarer during the "
                                                           "deal, to everyone once it is over")
    hint: Optional[str] = Field(None, description='the hint route for the human\'s decision now: "bid", '
                                                  '"discard", "play", or null when it is not the human\'s turn')
    result: Optional[DealResult] = Field(None, description="made or failed and the scores, once the deal is done")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "record": {"rules": "mexico-club", "mode": "easy", "dealer": 2, "hands": ["..."], "talon": ["TD", "8C"],
                   "auction": ["5"], "discard": [], "trump": None, "play": []},
        "seat": 1, "bots": "random", "bot_actions": [{"seat": 0, "phase": "auction", "call": "5"}],
        "phase": "auction", "to_move": 1, "your_turn": True, "calls": [{"seat": 0, "call": "5"}], "declarer": None, "contract": None, "trump": None,
        "hand": ["8S", "AH", "9H", "7H", "AD", "9D", "7D", "AC", "KC", "JC"], "talon": None,
        "legal_calls": ["6", "7", "8", "9", "10", "M", "NEXT"], "legal_cards": [], "declare": None,
        "view": {"rules": "mexico-club", "mode": "easy", "seat": 1, "dealer": 2, "hand": ["..."],
                 "auction": ["5"], "talon": None, "trump": None, "play": []},
        "tricks": [], "tricks_won": [0, 0, 0], "scores": None,
    }]})


class PositionRequest(RequestModel):
    """A deal record and the index of a card in its play: the position before that card."""

    record: Dict[str, Any] = Field(description="a deal record past the declarer's decision (docs/records.md)")
    index: Optional[int] = Field(None, ge=0, le=30, description="the position before play[index]; null: "
                                                                "after the last card of the record")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "record": {"dealer": 2, "hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"],
                   "talon": ["8C", "TD"], "auction": ["5", "NEXT", "NEXT"], "discard": ["7S", "8C"],
                   "trump": "H", "play": ["KH", "AH", "JH"]},
        "index": 1,
    }]})


class PositionResponse(BaseModel):
    """The position before a card and the double-dummy value of every legal card there."""

    index: int = Field(description="the position before play[index] (index = the number of cards played)")
    card: Optional[str] = Field(description="the card the record plays here, null at its end")
    declarer: int
    contract: str
    trump: Optional[str]
    hands: List[List[str]] = Field(description="the cards each seat holds at that moment")
    leader: Optional[int] = Field(description="the leader of the trick in progress (null once the deal is over)")
    played: List[str] = Field(description="the cards already played to the trick in progress")
    to_move: Optional[int]
    tricks: List[TrickEntry] = Field(description="the tricks before that moment; the one in progress last")
    tricks_won: List[int]
    value: Optional[int] = Field(description="the declarer's double-dummy tricks in the whole deal "
                                             "(won so far + the most from here)")
    values: Dict[str, int] = Field(description="the same after each legal card of the seat to move")
    line: List[str] = Field(description="one optimal line from here")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "index": 1, "card": "AH", "declarer": 0, "contract": "5", "trump": "H",
        "hands": [["AS", "9S", "QH", "8H", "JD", "TD", "8D", "TC", "9C"], ["8S", "AH", "9H", "7H", "..."], ["..."]],
        "leader": 0, "played": ["KH"], "to_move": 1,
        "tricks": [{"leader": 0, "cards": ["KH"], "seats": [0], "winner": None}], "tricks_won": [0, 0, 0],
        "value": 2, "values": {"AH": 2, "9H": 3, "7H": 3}, "line": ["AH", "TH", "7D", "..."],
    }]})


class AdvisorRequest(RequestModel):
    """One seat's own deal so far, as a hint view (docs/hints.md)."""

    view: Dict[str, Any] = Field(description="the seat's view: rules, mode, seat, dealer, hand, auction, "
                                             "talon, discard, trump, play, totals")

    model_config = ConfigDict(json_schema_extra={"examples": [{"view": {
        "rules": "mexico-club", "seat": 0, "dealer": 2,
        "hand": ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "7C", "8C"], "auction": ["6", "NEXT", "NEXT"],
        "talon": ["7H", "7D"], "discard": ["7C", "8C"], "trump": "S", "play": ["AS", "8S"]}}]})


class AdvisorDeclare(BaseModel):
    seat: int = Field(description="the declarer")
    discard: int = Field(description="cards the viewer discards: 2 when the viewer declares a numeric contract, else 0")
    cards: List[str] = Field(description="the viewer's cards to discard from (the viewer declaring), else []")
    trumps: List[str]


class AdvisorResponse(BaseModel):
    """The seat's deal so far: what may be entered next and which hint answers the seat's own decision."""

    view: Dict[str, Any] = Field(description="the view, checked and in canonical form")
    phase: str
    to_move: Optional[int]
    your_turn: bool
    hint: Optional[str] = Field(description='"bid", "discard" or "play": the hint route for the viewer\'s decision now')
    calls: List[SeatCall]
    legal_calls: List[str] = Field(description="the calls the seat to move may make (auction)")
    declarer: Optional[int]
    contract: Optional[str]
    tricks_needed: Optional[int]
    trump: Optional[str]
    talon_due: bool = Field(description="a numeric contract is reached and the talon is not entered yet")
    hand: List[str] = Field(description="the viewer's cards now")
    declare: Optional[AdvisorDeclare]
    legal_cards: List[str] = Field(description="the cards the seat to move may play: the viewer's legal cards, "
                                               "or every card another seat may still hold and play")
    tricks: List[TrickEntry]
    tricks_won: List[int]
    scores: Optional[List[int]]
    result: Optional[DealResult]
    record: Optional[Dict[str, Any]] = Field(description="the whole deal as a deal record once it is over")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "view": {"rules": "mexico-club", "mode": "easy", "seat": 0, "dealer": 2, "hand": ["AS", "..."],
                 "auction": ["6", "NEXT", "NEXT"], "talon": ["7H", "7D"], "discard": ["7C", "8C"], "trump": "S",
                 "play": ["AS", "8S"]},
        "phase": "play", "to_move": 2, "your_turn": False, "hint": None,
        "calls": [{"seat": 0, "call": "6"}, {"seat": 1, "call": "NEXT"}, {"seat": 2, "call": "NEXT"}],
        "legal_calls": [], "declarer": 0, "contract": "6", "tricks_needed": 6, "trump": "S", "talon_due": False,
        "hand": ["KS", "..."], "declare": None, "legal_cards": ["9S", "7S", "..."],
        "tricks": [{"leader": 0, "cards": ["AS", "8S"], "seats": [0, 1], "winner": None}], "tricks_won": [0, 0, 0],
        "scores": None, "result": None, "record": None,
    }]})


class GameRequest(RequestModel):
    """A game record: settings and the finished deals so far (docs/records.md)."""

    game: Dict[str, Any] = Field(description="rules, mode, format, target, deals")

    model_config = ConfigDict(json_schema_extra={"examples": [{"game": {"rules": "mexico-club", "target": 31,
                                                                         "deals": []}}]})


class SheetRow(BaseModel):
    deal: int
    dealer: int
    declarer: Optional[int]
    contract: Optional[str]
    trump: Optional[str]
    tricks_won: List[int]
    made: bool
    scores: List[int]
    totals: List[int] = Field(description="the running totals after this deal (the profile's floor applied)")


class GameResponse(BaseModel):
    rules: str
    mode: str
    format: str
    target: Optional[int]
    seed: Optional[int]
    deals: List[Dict[str, Any]]
    scores: List[List[int]]
    totals: List[List[int]]
    winners: Optional[List[int]]
    sheet: List[SheetRow]
    finished: bool
    describe: str = Field(description="the game's settings in words")
    next_dealer: Optional[int] = Field(description="the dealer of the next deal (null once over or before the first)")
    next_deal: Optional[int] = Field(description="the number of the next deal, null once over")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "rules": "mexico-club", "mode": "easy", "format": "standard", "target": 31, "seed": None,
        "deals": [{"dealer": 2, "hands": ["..."], "talon": ["..."], "auction": ["6", "NEXT", "NEXT"], "play": ["..."]}],
        "scores": [[7, 2, 1]], "totals": [[7, 2, 1]], "winners": None,
        "sheet": [{"deal": 1, "dealer": 2, "declarer": 0, "contract": "6", "trump": "S", "tricks_won": [7, 2, 1],
                   "made": True, "scores": [7, 2, 1], "totals": [7, 2, 1]}],
        "finished": False, "describe": "mexico-club, easy scoring, standard format, target 31",
        "next_dealer": 0, "next_deal": 2,
    }]})


# --- the sampling options of the hint and review requests (hint_models.py) ------------------------

class SamplingOptions(RequestModel):
    """The options of a request that samples worlds (hints, review). The server's limits are
    checked by the route: ``settings.check_limits(body.samples, body.time_budget_ms)``."""

    samples: Optional[int] = Field(None, ge=1, description="worlds to sample (default: the library's)")
    seed: Optional[int] = Field(None, description="random seed (same seed, same answer)")
    time_budget_ms: Optional[int] = Field(None, ge=1, description="stop sampling after this long")


# --- errors ----------------------------------------------------------------------------------------

class Problem(BaseModel):
    field: str = Field(description="the field path, e.g. hands[1][3]")
    kind: str = Field(description='"notation" (our card, hand and trump checks) or "shape"')
    message: str


class ErrorResponse(BaseModel):
    """Every error: one readable message that names the bad field and value, and its kind."""

    detail: str
    kind: str = Field(description="what went wrong, for programs: notation, position, illegal_play, auction, "
                                  "rules, record, option, limit, invalid, shape, json, content_type, too_large, "
                                  "timeout, host, busy, time_budget, ... (docs/api.md)")
    field: Optional[str] = Field(None, description="the field path of a 422 on the request's shape (its first "
                                                   "problem), else null")
    errors: Optional[List[str]] = Field(None, description="for a 422 on the request's shape: one message "
                                                          "per problem (detail joins them)")
    problems: Optional[List[Problem]] = Field(None, description="for a 422 on the request's shape: each problem")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"detail": "hands[1][3]: unknown card 'ZZ': use a rank 7 8 9 T J Q K A and a suit S H D C",
         "kind": "notation", "field": "hands[1][3]",
         "errors": ["hands[1][3]: unknown card 'ZZ': use a rank 7 8 9 T J Q K A and a suit S H D C"],
         "problems": [{"field": "hands[1][3]", "kind": "notation",
                       "message": "hands[1][3]: unknown card 'ZZ': use a rank 7 8 9 T J Q K A and a suit S H D C"}]},
    ]})
