"""Where chunks are solved: on this machine's cores, or on a Dask cluster.

Both yield ``(job, arrays)`` as chunks finish; the runner stores them and builds the same
results from them in study order, so the executor never changes an answer.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Dict, Iterable, Iterator, Sequence, Tuple

from ..extras import import_extra
from .chunks import solve_chunk
from .errors import StudyError
from .spec import ChunkJob

#: How long to wait for a scheduler before calling it unreachable.
CONNECT_TIMEOUT_S = 10
_ADDRESS = re.compile(r"^(tcp|tls|inproc|ws|wss)://\S+$")


def run_local(jobs: Iterable[ChunkJob], threads: int = 0) -> Iterator[Tuple[ChunkJob, Dict[str, Any]]]:
    """Chunk after chunk, each on every core (``threads=0``) through the engine's own threads."""
    for job in jobs:
        yield job, solve_chunk(job, threads)


def check_address(address: object) -> str:
    if not isinstance(address, str) or not _ADDRESS.match(address.strip()):
        raise StudyError(f"the scheduler address must look like tcp://HOST:PORT, not {address!r}")
    return address.strip()


def connect(address: str, timeout: float = CONNECT_TIMEOUT_S):
    """A distributed Client of the scheduler at ``address``; MissingExtraError without the cluster
    extra, StudyError if the scheduler cannot be reached."""
    address = check_address(address)
    distributed = import_extra("distributed", "cluster", "a study on a Dask cluster")
    try:
        return distributed.Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise StudyError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def run_dask(jobs: Iterable[ChunkJob], address: str, timeout: float = CONNECT_TIMEOUT_S
             ) -> Iterator[Tuple[ChunkJob, Dict[str, Any]]]:
    """Every chunk a task on the cluster at ``address``; results stream back as tasks finish.

    A task solves with one engine thread: a worker runs as many tasks at once as it has
    threads (``dask worker --nthreads``, by default its cores), each on its own core.
    """
    jobs = list(jobs)
    if not jobs:
        return
    client = connect(address, timeout)
    from distributed import as_completed  # connect() has checked that it is installed

    try:
        futures = {}
        for job in jobs:
            future = client.submit(solve_chunk, job, 1, pure=False, key=f"meksiko-study-chunk-{job.index}-{id(job)}")
            futures[future.key] = (future, job)
        for future in as_completed([f for f, _ in futures.values()], loop=client.loop):
            _, job = futures.pop(future.key)
            try:
                arrays = future.result()
            except Exception as exc:  # a worker's failure, e.g. meksiko-solver missing there
                raise StudyError(f"chunk {job.index} failed on the cluster: {type(exc).__name__}: {exc}") from None
            future.release()
            yield job, arrays
    finally:
        for future, _ in futures.values():
            future.cancel()
        client.close()


def run_dask_calls(function: Callable[..., Any], calls: Sequence[Tuple[Any, ...]], address: str, name: str,
                   timeout: float = CONNECT_TIMEOUT_S) -> Iterator[Any]:
    """``function(*args)`` for every ``args`` of ``calls``, each a task on the cluster at
    ``address``; the results in the order of ``calls`` (a result waits for those before it)."""
    if not calls:
        return
    client = connect(address, timeout)
    futures = []
    try:
        futures = [client.submit(function, *args, pure=False, key=f"{name}-{i}-{id(calls)}")
                   for i, args in enumerate(calls)]
        for i, future in enumerate(futures):
            try:
                result = future.result()
            except Exception as exc:  # a worker's failure, e.g. meksiko-solver missing there
                raise StudyError(f"{name} {i} failed on the cluster: {type(exc).__name__}: {exc}") from None
            future.release()
            yield result
    finally:
        for future in futures:
            future.cancel()
        client.close()
