"""The CLI's solve command: text and JSON output, and exit code 2 with one line on bad input."""

import json
import subprocess
import sys

import pytest

import meksiko_solver as ms
from meksiko_solver.cli import main

HANDS = "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7"


def test_solve_text(capsys):
    assert main(["solve", "--hands", HANDS, "--trump", "H", "--declarer", "0", "--leader", "0"]) == 0
    out = capsys.readouterr().out
    expected = ms.solve(HANDS.split(), "H", 0, 0)
    assert f"takes {expected.tricks} of the 10 tricks left" in out
    assert "AS  3  best" in out
    assert out.count("|") == 9  # ten tricks in the line


def test_solve_json_matches_library(capsys):
    args = ["solve", "--hands", HANDS, "--trump", "H", "--declarer", "1", "--leader", "2", "--played", "KS"]
    hands = ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "QJT.JT.KQ.Q7"]
    args[2] = " ".join(hands)
    assert main(args + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    expected = ms.solve(hands, "H", 1, 2, ["KS"]).to_dict()
    # Node counts depend on what the transposition table already holds.
    assert data.pop("nodes") > 0
    expected.pop("nodes")
    assert data == expected
    assert set(data) >= {"tricks", "card_tricks", "line"}


def test_tricks_only(capsys):
    assert main(["solve", "--hands", HANDS, "--trump", "N", "--tricks-only", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["card_tricks"] == {} and data["line"] == []
    assert data["tricks"] == ms.solve(HANDS.split(), None, 0, 0).tricks


@pytest.mark.parametrize(
    "args, message",
    [
        (["--hands", "A97.KQ8.J8.T9 8.A97.A97.AKJ", "--trump", "H"], "three seats"),
        (["--hands", HANDS, "--trump", "Z"], "unknown trump 'Z'"),
        (["--hands", HANDS.replace("Q7", "QX"), "--trump", "H"], "unknown rank 'X'"),
        (["--hands", HANDS, "--trump", "H", "--declarer", "5"], "declarer must be 0, 1 or 2, not '5'"),
        (["--hands", HANDS, "--trump", "H", "--played", "7S"], "duplicate card 7S"),
        # issue 58: seat 0 is the short hand (seat 1 was named, as if it held one too many)
        (["--hands", "A97.KQ8.J8.T 8.A97.A97.AKJ KQJT.JT.KQ.Q7", "--trump", "H"],
         "uneven hands: seat 0 holds 9 cards, expected 10"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, message):
    proc = subprocess.run(
        [sys.executable, "-m", "meksiko_solver", "solve", *args], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]


def test_trump_is_required():
    """No trump is one of the five trumps, not a default: without --trump a user who forgot it
    got another position's answer (issue 58)."""
    proc = subprocess.run([sys.executable, "-m", "meksiko_solver", "solve", "--hands", HANDS],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "the following arguments are required: --trump" in proc.stderr
    help_text = subprocess.run([sys.executable, "-m", "meksiko_solver", "solve", "--help"],
                               capture_output=True, text=True).stdout
    assert "N for no trump (required)" in " ".join(help_text.split())
