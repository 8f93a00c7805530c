"""The arena (hints/arena.py) and the baseline policy: a small run whose figures must add up,
the double-dummy judging checked against plain solves, and the CLI."""

import json

import pytest

from meksiko_solver import cli, solve
from meksiko_solver.cards import Hand
from meksiko_solver.errors import MeksikoError
from meksiko_solver.game import play_deal
from meksiko_solver.hints.arena import ROLES, parse_lineup, run_arena
from meksiko_solver.hints.policy import BaselinePolicy, HintPolicy
from meksiko_solver.record import DealRecord


@pytest.fixture(scope="module")
def small():
    return run_arena(deals=3, seed=5, samples=6)


def test_small_arena_figures_add_up(small):
    stats = small.stats
    assert list(stats) == ["hint", "baseline"]
    assert sum(s.cards[r] for s in stats.values() for r in ROLES) == 30 * 3
    assert sum(s.seat_deals for s in stats.values()) == 9
    assert stats["hint"].seat_deals == 3 and stats["baseline"].seat_deals == 6
    assert sum(s.declared for s in stats.values()) == 3
    for s in stats.values():
        assert s.made <= s.declared
        for r in ROLES:
            assert 0 <= s.lost[r] <= s.cards[r] and s.choices[r] <= s.cards[r]
    assert sum(s.score for s in stats.values()) == sum(sum(r.scores) for r in small.records)
    cards_as_declarer = sum(s.cards["declarer"] for s in stats.values())
    assert cards_as_declarer == 10 * 3
    cal = small.calibration.to_dict()
    assert cal["hints"] == 3 and cal["predictions"] == 3 * 7
    assert 0 <= cal["brier"] <= 1 and sum(b["count"] for b in cal["reliability"]) == cal["predictions"]
    d = small.to_dict()
    assert set(d["results"]["hint"]) == {"declarer", "defender", "contracts", "seat_deals", "average_score"}
    assert "Brier" in str(small)


def test_arena_is_deterministic(small):
    again = run_arena(deals=3, seed=5, samples=6)
    assert again.to_dict() == small.to_dict()
    assert [r.to_dict() for r in again.records] == [r.to_dict() for r in small.records]


def test_judging_matches_plain_solves():
    result = run_arena(deals=2, seed=9, policies="baseline")
    lost = {"declarer": 0, "defender": 0}
    for record in result.records:
        state = DealRecord.from_dict({**record.to_dict(), "play": []}).replay()
        for card in record.play:
            hands = [str(Hand(state.hand(s))) for s in range(3)]
            r = solve(hands, None if state.trump is None else "SHDC"[state.trump], state.declarer, state.leader,
                      [str(c) for c in state.trick_cards])
            after = r.card_tricks[str(card)]
            if state.to_move == state.declarer:
                lost["declarer"] += r.tricks - after
            else:
                lost["defender"] += after - r.tricks
            state.play(card)
    assert result.stats["baseline"].lost == lost
    assert result.calibration.to_dict() == {"hints": 0, "predictions": 0}


def test_lineup_parsing():
    assert parse_lineup("hint") == ["hint"] * 3
    assert parse_lineup(["Hint", "baseline", "random"]) == ["hint", "baseline", "random"]
    with pytest.raises(MeksikoError, match="one name per seat"):
        parse_lineup("hint,baseline")
    with pytest.raises(MeksikoError, match="unknown policy 'expert'"):
        parse_lineup("hint,expert,baseline")
    for bad in (5, None):  # not a list of names: an error naming it, not a TypeError
        with pytest.raises(MeksikoError, match=f"policies: give a list of names.*not {bad}"):
            parse_lineup(bad)
    with pytest.raises(MeksikoError, match="deals must be"):
        run_arena(deals=0)


def test_policies_play_legal_deals():
    for seed in range(4):
        deal = play_deal([BaselinePolicy(), HintPolicy(samples=4, seed=seed), BaselinePolicy()],
                         dealer=seed % 3, seed=seed)
        assert deal.finished


def run_cli(argv, capsys, monkeypatch):
    code = cli.main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_arena(capsys, monkeypatch):
    code, out, _ = run_cli(["arena", "--deals", "2", "--seed", "1", "--samples", "4", "--quiet", "--json"],
                           capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert data["deals"] == 2 and data["policies"] == ["hint", "baseline", "baseline"]
    code, out, _ = run_cli(["arena", "--deals", "1", "--policies", "baseline", "--quiet"], capsys, monkeypatch)
    assert code == 0 and "lost/card" in out
    code, _, err = run_cli(["arena", "--deals", "1", "--policies", "nobody", "--quiet"], capsys, monkeypatch)
    assert code == 2 and "unknown policy 'nobody'" in err


def test_cli_hint(tmp_path, capsys, monkeypatch):
    from test_hints import DECLARER_VIEW

    path = tmp_path / "view.json"
    path.write_text(json.dumps(DECLARER_VIEW))
    code, out, _ = run_cli(["hint", "play", str(path), "--samples", "10", "--json"], capsys, monkeypatch)
    assert code == 0 and json.loads(out)["card"] == "AC"
    code, out, _ = run_cli(["hint", "play", str(path), "--time-budget-ms", "500"], capsys, monkeypatch)
    assert code == 0 and "play AC" in out
    bid = tmp_path / "bid.json"
    bid.write_text(json.dumps({"seat": 0, "dealer": 2, "hand": "AKQJT987.AK.-.-", "auction": []}))
    code, out, _ = run_cli(["hint", "bid", str(bid), "--samples", "4", "--seed", "2"], capsys, monkeypatch)
    assert code == 0 and "call M" in out
    code, _, err = run_cli(["hint", "discard", str(bid)], capsys, monkeypatch)
    assert code == 2 and "auction phase" in err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**DECLARER_VIEW, "auction": ["5", "4"]}))
    code, _, err = run_cli(["hint", "play", str(bad)], capsys, monkeypatch)
    assert code == 2 and "auction[1]" in err and err.count("\n") == 1
    code, _, err = run_cli(["hint", "play", str(tmp_path / "missing.json")], capsys, monkeypatch)
    assert code == 2 and "cannot read" in err
