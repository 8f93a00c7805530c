"""A real Dask cluster on 127.0.0.1 for the tests and the benchmark: ``dask scheduler`` and
``dask worker`` processes started as a user would start them, torn down on exit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator

START_TIMEOUT_S = 90


def _wait_for(path: str, process: subprocess.Popen) -> dict:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dask scheduler exited with code {process.returncode}")
        try:
            with open(path, encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            time.sleep(0.1)
    raise RuntimeError(f"dask scheduler did not start in {START_TIMEOUT_S} s")


@contextmanager
def loopback_cluster(workers: int = 2, threads: int = 1) -> Iterator[str]:
    """The address (tcp://127.0.0.1:PORT) of a scheduler with ``workers`` workers of ``threads`` threads."""
    from distributed import Client

    folder = tempfile.mkdtemp(prefix="meksiko-dask-")
    scheduler_file = os.path.join(folder, "scheduler.json")
    env = {**os.environ, "DASK_DISTRIBUTED__WORKER__DAEMON": "False"}
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env, "cwd": folder}
    processes = [subprocess.Popen([sys.executable, "-m", "dask", "scheduler", "--host", "127.0.0.1", "--port", "0",
                                   "--no-dashboard", "--scheduler-file", scheduler_file], **quiet)]
    try:
        address = _wait_for(scheduler_file, processes[0])["address"]
        for _ in range(workers):
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "dask", "worker", address, "--nthreads", str(threads), "--nworkers", "1",
                 "--no-nanny", "--no-dashboard", "--host", "127.0.0.1", "--local-directory", folder], **quiet))
        with Client(address, timeout=START_TIMEOUT_S, set_as_default=False) as client:
            client.wait_for_workers(workers, timeout=START_TIMEOUT_S)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
