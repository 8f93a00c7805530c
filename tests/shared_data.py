"""Where the shared, verified test data lives: ../shared/testdata beside the checkout
(MEKSIKO_SHARED overrides the shared folder)."""

from __future__ import annotations

import json
import os
from pathlib import Path


def shared_dir() -> Path:
    override = os.environ.get("MEKSIKO_SHARED")
    return Path(override) if override else Path(__file__).resolve().parents[2] / "shared"


def load_jsonl(name: str) -> list:
    path = shared_dir() / "testdata" / name
    assert path.is_file(), f"test data not found: {path} (set MEKSIKO_SHARED)"
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
