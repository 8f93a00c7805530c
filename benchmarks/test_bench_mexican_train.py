"""Mexican Train: the opening optimiser over 1000 fixed 15-tile hands (target: every hand under
10 ms) and the play hint at 100 worlds for 4 players at a round's start (target: <= 1 s a view).

Each hand's time for the target is the best of three calls, so that a pause of the shared
machine's scheduler is not taken for the optimiser's; the benchmark's own rounds are the
plain first calls. The hint's worker processes are started (once, as the service does)
before the timed views. Every answer is compared with the stored ones (mexican_train_sets.py).
"""

import time

from mexican_train_sets import HINT_WORLDS, answers, hint_views, opening_hands
from meksiko_solver.mexican_train import best_opening, train_hint
from timing import figures, per_item

ANSWERS = answers()
MAX_OPENING_MS = 10.0
MAX_HINT_S = 1.0


def test_opening_optimiser_speed(benchmark):
    hands = opening_hands()
    results = per_item(benchmark, lambda item: best_opening(item[0], item[1]), hands)
    assert [[str(x.tile) for x in r.train] for r in results] == ANSWERS["openings"]
    for r, (hand, engine) in zip(results, hands):
        assert all(link.tile.has(link.joins) for link in r.train) and (not r.train or r.train[0].joins == engine)
    if benchmark.disabled:
        return
    best_of_3 = []
    for hand, engine in hands:
        runs = []
        for _ in range(3):
            t0 = time.perf_counter()
            best_opening(hand, engine)
            runs.append(time.perf_counter() - t0)
        best_of_3.append(1000 * min(runs))
    fig = figures(benchmark)
    benchmark.extra_info["best_of_3_max_ms"] = round(max(best_of_3), 4)
    benchmark.extra_info["best_of_3_mean_ms"] = round(sum(best_of_3) / len(best_of_3), 4)
    assert max(best_of_3) < MAX_OPENING_MS, (max(best_of_3), fig)


def test_hint_speed_at_a_round_start(benchmark):
    views = hint_views()
    train_hint(views[0], worlds=HINT_WORLDS, seed=0)  # starts the worker processes, kept for later hints
    results = per_item(benchmark, lambda v: train_hint(v, worlds=HINT_WORLDS, seed=0), views)
    assert [h.move.to_dict() for h in results] == ANSWERS["hints"]
    assert all(h.worlds == HINT_WORLDS for h in results)
    fig = figures(benchmark)
    if fig:
        assert fig["mean_ms"] <= 1000 * MAX_HINT_S, fig
