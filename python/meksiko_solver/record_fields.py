"""Checks on the fields of JSON records: each failure is a RecordError that names the item."""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Dict, Iterator, List, Sequence, Tuple

from .cards import Card
from .errors import MeksikoError, RecordError


@contextmanager
def naming_item(what: str) -> Iterator[None]:
    """Re-raise any MeksikoError inside as a RecordError naming the item ``what``."""
    try:
        yield
    except MeksikoError as exc:
        raise RecordError(f"{what}: {exc}") from None


def as_list(value: object, what: str) -> List[Any]:
    if not isinstance(value, (list, tuple)):
        raise RecordError(f"{what} must be a list, not {value!r}")
    return list(value)


def as_cards(value: object, what: str) -> Tuple[Card, ...]:
    cards = []
    for i, item in enumerate(as_list(value, what)):
        with naming_item(f"{what}[{i}]"):
            cards.append(Card(item))
    return tuple(cards)


def checked_keys(data: object, keys: Sequence[str], required: Sequence[str], what: str) -> Dict[str, Any]:
    if not isinstance(data, dict):
        raise RecordError(f"a {what} must be a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in keys:
            raise RecordError(f"unknown key {key!r} in the {what}: valid keys are {', '.join(keys)}")
    for key in required:
        if key not in data:
            raise RecordError(f"missing key {key!r} in the {what}")
    return data


def load_json(text: str, what: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the {what} is not valid JSON: {exc}") from None
