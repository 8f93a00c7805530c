"""The Mexican Train hints' worker processes (issue 58, points 9, 10 and 12): a script needs no
main guard, work stops when its caller stops (a checkpoint, a client gone), and a served
service leaves no process behind after SIGTERM."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import meksiko_api
import meksiko_solver
from meksiko_solver.mexican_train import deal_round, train_hint
from meksiko_solver.process_pool import WorkerProcessError, process_pool

from local_server import free_port

TWO_CORES = pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="the HTTP hint uses one worker per core")


def view(players: int = 2, seed: int = 7) -> dict:
    deal = deal_round(players, 12, random.Random(seed))
    return {"players": players, "engine": 12, "starter": 0, "seat": 0,
            "hand": [str(t) for t in deal.hands[0]], "moves": []}


def env_with_packages() -> Dict[str, str]:
    env = dict(os.environ)
    paths = [str(Path(p.__file__).resolve().parent.parent) for p in (meksiko_api, meksiko_solver)]
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
    return env


# ------------------------------------------------------------------------ /proc ----

def stat(pid: int) -> List[str]:
    """/proc/<pid>/stat's fields from the state on (index 0 is field 3, the state)."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def descendants(root: int) -> List[int]:
    parents: Dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parents[int(entry)] = int(stat(int(entry))[1])
            except (OSError, IndexError, ValueError):
                pass
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


def cpu_seconds(root: int, itself: bool = True) -> float:
    """CPU time of ``root``'s descendants, the live ones and those it has waited for (and its own)."""
    tick = os.sysconf("SC_CLK_TCK")
    fields = stat(root)
    total = sum(int(x) for x in fields[11 if itself else 13:15])  # utime stime cutime cstime
    for pid in descendants(root):
        try:
            total += sum(int(x) for x in stat(pid)[11:13])
        except (OSError, IndexError):
            pass  # ended meanwhile: its time went to its parent's cutime
    return total / tick


def alive(pid: int, started: str) -> bool:
    """Whether the process ``pid`` that started at ``started`` (field 22) still runs (a zombie has ended)."""
    try:
        fields = stat(pid)
    except OSError:
        return False
    return fields[19] == started and fields[0] != "Z"


# ------------------------------------------------------------------------ 58.9 ----

def test_a_script_without_a_main_guard_gets_a_hint_from_two_workers(tmp_path):
    # before: the forkserver workers re-imported the script as their main module and the
    # hint failed with BrokenProcessPool
    script = tmp_path / "hint_script.py"
    script.write_text(textwrap.dedent(f"""\
        import json
        from meksiko_solver.mexican_train import train_hint
        view = {json.dumps(view(4))}
        two = train_hint(view, worlds=40, seed=4, workers=2).to_dict()
        one = train_hint(view, worlds=40, seed=4, workers=1).to_dict()
        print(json.dumps([two["options"], one["options"]]))
        """))
    done = subprocess.run([sys.executable, str(script)], env=env_with_packages(), cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    two, one = json.loads(done.stdout)
    assert two == one and len(two) > 1


def test_the_workers_end_when_their_caller_is_killed(tmp_path):
    script = tmp_path / "killed.py"
    script.write_text(textwrap.dedent(f"""\
        import os, signal
        from meksiko_solver.mexican_train import train_hint
        from meksiko_solver.process_pool import process_pool
        train_hint({json.dumps(view(4))}, worlds=40, seed=4, workers=2)
        print(" ".join(str(w.process.pid) for w in process_pool(2)._workers), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)  # no atexit, no close: only the pipes' end
        """))
    done = subprocess.run([sys.executable, str(script)], env=env_with_packages(), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    pids = [int(p) for p in done.stdout.split()]
    assert len(pids) == 2
    started = {}
    for pid in pids:
        try:
            started[pid] = stat(pid)[19]
        except OSError:
            pass  # already gone
    deadline = time.monotonic() + 5.0
    while time.monotonic() < deadline and any(alive(pid, t) for pid, t in started.items()):
        time.sleep(0.05)
    assert not [pid for pid, t in started.items() if alive(pid, t)]


# ------------------------------------------------------------------------ 58.10 ----

class Stop(Exception):
    pass


def test_a_checkpoint_that_raises_stops_the_workers_and_the_pool_recovers():
    calls = []
    stop_at = time.monotonic() + 0.3

    def checkpoint() -> None:
        calls.append(1)
        if time.monotonic() > stop_at:
            raise Stop

    pool = process_pool(2)
    start = time.monotonic()
    with pytest.raises(Stop):
        train_hint(view(), worlds=100_000, seed=1, workers=2, checkpoint=checkpoint)
    assert time.monotonic() - start < 3.0 and len(calls) > 1
    for worker in pool._workers:  # the ones left are idle (the busy ones were killed)
        assert worker.process.poll() is None
    before = cpu_seconds(os.getpid(), itself=False)
    time.sleep(1.0)
    assert cpu_seconds(os.getpid(), itself=False) - before < 0.2
    small = view(4)
    assert train_hint(small, worlds=40, seed=4, workers=2).to_dict()["options"] == \
        train_hint(small, worlds=40, seed=4, workers=1).to_dict()["options"]


def test_a_worker_killed_from_outside_is_named_and_replaced():
    small = view(4)
    want = train_hint(small, worlds=40, seed=4, workers=1).to_dict()["options"]
    assert train_hint(small, worlds=40, seed=4, workers=2).to_dict()["options"] == want
    victim = process_pool(2)._workers[0].process
    victim.kill()
    victim.wait()
    with pytest.raises(WorkerProcessError, match=f"worker process {victim.pid} "):
        train_hint(small, worlds=40, seed=4, workers=2)
    assert train_hint(small, worlds=40, seed=4, workers=2).to_dict()["options"] == want
    assert victim not in [w.process for w in process_pool(2)._workers]


def test_a_checkpoint_is_called_by_a_hint_in_this_process_too():
    calls = []
    train_hint(view(4), worlds=5, seed=1, workers=1, checkpoint=lambda: calls.append(1))
    assert len(calls) == 5


def start_service(**settings: str) -> Tuple[subprocess.Popen, int]:
    """The service in a process of its own session, on a free port, with ``MEKSIKO_API_*`` settings."""
    port = free_port()
    env = {**env_with_packages(), "MEKSIKO_API_PORT": str(port), **settings}
    serve = "from meksiko_api.server import serve; from meksiko_api.settings import Settings; " \
            "serve(Settings.from_env(), log_level='warning')"
    server = subprocess.Popen([sys.executable, "-c", serve], env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    return server, port


@TWO_CORES
def test_a_hint_whose_client_has_gone_stops_its_workers(tmp_path):
    # before: about 6 CPU-seconds more, spent by the pool's workers for nobody
    server, port = start_service(MEKSIKO_API_MAX_SAMPLES="4000")
    try:
        wait_until_up(port)
        body = json.dumps({**view(), "worlds": 4000, "seed": 1}).encode()
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"POST /v1/mexican-train/hint HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
            time.sleep(0.6)
            assert descendants(server.pid), "the hint's workers should be running"
        time.sleep(0.3)
        before = cpu_seconds(server.pid)
        time.sleep(3.0)
        spent = cpu_seconds(server.pid) - before
        assert spent < 0.5, f"{spent:.2f} CPU-s spent after the client left"
    finally:
        stop(server)


def wait_until_up(port: int) -> None:
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def stop(server: subprocess.Popen) -> None:
    """End the server and whatever is left in its process group."""
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()


# ------------------------------------------------------------------------ 58.12 ----

def post(port: int, path: str, body: dict) -> Tuple[int, dict]:
    import httpx2

    r = httpx2.post(f"http://127.0.0.1:{port}{path}", json=body, timeout=60)
    return r.status_code, r.json()


@TWO_CORES
def test_sigterm_leaves_no_process_of_the_service():
    # before: the resource tracker, the forkserver and the pool's workers ran on as orphans
    server, port = start_service()
    try:
        wait_until_up(port)
        status, answer = post(port, "/v1/mexican-train/hint", {**view(4), "worlds": 40, "seed": 4})
        assert status == 200, answer
        assert answer["options"] == train_hint(view(4), worlds=40, seed=4, workers=1).to_dict()["options"]
        children = {pid: stat(pid)[19] for pid in descendants(server.pid)}
        assert len(children) >= 2, "the hint should have started its workers"
        server.send_signal(signal.SIGTERM)
        server.wait(15)  # uvicorn shuts down, then ends by the signal it caught (-15)
        deadline = time.monotonic() + 5.0
        while time.monotonic() < deadline and any(alive(pid, t) for pid, t in children.items()):
            time.sleep(0.1)
        left = [pid for pid, t in children.items() if alive(pid, t)]
        assert not left, f"processes of the service left after SIGTERM: {left}"
    finally:
        stop(server)
