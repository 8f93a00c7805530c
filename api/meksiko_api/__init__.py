"""meksiko_api: the HTTP service over the meksiko_solver library.

Run it with ``meksiko-solver serve`` or ``uvicorn meksiko_api.app:app``; build an
app with other limits with ``create_app(Settings(...))``. See ``docs/api.md``.
"""
