"""Run a function once per item under pytest-benchmark and report per-item figures."""

from __future__ import annotations

import gc
import statistics


def per_item(benchmark, fn, items: list) -> list:
    """fn(item) for every item, each call one benchmark round; the results in order.

    With --benchmark-disable every item still runs (so answers are checked), untimed.
    """
    results: list = []
    if benchmark.disabled:  # one call through the fixture, the rest directly
        benchmark.pedantic(lambda: results.append(fn(items[0])), rounds=1)
        return results + [fn(item) for item in items[1:]]
    feed = iter(items)
    # From a collected heap: a full collection owed to the session's earlier benchmarks otherwise
    # lands in one item's round (40-70 ms in one review of a hundred, docs/engine.md, twenty-sixth round).
    gc.collect()
    benchmark.pedantic(
        lambda item: results.append(fn(item)),
        setup=lambda: ((next(feed),), {}),
        rounds=len(items),
        iterations=1,
    )
    return results


def figures(benchmark) -> dict:
    """mean, median, p99 and max of the rounds, in milliseconds (None when disabled)."""
    if benchmark.disabled:
        return {}
    data = sorted(benchmark.stats.stats.data)
    fig = {
        "mean_ms": 1e3 * statistics.mean(data),
        "median_ms": 1e3 * statistics.median(data),
        "p99_ms": 1e3 * data[min(len(data) - 1, int(0.99 * len(data)))],
        "max_ms": 1e3 * data[-1],
    }
    benchmark.extra_info.update({k: round(v, 4) for k, v in fig.items()})
    return fig
