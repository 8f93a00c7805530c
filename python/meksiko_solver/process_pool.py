"""Worker subprocesses that run calls of a module-level function on every core, with the
results in the calls' order (the arenas' duplicate and match duplicate, the equity tools, the
Mexican Train hints' rollouts).

Each worker is ``sys.executable -m meksiko_solver.process_worker``, a plain subprocess talking
over its pipes. It imports what the calls name (their function and arguments, by module and
name, with the caller's ``sys.path``), never the caller's main script unless a call names
something defined there: so a script that only calls the package needs no
``if __name__ == "__main__":`` guard (the ``spawn`` and ``forkserver`` start methods re-import
the main module), and no multiprocessing helper (forkserver, resource tracker) is left behind.
A worker ends at the end of its input: when the pool is closed or the calling process ends,
however it ends.

``ProcessPool.imap`` hands the calls one at a time to whichever worker is free and yields the
answers in the calls' order, so where a call ran never changes a result. A call that raises in
a worker raises the same exception (type, arguments, attributes) in the caller, with the
worker's traceback as its cause. A ``checkpoint`` is called while the pool waits; when it raises
(or anything else stops the caller) the workers still busy are killed, so no work goes on for a
caller that has stopped, and replaced at the next run.

No ``selectors``: Windows cannot wait on pipes with them. One reader thread per worker puts each
answer on the pool's queue, the same on every platform.
"""

from __future__ import annotations

import atexit
import io
import os
import pickle
import queue
import subprocess
import sys
import threading
from collections import deque
from pathlib import Path
from typing import IO, Any, Callable, Deque, Dict, Iterator, List, Optional, Sequence, Tuple

WORKER_MODULE = "meksiko_solver.process_worker"
POLL_S = 0.02       # how often a wait calls its checkpoint
CLOSE_WAIT_S = 5.0  # a closed worker's time to end before it is killed
#: The name a worker gives the caller's main script when a call needs something defined there.
MAIN_ALIAS = "__mp_main__"

#: A frame: an 8-byte little-endian length and that many bytes of pickle. The pipes join a
#: process to the workers it started, nothing else: pickle trusts its input as the caller itself.
HEADER = 8


def encode(value: Any) -> bytes:
    data = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(HEADER, "little") + data


def read_exact(stream: IO[bytes], size: int) -> Optional[bytes]:
    """``size`` bytes, or None at the end of the input."""
    chunks, left = [], size
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_frame(stream: IO[bytes]) -> Optional[bytes]:
    """The next frame's pickle, or None at the end of the input."""
    header = read_exact(stream, HEADER)
    return None if header is None else read_exact(stream, int.from_bytes(header, "little"))


class WorkerProcessError(RuntimeError):
    """A worker process that could not start or ended without answering (killed from outside,
    out of memory), or a call the workers cannot make."""


class WorkerTraceback(Exception):
    """The traceback of an exception raised in a worker: the cause of the one raised here."""

    def __str__(self) -> str:
        return str(self.args[0])


def pack_exception(exc: BaseException) -> Tuple[Any, ...]:
    """An exception as a worker sends it: its class, arguments, attributes and traceback text.
    Rebuilt without calling ``__init__`` (an error whose ``__init__`` takes other arguments than
    its ``args`` cannot be unpickled the usual way); a class the caller could not rebuild is sent
    as a RuntimeError with its name and message."""
    import traceback

    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    state: Tuple[Any, ...] = (type(exc), exc.args, dict(getattr(exc, "__dict__", {})))
    try:
        pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    except Exception:
        state = (RuntimeError, (f"{type(exc).__name__}: {exc}",), {})
    return state + (text,)


def rebuild_exception(packed: Tuple[Any, ...]) -> BaseException:
    cls, args, attrs, text = packed
    try:
        exc = cls.__new__(cls, *args)
        exc.args = args
        exc.__dict__.update(attrs)
    except Exception:
        exc = RuntimeError(f"{getattr(cls, '__name__', cls)}: {args}")
    exc.__cause__ = WorkerTraceback(text)
    return exc


class _AnswerUnpickler(pickle.Unpickler):
    """A worker's answer: what it defined from the caller's main script is the caller's ``__main__``."""

    def find_class(self, module: str, name: str) -> Any:
        return super().find_class("__main__" if module == MAIN_ALIAS else module, name)


def _package_root() -> str:
    import meksiko_solver

    return str(Path(meksiko_solver.__file__).resolve().parent.parent)


#: True in a worker while it imports the caller's main script: a script without a main guard
#: would start workers of its own there, forever.
importing_main = False


class _Worker:
    def __init__(self, inbox: "queue.Queue[Tuple[_Worker, Optional[bytes]]]") -> None:
        if importing_main:
            raise WorkerProcessError("the main script starts worker processes when a worker imports it (a call "
                                     "names a function or class defined in it): put the script's work under "
                                     "if __name__ == \"__main__\":, or define what the calls name in a module")
        if not sys.executable:
            raise WorkerProcessError("this interpreter does not know its own executable (sys.executable is empty): "
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
        main = sys.modules.get("__main__")
        main_file = getattr(main, "__file__", None)
        # the caller's import path, so that a worker finds every module the caller can
        self.send(encode({"sys_path": [os.path.abspath(p) for p in sys.path],
                          "main": os.path.abspath(main_file) if main_file else None}))
        threading.Thread(target=self._read, args=(self.process.stdout, inbox), daemon=True,
                         name=f"process-pool-reader-{self.process.pid}").start()

    def _read(self, stream: IO[bytes], inbox: "queue.Queue[Tuple[_Worker, Optional[bytes]]]") -> None:
        """Each answer onto the pool's queue, then None at the worker's end (this thread owns the pipe)."""
        try:
            while True:
                body = read_frame(stream)
                inbox.put((self, body))
                if body is None:
                    return
        except (OSError, ValueError):
            inbox.put((self, None))
        finally:
            stream.close()

    def send(self, data: bytes) -> None:
        view = memoryview(data)
        try:
            while view:
                written = self.stdin.write(view)
                view = view[written or 0:]
        except (BrokenPipeError, OSError):
            code = self.process.wait()
            raise WorkerProcessError(f"worker process {self.process.pid} has ended (exit code {code})") from None

    def ended(self) -> WorkerProcessError:
        code = self.process.wait()
        return WorkerProcessError(f"worker process {self.process.pid} ended without answering (exit code {code})")

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

    def kill(self) -> None:
        self.process.kill()
        self.process.wait()
        try:
            self.stdin.close()
        except OSError:
            pass

    def forget(self) -> None:
        """In a forked child: drop this process's copies of the pipes, leave the worker alone."""
        for stream in (self.stdin, self.process.stdout):
            if stream is not None:
                try:
                    stream.close()  # raw FileIO (bufsize=0): no lock a reader thread could have held
                except OSError:
                    pass


class ProcessPool:
    """``workers`` worker processes, started at the first run and kept for the next ones.
    Runs from several threads take turns (one run at a time)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._workers: List[_Worker] = []
        self._lock = threading.Lock()
        self._owner: Optional[int] = None
        self._inbox: "queue.Queue[Tuple[_Worker, Optional[bytes]]]" = queue.Queue()

    def run(self, function: Callable[..., Any], calls: Sequence[Tuple[Any, ...]],
            checkpoint: Optional[Callable[[], None]] = None) -> List[Any]:
        """``[function(*args) for args in calls]``, played by the workers."""
        return list(self.imap(function, calls, checkpoint))

    def imap(self, function: Callable[..., Any], calls: Sequence[Tuple[Any, ...]],
             checkpoint: Optional[Callable[[], None]] = None) -> Iterator[Any]:
        """``function(*args)`` for every ``args`` of ``calls``, in order, each as soon as it and
        those before it are done. ``function`` and the arguments must pickle by reference to a
        module (no lambda). The pool is this iterator's until it is exhausted or closed."""
        if self._owner == threading.get_ident():
            raise WorkerProcessError(f"the pool of {self.workers} worker processes is already running calls for "
                                     "this thread (a loop over its results started another run)")
        calls = [tuple(args) for args in calls]
        with self._lock:
            self._owner = threading.get_ident()
            try:
                yield from self._play(function, calls, checkpoint)
            finally:
                self._owner = None

    def _play(self, function: Callable[..., Any], calls: List[Tuple[Any, ...]],
              checkpoint: Optional[Callable[[], None]]) -> Iterator[Any]:
        if not calls:
            return
        while len(self._workers) < self.workers:
            self._workers.append(_Worker(self._inbox))
        todo: Deque[int] = deque(range(len(calls)))
        busy: Dict[_Worker, int] = {}  # a worker with a call out, and the call's index
        done: Dict[int, Any] = {}
        upcoming = 0  # the next result to yield

        def hand_out(worker: _Worker) -> None:
            index = todo.popleft()
            worker.send(encode((function, calls[index])))
            busy[worker] = index

        try:
            for worker in self._workers:
                if todo:
                    hand_out(worker)
            while upcoming < len(calls):
                if upcoming in done:
                    upcoming += 1
                    yield done.pop(upcoming - 1)
                    continue
                if checkpoint is not None:
                    checkpoint()
                try:
                    worker, body = self._inbox.get(timeout=POLL_S)
                except queue.Empty:
                    continue
                if worker not in busy:
                    continue  # from a worker killed at an earlier run's end: nothing of this run
                index = busy.pop(worker)
                if body is None:
                    raise worker.ended()
                try:
                    ok, value = _AnswerUnpickler(io.BytesIO(body)).load()
                except Exception as exc:
                    raise WorkerProcessError(f"the answer of worker process {worker.process.pid} to call {index} "
                                             f"cannot be read here: {type(exc).__name__}: {exc}") from exc
                if not ok:
                    raise rebuild_exception(value)
                done[index] = value
                if todo:
                    hand_out(worker)
        except BaseException:
            # the caller stops (its checkpoint, an error, Ctrl-C, a loop left): no worker goes on for it
            for worker in busy:
                worker.kill()
            for worker in self._workers:
                if worker.process.poll() is not None:  # also one that died as it was sent work
                    worker.kill()
            self._workers = [w for w in self._workers if w.process.returncode is None]
            raise

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
        self._owner = None
        self._inbox = queue.Queue()


_POOLS_LOCK = threading.Lock()
_POOLS: Dict[int, ProcessPool] = {}


def process_pool(workers: int) -> ProcessPool:
    """The pool of ``workers`` processes, kept for the next runs."""
    with _POOLS_LOCK:
        if workers not in _POOLS:
            _POOLS[workers] = ProcessPool(workers)
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
