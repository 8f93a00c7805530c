"""Serving the app with uvicorn, with the timeouts and limits that defend it from slow clients.

``serve(settings)`` is what ``meksiko-solver serve`` runs:

- a client has ``header_timeout_s`` to send a request's headers once it connects (or once the
  previous answer on a keep-alive connection is sent), else the connection is closed
  (:class:`GuardedH11Protocol`; uvicorn itself only times out idle keep-alive connections);
- the body then has ``body_timeout_s`` (408, ``middleware.BodySizeLimit``);
- at most ``max_connections`` connections are open at once; requests beyond get 503
  (uvicorn's ``limit_concurrency``); idle keep-alive connections close after 5 s.
"""

from __future__ import annotations

import asyncio
from typing import Optional

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .settings import Settings

KEEP_ALIVE_S = 5


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol that closes a connection whose request headers are not complete
    within ``header_timeout_s`` (slowloris)."""

    header_timeout_s: float = 10.0
    _header_timer: Optional[asyncio.TimerHandle]  # armed until the request's headers are complete

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm_header_timer()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm_header_timer()  # the next request on this connection gets its own time

    def connection_lost(self, exc: Optional[Exception]) -> None:
        self._disarm_header_timer()
        super().connection_lost(exc)

    def _arm_header_timer(self) -> None:
        self._disarm_header_timer()
        self._header_timer = self.loop.call_later(self.header_timeout_s, self._header_timeout)

    def _disarm_header_timer(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def _header_timeout(self) -> None:
        self._header_timer = None
        # their_state is IDLE until a request's headers are parsed (then SEND_BODY, DONE)
        if self.conn.their_state == h11.IDLE and not self.transport.is_closing():
            self.transport.close()


def protocol_for(settings: Settings) -> type:
    return type("GuardedH11Protocol", (GuardedH11Protocol,), {"header_timeout_s": float(settings.header_timeout_s)})


def serve(settings: Settings, log_level: str = "info") -> None:
    from .app import create_app

    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level=log_level,
                http=protocol_for(settings), limit_concurrency=settings.max_connections,
                timeout_keep_alive=KEEP_ALIVE_S)
