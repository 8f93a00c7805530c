"""``meksiko-solver rules``: the rule profiles, their scoring modes and game formats."""

from __future__ import annotations

import argparse
from typing import Any

from ..rules import RULES, describe_rules, rules_dict
from . import print_json


def register(commands: Any) -> None:
    p = commands.add_parser("rules", help="list the rule profiles, scoring modes and formats",
                            description="List the rule profiles with their scoring modes and game formats. "
                                        "--json prints what GET /v1/rules answers.")
    p.add_argument("--json", action="store_true", help="print the profiles as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.json:
        print_json(rules_dict())
    else:
        print("\n\n".join(describe_rules(name) for name in RULES))
    return 0
