"""Errors and how they become responses: always JSON with a message and a machine-readable kind.

Every error body is ``{"detail": "<message>", "kind": "<kind>", "field": "<path>" or null}``;
a 422 on the request's shape adds ``errors`` (one message per problem, ``detail`` joins them)
and ``problems`` (``{"field", "kind", "message"}`` per problem).

- a library input error (MeksikoError, e.g. a duplicate card) -> 422, its kind from KINDS;
- a request of the wrong shape (pydantic) -> 422, one message per problem naming the
  field path and the bad value, e.g. ``hands[1][3]: unknown card 'ZZ': ...``;
- a body that is not JSON -> 400; one not sent as JSON (Content-Type) -> 415;
- an integer longer than the interpreter reads (4300 digits) -> the field's own 422 where its
  model refuses one that long (``declarer: input should be less than or equal to 2, got an
  integer of 4301 digits``), else 400 ``json`` naming the field and the digits;
- a body over the size limit -> 413, one sent too slowly -> 408 (middleware.py);
- a Host the server does not serve -> 421 (middleware.py);
- a request over the server's limits (samples, cost) -> 422 (LimitError);
- a part of the library that needs an extra this server was installed without -> 501
  (MissingExtraError, kind ``missing_extra``);
- a full queue -> 503 with Retry-After (BusyError); a request past its time budget -> 503 (TimeBudgetError).

Messages are cut to MAX_MESSAGE characters and never carry a lone surrogate (which JSON
cannot encode as UTF-8): bad text is quoted with ``\\udXXX`` escapes instead.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List, Optional, Sequence, Tuple, Type, Union

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import TypeAdapter, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException

from meksiko_solver.errors import (AuctionError, GameStateError, IllegalPlayError, MeksikoError, MissingExtraError,
                                   NotationError, OptionError, PositionError, RecordError, RulesError)
from meksiko_solver.studies import StudyError

from .models import ErrorResponse

MAX_SHOWN = 80  # characters of a bad value quoted in a message
MAX_MESSAGE = 1000  # characters of one message


class LimitError(MeksikoError):
    """A request asks for more (samples, time budget, cost) than this server allows."""


class SettingsError(MeksikoError):
    """A bad server setting (an argument or a MEKSIKO_API_* variable)."""


class BusyError(Exception):
    """The queue for this kind of request is full: 503, try again after ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ClientGone(Exception):
    """The client disconnected before its answer was ready: its work was stopped (the answer,
    a 503, is never read)."""


class TimeBudgetError(BusyError):
    """The request's time budget (counted from its arrival) ran out before its work was done."""


#: The library's exceptions and the kind each error body names, most specific first.
KINDS: Sequence[Tuple[Type[Exception], str]] = (
    (NotationError, "notation"),          # text that is not a card, hand, suit, seat or contract
    (PositionError, "position"),          # a position that cannot arise (duplicates, uneven hands)
    (IllegalPlayError, "illegal_play"),   # a card the rules of play do not allow there
    (AuctionError, "auction"),            # a call the auction does not allow there
    (RulesError, "rules"),                # an unknown rule profile, mode or format
    (GameStateError, "game_state"),       # running totals, dealer or target no game can be in
    (RecordError, "record"),              # a malformed deal or game record, or view
    (OptionError, "option"),              # a bad samples, seed, threads, table size or time budget
    (LimitError, "limit"),                # over this server's limits
    (StudyError, "study"),                # study options the study cannot run with
    (MissingExtraError, "missing_extra"),  # this server lacks an optional part (501, not the client's fault)
    (MeksikoError, "invalid"),            # any other input the library refuses
)

#: Kinds of the errors the service itself gives, by HTTP status (for the docs and the fuzzers).
SERVICE_KINDS = {"json": 400, "http": 400, "not_found": 404, "method": 405, "timeout": 408, "too_large": 413,
                 "content_type": 415, "host": 421, "shape": 422, "busy": 503, "time_budget": 503,
                 "client_gone": 503}


def kind_of(exc: BaseException) -> str:
    for cls, kind in KINDS:
        if isinstance(exc, cls):
            return kind
    return "invalid"


def clean(text: str, limit: int = MAX_MESSAGE) -> str:
    """Text safe to send as JSON: lone surrogates escaped, cut to ``limit`` with its length said."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def error_body(status: int, detail: str, kind: str, field: Optional[str] = None,
               problems: Optional[List[Dict[str, Any]]] = None) -> Dict[str, Any]:
    body: Dict[str, Any] = {"detail": clean(detail, MAX_MESSAGE * 4 if problems else MAX_MESSAGE), "kind": kind, "field": field}
    if problems is not None:
        body["errors"] = [p["message"] for p in problems]
        body["problems"] = problems
    return body


def error_response(status: int, detail: str, kind: str, field: Optional[str] = None,
                   problems: Optional[List[Dict[str, Any]]] = None, headers: Optional[Dict[str, str]] = None) -> JSONResponse:
    return JSONResponse(error_body(status, detail, kind, field, problems), status_code=status, headers=headers)


async def meksiko_error(request: Request, exc: MeksikoError) -> JSONResponse:
    return error_response(501 if isinstance(exc, MissingExtraError) else 422, str(exc), kind_of(exc))


async def busy_error(request: Request, exc: BusyError) -> JSONResponse:
    kind = "time_budget" if isinstance(exc, TimeBudgetError) else "busy"
    return error_response(503, str(exc), kind, headers={"Retry-After": str(exc.retry_after)})


HTTP_KINDS = {404: "not_found", 405: "method"}


#: FastAPI's message for a body it could not decode (not UTF-8, or nested too deeply for json.loads).
FASTAPI_PARSE_ERROR = "There was an error parsing the body"


async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
    if exc.status_code == 400 and exc.detail == FASTAPI_PARSE_ERROR:
        too_long = _long_integer(request, await request.body())
        if too_long is not None:
            return too_long
        return error_response(400, f"the request body is not valid JSON: {await _json_problem(request)}", "json")
    return error_response(exc.status_code, str(exc.detail), HTTP_KINDS.get(exc.status_code, "http"),
                          headers=getattr(exc, "headers", None))


async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
    problems = exc.errors()
    for problem in problems:
        if isinstance(problem.get("input"), bytes):  # FastAPI did not read the body as JSON
            content_type = request.headers.get("content-type")
            sent = f"Content-Type {shown(content_type)}" if content_type else "no Content-Type"
            return error_response(415, f"send the body as JSON with Content-Type: application/json (got {sent})",
                                  "content_type")
        if problem.get("type") == "json_invalid":
            reason = (problem.get("ctx") or {}).get("error", "invalid JSON")
            return error_response(400, f"the request body is not valid JSON: {reason}", "json")
    listed = [{"field": field_path(p.get("loc", ())), "kind": problem_kind(p), "message": describe(p)}
              for p in problems]
    return error_response(422, "; ".join(p["message"] for p in listed), listed[0]["kind"], listed[0]["field"],
                          listed)


class _LongInteger:
    """A JSON integer with more digits than the interpreter converts (its str-to-int limit)."""

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))
        self.negative = text.startswith("-")


def _digit_limit() -> int:
    return sys.get_int_max_str_digits() or sys.maxsize  # 0: no limit


def _read_int(text: str) -> Any:
    return int(text) if len(text.lstrip("-")) <= _digit_limit() else _LongInteger(text)


def _first_long_integer(value: Any, loc: Tuple[Union[int, str], ...] = ()) -> Optional[Tuple[Tuple[Union[int, str], ...], _LongInteger]]:
    if isinstance(value, _LongInteger):
        return loc, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _first_long_integer(item, loc + (key,))
        if found is not None:
            return found
    return None


def _stand_in(value: Any) -> Any:
    """The body with each too-long integer replaced by one of as many digits as are read."""
    if isinstance(value, _LongInteger):
        big = 10 ** (min(_digit_limit(), 4300) - 1)
        return -big if value.negative else big
    if isinstance(value, dict):
        return {k: _stand_in(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_stand_in(v) for v in value]
    return value


def _long_integer(request: Request, body: bytes) -> Optional[JSONResponse]:
    """The answer to a body refused only for an integer too long to read: the field's own rule
    (422, as a shorter out-of-range integer gets) where the route's model refuses an integer that
    long, else 400 naming the field and the number of digits read. None for other bad bodies."""
    try:
        data = json.loads(body, parse_int=_read_int)
    except (ValueError, RecursionError):
        return None
    found = _first_long_integer(data)
    if found is None:
        return None
    loc, number = found
    path = field_path(loc) if loc and isinstance(loc[0], str) else "body" + field_path(loc).replace("body", "")
    got = f"an integer of {number.digits} digits"
    body_field = getattr(request.scope.get("route"), "body_field", None)
    model = getattr(getattr(body_field, "field_info", None), "annotation", None)
    if model is not None:
        try:
            TypeAdapter(model).validate_python(_stand_in(data))
        except ValidationError as exc:
            for problem in exc.errors():
                if tuple(problem.get("loc", ())) == loc and problem.get("type") != "meksiko_notation":
                    message = clean(str(problem.get("msg", "invalid value")), MAX_MESSAGE // 2)
                    text = f"{path}: {message[:1].lower() + message[1:]}, got {got}"
                    return error_response(422, text, "shape", path,
                                          [{"field": path, "kind": "shape", "message": text}])
    return error_response(400, f"{path}: {got}, more than the {_digit_limit()} digits this API reads "
                               "in an integer", "json", path)


async def _json_problem(request: Request) -> str:
    try:
        json.loads(await request.body())
    except UnicodeDecodeError as exc:
        return f"it is not UTF-8 text ({exc.reason} at byte {exc.start})"
    except RecursionError:
        return "it is nested too deeply"
    except ValueError as exc:
        return str(exc)
    return "it could not be read"


def problem_kind(problem: Dict[str, Any]) -> str:
    """Our own notation checks (models.py) are ``notation``; the rest is the request's ``shape``."""
    return "notation" if problem.get("type") == "meksiko_notation" else "shape"


def describe(problem: Dict[str, Any]) -> str:
    """``<field path>: <message>[, got <value>]`` for one pydantic error."""
    path = field_path(problem.get("loc", ()))
    kind = problem.get("type", "")
    message = clean(str(problem.get("msg", "invalid value")), MAX_MESSAGE // 2)
    if kind == "meksiko_notation":  # our own checks (models.py) quote the value already
        return f"{path}: {message}"
    message = message[:1].lower() + message[1:]
    if kind == "missing":
        return f"{path}: field required"
    if kind == "extra_forbidden":
        return f"{path}: unknown field (with value {shown(problem.get('input'))})"
    return f"{path}: {message}, got {shown(problem.get('input'))}"


def field_path(loc: Tuple[Union[int, str], ...]) -> str:
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
            part = clean(str(part), 40)
            text += f".{part}" if text else part
    return text or where


def shown(value: Any) -> str:
    """A bad value as JSON (non-ASCII kept, lone surrogates escaped), cut short if long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return clean(text, MAX_SHOWN)


async def client_gone(request: Request, exc: Exception) -> JSONResponse:
    return error_response(503, "the client disconnected: the work was stopped", "client_gone")


def install(app: FastAPI) -> None:
    app.add_exception_handler(ClientGone, client_gone)
    # Starlette's stub types a handler as taking any Exception; it only ever passes the registered class.
    app.add_exception_handler(MeksikoError, meksiko_error)  # type: ignore[arg-type]
    app.add_exception_handler(BusyError, busy_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, validation_error)  # type: ignore[arg-type]
    app.add_exception_handler(StarletteHTTPException, http_error)  # type: ignore[arg-type]


#: The error responses every route may give, for the OpenAPI document.
ERROR_RESPONSES: Dict[Union[int, str], Dict[str, Any]] = {
    status: {"model": ErrorResponse, "description": description}
    for status, description in [
        (400, "the body is not valid JSON"),
        (408, "the body was sent too slowly"),
        (413, "the body is over the size limit"),
        (415, "the body is not sent as JSON (Content-Type: application/json)"),
        (421, "the Host header names a host this server does not serve"),
        (422, "a bad value: the message names the field and the value"),
        (503, "the server is busy (its queue is full) or the request's time budget ran out; see Retry-After"),
    ]
}
