"""The library under bad input: every defect of issue 15 that a call can provoke, each caught again.

Bad arguments raise a MeksikoError naming the argument (never TypeError, AttributeError,
RecursionError or OverflowError); batch calls survive a system that refuses threads; hint
budgets are checked and honoured; a checkpoint stops a review or a hint.
"""

import subprocess
import sys
import textwrap
import time

import pytest

import meksiko_solver as ms
from meksiko_solver.errors import MeksikoError, OptionError
from meksiko_solver.game import deal_cards, play_game
from meksiko_solver.hints import bid_hint, discard_hint, play_hint

SMALL = ["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"]
HAND = ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "AD", "7C", "8C"]
BID_VIEW = {"seat": 0, "dealer": 2, "hand": HAND, "auction": []}
DISCARD_VIEW = {**BID_VIEW, "auction": ["5", "NEXT", "NEXT"], "talon": ["7H", "7D"]}


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("call, words", [
    (lambda: ms.solve(SMALL, "H", 0, 0, played=None), "played"),
    (lambda: ms.solve_many([5]), "positions[0]"),
    (lambda: ms.solve_many([(SMALL, "H")]), "positions[0]"),
    (lambda: ms.solve_many(None), "positions"),
    (lambda: ms.analyze_many(5), "deals"),
    (lambda: ms.analyze_many([5]), "deals[0]"),
    (lambda: ms.Position.from_string(5), "position"),
    (lambda: ms.Card(nested(100_000)), "not a card"),
    (lambda: ms.parse_cards([nested(100_000)]), "not a card"),
    (lambda: ms.solve([nested(100_000)] * 3, "S", 0, 0), "hands[0]"),
    (lambda: ms.review("[" * 100_000), "nested too deeply"),
    (lambda: ms.solve(SMALL, "S", 0, 0, card_values="x"), "card_values"),
    (lambda: ms.solve_many([(SMALL, "S", 0, 0)], card_values="x"), "card_values"),
    (lambda: ms.solve_many([(SMALL, "S", 0, 0)], threads=2**31), "threads"),
    (lambda: ms.solve_many([(SMALL, "S", 0, 0)], threads=500), "threads"),
    (lambda: ms.analyze_many([deal_cards(1)], threads=2**31), "threads"),
])
def test_bad_arguments_raise_a_meksiko_error_naming_them(call, words):
    with pytest.raises(MeksikoError) as err:
        call()
    assert words in str(err.value)
    assert len(str(err.value)) < 400  # a deeply nested or huge value is quoted short


def test_generators_of_played_cards_still_work():
    assert ms.solve(["AK.-.-.-", "QJ.-.-.-", "T.-.-.-"], "S", 0, 2, played=(c for c in ["9S"])).tricks == 2


BATCH_UNDER_A_MEMORY_LIMIT = textwrap.dedent("""
    import resource
    import meksiko_solver as ms
    from meksiko_solver.game import deal_cards
    hands, talon = deal_cards(1)
    want = ms.solve(hands, "S", 0, 0, card_values=False).tricks
    best = ms.analyze_declarer(hands, talon, 0).best
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # too little for 256 thread stacks
    got = ms.solve_many([(hands, "S", 0, 0)] * 300, threads=ms.solver.MAX_THREADS)
    assert {r.tricks for r in got} == {want}, got
    got = ms.analyze_many([(hands, talon)] * 60, declarer=0, threads=200)
    assert all(a.best == best for a in got)
    print("ok")
""")


def test_batches_survive_a_system_that_refuses_threads():
    # before: "terminate called without an active exception" and the interpreter aborted
    done = subprocess.run([sys.executable, "-c", BATCH_UNDER_A_MEMORY_LIMIT], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


@pytest.mark.parametrize("hint, view", [(bid_hint, BID_VIEW), (discard_hint, DISCARD_VIEW)])
@pytest.mark.parametrize("budget", [float("inf"), 10**400, float("nan"), -1.0, True, "50"])
def test_a_bad_time_budget_is_an_option_error(hint, view, budget):
    with pytest.raises(OptionError, match="time budget"):
        hint(view, samples=4, time_budget_ms=budget)


@pytest.mark.parametrize("samples", [2**64, 10**9 + 1, 0, 1.5])
def test_samples_are_bounded(samples):
    with pytest.raises(OptionError, match="samples"):
        bid_hint(BID_VIEW, samples=samples)


@pytest.mark.parametrize("samples", [100_000, 10**9])
def test_the_discard_hint_keeps_to_its_budget_with_many_samples(samples):
    # before: every requested world was drawn first (1.7 s at 100 000 samples, > 30 s and 1.2 GB at 10**9)
    start = time.perf_counter()
    hint = discard_hint(DISCARD_VIEW, samples=samples, time_budget_ms=50)
    assert time.perf_counter() - start < 1.0
    assert 1 <= hint.worlds < 10_000 and hint.samples == samples


def test_a_checkpoint_stops_a_hint_and_a_review():
    class Stop(Exception):
        pass

    calls = []

    def checkpoint():
        calls.append(1)
        if len(calls) > 2:
            raise Stop

    with pytest.raises(Stop):
        bid_hint(BID_VIEW, samples=400, checkpoint=checkpoint)
    record = play_game(seed=3, max_deals=1).deals[0]
    calls.clear()
    with pytest.raises(Stop):
        ms.review(record, checkpoint=checkpoint)
    calls.clear()
    with pytest.raises(Stop):
        ms.review(record, single_dummy=True, samples=20, checkpoint=checkpoint)


def test_a_checkpoint_that_never_stops_changes_nothing():
    record = play_game(seed=3, max_deals=1).deals[0]
    assert ms.review(record, checkpoint=lambda: None).to_dict() == ms.review(record).to_dict()
    view = {**DISCARD_VIEW}
    assert (discard_hint(view, samples=30, checkpoint=lambda: None).to_dict()
            == discard_hint(view, samples=30).to_dict())
