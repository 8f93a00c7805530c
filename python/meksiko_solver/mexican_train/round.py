"""One round: its moves, its state, and the rules that say which move is legal.

A round is dealt (hands and an ordered boneyard) around an engine double. Players take turns
from the starter; a turn is one or more moves by the player whose turn it is:

- ``play``: one tile on a train (or, in the player's first turn, a chain of tiles on their own
  train); a double laid makes the same player move again to satisfy it;
- ``draw``: when nothing in hand can be played, one tile from the boneyard; then the drawn
  tile may be played, or the player passes;
- ``pass``: when nothing can be played (after the draw, or with an empty boneyard); the
  player's own train gets a marker.

``RoundState`` checks every move (``apply``) and names what is wrong. A state may hide some
hands and the boneyard order (a player's view): moves of hidden hands are then taken on trust
and what they reveal (a draw shows that the player had nothing to play) is kept as
``constraints`` for sampling. All choices where the text is silent are in docs/mexican-train.md.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from ..errors import MeksikoError
from .errors import DealError, IllegalMoveError, TrainRecordError
from .opening import Link
from .rules import check_players, hand_size
from .tiles import (DOUBLE, HIGH, LOW, POINTS, TILES, TILE_COUNT, Tile, WITH_VALUE, check_value, index_of,
                    TileList, other_end, parse_tiles)

#: The Mexican (common) train's number; players' trains are numbered by their seats.
MEXICAN = -1


class Action(enum.Enum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


class Phase(enum.Enum):
    START = "start"        # a new turn
    SATISFY = "satisfy"    # the player laid a double and must satisfy it
    DRAWN = "drawn"        # the player drew and may play the drawn tile, or pass
    OVER = "over"


def train_name(train: int) -> str:
    return "the Mexican train" if train == MEXICAN else f"player {train}'s train"


def parse_train(value: object, players: int, where: str = "train") -> int:
    if value in ("M", "m", "mexican", MEXICAN):
        return MEXICAN
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise TrainRecordError(f"{where}: {value!r} is not a train: use \"M\" (Mexican) or a seat 0 to {players - 1}")
    return value


@dataclass(frozen=True)
class Move:
    """One move of the player whose turn it is. ``tiles``: the tiles played (several only in a
    first move); ``tile``: the tile drawn, when known."""

    player: int
    action: Action
    tiles: Tuple[Tile, ...] = ()
    train: Optional[int] = None
    tile: Optional[Tile] = None

    def to_dict(self) -> Dict[str, Any]:
        d: Dict[str, Any] = {"player": self.player, "action": self.action.value}
        if self.action is Action.PLAY:
            d["tiles"] = [str(t) for t in self.tiles]
            d["train"] = "M" if self.train == MEXICAN else self.train
        elif self.action is Action.DRAW and self.tile is not None:
            d["tile"] = str(self.tile)
        return d

    @staticmethod
    def from_dict(data: object, players: int, where: str = "move") -> "Move":
        if not isinstance(data, dict):
            raise TrainRecordError(f"{where}: a move is an object like "
                                   f"{{\"player\": 0, \"action\": \"play\", \"tiles\": [\"12-5\"], \"train\": 0}}, "
                                   f"not {data!r}")
        unknown = set(data) - {"player", "action", "tiles", "train", "tile"}
        if unknown:
            raise TrainRecordError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        player = data.get("player")
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
            raise TrainRecordError(f"{where}.player: {player!r} is not a seat 0 to {players - 1}")
        try:
            action = Action(data.get("action"))
        except ValueError:
            raise TrainRecordError(f"{where}.action: {data.get('action')!r} is not play, draw or pass") from None
        try:
            if action is Action.PLAY:
                if "tiles" not in data or "train" not in data:
                    raise TrainRecordError(f"{where}: a play needs its tiles and its train")
                tiles = parse_tiles(data["tiles"], f"{where}.tiles")
                if not tiles:
                    raise TrainRecordError(f"{where}.tiles: a play lays at least one tile")
                return Move(player, action, tiles, parse_train(data["train"], players, f"{where}.train"))
            if "tiles" in data or "train" in data:
                raise TrainRecordError(f"{where}: a {action.value} has no tiles or train")
            if action is Action.DRAW:
                tile = data.get("tile")
                try:
                    return Move(player, action, tile=None if tile is None else Tile.parse(tile))
                except MeksikoError as exc:
                    raise TrainRecordError(f"{where}.tile: {exc}") from None
            if "tile" in data:
                raise TrainRecordError(f"{where}: a pass has no tile")
            return Move(player, action)
        except TrainRecordError:
            raise
        except MeksikoError as exc:  # a TileError: it names the field already
            raise TrainRecordError(str(exc)) from None

    def __str__(self) -> str:
        if self.action is Action.PLAY:
            assert self.train is not None  # a play names its train
            return f"player {self.player} plays {' '.join(map(str, self.tiles))} on {train_name(self.train)}"
        if self.action is Action.DRAW:
            return f"player {self.player} draws" + (f" {self.tile}" if self.tile else "")
        return f"player {self.player} passes"


@dataclass(frozen=True)
class Deal:
    """The tiles of a round: each player's hand and the boneyard in drawing order."""

    players: int
    engine: int
    hands: Tuple[Tuple[Tile, ...], ...]
    boneyard: Tuple[Tile, ...]

    @staticmethod
    def make(players: int, engine: int, hands: Sequence[TileList], boneyard: TileList, where: str = "") -> "Deal":
        check_players(players)
        check_value(engine, f"{where}engine")
        if not isinstance(hands, (list, tuple)) or len(hands) != players:
            raise DealError(f"{where}hands: {players} hands are needed for {players} players")
        size = hand_size(players)
        seen: Dict[Tile, str] = {Tile.of(engine, engine): "the engine"}
        parsed = []
        for seat, hand in enumerate(hands):
            tiles = parse_tiles(hand, f"{where}hands[{seat}]")
            if len(tiles) != size:
                raise DealError(f"{where}hands[{seat}]: {len(tiles)} tiles, but each of {players} players gets {size}")
            parsed.append(tiles)
        bone = parse_tiles(boneyard, f"{where}boneyard")
        for what, tiles in [*((f"hands[{s}]", t) for s, t in enumerate(parsed)), ("boneyard", bone)]:
            for t in tiles:
                if t in seen:
                    raise DealError(f"{where}{what}: tile {t} is also in {seen[t]} (the set has one of each)")
                seen[t] = what
        if len(seen) != TILE_COUNT:
            missing = [str(t) for t in TILES if t not in seen]
            raise DealError(f"{where}boneyard: the tiles {' '.join(missing[:6])}{' ...' if len(missing) > 6 else ''} "
                            f"are missing (hands, boneyard and engine make the 91 tiles)")
        return Deal(players, engine, tuple(parsed), bone)

    def to_dict(self) -> Dict[str, Any]:
        return {"players": self.players, "engine": self.engine,
                "hands": [[str(t) for t in h] for h in self.hands], "boneyard": [str(t) for t in self.boneyard]}


def deal_round(players: int, engine: int, rng) -> Deal:
    """A shuffled deal (``rng`` is a ``random.Random``)."""
    check_players(players)
    tiles = [t for t in TILES if t != Tile.of(engine, engine)]
    rng.shuffle(tiles)
    size = hand_size(players)
    hands = tuple(tuple(tiles[k * size:(k + 1) * size]) for k in range(players))
    return Deal(players, engine, hands, tuple(tiles[players * size:]))


class RoundState:
    """The state of a round; ``apply(move)`` checks a move and plays it.

    Tiles are indices 0..90 inside (``tiles.TILES``). ``hands[p]`` is a set, or None for a
    hidden hand (then ``counts[p]`` is all that is known). ``boneyard`` is the drawing order,
    or None when hidden (``bone_left`` is its size).
    """

    def __init__(self, players: int, engine: int, starter: int, hands: List[Optional[Set[int]]],
                 counts: List[int], boneyard: Optional[List[int]], bone_left: int) -> None:
        self.players = players
        self.engine = engine
        self.starter = starter
        self.hands = hands
        self.counts = counts
        self.boneyard = boneyard           # drawn from the end (stored reversed)
        self.bone_left = bone_left
        self.ends = [engine] * (players + 1)  # open end of each train; index players is the Mexican train
        self.trains: List[List[Tuple[int, int]]] = [[] for _ in range(players + 1)]  # (tile, joining value)
        self.marker = [False] * players
        self.opened = [False] * players       # the player has had their first turn
        self.pending: Optional[int] = None    # the train whose end is an unsatisfied double
        self.turn = starter
        self.phase = Phase.START
        self.satisfying = False               # the drawn tile is to satisfy the player's own double
        self.drawn: Optional[int] = None      # the tile drawn this turn (-1: hidden)
        self.winner: Optional[int] = None
        self.blocked = False
        self.moves = 0
        self.draws = [0] * players
        self.kept_draws: List[List[int]] = [[] for _ in range(players)]  # draws not played at once
        #: per player: (values they showed they lacked, how many of their draws came before)
        self.constraints: List[List[Tuple[FrozenSet[int], int]]] = [[] for _ in range(players)]

    # ------------------------------------------------------------------------- building ----
    @staticmethod
    def from_deal(deal: Deal, starter: int = 0) -> "RoundState":
        if isinstance(starter, bool) or not isinstance(starter, int) or not 0 <= starter < deal.players:
            raise DealError(f"starter {starter!r} is not a seat 0 to {deal.players - 1}")
        hands: List[Optional[Set[int]]] = [set(t.index for t in h) for h in deal.hands]
        bone = [t.index for t in reversed(deal.boneyard)]
        return RoundState(deal.players, deal.engine, starter, hands, [len(h) for h in deal.hands], bone, len(bone))

    @staticmethod
    def seen_by(players: int, engine: int, starter: int, seat: int, hand: Sequence[Tile]) -> "RoundState":
        """The start of a round as ``seat`` sees it: its own dealt hand; the rest hidden."""
        size = hand_size(players)
        hands: List[Optional[Set[int]]] = [None] * players
        hands[seat] = set(t.index for t in hand)
        bone = TILE_COUNT - 1 - players * size
        return RoundState(players, engine, starter, hands, [size] * players, None, bone)

    def copy(self) -> "RoundState":
        s = RoundState.__new__(RoundState)
        s.__dict__.update(self.__dict__)
        s.hands = [None if h is None else set(h) for h in self.hands]
        s.counts = list(self.counts)
        s.boneyard = None if self.boneyard is None else list(self.boneyard)
        s.ends = list(self.ends)
        s.trains = [list(t) for t in self.trains]
        s.marker = list(self.marker)
        s.opened = list(self.opened)
        s.draws = list(self.draws)
        s.kept_draws = [list(k) for k in self.kept_draws]
        s.constraints = [list(c) for c in self.constraints]
        return s

    # -------------------------------------------------------------------------- queries ----
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def _slot(self, train: int) -> int:
        return self.players if train == MEXICAN else train

    def end_of(self, train: int) -> int:
        return self.ends[self._slot(train)]

    def _double_train(self) -> int:
        """The train of the unsatisfied double (there must be one)."""
        assert self.pending is not None
        return self.pending

    def known_hand(self, p: int) -> Set[int]:
        """Player ``p``'s tiles; an IllegalMoveError if they are hidden."""
        hand = self.hands[p]
        if hand is None:
            raise IllegalMoveError(f"player {p}'s hand is hidden")
        return hand

    def open_trains(self, player: int) -> List[int]:
        """Where ``player`` may lay a tile at the start of a turn: only on the unsatisfied
        double if there is one; in a first turn only on their own train; else their own train,
        the Mexican train and every marked train."""
        if self.pending is not None:
            return [self.pending]
        if not self.opened[player]:
            return [player]
        trains = [player, MEXICAN]
        trains.extend(q for q in range(self.players) if q != player and self.marker[q])
        return trains

    def values_open_to(self, player: int) -> FrozenSet[int]:
        return frozenset(self.end_of(t) for t in self.open_trains(player))

    def plays(self) -> List[Tuple[int, int]]:
        """The legal single-tile plays (tile, train) of the player to move, in this phase.
        (A first move may lay more tiles in a chain: its first tile is one of these.)"""
        p = self.turn
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.DRAWN:
            if self.drawn is None or self.drawn < 0:
                return []
            trains = [self._double_train()] if self.satisfying else self.open_trains(p)
            return [(self.drawn, t) for t in trains if _has(self.drawn, self.end_of(t))]
        trains = [self._double_train()] if self.phase is Phase.SATISFY else self.open_trains(p)
        hand = self.hands[p]
        if hand is None:
            raise IllegalMoveError(f"player {p}'s hand is hidden")
        ends, mexican = self.ends, self.players
        return [(tile, t) for t in trains for tile in WITH_VALUE[ends[mexican if t == MEXICAN else t]]
                if tile in hand]

    def can_play(self, player: int) -> bool:
        """Whether ``player`` has a tile for a train open to them (their hand must be known)."""
        hand = self.known_hand(player)
        for v in self.values_open_to(player):
            for tile in WITH_VALUE[v]:
                if tile in hand:
                    return True
        return False

    def legal_actions(self) -> List[Action]:
        if self.phase is Phase.OVER:
            return []
        if self.hands[self.turn] is None and self.phase is not Phase.DRAWN:
            return [Action.PLAY, Action.DRAW, Action.PASS]
        if self.plays():
            if self.phase is Phase.DRAWN and not self.satisfying:
                return [Action.PLAY, Action.PASS]
            return [Action.PLAY]
        if self.phase is not Phase.DRAWN and self.bone_left > 0:
            return [Action.DRAW]
        return [Action.PASS]

    def points(self) -> List[int]:
        """Each player's points for the round: the pips left in hand, the 0-0 counting 50;
        0 for the player who went out."""
        return [0 if p == self.winner else sum(POINTS[t] for t in self.known_hand(p)) for p in range(self.players)]

    def train_tiles(self, train: int) -> List[Link]:
        return [Link(TILES[t], v) for t, v in self.trains[self._slot(train)]]

    # ---------------------------------------------------------------------------- moves ----
    def apply(self, move: Move) -> Optional[Tile]:
        """Check ``move`` and play it; return the tile drawn (None if hidden or not a draw)."""
        if self.phase is Phase.OVER:
            raise IllegalMoveError("the round is over")
        p = self.turn
        if move.player != p:
            raise IllegalMoveError(f"it is player {p}'s turn, not player {move.player}'s")
        if move.action is Action.PLAY:
            self._check_play(move)
            assert move.train is not None  # _check_play checked it
            self._lay([t.index for t in move.tiles], move.train)
            return None
        if move.action is Action.DRAW:
            if self.phase is Phase.DRAWN:
                raise IllegalMoveError(f"player {p} has drawn already this turn: play the drawn tile or pass")
            if self.bone_left == 0:
                raise IllegalMoveError("the boneyard is empty: pass")
            self._check_nothing_to_play("draw")
            if move.tile is not None:
                if self.boneyard is not None and self.boneyard[-1] != move.tile.index:
                    raise IllegalMoveError(f"the next tile of the boneyard is {TILES[self.boneyard[-1]]}, "
                                           f"not {move.tile}")
                if self.boneyard is None and not self._unseen(move.tile.index):
                    raise IllegalMoveError(f"{move.tile} cannot be drawn: it has been seen elsewhere")
            return self._draw(None if move.tile is None else move.tile.index)
        # pass
        if self.phase is Phase.DRAWN:
            if self.satisfying and self.plays():
                assert self.drawn is not None
                raise IllegalMoveError(f"the drawn tile {TILES[self.drawn]} satisfies the double: play it")
        else:
            if self.bone_left > 0:
                self._check_nothing_to_play("pass")
                raise IllegalMoveError("nothing fits, but the boneyard is not empty: draw first")
            self._check_nothing_to_play("pass")
        self._pass()
        return None

    def _unseen(self, tile: int) -> bool:
        if any(tile == t for train in self.trains for t, _ in train) or tile == index_of(self.engine, self.engine):
            return False
        return not any(h is not None and tile in h for h in self.hands)

    def _check_nothing_to_play(self, what: str) -> None:
        if self.hands[self.turn] is None:
            return
        plays = self.plays()
        if plays:
            tile, train = plays[0]
            raise IllegalMoveError(f"player {self.turn} cannot {what}: {TILES[tile]} can be played on "
                                   f"{train_name(train)}")

    def _check_play(self, move: Move) -> None:
        p = self.turn
        train = move.train
        if train is None or train != MEXICAN and not 0 <= train < self.players:
            raise IllegalMoveError(f"there is no train {train}")
        tiles = [t.index for t in move.tiles]
        if not tiles:
            raise IllegalMoveError("a play lays at least one tile")
        chain = self.phase is Phase.START and not self.opened[p] and self.pending is None
        if len(tiles) > 1 and not chain:
            raise IllegalMoveError(f"only a first move may lay several tiles ({len(tiles)} given)")
        if self.phase is Phase.DRAWN:
            if self.drawn is not None and self.drawn >= 0 and tiles[0] != self.drawn:
                raise IllegalMoveError(f"after a draw only the drawn tile {TILES[self.drawn]} may be played, "
                                       f"not {move.tiles[0]}")
            allowed = [self._double_train()] if self.satisfying else self.open_trains(p)
        elif self.phase is Phase.SATISFY:
            allowed = [self._double_train()]
        else:
            allowed = self.open_trains(p)
        if train not in allowed:
            raise IllegalMoveError(self._why_closed(train, p))
        hand = self.hands[p]
        for tile in tiles:
            if hand is not None and tile not in hand:
                raise IllegalMoveError(f"{TILES[tile]} is not in player {p}'s hand")
            if hand is None and not self._unseen(tile):
                raise IllegalMoveError(f"{TILES[tile]} cannot be in player {p}'s hand: it has been seen elsewhere")
        end = self.end_of(train)
        for k, tile in enumerate(tiles):
            if not _has(tile, end):
                raise IllegalMoveError(f"{TILES[tile]} does not match the open end {end} of {train_name(train)}"
                                       + (f" (tile {k + 1} of the chain)" if len(tiles) > 1 else ""))
            end = other_end(tile, end)

    def _why_closed(self, train: int, p: int) -> str:
        if self.pending is not None:
            return (f"the double on {train_name(self.pending)} is not satisfied: every play goes on it, "
                    f"not on {train_name(train)}")
        if not self.opened[p]:
            return f"a first move goes on the player's own train, not on {train_name(train)}"
        return f"{train_name(train)} is not open to player {p}: it has no marker"

    # --- the moves themselves (no checks: the checks are above; rollouts call these) ---
    def _lay(self, tiles: Sequence[int], train: int) -> None:
        p = self.turn
        slot = self._slot(train)
        hand = self.hands[p]
        end = self.ends[slot]
        line = self.trains[slot]
        for tile in tiles:
            if hand is not None:
                hand.discard(tile)
            line.append((tile, end))
            end = other_end(tile, end)
        self.ends[slot] = end
        self.counts[p] -= len(tiles)
        self.moves += 1
        self.opened[p] = True
        if train == p:
            self.marker[p] = False
        if self.pending == train:  # any tile laid on the double satisfies it
            self.pending = None
        self.drawn = None
        self.satisfying = False
        if self.counts[p] == 0:
            self.winner = p
            self.phase = Phase.OVER
            return
        if DOUBLE[tiles[-1]]:
            self.pending = train
            self.phase = Phase.SATISFY
        else:
            self._next()
        self._end_if_blocked()

    def _draw(self, known: Optional[int] = None) -> Optional[Tile]:
        p = self.turn
        self.constraints[p].append((self.values_now(p), self.draws[p]))
        if self.boneyard is not None:
            tile = self.boneyard.pop()
        else:
            tile = -1 if known is None else known
        self.bone_left -= 1
        self.draws[p] += 1
        self.counts[p] += 1
        hand = self.hands[p]
        if hand is not None and tile >= 0:
            hand.add(tile)
        self.satisfying = self.phase is Phase.SATISFY
        self.drawn = tile
        self.phase = Phase.DRAWN
        self.moves += 1
        self._end_if_blocked()
        return TILES[tile] if tile >= 0 else None

    def values_now(self, p: int) -> FrozenSet[int]:
        """The open ends the player to move could play on now (what a draw or pass shows they lack)."""
        if self.phase is Phase.SATISFY or (self.phase is Phase.DRAWN and self.satisfying):
            return frozenset([self.end_of(self._double_train())])
        return self.values_open_to(p)

    def _pass(self) -> None:
        p = self.turn
        if self.phase is not Phase.DRAWN:
            self.constraints[p].append((self.values_now(p), self.draws[p]))
        else:
            self.kept_draws[p].append(self.draws[p])
            if self.satisfying:  # the drawn tile did not satisfy the double either: it too lacks the value
                self.constraints[p].append((self.values_now(p), self.draws[p]))
        self.marker[p] = True
        self.opened[p] = True
        self.drawn = None
        self.satisfying = False
        self.moves += 1
        self._next()
        self._end_if_blocked()

    def _next(self) -> None:
        self.turn = (self.turn + 1) % self.players
        self.phase = Phase.START

    def _end_if_blocked(self) -> None:
        """The text: the round ends "gdy stos jest pusty i nikt nie może zagrać". Checked after
        every move, so a pass's new marker never reopens a round that has already ended. (Not
        with a hidden hand: a player's view cannot tell.)"""
        if self.bone_left == 0 and all(h is not None for h in self.hands) and not any(
                self.can_play(q) for q in range(self.players)):
            self.blocked = True
            self.phase = Phase.OVER

    # ------------------------------------------------------------------------- display ----
    def describe(self) -> List[str]:
        lines = [f"engine {self.engine}-{self.engine}, boneyard {self.bone_left}, "
                 f"{'over' if self.over else f'player {self.turn} to move ({self.phase.value})'}"]
        for t in [MEXICAN, *range(self.players)]:
            marker = " [marker]" if t != MEXICAN and self.marker[t] else ""
            pend = " [double to satisfy]" if self.pending == t else ""
            lines.append(f"  {'M' if t == MEXICAN else t}: {' '.join(map(str, self.train_tiles(t))) or '-'}{marker}{pend}")
        return lines


def _has(tile: int, value: int) -> bool:
    return HIGH[tile] == value or LOW[tile] == value

