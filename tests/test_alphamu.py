"""αμ for the declarer's last tricks, against the engine and against an unpruned enumeration."""

from __future__ import annotations

import random
from itertools import product
from typing import Dict, List, Tuple

import pytest

from meksiko_solver import engine
from meksiko_solver.hints import alphamu
from meksiko_solver.hints.alphamu import Endgame, card_values

TRUMPS = [0, 1, 2, 3, 4]


def _endgame_start(rng: random.Random, tricks_left: int) -> Tuple[List[int], int, int, List[int], int]:
    """A random deal played at random until ``tricks_left`` tricks remain (the current one
    counted) and the declarer is to play: (hands now, declarer, leader, trick, trump)."""
    cards = list(range(32))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[10 * s:10 * s + 10]) for s in range(3)]
    trump, declarer, leader = rng.choice(TRUMPS), rng.randrange(3), rng.randrange(3)
    trick: List[int] = []
    while True:
        seat = (leader + len(trick)) % 3
        if seat == declarer and bin(hands[declarer]).count("1") == tricks_left:
            return hands, declarer, leader, trick, trump
        card = rng.choice(alphamu._bits(alphamu._legal(hands[seat], trick[0] if trick else -1, trump)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 3:
            leader = (leader + alphamu._winner(trick, trump)) % 3
            trick = []


def _worlds(rng: random.Random, hands: List[int], declarer: int, leader: int, trick: List[int], trump: int,
            count: int) -> List[List[int]]:
    """``count`` layouts of the defenders' cards now (their sizes kept, and none that the trick
    in progress shows a defender cannot hold), the first the true one."""
    a, b = [s for s in range(3) if s != declarer]
    pool = alphamu._bits(hands[a] | hands[b])
    size = bin(hands[a]).count("1")
    out = [list(hands)]
    while len(out) < count:
        rng.shuffle(pool)
        world = list(hands)
        world[a] = sum(1 << c for c in pool[:size])
        world[b] = sum(1 << c for c in pool[size:])
        shown = all(alphamu._legal(world[(leader + i) % 3] | 1 << card, trick[0], trump) >> card & 1
                    for i, card in enumerate(trick) if i)
        if shown:
            out.append(world)
    return out


def _engine_values(world: List[int], declarer: int, leader: int, trick: List[int], trump: int) -> Dict[int, int]:
    [result] = engine.solve_batch([(world, trump, declarer, leader, trick)], True, False, 1)
    assert not result.error
    return dict(result.card_values)


@pytest.mark.parametrize("seed", range(40))
def test_one_world_is_the_double_dummy_value(seed: int) -> None:
    rng = random.Random(seed)
    hands, declarer, leader, trick, trump = _endgame_start(rng, rng.choice([1, 2, 3, 4]))
    fronts = Endgame([hands], declarer, leader, trick, trump).fronts()
    expected = _engine_values(hands, declarer, leader, trick, trump)
    assert {card: [v[0] for v in front] for card, front in fronts.items()} == \
        {card: [value] for card, value in expected.items()}


def _all_vectors(game: Endgame) -> Dict[int, List[Tuple[int, ...]]]:
    """The same search with no vector dropped and no early stop: every vector a declarer's
    strategy reaches, the defenders choosing per world (the slow obvious reference)."""
    def after(card, gone, trick, leader, taken, worlds):
        gone |= 1 << card
        trick = trick + (card,)
        if len(trick) == 3:
            leader = (leader + alphamu._winner(trick, game.trump)) % 3
            taken += leader == game.declarer
            trick = ()
        return node(gone, trick, leader, taken, worlds)

    def node(gone, trick, leader, taken, worlds):
        if not trick and not game.own & ~gone:
            return {tuple(taken if i in worlds else alphamu._FREE for i in range(game.n))}
        seat = (leader + len(trick)) % 3
        led = trick[0] if trick else -1
        if seat == game.declarer:
            hand = game.own & ~gone
            out = set()
            for card in alphamu._bits(alphamu._legal(hand, led, game.trump)):
                out |= after(card, gone, trick, leader, taken, worlds)
            return out
        children = []
        for card in alphamu._bits(_union(game, seat, gone, led, worlds)):
            ws = tuple(w for w in worlds if alphamu._legal(game.hands[w][seat] & ~gone, led, game.trump) >> card & 1)
            children.append(after(card, gone, trick, leader, taken, ws))
        return {tuple(min(column) for column in zip(*combo)) for combo in product(*children)}

    led = game.trick[0] if game.trick else -1
    return {card: sorted(after(card, 0, game.trick, game.leader, 0, tuple(range(game.n))))
            for card in alphamu._bits(alphamu._legal(game.own, led, game.trump))}


def _union(game: Endgame, seat: int, gone: int, led: int, worlds) -> int:
    mask = 0
    for w in worlds:
        mask |= alphamu._legal(game.hands[w][seat] & ~gone, led, game.trump)
    return mask


@pytest.mark.parametrize("seed", range(30))
def test_the_front_is_the_best_of_every_strategy(seed: int) -> None:
    rng = random.Random(1000 + seed)
    hands, declarer, leader, trick, trump = _endgame_start(rng, rng.choice([2, 3]))
    worlds = _worlds(rng, hands, declarer, leader, trick, trump, rng.choice([2, 3, 4]))
    game = Endgame(worlds, declarer, leader, trick, trump)
    weights = [rng.random() for _ in worlds]
    score = [float(t) for t in range(11)]
    fronts, every = game.fronts(), _all_vectors(game)
    for card, front in fronts.items():
        reached = every[card]
        assert set(front) <= set(reached)  # each vector kept is one a strategy reaches
        for v in reached:  # and every reached vector is matched or beaten by one kept
            assert any(all(a >= b for a, b in zip(k, v)) for k in front)
    values = card_values(game, weights, score, 0)
    assert values == {card: max(sum(w * t for w, t in zip(weights, v)) for v in vs) for card, vs in every.items()}


@pytest.mark.parametrize("seed", range(30))
def test_never_above_the_double_dummy_average(seed: int) -> None:
    """The declarer who must play one card for every world never does better than one who sees
    each world (PIMC's figure), and never worse than the worst world's double-dummy value."""
    rng = random.Random(2000 + seed)
    hands, declarer, leader, trick, trump = _endgame_start(rng, 3)
    worlds = _worlds(rng, hands, declarer, leader, trick, trump, 12)
    game = Endgame(worlds, declarer, leader, trick, trump)
    for card, front in game.fronts().items():
        dd = [_engine_values(w, declarer, leader, trick, trump)[card] for w in worlds]
        best = max(sum(v) for v in front)
        assert best <= sum(dd)
        assert all(all(x <= y for x, y in zip(v, dd)) for v in front)
        assert best >= len(worlds) * min(dd)


def test_not_the_declarer_to_play() -> None:
    hands = [0b111, 0b111000, 0b111000000]
    with pytest.raises(ValueError, match="declarer is not to play"):
        Endgame([hands], 1, 0, [], 4).fronts()


# A deal of the duplicate arena (seed 5404, deal 25) after 21 cards: the declarer (seat 2, clubs,
# contract 5, three tricks in) holds AC JC 9C and needs two of the last three tricks; KC TC 8C and
# three more cards lie with the defenders in any of the 20 ways.
FUSION_VIEW = {"rules": "mexico-club", "mode": "easy", "seat": 2, "dealer": 1,
               "hand": ["TS", "7S", "AH", "7H", "AD", "9D", "AC", "JC", "9C", "7C"], "auction": ["5", "NEXT", "NEXT"],
               "talon": ["QS", "QH"], "discard": ["7S", "9D"], "trump": "C",
               "play": ["AD", "7D", "TD", "AH", "8H", "TH", "7H", "9H", "JH", "KS", "TS", "8S", "9S", "QS", "AS",
                        "KH", "QC", "QH", "JD", "7C", "8D"]}


def test_strategy_fusion_in_a_real_endgame() -> None:
    """Double-dummy, 9C makes the contract in every layout; played as one card for every layout
    no strategy after 9C makes it in all of them (the unpruned enumeration says so too), and αμ
    leads AC, where the hint without it leads a small trump (the layouts weighed alike)."""
    from meksiko_solver.cards import Card
    from meksiko_solver.hints import View, play_hint
    from itertools import combinations

    view = View.from_dict(FUSION_VIEW)
    declarer, trump = 2, int(Card("AC").suit)
    own = sum(c.mask for c in view.current_hand)
    seen = own | sum(Card(c).mask for c in FUSION_VIEW["play"] + FUSION_VIEW["discard"])
    unseen = alphamu._bits(((1 << 32) - 1) & ~seen)
    worlds = []
    for first in combinations(unseen, 3):
        a = sum(1 << c for c in first)
        worlds.append([a, sum(1 << c for c in unseen) & ~a, own])
    assert len(worlds) == 20
    leader = declarer
    nine = Card("9C").index
    assert all(_engine_values(w, declarer, leader, [], trump)[nine] >= 2 for w in worlds)
    game = Endgame(worlds, declarer, leader, [], trump)
    for front in (game.fronts()[nine], _all_vectors(game)[nine]):
        assert not any(all(t >= 2 for t in v) for v in front)

    # The worlds weighed alike, so that the example is the search's: the play model's weights
    # leave out the layouts where 9C's lines part (the default hint with αμ leads 9C here).
    plain = play_hint(view, samples=50, seed=21, inference=False)
    searched = play_hint(view, samples=50, seed=21, endgame_search=True, inference=False)
    assert plain.exhaustive and plain.worlds == 20
    assert str(plain.card) in ("9C", "JC") and str(searched.card) == "AC"
    assert searched.tie_break.startswith("declarer: the highest expected score of alpha-mu")
    assert not plain.tie_break.startswith("declarer: the highest expected score of alpha-mu")


def test_a_bad_endgame_flag_is_refused() -> None:
    from meksiko_solver.errors import MeksikoError
    from meksiko_solver.hints import play_hint

    with pytest.raises(MeksikoError, match="endgame_search must be true or false"):
        play_hint(FUSION_VIEW, samples=4, endgame_search="yes")
