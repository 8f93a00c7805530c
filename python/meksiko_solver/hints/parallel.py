"""Calls of one function run here, in worker processes or on a Dask cluster, with the results in
the order of the calls: the arenas' way to use more cores without changing a result.

Every call must draw only from its own arguments (a seed and an index), so that where it runs
does not matter. The worker processes are the package's (``process_pool``): plain subprocesses,
not forks (a fork of a process that holds the engine's threads or a server's event loop is not
safe), that import the function's module rather than the caller's main script, so a script
needs no ``if __name__ == "__main__":`` guard.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional, Sequence, Tuple

from ..errors import OptionError
from ..process_pool import process_pool
from ..studies.executors import run_dask_calls


def check_workers(workers: object) -> int:
    """The number of processes that play: a whole number from 1 up."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise OptionError(f"workers must be a whole number of processes, at least 1, not {workers!r}")
    return workers


def ordered_calls(function: Callable[..., Any], calls: Sequence[Tuple[Any, ...]], workers: int = 1,
                  scheduler: Optional[str] = None, name: str = "call") -> Iterator[Any]:
    """``function(*args)`` for every ``args`` of ``calls``, in order: here (``workers`` 1), in
    ``workers`` processes, or as tasks on the Dask scheduler at ``scheduler``. ``function`` must
    be importable by its module and name (no lambda); an exception it raises in a worker is
    raised here, of the same type and message."""
    if scheduler is not None:
        yield from run_dask_calls(function, calls, scheduler, name)
    elif workers == 1 or len(calls) <= 1:
        for args in calls:
            yield function(*args)
    else:
        yield from process_pool(workers).imap(function, calls)
