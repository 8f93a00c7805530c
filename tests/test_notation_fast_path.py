"""The C++ fast path for the position notation agrees with the Python parser.

``_core.parse_position`` may decline any input (the Python parser then decides), but where it
answers it must give exactly what ``Position.parse`` gives, and it must decline every input
that the Python parser rejects."""

import random

import pytest

from meksiko_solver import Position, Solver, _core, solve
from meksiko_solver.cards import DECK, Card, Hand
from meksiko_solver.errors import MeksikoError

TRUMPS = [None, "S", "h", " D ", "C", "N", "nt", "NONE", "-", "", "spades", "Hearts", "x", "♠", "SH", 0, True]
SEATS = [0, 1, 2, "0", " 2 ", 3, -1, True, "1.0", 1.0]


def _holding_variants(cards, rng):
    hand = Hand(cards)
    text = str(hand)
    spaced = " ".join(str(c) for c in cards)
    return [
        text,
        text.lower(),
        text.replace("T", "10"),
        " " + text.replace(".", " . ") + " ",
        spaced,
        spaced.replace(" ", ","),
        [str(c) for c in cards],
        tuple(cards),
        [str(c).lower() for c in cards],
        hand,
        hand.mask,
        "♠" + text,
        text + ".-",
        text.replace(".", "", 1),
        (text + "X") if rng.random() < 0.5 else (text + "1"),
        [str(c) for c in cards] + ([str(cards[0])] if cards else ["ZZ"]),
    ]


def _random_position(rng):
    deck = list(DECK)
    rng.shuffle(deck)
    n = rng.randint(1, 10)
    played_n = rng.randint(0, 2)
    hands = [deck[k * n:(k + 1) * n] for k in range(3)]
    leader = rng.randrange(3)
    played = []
    for i in range(played_n):  # the first played_n seats from the leader already played one card
        seat = (leader + i) % 3
        played.append(hands[seat].pop())
    return hands, leader, played


def _slow(args):
    try:
        return Position.parse(*args)
    except (MeksikoError, ValueError, TypeError) as exc:
        return type(exc)


def test_fast_path_agrees_with_python_parser():
    rng = random.Random(18)
    answered = declined = 0
    for _ in range(6000):
        hands, leader, played = _random_position(rng)
        variants = [_holding_variants(h, rng) for h in hands]
        hs = [rng.choice(v) for v in variants]
        if rng.random() < 0.3:  # mostly the canonical form, so that many positions are valid
            hs = [str(Hand(h)) for h in hands]
        played_in = rng.choice([[str(c) for c in played], tuple(played), [str(c).lower() for c in played],
                                " ".join(str(c) for c in played)])
        args = (hs, rng.choice(TRUMPS), rng.choice(SEATS), rng.choice(SEATS + [leader] * 6), played_in)
        fast = _core.parse_position(*args)
        slow = _slow(args)
        if fast is None:
            declined += 1
            continue
        answered += 1
        assert isinstance(slow, Position), (args, fast, slow)
        assert Position.from_engine(*fast) == slow, args
    assert answered > 300 and declined > 3000, (answered, declined)


@pytest.mark.parametrize("hands, trump, declarer, leader, played", [
    (["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", 0, 0, ()),
    (["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", 0, 0, ["AS"]),  # AS played and still held
    (["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", 0, 0, ["7S", "8S", "9S"]),
    (["AKQ.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", 0, 0, ()),
    (["AK.-.-.-", "QJ.-.-.-", "T9.-.-"], "S", 0, 0, ()),
    (["AK.-.-.-", "QJ.-.-.-"], "S", 0, 0, ()),
    (["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", 3, 0, ()),
])
def test_bad_or_valid_input_same_answer_as_python_parser(hands, trump, declarer, leader, played):
    slow = _slow((hands, trump, declarer, leader, played))
    fast = _core.parse_position(hands, trump, declarer, leader, played)
    if isinstance(slow, Position):
        assert Position.from_engine(*fast) == slow
    else:
        assert fast is None
        with pytest.raises(slow):
            solve(hands, trump, declarer, leader, played)


def test_solve_results_equal_by_either_path():
    rng = random.Random(5)
    for _ in range(200):
        hands, leader, played = _random_position(rng)
        trump = rng.choice([None, "S", "H", "D", "C"])
        args = ([str(Hand(h)) for h in hands], trump, rng.randrange(3), leader, [str(c) for c in played])
        slow_pos = _slow(args)
        if not isinstance(slow_pos, Position):  # a played card that did not follow suit
            continue
        fast = solve(*args)
        slow = Solver().solve_position(slow_pos)
        assert fast.position == slow_pos
        assert (fast.tricks, fast.card_tricks, fast.line) == (slow.tricks, slow.card_tricks, slow.line)
        assert list(fast.card_tricks) == [str(c) for c in sorted(Card(c) for c in fast.card_tricks)]
