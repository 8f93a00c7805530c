"""The game state before a deal: round trips and every rule it is checked against."""

import pytest

from meksiko_solver.errors import GameStateError, MeksikoError
from meksiko_solver.game_state import GameState, parse_game_state


def test_defaults_are_completed_and_round_trip():
    state = GameState((10, 0, 50), 2, rules="mexico-club")
    assert (state.target, state.mode) == (51, "easy")
    assert GameState.from_dict(state.to_dict()) == state
    assert parse_game_state(state.to_json()) == state
    assert parse_game_state(str(state)) == state
    assert parse_game_state(state) is state
    assert GameState.from_dict({"scores": [-30, 50, 0], "dealer": 0, "rules": "classic"}).mode == "standard"


@pytest.mark.parametrize("data, words", [
    ({"scores": [-1, 0, 0], "dealer": 0}, "seat 0's total -1 is below the floor of mexico-club"),
    ({"scores": [0, 51, 0], "dealer": 0}, "seat 1's total 51 is at or past the target 51"),
    ({"scores": [0, 0, 31], "dealer": 0, "target": 31}, "seat 2's total 31 is at or past the target 31"),
    ({"scores": [0, 0, 60], "dealer": 0, "rules": "classic"}, "seat 2's total 60 is at or past the target 51"),
    ({"scores": [0, 0, 0], "dealer": 0, "target": 40}, "target 40 is not allowed"),
    ({"scores": [0, 0, 0], "dealer": 0, "rules": "classic", "target": 31}, "target 31 is not allowed"),
    ({"scores": [0, 0], "dealer": 0}, "three totals, not 2 totals"),
    ({"scores": [0, 0, 0, 0], "dealer": 0}, "three totals, not 4 totals"),
    ({"scores": "0,0,0", "dealer": 0}, "three totals, not '0,0,0'"),
    ({"scores": [0, 1.5, 0], "dealer": 0}, "seat 1's total must be a whole number, not 1.5"),
    ({"scores": [0, 0, 0], "dealer": 3}, "dealer"),
    ({"scores": [0, 0, 0], "dealer": 0, "mode": "fast"}, "unknown scoring mode 'fast'"),
    ({"scores": [0, 0, 0], "dealer": 0, "rules": "bridge"}, "unknown rules 'bridge'"),
    ({"scores": [0, 0, 0]}, "dealer"),
    ({"scores": [0, 0, 0], "dealer": 0, "totals": [1, 2, 3]}, "totals"),
])
def test_bad_states_name_the_value_and_the_rule(data, words):
    with pytest.raises(GameStateError, match=words.replace("(", r"\(").replace(".", r"\.")) as err:
        GameState.from_dict(data)
    assert isinstance(err.value, MeksikoError)


def test_classic_totals_may_be_negative_and_bad_text_is_a_game_state_error():
    assert GameState((-40, 0, 0), 1, rules="classic").scores == (-40, 0, 0)
    with pytest.raises(GameStateError, match="not valid JSON"):
        parse_game_state("{scores")
    with pytest.raises(GameStateError, match="not list"):
        parse_game_state([0, 0, 0])
