"""The service's settings: where it listens and the limits it puts on each request.

Every field can be set by an environment variable ``MEKSIKO_API_<FIELD>``:

>>> Settings.from_env({"MEKSIKO_API_MAX_SAMPLES": "200"}).max_samples
200
>>> Settings(max_samples=200).check_limits(samples=500)
Traceback (most recent call last):
...
meksiko_api.errors.LimitError: samples 500 is over this server's limit of 200 (MEKSIKO_API_MAX_SAMPLES)
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, Mapping, Optional, Tuple

from .errors import LimitError, SettingsError

ENV_PREFIX = "MEKSIKO_API_"
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
WILDCARD_ADDRESSES = ("0.0.0.0", "::", "")


def _default_workers() -> int:
    return os.cpu_count() or 1


@dataclass(frozen=True)
class Settings:
    """Where the server listens and what one request may ask for."""

    host: str = "127.0.0.1"
    port: int = 8000
    #: Solver threads: requests beyond this many wait their turn (each thread keeps a solver table).
    workers: int = field(default_factory=_default_workers)
    #: Threads of the heavy lane (hints, review); None: ``workers``.
    heavy_workers: Optional[int] = None
    #: Largest request body accepted; larger ones get 413.
    max_body_bytes: int = 64 * 1024
    #: Most sampled worlds one hint or review request may ask for.
    max_samples: int = 1000
    #: Largest time budget (ms) one request may ask for; also the budget of those that name none.
    #: It is counted from the request's arrival, time in the queue included.
    max_time_budget_ms: int = 10_000
    #: Most single-dummy worlds one review may solve in all (samples x cards played).
    max_review_worlds: int = 10_000
    #: Requests that may wait for a solver thread, per lane (quick, heavy); more get 503.
    max_queue: int = 32
    #: Open connections the server (``meksiko-solver serve``) keeps; more get 503.
    max_connections: int = 512
    #: Seconds a client has to send a request's headers, and then its body (408).
    header_timeout_s: int = 10
    body_timeout_s: int = 10
    #: Host header values served (DNS rebinding defence), without port; empty: localhost,
    #: 127.0.0.1, [::1] and ``host``. ``*`` serves any (behind a proxy that checks Host).
    allowed_hosts: Tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.host, str) or not self.host.strip():
            raise SettingsError(f"host must be a host name or address, not {self.host!r}")
        if not isinstance(self.allowed_hosts, tuple) or not all(isinstance(h, str) and h for h in self.allowed_hosts):
            raise SettingsError(f"setting allowed_hosts ({ENV_PREFIX}ALLOWED_HOSTS) must be host names separated by "
                                f"commas, not {self.allowed_hosts!r}")
        for name in INT_SETTINGS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise SettingsError(f"setting {name} ({ENV_PREFIX}{name.upper()}) must be a positive "
                                    f"whole number, not {value!r}")
        if self.heavy_workers is not None and (isinstance(self.heavy_workers, bool) or
                                               not isinstance(self.heavy_workers, int) or self.heavy_workers < 1):
            raise SettingsError(f"setting heavy_workers ({ENV_PREFIX}HEAVY_WORKERS) must be a positive whole number, "
                                f"not {self.heavy_workers!r}")
        if self.port > 65535:
            raise SettingsError(f"setting port ({ENV_PREFIX}PORT) must be from 1 to 65535, not {self.port!r}")

    @classmethod
    def from_env(cls, environ: Optional[Mapping[str, str]] = None, **overrides: object) -> "Settings":
        """Defaults, then ``MEKSIKO_API_*`` variables, then ``overrides`` (None values are ignored)."""
        environ = os.environ if environ is None else environ
        values: Dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            name = ENV_PREFIX + f.name.upper()
            if name not in environ:
                continue
            text = environ[name].strip()
            if f.name == "host":
                values[f.name] = text
                continue
            if f.name == "allowed_hosts":
                values[f.name] = tuple(h.strip().lower() for h in text.split(",") if h.strip())
                continue
            try:
                values[f.name] = int(text)
            except ValueError:
                raise SettingsError(f"{name} must be a whole number, not {environ[name]!r}") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        unknown = set(values) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise SettingsError(f"unknown setting(s): {', '.join(sorted(unknown))}")
        return cls(**values)

    def check_limits(self, samples: Optional[int] = None, time_budget_ms: Optional[int] = None) -> None:
        """Raise LimitError (422) if a request asks for more than this server allows."""
        if samples is not None and samples > self.max_samples:
            raise LimitError(f"samples {samples} is over this server's limit of {self.max_samples} "
                             f"({ENV_PREFIX}MAX_SAMPLES)")
        if time_budget_ms is not None and time_budget_ms > self.max_time_budget_ms:
            raise LimitError(f"time_budget_ms {time_budget_ms} is over this server's limit of "
                             f"{self.max_time_budget_ms} ({ENV_PREFIX}MAX_TIME_BUDGET_MS)")

    def check_review(self, worlds: int) -> None:
        """Raise LimitError (422) if a review would solve more single-dummy worlds than allowed."""
        if worlds > self.max_review_worlds:
            raise LimitError(f"the review would solve {worlds} single-dummy worlds (samples x cards played), over "
                             f"this server's limit of {self.max_review_worlds} ({ENV_PREFIX}MAX_REVIEW_WORLDS): "
                             f"ask for fewer samples or review fewer deals")

    @property
    def heavy_threads(self) -> int:
        """The heavy lane's threads."""
        return self.workers if self.heavy_workers is None else self.heavy_workers

    def hosts(self) -> Optional[FrozenSet[str]]:
        """The Host names served (lower case, no port), or None for any. Addresses (``127.0.0.1``,
        ``[::1]``, ``192.0.2.7``) are always served: a rebinding page can only send a name."""
        if "*" in self.allowed_hosts:
            return None
        names = set(self.allowed_hosts or LOOPBACK_HOSTS)
        if not self.allowed_hosts and self.host not in WILDCARD_ADDRESSES:
            names.add(self.host.strip("[]").lower())
        return frozenset(names)

    def limits(self) -> Dict[str, Any]:
        """The per-request limits, as shown by ``GET /health``."""
        return {"max_body_bytes": self.max_body_bytes, "max_samples": self.max_samples,
                "max_time_budget_ms": self.max_time_budget_ms}


INT_SETTINGS = ("port", "workers", "max_body_bytes", "max_samples", "max_time_budget_ms", "max_review_worlds",
                "max_queue", "max_connections", "header_timeout_s", "body_timeout_s")
