"""Checks of the option values every entry point shares: samples, seed, threads, table size,
time budget, yes/no flags and batch arguments. Each failure is an
:class:`~meksiko_solver.errors.OptionError` naming the value (cut short when long).

>>> check_samples(200), check_threads(0)
(200, 0)
>>> check_samples(0)
Traceback (most recent call last):
...
meksiko_solver.errors.OptionError: samples must be a positive whole number up to 1000000000, not 0
"""

from __future__ import annotations

import numbers
from typing import Any, List, Optional

from .engine import MAX_THREADS
from .errors import OptionError, shown

MAX_TABLE_MB = 4096
MAX_SAMPLES = 10**9  # worlds one request may ask for (a time budget bounds what is solved)
MAX_TIME_BUDGET_MS = 10**9  # about eleven days: any finite budget a caller means


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_samples(samples: object, what: str = "samples") -> int:
    """A positive number of sampled worlds (or deals), up to MAX_SAMPLES."""
    if not _whole(samples) or not 1 <= samples <= MAX_SAMPLES:  # type: ignore[operator]
        raise OptionError(f"{what} must be a positive whole number up to {MAX_SAMPLES}, not {shown(samples)}")
    return samples  # type: ignore[return-value]


def check_seed(seed: object, what: str = "seed") -> int:
    """A whole-number seed (any sign)."""
    if not _whole(seed):
        raise OptionError(f"{what} must be a whole number, not {shown(seed)}")
    return seed  # type: ignore[return-value]


def check_threads(threads: object) -> int:
    """Worker threads of a batch call: 0 for every core, else a count up to MAX_THREADS."""
    if not _whole(threads) or not 0 <= threads <= MAX_THREADS:  # type: ignore[operator]
        raise OptionError(f"threads must be 0 (every core) or a whole number up to {MAX_THREADS}, "
                          f"not {shown(threads)}")
    return threads  # type: ignore[return-value]


def check_table_mb(table_mb: object) -> int:
    """A transposition table size in MiB, 1 to 4096."""
    if not _whole(table_mb) or not 1 <= table_mb <= MAX_TABLE_MB:  # type: ignore[operator]
        raise OptionError(f"table_mb must be an integer from 1 to {MAX_TABLE_MB}, not {shown(table_mb)}")
    return table_mb  # type: ignore[return-value]


def check_time_budget(ms: object) -> Optional[float]:
    """A time budget in milliseconds (a positive number up to MAX_TIME_BUDGET_MS), or None for
    no limit. NaN fails both comparisons; a huge int is compared exactly (no OverflowError)."""
    if ms is not None and (isinstance(ms, bool) or not isinstance(ms, (int, float))
                           or not 0 < ms <= MAX_TIME_BUDGET_MS):
        raise OptionError(f"time budget must be a positive number of milliseconds up to {MAX_TIME_BUDGET_MS}, "
                          f"not {shown(ms)}")
    return ms


def check_flag(value: object, name: str) -> bool:
    """A yes/no option: True, False, 1, 0 (or a numpy bool)."""
    if type(value) is bool:  # the common case, without the checks below (a solve's hot path)
        return value
    numpy_bool = getattr(value, "dtype", None) is not None and value.dtype.kind == "b" and value.shape == ()  # type: ignore[attr-defined]
    if isinstance(value, numbers.Integral) and value in (0, 1) or numpy_bool:
        return bool(value)
    raise OptionError(f"{name} must be true or false, not {shown(value)}")


def as_sequence(items: object, name: str) -> List[Any]:
    """The items of a batch argument (a list, tuple or other iterable, not a string or a mapping)."""
    if isinstance(items, (str, bytes, dict)) or not hasattr(items, "__iter__"):
        raise OptionError(f"{name} must be a list, not {shown(items)}")
    return list(items)
