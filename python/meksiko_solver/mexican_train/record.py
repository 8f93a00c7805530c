"""Records of rounds and games (JSON), checked move by move when read.

A round record::

    {"players": 4, "engine": 12, "starter": 0,
     "hands": [["12-5", ...], ...], "boneyard": ["3-1", ...],        # the deal; boneyard in drawing order
     "moves": [{"player": 0, "action": "play", "tiles": ["12-5", "5-3"], "train": 0},
               {"player": 1, "action": "draw", "tile": "4-2"},
               {"player": 1, "action": "pass"}, ...]}

``train`` is a seat or ``"M"`` (the Mexican train); a draw's ``tile`` may be left out (it is the
next tile of the boneyard). A game record is ``{"game": "mexican-train", "players": n,
"short": false, "rounds": [round records]}``. The first bad move is named, e.g.
``moves[14]: 7-3 does not match the open end 5 of the Mexican train``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Collection, Dict, List, Optional, Sequence, Tuple

from .errors import MeksikoError, TrainRecordError
from .round import Deal, Move, RoundState
from .rules import check_players, engine_of_round, game_rounds, starter_of_round

ROUND_FIELDS = {"players", "engine", "starter", "hands", "boneyard", "moves"}


def check_object(data: object, what: str, fields: Collection[str], required: Sequence[str],
                 where: str = "") -> Dict[str, Any]:
    """``data`` as a JSON object of ``what`` (``"a view"``): no field beyond ``fields``, every one
    of ``required`` there. ``where`` (``"rounds[2]."``) starts every message."""
    if not isinstance(data, dict):
        raise TrainRecordError(f"{where}{what} is a JSON object, not {type(data).__name__}")
    unknown = set(data) - set(fields)
    if unknown:
        raise TrainRecordError(f"{where}{', '.join(sorted(unknown))}: unknown field(s) of {what}")
    for name in required:
        if name not in data:
            raise TrainRecordError(f"{where}{name}: field required")
    return data


@dataclass(frozen=True)
class RoundRecord:
    deal: Deal
    starter: int
    moves: Tuple[Move, ...]

    def replay(self) -> RoundState:
        """The state after the moves (each checked)."""
        return replay(self.deal, self.starter, self.moves)

    @property
    def result(self) -> Dict[str, Any]:
        state = self.replay()
        return {"finished": state.over, "winner": state.winner, "blocked": state.blocked,
                "points": state.points() if state.over else None}

    def to_dict(self) -> Dict[str, Any]:
        d = self.deal.to_dict()
        d["starter"] = self.starter
        d["moves"] = [m.to_dict() for m in self.moves]
        return d

    @staticmethod
    def from_dict(data: object, where: str = "") -> "RoundRecord":
        data = check_object(data, "a round record", ROUND_FIELDS, ("players", "engine", "hands", "boneyard"), where)
        try:
            deal = Deal.make(data["players"], data["engine"], data["hands"], data["boneyard"], where)
        except TrainRecordError:
            raise
        except MeksikoError as exc:
            raise TrainRecordError(str(exc) if str(exc).startswith(where) else f"{where}{exc}") from None
        starter = data.get("starter", 0)
        if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < deal.players:
            raise TrainRecordError(f"{where}starter: {starter!r} is not a seat 0 to {deal.players - 1}")
        raw = data.get("moves", [])
        if not isinstance(raw, list):
            raise TrainRecordError(f"{where}moves: a list of moves, not {type(raw).__name__}")
        moves = tuple(Move.from_dict(m, deal.players, f"{where}moves[{i}]") for i, m in enumerate(raw))
        replay(deal, starter, moves, where)
        return RoundRecord(deal, starter, moves)


def replay(deal: Deal, starter: int, moves: Sequence[Move], where: str = "") -> RoundState:
    state = RoundState.from_deal(deal, starter)
    for i, move in enumerate(moves):
        try:
            state.apply(move)
        except MeksikoError as exc:
            raise TrainRecordError(f"{where}moves[{i}]: {exc}") from None
    return state


@dataclass(frozen=True)
class GameRecord:
    players: int
    short: bool
    rounds: Tuple[RoundRecord, ...]

    def totals(self) -> List[int]:
        totals = [0] * self.players
        for r in self.rounds:
            points = r.result["points"]
            if points is None:
                break
            totals = [a + b for a, b in zip(totals, points)]
        return totals

    @property
    def finished(self) -> bool:
        return len(self.rounds) == game_rounds(self.short) and all(r.replay().over for r in self.rounds)

    def winners(self) -> Optional[List[int]]:
        """The players with the lowest total once the last round is over (several on a tie)."""
        if not self.finished:
            return None
        totals = self.totals()
        return [p for p, t in enumerate(totals) if t == min(totals)]

    def to_dict(self) -> Dict[str, Any]:
        return {"game": "mexican-train", "players": self.players, "short": self.short,
                "rounds": [r.to_dict() for r in self.rounds],
                "totals": self.totals(), "winners": self.winners()}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @staticmethod
    def from_dict(data: object) -> "GameRecord":
        if not isinstance(data, dict) or data.get("game") != "mexican-train":
            raise TrainRecordError('a game record is a JSON object with "game": "mexican-train"')
        unknown = set(data) - {"game", "players", "short", "rounds", "totals", "winners"}
        if unknown:
            raise TrainRecordError(f"{', '.join(sorted(unknown))}: unknown field(s) of a game record")
        try:
            players = check_players(data.get("players"))
        except MeksikoError as exc:
            raise TrainRecordError(f"players: {exc}") from None
        short = data.get("short", False)
        if not isinstance(short, bool):
            raise TrainRecordError(f"short: true or false, not {short!r}")
        rounds_raw = data.get("rounds")
        if not isinstance(rounds_raw, list) or len(rounds_raw) > game_rounds(short):
            raise TrainRecordError(f"rounds: a list of at most {game_rounds(short)} round records")
        rounds = []
        for k, raw in enumerate(rounds_raw):
            where = f"rounds[{k}]."
            r = RoundRecord.from_dict(raw, where)
            if r.deal.players != players:
                raise TrainRecordError(f"{where}players: {r.deal.players}, but the game has {players}")
            if r.deal.engine != engine_of_round(k):
                raise TrainRecordError(f"{where}engine: round {k + 1} is played from the "
                                       f"{engine_of_round(k)}-{engine_of_round(k)}, not {r.deal.engine}")
            if r.starter != starter_of_round(k, players):
                raise TrainRecordError(f"{where}starter: round {k + 1} is started by player "
                                       f"{starter_of_round(k, players)}, not {r.starter}")
            if k < len(rounds_raw) - 1 and not r.replay().over:
                raise TrainRecordError(f"{where}moves: the round is not over, but another round follows")
            rounds.append(r)
        record = GameRecord(players, short, tuple(rounds))
        for name in ("totals", "winners"):
            if name in data and data[name] != getattr(record, name)():
                raise TrainRecordError(f"{name}: {data[name]!r} does not match the rounds ({getattr(record, name)()!r})")
        return record


def load_record(data: object):
    """A game record if it says ``"game": "mexican-train"``, else a round record."""
    if isinstance(data, dict) and "game" in data:
        return GameRecord.from_dict(data)
    return RoundRecord.from_dict(data)
