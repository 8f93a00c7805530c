"""The service in a uvicorn subprocess on a free loopback port, for load scripts and browser tests.

A test helper (it needs httpx2, a test dependency), so it is not shipped in the wheel.

>>> with LocalServer(workers=2) as server:      # doctest: +SKIP
...     httpx2.get(server.url + "/health")

Only 127.0.0.1 is used. The subprocess finds the packages where this process found them
(also in a checkout that is not installed).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Mapping, Optional

import httpx2

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class LocalServer:
    """``meksiko_api.app:app`` served by uvicorn in a subprocess (a context manager)."""

    def __init__(self, workers: Optional[int] = None, start_timeout: float = 30.0,
                 env: Optional[Mapping[str, str]] = None) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.workers = workers
        self.env = dict(env or {})  # more MEKSIKO_API_* settings for the server
        self.start_timeout = start_timeout
        self.process: Optional[subprocess.Popen] = None
        self.log = tempfile.TemporaryFile()

    def __enter__(self) -> "LocalServer":
        import meksiko_api
        import meksiko_solver

        env = {**os.environ, **self.env}
        if self.workers:
            env["MEKSIKO_API_WORKERS"] = str(self.workers)
        paths = [str(Path(package.__file__).resolve().parent.parent) for package in (meksiko_api, meksiko_solver)]
        env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "meksiko_api.app:app", "--host", HOST, "--port", str(self.port),
             "--log-level", "warning", "--no-access-log"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with code {self.process.returncode}:\n{self.output()}")
            try:
                if httpx2.get(self.url + "/health", timeout=1.0).status_code == 200:
                    return self
            except httpx2.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {self.start_timeout:.0f} s:\n{self.output()}")

    def output(self) -> str:
        """The end of what the server printed."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def __exit__(self, *exc) -> None:
        self.stop()
        self.log.close()
