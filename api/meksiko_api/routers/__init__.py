"""One router per resource; app.py includes those listed in its ROUTERS."""
