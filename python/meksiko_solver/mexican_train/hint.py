"""Play hints from one player's view: sample the hidden tiles, play every candidate out, rank.

A view is the round record as one seat saw it::

    {"players": 4, "engine": 12, "starter": 0, "seat": 1,
     "hand": [the seat's 15 dealt tiles], "moves": [the moves so far]}

Others' draws carry no tile; the seat's own draws must name theirs. The view is replayed with
the rules (the seat's moves are checked in full, the others' against what is public).

Worlds: the hidden tiles (the others' hands and the boneyard) are dealt uniformly at random
over the deals consistent with the view: the hand sizes, and the values a player showed they
lacked — when a player draws (or passes without drawing), no tile they held then has a value
of an end open to them; such a tile in their hand now must have come with a later draw that
they kept (rejection sampling: a world that breaks this is dealt again).

Every candidate move (``policies.candidate_moves``) is played in every world, then the round is
played out by the rollout policy (the baseline) for everyone. Moves are ranked by the expected
points left in the seat's hand at the round's end (0 when they go out; lower is better), then by
the chance that the seat goes out first. Deterministic for a seed; a time budget stops the
sampling early (every move is always judged on the same worlds).
"""

from __future__ import annotations

import json
import os
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..process_pool import process_pool
from .errors import MeksikoError, TrainRecordError
from .record import check_object
from .policies import BaselinePolicy, baseline_playout, candidate_moves
from .round import Action, Move, Phase, RoundState
from .rules import check_players, hand_size
from .tiles import HIGH, LOW, TILE_COUNT, check_value, index_of, parse_tiles

DEFAULT_WORLDS = 100
MAX_REJECTIONS = 2000  # deals tried for one world before using an unconstrained one (reported)
VIEW_FIELDS = {"players", "engine", "starter", "seat", "hand", "moves"}


@dataclass(frozen=True)
class TrainView:
    players: int
    engine: int
    starter: int
    seat: int
    state: RoundState

    @staticmethod
    def from_dict(data: object) -> "TrainView":
        data = check_object(data, "a view", VIEW_FIELDS, ("players", "engine", "seat", "hand"))
        try:
            players = check_players(data["players"])
            engine = check_value(data["engine"], "engine")
        except MeksikoError as exc:
            raise TrainRecordError(f"{'players' if 'players' in str(exc) else 'engine'}: {exc}") from None
        seat, starter = data["seat"], data.get("starter", 0)
        for name, value in (("seat", seat), ("starter", starter)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
                raise TrainRecordError(f"{name}: {value!r} is not a seat 0 to {players - 1}")
        try:
            hand = parse_tiles(data["hand"], "hand")
        except MeksikoError as exc:
            raise TrainRecordError(str(exc)) from None
        if len(hand) != hand_size(players):
            raise TrainRecordError(f"hand: {len(hand)} tiles, but each of {players} players gets {hand_size(players)}")
        if index_of(engine, engine) in {t.index for t in hand}:
            raise TrainRecordError(f"hand: {engine}-{engine} is the engine of this round")
        state = RoundState.seen_by(players, engine, starter, seat, hand)
        raw = data.get("moves", [])
        if not isinstance(raw, list):
            raise TrainRecordError(f"moves: a list of moves, not {type(raw).__name__}")
        for i, item in enumerate(raw):
            move = Move.from_dict(item, players, f"moves[{i}]")
            if move.action is Action.DRAW and move.player == seat and move.tile is None:
                raise TrainRecordError(f"moves[{i}]: the seat's own draw must name the tile drawn")
            if move.action is Action.DRAW and move.player != seat and move.tile is not None:
                raise TrainRecordError(f"moves[{i}]: player {move.player}'s draw is hidden from seat {seat}")
            try:
                state.apply(move)
            except MeksikoError as exc:
                raise TrainRecordError(f"moves[{i}]: {exc}") from None
        if state.over:
            raise TrainRecordError("moves: the round is over, there is no move to advise")
        if state.turn != seat:
            raise TrainRecordError(f"moves: it is player {state.turn}'s turn, not seat {seat}'s")
        return TrainView(players, engine, starter, seat, state)

    @staticmethod
    def from_json(text: str) -> "TrainView":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise TrainRecordError(f"the view is not valid JSON: {exc}") from None
        return TrainView.from_dict(data)

    @staticmethod
    def of_state(state: RoundState, seat: int) -> "TrainView":
        """What ``seat`` sees of a full state (the arena's hint players)."""
        hidden = state.copy()
        for q in range(state.players):
            if q != seat:
                hidden.hands[q] = None
        hidden.boneyard = None
        return TrainView(state.players, state.engine, state.starter, seat, hidden)


# --------------------------------------------------------------------------- sampling ----

def hidden_tiles(state: RoundState, seat: int) -> List[int]:
    seen = set(state.known_hand(seat))
    seen.add(index_of(state.engine, state.engine))
    for train in state.trains:
        seen.update(t for t, _ in train)
    return [t for t in range(TILE_COUNT) if t not in seen]


def consistent(state: RoundState, player: int, hand: Sequence[int]) -> bool:
    """Whether ``hand`` could be ``player``'s now: each tile with a value they showed they lacked
    (after their d-th draw) must be one of their later draws that they kept (Hall's condition)."""
    constraints = state.constraints[player]
    if not constraints:
        return True
    latest = []
    for t in hand:
        hi, lo = HIGH[t], LOW[t]
        level = -1
        for values, draws in constraints:
            if draws > level and (hi in values or lo in values):
                level = draws
        if level >= 0:
            latest.append(level)
    if not latest:
        return True
    kept = state.kept_draws[player]
    latest.sort(reverse=True)
    for k, level in enumerate(latest):
        if sum(1 for d in kept if d > level) < k + 1:
            return False
    return True


def sample_world(view: TrainView, rng: random.Random) -> Tuple[RoundState, bool]:
    """A full state consistent with the view (and whether the constraints could be met)."""
    state = view.state
    pool = hidden_tiles(state, view.seat)
    others = [q for q in range(state.players) if q != view.seat]
    for _ in range(MAX_REJECTIONS):
        rng.shuffle(pool)
        hands, k = {}, 0
        for q in others:
            hands[q] = pool[k:k + state.counts[q]]
            k += state.counts[q]
        if all(consistent(state, q, hands[q]) for q in others):
            return _world(state, hands, pool[k:]), True
    return _world(state, hands, pool[k:]), False


def _world(state: RoundState, hands: Dict[int, List[int]], boneyard: List[int]) -> RoundState:
    world = state.copy()
    for q, tiles in hands.items():
        world.hands[q] = set(tiles)
    world.boneyard = list(boneyard)
    if world.phase is Phase.DRAWN and world.drawn == -1:
        raise TrainRecordError("a hidden drawn tile cannot be advised on")  # only the seat itself is advised
    return world


# --------------------------------------------------------------------------- the hint ----

@dataclass(frozen=True)
class MoveValue:
    move: Move
    penalty: float      # expected points left at the end of the round
    out: float          # chance to go out first
    worlds: int
    baseline: bool = False                 # the move the baseline policy would make
    points: Tuple[int, ...] = ()           # the seat's points in each world (same worlds for every move)

    def to_dict(self) -> Dict[str, Any]:
        return {"move": self.move.to_dict(), "text": str(self.move), "penalty": round(self.penalty, 3),
                "out": round(self.out, 4), "worlds": self.worlds, "baseline": self.baseline}


@dataclass(frozen=True)
class TrainHint:
    seat: int
    move: Move
    options: Tuple[MoveValue, ...]
    worlds: int
    unconstrained_worlds: int
    seed: int
    elapsed: float

    def to_dict(self) -> Dict[str, Any]:
        return {"hint": "mexican-train", "seat": self.seat, "move": self.move.to_dict(), "text": str(self.move),
                "worlds": self.worlds, "unconstrained_worlds": self.unconstrained_worlds, "seed": self.seed,
                "elapsed_ms": round(1000 * self.elapsed, 1), "options": [o.to_dict() for o in self.options]}


def rollout(world: RoundState, move: Move, seat: int, policy=None) -> Tuple[int, bool]:
    """Play ``move`` then the rest of the round with ``policy`` (default: the baseline, on its
    fast path without the move checks): (seat's points, seat went out)."""
    state = world.copy()
    state.apply(move)
    if policy is None:
        baseline_playout(state)
    while not state.over:
        state.apply(policy.choose(state))
    return state.points()[seat], state.winner == seat


#: Below this many rollouts a hint runs in the calling process (starting work elsewhere costs more).
PARALLEL_MIN_ROLLOUTS = 64


def _play_world(world: RoundState, moves: List[Move], seat: int) -> List[Tuple[int, bool]]:
    """One world's rollouts, in a worker process (``process_pool``)."""
    return [rollout(world, move, seat) for move in moves]


def train_hint(view, worlds: int = DEFAULT_WORLDS, seed: int = 0, time_budget_ms: Optional[float] = None,
               policy=None, workers: Optional[int] = None,
               checkpoint: Optional[Callable[[], None]] = None) -> TrainHint:
    """The best move for the view's seat (see the module). ``view``: a TrainView or its dict.

    ``workers``: processes that play the worlds out (default: every core; 1: this process);
    they are worker subprocesses (``process_pool``), so a script needs no main guard. The
    worlds are dealt here from the seed, so the answer does not depend on ``workers``.
    ``checkpoint``, if given, is called before each world's rollouts here, or while the workers
    play; it may raise to stop the hint (the HTTP service stops a hint whose client has gone),
    and the workers' unfinished worlds are then abandoned.
    """
    start = time.perf_counter()
    if not isinstance(view, TrainView):
        view = TrainView.from_dict(view)
    if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
        raise TrainRecordError(f"worlds must be a whole number >= 1, not {worlds!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TrainRecordError(f"seed must be a whole number, not {seed!r}")
    if time_budget_ms is not None and (isinstance(time_budget_ms, bool) or not isinstance(time_budget_ms, (int, float))
                                       or time_budget_ms <= 0):
        raise TrainRecordError(f"time_budget_ms must be a positive number, not {time_budget_ms!r}")
    seat = view.seat
    probe = view.state.copy()
    probe.hands = [h if h is not None else set() for h in probe.hands]
    moves = candidate_moves(probe)
    if len(moves) == 1:
        return TrainHint(seat, moves[0], (MoveValue(moves[0], float("nan"), float("nan"), 0),), 0, 0, seed,
                         time.perf_counter() - start)
    baseline_move = BaselinePolicy().choose(probe)
    if workers is None:
        workers = os.cpu_count() or 1
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise TrainRecordError(f"workers must be a whole number >= 1, not {workers!r}")
    if policy is not None or worlds * len(moves) < PARALLEL_MIN_ROLLOUTS:
        workers = 1
    rng = random.Random(seed)
    totals = [[0.0, 0] for _ in moves]
    points_by_move: List[List[int]] = [[] for _ in moves]
    used = unconstrained = 0
    deadline = None if time_budget_ms is None else start + time_budget_ms / 1000
    batch = 1 if workers == 1 else 4 * workers
    while used < worlds:
        sampled = []
        for _ in range(min(batch, worlds - used)):
            world, ok = sample_world(view, rng)
            unconstrained += not ok
            sampled.append(world)
        if workers == 1:
            if checkpoint is not None:
                checkpoint()
            outcomes = [[rollout(w, m, seat, policy) for m in moves] for w in sampled]
        else:
            outcomes = process_pool(workers).run(_play_world, [(w, moves, seat) for w in sampled], checkpoint)
        for per_move in outcomes:
            for k, (points, out) in enumerate(per_move):
                totals[k][0] += points
                totals[k][1] += out
                points_by_move[k].append(points)
        used += len(sampled)
        if deadline is not None and time.perf_counter() > deadline:
            break
    options = [MoveValue(m, t[0] / used, t[1] / used, used, m == baseline_move, tuple(pts))
               for m, t, pts in zip(moves, totals, points_by_move)]
    order = sorted(range(len(options)), key=lambda k: (options[k].penalty, -options[k].out, k))
    ranked = tuple(options[k] for k in order)
    return TrainHint(seat, ranked[0].move, ranked, used, unconstrained, seed, time.perf_counter() - start)


def confident_move(hint: TrainHint, z: float) -> Move:
    """The hint's best move if it beats the baseline's move by more than ``z`` standard errors
    of the paired difference over the worlds (both judged on the same worlds), else the
    baseline's move: the best of a few noisy estimates is biased low, so a small edge is noise."""
    reference = next((o for o in hint.options if o.baseline), None)
    best = hint.options[0]
    if reference is None or best is reference or best.worlds < 2:
        return best.move
    diffs = [a - b for a, b in zip(best.points, reference.points)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return best.move if mean < 0 and mean * mean > z * z * var / n else reference.move


class HintPolicy:
    """Plays the hint whenever there is a choice (``worlds`` a decision): its best move when it
    is clearly better than the baseline's (``confident_move``), else the baseline's."""

    name = "hint"

    def __init__(self, worlds: int = 20, seed: int = 0, z: float = 2.0) -> None:
        self.worlds = worlds
        self.seed = seed
        self.z = z
        self.calls = 0

    def choose(self, state: RoundState) -> Move:
        moves = candidate_moves(state)
        if len(moves) == 1:
            return moves[0]
        self.calls += 1
        view = TrainView.of_state(state, state.turn)
        hint = train_hint(view, worlds=self.worlds, seed=self.seed * 7919 + self.calls, workers=1)
        return confident_move(hint, self.z)
