"""The command line: ``meksiko-solver <command> ...`` (also ``python -m meksiko_solver``).

Bad input prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Optional, Sequence

from .errors import MeksikoError
from . import cli_analyze, cli_game, cli_hint, cli_review, cli_serve, cli_solve
from .mexican_train import cli as mexican_train_cli


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="meksiko-solver",
        description="Double-dummy solver and hint engine for Meksiko.",
    )
    commands = parser.add_subparsers(dest="command", metavar="command")
    commands.required = True
    for module in _command_modules():
        module.register(commands)
    return parser


def _command_modules() -> list:
    return [cli_solve, cli_analyze, cli_game, cli_hint, cli_review, cli_serve, mexican_train_cli]


def print_json(data: object) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except MeksikoError as exc:
        print(f"meksiko-solver {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"meksiko-solver {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
