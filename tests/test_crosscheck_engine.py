"""Cross-check of the engine (meksiko_solver.solve) against the pure-Python
reference solver on seeded random positions.

The engine must be importable when this suite runs (no importorskip). All tests
here carry the ``engine`` marker: ``pytest -m engine`` runs only them,
``pytest -m "not engine"`` leaves them out.

Positions: 1..5 cards per hand, every trump suit and no trump, half of them with
a trick in progress (1 or 2 cards already played). For each one:

* ``tricks`` and ``card_tricks`` (every legal card of the player to move) equal
  the reference exactly, and ``solve(..., card_values=False).tricks`` too;
* ``line`` is a legal sequence of plays to the end of the deal, starting with the
  player to move, that scores ``tricks`` for the declarer, and it is optimal:
  no card of it changes the minimax value.
"""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import meksiko_solver
from random_positions import TRUMP_CHOICES, random_position
from reference_solver import ReferenceSolver, make_position, replay_line, solve_with

pytestmark = pytest.mark.engine

SEED = 20261129
# positions per (cards per hand, trump); 5 trumps x 84 = 420 positions
POSITIONS_PER_TRUMP = {1: 8, 2: 12, 3: 20, 4: 20, 5: 24}


def make_positions():
    rng = random.Random(SEED)
    positions, ids = [], []
    for cards_per_hand, count in POSITIONS_PER_TRUMP.items():
        for trump in TRUMP_CHOICES:
            for i in range(count):
                in_progress = i % 2 == 1  # exactly half with a trick in progress
                positions.append(random_position(rng, cards_per_hand, trump=trump,
                                                 with_trick_in_progress=in_progress))
                ids.append(f"{cards_per_hand}cards-{trump or 'NT'}-{i:02d}")
    return positions, ids


POSITIONS, IDS = make_positions()
assert len(POSITIONS) >= 400


def describe(p: dict) -> str:
    """The position as a ready-to-paste call, for failure messages."""
    return (f"solve({p['hands']!r}, {p['trump']!r}, {p['declarer']}, {p['leader']}, "
            f"played={p['played']!r})")


@lru_cache(maxsize=None)
def reference(index: int):
    """(solver with a warm memo, internal position, tricks, card_tricks)."""
    p = POSITIONS[index]
    solver = ReferenceSolver(p["trump"], p["declarer"])
    position = make_position(p["hands"], p["leader"], p["played"])
    tricks, card_tricks = solve_with(solver, *position)
    return solver, position, tricks, card_tricks


def engine_solve(p: dict, card_values: bool):
    return meksiko_solver.solve(p["hands"], p["trump"], p["declarer"], p["leader"],
                                played=tuple(p["played"]), card_values=card_values)


INDICES = list(range(len(POSITIONS)))


@pytest.mark.parametrize("index", INDICES, ids=IDS)
def test_tricks_and_card_tricks(index):
    p = POSITIONS[index]
    _, _, tricks, card_tricks = reference(index)
    r = engine_solve(p, card_values=True)
    assert r.tricks == tricks, describe(p)
    assert dict(r.card_tricks) == card_tricks, describe(p)
    assert isinstance(r.nodes, int) and r.nodes >= 0, describe(p)


@pytest.mark.parametrize("index", INDICES, ids=IDS)
def test_tricks_without_card_values(index):
    p = POSITIONS[index]
    _, _, tricks, _ = reference(index)
    assert engine_solve(p, card_values=False).tricks == tricks, describe(p)


@pytest.mark.parametrize("index", INDICES, ids=IDS)
def test_line_is_legal_optimal_and_scores_tricks(index):
    p = POSITIONS[index]
    solver, position, tricks, _ = reference(index)
    line = list(engine_solve(p, card_values=True).line)

    # Legal to the end of the deal (replay_line raises otherwise) and it scores tricks.
    scored = replay_line(p["hands"], p["trump"], p["declarer"], p["leader"], p["played"], line)
    assert scored == tricks, f"{describe(p)}: line {line} scores {scored}, not {tricks}"

    # Optimal: after every card, tricks won so far + value of the rest == tricks.
    hands, leader, played = position
    won = 0
    for step, card in enumerate(line):
        hands, leader, played, won_now = solver.play(hands, leader, played, card)
        won += won_now
        assert won + solver.value(hands, leader, played) == tricks, (
            f"{describe(p)}: line {line} loses a trick at step {step} ({card})")
