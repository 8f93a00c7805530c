"""Checks of the option values every entry point shares: samples, seed, threads, table size and
time budget. Each failure is an :class:`~meksiko_solver.errors.OptionError` naming the value.

>>> check_samples(200), check_threads(0)
(200, 0)
>>> check_samples(0)
Traceback (most recent call last):
...
meksiko_solver.errors.OptionError: samples must be a positive whole number, not 0
"""

from __future__ import annotations

from typing import Optional

from .errors import OptionError

MAX_TABLE_MB = 4096


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_samples(samples: object, what: str = "samples") -> int:
    """A positive number of sampled worlds."""
    if not _whole(samples) or samples < 1:  # type: ignore[operator]
        raise OptionError(f"{what} must be a positive whole number, not {samples!r}")
    return samples  # type: ignore[return-value]


def check_seed(seed: object, what: str = "seed") -> int:
    """A whole-number seed (any sign)."""
    if not _whole(seed):
        raise OptionError(f"{what} must be a whole number, not {seed!r}")
    return seed  # type: ignore[return-value]


def check_threads(threads: object) -> int:
    """Worker threads: 0 for every core, else a positive count."""
    if not _whole(threads) or threads < 0:  # type: ignore[operator]
        raise OptionError(f"threads must be 0 (every core) or a positive number, not {threads!r}")
    return threads  # type: ignore[return-value]


def check_table_mb(table_mb: object) -> int:
    """A transposition table size in MiB, 1 to 4096."""
    if not _whole(table_mb) or not 1 <= table_mb <= MAX_TABLE_MB:  # type: ignore[operator]
        raise OptionError(f"table_mb must be an integer from 1 to {MAX_TABLE_MB}, not {table_mb!r}")
    return table_mb  # type: ignore[return-value]


def check_time_budget(ms: object) -> Optional[float]:
    """A time budget in milliseconds (a positive number), or None for no limit."""
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float)) or not ms > 0):
        raise OptionError(f"time budget must be a positive number of milliseconds, not {ms!r}")
    return ms  # type: ignore[return-value]
