"""Validation of the pure-Python reference solver (tests/reference_solver.py).

It is checked three ways, none of which needs the engine:

* hand-made positions whose answers are worked out by hand in the comments;
* the golden file shared/testdata/solve_positions.jsonl (never edited here);
* a memo-free, cutoff-free brute force on small random positions.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from random_positions import TRUMP_CHOICES, random_position
from reference_solver import (
    ALL_CARDS,
    ReferenceSolver,
    legal_cards,
    make_position,
    reference_solve,
    replay_line,
    trick_winner,
)

# --------------------------------------------------------------------------
# Rules: legal cards and trick winner
# --------------------------------------------------------------------------


def test_leader_may_lead_anything():
    assert legal_cards(["7S", "AH", "KC"], [], "H") == ["7S", "AH", "KC"]


def test_must_follow_suit_even_when_a_ruff_would_win():
    assert legal_cards(["7S", "AH", "AC"], ["KS"], "H") == ["7S"]
    assert legal_cards(["7S", "8S", "AH"], ["KS", "QS"], "H") == ["7S", "8S"]


def test_void_in_led_suit_holding_trumps_must_ruff():
    assert legal_cards(["7H", "AC", "KD"], ["AS"], "H") == ["7H"]


def test_no_duty_to_over_ruff():
    # Hearts are trump and KH has ruffed: any trump is legal, also the under-ruff 7H.
    assert legal_cards(["7H", "AH", "KC"], ["AS", "KH"], "H") == ["7H", "AH"]


def test_void_in_led_suit_and_trumps_any_card():
    assert legal_cards(["AC", "KD"], ["AS"], "H") == ["AC", "KD"]


def test_no_trump_void_in_led_suit_any_card():
    assert legal_cards(["7H", "AC", "KD"], ["AS"], None) == ["7H", "AC", "KD"]


@pytest.mark.parametrize("trick, trump, winner", [
    (["9D", "AD", "7D"], None, 1),   # highest of the led suit
    (["9D", "AD", "AS"], None, 1),   # an off-suit ace cannot win
    (["7S", "AC", "8S"], "H", 2),    # a discard cannot win
    (["AS", "7H", "KS"], "H", 1),    # the lowest trump beats the led ace
    (["AS", "7H", "8H"], "H", 2),    # over-ruff
    (["AS", "8H", "7H"], "H", 1),    # under-ruff
    (["7H", "AS", "8H"], "H", 2),    # trumps led
    (["KS", "QS", "JS"], "S", 0),
])
def test_trick_winner(trick, trump, winner):
    assert trick_winner(trick, trump) == winner


# --------------------------------------------------------------------------
# Hand-made positions with answers worked out by hand
# --------------------------------------------------------------------------

HAND_MADE = [
    # id, hands, trump, declarer, leader, played, tricks, card_tricks
    # 1 card each: the ace of the led suit wins.
    ("1card-ace-wins", [["AS"], ["KS"], ["QS"]], None, 0, 0, [], 1, {"AS": 1}),
    ("1card-defender-ace", [["AS"], ["KS"], ["QS"]], None, 1, 0, [], 0, {"AS": 0}),
    # Seat 1 is void in spades and holds the only trump: the forced ruff wins...
    ("1card-forced-ruff", [["AS"], ["7H"], ["KS"]], "H", 1, 0, [], 1, {"AS": 1}),
    # ...but without trump the 7H is a discard and cannot win.
    ("1card-discard", [["AS"], ["7H"], ["KS"]], None, 1, 0, [], 0, {"AS": 0}),
    # A discard when void in both the led suit and trumps: the KD cannot win.
    ("1card-void-in-both", [["7S"], ["KD"], ["8S"]], "H", 1, 0, [], 0, {"7S": 0}),
    # Tricks in progress: seat 1 led QS, seat 2 follows KS, declarer 0 wins with AS.
    ("1card-mid-trick-1", [["AS"], [], ["KS"]], None, 0, 1, ["QS"], 1, {"KS": 1}),
    ("1card-mid-trick-2", [["AS"], [], []], None, 0, 1, ["QS", "KS"], 1, {"AS": 1}),
    # Seat 2 ruffed the led AS; declarer 0 can only follow suit with 7S.
    ("1card-mid-trick-ruffed", [["7S"], [], []], "D", 0, 1, ["AS", "7D"], 0, {"7S": 0}),
    # 2 cards, no trump, declarer 0 leads.
    # AS: wins (KS, and seat 2 discards 9H, keeping AD); then 7H loses to 8H -> 1.
    #     (If seat 2 kept 9H it would win the 2nd trick too; either way 1.)
    # 7H: 8H, 9H wins; seat 2 cashes AD, which nobody can follow -> 0.
    ("2card-nt", [["AS", "7H"], ["KS", "8H"], ["9H", "AD"]], None, 0, 0, [], 1,
     {"AS": 1, "7H": 0}),
    # The same cards with diamonds trump: on AS seat 2 must ruff with AD and then
    # wins 9H against 7H and 8H; on 7H seat 2 wins 9H and then the AD -> 0 either way.
    ("2card-ruff", [["AS", "7H"], ["KS", "8H"], ["9H", "AD"]], "D", 0, 0, [], 0,
     {"AS": 0, "7H": 0}),
    # Same deal mid-trick: seat 1 led 8H, seat 2 must follow with 9H, declarer
    # must follow with 7H; seat 2 wins and cashes AD -> 0.
    ("2card-mid-trick", [["AS", "7H"], ["KS"], ["9H", "AD"]], None, 0, 1, ["8H"], 0,
     {"9H": 0}),
    # 2 cards, no trump, defender seat 1 leads against declarer 0 (AS KS).
    # AH: QH follows, declarer discards and loses; then 7S goes to declarer -> 1.
    # 7S: 8S, declarer's AS wins, then KS wins too -> 2. The defence leads AH.
    ("2card-defence-choice", [["AS", "KS"], ["AH", "7S"], ["QH", "8S"]], None, 0, 1, [], 1,
     {"AH": 1, "7S": 2}),
    # With spades trump declarer ruffs the AH and takes both tricks whatever is led.
    ("2card-declarer-ruffs", [["AS", "KS"], ["AH", "7S"], ["QH", "8S"]], "S", 0, 1, [], 2,
     {"AH": 2, "7S": 2}),
]


@pytest.mark.parametrize(
    "hands, trump, declarer, leader, played, tricks, card_tricks",
    [case[1:] for case in HAND_MADE], ids=[case[0] for case in HAND_MADE])
def test_hand_made_position(hands, trump, declarer, leader, played, tricks, card_tricks):
    assert reference_solve(hands, trump, declarer, leader, played) == (tricks, card_tricks)


def test_end_of_deal_is_worth_nothing():
    assert reference_solve([[], [], []], "S", 0, 2) == (0, {})


@pytest.mark.parametrize("hands, leader, played", [
    ([["AS"], ["AS"], ["KS"]], 0, []),          # a card twice
    ([["AS"], ["KS"], ["QS", "JS"]], 0, []),    # unequal hands
    ([["AS"], ["KS"], ["QS"]], 0, ["JS"]),      # the leader played, but still holds as many
    ([["AS"], ["KS"], ["QS"]], 0, ["JS", "TS", "9S"]),  # a complete trick
    ([["10S"], ["KS"], ["QS"]], 0, []),         # not canonical
])
def test_inconsistent_positions_are_rejected(hands, leader, played):
    with pytest.raises(ValueError):
        make_position(hands, leader, played)


# --------------------------------------------------------------------------
# Golden file
# --------------------------------------------------------------------------

# The reference is plain memoised minimax: a 6-card record (18 cards) takes up
# to ~1 s and all of them ~10 s together. The state space grows roughly tenfold
# with every card per hand, so the 10-card records (30 cards) would take hours
# each; they are left to the engine tests. Every record with up to this many
# cards per hand is checked.
MAX_CARDS_PER_HAND = 6


def shared_testdata() -> Path:
    """The repo is checked out next to a ``shared`` folder (/work/main and
    /work/shared); MEKSIKO_SHARED overrides its location."""
    shared = os.environ.get("MEKSIKO_SHARED")
    root = Path(shared) if shared else Path(__file__).resolve().parents[2] / "shared"
    return root / "testdata"


GOLDEN_FILE = shared_testdata() / "solve_positions.jsonl"


def load_golden_records():
    """(line number, record) for every record small enough for the reference."""
    if not GOLDEN_FILE.is_file():
        return []
    records = []
    with open(GOLDEN_FILE, encoding="utf-8") as f:
        for line_number, line in enumerate(f, start=1):
            if line.strip():
                record = json.loads(line)
                cards_per_hand = max(len(hand) for hand in record["hands"])
                if cards_per_hand <= MAX_CARDS_PER_HAND:
                    records.append((line_number, record))
    return records


GOLDEN_RECORDS = load_golden_records()


def test_golden_file_is_present_and_has_small_records():
    assert GOLDEN_FILE.is_file(), f"golden file not found: {GOLDEN_FILE} (set MEKSIKO_SHARED)"
    assert GOLDEN_RECORDS, f"no record with <= {MAX_CARDS_PER_HAND} cards per hand in {GOLDEN_FILE}"


@pytest.mark.parametrize("record", [r for _, r in GOLDEN_RECORDS],
                         ids=[f"line{n}" for n, _ in GOLDEN_RECORDS])
def test_golden_record(record):
    tricks, card_tricks = reference_solve(record["hands"], record["trump"], record["declarer"],
                                          record["leader"], record["played"])
    assert tricks == record["tricks"]
    assert card_tricks == record["card_tricks"]


# --------------------------------------------------------------------------
# Brute force: no memo, no cutoffs, on small random positions
# --------------------------------------------------------------------------


def brute_force(hands, trump, declarer, leader, played):
    """Declarer's tricks by trying every legal card everywhere (lists, no memo)."""
    seat = (leader + len(played)) % 3
    if not hands[seat]:
        return 0
    values = []
    for card in legal_cards(hands[seat], played, trump):
        new_hands = [list(h) for h in hands]
        new_hands[seat].remove(card)
        trick = list(played) + [card]
        if len(trick) == 3:
            winner = (leader + trick_winner(trick, trump)) % 3
            values.append(int(winner == declarer)
                          + brute_force(new_hands, trump, declarer, winner, []))
        else:
            values.append(brute_force(new_hands, trump, declarer, leader, trick))
    return max(values) if seat == declarer else min(values)


def brute_force_positions():
    rng = random.Random(20261129)
    positions = []
    for cards_per_hand in (1, 2, 3):
        for trump in TRUMP_CHOICES:
            for i in range(8):
                positions.append(random_position(rng, cards_per_hand, trump=trump,
                                                 with_trick_in_progress=bool(i % 2)))
    return positions


@pytest.mark.parametrize("position", brute_force_positions())
def test_reference_matches_brute_force(position):
    tricks, card_tricks = reference_solve(**position)
    assert tricks == brute_force(**position)
    hands, trump, declarer = position["hands"], position["trump"], position["declarer"]
    leader, played = position["leader"], position["played"]
    seat = (leader + len(played)) % 3
    assert set(card_tricks) == set(legal_cards(hands[seat], played, trump))
    for card, value in card_tricks.items():
        new_hands = [list(h) for h in hands]
        new_hands[seat].remove(card)
        trick = list(played) + [card]
        if len(trick) == 3:
            winner = (leader + trick_winner(trick, trump)) % 3
            expected = int(winner == declarer) + brute_force(new_hands, trump, declarer, winner, [])
        else:
            expected = brute_force(new_hands, trump, declarer, leader, trick)
        assert value == expected, card


# --------------------------------------------------------------------------
# The random position generator and the line replayer
# --------------------------------------------------------------------------


def test_random_positions_are_consistent():
    rng = random.Random(7)
    seen_trumps, seen_played = set(), set()
    for _ in range(300):
        cards_per_hand = rng.randint(1, 10)
        p = random_position(rng, cards_per_hand)
        make_position(p["hands"], p["leader"], p["played"])  # raises if inconsistent
        assert p["trump"] in TRUMP_CHOICES and p["declarer"] in (0, 1, 2)
        assert all(c in ALL_CARDS for hand in p["hands"] for c in hand)
        assert len(p["hands"][(p["leader"] + len(p["played"])) % 3]) == cards_per_hand
        for i, card in enumerate(p["played"]):  # the played cards were legal
            seat = (p["leader"] + i) % 3
            assert card in legal_cards(p["hands"][seat] + [card], p["played"][:i], p["trump"])
        seen_trumps.add(p["trump"])
        seen_played.add(len(p["played"]))
    assert seen_trumps == set(TRUMP_CHOICES)
    assert seen_played == {0, 1, 2}


def test_random_positions_are_reproducible():
    assert (random_position(random.Random(5), 4, with_trick_in_progress=True)
            == random_position(random.Random(5), 4, with_trick_in_progress=True))


def test_replay_line():
    hands = [["AS", "7H"], ["KS", "8H"], ["9H", "AD"]]
    # AS KS 9H: declarer wins; 7H 8H AD: seat 1 wins.
    assert replay_line(hands, None, 0, 0, [], ["AS", "KS", "9H", "7H", "8H", "AD"]) == 1
    # AS KS AD (diamonds trump, seat 2 must ruff), then seat 2 leads 9H and wins.
    assert replay_line(hands, "D", 0, 0, [], ["AS", "KS", "AD", "9H", "7H", "8H"]) == 0
    with pytest.raises(ValueError):  # seat 2 must follow with 9H
        replay_line(hands, None, 0, 0, [], ["7H", "8H", "AD", "9H", "AS", "KS"])
    with pytest.raises(ValueError):  # with diamonds trump seat 2 must ruff
        replay_line(hands, "D", 0, 0, [], ["AS", "KS", "9H", "7H", "8H", "AD"])
    with pytest.raises(ValueError):  # stops early
        replay_line(hands, None, 0, 0, [], ["AS", "KS", "9H"])
    with pytest.raises(ValueError):  # not the mover's card
        replay_line(hands, None, 0, 0, [], ["KS"])


def test_solver_instance_reuses_its_memo():
    solver = ReferenceSolver("S", 0)
    position = make_position([["AS", "7H"], ["KS", "8H"], ["9H", "AD"]], 0)
    first = solver.value(*position)
    nodes = solver.nodes
    assert solver.value(*position) == first and solver.nodes == nodes
