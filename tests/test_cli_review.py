"""The CLI's review command (cli/review.py), run through the main CLI."""

import io
import json

import pytest

from meksiko_solver import cli
from meksiko_solver.game import play_game
from meksiko_solver.review import review

from test_review import HANDS_A, PLAY_A, TALON_A, deal


@pytest.fixture
def deal_file(tmp_path):
    path = tmp_path / "deal.json"
    path.write_text(deal(HANDS_A, TALON_A, PLAY_A, "9").to_json())
    return path


def test_review_deal_text(deal_file, capsys):
    assert cli.main(["review", str(deal_file)]) == 0
    out = capsys.readouterr().out
    assert out.strip() == review(deal(HANDS_A, TALON_A, PLAY_A, "9")).report()
    assert "1:8H?" in out and "Players" in out


def test_review_deal_json(deal_file, capsys):
    assert cli.main(["review", str(deal_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == review(deal(HANDS_A, TALON_A, PLAY_A, "9")).to_dict()
    assert data["cards"][1]["mark"] == "?"


def test_review_game_deal_by_deal(tmp_path, capsys):
    game = play_game(seed=4, max_deals=3)
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    assert cli.main(["review", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("=== Deal") == 3 and "Whole game" in out
    assert cli.main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["deals"]) == 3 and data == review(game).to_dict()


def test_review_standard_input(monkeypatch, capsys):
    text = deal(HANDS_A, TALON_A, PLAY_A[:5], "9").to_json()
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert cli.main(["review", "-", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["cards"]) == 5


@pytest.mark.parametrize("content, words", [
    (None, "cannot read"),
    ("{", "not valid JSON"),
    (json.dumps({"dealer": 2, "hands": HANDS_A, "talon": TALON_A, "auction": ["9", "NEXT", "NEXT"],
                 "discard": ["7D", "7C"], "trump": "S", "play": ["AS", "JH", "TD"]}), "play[2]: TD is not legal"),
    (json.dumps({"dealer": 2, "hands": HANDS_A, "talon": TALON_A, "colour": 1}), "unknown key 'colour'"),
])
def test_bad_record_one_line_exit_2(tmp_path, capsys, content, words):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert cli.main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("meksiko-solver review: error: ") and words in err
    assert err.count("\n") == 1


def test_review_single_dummy(deal_file, capsys):
    assert cli.main(["review", str(deal_file), "--single-dummy", "--samples", "20", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    rec = deal(HANDS_A, TALON_A, PLAY_A, "9")
    assert data == review(rec, single_dummy=True, samples=20, seed=3).to_dict()
    assert data["single_dummy"] == {"samples": 20, "seed": 3}
    assert all("sd_loss" in c for c in data["cards"])
    assert cli.main(["review", str(deal_file), "--single-dummy", "--samples", "20"]) == 0
    out = capsys.readouterr().out
    assert "single-dummy layer, 20 worlds a card" in out and "excused" in out


def test_review_single_dummy_bad_samples(deal_file, capsys):
    assert cli.main(["review", str(deal_file), "--single-dummy", "--samples", "0"]) == 2
    assert "samples must be a positive whole number" in capsys.readouterr().err
