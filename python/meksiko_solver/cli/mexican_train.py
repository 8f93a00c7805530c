"""``meksiko-solver mexican-train opening|hint|play|arena|check``; the main CLI calls :func:`register`.

Each handler takes the parsed args and returns an exit code; bad input raises a MeksikoError,
which the main CLI reports on one stderr line with exit code 2.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..mexican_train.arena import POLICY_NAMES, make_policy, parse_lineup, run_arena
from ..mexican_train.errors import TrainRecordError
from ..mexican_train.game import play_game
from ..mexican_train.hint import DEFAULT_WORLDS, TrainView, train_hint
from ..mexican_train.opening import best_opening
from ..mexican_train.record import GameRecord, load_record
from ..mexican_train.rules import check_players
from . import print_json, read_input, whole_number
from .progress import DoneOfTotal


def register(commands: Any) -> None:
    """Add the ``mexican-train`` command (with its subcommands) to an argparse subparsers object."""
    top = commands.add_parser("mexican-train", help="Mexican Train dominoes: opening train, hints, games, arena",
                              description="Mexican Train (pociąg meksykański), the dominoes game with the "
                                          "double-twelve set: the exact opening-train optimiser, play hints, "
                                          "seeded games and an arena of policies. See docs/mexican-train.md.")
    sub = top.add_subparsers(dest="mt_command", metavar="subcommand")
    sub.required = True

    p = sub.add_parser("opening", help="the best train to lay in the first move",
                       description="The train of the most tiles from the engine (then the most pips, then "
                                   "not ending on a double and the most tiles left that fit the engine). Each "
                                   "tile is written from the end it joins.")
    p.add_argument("--hand", required=True, help='the hand, e.g. "12-5 5-3 3-3 9-1" (5-12 is read as 12-5)')
    p.add_argument("--engine", type=whole_number, required=True, help="the engine double's value (12 in round 1)")
    p.add_argument("--all", action="store_true", help="also every train with as many tiles and pips")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run_opening)

    h = sub.add_parser("hint", help="the best move from one player's view",
                       description="Sample the hidden tiles consistently with the view, play every candidate "
                                   "move out in every world, rank by expected points left and the chance "
                                   "to go out first.")
    h.add_argument("view", help="the view as a JSON file ('-' for standard input)")
    h.add_argument("--worlds", type=whole_number, default=DEFAULT_WORLDS, help=f"worlds to sample (default {DEFAULT_WORLDS})")
    h.add_argument("--seed", type=whole_number, default=0, help="sampling seed (default 0)")
    h.add_argument("--time-budget-ms", type=float, default=None, help="stop sampling after this many ms")
    h.add_argument("--json", action="store_true", help="print the result as JSON")
    h.set_defaults(func=run_hint)

    g = sub.add_parser("play", help="play a seeded game and print its score sheet",
                       description="Play a whole seeded game (13 rounds from the 12-12 down to the 0-0; "
                                   "7 with --short) between policies.")
    g.add_argument("--players", type=whole_number, default=4, help="2 to 8 players (default 4)")
    g.add_argument("--seed", type=whole_number, required=True, help="seed of the deals")
    g.add_argument("--short", action="store_true", help="the short game of 7 rounds")
    g.add_argument("--rounds", type=whole_number, default=None, help="play only the first N rounds")
    g.add_argument("--policies", default=None,
                   help=f"one policy a seat, comma separated ({', '.join(POLICY_NAMES)}; default all baseline)")
    g.add_argument("--worlds", type=whole_number, default=20, help="worlds a decision of the hint policy (default 20)")
    g.add_argument("-o", "--output", default=None, help="write the game record (JSON) to this file")
    g.set_defaults(func=run_play)

    a = sub.add_parser("arena", help="policies against each other, seats rotated, deals duplicated",
                       description="Each seeded deal is played once per seating (the lineup rotated a seat "
                                   "each time). Reports mean points per round and win rate with 95% "
                                   "intervals, and the difference between the first two policies.")
    a.add_argument("--players", type=whole_number, default=4, help="2 to 8 players (default 4)")
    a.add_argument("--rounds", type=whole_number, default=200, help="rounds to play, rounded up to whole deals (default 200)")
    a.add_argument("--seed", type=whole_number, default=0, help="seed of the deals (default 0)")
    a.add_argument("--policies", default=None, help="one policy a seat (default: hint then baselines)")
    a.add_argument("--worlds", type=whole_number, default=60, help="worlds a decision of the hint policy (default 60)")
    a.add_argument("--quiet", action="store_true", help="no progress on stderr")
    a.add_argument("--json", action="store_true", help="print the result as JSON")
    a.set_defaults(func=run_arena_command)

    c = sub.add_parser("check", help="check a round or game record move by move",
                       description="Read a round or game record, check every move, print the result.")
    c.add_argument("record", help="the record as a JSON file ('-' for standard input)")
    c.add_argument("--json", action="store_true", help="print the result as JSON")
    c.set_defaults(func=run_check)


def _read_json(path: str) -> Any:
    try:
        return json.loads(read_input(path))
    except json.JSONDecodeError as exc:
        raise TrainRecordError(f"{path} is not valid JSON: {exc}") from None


def run_opening(args: argparse.Namespace) -> int:
    result = best_opening(args.hand, args.engine, all_ties=args.all)
    if args.json:
        print_json(result.to_dict())
        return 0
    if not result.train:
        print(f"no tile of the hand has a {args.engine}: draw (empty train)")
    else:
        print(f"{' '.join(map(str, result.train))}   ({result.tiles} tiles, {result.pips} pips, "
              f"open end {result.open_end}{', ends on a double' if result.ends_on_double else ''}, "
              f"{result.mexican_ready} left in hand fit the engine)")
        print(f"left in hand: {' '.join(map(str, result.left)) or '-'}")
    if args.all:
        assert result.ties is not None and result.tie_count is not None  # all_ties lists them
        print(f"{result.tie_count} trains with {result.tiles} tiles and {result.pips} pips"
              + (f" (the first {len(result.ties)} shown)" if len(result.ties) < result.tie_count else ""))
        for train in result.ties:
            print("  " + " ".join(map(str, train)))
    return 0


def run_hint(args: argparse.Namespace) -> int:
    view = TrainView.from_dict(_read_json(args.view))
    result = train_hint(view, worlds=args.worlds, seed=args.seed, time_budget_ms=args.time_budget_ms)
    if args.json:
        print_json(result.to_dict())
        return 0
    print(f"seat {result.seat}: {result.move}   ({result.worlds} worlds, seed {result.seed}, "
          f"{1000 * result.elapsed:.0f} ms)")
    if result.worlds:
        print("  expected points  go out   move")
        for o in result.options:
            print(f"  {o.penalty:15.2f}  {100 * o.out:5.1f}%   {o.move}")
    else:
        print("  the only legal move")
    return 0


def run_play(args: argparse.Namespace) -> int:
    players = check_players(args.players)
    names = parse_lineup(args.policies, players) if args.policies else ["baseline"] * players
    policies = [make_policy(n, args.seed * 7_919 + s, args.worlds) for s, n in enumerate(names)]
    game = play_game(players, seed=args.seed, policies=policies, short=args.short, rounds=args.rounds)
    print(f"{players} players ({','.join(names)}), seed {args.seed}")
    totals = [0] * players
    for k, r in enumerate(game.rounds):
        result = r.result
        totals = [a + b for a, b in zip(totals, result["points"])]
        how = "blocked" if result["blocked"] else f"player {result['winner']} out"
        print(f"round {k + 1:2d} engine {r.deal.engine:2d}-{r.deal.engine:<2d} starter {r.starter}  "
              f"{len(r.moves):3d} moves, {how:<14} points {result['points']}  totals {totals}")
    winners = game.winners()
    if winners is not None:
        print(f"winner{'s' if len(winners) > 1 else ''}: {', '.join(f'player {w}' for w in winners)} "
              f"with {min(totals)}")
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(game.to_json())
    return 0


def run_arena_command(args: argparse.Namespace) -> int:
    progress = DoneOfTotal("round", not args.quiet)
    try:
        result = run_arena(players=args.players, rounds=args.rounds, seed=args.seed, policies=args.policies,
                           worlds=args.worlds, progress=progress)
    finally:
        progress.close()
    if args.json:
        print_json(result.to_dict())
    else:
        print(result)
    return 0


def run_check(args: argparse.Namespace) -> int:
    record = load_record(_read_json(args.record))
    if isinstance(record, GameRecord):
        out = {"game": True, "rounds": len(record.rounds), "finished": record.finished,
               "totals": record.totals(), "winners": record.winners()}
    else:
        out = {"game": False, "moves": len(record.moves), **record.result}
    if args.json:
        print_json(out)
    else:
        print("record is legal: " + ", ".join(f"{k} {v}" for k, v in out.items()))
    return 0
