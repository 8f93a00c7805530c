"""Several Python threads solving at once get the answers one thread gets."""

import random
import threading
import time

import meksiko_solver as ms
from meksiko_solver.cards import DECK, Hand, cards_to_mask


def random_deals(count, seed):
    rng = random.Random(seed)
    deals = []
    for i in range(count):
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [Hand(cards[10 * k : 10 * k + 10]) for k in range(3)]
        deals.append((hands, "SHDCN"[i % 5], i % 3))
    return deals


def test_threads_agree_with_one_thread():
    deals = random_deals(40, seed=5)
    expected = [ms.Solver().solve(h, t, d, d).card_tricks for h, t, d in deals]
    results = {}
    errors = []

    def work(worker):
        try:
            # Each thread walks the deals in its own order through the shared solve().
            order = list(range(len(deals)))
            random.Random(worker).shuffle(order)
            for i in order:
                h, t, d = deals[i]
                results[(worker, i)] = ms.solve(h, t, d, d).card_tricks
        except Exception as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 4 * len(deals)
    for (worker, i), card_tricks in results.items():
        assert card_tricks == expected[i], (worker, i)


def test_gil_is_released_during_search():
    """While one thread is inside a long engine call (a declarer analysis, milliseconds), another
    thread keeps running Python code: some of its ticks fall strictly inside the calls. A call that
    held the GIL would let no tick be taken while it ran, however fast the machine."""
    rng = random.Random(9)
    deals = []
    for _ in range(40):
        cards = list(DECK)
        rng.shuffle(cards)
        deals.append(([cards_to_mask(cards[10 * k:10 * k + 10]) for k in range(3)], cards_to_mask(cards[30:]), 0))
    calls, ticks = [], []
    done = threading.Event()

    def solver_thread():
        s = ms.Solver()
        for deal in deals:
            start = time.perf_counter()
            s.analyze_deal(deal, 0)
            calls.append((start, time.perf_counter()))
        done.set()

    def ticker():
        while not done.is_set():
            ticks.append(time.perf_counter())
            done.wait(0.0002)

    a, b = threading.Thread(target=solver_thread), threading.Thread(target=ticker)
    b.start()
    a.start()
    a.join()
    b.join()
    inside = sum(1 for t in ticks for start, end in calls if start < t < end)
    assert inside > 5, (inside, len(ticks), sum(end - start for start, end in calls))
