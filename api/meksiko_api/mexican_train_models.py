"""Request and response bodies of the Mexican Train routes (pydantic), each with an example.

The models check the notation (a tile is ``12-5``; ``5-12`` is read too; a hand may also be one
string ``"12-5 5-3"``); the library checks the rest (a tile twice, the engine in a hand, the
moves of a view) and its MeksikoError, naming the field, becomes a 422 too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Dict, List, Optional

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from meksiko_solver.errors import MeksikoError
from meksiko_solver.mexican_train.opening import MAX_OPENING_TILES
from meksiko_solver.mexican_train.tiles import TILE_COUNT, Tile

from .models import NOTATION_ERROR, RequestModel


def _tile(value: str) -> str:
    try:
        return str(Tile.parse(value))
    except MeksikoError as exc:
        raise PydanticCustomError(NOTATION_ERROR, "{message}", {"message": str(exc)}) from None


def _split(value: Any) -> Any:
    return value.replace(",", " ").split() if isinstance(value, str) else value


TileStr = Annotated[str, AfterValidator(_tile)]


def tiles_field(max_length: int) -> Any:
    return Annotated[
        List[TileStr], Field(max_length=max_length), BeforeValidator(_split),
        WithJsonSchema({"anyOf": [{"type": "array", "items": {"type": "string"}, "maxItems": max_length},
                                  {"type": "string"}],
                        "description": 'tiles such as ["12-5", "5-3"], or one string "12-5 5-3"'}),
    ]


if TYPE_CHECKING:  # a validated field holds a list of tile names; pydantic reads the field itself
    OpeningHand = List[TileStr]
    ViewHand = List[TileStr]
else:
    OpeningHand = tiles_field(MAX_OPENING_TILES)
    ViewHand = tiles_field(TILE_COUNT)

Value = Annotated[int, Field(ge=0, le=12, description="a value of the double-twelve set, 0 to 12")]


class OpeningRequest(RequestModel):
    """A hand and the round's engine: the best train for the first move."""

    hand: OpeningHand = Field(description=f"the hand (at most {MAX_OPENING_TILES} tiles)")
    engine: Value = Field(description="the engine double's value (12 in round 1, 11 in round 2, ...)")
    all: bool = Field(False, description="also every train with as many tiles and pips (ties)")

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"hand": ["12-5", "5-3", "3-3", "3-12", "12-7", "9-1"], "engine": 12, "all": False},
    ]})


class OpeningResponse(BaseModel):
    """``Opening.to_dict()``: each tile of ``train`` is written from the end it joins."""

    engine: int
    train: List[str]
    tiles: int
    pips: int
    open_end: int
    ends_on_double: bool
    mexican_ready: int = Field(description="tiles left in hand that fit the engine (to start the Mexican train)")
    left: List[str] = Field(description="the tiles left in hand")
    ties: Optional[List[List[str]]] = Field(None, description="with all: every train tying on tiles and pips")
    tie_count: Optional[int] = None

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"engine": 12, "train": ["12-5", "5-3", "3-3", "3-12", "12-7"], "tiles": 5, "pips": 65, "open_end": 7,
         "ends_on_double": False, "mexican_ready": 0, "left": ["9-1"]},
    ]})


class TrainHintRequest(RequestModel):
    """A player's view of the round so far (the round record as that seat saw it, see
    docs/mexican-train.md) and the sampling options, in one flat object."""

    players: int = Field(description="2 to 8")
    engine: Value = Field(description="the engine double's value")
    starter: int = Field(0, description="the seat that started the round")
    seat: int = Field(description="the seat whose view this is (it must be its turn)")
    hand: ViewHand = Field(description="the tiles dealt to this seat")
    moves: List[Dict[str, Any]] = Field(default_factory=list, description="the moves so far (the others' "
                                        "draws without their tile)")
    worlds: Optional[int] = Field(None, ge=1, description="worlds to sample (default 100)")
    seed: Optional[int] = Field(None, description="random seed (same seed, same answer)")
    time_budget_ms: Optional[int] = Field(None, ge=1, description="stop sampling after this long")

    def view(self) -> Dict[str, Any]:
        return self.model_dump(exclude={"worlds", "seed", "time_budget_ms"})

    model_config = ConfigDict(json_schema_extra={"examples": [
        {"players": 2, "engine": 12, "starter": 0, "seat": 0,
         "hand": ["12-5", "5-3", "3-3", "3-12", "12-7", "9-1", "11-4", "4-4", "8-2", "6-0", "10-10", "10-1", "2-2",
                  "7-7", "0-0"],
         "moves": [], "worlds": 50, "seed": 1},
    ]})


class TrainHintResponse(BaseModel):
    """``TrainHint.to_dict()``: the recommended ``move`` and every candidate's expected points
    left (``penalty``) and chance to go out first (``out``)."""

    hint: str
    seat: int
    move: Dict[str, Any]
    worlds: int
    options: List[Dict[str, Any]]

    model_config = ConfigDict(extra="allow", json_schema_extra={"examples": [
        {"hint": "mexican-train", "seat": 0, "text": "player 0 plays 12-5 5-3 3-3 3-12 12-7 on player 0's train",
         "move": {"player": 0, "action": "play", "tiles": ["12-5", "5-3", "3-3", "12-3", "12-7"], "train": 0},
         "worlds": 50, "unconstrained_worlds": 0, "seed": 1, "elapsed_ms": 310.2,
         "options": [{"move": {"player": 0, "action": "play", "tiles": ["12-5", "5-3", "3-3", "12-3", "12-7"],
                               "train": 0},
                      "text": "player 0 plays 12-5 5-3 3-3 3-12 12-7 on player 0's train",
                      "penalty": 41.2, "out": 0.12, "worlds": 50, "baseline": True}]},
    ]})
