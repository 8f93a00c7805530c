"""The service's container (Dockerfile, issue 55.5): read statically, its stages, user, health
check and command agree with the service; where a container engine answers (`docker info`), the
image is built and run, and its health check turns healthy."""

import json
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import httpx2
import pytest

from local_server import LocalServer, free_port

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "Dockerfile"


def instructions():
    """(INSTRUCTION, arguments) for each instruction, continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    found = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def stages():
    """The stages as lists of (INSTRUCTION, arguments), each from its FROM on."""
    found = []
    for word, rest in instructions():
        if word == "FROM":
            found.append([])
        if found:
            found[-1].append((word, rest))
    return found


def runtime():
    return stages()[-1]


def arguments(stage, word):
    return [rest for w, rest in stage if w == word]


def command_words(rest):
    """A CMD or HEALTHCHECK CMD's words, in JSON (exec) form or shell form."""
    return json.loads(rest) if rest.startswith("[") else shlex.split(rest)


def exposed_port():
    (port,) = arguments(runtime(), "EXPOSE")
    return int(port.split("/")[0])


def health_check():
    (rest,) = arguments(runtime(), "HEALTHCHECK")
    options, _, command = rest.partition("CMD ")
    return options, command_words(command.strip())


def test_the_image_is_built_in_stages_and_the_runtime_takes_only_the_builders_wheel():
    built = stages()
    assert len(built) >= 2
    names = [re.search(r"\bAS\s+(\S+)", stage[0][1], re.IGNORECASE) for stage in built[:-1]]
    assert all(names), "every stage but the last is named (FROM ... AS name)"
    copied = arguments(runtime(), "COPY")
    assert copied and all(rest.startswith(f"--from={names[0].group(1)} ") for rest in copied)
    (install,) = [rest for rest in arguments(runtime(), "RUN") if "pip install" in rest]
    assert "[server]" in install and ".whl" in install


def test_the_runtime_has_no_compiler_installed():
    assert not any("g++" in rest or "gcc" in rest for rest in arguments(runtime(), "RUN"))


def test_the_service_runs_as_a_user_that_is_not_root():
    users = arguments(runtime(), "USER")
    assert users and users[-1].split(":")[0] not in ("root", "0")
    later = runtime()[[w for w, _ in runtime()].index("USER"):]
    assert "CMD" in [w for w, _ in later], "the command runs after USER"


def test_the_command_serves_the_exposed_port_on_every_address():
    (rest,) = arguments(runtime(), "CMD")
    words = command_words(rest)
    assert words[:2] == ["meksiko-solver", "serve"]
    assert words[words.index("--host") + 1] == "0.0.0.0"
    assert int(words[words.index("--port") + 1]) == exposed_port()


def test_the_health_check_asks_the_services_health_route_on_the_served_port(client):
    options, command = health_check()
    assert "--interval=" in options and "--timeout=" in options
    (url,) = re.findall(r"http://[^'\"\s]+", " ".join(command))
    match = re.fullmatch(r"http://127\.0\.0\.1:(\d+)(/\S*)", url)
    assert match, url
    assert int(match.group(1)) == exposed_port()
    answer = client.get(match.group(2))  # the app's route answers, as the check expects
    assert answer.status_code == 200 and answer.json()["status"] == "ok"
    assert command[0] == "python"  # (the slim image has no curl)


def test_the_health_check_command_passes_on_a_running_service_and_fails_without_one():
    _, command = health_check()
    inside = f"127.0.0.1:{exposed_port()}"
    with LocalServer(workers=1) as server:
        # The image's command, with this interpreter and the test server's port.
        words = [sys.executable] + [w.replace(inside, f"127.0.0.1:{server.port}") for w in command[1:]]
        assert words != [sys.executable] + command[1:]
        assert subprocess.run(words, capture_output=True, timeout=30).returncode == 0
    assert subprocess.run(words, capture_output=True, timeout=30).returncode != 0  # (nothing listens now)


def test_the_build_context_leaves_out_build_trees_and_the_repository():
    ignored = {line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")}
    assert {".git", "build/", "dist/", "artifacts/", "**/*.so"} <= ignored


def docker_daemon():
    """Why no image can be built here, or None when the docker daemon answers."""
    if shutil.which("docker") is None:
        return "no docker client"
    try:
        done = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "`docker info` did not answer in 30 s"
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"`docker info` failed: {last}"
    return None


NO_ENGINE = docker_daemon()


@pytest.mark.skipif(NO_ENGINE is not None, reason=f"no container engine: {NO_ENGINE}")
def test_the_image_builds_runs_and_turns_healthy():
    tag = f"meksiko-solver-test:{uuid.uuid4().hex[:12]}"
    subprocess.run(["docker", "build", "-t", tag, str(ROOT)], check=True, capture_output=True)
    port = free_port()
    name = f"meksiko-test-{uuid.uuid4().hex[:12]}"
    try:
        # A short health interval, so the test need not wait the image's own.
        subprocess.run(["docker", "run", "-d", "--name", name, "-p", f"127.0.0.1:{port}:{exposed_port()}",
                        "--health-interval=1s", "--health-start-period=30s", tag],
                       check=True, capture_output=True)
        deadline = time.monotonic() + 90
        status = "starting"
        while time.monotonic() < deadline and status == "starting":
            time.sleep(1)
            status = subprocess.run(["docker", "inspect", "--format", "{{.State.Health.Status}}", name],
                                    capture_output=True, text=True, check=True).stdout.strip()
        assert status == "healthy", subprocess.run(["docker", "logs", name], capture_output=True, text=True).stdout
        user = subprocess.run(["docker", "exec", name, "id", "-u"], capture_output=True, text=True, check=True)
        assert user.stdout.strip() != "0"
        health = httpx2.get(f"http://127.0.0.1:{port}/health", timeout=5).json()
        assert health["status"] == "ok"
    finally:
        subprocess.run(["docker", "rm", "-f", name], capture_output=True)
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True)
