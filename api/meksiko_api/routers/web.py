"""The web page for players at ``/``: plain HTML, CSS and JavaScript shipped inside the package.

``GET /`` is ``static/index.html``; ``GET /static/<path>`` serves the page's other files (its ES
modules under ``static/js/``, the text catalogue under ``static/i18n/``). Only the files found
under ``static/`` at start-up are served (a fixed list, keyed by their relative path), never a
path from the request.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import fastapi_offline
from fastapi import APIRouter, HTTPException, Request
from fastapi.openapi.docs import get_redoc_html
from fastapi.responses import FileResponse, HTMLResponse, Response

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
async def index() -> FileResponse:
    return _file("index.html")


@router.get("/static/{name:path}")
async def static(name: str) -> FileResponse:
    return _file(name)


# --- /redoc, offline -------------------------------------------------------------------------------

REDOC_JS = Path(fastapi_offline.__file__).resolve().parent / "static" / "redoc.standalone.js"
#: The one asset the ReDoc bundle fetches from another host (its logo in the menu's footer),
#: replaced by the same small mark drawn inline.
REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg"
LOCAL_LOGO = ("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E"
              "%3Ccircle cx='8' cy='8' r='7' fill='%23a82e2e'/%3E%3C/svg%3E")


@lru_cache(maxsize=1)
def redoc_bundle() -> bytes:
    return REDOC_JS.read_text(encoding="utf-8").replace(REDOC_LOGO, LOCAL_LOGO).encode("utf-8")


@router.get("/redoc")
def redoc(request: Request) -> HTMLResponse:
    root = request.scope.get("root_path", "")
    return get_redoc_html(openapi_url=f"{root}/openapi.json", title="meksiko-solver - ReDoc",
                          redoc_js_url=f"{root}/redoc/redoc.standalone.js", with_google_fonts=False,
                          redoc_favicon_url=f"{root}/static-offline-docs/favicon.png")


@router.get("/redoc/redoc.standalone.js")
def redoc_js() -> Response:
    return Response(redoc_bundle(), media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "max-age=86400"})
