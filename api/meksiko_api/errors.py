"""Errors and how they become responses: always JSON ``{"detail": "<message>"}``.

- a library input error (MeksikoError, e.g. a duplicate card) -> 422;
- a request of the wrong shape (pydantic) -> 422, one message per problem naming the
  field path and the bad value, e.g. ``hands[1][3]: unknown card 'ZZ': ...``;
- a body that is not JSON -> 400; one not sent as JSON (Content-Type) -> 415;
- a body over the size limit -> 413 (middleware.py);
- a request over the server's limits (samples, time budget) -> 422 (LimitError).
"""

from __future__ import annotations

import json
from typing import Any, Optional

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from meksiko_solver.errors import MeksikoError

from .models import ErrorResponse

MAX_SHOWN = 80  # characters of a bad value quoted in a message


class LimitError(MeksikoError):
    """A request asks for more (samples, time budget) than this server allows."""


class SettingsError(MeksikoError):
    """A bad server setting (an argument or a MEKSIKO_API_* variable)."""


def error_response(status: int, detail: str, errors: Optional[list] = None) -> JSONResponse:
    body: dict = {"detail": detail}
    if errors is not None:
        body["errors"] = errors
    return JSONResponse(body, status_code=status)


async def meksiko_error(request: Request, exc: MeksikoError) -> JSONResponse:
    return error_response(422, str(exc))


async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    problems = exc.errors()
    for problem in problems:
        if isinstance(problem.get("input"), bytes):  # FastAPI did not read the body as JSON
            content_type = request.headers.get("content-type")
            sent = f"Content-Type {content_type!r}" if content_type else "no Content-Type"
            return error_response(415, f"send the body as JSON with Content-Type: application/json (got {sent})")
        if problem.get("type") == "json_invalid":
            reason = (problem.get("ctx") or {}).get("error", "invalid JSON")
            return error_response(400, f"the request body is not valid JSON: {reason}")
    messages = [describe(problem) for problem in problems]
    return error_response(422, "; ".join(messages), messages)


def describe(problem: dict) -> str:
    """``<field path>: <message>[, got <value>]`` for one pydantic error."""
    path = field_path(problem.get("loc", ()))
    kind = problem.get("type", "")
    message = problem.get("msg", "invalid value")
    if kind == "meksiko_notation":  # our own checks (models.py) quote the value already
        return f"{path}: {message}"
    message = message[:1].lower() + message[1:]
    if kind == "missing":
        return f"{path}: field required"
    if kind == "extra_forbidden":
        return f"{path}: unknown field (with value {shown(problem.get('input'))})"
    return f"{path}: {message}, got {shown(problem.get('input'))}"


def field_path(loc: tuple) -> str:
    """``('body', 'hands', 1, 3)`` -> ``hands[1][3]``; the whole body is ``body``."""
    parts = list(loc)
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        where, parts = parts[0], parts[1:]
    else:
        where = "body"
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text or where


def shown(value: Any) -> str:
    """A bad value as JSON, cut short if long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def install(app: FastAPI) -> None:
    app.add_exception_handler(MeksikoError, meksiko_error)
    app.add_exception_handler(RequestValidationError, validation_error)


#: The error responses every route may give, for the OpenAPI document.
ERROR_RESPONSES: dict = {
    status: {"model": ErrorResponse, "description": description}
    for status, description in [
        (400, "the body is not valid JSON"),
        (413, "the body is over the size limit"),
        (415, "the body is not sent as JSON (Content-Type: application/json)"),
        (422, "a bad value: the message names the field and the value"),
    ]
}
