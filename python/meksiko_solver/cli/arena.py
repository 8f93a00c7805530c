"""``meksiko-solver arena``: seeded deals played between policies, judged double-dummy."""

from __future__ import annotations

import argparse
from typing import Any, Optional

from ..hints.arena import DEFAULT_LINEUP, POLICIES, run_arena
from ..hints.duplicate import DUPLICATE_POLICIES, run_duplicate
from ..hints.match_duplicate import run_match_duplicate
from ..hints.sequential import SequentialRule
from . import UsageError, print_json, whole_number
from .progress import progress_bar


def register(commands: Any) -> None:
    a = commands.add_parser(
        "arena", help="play seeded deals between policies and judge them double-dummy",
        description="Play seeded deals with a policy at each seat (rotated deal by deal) and report, per "
                    "policy, the average tricks lost per card against the double-dummy value of the "
                    "position, contracts made and the average deal score; and the calibration (Brier "
                    "score) of the bid hint's predicted chances of making.")
    a.add_argument("--duplicate", action="store_true",
                   help="duplicate: compare two policies A,B (--policies A,B) on the same deals, seat by seat "
                        f"({', '.join(DUPLICATE_POLICIES)}; NAME@N: that policy at N worlds a hint instead "
                        "of --samples); default policies hint,hint-uniform")
    a.add_argument("--match", action="store_true",
                   help="match duplicate: compare two policies A,B on games won from --states game states near "
                        "the target, each played to the end with B everywhere and with A in each seat; "
                        "default policies hint,hint-v1")
    a.add_argument("--deals", type=whole_number, default=200, help="number of deals (default 200)")
    a.add_argument("--states", type=whole_number, default=None,
                   help="with --match: number of game states (default 100)")
    a.add_argument("--target", type=whole_number, default=None,
                   help="with --match: the game's target (default: the profile's)")
    a.add_argument("--seed", type=whole_number, default=0, help="seed of the deals (default 0)")
    a.add_argument("--samples", type=whole_number, default=50, help="worlds per hint of the hint policy (default 50)")
    a.add_argument("--policies", default=None,
                   help=f"three policies for seats 0, 1, 2 (rotated): {', '.join(POLICIES)} "
                        f"(default {','.join(DEFAULT_LINEUP)}); with --duplicate two policies A,B")
    a.add_argument("--rules", default=None, help="rule profile (default mexico-club)")
    a.add_argument("--mode", default=None, help="scoring mode (default: the profile's)")
    a.add_argument("--workers", type=whole_number, default=1,
                   help="with --duplicate or --match: processes that play the deals or states (default 1); the result is the same for any")
    a.add_argument("--scheduler", metavar="tcp://HOST:PORT", default=None,
                   help="with --duplicate or --match: play them on this Dask scheduler's workers (as a study does)")
    a.add_argument("--sequential", action="store_true",
                   help="with --duplicate: stop when the sequential test decides (SPRT, H0: mean <= 0, H1: mean >= "
                        "--delta, checked every --batch deals); --deals is then the most to play")
    a.add_argument("--delta", type=float, default=0.25,
                   help="with --sequential: the gain H1 claims, points per seat-deal (default 0.25)")
    a.add_argument("--alpha", type=float, default=0.05, help="with --sequential: the error rate of accepting H1 (default 0.05)")
    a.add_argument("--beta", type=float, default=0.05, help="with --sequential: the error rate of accepting H0 (default 0.05)")
    a.add_argument("--batch", type=whole_number, default=50, help="with --sequential: deals between two looks (default 50)")
    a.add_argument("--quiet", action="store_true", help="no progress on stderr")
    a.add_argument("--json", action="store_true", help="print the result as JSON")
    a.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    bar: Optional[Any] = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = progress_bar(total, "state" if args.match else "deal", enabled=not args.quiet)
        bar.update(done - bar.n)

    if args.duplicate and args.match:
        raise UsageError("--duplicate and --match are two arenas: choose one")
    if not (args.duplicate or args.match):
        for flag, value, default in (("--workers", args.workers, 1), ("--scheduler", args.scheduler, None)):
            if value != default:
                raise UsageError(f"{flag} is an option of the duplicate and match arenas: add --duplicate or --match")
    if not args.duplicate and args.sequential:
        raise UsageError("--sequential is an option of the duplicate arena: add --duplicate")
    if not args.match:
        for flag, value in (("--states", args.states), ("--target", args.target)):
            if value is not None:
                raise UsageError(f"{flag} is an option of the match arena: add --match")
    if args.workers != 1 and args.scheduler is not None:
        raise UsageError("--workers and --scheduler: the deals are played either here or on the cluster, not both")
    # Checked before any deal is played, so that a bad option costs nothing.
    rule = SequentialRule(args.delta, args.alpha, args.beta, args.batch) if args.sequential else None
    try:
        if args.match:
            result: Any = run_match_duplicate(states=100 if args.states is None else args.states, seed=args.seed,
                                              policies=args.policies or "hint,hint-v1", samples=args.samples,
                                              rules=args.rules, mode=args.mode, target=args.target,
                                              workers=args.workers, scheduler=args.scheduler, progress=progress)
        elif args.duplicate:
            result = run_duplicate(deals=args.deals, seed=args.seed,
                                        policies=args.policies or "hint,hint-uniform", samples=args.samples,
                                        rules=args.rules, mode=args.mode, progress=progress, workers=args.workers,
                                        scheduler=args.scheduler, sequential=rule)
        else:
            result = run_arena(deals=args.deals, seed=args.seed, policies=args.policies or ",".join(DEFAULT_LINEUP),
                               samples=args.samples, rules=args.rules, mode=args.mode, progress=progress)
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print_json(result.to_dict())
    else:
        print(result)
    return 0
