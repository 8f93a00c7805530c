"""The library fuzzer (tests/fuzz_library.py) finds nothing: run in a subprocess, so that an
interpreter abort or a hang fails this test instead of killing pytest."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).with_name("fuzz_library.py")


def test_every_public_entry_point_returns_or_raises_a_meksiko_error():
    try:
        done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=240)
    except subprocess.TimeoutExpired as exc:
        raise AssertionError(f"the fuzzer hung:\n{exc.stdout}") from None
    assert done.returncode == 0, f"exit code {done.returncode}\n{done.stdout[-6000:]}\n{done.stderr[-3000:]}"
    assert "targets passed" in done.stdout
