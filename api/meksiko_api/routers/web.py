"""The web page for players at ``/``: plain HTML, CSS and JavaScript shipped inside the package.

``GET /`` is ``static/index.html``; ``GET /static/<name>`` serves the page's other files. Only
the files of ``static/`` are served (a fixed list, read once), never a path from the request.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent.parent / "static"
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
FILES = {p.name: p for p in STATIC.iterdir() if p.is_file() and p.suffix in TYPES} if STATIC.is_dir() else {}

router = APIRouter(tags=["web"], include_in_schema=False)


def _file(name: str) -> FileResponse:
    path = FILES.get(name)
    if path is None:
        raise HTTPException(status_code=404, detail=f"no file {name!r} in the page's static files")
    # no-cache: the browser revalidates (ETag) so a new version of the page is never mixed with an old one
    return FileResponse(path, media_type=TYPES[path.suffix], headers={"Cache-Control": "no-cache"})


@router.get("/")
async def index() -> FileResponse:
    return _file("index.html")


@router.get("/static/{name}")
async def static(name: str) -> FileResponse:
    return _file(name)
