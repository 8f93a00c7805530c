"""Deal scoring, running totals and game end (scoring.py); every example of the rules is a test."""

import pytest

from meksiko_solver.errors import MeksikoError, RulesError
from meksiko_solver.rules import game_config
from meksiko_solver.scoring import apply_scores, game_winners, score_deal


# --- the rules' own examples ------------------------------------------------------------------

def test_bid_5_and_8_tricks_scores_8():
    assert score_deal("5", 0, [8, 1, 1]) == (8, 1, 1)
    assert score_deal(5, 0, [8, 1, 1], mode="normal") == (8, 1, 1)
    assert score_deal(5, 0, [8, 1, 1], rules="classic")[0] == 8


def test_meksiko_made_scores_20():
    assert score_deal("M", 1, [0, 10, 0])[1] == 20
    assert score_deal("M", 1, [0, 10, 0], mode="normal")[1] == 20
    assert score_deal("M", 1, [0, 10, 0], rules="classic") == (0, 20, 0)


def test_failed_7_costs_7_easy_and_14_normal():
    assert score_deal(7, 2, [2, 2, 6])[2] == -7
    assert score_deal(7, 2, [2, 2, 6], mode="normal")[2] == -14


def test_failed_meksiko_costs_20_easy_and_40_normal():
    assert score_deal("M", 0, [9, 1, 0])[0] == -20
    assert score_deal("M", 0, [9, 1, 0], mode="normal")[0] == -40


def test_defender_with_2_tricks_against_meksiko_scores_4():
    assert score_deal("M", 0, [8, 2, 0]) == (-20, 4, 0)


def test_defender_with_0_tricks_scores_0_easy_and_minus_bid_normal():
    assert score_deal(7, 0, [7, 3, 0]) == (7, 3, 0)
    assert score_deal(7, 0, [7, 3, 0], mode="normal") == (7, 3, -7)


def test_totals_never_below_zero_in_mexico_club():
    assert apply_scores([5, 20, 0], [-7, -7, 0]) == (0, 13, 0)


def test_classic_totals_may_go_below_zero():
    assert apply_scores([5, 20, 0], [-7, -7, 0], rules="classic") == (-2, 13, 0)
    assert apply_scores([-2, 0, 0], [-20, 3, 7], rules="classic") == (-22, 3, 7)


# --- the remaining rules ----------------------------------------------------------------------

def test_made_contract_scores_tricks_taken_not_bid():
    assert score_deal(6, 1, [1, 9, 0]) == (1, 9, 0)
    assert score_deal(10, 1, [0, 10, 0]) == (0, 10, 0)  # 10 made writes 10, Meksiko made writes 20


def test_defenders_score_their_tricks_whether_declarer_makes_or_fails():
    assert score_deal(9, 0, [8, 1, 1]) == (-9, 1, 1)
    assert score_deal(9, 0, [9, 1, 0]) == (9, 1, 0)


def test_classic_meksiko_defenders_not_doubled():
    assert score_deal("M", 0, [8, 2, 0], rules="classic") == (-20, 2, 0)


def test_classic_no_zero_trick_penalty_and_single_failure():
    assert score_deal(7, 0, [5, 5, 0], rules="classic") == (-7, 5, 0)


def test_normal_zero_trick_defender_on_meksiko_reads_b_as_20():
    assert score_deal("M", 0, [9, 1, 0], mode="normal") == (-40, 2, -20)


def test_normal_both_penalties_together():
    assert score_deal(10, 2, [0, 1, 9], mode="normal") == (-10, 1, -20)


def test_contract_forms_and_mode_objects():
    from meksiko_solver.rules import get_rules
    assert score_deal("meksiko", 0, [10, 0, 0]) == score_deal("M", 0, [10, 0, 0]) == (20, 0, 0)
    assert score_deal("7", 0, [2, 8, 0], mode=get_rules().mode("normal")) == (-14, 8, -7)


@pytest.mark.parametrize("tricks", [[3, 3, 3], [5, 5], [11, -1, 0], "5 5 0", [5.0, 5, 0]])
def test_bad_trick_counts(tricks):
    with pytest.raises(MeksikoError, match="tricks must be three trick counts summing to 10"):
        score_deal(5, 0, tricks)


def test_bad_contract_declarer_mode():
    with pytest.raises(MeksikoError, match="unknown contract 4"):
        score_deal(4, 0, [5, 5, 0])
    with pytest.raises(MeksikoError, match="declarer must be 0, 1 or 2, not 3"):
        score_deal(5, 3, [5, 5, 0])
    with pytest.raises(RulesError, match="unknown scoring mode 'hard'"):
        score_deal(5, 0, [5, 5, 0], mode="hard")
    with pytest.raises(MeksikoError, match="totals must be three whole numbers"):
        apply_scores([1, 2], [0, 0, 0])


# --- end of the game --------------------------------------------------------------------------

def test_game_goes_on_below_target():
    assert game_winners(game_config(), (50, 0, 49), 7) is None


def test_target_reached_wins():
    assert game_winners(game_config(), (51, 10, 3), 9) == (0,)
    assert game_winners(game_config(target=31), (0, 33, 3), 4) == (1,)
    assert game_winners(game_config(format="tournament"), (4, 10, 3), 2) == (1,)


def test_several_reach_target_highest_wins():
    assert game_winners(game_config(), (52, 60, 10), 9) == (1,)
    assert game_winners(game_config(), (40, 51, 55), 9) == (2,)


def test_mexico_club_tie_at_the_top_plays_on():
    assert game_winners(game_config(), (55, 55, 10), 9, last_declarer=0, last_tricks=(7, 3, 0)) is None
    assert game_winners(game_config(format="tournament"), (12, 12, 12), 3) is None


def test_mini_lasts_three_deals():
    mini = game_config(format="mini")
    assert game_winners(mini, (60, 0, 0), 2) is None  # no target in Mini
    assert game_winners(mini, (12, 30, 5), 3) == (1,)


def test_mini_extension_while_the_lead_is_shared():
    mini = game_config(format="mini")
    assert game_winners(mini, (20, 20, 5), 3) is None
    assert game_winners(mini, (24, 20, 5), 4) == (0,)
    assert game_winners(mini, (24, 24, 25), 5) == (2,)


def test_classic_tie_goes_to_last_declarer():
    classic = game_config("classic")
    assert game_winners(classic, (55, 55, 10), 20, last_declarer=1, last_tricks=(4, 6, 0)) == (1,)
    assert game_winners(classic, (55, 55, 10), 20, last_declarer=1, last_tricks=(7, 3, 0)) == (1,)


def test_classic_tie_without_declarer_goes_to_more_tricks():
    classic = game_config("classic")
    assert game_winners(classic, (53, 53, 40), 20, last_declarer=2, last_tricks=(2, 3, 5)) == (1,)


def test_classic_tie_with_equal_tricks_is_shared():
    classic = game_config("classic")
    assert game_winners(classic, (53, 53, 40), 20, last_declarer=2, last_tricks=(3, 3, 4)) == (0, 1)


def test_classic_three_way_tie_goes_to_declarer():
    classic = game_config("classic")
    assert game_winners(classic, (51, 51, 51), 20, last_declarer=0, last_tricks=(2, 4, 4)) == (0,)


def test_classic_negative_totals_do_not_end_the_game():
    classic = game_config("classic")
    assert game_winners(classic, (-30, 50, 12), 30) is None
