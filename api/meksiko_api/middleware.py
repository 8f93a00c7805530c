"""ASGI middleware: the Host check (421), the request body's size limit (413) and time limit (408).

Each request's arrival time is kept in its scope (``ARRIVAL``): time budgets count from it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import time
from typing import FrozenSet, Optional

ARRIVAL = "meksiko.arrival"  # scope key: time.monotonic() when the request reached the app


def arrival(scope) -> float:
    return scope.get(ARRIVAL, time.monotonic())


def host_name(value: str) -> str:
    """The host of a Host header, lower case, without its port or IPv6 brackets."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    name, _, port = value.rpartition(":")
    return name if name and port.isdigit() else value


def is_address(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostCheck:
    """Serve only the Host names in ``hosts`` (and IP addresses): a page on another site that
    rebinds its own name to this machine's address sends that name and gets 421."""

    def __init__(self, app, hosts: Optional[FrozenSet[str]]) -> None:
        self.app = app
        self.hosts = hosts

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and self.hosts is not None:
            raw = dict(scope.get("headers") or []).get(b"host")
            if raw is not None:
                name = host_name(raw.decode("latin-1"))
                if name not in self.hosts and not is_address(name):
                    shown = json.dumps(name[:80])
                    await reply(send, 421, f"this server does not serve the host {shown}: it serves "
                                           f"{', '.join(sorted(self.hosts))} and IP addresses "
                                           f"(MEKSIKO_API_ALLOWED_HOSTS)", "host")
                    return
        await self.app(scope, receive, send)


class BodySizeLimit:
    """Refuse a request whose body is over ``max_bytes`` with 413, before the app sees it, and
    one whose body takes more than ``timeout_s`` seconds to arrive with 408.

    A Content-Length over the limit is refused at once; a streamed (chunked) body
    is read up to the limit and refused as soon as it goes over. A body within the
    limit is read whole and handed on to the app.
    """

    def __init__(self, app, max_bytes: int, timeout_s: float = 10.0) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout_s = timeout_s

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope[ARRIVAL] = time.monotonic()
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                await reply(send, 400, f"Content-Length {json.dumps(length.decode('latin-1')[:40])} is not a number",
                            "http")
                return
            if declared > self.max_bytes:
                await reply(send, 413, f"the request body of {declared} bytes is over this server's limit "
                                       f"of {self.max_bytes} bytes", "too_large")
                return
        try:
            body = await asyncio.wait_for(self._read(receive, send), self.timeout_s)
        except asyncio.TimeoutError:
            await reply(send, 408, f"the request body did not arrive within {self.timeout_s:g} s", "timeout")
            return
        if body is None:
            return
        delivered = False

        async def replay():
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _read(self, receive, send) -> Optional[bytes]:
        """The whole body; None when the request is answered (413) or the client went away."""
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return None  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await reply(send, 413, f"the request body is over this server's limit of {self.max_bytes} bytes",
                            "too_large")
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


async def reply(send, status: int, detail: str, kind: str) -> None:
    body = json.dumps({"detail": detail, "kind": kind, "field": None}, separators=(",", ":")).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
