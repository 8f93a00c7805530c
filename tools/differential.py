"""Random differential test of the engine against a previous build of it.

    python tools/differential.py --old /path/to/old-venv/bin/python [--count 60000] [--seed 1]
    python tools/differential.py --old-path OLD_BUILD --new-path NEW_BUILD [--count 60000] [--seed 1]

Both interpreters run this file as a worker on the same seeded random positions (random
deals played out by random legal cards to any point, a trick in progress included, every
trump and no trump, any declarer) and print each position's tricks and the value of every
legal card; a few hundred seeded deals get the declarer analysis too (the best discards for
every trump and the Meksiko values) and the best declaration (floors 0 and 5) when the old build
has it. The comparison stops at the first difference and prints
the position. The worker only needs ``meksiko_solver._core`` with ``solve_many`` and
``analyze_many``, which every build since the batch API has, so any old engine (say
``git archive 1f07a35`` installed into its own venv) can be compared with the new one.
``--old-path`` and ``--new-path`` put a directory first on that side's PYTHONPATH: two builds of
one tree (each an extracted wheel) run by one interpreter, as issue 55 compared the portable
build with the native one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

NO_TRUMP = 4


def beats(a: int, b: int, trump: int) -> bool:
    if a >> 3 == b >> 3:
        return (a & 7) > (b & 7)
    return a >> 3 == trump


def legal(hand: int, led: int, trump: int) -> int:
    if led < 0:
        return hand
    follow = hand & (0xFF << (8 * (led >> 3)))
    if follow:
        return follow
    if trump != NO_TRUMP:
        trumps = hand & (0xFF << (8 * trump))
        if trumps:
            return trumps
    return hand


def cards_of(mask: int) -> list:
    return [c for c in range(32) if mask >> c & 1]


def random_position(rng: random.Random) -> tuple:
    """A full deal played out by random legal cards for 0 to 28 cards."""
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[10 * s:10 * s + 10]) for s in range(3)]
    trump = rng.randrange(5)
    declarer = rng.randrange(3)
    leader = rng.randrange(3)
    played: list = []
    for _ in range(rng.randrange(29)):
        seat = (leader + len(played)) % 3
        card = rng.choice(cards_of(legal(hands[seat], played[0] if played else -1, trump)))
        hands[seat] &= ~(1 << card)
        played.append(card)
        if len(played) == 3:
            best = 0
            for i in (1, 2):
                if beats(played[i], played[best], trump):
                    best = i
            leader = (leader + best) % 3
            played = []
    return hands, trump, declarer, leader, played


def random_deal(rng: random.Random) -> tuple:
    deck = list(range(32))
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[10 * s:10 * s + 10]) for s in range(3)]
    return hands, (1 << deck[30]) | (1 << deck[31]), rng.randrange(3)


def worker(count: int, seed: int, deals: int) -> None:
    from meksiko_solver import _core

    rng = random.Random(seed)
    chunk = 2000
    done = 0
    while done < count:
        n = min(chunk, count - done)
        positions = [random_position(rng) for _ in range(n)]
        for p, r in zip(positions, _core.solve_many(positions, True, False, 0)):
            print(json.dumps(["p", p, r.error, r.tricks, sorted(r.card_values)]))
        done += n
    drng = random.Random(seed + 1)
    items = [random_deal(drng) for _ in range(deals)]
    for d, a in zip(items, _core.analyze_many(items)):
        print(json.dumps(["d", d, a.error, a.with_talon, a.discards, a.meksiko]))
    if hasattr(_core, "best_declaration_many"):  # builds since the bid hint's batches
        for floor in (0, 5):
            for d, b in zip(items, _core.best_declaration_many(items, floor)):
                print(json.dumps(["b", [d, floor], b.error, b.tricks, b.trump, list(b.discard)]))


def side_env(path: str | None) -> dict:
    """This process's environment, with `path` first on PYTHONPATH when given."""
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (path, env.get("PYTHONPATH")) if p)
    return env


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--old", help="python of the venv holding the previous engine (default: this one, with --old-path)")
    ap.add_argument("--new", default=sys.executable, help="python of the venv holding the new engine")
    ap.add_argument("--count", type=int, default=60000, help="random positions")
    ap.add_argument("--deals", type=int, default=300, help="random deals for the declarer analysis")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--old-path", help="first on the old side's PYTHONPATH")
    ap.add_argument("--new-path", help="first on the new side's PYTHONPATH")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker(args.count, args.seed, args.deals)
        return 0
    if not args.old and not args.old_path:
        ap.error("--old or --old-path is required")
    cmd = [__file__, "--worker", "--count", str(args.count), "--seed", str(args.seed), "--deals", str(args.deals)]
    start = time.perf_counter()
    old = subprocess.Popen([args.old or sys.executable, *cmd], stdout=subprocess.PIPE, text=True,
                           env=side_env(args.old_path))
    new = subprocess.Popen([args.new, *cmd], stdout=subprocess.PIPE, text=True, env=side_env(args.new_path))
    assert old.stdout is not None and new.stdout is not None
    compared = {"p": 0, "d": 0, "b": 0}
    for a, b in zip(old.stdout, new.stdout):
        if a != b:
            print("DIFFERENCE\n old:", a.strip(), "\n new:", b.strip())
            old.kill()
            new.kill()
            return 1
        row = json.loads(a)
        if row[2]:
            print("the engine rejected a generated item:", a.strip())
            return 1
        compared[row[0]] += 1
    new.stdout.read()  # the best declarations, when the old build has none to compare
    if old.wait() or new.wait() or compared not in ({"p": args.count, "d": args.deals, "b": b}
                                                    for b in (0, 2 * args.deals)):
        print("a worker failed or stopped early:", compared)
        return 1
    declarations = (f", {compared['b']} best declarations (floors 0 and 5)" if compared["b"]
                    else " (the old build has no best declarations to compare)")
    print(f"{compared['p']} positions (tricks and every legal card's value), {compared['d']} declarer "
          f"analyses{declarations} agree ({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
