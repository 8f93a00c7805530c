"""A worker process: the subprocess that ``process_pool`` starts.

Run as ``python -m meksiko_solver.process_worker``: it reads calls from standard input and
writes each answer to standard output, and ends at the end of its input, i.e. when the caller
closes the pipe or ends, however it ends.

The first frame is the caller's setup (its ``sys.path`` and its main script's file); then each
is a call ``(function, args)``, answered ``(True, result)`` or ``(False, packed exception)``
(``process_pool.encode``, ``process_pool.pack_exception``). The caller's main script is imported
(as ``__mp_main__``, as ``spawn`` does) only when a call names something defined there.
"""

from __future__ import annotations

import importlib.util
import io
import os
import pickle
import signal
import sys
from types import ModuleType
from typing import Any, Dict, Optional

from . import process_pool
from .process_pool import MAIN_ALIAS, WorkerProcessError, encode, pack_exception, read_frame

_setup: Dict[str, Any] = {}


def _caller_main() -> ModuleType:
    if MAIN_ALIAS in sys.modules:
        return sys.modules[MAIN_ALIAS]
    path: Optional[str] = _setup.get("main")
    spec = importlib.util.spec_from_file_location(MAIN_ALIAS, path) if path else None
    if spec is None or spec.loader is None:
        raise WorkerProcessError("a call names something defined in the calling program's main module, which has "
                                 "no file a worker could import: define it in a module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[MAIN_ALIAS] = module
    process_pool.importing_main = True
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[MAIN_ALIAS]
        raise
    finally:
        process_pool.importing_main = False
    return module


class _CallUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module in ("__main__", MAIN_ALIAS):
            _caller_main()
            module = MAIN_ALIAS
        return super().find_class(module, name)


def _answer(body: bytes) -> bytes:
    """The answer's frame (an error too: the caller re-raises it; a worker outlives one call's failure)."""
    try:
        function, args = _CallUnpickler(io.BytesIO(body)).load()
        return encode((True, function(*args)))
    except Exception as exc:  # also a result that does not pickle
        return encode((False, pack_exception(exc)))


def main() -> None:
    # Ctrl-C in a terminal reaches the whole process group: the caller stops, the worker then
    # sees the end of its input (no traceback from every worker).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    source = sys.stdin.buffer
    sink = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print never corrupts an answer
    try:
        setup = read_frame(source)
        if setup is None:
            return
        _setup.update(pickle.loads(setup))
        sys.path[:] = _setup["sys_path"] + [p for p in sys.path if p not in _setup["sys_path"]]
        while True:
            body = read_frame(source)
            if body is None:
                return
            sink.write(_answer(body))
            sink.flush()
    except BrokenPipeError:  # the caller has gone mid-call: nothing left to flush to
        os._exit(0)


if __name__ == "__main__":
    main()
