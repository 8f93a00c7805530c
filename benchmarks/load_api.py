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
import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import List, Optional, Sequence

import httpx

from meksiko_solver.cards import DECK, Hand
from meksiko_solver.hints import play_hint
from meksiko_solver.solver import solve_many

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from local_server import LocalServer  # noqa: E402  (a test helper, not in the wheel)

TRUMPS = ["S", "H", "D", "C", None]


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
    with LocalServer(args.workers) as server:
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
