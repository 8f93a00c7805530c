"""The match duplicate (arena --match): states drawn as documented, four games per state on the
same deals, a JSON anyone can replay and re-score, the same result in any number of processes."""

import json
import subprocess
import sys

import pytest

from meksiko_solver.errors import MeksikoError, OptionError, RulesError
from meksiko_solver.game_state import GameState
from meksiko_solver.hints.match_duplicate import draw_states, run_match_duplicate
from meksiko_solver.record import DealRecord
from meksiko_solver.rules import game_config
from meksiko_solver.scoring import apply_scores, game_winners


@pytest.mark.parametrize("rules,target,low", [("mexico-club", 31, 16), ("classic", 51, 36)])
def test_states_lie_within_15_points_below_the_target(rules, target, low):
    states = draw_states(300, 700200, rules, target=target)
    assert states == draw_states(300, 700200, rules, target=target)
    assert states != draw_states(300, 700201, rules, target=target)
    every = [t for s in states for t in s.scores]
    assert min(every) == low and max(every) == target - 1
    assert {s.dealer for s in states} == {0, 1, 2}
    assert {(s.rules, s.target) for s in states} == {(rules, target)}


def replay(state, game):
    """The game's final totals and winner re-scored from its deal records alone."""
    config = game_config(state["rules"], state["mode"], "standard", state["target"])
    totals = tuple(state["scores"])
    winners = None
    for i, d in enumerate(game["deals"]):
        record = DealRecord.from_dict(d)
        assert record.dealer == (state["dealer"] + i) % 3
        totals = apply_scores(totals, record.scores, config.rules)
        winners = game_winners(config, totals, i + 1, record.declarer, record.tricks_won)
        assert (winners is None) == (i < len(game["deals"]) - 1)
    return list(totals), winners


@pytest.fixture(scope="module")
def hint_against_baseline():
    return run_match_duplicate(states=2, seed=700203, policies="hint,baseline", samples=8, target=31)


def test_the_json_replays_and_rescores(hint_against_baseline):
    data = json.loads(json.dumps(hint_against_baseline.to_dict()))
    assert len(data["states"]) == 2
    for state in data["states"]:
        GameState.from_dict({k: state[k] for k in ("scores", "dealer", "target", "rules", "mode")})
        assert [g["game"] for g in state["games"]] == ["base", "A in seat 0", "A in seat 1", "A in seat 2"]
        assert state["games"][0]["policies"] == ["baseline"] * 3
        for k in range(3):
            assert state["games"][k + 1]["policies"][k] == "hint"
            assert state["games"][k + 1]["policies"].count("baseline") == 2
        first_hands = {json.dumps(g["deals"][0]["hands"]) for g in state["games"]}
        assert len(first_hands) == 1  # the four games meet the same deals
        for game in state["games"]:
            final, winners = replay(state, game)
            assert final == game["final"]
            assert game["winner"] == (winners[0] if len(winners) == 1 else list(winners))


def test_the_measure_is_the_seats_wins_against_the_base_game(hint_against_baseline):
    data = hint_against_baseline.to_dict()

    def share(game, seat):
        w = game["winner"] if isinstance(game["winner"], list) else [game["winner"]]
        return 1 / len(w) if seat in w else 0.0

    per_state = [sum(share(s["games"][k + 1], k) - share(s["games"][0], k) for k in range(3)) / 3
                 for s in data["states"]]
    summary = data["summary"]
    assert summary["win_difference"]["mean"] == pytest.approx(sum(per_state) / 2, abs=1e-4)
    assert summary["a_wins"] - 1 / 3 == pytest.approx(summary["win_difference"]["mean"], abs=2e-4)
    assert summary["deals"] == sum(len(g["deals"]) for s in data["states"] for g in s["games"])


def test_a_policy_against_itself_is_level():
    r = run_match_duplicate(states=3, seed=700204, policies="baseline,baseline", target=31)
    assert r.summary["win_difference"] == {"n": 9, "states": 3, "mean": 0.0, "ci95": [0.0, 0.0]}


def test_the_same_result_in_two_processes():
    one = run_match_duplicate(states=3, seed=700205, policies="baseline,hint", samples=4, rules="classic")
    two = run_match_duplicate(states=3, seed=700205, policies="baseline,hint", samples=4, rules="classic",
                              workers=2)
    assert json.dumps(one.to_dict()) == json.dumps(two.to_dict())


@pytest.mark.parametrize("kwargs,error", [
    ({"states": 0}, OptionError),
    ({"workers": 0}, OptionError),
    ({"target": 40}, RulesError),
    ({"policies": "hint"}, MeksikoError),
    ({"policies": "hint,nobody"}, MeksikoError),
])
def test_bad_options_are_refused(kwargs, error):
    with pytest.raises(error):
        run_match_duplicate(**{"states": 1, **kwargs})


@pytest.mark.parametrize("argv,words", [
    (["--match", "--duplicate"], "two arenas"),
    (["--states", "3"], "add --match"),
    (["--match", "--sequential"], "add --duplicate"),
    (["--match", "--target", "40"], "valid targets are 31, 51, 101"),
])
def test_the_cli_exits_2_on_bad_arguments(argv, words):
    p = subprocess.run([sys.executable, "-m", "meksiko_solver", "arena", "--quiet", *argv],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and words in p.stderr, p.stderr


def test_the_cli_prints_the_json():
    p = subprocess.run([sys.executable, "-m", "meksiko_solver", "arena", "--match", "--states", "1", "--seed", "700206",
                        "--policies", "baseline,baseline", "--target", "31", "--json", "--quiet"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["summary"]["states"] == 1 and data["summary"]["target"] == 31
    assert len(data["states"][0]["games"]) == 4


@pytest.mark.parametrize("name", ["match_hint-match_hint_mexico-club_56950", "match_hint-match_hint_classic_56951"])
def test_the_published_hint_match_runs_rescore_to_their_summary(name):
    """docs/equity.md's final runs of hint-match against hint: every game re-scored from its deal
    records gives its final totals and winner, and the seats' wins give the summary's mean."""
    import gzip
    from pathlib import Path

    path = Path(__file__).parent.parent / "docs" / "data" / f"{name}.json.gz"
    data = json.loads(gzip.decompress(path.read_bytes()))

    def share(winner, seat):
        w = winner if isinstance(winner, (list, tuple)) else [winner]
        return 1 / len(w) if seat in w else 0.0

    per_seat = []
    for state in data["states"]:
        for game in state["games"]:
            final, winners = replay(state, game)
            assert final == game["final"]
            assert all(share(game["winner"], s) == share(list(winners), s) for s in range(3))
        base = state["games"][0]
        per_seat += [share(state["games"][k + 1]["winner"], k) - share(base["winner"], k) for k in range(3)]
    summary = data["summary"]
    assert summary["policies"] == {"A": "hint-match", "B": "hint"} and summary["samples"] == 50
    assert len(per_seat) == summary["win_difference"]["n"]
    assert summary["win_difference"]["mean"] == pytest.approx(sum(per_seat) / len(per_seat), abs=1e-4)
    assert summary["win_difference"]["ci95"][0] > 0
