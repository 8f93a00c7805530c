"""The optional parts of the package, each installed by an extra of pyproject.toml: ``server``
(the HTTP service: fastapi, uvicorn), ``study`` (the study's plots: matplotlib; progress bars:
tqdm), ``cluster`` (studies on Dask). The core (solve, analyse, hint, review) needs only numpy,
so ``import meksiko_solver`` imports none of them: a part that needs one imports it when used,
through :func:`import_extra`."""

from __future__ import annotations

import importlib
from types import ModuleType

from .errors import MissingExtraError


def import_extra(module: str, extra: str, needed_for: str, otherwise: str = "") -> ModuleType:
    """The module ``module``; MissingExtraError naming ``extra`` (and ``otherwise``, a way to do
    without) if it, or a package it imports, is not installed. The project's own modules missing
    is a bug, not a missing extra: that ImportError goes on."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        missing = (exc.name or "").split(".")[0]
        if not missing or missing in ("meksiko_solver", "meksiko_api"):
            raise
        raise MissingExtraError(needed_for, missing, extra, otherwise) from None
