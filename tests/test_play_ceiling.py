"""tools/play_ceiling.py: the peeking seat plays on the real cards, and the rest is the duplicate arena."""

import json

import pytest

from meksiko_solver import engine
from meksiko_solver.hints import play as play_module
from meksiko_solver.hints.duplicate import play_duplicate_deal, recorded_world, seat_deal
from meksiko_solver.hints.play import play_hint
from project_scripts import load_script

ceiling = load_script("play_ceiling")
A, B, SAMPLES, SEED = "hint", "hint-uniform", 6, 31


def test_the_peeking_seat_plays_on_the_real_world_and_the_base_game_is_the_arenas(monkeypatch):
    """The base game is the duplicate arena's. Every card the peeking seat chooses with a choice is
    the play hint's on one world, the real layout at that moment (taken from the finished record,
    not from the tool's table); as declarer it is a double-dummy best card of the real position.
    The seat-deals are A's game against the base game."""
    asked, peeked = [], []
    peek, peeking = ceiling.Peeking.__call__, ceiling.peeking

    def spy(self, sv):
        card = peek(self, sv)
        if sv.phase == ceiling.Phase.PLAY and len(sv.legal_cards) > 1:
            asked.append((ceiling.View.from_seat_view(sv), card, peeked.pop()))
        return card

    def seen(world):
        peeked.append(world)
        return peeking(world)

    monkeypatch.setattr(ceiling.Peeking, "__call__", spy)
    monkeypatch.setattr(ceiling, "peeking", seen)
    declarer_cards = defender_cards = 0
    for i in range(2):
        base = ceiling.ceiling_game(i, A, B, SAMPLES, SEED, None)
        assert base == play_duplicate_deal(i, A, B, SAMPLES, SEED, "mexico-club", "easy").played[0].record
        asked.clear()
        seat_deals = ceiling.play_ceiling_deal(i, A, B, SAMPLES, SEED)
        asked.clear()
        for k in range(3):
            record = ceiling.ceiling_game(i, A, B, SAMPLES, SEED, k)
            assert seat_deals[k] == ("declarer" if record.declarer == k else "defender",
                                     seat_deal(record.scores, base.scores, k))
            for view, card, used in asked:
                layout = view.layout()
                world = recorded_world(record, view, layout)
                assert used == world
                with peeking(world):
                    assert play_hint(view, 1, 0, inference=False).card == card
                if view.seat == view.declarer:
                    hands = view.world_hands(layout, world)
                    r = engine.solve_batch([(hands, int(view.trump), view.declarer, view.leader,
                                             [c.index for c in view.trick])], True)[0]
                    assert dict(r.card_values)[card.index] == max(v for _, v in r.card_values)
                    declarer_cards += 1
                else:
                    defender_cards += 1
            asked.clear()
    assert declarer_cards >= 3 and defender_cards >= 3
    assert play_module.draw.__name__ == "draw"  # put back after peeking


def test_the_summary_is_the_arenas_over_the_seat_deals(capsys):
    summary = ceiling.main(["--deals", "2", "--seed", "5", "--samples", "4"])
    per_deal = [[(role, tuple(values)) for role, *values in deal] for deal in summary["seat_deals"]]
    assert per_deal == [ceiling.play_ceiling_deal(i, A, B, 4, 5) for i in range(2)]
    assert summary["paired_difference"] == ceiling.differences(per_deal)["paired_difference"]
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(summary))


@pytest.mark.parametrize("policies, message", [("baseline,hint-uniform", "A must be a hint policy, not 'baseline'"),
                                               ("hint,nope", "unknown policy 'nope'"),
                                               ("hint", "compares two policies A,B, not 1")])
def test_bad_policies_exit_with_status_2_and_a_message(policies, message, capsys):
    with pytest.raises(SystemExit) as exc:
        ceiling.main(["--deals", "1", "--seed", "1", "--policies", policies])
    assert exc.value.code == 2 and message in capsys.readouterr().err
