"""Declarer analysis: the shared golden deals, brute force over every discard and trump,
the result's shape, the deal table and bad input."""

import itertools
import json
import random

import pytest

import meksiko_solver as ms
from meksiko_solver.analysis import analyze_declarer, analyze_many, deal_table
from meksiko_solver.cards import DECK, Card, Hand
from meksiko_solver.solver import solve_many
from shared_data import load_jsonl

GOLDEN = load_jsonl("declarer_analysis.jsonl")


def test_golden_file_is_complete():
    assert len(GOLDEN) == 12


@pytest.mark.parametrize("rec", GOLDEN, ids=[f"deal{i}" for i in range(len(GOLDEN))])
def test_golden_deal(rec):
    club = analyze_declarer(rec["hands"], rec["talon"], rec["declarer"], rules="mexico-club")
    assert {t: e["tricks"] for t, e in club.with_talon.items()} == rec["best_with_talon"]
    assert club.meksiko == {t: rec["meksiko_no_talon"][t] for t in "SHDC"}
    classic = analyze_declarer(rec["hands"], rec["talon"], rec["declarer"], rules="classic")
    assert classic.meksiko == {"N": rec["meksiko_no_talon"]["N"]}
    assert classic.with_talon == club.with_talon


def random_deal(rng):
    cards = list(DECK)
    rng.shuffle(cards)
    return [Hand(cards[10 * k : 10 * k + 10]) for k in range(3)], cards[30:]


def brute_force(hands, talon, declarer):
    """Every one of the 66 discards x 4 trumps through solve."""
    twelve = sorted(list(hands[declarer]) + list(talon))
    pairs = list(itertools.combinations(twelve, 2))
    positions = []
    for trump in "SHDC":
        for pair in pairs:
            seats = list(hands)
            seats[declarer] = Hand([c for c in twelve if c not in pair])
            positions.append((seats, trump, declarer, declarer))
    results = solve_many(positions)
    out = {}
    for i, trump in enumerate("SHDC"):
        values = [r.tricks for r in results[66 * i : 66 * i + 66]]
        best = max(values)
        discards = sorted(sorted(str(c) for c in p) for p, v in zip(pairs, values) if v == best)
        out[trump] = (best, discards)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_matches_brute_force_with_every_optimal_discard(seed):
    rng = random.Random(1000 + seed)
    hands, talon = random_deal(rng)
    declarer = seed % 3
    result = analyze_declarer(hands, talon, declarer)
    expected = brute_force(hands, talon, declarer)
    for trump, (best, discards) in expected.items():
        entry = result.with_talon[trump]
        assert entry["tricks"] == best
        assert sorted(sorted(p) for p in entry["discards"]) == discards


def test_meksiko_values_are_plain_solves():
    rng = random.Random(42)
    hands, talon = random_deal(rng)
    result = analyze_declarer(hands, talon, 2)
    for trump in "SHDC":
        assert result.meksiko[trump] == ms.solve(hands, trump, 2, 2, card_values=False).tricks
    classic = analyze_declarer(hands, talon, 2, rules="classic")
    assert classic.meksiko == {"N": ms.solve(hands, None, 2, 2, card_values=False).tricks}


def test_to_dict_shape_and_best():
    hands = ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"]
    d = analyze_declarer(hands, ["8C", "TD"], 1).to_dict()
    assert set(d) >= {"declarer", "with_talon", "best", "meksiko", "max_bid"}
    assert d["declarer"] == 1
    assert set(d["with_talon"]) == set("SHDC")
    best = d["best"]
    assert best["tricks"] == max(e["tricks"] for e in d["with_talon"].values())
    assert best["discard"] in d["with_talon"][best["trump"]]["discards"]
    assert d["max_bid"] == (best["tricks"] if best["tricks"] >= 5 else None)
    for entry in d["with_talon"].values():
        for pair in entry["discards"]:
            assert len(pair) == 2 and sorted(pair, key=Card) == pair  # canonical order within a pair
    json.dumps(d)


def test_max_bid_meksiko_and_none():
    # Seat 0 holds eight spades and the two top hearts: ten tricks without the talon.
    hands = ["AKQJT987.AK.-.-", "-.QJT98.AKQJ.A", "-.7.T987.KQJT9"]
    a = analyze_declarer(hands, ["8C", "7C"], 0)
    assert a.meksiko["S"] == 10 and a.max_bid == "M"
    assert analyze_declarer(hands, ["8C", "7C"], 0, rules="classic").max_bid == "M"
    rng = random.Random(11)
    seen = set()
    for _ in range(12):
        for a in analyze_many([random_deal(rng)], declarer=rng.randrange(3)):
            expected = a.best["tricks"] if a.best["tricks"] >= 5 else None
            assert a.max_bid == ("M" if 10 in a.meksiko.values() else expected)
            seen.add(a.max_bid is None)
    assert seen == {True, False}  # both a hand that makes nothing and one that bids


def test_deal_table_and_batch_agree():
    rng = random.Random(7)
    hands, talon = random_deal(rng)
    table = deal_table(hands, talon)
    assert [a.declarer for a in table.seats] == [0, 1, 2]
    for seat in range(3):
        single = analyze_declarer(hands, talon, seat)
        assert table.seats[seat].to_dict() == single.to_dict()
    text = str(table)
    assert "with talon" in text and "Meksiko" in text and len(text.splitlines()) == 7
    deals = [random_deal(rng) for _ in range(5)]
    many = analyze_many(deals, declarer=1, threads=2)
    one = analyze_many(deals, declarer=1, threads=1)
    assert [m.to_dict() for m in many] == [o.to_dict() for o in one]


@pytest.mark.parametrize(
    "hands, talon, declarer, rules, message",
    [
        (["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], ["8C", "TS"], 0, "mexico-club", "TS is dealt twice"),
        (["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q"], ["8C", "TD"], 0, "mexico-club", "it must have 10"),
        (["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], ["8C"], 0, "mexico-club", "it must have 2"),
        (["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], ["8C", "TD"], 4, "mexico-club", "declarer must be"),
        (["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], ["8C", "TD"], 0, "poker", "poker"),
    ],
)
def test_bad_deals(hands, talon, declarer, rules, message):
    with pytest.raises(ms.MeksikoError) as err:
        analyze_declarer(hands, talon, declarer, rules=rules)
    assert message in str(err.value)


@pytest.mark.parametrize("floor", [0, 5])
def test_best_declaration_agrees_with_the_full_analysis(floor):
    """The bid hint's fast search (best over every trump and discard, exact from `floor`)."""
    from meksiko_solver import _core

    rng = random.Random(77 + floor)
    items = []
    for i in range(40):
        hands, talon = random_deal(rng)
        items.append(([h.mask for h in hands], sum(c.mask for c in talon), i % 3))
    full = _core.analyze_many(items, 0, 1)
    fast = _core.best_declaration_many(items, floor, 2)
    for f, b in zip(full, fast):
        best = max(f.with_talon)
        assert b.tricks == (best if best >= floor else floor - 1)
        if best >= floor:
            assert f.with_talon[b.trump] == best
            assert tuple(b.discard) in [tuple(p) for p in f.discards[b.trump]]
    bad = _core.best_declaration_many([([0, 0, 0], 3, 0)], 0, 1)[0]
    assert "holds 0 cards" in bad.error


def test_core_batch_keeps_every_good_deal_beside_a_bad_one():
    """analyze_many hands out the parts of each analysis (one trump each) to the threads: a
    rejected deal gets its error and nothing else, and every other deal the same answer as
    alone, whatever the thread count."""
    from meksiko_solver import _core

    rng = random.Random(5)
    items = []
    for i in range(6):
        hands, talon = random_deal(rng)
        items.append(([h.mask for h in hands], sum(c.mask for c in talon), i % 3))
    hands, talon, _ = items[0]
    items.insert(3, (hands, talon, 3))  # no seat 3
    items.insert(5, ([hands[0], hands[0], hands[2]], talon, 0))  # one hand dealt twice
    solver = _core.Solver()
    for threads in (1, 2, 3):
        results = _core.analyze_many(items, 0x1F, threads)
        assert "declarer seat 3 out of range" in results[3].error
        assert "duplicate card" in results[5].error
        for item, r in zip(items, results):
            if r.error:
                assert r.with_talon == [0, 0, 0, 0] and r.meksiko == [-1] * 5 and r.nodes == 0
                continue
            alone = solver.analyze(*item, 0x1F)
            assert (r.declarer, r.with_talon, r.discards, r.meksiko) == (
                alone.declarer, alone.with_talon, alone.discards, alone.meksiko)
            assert r.nodes > 0
