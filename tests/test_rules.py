"""Rule profiles (rules.py) and the trick rules (play.py)."""

import pytest

from meksiko_solver.cards import Card, Hand
from meksiko_solver.errors import MeksikoError, RulesError
from meksiko_solver.play import legal_cards, legal_mask, next_seat, play_error, trick_winner, tricks_along
from meksiko_solver.rules import (
    LAST_DEAL, PLAY_ON, RULES, RuleProfile, describe_rules, game_config, get_rules)

S, H, D, C = range(4)


def cards(text):
    return [Card(t) for t in text.split()]


# --- profiles ---------------------------------------------------------------------------------

def test_registry_lists_both_profiles_default_first():
    assert list(RULES) == ["mexico-club", "classic"]
    assert all(isinstance(p, RuleProfile) for p in RULES.values())
    assert get_rules() is RULES["mexico-club"]
    assert get_rules(" Classic ") is RULES["classic"]
    assert get_rules(RULES["classic"]) is RULES["classic"]


def test_registry_is_read_only_and_profiles_frozen():
    with pytest.raises(TypeError):
        RULES["house"] = RULES["classic"]  # type: ignore[index]
    with pytest.raises(AttributeError):
        RULES["classic"].total_floor = 0  # type: ignore[misc]


def test_unknown_rules_error_names_value_and_lists_valid_ones():
    with pytest.raises(RulesError) as err:
        get_rules("house")
    assert str(err.value) == "unknown rules 'house': valid rules are mexico-club, classic"
    assert isinstance(err.value, MeksikoError) and isinstance(err.value, ValueError)


def test_mexico_club_profile_data():
    club = get_rules("mexico-club")
    assert [m.name for m in club.modes] == ["easy", "normal"]
    assert club.mode().name == "easy"
    assert (club.mode("easy").fail_factor, club.mode("normal").fail_factor) == (1, 2)
    assert not club.mode("easy").zero_trick_penalty and club.mode("normal").zero_trick_penalty
    assert club.mode("easy").meksiko_defender_factor == 2
    assert [f.name for f in club.formats] == ["standard", "mini", "tournament"]
    assert club.format().targets == (31, 51, 101) and club.format().default_target == 51
    assert club.format("mini").deals == 3 and club.format("mini").modes == ("easy",)
    assert club.format("tournament").modes == ("normal",)
    assert club.meksiko_trump and club.meksiko_ends_auction
    assert club.total_floor == 0 and club.tie_break == PLAY_ON and club.meksiko_value == 20


def test_classic_profile_data():
    classic = get_rules("classic")
    assert not classic.meksiko_trump and not classic.meksiko_ends_auction
    assert classic.total_floor is None and classic.tie_break == LAST_DEAL
    assert classic.mode().meksiko_defender_factor == 1 and classic.mode().fail_factor == 1
    assert classic.format().targets == (51,)


def test_unknown_mode_and_format_list_valid_ones():
    with pytest.raises(RulesError, match="unknown scoring mode 'hard' for mexico-club: valid modes are easy, normal"):
        get_rules().mode("hard")
    with pytest.raises(RulesError, match="unknown game format 'blitz' for classic: valid formats are standard"):
        get_rules("classic").format("blitz")
    with pytest.raises(RulesError, match="valid modes are standard"):
        get_rules("classic").mode("easy")


def test_game_config_defaults():
    cfg = game_config()
    assert (cfg.rules.name, cfg.mode.name, cfg.format.name, cfg.target) == ("mexico-club", "easy", "standard", 51)
    assert cfg.describe() == "mexico-club, easy scoring, standard format, target 51"
    mini = game_config(format="mini")
    assert (mini.mode.name, mini.target) == ("easy", None)
    assert mini.describe() == "mexico-club, easy scoring, mini format, 3 deals"
    tour = game_config(format="tournament")
    assert (tour.mode.name, tour.target) == ("normal", 10)
    assert game_config(format="tournament", target=25).target == 25
    assert game_config(mode="normal", target=101).mode.name == "normal"
    classic = game_config("classic")
    assert (classic.mode.name, classic.format.name, classic.target) == ("standard", "standard", 51)


@pytest.mark.parametrize("kwargs, message", [
    (dict(target=40), "target 40 is not allowed in the standard format of mexico-club: valid targets are 31, 51, 101"),
    (dict(format="mini", target=51), "the mini format of mexico-club has no target"),
    (dict(format="mini", mode="normal"), "scoring mode 'normal' is not used by the mini format"),
    (dict(format="tournament", mode="easy"), "scoring mode 'easy' is not used by the tournament format"),
    (dict(format="tournament", target=0), "target must be a positive whole number, not 0"),
    (dict(rules="classic", target=31), "target 31 is not allowed in the standard format of classic"),
])
def test_game_config_rejects_bad_settings(kwargs, message):
    with pytest.raises(RulesError, match=message):
        game_config(**kwargs)


def test_describe_rules_mentions_the_key_facts():
    club, classic = describe_rules("mexico-club"), describe_rules("classic")
    assert club.startswith("mexico-club (default)")
    assert "31, 51, 101" in club and "mini" in club and "tournament" in club and "never below 0" in club
    assert "played without trump" in classic and "may go below 0" in classic


# --- trick rules --------------------------------------------------------------------------------

def test_leader_may_lead_anything():
    hand = cards("AS 9H 7C")
    assert legal_cards(hand, [], trump=H) == hand


def test_must_follow_suit_without_duty_to_head():
    hand = cards("AS 7S 9H 7C")
    assert legal_cards(hand, cards("KS"), trump=H) == cards("AS 7S")


def test_void_in_led_suit_must_trump_any_trump():
    hand = cards("9H 7H 7C")
    assert legal_cards(hand, cards("KS AS"), trump=H) == cards("9H 7H")


def test_void_in_both_any_card():
    hand = cards("9D 7C")
    assert legal_cards(hand, cards("KS"), trump=H) == hand
    assert legal_cards(Hand(hand), cards("KS"), trump=None) == hand  # no trump: any card


def test_legal_mask_is_legal_cards_on_masks():
    # The weighing of the hints skips forced cards by legal_mask: it must be legal_cards exactly.
    import random

    rng = random.Random(13)
    deck = [Card(i) for i in range(32)]
    seen_forced = seen_ruff = 0
    for _ in range(3000):
        hand = rng.sample(deck, rng.randint(1, 10))
        led = rng.choice([c for c in deck if c not in hand])
        trump = rng.choice([0, 1, 2, 3, None])
        want = legal_cards(hand, [led], trump)
        got = legal_mask(sum(c.mask for c in hand), led.index, trump if trump is not None else 4)
        assert got == sum(c.mask for c in want)
        assert legal_mask(sum(c.mask for c in hand), None, trump) == sum(c.mask for c in hand)
        seen_forced += len(want) == 1
        seen_ruff += trump is not None and all(c.suit != led.suit for c in hand) and want[0].suit == trump
    assert seen_forced > 100 and seen_ruff > 100  # the sample reaches both special cases


def test_trick_winner_highest_of_led_suit_off_suit_cannot_win():
    assert trick_winner(cards("KS AD 7S"), leader=1, trump=None) == 1  # AD is off-suit
    assert trick_winner(cards("KS 7S AS"), leader=0, trump=None) == 2
    assert trick_winner(cards("KS 7S AS"), leader=2, trump=H) == 1


def test_trick_winner_highest_trump():
    assert trick_winner(cards("AS 7H 8H"), leader=0, trump=H) == 2
    assert trick_winner(cards("AS 7H KS"), leader=1, trump=H) == 2
    assert trick_winner(cards("9H AS TH"), leader=2, trump=H) == 1  # trump led


def test_tricks_along_a_line_follow_the_winners_leads():
    # seat 2 takes the KS with the AS, then leads the 9H, which holds
    line = "KS 7S AS 9H 8H 7H QD".split()
    assert tricks_along(line, leader=0, trump=None) == [0, 0, 2]  # the unfinished trick is not counted
    assert tricks_along(line[:6], leader=0, trump=S) == [0, 0, 2]
    assert tricks_along(cards("AS 7H KS"), leader=1, trump=H) == [0, 0, 1]
    with pytest.raises(MeksikoError):
        tricks_along(["KS", "XX", "AS"], leader=0, trump=None)


def test_play_error_messages_name_card_seat_and_rule():
    hand = cards("AC 9H 9D")
    assert play_error(hand, cards("8C"), S, Card("9H"), 2) == "9H is not legal, seat 2 must follow clubs"
    assert play_error(hand, cards("8C"), S, Card("AC"), 2) is None
    assert play_error(cards("9H 9D"), cards("8C"), H, Card("9D"), 1) == (
        "9D is not legal, seat 1 has no clubs and must play a trump (hearts)")
    assert play_error(hand, [], S, Card("KS"), 0) == "KS is not in seat 0's hand"


def test_next_seat():
    assert [next_seat(s) for s in range(3)] == [1, 2, 0]
