"""Issue 56.2: hints that play for the game. Given the game state, every option gets the seat's
chance of winning the game (``p_win``) and the hint ranks by it; without one, nothing changes."""

import json

import pytest

from meksiko_solver.auction import Contract
from meksiko_solver.errors import GameStateError
from meksiko_solver.deal import DealState, deal_cards
from meksiko_solver.game import play_deal
from meksiko_solver.game_state import GameState
from meksiko_solver.hints import match
from meksiko_solver.hints.bid import bid_hint
from meksiko_solver.hints.discard import discard_hint
from meksiko_solver.hints.duplicate import make_policy
from meksiko_solver.hints.equity import after_deal
from meksiko_solver.hints.play import play_hint
from meksiko_solver.hints.policy import HintPolicy
from meksiko_solver.scoring import score_deal
from test_hints import DECLARER_VIEW

BID_VIEW = {"seat": 2, "dealer": 1, "hand": "AKQ9.AJ8.K7.9", "auction": []}
DISCARD_VIEW = {"seat": 0, "dealer": 2, "hand": "AQT.KJ.A97.T9", "auction": ["6", "NEXT", "NEXT"],
                "talon": ["7C", "8C"]}


def test_the_table_is_the_equity_after_the_deal():
    state = GameState((22, 9, 14), dealer=1, target=31)
    win = match.WinChances(state, 0, Contract("7"), 2)  # seat 0 defends seat 2's seven
    for t, a in [(7, 2), (4, 5), (10, 0), (0, 10)]:
        tricks = [0, 0, 0]
        tricks[2], tricks[0], tricks[1] = t, a, 10 - t - a  # seat 0 is the defender after seat 2
        deltas = score_deal("7", 2, tricks, "mexico-club", "easy")
        want = after_deal(state, [deltas], [(2, tricks)], rollouts=match.HINT_ROLLOUTS)[0, 0]
        assert win.table[t][a] == pytest.approx(want)
        assert win.score(t, a) == pytest.approx(want)  # a defender's own tricks: exact
    # the declarer's figure splits the defenders' tricks by coin tosses
    declarer = match.WinChances(state, 2, Contract("7"), 2)
    assert declarer.score(8) == pytest.approx(sum(declarer.table[8][a] * w for a, w in zip(range(3), (1, 2, 1))) / 4)


def test_a_made_contract_one_point_from_the_target_wins_the_game():
    state = GameState((30, 3, 2), dealer=2, target=31)
    win = match.WinChances(state, 0, Contract("5"), 0)
    assert all(win.score(t) == 1.0 for t in range(5, 11))  # made: past the target, alone in front
    assert win.score(4) < 1.0


def test_a_play_hint_given_the_game_ranks_by_the_chance_of_winning():
    plain = play_hint(DECLARER_VIEW, samples=20, seed=0)
    game = {"scores": [27, 10, 5], "dealer": 2, "target": 31}
    hint = play_hint(DECLARER_VIEW, samples=20, seed=0, game=game)
    d = hint.to_dict()
    assert "game" not in plain.to_dict() and "p_win" not in plain.to_dict()["options"][0]
    assert d["game"] == {**game, "rules": "mexico-club", "mode": "easy"}
    chances = [o["p_win"] for o in d["options"]]
    assert chances == sorted(chances, reverse=True) and d["card"] == d["options"][0]["card"] == "AC"
    assert chances[0] == 1.0 > chances[1]  # AC makes the five and so the game; 7D fails it
    assert [o["card"] for o in d["options"]] == [o["card"] for o in plain.to_dict()["options"]]


def test_a_bid_hint_given_the_game_calls_what_wins_most_often():
    for scores in ([25, 3, 20], [5, 3, 28], [29, 3, 10]):
        hint = bid_hint(BID_VIEW, samples=12, seed=4, game={"scores": scores, "dealer": 1, "target": 31})
        by_call = {str(o.call): o for o in hint.options}
        legal = [o for o in hint.options if o.legal]
        assert all(o.p_win is not None and 0.0 <= o.p_win <= 1.0 for o in hint.options)
        best = max(o.p_win for o in legal)
        assert by_call[hint.call].p_win == best
        assert hint.to_dict()["pass"]["p_win"] == pytest.approx(by_call["NEXT"].p_win, abs=1e-4)
    assert "p_win" not in bid_hint(BID_VIEW, samples=12, seed=4).to_dict()["pass"]


def test_a_discard_hint_given_the_game_ranks_by_the_chance_of_winning():
    hint = discard_hint(DISCARD_VIEW, samples=16, seed=0, game={"scores": [20, 24, 26], "dealer": 2})
    chances = [o.p_win for o in hint.options]
    assert all(p is not None for p in chances) and chances == sorted(chances, reverse=True)
    assert (hint.discard, hint.trump) == (hint.options[0].discard, hint.options[0].trump)


@pytest.mark.parametrize("game, words", [
    ({"scores": [27, 10, 5], "dealer": 1, "target": 31}, "its dealer 1 is not the deal's 2"),
    ({"scores": [27, 10, 5], "dealer": 2, "rules": "classic"}, "its rules 'classic' is not the deal's 'mexico-club'"),
    ({"scores": [31, 10, 5], "dealer": 2, "target": 31}, "at or past the target 31"),
    ({"scores": [27, 10], "dealer": 2}, "three totals"),
    ({"scores": [27, 10, 5], "dealer": 2, "target": 7}, "target"),
    ("not json", "game state"),
])
def test_a_bad_game_state_is_refused_naming_the_value(game, words):
    with pytest.raises(GameStateError, match=words):
        play_hint(DECLARER_VIEW, samples=4, seed=0, game=game)


def test_the_view_totals_must_be_the_game_scores():
    view = {**DECLARER_VIEW, "totals": [1, 2, 3]}
    with pytest.raises(GameStateError, match=r"scores \[27, 10, 5\] are not the view's totals \[1, 2, 3\]"):
        play_hint(view, samples=4, seed=0, game={"scores": [27, 10, 5], "dealer": 2})


def test_the_hint_match_policy_plays_for_the_game_and_is_deterministic():
    seen = []
    policy = make_policy("hint-match", samples=6, seed=5, target=31)
    assert isinstance(policy, HintPolicy) and policy.match
    policy.on_hint = lambda kind, view, hint: seen.append(hint.game)
    record = play_deal([policy] * 3, dealer=1, seed=56_201, totals=(20, 24, 26))
    assert seen and all(g == GameState((20, 24, 26), 1, 31) for g in seen)
    again = play_deal([make_policy("hint-match", samples=6, seed=5, target=31)] * 3, dealer=1, seed=56_201,
                      totals=(20, 24, 26))
    assert record.to_dict() == again.to_dict()
    # past the target with a shared lead (mexico-club plays on) no game state holds the totals
    assert HintPolicy(match=True, target=31)._game(_seat_view(totals=(33, 33, 2))) is None
    assert HintPolicy(match=True)._game(_seat_view(totals=(33, 33, 2))) == GameState((33, 33, 2), 0, 51)


def _seat_view(totals):
    hands, talon = deal_cards(1)
    return DealState(hands, talon, dealer=0).view(0, totals)


GAME = {"scores": [27, 10, 5], "dealer": 2, "target": 31}
PLAY_VIEW = {**DECLARER_VIEW, "rules": "mexico-club", "mode": "easy"}


def test_the_http_hints_take_the_game(client):
    r = client.post("/v1/hints/play", json={**PLAY_VIEW, "samples": 20, "seed": 0, "game": GAME})
    assert r.status_code == 200, r.text
    assert r.json() == play_hint(PLAY_VIEW, samples=20, seed=0, game=GAME).to_dict()
    assert r.json()["options"][0]["p_win"] == 1.0
    r = client.post("/v1/hints/play", json={**PLAY_VIEW, "samples": 20, "game": {**GAME, "scores": [31, 0, 0]}})
    assert r.status_code == 422 and r.json()["kind"] == "game_state"
    assert "seat 0's total 31 is at or past the target 31" in r.json()["detail"]
    r = client.post("/v1/hints/play", json={**PLAY_VIEW, "samples": 20, "game": [27, 10, 5]})
    assert r.status_code == 422


def test_the_cli_hint_takes_the_game(tmp_path, capsys):
    from meksiko_solver import cli
    path = tmp_path / "view.json"
    path.write_text(json.dumps(PLAY_VIEW))
    assert cli.main(["hint", "play", str(path), "--samples", "20", "--game", json.dumps(GAME)]) == 0
    out = capsys.readouterr().out
    assert "playing for the game: scores 27, 10, 5, dealer 2, target 31" in out and "win game" in out
    assert cli.main(["hint", "play", str(path), "--game", '{"scores": [27, 10, 5], "dealer": 0}']) == 2
    assert "its dealer 0 is not the deal's 2" in capsys.readouterr().err


def test_a_game_review_lists_the_decisions_that_cost_the_most_chance_of_winning():
    from meksiko_solver.game import play_game
    from meksiko_solver.review import COSTLIEST, P_WIN_MARK, review
    game = play_game(seed=5, target=31)
    r = review(game, single_dummy=True, samples=12, seed=1)
    cards = [c for d in r.deals for c in d.cards]
    judged = [c for c in cards if c.p_win is not None]
    assert judged and all(0.0 <= c.p_win <= 1.0 and c.p_win_loss >= 0.0 for c in judged)
    first = judged[0].to_dict()  # a layer of the single-dummy review: sd_ keys, as the others
    assert first["sd_p_win"] == round(judged[0].p_win, 4) and "p_win" not in first
    costliest = r.to_dict()["costliest"]
    assert 0 < len(costliest) <= COSTLIEST
    losses = [x["p_win_loss"] for x in costliest]
    assert losses == sorted(losses, reverse=True) and losses[-1] >= P_WIN_MARK
    assert losses[0] == round(max([c.p_win_loss for c in judged] + [c.p_win_loss for d in r.deals for c in d.calls]), 4)
    assert "Costliest for the game" in r.report()
    # the calls with a choice are judged too, by the bid hint playing for the game
    calls = [c for d in r.deals for c in d.calls]
    assert calls and all(0.0 <= c.p_win <= 1.0 and c.p_win_loss >= 0.0 for c in calls)
    assert any("call" in x for x in costliest) and all(("call" in x) != ("card" in x) for x in costliest)
    worst_call = max(calls, key=lambda c: c.p_win_loss)
    assert worst_call.p_win_loss > 0 and worst_call.best != worst_call.call
    # a deal record alone is no game: no chances
    assert all(c.p_win is None for c in review(game.deals[0], single_dummy=True, samples=12, seed=1).cards)
    assert "costliest" not in review(game).to_dict()  # without the single-dummy layer
