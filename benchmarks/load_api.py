"""Load test of the HTTP service over loopback.

Starts the service (uvicorn, ``meksiko_api.app:app``) on 127.0.0.1 on a free port in
a subprocess, sends a fixed number of requests from several client threads at once
(after a few untimed warm-up requests that open the connections): ``POST /v1/solve``
of seeded random full deals (card values on), or with ``--endpoint play-hint``
``POST /v1/hints/play`` of seeded opening-lead views (the declarer's lead, or the
second seat after it). It checks every answer against the library run in this
process, prints the throughput, the p50 and p99 latency and the error count, and
stops the server. It exits 1 if any request failed or gave a wrong answer.

    PYTHONPATH=python:api python benchmarks/load_api.py [--endpoint solve|play-hint] [--requests 400] [--concurrency 8]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import List, Optional, Sequence

import httpx

from meksiko_solver.cards import DECK, Hand
from meksiko_solver.hints import play_hint
from meksiko_solver.solver import solve_many

HOST = "127.0.0.1"  # loopback only
TRUMPS = ["S", "H", "D", "C", None]
START_TIMEOUT = 30.0  # seconds for the server to answer /health


def solve_bodies(count: int, seed: int) -> List[dict]:
    """`count` seeded random full deals; request i has trump TRUMPS[i % 5], declarer i % 3, who leads."""
    rng = random.Random(seed)
    bodies = []
    for i in range(count):
        cards = list(DECK)
        rng.shuffle(cards)
        bodies.append({
            "hands": [str(Hand(cards[10 * k : 10 * k + 10])) for k in range(3)],
            "trump": TRUMPS[i % 5],
            "declarer": i % 3,
            "leader": i % 3,
            "card_values": True,
        })
    return bodies


HINT_SAMPLES = 50


def play_hint_bodies(count: int, seed: int) -> List[dict]:
    """`count` seeded views at the opening lead: seat 0 bid 5 and declares with the talon,
    discarding its two lowest cards with trump TRUMPS[i % 4]; even requests are the declarer's
    lead, odd ones seat 1's reply to the declarer's lowest card."""
    rng = random.Random(seed)
    bodies = []
    for i in range(count):
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [sorted(cards[10 * k : 10 * k + 10]) for k in range(3)]
        talon = cards[30:]
        twelve = sorted(hands[0] + talon, key=lambda c: (c.rank, c.suit))
        discard, kept = twelve[:2], twelve[2:]
        view = {"rules": "mexico-club", "mode": "easy", "dealer": 2, "auction": ["5", "NEXT", "NEXT"],
                "talon": [str(c) for c in talon], "trump": TRUMPS[i % 4]}
        if i % 2 == 0:
            view.update(seat=0, hand=[str(c) for c in hands[0]], discard=[str(c) for c in discard], play=[])
        else:
            view.update(seat=1, hand=[str(c) for c in hands[1]], play=[str(kept[0])])
        bodies.append({**view, "samples": HINT_SAMPLES, "seed": i})
    return bodies


def wrong_hints(bodies: Sequence[dict], answers: Sequence[object]) -> List[str]:
    """Compare each hint with the library's for the same view, samples and seed."""
    problems = []
    for i, (body, answer) in enumerate(zip(bodies, answers)):
        view = {k: v for k, v in body.items() if k not in ("samples", "seed")}
        want = play_hint(view, samples=body["samples"], seed=body["seed"]).to_dict()
        if isinstance(answer, str):
            problems.append(f"request {i}: {answer}")
        elif answer != want:
            problems.append(f"request {i}: got card {answer.get('card')}, expected {want['card']}")
    return problems


ENDPOINTS = {
    "solve": ("/v1/solve", solve_bodies, "full deals with card values"),
    "play-hint": ("/v1/hints/play", play_hint_bodies, f"opening-lead play hints at {HINT_SAMPLES} worlds"),
}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """uvicorn serving meksiko_api in a subprocess on a free loopback port (a context manager)."""

    def __init__(self, workers: Optional[int] = None) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.workers = workers
        self.process: Optional[subprocess.Popen] = None
        self.log = tempfile.TemporaryFile()

    def __enter__(self) -> "Server":
        env = dict(os.environ)
        if self.workers:
            env["MEKSIKO_API_WORKERS"] = str(self.workers)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "meksiko_api.app:app", "--host", HOST, "--port", str(self.port),
             "--log-level", "warning", "--no-access-log"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with code {self.process.returncode}:\n{self.output()}")
            try:
                if httpx.get(self.url + "/health", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer within {START_TIMEOUT:.0f} s:\n{self.output()}")

    def output(self) -> str:
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


def send_all(url: str, bodies: Sequence[dict], concurrency: int, warmup: Sequence[dict] = ()) -> tuple:
    """POST every body to url from `concurrency` threads (one keep-alive client each), after the
    untimed `warmup` bodies. Returns (responses or error strings, latencies in seconds, wall time)."""
    local = threading.local()
    clients: list = []
    lock = threading.Lock()

    def one(body: dict) -> tuple:
        if not hasattr(local, "client"):
            local.client = httpx.Client(timeout=60.0)
            with lock:
                clients.append(local.client)
        start = time.perf_counter()
        try:
            r = local.client.post(url, json=body)
            answer = r.json() if r.status_code == 200 else f"HTTP {r.status_code}: {r.text[:200]}"
        except (httpx.HTTPError, ValueError) as exc:
            answer = f"{type(exc).__name__}: {exc}"
        return answer, time.perf_counter() - start

    try:
        with ThreadPoolExecutor(max_workers=concurrency) as pool:
            list(pool.map(one, warmup))  # connections, clients and the server's solver threads
            start = time.perf_counter()
            done = list(pool.map(one, bodies))
            wall = time.perf_counter() - start
    finally:
        for c in clients:
            c.close()
    return [a for a, _ in done], [t for _, t in done], wall


def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def wrong_answers(bodies: Sequence[dict], answers: Sequence[object]) -> List[str]:
    """Compare the tricks and card values the server gave with the library's."""
    expected = solve_many([(b["hands"], b["trump"], b["declarer"], b["leader"]) for b in bodies], card_values=True)
    problems = []
    for i, (answer, want) in enumerate(zip(answers, expected)):
        if isinstance(answer, str):
            problems.append(f"request {i}: {answer}")
        elif answer.get("tricks") != want.tricks or answer.get("card_tricks") != want.card_tricks:
            problems.append(f"request {i}: got tricks {answer.get('tricks')} {answer.get('card_tricks')}, "
                            f"expected {want.tricks} {want.card_tricks}")
    return problems


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endpoint", choices=sorted(ENDPOINTS), default="solve",
                        help="what to ask for (default solve)")
    parser.add_argument("--requests", type=int, default=400, help="requests to send (default 400)")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads (default 8)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random deals (default 2026)")
    parser.add_argument("--workers", type=int, default=None, help="server solver threads (default: every core)")
    args = parser.parse_args(argv)
    if args.requests < 1 or args.concurrency < 1:
        parser.error("--requests and --concurrency must be positive")

    path, make_bodies, what = ENDPOINTS[args.endpoint]
    bodies = make_bodies(args.requests, args.seed)
    with Server(args.workers) as server:
        workers = httpx.get(server.url + "/health").json()["workers"]
        warmup = make_bodies(4 * args.concurrency, args.seed + 1)
        answers, latencies, wall = send_all(server.url + path, bodies, args.concurrency, warmup)
    problems = (wrong_answers if args.endpoint == "solve" else wrong_hints)(bodies, answers)

    print(f"POST {path}: {args.requests} {what}, concurrency {args.concurrency}, server workers {workers}")
    print(f"throughput: {args.requests / wall:.1f} requests/s ({wall:.2f} s)")
    print(f"latency: p50 {1000 * percentile(latencies, 50):.1f} ms, p99 {1000 * percentile(latencies, 99):.1f} ms, "
          f"max {1000 * max(latencies):.1f} ms")
    print(f"errors: {len(problems)}")
    for problem in problems[:10]:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
