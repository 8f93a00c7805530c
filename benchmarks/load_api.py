"""Load test of the HTTP service over loopback.

Starts the service (uvicorn, ``meksiko_api.app:app``) on 127.0.0.1 on a free port in
a subprocess, sends a fixed number of requests from several client threads at once
(after a few untimed warm-up requests that open the connections): ``POST /v1/solve``
of seeded random full deals (card values on), or with ``--endpoint play-hint``
``POST /v1/hints/play`` of seeded opening-lead views (the declarer's lead, or the
second seat after it). It checks every answer against the library run in this
process, prints the throughput, the p50 and p99 latency and the error count, and
stops the server. It exits 1 if any request failed or gave a wrong answer.

    python benchmarks/load_api.py [--endpoint solve|play-hint] [--requests 400] [--concurrency 8]

(with the package installed, ``pip install .``: the engine ``meksiko_solver._core`` is built
there, not in ``python/``, so do not put ``python`` on ``PYTHONPATH``).

The starvation check, ``--endpoint starvation``: four clients keep sending maximum-cost
requests (a review of a deal at the most single-dummy samples the server allows, and bid,
discard and play hints at the most samples and time budget) while ``--concurrency`` clients
send ``--requests`` trivial solves (two cards a hand). It prints the trivial solves' p50 and
p99, every status the expensive requests got (a review's 200 as ``complete`` or ``incomplete``:
its single-dummy layer cut short by the time budget), the 5xx count and the server's memory
(RSS) after the warm-up and at each quarter of the trivial requests, and exits 1 unless the
targets hold: trivial p99 <= 200 ms, no 5xx, memory flat (the last quarter within 10 % of the
highest earlier quarter: the allocator's arenas make the RSS swing by 10-20 % between quarters,
while a leak would raise every quarter above the ones before). ``--max-time-budget-ms`` and ``--heavy-workers`` set the server's (for a short run).

    python benchmarks/load_api.py --endpoint starvation --requests 20000
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import List, Optional, Sequence

import httpx2

from meksiko_solver.cards import DECK, Hand
from meksiko_solver.game import play_game
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
            local.client = httpx2.Client(timeout=60.0)
            with lock:
                clients.append(local.client)
        start = time.perf_counter()
        try:
            r = local.client.post(url, json=body)
            answer = r.json() if r.status_code == 200 else f"HTTP {r.status_code}: {r.text[:200]}"
        except (httpx2.HTTPError, ValueError) as exc:
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


TRIVIAL_P99_MS = 200.0
HEAVY_CLIENTS = 4


def trivial_bodies(count: int, seed: int) -> List[dict]:
    """Solves of two cards a hand (a few search nodes each)."""
    rng = random.Random(seed)
    bodies = []
    for i in range(count):
        cards = [str(c) for c in rng.sample(DECK, 6)]
        bodies.append({"hands": [cards[0:2], cards[2:4], cards[4:6]], "trump": TRUMPS[i % 5], "declarer": i % 3})
    return bodies


def heavy_requests(limits: dict, seed: int) -> List[tuple]:
    """The most expensive requests the server's limits allow: (path, body) pairs."""
    samples = limits["max_samples"]
    budget = limits["max_time_budget_ms"]
    deal = play_game(seed=seed, max_deals=1).deals[0]
    record = deal.to_dict()
    state = deal.replay()
    view = {"rules": record["rules"], "mode": record["mode"], "dealer": record["dealer"]}

    def seat_view(seat: int, auction: list, play: list, talon=None, trump=None, discard=None) -> dict:
        v = {**view, "seat": seat, "hand": [str(c) for c in state.dealt[seat]], "auction": auction,
             "talon": talon, "trump": trump, "play": play}
        if discard is not None:
            v["discard"] = discard
        return {**v, "samples": samples, "seed": seed, "time_budget_ms": budget}

    opener = (record["dealer"] + 1) % 3
    hints = [("/v1/hints/bid", seat_view(opener, [], []))]
    if record["auction"] and record["discard"]:
        declarer = state.declarer
        hints.append(("/v1/hints/discard", seat_view(declarer, record["auction"], [], record["talon"])))
        hints.append(("/v1/hints/play", seat_view(declarer, record["auction"], [], record["talon"],
                                                  record["trump"], record["discard"])))
    review = {"record": record, "single_dummy": True, "samples": max(1, limits.get("max_review_worlds", 10_000)
                                                                        // max(1, len(record["play"])))}
    review["samples"] = min(review["samples"], samples)
    return [("/v1/review", review)] + hints


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (Linux /proc), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def starvation(args) -> int:
    """Trivial solves while maximum-cost reviews and hints run: p50, p99, 5xx, memory."""
    bodies = trivial_bodies(args.requests, args.seed)
    env = {}
    if args.max_time_budget_ms:
        env["MEKSIKO_API_MAX_TIME_BUDGET_MS"] = str(args.max_time_budget_ms)
    if args.heavy_workers:
        env["MEKSIKO_API_HEAVY_WORKERS"] = str(args.heavy_workers)
    with LocalServer(args.workers, env=env) as server:
        health = httpx2.get(server.url + "/health").json()
        heavy = heavy_requests(health["limits"], args.seed)
        pid = server.process.pid
        stop = threading.Event()
        heavy_status: Counter = Counter()
        lock = threading.Lock()

        def heavy_client(k: int) -> None:
            with httpx2.Client(timeout=120.0) as client:
                i = k
                while not stop.is_set():
                    path, body = heavy[i % len(heavy)]
                    i += 1
                    try:
                        r = client.post(server.url + path, json=body)
                        if r.status_code != 200:
                            status = f"{r.status_code} {r.json().get('kind', '')}".strip()
                        elif path == "/v1/review":
                            status = "200 " + ("complete" if r.json()["single_dummy"]["complete"] else "incomplete")
                        else:
                            status = "200"
                    except httpx2.HTTPError as exc:
                        status = type(exc).__name__
                    with lock:
                        heavy_status[f"{path} {status}"] += 1

        send_all(server.url + "/v1/solve", trivial_bodies(200, args.seed + 1), args.concurrency)  # warm-up
        memory = [rss_mb(pid)]
        heavy_threads = [threading.Thread(target=heavy_client, args=(k,)) for k in range(HEAVY_CLIENTS)]
        for t in heavy_threads:
            t.start()
        time.sleep(1.0)  # the expensive requests are running
        answers: list = []
        latencies: list = []
        quarter = max(1, len(bodies) // 4)
        start = time.perf_counter()
        for q in range(0, len(bodies), quarter):
            got, took, _ = send_all(server.url + "/v1/solve", bodies[q:q + quarter], args.concurrency)
            answers += got
            latencies += took
            memory.append(rss_mb(pid))
        wall = time.perf_counter() - start
        stop.set()
        for t in heavy_threads:
            t.join()
    trivial_errors = [a for a in answers if isinstance(a, str)]
    five_xx = sum(1 for a in trivial_errors if a.startswith("HTTP 5")) + sum(
        n for key, n in heavy_status.items() if key.split()[1].startswith("5"))
    p50, p99 = 1000 * percentile(latencies, 50), 1000 * percentile(latencies, 99)
    flat = memory[-1] <= 1.10 * max(memory[1:-1])
    print(f"starvation check: {len(bodies)} trivial POST /v1/solve from {args.concurrency} clients while "
          f"{HEAVY_CLIENTS} clients send maximum-cost reviews and hints; server workers {health['workers']}")
    print(f"trivial solves: {len(bodies) / wall:.1f} requests/s, latency p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
          f"max {1000 * max(latencies):.1f} ms, errors {len(trivial_errors)}")
    for key, n in sorted(heavy_status.items()):
        print(f"  expensive {key}: {n}")
    print(f"5xx: {five_xx}")
    print("server memory (RSS MiB) after the warm-up, then each quarter: "
          + ", ".join(f"{m:.1f}" for m in memory) + (" (flat)" if flat else " (GROWING)"))
    for problem in trivial_errors[:10]:
        print(f"  {problem}")
    ok = p99 <= TRIVIAL_P99_MS and five_xx == 0 and not trivial_errors and flat
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endpoint", choices=sorted(ENDPOINTS) + ["starvation"], default="solve",
                        help="what to ask for (default solve)")
    parser.add_argument("--requests", type=int, default=400, help="requests to send (default 400)")
    parser.add_argument("--concurrency", type=int, default=8, help="client threads (default 8)")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the random deals (default 2026)")
    parser.add_argument("--workers", type=int, default=None, help="server solver threads (default: every core)")
    parser.add_argument("--heavy-workers", type=int, default=None,
                        help="server threads of the heavy lane (MEKSIKO_API_HEAVY_WORKERS; default the server's)")
    parser.add_argument("--max-time-budget-ms", type=int, default=None,
                        help="the server's MEKSIKO_API_MAX_TIME_BUDGET_MS (default its own, 10000)")
    args = parser.parse_args(argv)
    if args.requests < 1 or args.concurrency < 1:
        parser.error("--requests and --concurrency must be positive")
    if args.endpoint == "starvation":
        return starvation(args)

    path, make_bodies, what = ENDPOINTS[args.endpoint]
    bodies = make_bodies(args.requests, args.seed)
    with LocalServer(args.workers) as server:
        workers = httpx2.get(server.url + "/health").json()["workers"]
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
