"""Where a game stands before a deal: the three running totals, the dealer, the target, the
rule profile and the scoring mode. The game equity (:mod:`.hints.equity`) and the match-aware
hints start from it.

Only games played to a target (the ``standard`` formats) have a state: a total below the
profile's floor (0 under ``mexico-club``), a total at or past the target (the game is over), a
target the profile's format does not allow or totals for other than three seats are a
:class:`~meksiko_solver.errors.GameStateError` naming the value and the rule.

>>> state = GameState.from_dict({"scores": [29, 12, 0], "dealer": 1, "target": 31})
>>> state.rules, state.mode, GameState.from_json(state.to_json()) == state
('mexico-club', 'easy', True)
>>> GameState((31, 0, 0), 0, 31)
Traceback (most recent call last):
...
meksiko_solver.errors.GameStateError: scores: seat 0's total 31 is at or past the target 31 (the game is over)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

from .cards import parse_seat
from .errors import GameStateError, MeksikoError, RecordError
from .record_fields import checked_keys, load_json
from .rules import GameConfig, game_config

GAME_STATE_KEYS = ("scores", "dealer", "target", "rules", "mode")


@dataclass(frozen=True)
class GameState:
    """A game before a deal. ``target`` None: the profile's default; ``mode`` None: its default."""

    scores: Tuple[int, int, int]
    dealer: int
    target: Optional[int] = None
    rules: Optional[str] = None
    mode: Optional[str] = None

    def __post_init__(self) -> None:
        try:
            config = game_config(self.rules, self.mode, "standard", self.target)
            dealer = parse_seat(self.dealer, "dealer")
        except MeksikoError as exc:
            raise GameStateError(f"game state: {exc}") from None
        scores = self.scores
        if not isinstance(scores, (list, tuple)) or len(scores) != 3:
            count = f"{len(scores)} totals" if isinstance(scores, (list, tuple)) else repr(scores)
            raise GameStateError(f"scores: a game has three seats, so three totals, not {count}")
        for seat, total in enumerate(scores):
            if isinstance(total, bool) or not isinstance(total, int):
                raise GameStateError(f"scores: seat {seat}'s total must be a whole number, not {total!r}")
            floor = config.rules.total_floor
            if floor is not None and total < floor:
                raise GameStateError(f"scores: seat {seat}'s total {total} is below the floor of "
                                     f"{config.rules.name} (totals are never below {floor})")
            assert config.target is not None  # the standard format has a target
            if total >= config.target:
                raise GameStateError(f"scores: seat {seat}'s total {total} is at or past the target "
                                     f"{config.target} (the game is over)")
        # the completed, canonical form: every field explicit
        object.__setattr__(self, "scores", (scores[0], scores[1], scores[2]))
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "target", config.target)
        object.__setattr__(self, "rules", config.rules.name)
        object.__setattr__(self, "mode", config.mode.name)

    @property
    def config(self) -> GameConfig:
        return game_config(self.rules, self.mode, "standard", self.target)

    @classmethod
    def from_dict(cls, data: object) -> "GameState":
        try:
            d = checked_keys(data, GAME_STATE_KEYS, ("scores", "dealer"), "game state")
        except RecordError as exc:
            raise GameStateError(str(exc)) from None
        scores = d["scores"]
        return cls(tuple(scores) if isinstance(scores, list) else scores, d["dealer"], d.get("target"),
                   d.get("rules"), d.get("mode"))

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        try:
            data = load_json(text, "game state")
        except RecordError as exc:
            raise GameStateError(str(exc)) from None
        return cls.from_dict(data)

    def to_dict(self) -> Dict[str, Any]:
        return {"scores": list(self.scores), "dealer": self.dealer, "target": self.target,
                "rules": self.rules, "mode": self.mode}

    def to_json(self) -> str:
        return json.dumps(self.to_dict())

    def __str__(self) -> str:
        return self.to_json()


def parse_game_state(value: object) -> GameState:
    """A GameState from a GameState, a dict or JSON text."""
    if isinstance(value, GameState):
        return value
    if isinstance(value, str):
        return GameState.from_json(value)
    if isinstance(value, dict):
        return GameState.from_dict(value)
    raise GameStateError(f"a game state must be a JSON object, not {type(value).__name__}")
