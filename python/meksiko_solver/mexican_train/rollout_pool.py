"""Worker subprocesses that play the hints' rollouts on every core.

Each worker is ``sys.executable -m meksiko_solver.mexican_train.rollout_worker``, a plain
subprocess talking over its pipes: it imports this package only, never the caller's main
module, so a script that asks for a hint needs no ``if __name__ == "__main__":`` guard (the
``spawn`` and ``forkserver`` start methods re-import the main module), and no multiprocessing
helper (forkserver, resource tracker) is left behind. A worker ends at the end of its input:
when the pool is closed or the calling process ends, however it ends.

``RolloutPool.run`` hands the calls one at a time to whichever worker is free and returns the
answers in the calls' order, so where a call ran never changes a result. Its ``checkpoint``
is called while it waits; when it raises (or anything else interrupts the wait) the workers
still busy are killed, so no work goes on for a caller that has stopped, and replaced at the
next run.
"""

from __future__ import annotations

import atexit
import os
import pickle
import selectors
import subprocess
import sys
import threading
from collections import deque
from pathlib import Path
from typing import Any, Callable, Deque, Dict, List, Optional, Sequence, Tuple

WORKER_MODULE = "meksiko_solver.mexican_train.rollout_worker"
POLL_S = 0.02       # how often a wait calls its checkpoint
CLOSE_WAIT_S = 5.0  # a closed worker's time to end before it is killed

#: A frame: an 8-byte little-endian length and that many bytes of pickle. The pipes join a
#: process to the workers it started, nothing else: pickle trusts its input as the caller itself.
HEADER = 8


def encode(value: Any) -> bytes:
    data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(HEADER, "little") + data


def frame_size(header: bytes) -> int:
    return int.from_bytes(header, "little")


class RolloutWorkerError(RuntimeError):
    """A worker process ended without answering (killed from outside, out of memory)."""


def _package_root() -> str:
    import meksiko_solver

    return str(Path(meksiko_solver.__file__).resolve().parent.parent)


class _Worker:
    def __init__(self) -> None:
        if not sys.executable:
            raise RolloutWorkerError("this interpreter does not know its own executable (sys.executable is empty): "
                                     "use workers=1")
        root = _package_root()
        env = dict(os.environ)
        # the package from where this process has it (also a checkout that is not installed)
        paths = [root] + [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
        env["PYTHONPATH"] = os.pathsep.join(paths)
        self.process = subprocess.Popen([sys.executable, "-m", WORKER_MODULE], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, cwd=root, env=env, bufsize=0)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin = self.process.stdin
        self.fd = self.process.stdout.fileno()
        self.buffer = bytearray()

    def send(self, data: bytes) -> None:
        view = memoryview(data)
        try:
            while view:
                written = self.stdin.write(view)
                view = view[written or 0:]
        except BrokenPipeError:
            code = self.process.wait()
            raise RolloutWorkerError(f"rollout worker {self.process.pid} has ended (exit code {code})") from None

    def receive(self) -> Optional[bytes]:
        """Read what is ready; a whole answer's bytes once it has come."""
        chunk = os.read(self.fd, 1 << 16)
        if not chunk:
            code = self.process.wait()
            raise RolloutWorkerError(f"rollout worker {self.process.pid} ended without answering (exit code {code})")
        self.buffer += chunk
        if len(self.buffer) < HEADER:
            return None
        size = frame_size(bytes(self.buffer[:HEADER]))
        if len(self.buffer) < HEADER + size:
            return None
        body = bytes(self.buffer[HEADER:HEADER + size])
        del self.buffer[:HEADER + size]
        return body

    def close(self) -> None:
        """End of input: the worker ends (killed if it has not within CLOSE_WAIT_S)."""
        try:
            self.stdin.close()
        except OSError:
            pass
        try:
            self.process.wait(CLOSE_WAIT_S)
        except subprocess.TimeoutExpired:
            self.kill()
        if self.process.stdout is not None:
            self.process.stdout.close()

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        for stream in (self.stdin, self.process.stdout):
            if stream is not None:
                stream.close()

    def forget(self) -> None:
        """In a forked child: drop this process's copies of the pipes, leave the worker alone."""
        for stream in (self.stdin, self.process.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass


class RolloutPool:
    """``workers`` worker processes, started at the first run and kept for the next ones.
    Runs from several threads take turns (one run at a time)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._workers: List[_Worker] = []
        self._lock = threading.Lock()

    def run(self, function: Callable[..., Any], calls: Sequence[Tuple[Any, ...]],
            checkpoint: Optional[Callable[[], None]] = None) -> List[Any]:
        """``[function(*args) for args in calls]``, played by the workers. ``function``: a
        module-level function of this package (the workers import it by name)."""
        with self._lock:
            while len(self._workers) < self.workers:
                self._workers.append(_Worker())
            results: List[Any] = [None] * len(calls)
            todo: Deque[int] = deque(range(len(calls)))
            busy: Dict[int, Tuple[_Worker, int]] = {}
            selector = selectors.DefaultSelector()

            def hand_out(worker: _Worker) -> None:
                index = todo.popleft()
                worker.send(encode((function, tuple(calls[index]))))
                busy[worker.fd] = (worker, index)
                selector.register(worker.fd, selectors.EVENT_READ)

            try:
                for worker in self._workers:
                    if todo:
                        hand_out(worker)
                while busy:
                    if checkpoint is not None:
                        checkpoint()
                    for key, _ in selector.select(POLL_S):
                        worker, index = busy[key.fd]
                        body = worker.receive()
                        if body is None:
                            continue
                        selector.unregister(key.fd)
                        del busy[key.fd]
                        ok, value = pickle.loads(body)
                        if not ok:
                            raise value
                        results[index] = value
                        if todo:
                            hand_out(worker)
            except BaseException:
                # the caller stops (its checkpoint, an error, Ctrl-C): no worker goes on for it
                for worker, _ in busy.values():
                    worker.kill()
                for worker in self._workers:
                    if worker.process.poll() is not None:  # also one that died as it was sent work
                        worker.kill()
                self._workers = [w for w in self._workers if w.process.returncode is None]
                raise
            finally:
                selector.close()
            return results

    def close(self) -> None:
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            worker.close()

    def _forget(self) -> None:
        for worker in self._workers:
            worker.forget()
        self._workers = []
        self._lock = threading.Lock()


_POOLS_LOCK = threading.Lock()
_POOLS: Dict[int, RolloutPool] = {}


def rollout_pool(workers: int) -> RolloutPool:
    """The pool of ``workers`` processes, kept for the next hints."""
    with _POOLS_LOCK:
        if workers not in _POOLS:
            _POOLS[workers] = RolloutPool(workers)
        return _POOLS[workers]


def close_pools() -> None:
    """End every pool's workers (and wait for them): a service's shutdown, or the process's exit."""
    with _POOLS_LOCK:
        pools = list(_POOLS.values())
        _POOLS.clear()
    for pool in pools:
        pool.close()


def _after_fork_in_child() -> None:
    # a forked child must not hold the parent's pipes open: its workers would never see their end
    global _POOLS_LOCK
    _POOLS_LOCK = threading.Lock()
    for pool in _POOLS.values():
        pool._forget()
    _POOLS.clear()


atexit.register(close_pools)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)
