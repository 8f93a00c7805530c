"""A rollout worker: the subprocess that ``rollout_pool`` starts.

Run as ``python -m meksiko_solver.mexican_train.rollout_worker``: it imports this package only
(never the caller's ``__main__``), reads calls from standard input and writes each answer to
standard output, and ends at the end of its input, i.e. when the caller closes the pipe or
ends, however it ends.

A call is ``(function, args)``, a module-level function of this package; its answer
``(True, result)`` or ``(False, exception)``, each in a frame (``rollout_pool.encode``).
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
from typing import Any, BinaryIO, Optional

from .rollout_pool import HEADER, encode, frame_size

def _read_exact(stream: BinaryIO, size: int) -> Optional[bytes]:
    """``size`` bytes, or None at the end of the input."""
    chunks, left = [], size
    while left:
        chunk = stream.read(left)
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _answer(call: Any) -> Any:
    try:
        function, args = call
        return True, function(*args)
    except Exception as exc:  # the caller re-raises it: a worker outlives one call's failure
        try:
            pickle.dumps(exc)
        except Exception:
            exc = RuntimeError(f"{type(exc).__name__}: {exc}")
        return False, exc


def main() -> None:
    # Ctrl-C in a terminal reaches the whole process group: the caller stops, the worker then
    # sees the end of its input (no traceback from every worker).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    source = sys.stdin.buffer
    sink = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a stray print never corrupts an answer
    try:
        while True:
            header = _read_exact(source, HEADER)
            if header is None:
                return
            body = _read_exact(source, frame_size(header))
            if body is None:
                return
            sink.write(encode(_answer(pickle.loads(body))))
            sink.flush()
    except BrokenPipeError:  # the caller has gone mid-call: nothing left to flush to
        os._exit(0)


if __name__ == "__main__":
    main()
