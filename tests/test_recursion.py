"""One level of recursion for the declarer's close cards (hints/recursion.py)."""

import pytest

from meksiko_solver import engine
from meksiko_solver.cards import cards_to_mask
from meksiko_solver.errors import MeksikoError
from meksiko_solver.hints import play_hint
from meksiko_solver.hints import recursion
from meksiko_solver.hints.duplicate import make_policy
from meksiko_solver.hints.outcome import Scorer
from meksiko_solver.hints.play import DEEPER_FIRST
from test_sampling import GAME, views_of


def seat_views(declaring=True):
    """The views of the seat to play (the declarer's, or a defender's) at his turns with a choice
    in the seeded game's numeric deals."""
    out = []
    for record in GAME.deals:
        if record.contract == "M":
            continue
        for upto in range(0, 27):
            view = next(x for x in views_of(record, upto) if x.to_move == x.seat)
            if (view.seat == view.declarer) == declaring and len(view.legal_cards) > 1:
                out.append(view)
    return out


def double_dummy_answers(view, now):
    """An answer function for ``recursion._answer``: each seat's double-dummy best card for his
    side in the world whose hands are ``now`` at ``view``."""
    def answer(answering, seed):
        later = answering.play[len(view.play):]
        hands = [now[s] & ~cards_to_mask(c for c in later if c in answering.played_by(s)) for s in range(3)]
        r = engine.solve_batch([(hands, int(view.trump), view.declarer, answering.leader,
                                 [c.index for c in answering.trick])], True)[0]
        pick = max if answering.seat == view.declarer else min
        card, _ = pick(r.card_values, key=lambda cv: cv[1])
        return next(c for c in answering.legal_cards if c.index == card)
    return answer


def test_with_double_dummy_answers_the_recursion_is_pimc(monkeypatch):
    """The other seats answering double-dummy (each the best card for his side in the world) give
    each card its double-dummy value: the played-out positions and the tricks counted on the way
    are right, for the declarer and for a defender."""
    checked = 0
    for view, world_seed in ((v, s) for role in (True, False) for v in seat_views(role) for s in (5, 6)):
        layout = view.layout()
        world = next(iter(layout.sample(1, world_seed)))
        now = view.world_hands(layout, world)
        monkeypatch.setattr(recursion, "_answer", double_dummy_answers(view, now))
        scorer = Scorer(view.profile, view.scoring, view.seat, view.contract, view.declarer, view.totals)
        r = engine.solve_batch([(now, int(view.trump), view.declarer, view.leader, [c.index for c in view.trick])], True)[0]
        before = view.tricks_won[view.declarer]
        for card, value in r.card_values:
            card = next(c for c in view.legal_cards if c.index == card)
            position, taken = recursion._played_out(view, now, view.world_deal(layout, world), card, 0)
            rest = engine.solve_batch([position])[0].tricks if any(position[0]) else 0
            assert before + taken[view.declarer] + rest == before + value
            assert not any(position[0]) or (position[3] + len(position[4])) % 3 == view.seat  # his turn again
        deeper = recursion.deeper_values(view, layout, [world], [1.0], list(view.legal_cards), scorer, 0)
        if view.seat == view.declarer:
            assert deeper == {card: float(scorer.score(before + value)) for card, value in r.card_values}
        else:  # each played-out position valued one solve at a time: his and his partner's sure tricks theirs
            partner = 3 - view.seat - view.declarer
            for partner_search in (True, False):
                expected = {}
                for card in view.legal_cards:
                    position, taken = recursion._played_out(view, now, view.world_deal(layout, world), card, 0)
                    won = [view.tricks_won[s] + taken[s] for s in range(3)]

                    def alone(seat):
                        return engine.solve_batch([(*position[:2], seat, *position[3:])])[0].tricks if any(position[0]) else 0
                    total = won[view.declarer] + alone(view.declarer)
                    mine = alone(view.seat)
                    theirs = alone(partner) if partner_search else 0
                    assert mine + theirs <= 10 - total - won[view.seat] - won[partner]
                    expected[card.index] = scorer.defender_standing(total, won[view.seat] + mine, won[partner] + theirs)
                assert recursion.deeper_values(view, layout, [world], [1.0], list(view.legal_cards), scorer, 0,
                                               partner_search) == pytest.approx(expected)
        checked += 1
    assert checked >= 60


def test_the_recursion_reorders_only_its_two_cards_and_reports_them():
    ran = 0
    for view in seat_views(True)[:30] + seat_views(False)[:30]:
        plain = play_hint(view, samples=20, seed=3)
        deep = play_hint(view, samples=20, seed=3, recursion=True)
        if not deep.deeper:
            assert deep.to_dict() == plain.to_dict()
            continue
        ran += 1
        pair = [str(o.card) for o in plain.options if str(o.card) in deep.deeper]
        assert len(deep.deeper) == 2 and str(plain.card) in deep.deeper
        assert str(deep.card) == max(pair, key=lambda c: (deep.deeper[c], c == str(plain.card)))
        assert deep.tie_break.startswith(DEEPER_FIRST) and "deeper" in deep.to_dict()
        assert sorted(str(o.card) for o in deep.options) == sorted(str(o.card) for o in plain.options)
        top = next(o for o in plain.options if str(o.card) in pair and str(o.card) != str(plain.card))
        if view.seat == view.declarer:
            assert plain.options[0].score - top.score < recursion.CLOSE
        else:
            assert plain.options[0].standing - top.standing < recursion.CLOSE
    assert ran >= 6


def test_the_recursion_needs_the_standing_and_own_search_and_is_checked():
    view = next(v for v in seat_views(False) if play_hint(v, samples=10, seed=0, recursion=True).deeper)
    for options in ({"standing": False}, {"own_search": False}):
        assert not play_hint(view, samples=10, seed=0, recursion=True, **options).deeper
    with pytest.raises(MeksikoError, match="recursion"):
        play_hint(view, samples=10, seed=0, recursion="yes")
    assert make_policy("hint-recursion", 8, 0).recursion
    assert not make_policy("hint", 8, 0).recursion
    assert not make_policy("hint-v1", 8, 0).recursion and not make_policy("hint-uniform", 8, 0).recursion
