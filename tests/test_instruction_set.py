"""The search's instruction set, picked at run time (cpp/engine/search.cpp): a portable x86-64
build runs its copy for x86-64-v3 where the CPU has it, the baseline's (x86-64-v2) elsewhere or
when MEKSIKO_INSTRUCTION_SET=x86-64-v2 asks for it, and both give the same answers."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from meksiko_solver import _core

KNOWN = {"x86-64-v3", "x86-64-v2", "native", "baseline"}

# Solves seeded random full deals in a fresh interpreter and prints the instruction set and the answers.
SOLVE = """
import json, random, sys
from meksiko_solver import _core
rng = random.Random(700055)
positions = []
for _ in range(150):
    cards = rng.sample(range(32), 30)
    hands = [sum(1 << c for c in cards[10 * s:10 * s + 10]) for s in range(3)]
    positions.append((hands, rng.randrange(5), rng.randrange(3), rng.randrange(3), []))
results = _core.solve_many(positions, card_values=True)
print(json.dumps([_core.instruction_set(), [[r.tricks, r.card_values] for r in results]]))
"""


def solve_in_subprocess(asked=None):
    env = {k: v for k, v in os.environ.items() if k != "MEKSIKO_INSTRUCTION_SET"}
    if asked:
        env["MEKSIKO_INSTRUCTION_SET"] = asked
    out = subprocess.run([sys.executable, "-c", SOLVE], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def cpu_flags():
    cpuinfo = Path("/proc/cpuinfo")
    if not cpuinfo.exists():
        return set()
    for line in cpuinfo.read_text().splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def test_the_instruction_set_is_named():
    assert _core.instruction_set() in KNOWN


def test_a_portable_build_runs_the_best_copy_this_cpu_has():
    chosen, _ = solve_in_subprocess()
    if chosen not in ("x86-64-v3", "x86-64-v2"):
        pytest.skip(f"not a portable x86-64 build: {chosen}")
    flags = cpu_flags()
    if sys.platform == "linux" and flags:  # (GCC builds the copy for x86-64-v3)
        v3 = {"avx2", "bmi1", "bmi2", "fma", "movbe", "abm"} <= flags
        assert chosen == ("x86-64-v3" if v3 else "x86-64-v2")


def test_both_copies_give_the_same_answers():
    best_set, best = solve_in_subprocess()
    if best_set not in ("x86-64-v3", "x86-64-v2"):
        pytest.skip(f"not a portable x86-64 build: {best_set}")
    baseline_set, baseline = solve_in_subprocess("x86-64-v2")
    assert baseline_set == "x86-64-v2"
    assert best == baseline
    assert len({tricks for tricks, _ in best}) > 3  # varied deals, not one answer
