"""The web page for players at ``/``: plain HTML, CSS and JavaScript shipped inside the package.

``GET /`` is ``static/index.html``; ``GET /static/<path>`` serves the page's other files (its ES
modules under ``static/js/``, the text catalogue under ``static/i18n/``). Only the files found
under ``static/`` at start-up are served (a fixed list, keyed by their relative path), never a
path from the request.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent.parent / "static"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
FILES = ({p.relative_to(STATIC).as_posix(): p for p in sorted(STATIC.rglob("*")) if p.is_file() and p.suffix in TYPES}
         if STATIC.is_dir() else {})

router = APIRouter(tags=["web"], include_in_schema=False)


def _file(name: str) -> FileResponse:
    path = FILES.get(name)
    if path is None:
        raise HTTPException(status_code=404, detail=f"no file {name!r} in the page's static files")
    # no-cache: the browser revalidates (ETag) so a new version of the page is never mixed with an old one
    return FileResponse(path, media_type=TYPES[path.suffix], headers={"Cache-Control": "no-cache"})


@router.get("/")
def index() -> FileResponse:
    return _file("index.html")


@router.get("/static/{name:path}")
def static(name: str) -> FileResponse:
    return _file(name)
