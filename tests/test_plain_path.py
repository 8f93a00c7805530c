"""The plain path of ``Solver.solve`` (holding strings read by the engine's ``holding_mask``, Card
lists read by dict, the position checked by the engine's solve) against the general path
(``Position.create`` then ``solve_position``): the same tuples, answers, errors and messages, on
seeded random positions in every spelling and on broken ones."""

import random

import pytest

from meksiko_solver import MeksikoError, Solver, engine
from meksiko_solver.cards import DECK, Card, Hand, Suit
from meksiko_solver.errors import NotationError
from meksiko_solver.position import Position, plain_core_args
from random_positions import random_position

# Characters a holding is written with, and some it must not be.
ALPHABET = list("789TJQKAtjqka") * 2 + ["10", "10", "1", "0", ".", "-", "-", " ", " ", "\t", "X", "♠", "\u00a0", "\x1c"]


def python_mask(text):
    try:
        return Hand.from_string(text).mask
    except NotationError:
        return None


def test_holding_mask_reads_every_canonical_holding():
    rng = random.Random(1)
    for _ in range(3000):
        mask = rng.getrandbits(32) & rng.getrandbits(32)
        text = str(Hand(mask))
        assert engine.holding_mask(text) == mask, text
        assert engine.holding_mask(text.lower()) == mask
        assert engine.holding_mask(text.replace("T", "10")) == mask
        assert engine.holding_mask(" " + text.replace(".", " . ").replace("-", "") + " ") == mask


def test_holding_mask_agrees_with_the_library_parser_or_declines():
    rng = random.Random(2)
    read = 0
    for _ in range(20000):
        fields = ["".join(rng.choice(ALPHABET) for _ in range(rng.choice([0, 1, 1, 2, 3]))) for _ in range(4)]
        text = rng.choice([".", ".", ".", "", " "]).join(fields)
        mask = engine.holding_mask(text)
        if mask == -1:
            continue  # the library's parser reads it or names the error
        read += 1
        assert python_mask(text) == mask, repr(text)
    assert read > 500  # the random texts reach the fast parser


@pytest.mark.parametrize("value", [None, 5, b"A.-.-.-", ["A.-.-.-"], "A.-.-", "A.-.-.-.-", "AA.-.-.-", "A.-.-.X",
                                   "A.-.-.\t", "♠A.-.-.-", "AK", "", "1.-.-.-", "1 0.-.-.-", "A-.-.-.-"])
def test_holding_mask_declines_what_it_does_not_read(value):
    assert engine.holding_mask(value) == -1


def test_holding_masks_reads_three_plain_holdings_or_declines():
    assert engine.holding_masks(["A.-.-.-", "-.K.-.-", "-.-.-.7"]) == (1 << 7, 1 << 14, 1 << 24)
    assert engine.holding_masks(("-.-.-.-",) * 3) == (0, 0, 0)
    for other in (["A.-.-.-"] * 2, ["A.-.-.-"] * 4, "A.-.-.- K.-.-.- Q.-.-.-", ["A.-.-.-", "-.K.-.-", ["7C"]],
                  ["A.-.-.-", "-.K.-.-", "X.-.-.-"], None, {0: "A.-.-.-"}):
        assert engine.holding_masks(other) is None, other


def spellings(rng, pos):
    """The position's arguments to solve in a random mix of the spellings the library reads (half
    of the time only plain ones)."""
    only_plain = rng.random() < 0.5

    def hand(cards):
        kind = rng.randrange(5 if only_plain else 6)
        if kind == 0:
            return str(Hand(cards))
        if kind == 1:
            return [Card(c) for c in cards]
        if kind == 2:
            return tuple(cards)
        if kind == 3:
            return Hand(cards)
        if kind == 4:
            return str(Hand(cards)).lower()
        return " ".join(c.lower() for c in cards)  # the general path's card list
    trump = pos["trump"]
    trump = rng.choice([trump, trump and trump.lower(), trump and Suit.parse(trump), trump and {"S": "♠"}.get(trump, trump)])
    if trump is None:
        trump = rng.choice([None, "N", Suit.NO_TRUMP] if only_plain else ["NT", 4])
    elif only_plain and trump == "♠":
        trump = "S"
    played = rng.choice([list, tuple, lambda p: [Card(c) for c in p]])(pos["played"])
    seats = [rng.choice([s] if only_plain else [s, str(s)]) for s in (pos["declarer"], pos["leader"])]
    hands = rng.choice([list, tuple])(hand(h) for h in pos["hands"])
    return [hands, trump, seats[0], seats[1], played]


def broken(rng, args):
    """The arguments with one thing wrong (or, sometimes, still right)."""
    hands, trump, declarer, leader, played = args
    hands = list(hands)
    kind = rng.randrange(10)
    if kind == 0:  # a card in two hands, or a played card still held
        card = rng.choice(DECK)
        hands[rng.randrange(3)] = [card, *list(Hand(hands[0]) if not isinstance(hands[0], str) else [])]
        played = [card] if rng.random() < 0.5 else played
    elif kind == 1:
        trump = rng.choice(["X", "", True, 7, [], "spades", "Suit.S"])
    elif kind == 2:
        declarer = rng.choice([3, -1, True, 1.0, None, "x"])
    elif kind == 3:
        leader = rng.choice([3, False, "2"])
    elif kind == 4:
        played = rng.choice([[DECK[0]] * 2, ["AS", "AS"], list(DECK[:3]), "AS", None, [{}], [7], ["XX"]])
    elif kind == 5:
        hands = hands[:2] if rng.random() < 0.5 else hands + [[]]
    elif kind == 6:
        hands[rng.randrange(3)] = rng.choice(["AA.-.-.-", "A.-.-", ["AS", "AS"], [Card("AS"), "as"], [{}], 5, None])
    elif kind == 7:  # a hand one card short or long
        seat = rng.randrange(3)
        cards = list(Hand(hands[seat]) if not isinstance(hands[seat], str) else Hand.from_string(hands[seat]))
        free = [c for c in DECK if all(c not in Hand(h if not isinstance(h, str) else Hand.from_string(h)) for h in hands)]
        hands[seat] = cards[1:] if cards and rng.random() < 0.5 else cards + free[:1]
    elif kind == 8:
        played = list(played) + [rng.choice(DECK)]
    return [hands, trump, declarer, leader, played]


def general(solver, args, card_values, line):
    try:
        return solver.solve_position(Position.create(*args), card_values, line)
    except MeksikoError as exc:
        return type(exc), str(exc)


def plain(solver, args, card_values, line):
    try:
        return solver.solve(*args, card_values=card_values, line=line)
    except MeksikoError as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize("seed", range(4))
def test_plain_path_equals_the_general_path(seed):
    rng = random.Random(100 + seed)
    fast, slow = Solver(), Solver()  # the same calls in the same order: the same tables, the same nodes
    taken = rejected = engine_rejected = 0
    for _ in range(700):
        pos = random_position(rng, rng.randrange(1, 11))
        args = spellings(rng, pos)
        if rng.random() < 0.4:
            args = broken(rng, args)
        card_values, line = rng.choice([(False, False), (True, True), (True, False), (False, True)])
        got, want = plain(fast, args, card_values, line), general(slow, args, card_values, line)
        assert got == want, args
        if isinstance(want, tuple):
            rejected += 1
            engine_rejected += plain_core_args(*args) is not None  # read plainly, refused by the engine
            continue
        assert got.to_dict() == want.to_dict() and got.best_cards == want.best_cards and repr(got) == repr(want)
        assert got.position == want.position and str(got.position) == str(want.position)
        tuple_ = plain_core_args(*args)
        if tuple_ is not None:
            taken += 1
            assert (tuple(tuple_[0]), *tuple_[1:4], tuple(tuple_[4])) == Position.create(*args).core_args()
    assert taken > 200 and rejected > 150 and engine_rejected > 20, (taken, rejected, engine_rejected)


def test_plain_core_args_reads_the_plain_forms():
    hands = ["AK.-.-.-", [Card("QS"), Card("JS")], Hand("T9.-.-.-")]
    assert plain_core_args(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "s", 1, 2) == ((0xC0, 0x30, 0x0C), 0, 1, 2, [])
    assert plain_core_args(hands, "S", 0, 0) == ([0xC0, 0x30, 0x0C], 0, 0, 0, [])
    assert plain_core_args(tuple(hands), Suit.H, 2, 1, [Card("AH")]) == ([0xC0, 0x30, 0x0C], 1, 2, 1, [15])
    assert plain_core_args(hands, None, 0, 0, ("7C",)) == ([0xC0, 0x30, 0x0C], 4, 0, 0, [24])
    for other in ((hands, "spades", 0, 0), (hands, "S", "0", 0), (hands, "S", 0, True), (hands[:2], "S", 0, 0),
                  (hands, "S", 0, 0, "AH"), (hands, "S", 0, 0, ["AH", "AH"]), (hands, 0, 0, 0),
                  ([*hands[:2], ["TS", "ts"]], "S", 0, 0), ([*hands[:2], ["TS", "TS"]], "S", 0, 0)):
        assert plain_core_args(*other) is None, other


def test_a_plain_result_builds_its_cards_when_read():
    r = Solver().solve(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", 0, 0)
    assert r._position is None and r._card_tricks is None and r._line is None
    assert (r.tricks, r.card_tricks, r.line) == (2, {"AS": 2, "KS": 2}, ["KS", "JS", "9S", "AS", "QS", "TS"])
    assert str(r.position) == "AK.-.-.- QJ.-.-.- T9.-.-.- trump=S declarer=0 leader=0 played=-"
    assert r.card_tricks is r.card_tricks  # built once


def test_a_tricks_only_answer_is_the_engines_without_its_object():
    args = (["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", 0, 0)
    position = Position.create(*args)
    raw = engine.CoreSolver(engine.DEFAULT_TABLE_BYTES).solve(*position.core_args(), False, False)
    plain_result = Solver().solve(*args, card_values=False)
    assert (plain_result.tricks, plain_result.nodes, plain_result.card_tricks, plain_result.line) == (
        raw.tricks, raw.nodes, {}, [])
    assert plain_result._position is None and plain_result.position == position  # read from the tuple
    assert Solver().solve_position(position, False, False).to_dict() == plain_result.to_dict()
    with pytest.raises(MeksikoError, match="uneven hands"):
        Solver().solve(["AK.-.-.-", "QJ.-.-.-", "T.-.-.-"], "S", 0, 0, card_values=False)
