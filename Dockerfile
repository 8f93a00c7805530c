# The HTTP service in a container (docs/api.md, "In a container"):
#   docker build -t meksiko-solver .
#   docker run --rm -p 8000:8000 meksiko-solver
# The builder compiles the wheel (the portable build: it runs on any x86-64-v2 CPU, or aarch64);
# the runtime image holds the wheel with its server extra alone, no compiler, run by a plain user.
ARG PYTHON_IMAGE=python:3.12-slim

FROM ${PYTHON_IMAGE} AS builder
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends g++ \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# CMake and Ninja come from PyPI as build requirements (scikit-build-core) when the image has none.
RUN python -m pip wheel --no-cache-dir --no-deps -w /wheels .

FROM ${PYTHON_IMAGE} AS runtime
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
COPY --from=builder /wheels /wheels
RUN wheel=$(ls /wheels/meksiko_solver-*.whl) \
    && python -m pip install --no-cache-dir "${wheel}[server]" \
    && rm -rf /wheels
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin meksiko
USER meksiko
WORKDIR /home/meksiko
EXPOSE 8000
# The slim image has no curl: Python's urllib asks GET /health (meksiko_api/routers/health.py).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/health', timeout=4).status != 200)"]
# 0.0.0.0: every address of the container, so that `docker run -p` reaches it. The Host names
# served are localhost and the IP addresses; others need MEKSIKO_API_ALLOWED_HOSTS (docs/api.md).
CMD ["meksiko-solver", "serve", "--host", "0.0.0.0", "--port", "8000"]
