"""Fixtures shared by the test modules.

``client``: a FastAPI TestClient of the service, one per test module (its worker threads and
solver tables are started once). A module that needs other limits than ``Settings(workers=2)``
sets them in a module-level ``API_SETTINGS = Settings(...)``.
"""

from __future__ import annotations

from typing import Iterator

import pytest
from fastapi.testclient import TestClient

from meksiko_api.app import create_app
from meksiko_api.settings import Settings


@pytest.fixture(scope="module")
def client(request: pytest.FixtureRequest) -> Iterator[TestClient]:
    settings = getattr(request.module, "API_SETTINGS", Settings(workers=2))
    with TestClient(create_app(settings), base_url="http://localhost") as c:
        yield c
