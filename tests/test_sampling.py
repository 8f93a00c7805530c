"""Sampling of the hidden cards (hints/sampling.py, hints/view.py): exact counts against brute
force, uniformity (chi-square), consistency of every sampled world with the view, enumeration
when there are few worlds, determinism."""

import itertools
import math
import random
from collections import Counter

import pytest

from meksiko_solver import engine
from meksiko_solver.game import play_game
from meksiko_solver.hints.sampling import DISCARD, FIRST_DRAW, HAND, TALON, Bucket, Layout
from meksiko_solver.hints.view import View
from meksiko_solver.record import DealRecord


def brute_force(layout: Layout, cards, allowed) -> set:
    """Every assignment of the cards to buckets allowed per card with the exact sizes."""
    out = set()
    choices = [[b for b in range(len(layout.buckets)) if allowed[i] >> b & 1] for i in range(len(cards))]
    for assignment in itertools.product(*choices):
        sizes = Counter(assignment)
        if any(sizes[b] != layout.sizes[b] for b in range(len(layout.buckets))):
            continue
        masks = [0] * len(layout.buckets)
        for card, b in zip(cards, assignment):
            masks[b] |= 1 << card
        out.add(tuple(masks))
    return out


def chi_square_z(counts: Counter, cells: list, draws: int) -> float:
    """Wilson-Hilferty z of the chi-square statistic of ``counts`` against uniform over ``cells``."""
    expected = draws / len(cells)
    stat = sum((counts[c] - expected) ** 2 / expected for c in cells)
    k = len(cells) - 1
    return ((stat / k) ** (1 / 3) - (1 - 2 / (9 * k))) / math.sqrt(2 / (9 * k))


# A small layout with every kind of constraint: a hand void in a suit, a talon card that may only
# be in the declarer's hand or discard, and uneven bucket sizes.
SMALL_BUCKETS = [Bucket(HAND, 1, 3), Bucket(DISCARD, 1, 2), Bucket(HAND, 2, 2)]
SMALL_CARDS = [0, 1, 2, 8, 9, 16, 24]  # 7S 8S 9S 7H 8H 7D 7C
SMALL_ALLOWED = [0b111, 0b111, 0b011, 0b110, 0b111, 0b101, 0b011]  # seat 1 void in hearts etc.


def test_count_and_enumeration_match_brute_force():
    layout = Layout(SMALL_BUCKETS, SMALL_CARDS, SMALL_ALLOWED)
    expected = brute_force(layout, SMALL_CARDS, SMALL_ALLOWED)
    assert layout.count() == len(expected) > 20
    listed = list(layout.enumerate())
    assert len(listed) == len(set(listed)) and set(listed) == expected


def test_random_small_layouts_match_brute_force():
    rng = random.Random(7)
    for _ in range(40):
        n = rng.randint(3, 8)
        cards = sorted(rng.sample(range(32), n))
        sizes = [0, 0, 0]
        for _ in range(n):
            sizes[rng.randrange(3)] += 1
        buckets = [Bucket(HAND, 1, sizes[0]), Bucket(HAND, 2, sizes[1]), Bucket(TALON, None, sizes[2])]
        allowed = [rng.choice([0b111, 0b111, 0b011, 0b101, 0b110, 0b001, 0b100]) for _ in cards]
        layout = Layout(buckets, cards, allowed)
        expected = brute_force(layout, cards, allowed)
        assert layout.count() == len(expected)
        assert layout.possible() == bool(expected)
        assert set(layout.enumerate()) == expected
        if expected:
            draws = [layout.draw(random.Random(i)) for i in range(20)]
            assert all(w in expected for w in draws)


def reference_draw(layout: Layout, rng: random.Random) -> tuple:
    """The draw as written before it was inlined: ``randrange`` for the split, ``shuffle`` for
    the cards, from the same DP."""
    caps = layout.sizes
    masks = [0] * len(caps)
    for g, (_, cards) in enumerate(layout.groups):
        splits, cumulative = layout._options(g, caps)
        r = rng.randrange(cumulative[-1])
        x, caps = splits[next(i for i, c in enumerate(cumulative) if r < c)]
        shuffled = list(cards)
        rng.shuffle(shuffled)
        for b, v in enumerate(x):
            for card in shuffled[:v]:
                masks[b] |= 1 << card
            shuffled = shuffled[v:]
    return tuple(masks)


def test_draw_takes_the_random_numbers_of_randrange_and_shuffle():
    """The inlined draw gives the layouts (and leaves the generator where) randrange and shuffle
    would, on random layouts of up to 32 cards: the seeded hints keep their worlds."""
    rng = random.Random(11)
    tried = 0
    while tried < 60:
        k = rng.randint(1, 4)
        sizes = [rng.randint(0, 8) for _ in range(k)]
        cards = rng.sample(range(32), sum(sizes))
        allowed = [rng.randint(1, (1 << k) - 1) for _ in cards]
        layout = Layout([Bucket(HAND, b, size) for b, size in enumerate(sizes)], cards, allowed)
        if not layout.possible():
            continue
        tried += 1
        fast, slow = random.Random(tried), random.Random(tried)
        assert [layout.draw(fast) for _ in range(30)] == [reference_draw(layout, slow) for _ in range(30)]
        assert fast.random() == slow.random()


def test_engine_draw_gives_the_python_draws_and_state():
    """engine.draw_layouts (C++) draws the distinct layouts Layout.draw gives with the same
    random.Random, and leaves the generator where the Python loop does: on random layouts of up
    to 32 cards, weights above 32 bits among them, so that the hints keep their seeded worlds."""
    rng = random.Random(12)
    tried = wide = 0
    while tried < 80:
        k = 4 if tried % 2 else rng.randint(1, 4)  # every other one large: weights above 32 bits
        sizes = [rng.randint(6 if tried % 2 else 0, 8) for _ in range(k)]
        cards = rng.sample(range(32), sum(sizes))
        allowed = [(1 << k) - 1 if rng.random() < 0.7 else rng.randint(1, (1 << k) - 1) for _ in cards]
        layout = Layout([Bucket(HAND, b, size) for b, size in enumerate(sizes)], cards, allowed)
        table = layout._draw_table()
        if table is None or not layout.possible():
            continue
        tried += 1
        wide += layout.count() >= 1 << 32
        want = min(40, layout.count())
        python = random.Random(tried)
        seen, expected = set(), []
        while len(expected) < want:
            world = layout.draw(python)
            if world not in seen:
                seen.add(world)
                expected.append(world)
        version, state, gauss = random.Random(tried).getstate()
        drawn, after = engine.draw_layouts(table, state, want)
        assert drawn == expected
        assert after == python.getstate()[1]
    assert wide >= 10


def test_engine_draw_names_a_bad_table():
    layout = Layout(SMALL_BUCKETS, SMALL_CARDS, SMALL_ALLOWED)
    table = layout._draw_table()
    state = random.Random(0).getstate()[1]
    with pytest.raises(ValueError, match="more distinct layouts asked for than there are"):
        engine.draw_layouts(table, state, layout.count() + 1)
    buckets, groups, state_group, first, cumulative, following, split = table
    with pytest.raises(ValueError, match="a split does not deal its group's cards"):
        engine.draw_layouts((buckets, groups, state_group, first, cumulative, following, [0] * len(split)), state, 1)
    with pytest.raises(ValueError, match="624 words"):
        engine.draw_layouts(table, state[:-1], 1)


def test_draw_is_uniform_chi_square():
    layout = Layout(SMALL_BUCKETS, SMALL_CARDS, SMALL_ALLOWED)
    cells = list(layout.enumerate())
    rng = random.Random(2024)
    draws = 40 * len(cells)
    counts = Counter(layout.draw(rng) for _ in range(draws))
    assert set(counts) <= set(cells)
    assert abs(chi_square_z(counts, cells, draws)) < 4.0


def test_chi_square_detects_a_biased_sampler():
    """The test above has teeth: naive sequential dealing (each card to a uniformly chosen bucket
    with room) is not uniform over layouts and fails it."""
    layout = Layout(SMALL_BUCKETS, SMALL_CARDS, SMALL_ALLOWED)
    cells = list(layout.enumerate())
    rng = random.Random(2024)

    def naive():
        while True:
            room = list(layout.sizes)
            masks = [0, 0, 0]
            for card, ok in zip(SMALL_CARDS, SMALL_ALLOWED):
                options = [b for b in range(3) if ok >> b & 1 and room[b]]
                if not options:
                    break
                b = rng.choice(options)
                room[b] -= 1
                masks[b] |= 1 << card
            else:
                return tuple(masks)

    draws = 40 * len(cells)
    counts = Counter(naive() for _ in range(draws))
    assert chi_square_z(counts, cells, draws) > 6.0


def views_of(record: DealRecord, upto: int) -> list:
    """The views of the three seats after ``upto`` cards of play."""
    d = record.to_dict()
    out = []
    for seat in range(3):
        v = {"rules": d["rules"], "mode": d["mode"], "seat": seat, "dealer": d["dealer"],
             "hand": d["hands"][seat], "auction": d["auction"], "trump": d["trump"], "play": d["play"][:upto]}
        if record.contract != "M":
            v["talon"] = d["talon"]
            if seat == record.declarer:
                v["discard"] = d["discard"]
        out.append(View.from_dict(v))
    return out


def true_world(view: View, record: DealRecord, layout: Layout) -> tuple:
    """The layout of the real deal in ``layout``'s buckets."""
    d = record.to_dict()
    state = DealRecord.from_dict({**d, "play": d["play"][:len(view.play)]}).replay()
    masks = []
    for b in layout.buckets:
        if b.kind == HAND:
            masks.append(sum(c.mask for c in state.hand(b.seat)) & ~sum(c.mask for c in view.current_hand)
                         & _hidden(layout))
        elif b.kind == TALON:
            masks.append(sum(c.mask for c in record.talon))
        else:
            masks.append(sum(c.mask for c in record.discard))
    return tuple(m & _hidden(layout) for m in masks)


def _hidden(layout: Layout) -> int:
    m = 0
    for _, cards in layout.groups:
        for c in cards:
            m |= 1 << c
    return m


GAME = play_game(seed=11, max_deals=3)


@pytest.mark.parametrize("upto", [0, 4, 11, 19, 25])
def test_sampled_worlds_never_contradict_the_view(upto):
    for record in GAME.deals:
        for view in views_of(record, upto):
            layout = view.layout()
            assert layout.count() >= 1
            truth = true_world(view, record, layout)
            worlds = list(layout.sample(25, seed=upto))
            for world in worlds:
                # The world replays as a full, legal deal record with this very history.
                DealRecord.from_dict(view.world_record(layout, world))
                hands = view.world_hands(layout, world)
                for seat, suits in enumerate(view.voids):
                    for suit in suits:
                        assert not hands[seat] >> (8 * suit) & 0xFF
            if layout.count() <= 25:
                assert truth in worlds


def test_enumerates_when_few_worlds():
    record = GAME.deals[0]
    view = views_of(record, 24)[record.declarer]
    layout = view.layout()
    n = layout.count()
    assert 1 < n <= 200
    got = list(layout.sample(200, seed=5))
    assert len(got) == n == len(set(got))
    assert set(got) == set(layout.enumerate())
    assert got == list(layout.sample(n, seed=5))  # the same shuffle for the same seed
    assert got != list(layout.sample(n, seed=99))
    # the order is shuffled: a prefix (a hint stopped early) is not the enumeration's first layouts
    assert got[: n // 2] != list(layout.enumerate())[: n // 2]
    # and every layout is as likely to be in a prefix, before the half drawn and after it
    for k in (n // 4, (3 * n) // 4):
        seen = Counter(w for seed in range(400) for w in list(layout.sample(n, seed=seed))[:k])
        expected = 400 * k / n
        assert len(seen) == n and expected / 2 < min(seen.values()) <= max(seen.values()) < 1.5 * expected


def test_sample_is_distinct_and_deterministic():
    view = views_of(GAME.deals[1], 3)[0]
    layout = view.layout()
    a = list(layout.sample(60, seed=1))
    assert len(a) == 60 == len(set(a))
    assert a == list(view.layout().sample(60, seed=1))
    assert a != list(layout.sample(60, seed=2))


def test_talon_card_with_declarer_void_lies_in_the_discard():
    """A defender sees the talon; once the declarer shows out of hearts, the unplayed talon
    heart can only be in his discard, while the talon club may still be in his hand."""
    hands = [["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "KD", "QD"],
             ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "AD", "JD", "TD"],
             ["9D", "8D", "7D", "AC", "KC", "QC", "JC", "TC", "9C", "8C"]]
    base = {"dealer": 2, "auction": ["5", "NEXT", "NEXT"], "talon": ["7H", "7C"], "trump": "S",
            "play": ["KD", "AD", "7D", "AH", "8C", "7S"]}
    DealRecord.from_dict({**base, "hands": hands, "discard": ["7H", "7C"]})  # the real deal is legal
    view = View.from_dict({**base, "seat": 1, "hand": hands[1]})
    assert view.voids[0] == (1,)  # the declarer showed out of hearts
    layout = view.layout()
    in_hand = 0
    for world in layout.enumerate():
        deal = view.world_deal(layout, world)
        assert deal["discard"] >> 8 & 1  # 7H (index 8) is in the discard in every world
        in_hand += bool(view.world_hands(layout, world)[0] >> 24 & 1)  # 7C still in his hand
    assert 0 < in_hand < layout.count()


def test_draw_is_uniform_on_a_real_view():
    """A defender's view late in a numeric deal: voids, the hidden discard and talon cards."""
    for record in GAME.deals:
        for upto in (16, 19, 22):
            for view in views_of(record, upto):
                layout = view.layout()
                if 20 <= layout.count() <= 150 and any(b.kind == DISCARD for b in layout.buckets):
                    cells = list(layout.enumerate())
                    rng = random.Random(upto)
                    draws = 30 * len(cells)
                    counts = Counter(layout.draw(rng) for _ in range(draws))
                    assert set(counts) <= set(cells)
                    assert abs(chi_square_z(counts, cells, draws)) < 4.0
                    return
    pytest.fail("no suitable view in the test game")


def test_a_large_sample_is_drawn_in_chunks_that_give_the_draws_of_one_call():
    """Layout.sample draws in doubling chunks (a hint stopped early pays only for what it took),
    each told what the earlier ones drew: the same layouts, in the same order, as one C++ call."""
    layout = View.from_dict({"seat": 0, "dealer": 2, "hand": "AQT.KJ.A97.T9", "auction": []}).layout()
    n = 3 * FIRST_DRAW + 17  # three chunks and part of a fourth
    chunked = list(layout.sample(n, 7))
    _, state, _ = random.Random(7).getstate()
    whole, _ = engine.draw_layouts(layout._draw_table(), state, n, [])
    assert chunked == whole and len(set(chunked)) == n
    with pytest.raises(ValueError, match="a seen layout has 1 masks, not one per bucket"):
        engine.draw_layouts(layout._draw_table(), state, 2, [(1,)])
