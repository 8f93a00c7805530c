"""The command line: ``meksiko-solver <command> ...`` (also ``python -m meksiko_solver``).

Bad input prints one line on stderr and exits with code 2; a closed output pipe
(``meksiko-solver rules | head -1``) ends the program quietly with exit code 0.

Every command is a module of this package with a ``register(commands)`` function that
adds its subparser to ``commands`` (argparse's subparsers object) and sets ``func``, the
handler that takes the parsed arguments and returns an exit code. To add a command,
write its module and add its name to :data:`COMMANDS`: one line. Command modules import
:func:`print_json` and :func:`read_input` from here at their top (``from . import
print_json``); this package imports them only when the parser is built, so there is no
import cycle.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from typing import Optional, Sequence

from .. import __version__
from ..errors import MeksikoError, shown

#: The command modules, in the order of ``--help``; a module ``x_y`` is the command ``x-y``.
COMMANDS = ("solve", "analyze", "batch", "rules", "play", "hint", "arena", "review", "study", "mexican_train",
            "serve")


class UsageError(MeksikoError):
    """Options that do not go together, or an input file that cannot be read."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="meksiko-solver",
        description="Double-dummy solver and hint engine for Meksiko.",
    )
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="command")
    commands.required = True
    for name in COMMANDS:
        importlib.import_module(f"{__name__}.{name}").register(commands)
    return parser


def whole_number(text: str) -> int:
    """The argparse type of every whole-number option, in the project's words: argparse's
    ``int`` says "invalid int value" and quotes the whole text, and for more digits than the
    interpreter converts calls a whole number not one."""
    digits = text.strip().lstrip("+-")
    limit = sys.get_int_max_str_digits() or sys.maxsize  # 0: no limit
    if digits.isdigit() and len(digits) > limit:
        raise argparse.ArgumentTypeError(f"a whole number of {len(digits)} digits, more than the {limit} digits read")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {shown(text)}") from None


def print_json(data: object) -> None:
    """``data`` as indented JSON on standard output (non-ASCII characters kept)."""
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def read_input(path_or_dash: str) -> str:
    """The text of a file, or of standard input for ``-``; UsageError if it cannot be read."""
    if path_or_dash == "-":
        return sys.stdin.read()
    try:
        with open(path_or_dash, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise UsageError(f"cannot read {path_or_dash}: {exc.strerror}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path_or_dash} is not UTF-8 text: {exc.reason}") from None


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a closed pipe must fail here, not at exit
        return code
    except BrokenPipeError:
        # The reader has gone (``| head``): stop quietly. Point stdout at /dev/null so that
        # the interpreter's final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    except (MeksikoError, OSError) as exc:
        print(f"meksiko-solver {args.command}: error: {exc}", file=sys.stderr)
        return 2
