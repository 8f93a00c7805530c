"""``meksiko-solver serve``: run the HTTP service (``meksiko_api``) with uvicorn (``meksiko_api.server``).

The service needs the ``server`` extra (fastapi, uvicorn; without it a MissingExtraError says so);
settings not given as options come from the ``MEKSIKO_API_*`` environment variables (see
``docs/api.md``).
"""

from __future__ import annotations

import argparse
import os
import socket
from typing import Any

from ..extras import import_extra
from . import UsageError, whole_number

MAX_PORT = 65535


def register(commands: Any) -> None:
    p = commands.add_parser(
        "serve",
        help="run the HTTP service",
        description="Run the HTTP service (JSON API, OpenAPI docs at /docs) with uvicorn. It listens on "
        "127.0.0.1 (this machine only) unless told otherwise, and runs until interrupted (Ctrl-C). "
        "Limits come from the MEKSIKO_API_* environment variables.",
    )
    p.add_argument("--host", default=None,
                   help="address to listen on (default 127.0.0.1, or MEKSIKO_API_HOST)")
    p.add_argument("--port", type=whole_number, default=None, help="port to listen on (default 8000, or MEKSIKO_API_PORT)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    for part in ("meksiko_api.app", "meksiko_api.server"):  # fastapi, fastapi-offline; uvicorn
        import_extra(part, "server", "the HTTP service")
    from meksiko_api.errors import SettingsError
    from meksiko_api.server import serve
    from meksiko_api.settings import Settings

    if args.port is not None and not 1 <= args.port <= MAX_PORT:
        raise SettingsError(f"--port must be from 1 to {MAX_PORT}, not {args.port}")
    settings = Settings.from_env(host=args.host, port=args.port)  # a bad variable raises a MeksikoError
    check_can_listen(settings.host, settings.port, _origin(args, "host", settings.host),
                     _origin(args, "port", settings.port))
    serve(settings)  # with the timeouts and limits of meksiko_api.server
    return 0


def _origin(args: argparse.Namespace, name: str, value: object) -> str:
    """Where a setting came from, for an error message: ``--port 80``, ``MEKSIKO_API_PORT=80``
    or ``the default port 8000``."""
    if getattr(args, name) is not None:
        return f"--{name} {value}"
    variable = f"MEKSIKO_API_{name.upper()}"
    return f"{variable}={value}" if variable in os.environ else f"the default {name} {value}"


def check_can_listen(host: str, port: int, host_origin: str, port_origin: str) -> None:
    """UsageError (one line) if nothing can listen on ``host:port`` now, e.g. the port is in use;
    uvicorn would otherwise print a multi-line error and exit with code 3."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host} ({host_origin}): {exc.strerror or exc}") from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind(address)
        except OSError as exc:
            raise UsageError(f"cannot listen on {host}:{port} ({port_origin}, {host_origin}): "
                             f"{exc.strerror or exc}") from None
