"""``meksiko-solver serve``: run the HTTP service (``meksiko_api``) with uvicorn.

The service needs the packages fastapi and uvicorn; settings not given as options
come from the ``MEKSIKO_API_*`` environment variables (see ``docs/api.md``).
"""

from __future__ import annotations

import argparse
import sys


def register(commands: argparse._SubParsersAction) -> None:
    p = commands.add_parser(
        "serve",
        help="run the HTTP service",
        description="Run the HTTP service (JSON API, OpenAPI docs at /docs) with uvicorn. It listens on "
        "127.0.0.1 (this machine only) unless told otherwise. Limits come from the MEKSIKO_API_* "
        "environment variables.",
    )
    p.add_argument("--host", default=None,
                   help="address to listen on (default 127.0.0.1, or MEKSIKO_API_HOST)")
    p.add_argument("--port", type=int, default=None, help="port to listen on (default 8000, or MEKSIKO_API_PORT)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from meksiko_api.server import serve
        from meksiko_api.settings import Settings
    except ImportError as exc:
        print(f"meksiko-solver serve: error: the HTTP service needs {exc.name or 'its dependencies'}: "
              "install fastapi and uvicorn", file=sys.stderr)
        return 2
    settings = Settings.from_env(host=args.host, port=args.port)  # a bad value raises a MeksikoError
    serve(settings)  # with the timeouts and limits of meksiko_api.server
    return 0
