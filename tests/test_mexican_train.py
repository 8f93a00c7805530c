"""Mexican Train (meksiko_solver.mexican_train): tiles, the opening optimiser against a brute
force, the rules of the text move by move, scoring, records, hints and the arena."""

from __future__ import annotations

import json
import random

import pytest

from meksiko_solver import MeksikoError, _core
from meksiko_solver.mexican_train import (MEXICAN, Action, BaselinePolicy, Deal, GameRecord, Move, RandomPolicy,
                                          RoundRecord, RoundState, Tile, TrainView, best_opening, deal_round,
                                          parse_tiles, play_game, play_round, run_arena, train_hint)
from meksiko_solver.mexican_train.errors import DealError, IllegalMoveError, TileError, TrainRecordError
from meksiko_solver.mexican_train.hint import consistent, sample_world
from meksiko_solver.mexican_train.opening import python_opening
from meksiko_solver.mexican_train.record import load_record
from meksiko_solver.mexican_train.rules import engine_of_round, hand_size, starter_of_round
from meksiko_solver.mexican_train.tiles import POINTS, TILES

from mexican_train_reference import brute_opening, key

T = Tile.parse


# ----------------------------------------------------------------------------------- tiles ----

def test_every_tile_round_trips_through_its_string():
    assert len(TILES) == 91 and len(set(TILES)) == 91
    for t in TILES:
        assert Tile.parse(str(t)) is t and t.index == TILES.index(t)
    assert T("5-12") == T("12-5") == Tile.of(5, 12) and str(T("5-12")) == "12-5"
    assert T(" 3 - 3 ").is_double and T("0-0").points == 50 and T("12-5").points == 17


@pytest.mark.parametrize("text, message", [
    ("13-1", "not in the double-twelve set"), ("12", "is not a tile"), ("a-b", "is not a tile"),
    ("", "is not a tile"), ("-1-2", "is not a tile"),
])
def test_bad_tiles_are_named(text, message):
    with pytest.raises(TileError, match=message):
        Tile.parse(text)


def test_a_tile_twice_is_refused():
    with pytest.raises(TileError, match="tile 12-5 is given twice"):
        parse_tiles("12-5 3-1 5-12")


# ---------------------------------------------------------------------- the opening optimiser ----

def _random_hand(rng: random.Random, n: int, engine: int, doubles: bool, values=None):
    pool = [t for t in TILES if t != Tile.of(engine, engine)
            and (values is None or (t.high in values and t.low in values))]
    hand = []
    if doubles:
        ds = [t for t in pool if t.is_double]
        hand = rng.sample(ds, min(len(ds), rng.randint(1, min(n, 6))))
    rest = [t for t in pool if t not in hand]
    hand += rng.sample(rest, min(len(rest), n - len(hand)))
    return hand


def _check_against_brute_force(hand, engine):
    ordered = sorted(hand, key=lambda t: (t.high, t.low), reverse=True)
    pairs = [(t.high, t.low) for t in ordered]
    best, ties, count = brute_opening(pairs, engine)
    got = _core.mt_opening(pairs, engine, True, 1_000_000)
    assert list(got[0]) == best, (pairs, engine)
    assert [list(s) for s in got[1]] == ties and got[2] == count
    if len(pairs) <= 10:
        py = python_opening(pairs, engine, True, 1_000_000)
        assert py[0] == best and py[1] == ties and py[2] == count
    result = best_opening(hand, engine)
    assert (result.tiles, result.pips) == key(pairs, engine, best)[:2]


def test_the_optimiser_matches_a_brute_force_on_thousands_of_random_hands():
    rng = random.Random(17)
    for k in range(2400):
        n = 1 + k % 15
        engine = rng.randint(0, 12)
        _check_against_brute_force(_random_hand(rng, n, engine, doubles=k % 2 == 0), engine)


def test_the_optimiser_matches_a_brute_force_on_dense_hands_of_few_values():
    """Few values: many repeated values and doubles, many trains through the same values."""
    rng = random.Random(29)
    for k in range(300):
        values = rng.sample(range(13), rng.randint(2, 5))
        engine = rng.choice(values)
        n = rng.randint(1, 11)
        _check_against_brute_force(_random_hand(rng, n, engine, doubles=k % 3 != 0, values=values), engine)


def test_the_first_tile_joins_the_engine_and_each_next_the_previous_end():
    r = best_opening("5-12 3-5 3-3 12-3 7-12 9-1", 12)
    assert [str(x) for x in r.train] == ["12-5", "5-3", "3-3", "3-12", "12-7"]
    assert r.to_dict()["train"] == ["12-5", "5-3", "3-3", "3-12", "12-7"]
    assert (r.tiles, r.pips, r.open_end, [str(t) for t in r.left]) == (5, 65, 7, ["9-1"])
    end = 12
    for link in r.train:
        assert link.joins == end
        end = link.open


def test_no_matching_tile_gives_an_empty_train():
    r = best_opening("5-3 1-1", 12)
    assert r.train == () and r.to_dict()["train"] == [] and r.tiles == 0 and r.pips == 0


def test_pips_break_ties_then_not_ending_on_a_double():
    assert [str(x) for x in best_opening("12-1 12-9", 12).train] == ["12-9"]
    # 12-3 3-3 or 12-3 3-1: same tiles; 3-3 has more pips (6 > 4)
    assert [str(x) for x in best_opening("12-3 3-3 3-1", 12).train] == ["12-3", "3-3", "3-1"]
    # equal tiles and pips: 12-4 4-4 (ends on a double) vs 12-2 2-8, 24 pips each: no double wins
    r = best_opening("12-4 4-4 12-2 8-2", 12, all_ties=True)
    assert [str(x) for x in r.train] == ["12-2", "2-8"] and not r.ends_on_double
    assert r.tie_count == 2 and [[str(x) for x in t] for t in r.ties] == [["12-2", "2-8"], ["12-4", "4-4"]]
    # the tiles left that fit the engine are counted (they can start the Mexican train)
    r = best_opening("12-9 12-1 9-5", 12)
    assert [str(x) for x in r.train] == ["12-9", "9-5"] and r.mexican_ready == 1


def test_all_ties_lists_every_train_of_as_many_tiles_and_pips():
    r = best_opening("12-5 5-3 5-5 3-12 12-7 7-5 3-7", 12, all_ties=True)
    assert r.tie_count == len(r.ties) == 6
    assert all((len(t), sum(x.tile.pips for x in t)) == (6, 83) for t in r.ties)
    assert r.ties[0] == r.train


def test_the_optimiser_refuses_bad_hands():
    with pytest.raises(TileError, match="12-12 is the engine"):
        best_opening("12-12 12-5", 12)
    with pytest.raises(TileError, match="at most 20"):
        best_opening([str(t) for t in TILES[:21]], 12)
    with pytest.raises(TileError, match="engine 13"):
        best_opening("12-5", 13)
    with pytest.raises(ValueError, match="twice"):
        _core.mt_opening([(12, 5), (5, 12)], 12)


# -------------------------------------------------------------------------------- the rules ----

def test_hand_sizes_engines_and_starters_follow_the_text():
    assert [hand_size(n) for n in range(2, 9)] == [15, 15, 15, 12, 12, 10, 10]
    assert [engine_of_round(k) for k in range(13)] == list(range(12, -1, -1))
    assert [starter_of_round(k, 3) for k in range(5)] == [0, 1, 2, 0, 1]
    with pytest.raises(DealError, match="2 to 8 players"):
        hand_size(9)


def _deal(players, engine, hands):
    """A deal with these hands, filled up to size with the lowest tiles left; the rest is the boneyard."""
    hands = [list(parse_tiles(h)) for h in hands]
    used = {t for h in hands for t in h} | {Tile.of(engine, engine)}
    free = iter([t for t in TILES if t not in used])
    for h in hands:
        while len(h) < hand_size(players):
            h.append(next(free))
    return Deal.make(players, engine, hands, list(free))


def _state(engine, hands, boneyard="", starter=0):
    """A round with small hands (the rules do not depend on hand sizes) and this boneyard order."""
    sets = [set(t.index for t in parse_tiles(h)) for h in hands]
    bone = [t.index for t in reversed(parse_tiles(boneyard))]
    return RoundState(len(hands), engine, starter, sets, [len(h) for h in sets], bone, len(bone))


CHAIN15 = "12-0 0-1 1-2 2-3 3-4 4-5 5-6 6-7 7-8 8-9 9-10 10-11 11-0 0-2 2-4"


def test_going_out_scores_zero_and_the_others_their_pips_with_the_double_blank_at_50():
    deal = _deal(2, 12, [CHAIN15, "0-0 12-1 5-5"])
    assert T("0-0") in deal.hands[1]
    state = RoundState.from_deal(deal)
    state.apply(Move(0, Action.PLAY, parse_tiles(CHAIN15), 0))
    assert state.over and state.winner == 0 and not state.blocked
    left = deal.hands[1]
    assert state.points() == [0, sum(t.pips for t in left) + 50]
    assert state.points()[1] == sum(POINTS[t.index] for t in left)


def test_random_rounds_score_by_the_rules():
    for seed in range(40):
        players = 2 + seed % 7
        deal = deal_round(players, seed % 13, random.Random(seed))
        rec = play_round(deal, seed % players, [RandomPolicy(seed + s) for s in range(players)])
        state = rec.replay()
        assert state.over
        for p in range(players):
            expected = 0 if p == state.winner else sum(50 if TILES[t] == T("0-0") else TILES[t].pips
                                                        for t in state.hands[p])
            assert state.points()[p] == expected
        if state.blocked:
            assert state.bone_left == 0 and state.winner is None
            assert not any(state.can_play(q) for q in range(players))


def test_a_hidden_hand_is_named_not_iterated():
    s = RoundState.seen_by(3, 12, 0, 0, TILES[:hand_size(3)])
    assert s.known_hand(0) == {t.index for t in TILES[:hand_size(3)]}
    with pytest.raises(IllegalMoveError, match="player 1's hand is hidden"):
        s.known_hand(1)
    with pytest.raises(IllegalMoveError, match="player 1's hand is hidden"):
        s.points()


def test_a_game_is_13_rounds_down_to_the_double_blank_and_the_lowest_total_wins():
    game = play_game(3, seed=4)
    assert len(game.rounds) == 13 and game.finished
    assert [r.deal.engine for r in game.rounds] == list(range(12, -1, -1))
    assert [r.starter for r in game.rounds] == [k % 3 for k in range(13)]
    totals = [sum(r.result["points"][p] for r in game.rounds) for p in range(3)]
    assert game.totals() == totals and game.winners() == [p for p in range(3) if totals[p] == min(totals)]
    short = play_game(2, seed=1, short=True)
    assert len(short.rounds) == 7 and short.rounds[-1].deal.engine == 6 and short.finished


def test_the_first_move_lays_a_chain_on_the_own_train_only():
    s = _state(12, ["12-5 5-3 12-9 9-9 2-2", "12-4 4-2 12-6"], "1-0 2-1")
    with pytest.raises(IllegalMoveError, match="first move goes on the player's own train, not on the Mexican"):
        s.copy().apply(Move(0, Action.PLAY, parse_tiles("12-5"), MEXICAN))
    with pytest.raises(IllegalMoveError, match="5-3 does not match the open end 12 of player 0's train"):
        s.copy().apply(Move(0, Action.PLAY, parse_tiles("5-3"), 0))
    with pytest.raises(IllegalMoveError, match="12-10 is not in player 0's hand"):
        s.copy().apply(Move(0, Action.PLAY, parse_tiles("12-10"), 0))
    # a play without its train or its tiles is an illegal move, not a TypeError or an IndexError
    with pytest.raises(IllegalMoveError, match="there is no train None"):
        s.copy().apply(Move(0, Action.PLAY, parse_tiles("12-5")))
    with pytest.raises(IllegalMoveError, match="a play lays at least one tile"):
        s.copy().apply(Move(0, Action.PLAY, (), 0))
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5 5-3"), 0))
    assert s.end_of(0) == 3 and s.turn == 1
    s.apply(Move(1, Action.PLAY, parse_tiles("12-4 4-2"), 1))
    # after the first move: one tile, on the own train, the Mexican train or a marked train
    with pytest.raises(IllegalMoveError, match="only a first move may lay several tiles"):
        s.copy().apply(Move(0, Action.PLAY, parse_tiles("12-9 9-9"), MEXICAN))
    with pytest.raises(IllegalMoveError, match="player 1's train is not open to player 0: it has no marker"):
        s.copy().apply(Move(0, Action.PLAY, parse_tiles("2-2"), 1))
    s.apply(Move(0, Action.PLAY, parse_tiles("12-9"), MEXICAN))
    assert s.end_of(MEXICAN) == 9


def test_a_double_must_be_satisfied_first_by_its_player_then_by_everyone():
    s = _state(12, ["12-5 5-5 9-1 3-3", "12-4 4-2 5-2 12-6"], "8-8 0-1")
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5 5-5"), 0))  # the chain ends on a double
    assert s.turn == 0 and s.pending == 0 and s.phase.value == "satisfy"
    with pytest.raises(IllegalMoveError, match="boneyard is not empty: draw first"):
        s.copy().apply(Move(0, Action.PASS))
    assert s.apply(Move(0, Action.DRAW)) == T("8-8")  # nothing fits the 5-5: draw
    s.apply(Move(0, Action.PASS))                      # 8-8 does not fit: pass, marker on the own train
    assert s.marker[0] and s.pending == 0 and s.turn == 1
    assert s.constraints[0] == [(frozenset([5]), 0), (frozenset([5]), 1)]
    # player 1, in their first move, may play only on the double
    with pytest.raises(IllegalMoveError, match="double on player 0's train is not satisfied"):
        s.copy().apply(Move(1, Action.PLAY, parse_tiles("12-4"), 1))
    s.apply(Move(1, Action.PLAY, parse_tiles("5-2"), 0))
    assert s.pending is None and s.end_of(0) == 2 and s.turn == 0


def test_the_player_of_a_double_must_play_a_drawn_tile_that_satisfies_it():
    s = _state(12, ["12-5 5-5 9-1", "12-4"], "5-3 0-1")
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5 5-5"), 0))
    s.apply(Move(0, Action.DRAW))
    with pytest.raises(IllegalMoveError, match="the drawn tile 5-3 satisfies the double: play it"):
        s.copy().apply(Move(0, Action.PASS))
    s.apply(Move(0, Action.PLAY, parse_tiles("5-3"), 0))
    assert s.pending is None and s.turn == 1 and not s.marker[0]


def test_draw_only_without_a_move_and_the_drawn_tile_may_be_kept():
    s = _state(12, ["12-5 1-1 10-10", "12-4 0-2 9-9"], "5-3 6-6 4-4")
    with pytest.raises(IllegalMoveError, match="cannot draw: 12-5 can be played on player 0's train"):
        s.copy().apply(Move(0, Action.DRAW))
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5"), 0))
    s.apply(Move(1, Action.PLAY, parse_tiles("12-4"), 1))
    assert s.can_play(0) is False
    with pytest.raises(IllegalMoveError, match="boneyard is not empty: draw first"):
        s.copy().apply(Move(0, Action.PASS))
    with pytest.raises(IllegalMoveError, match="next tile of the boneyard is 5-3, not 6-6"):
        s.copy().apply(Move(0, Action.DRAW, tile=T("6-6")))
    kept = s.copy()
    assert kept.apply(Move(0, Action.DRAW)) == T("5-3")
    kept.apply(Move(0, Action.PASS))     # 5-3 fits the own train, but a drawn tile may be kept
    assert kept.marker[0] and T("5-3").index in kept.hands[0] and kept.kept_draws[0] == [1]
    played = s.copy()
    played.apply(Move(0, Action.DRAW))
    with pytest.raises(IllegalMoveError, match="only the drawn tile 5-3 may be played"):
        played.copy().apply(Move(0, Action.PLAY, parse_tiles("1-1"), 0))
    with pytest.raises(IllegalMoveError, match="drawn already"):
        played.copy().apply(Move(0, Action.DRAW))
    played.apply(Move(0, Action.PLAY, parse_tiles("5-3"), 0))
    assert played.end_of(0) == 3


def test_a_marker_opens_a_train_to_all_and_an_own_play_lifts_it():
    # player 0 keeps 12-7 for the Mexican train: with the boneyard empty, the round goes on
    # only while someone can play (without it, it would end at player 1's draw of the last tile)
    s = _state(12, ["12-5 5-1 3-1 2-6 11-11 12-7", "12-4 4-2 3-6 0-0"], "9-9")
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5"), 0))
    s.apply(Move(1, Action.PLAY, parse_tiles("12-4"), 1))
    s.apply(Move(0, Action.PLAY, parse_tiles("5-1"), 0))
    s.apply(Move(1, Action.PLAY, parse_tiles("4-2"), 1))
    s.apply(Move(0, Action.PLAY, parse_tiles("1-3"), 0))
    # player 1: nothing fits 2 (own) or 12 (Mexican): draws 9-9, keeps it, gets a marker
    s.apply(Move(1, Action.DRAW))
    s.apply(Move(1, Action.PASS))
    assert s.marker[1] and s.bone_left == 0 and 1 in s.open_trains(0)
    s.apply(Move(0, Action.PLAY, parse_tiles("2-6"), 1))  # player 0 plays on the marked train
    assert s.marker[1] and s.end_of(1) == 6
    s.apply(Move(1, Action.PLAY, parse_tiles("6-3"), 1))  # an own play lifts the marker
    assert not s.marker[1]


def test_a_round_is_blocked_when_the_boneyard_is_empty_and_nobody_can_play():
    s = _state(12, ["12-5 1-1 4-1", "12-4 2-2"], "")
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5"), 0))
    assert not s.over               # player 1 can play 12-4 on their own train
    s.apply(Move(1, Action.PLAY, parse_tiles("12-4"), 1))
    # open ends 5 (player 0's), 4 (player 1's, no marker) and 12 (Mexican): nothing fits: over at once
    assert s.over and s.blocked and s.winner is None and s.points() == [7, 4]
    with pytest.raises(IllegalMoveError, match="the round is over"):
        s.apply(Move(0, Action.PASS))


def test_with_an_empty_boneyard_the_round_goes_on_while_someone_can_play():
    s = _state(12, ["12-5 1-1", "12-4 5-2 3-3 4-0"], "")
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5"), 0))
    s.apply(Move(1, Action.PLAY, parse_tiles("12-4"), 1))
    assert not s.over               # player 1 can still play 4-0
    s.apply(Move(0, Action.PASS))   # player 0 cannot: passes without drawing, marker
    s.apply(Move(1, Action.PLAY, parse_tiles("5-2"), 0))   # on player 0's marked train
    s.apply(Move(0, Action.PASS))
    assert not s.over
    s.apply(Move(1, Action.PLAY, parse_tiles("4-0"), 1))   # the last tile that fitted anywhere
    assert s.over and s.blocked and s.points() == [2, 6]


def test_the_round_ends_when_nobody_can_play_not_at_the_next_pass():
    """Issue 58.8: "Runda kończy się, gdy ... stos jest pusty i nikt nie może zagrać." The old
    check ran only after a pass, whose new marker let a player go out after the round had ended."""
    s = _state(12, ["12-6 2-2", "12-2 11-6"], "", starter=1)
    s.apply(Move(1, Action.PLAY, parse_tiles("12-2"), 1))
    s.apply(Move(0, Action.PLAY, parse_tiles("12-6"), 0))
    # 2-2 fits player 1's train, but it has no marker; 11-6 fits player 0's, no marker either
    assert s.over and s.blocked and s.winner is None and s.points() == [4, 17]
    with pytest.raises(IllegalMoveError, match="the round is over"):
        s.apply(Move(1, Action.PASS))   # the pass whose marker would have let player 0 go out
    # the same after a draw: the last tile drawn fits nowhere and nobody else can play
    s = _state(12, ["12-5 1-1", "12-4 5-2"], "9-9")
    s.apply(Move(0, Action.PLAY, parse_tiles("12-5"), 0))
    s.apply(Move(1, Action.PLAY, parse_tiles("12-4"), 1))
    assert s.apply(Move(0, Action.DRAW)) == T("9-9")
    assert s.over and s.blocked and s.points() == [20, 7]
    with pytest.raises(IllegalMoveError, match="the round is over"):
        s.apply(Move(0, Action.PASS))   # (player 1 would have gone out with 5-2 on the marked train)


def test_the_first_illegal_move_of_a_record_is_named_like_the_issue_says():
    """Corrupt a single play of a real game into a tile on the Mexican train that does not fit."""
    checked = 0
    for seed in range(20):
        rec = play_round(deal_round(4, 12, random.Random(seed)), 0, [BaselinePolicy()] * 4)
        state = RoundState.from_deal(rec.deal, 0)
        for i, m in enumerate(rec.moves):
            if (m.action is Action.PLAY and state.opened[m.player] and state.pending is None
                    and state.phase.value == "start" and i > 8):
                end = state.end_of(MEXICAN)
                bad = next((TILES[t] for t in state.hands[m.player] if not TILES[t].has(end)), None)
                if bad is not None:
                    data = rec.to_dict()
                    data["moves"][i] = {"player": m.player, "action": "play", "tiles": [str(bad)], "train": "M"}
                    with pytest.raises(TrainRecordError) as info:
                        RoundRecord.from_dict(data)
                    assert str(info.value) == f"moves[{i}]: {bad} does not match the open end {end} of the Mexican train"
                    checked += 1
                    break
            state.apply(m)
    assert checked >= 10


def test_random_games_are_legal_move_by_move_for_2_to_8_players():
    for players in range(2, 9):
        lineup = [RandomPolicy(players * 10 + s) if s % 2 else BaselinePolicy() for s in range(players)]
        game = play_game(players, seed=players, policies=lineup, rounds=3)
        text = json.dumps(game.to_dict())
        again = GameRecord.from_dict(json.loads(text))
        assert again.totals() == game.totals()
        for r in game.rounds:
            assert r.replay().over


def test_a_corrupted_move_of_a_random_game_is_found():
    rng = random.Random(3)
    game = play_game(4, seed=8, policies=[RandomPolicy(s) for s in range(4)], rounds=2)
    data = game.to_dict()
    data.pop("totals")
    data.pop("winners")
    moves = data["rounds"][1]["moves"]
    plays = [i for i, m in enumerate(moves) if m["action"] == "play" and len(m["tiles"]) == 1 and i > 4]
    i = rng.choice(plays)
    moves[i]["tiles"] = ["0-0"] if moves[i]["tiles"] != ["0-0"] else ["1-1"]
    with pytest.raises(TrainRecordError, match=rf"^rounds\[1\]\.moves\[{i}\]: "):
        GameRecord.from_dict(data)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["hands"][0].__setitem__(1, d["hands"][0][0]), r"hands\[0\]: tile .* is given twice"),
    (lambda d: d["hands"][1].__setitem__(0, "13-2"), r"hands\[1\]\[0\]: '13-2' is not in the double-twelve set"),
    (lambda d: d["hands"][1].pop(), r"hands\[1\]: 14 tiles, but each of 2 players gets 15"),
    (lambda d: d.__setitem__("players", 5), r"hands: 5 hands are needed for 5 players"),
    (lambda d: d["boneyard"].append(d["hands"][0][0]), r"boneyard: tile .* is also in hands\[0\]"),
    (lambda d: d["boneyard"].pop(), r"boneyard: the tiles .* are missing"),
    (lambda d: d["hands"][0].__setitem__(0, "12-12"), r"hands\[0\]: tile 12-12 is also in the engine"),
    (lambda d: d["moves"].append({"player": 0, "action": "jump"}), r"moves\[0\]\.action: 'jump'"),
])
def test_bad_deals_and_moves_in_a_record_are_named(change, message):
    d = _deal(2, 12, ["12-5", "11-3"]).to_dict()
    d["starter"] = 0
    d["moves"] = []
    change(d)
    with pytest.raises(MeksikoError, match=message):
        load_record(d)


def test_a_wrong_hand_size_for_the_player_count_is_refused():
    deal = deal_round(5, 12, random.Random(1))
    d = deal.to_dict()
    assert all(len(h) == 12 for h in d["hands"])
    d["hands"][2].append(d["boneyard"].pop())
    with pytest.raises(DealError, match=r"hands\[2\]: 13 tiles, but each of 5 players gets 12"):
        Deal.make(5, 12, d["hands"], d["boneyard"])


# -------------------------------------------------------------------------------- hints ----

def _view(deal, seat, moves, starter=0):
    out = []
    for m in moves:
        d = m.to_dict()
        if m.action is Action.DRAW and m.player != seat:
            d.pop("tile", None)
        out.append(d)
    return {"players": deal.players, "engine": deal.engine, "starter": starter, "seat": seat,
            "hand": [str(t) for t in deal.hands[seat]], "moves": out}


def _moves_until_turn(deal, seat, stop_after=10, starter=0):
    state = RoundState.from_deal(deal, starter)
    policy = BaselinePolicy()
    moves = []
    while not state.over:
        if state.turn == seat and len(moves) >= stop_after:
            break
        m = policy.choose(state)
        drawn = state.apply(m)
        moves.append(Move(m.player, m.action, m.tiles, m.train, drawn) if m.action is Action.DRAW else m)
    return state, moves


def test_a_hint_is_deterministic_for_a_seed_and_ranks_by_expected_points():
    deal = deal_round(4, 12, random.Random(5))
    view = _view(deal, 0, [])
    a = train_hint(view, worlds=12, seed=3)
    b = train_hint(view, worlds=12, seed=3)
    assert a.to_dict()["options"] == b.to_dict()["options"] and a.move == b.move
    assert a.worlds == 12 and all(o.worlds == 12 for o in a.options)
    penalties = [o.penalty for o in a.options]
    assert penalties == sorted(penalties) and a.move == a.options[0].move
    assert a.move.tiles[0].has(12)  # a first move from the engine
    assert any(o.baseline for o in a.options)


def test_a_hint_does_not_depend_on_the_number_of_processes():
    deal = deal_round(4, 12, random.Random(7))
    view = _view(deal, 0, [])
    one = train_hint(view, worlds=40, seed=4, workers=1).to_dict()
    two = train_hint(view, worlds=40, seed=4, workers=2).to_dict()
    assert one["options"] == two["options"] and one["move"] == two["move"]


def test_a_hint_stops_at_its_time_budget():
    deal = deal_round(4, 12, random.Random(5))
    h = train_hint(_view(deal, 0, []), worlds=10_000, seed=1, time_budget_ms=50)
    assert 1 <= h.worlds < 10_000


def test_sampled_worlds_respect_the_view_and_what_players_showed_they_lacked():
    found = 0
    for seed in range(30):
        deal = deal_round(3, 12 - seed % 13, random.Random(100 + seed))
        state, moves = _moves_until_turn(deal, 0, stop_after=12)
        if state.over or not any(state.constraints[q] for q in (1, 2)):
            continue
        found += 1
        view = TrainView.from_dict(_view(deal, 0, moves))
        assert view.state.constraints == state.constraints
        rng = random.Random(seed)
        for _ in range(10):
            world, ok = sample_world(view, rng)
            for q in (1, 2):
                assert len(world.hands[q]) == state.counts[q]
                if ok:
                    assert consistent(view.state, q, world.hands[q])
            assert world.hands[0] == state.hands[0] and len(world.boneyard) == state.bone_left
        assert consistent(view.state, 1, state.hands[1]) and consistent(view.state, 2, state.hands[2])
    assert found >= 5


def test_a_value_shown_lacking_is_held_only_from_a_later_draw():
    s = RoundState.seen_by(2, 12, 0, 0, parse_tiles(CHAIN15))
    s.constraints[1] = [(frozenset([5]), 0)]
    five = T("5-3").index
    assert not consistent(s, 1, [five])
    s.kept_draws[1] = [1]
    assert consistent(s, 1, [five]) and not consistent(s, 1, [five, T("5-1").index])


@pytest.mark.parametrize("change, message", [
    (lambda v: v.pop("hand"), "hand: field required"),
    (lambda v: v.__setitem__("hand", v["hand"][:3]), "hand: 3 tiles, but each of 4 players gets 15"),
    (lambda v: v.__setitem__("seat", 7), "seat: 7 is not a seat 0 to 3"),
    (lambda v: v.__setitem__("players", 9), "players"),
    (lambda v: v.__setitem__("moves", [{"player": 1, "action": "pass"}]), r"moves\[0\]: it is player 0's turn"),
    (lambda v: v.__setitem__("moves", [{"player": 0, "action": "play", "tiles": ["11-10"], "train": 0}]),
     r"moves\[0\]: "),
])
def test_bad_views_are_named(change, message):
    deal = deal_round(4, 12, random.Random(5))
    view = _view(deal, 0, [])
    change(view)
    with pytest.raises(MeksikoError, match=message):
        train_hint(view, worlds=2)


def test_a_mid_round_view_gets_a_legal_hint():
    deal = deal_round(3, 9, random.Random(11))
    state, moves = _moves_until_turn(deal, 1, stop_after=9)
    view = _view(deal, 1, moves)
    h = train_hint(view, worlds=8, seed=2)
    state.copy().apply(h.move)  # the hint's move is legal in the real state


# -------------------------------------------------------------------------------- arena ----

def test_a_small_arena_rotates_seats_and_reports_intervals():
    r = run_arena(players=2, rounds=4, seed=1, policies="baseline,random", worlds=4)
    d = r.to_dict()
    assert d["rounds"] == 4 and d["deals"] == 2 and set(d["policies"]) == {"baseline", "random"}
    for name in ("baseline", "random"):
        lo, hi = d["policies"][name]["points"]["ci95"]
        assert lo <= d["policies"][name]["points"]["mean"] <= hi
    # zero-sum win shares: the two win rates add up to one (ties shared)
    total = d["policies"]["baseline"]["win_rate"]["mean"] + d["policies"]["random"]["win_rate"]["mean"]
    assert total == pytest.approx(1.0)
    assert d["difference"]["policies"] == ["baseline", "random"]


def test_an_arena_of_one_deal_gives_no_interval_and_standard_json():
    d = run_arena(players=2, rounds=2, seed=1, policies="baseline,random", worlds=4).to_dict()
    assert d["deals"] == 1
    assert d["policies"]["baseline"]["points"]["ci95"] is None and d["difference"]["points"]["ci95"] is None
    json.dumps(d, allow_nan=False)  # no NaN bounds


def test_the_arena_plays_hint_against_baseline_and_8_players():
    r = run_arena(players=3, rounds=3, seed=2, policies="hint,baseline,baseline", worlds=3)
    assert r.rounds == 3 and set(r.points) == {"hint", "baseline"}
    r8 = run_arena(players=8, rounds=8, seed=2, policies=["baseline"] * 4 + ["random"] * 4, worlds=2)
    assert r8.deals == 1 and r8.rounds == 8
    with pytest.raises(MeksikoError, match="3 names .* for 4 players"):
        run_arena(players=4, rounds=4, policies="hint,baseline,baseline")
    with pytest.raises(MeksikoError, match="unknown policy 'clever'"):
        run_arena(players=2, rounds=2, policies="clever,baseline")
