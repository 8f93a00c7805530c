"""Post-game review speed, one Solver for the whole run (its table shared between the consecutive
positions of a deal, as the CLI does for a game). Targets: the double-dummy review of a full deal
of 30 cards, the bid and discard analysis included, mean <= 20 ms (one core); with the single-dummy
layer at 100 worlds a card (the hint engine, every core), mean <= 5 s a deal. Two seeded sets
(review_sets.py): 200 random-arena deals and 100 deals of mostly double-dummy-best play.
Every double-dummy answer (each card's before/after and best cards, the discard, the bid) is
compared with the stored set; the single-dummy figures (which depend on the hint engine's sampling)
are checked for consistency only."""

import statistics

import pytest

from meksiko_solver import Solver
from meksiko_solver.review import review
from review_sets import ARENA_ANSWERS, DECENT_ANSWERS, answer, arena_deals, decent_deals, load_answers
from timing import figures, per_item

SD_DEALS = 10  # deals of each set reviewed with the single-dummy layer

SETS = {
    "arena": (arena_deals, ARENA_ANSWERS, 200),
    "decent": (decent_deals, DECENT_ANSWERS, 100),
}


@pytest.mark.parametrize("name", list(SETS))
def test_review_full_deals(benchmark, name):
    make, answers_file, count = SETS[name]
    deals = make()
    answers = load_answers(answers_file)
    assert len(deals) == len(answers) == count and all(d.finished and len(d.play) == 30 for d in deals)
    solver = Solver()
    results = per_item(benchmark, lambda d: review(d, solver=solver), deals)
    for i, (r, a) in enumerate(zip(results, answers)):
        assert answer(r) == a, f"deal {i}"
    benchmark.extra_info["mistakes_mean"] = statistics.mean(len(r.mistakes) for r in results)
    benchmark.extra_info["nodes_mean"] = statistics.mean(r.nodes for r in results)
    fig = figures(benchmark)
    if fig:
        assert fig["mean_ms"] <= 20.0, fig


def test_review_single_dummy_100_worlds(benchmark):
    deals, answers = [], []
    for make, answers_file, _ in SETS.values():
        deals += make()[:SD_DEALS]
        answers += load_answers(answers_file)[:SD_DEALS]
    solver = Solver()
    results = per_item(benchmark, lambda d: review(d, single_dummy=True, samples=100, solver=solver), deals)
    for i, (r, a) in enumerate(zip(results, answers)):
        assert answer(r) == a, f"deal {i}"
        for c in r.cards:
            assert c.sd_loss >= 0 and (c.card in c.sd_best) == (c.sd_loss == 0)
            assert c.excused == (c.loss > 0 and c.sd_loss < 0.05)
    benchmark.extra_info["excused_mean"] = statistics.mean(sum(bool(c.excused) for c in r.cards) for r in results)
    benchmark.extra_info["sd_mistakes_mean"] = statistics.mean(sum(bool(c.sd_mark) for c in r.cards) for r in results)
    fig = figures(benchmark)
    if fig:
        assert fig["mean_ms"] <= 5000.0, fig
