"""tools/hint_turns.py times the play hints and their engine calls for builds in turns."""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tools" / "hint_turns.py"


def test_one_round_of_this_build_against_itself():
    done = subprocess.run([sys.executable, str(SCRIPT), f"{sys.executable}:{ROOT}", f"{sys.executable}:.",
                           "--rounds", "1", "--passes", "1"], cwd=ROOT, capture_output=True, text=True, check=True)
    rows = [line.split("|")[1:-1] for line in done.stdout.splitlines() if re.match(r"\| (opening|later) ", line)]
    assert [(r[0].strip(), r[1].strip() == f"{sys.executable} {ROOT}") for r in rows] == [
        ("opening", True), ("opening", False), ("later", True), ("later", False)]
    for cells in rows:
        whole, engine, python = (float(c) for c in cells[2:5])
        assert whole > engine > 0 and abs(whole - engine - python) < 0.02
    for reference in (rows[0], rows[2]):  # the first side against itself
        assert all(c.strip() == "1.00 [1.00-1.00]" for c in reference[5:])


def test_a_side_without_its_tree_is_refused():
    done = subprocess.run([sys.executable, str(SCRIPT), sys.executable], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "not PYTHON:TREE" in done.stderr
