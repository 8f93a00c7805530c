"""tools/fit_first_guess.py reproduces the first-guess coefficients in cpp/engine/search_kernel.hpp."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "fit_first_guess.py"


def test_fit_reproduces_the_coefficients_in_the_search():
    run = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "search_kernel.hpp holds exactly these coefficients" in run.stdout
