"""ASGI middleware: the request body size limit (413)."""

from __future__ import annotations

import json


class BodySizeLimit:
    """Refuse a request whose body is over ``max_bytes`` with 413, before the app sees it.

    A Content-Length over the limit is refused at once; a streamed (chunked) body
    is read up to the limit and refused as soon as it goes over. A body within the
    limit is read whole and handed on to the app.
    """

    def __init__(self, app, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                await _reply(send, 400, f"Content-Length {length.decode('latin-1')!r} is not a number")
                return
            if declared > self.max_bytes:
                await _reply(send, 413, f"the request body of {declared} bytes is over this server's limit "
                                        f"of {self.max_bytes} bytes")
                return
        chunks, size = [], 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await _reply(send, 413, f"the request body is over this server's limit of {self.max_bytes} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        delivered = False

        async def replay():
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


async def _reply(send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}, separators=(",", ":")).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})
