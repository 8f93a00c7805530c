"""The C++ engine's own unit tests (doctest, cpp/tests/), built with CMake and run by ctest:
once as a portable release build, run with the baseline's search (MEKSIKO_INSTRUCTION_SET=x86-64-v2:
the code paths without BMI2, with the tools of tools/*.cpp), and once, portable as well, under
AddressSanitizer and UndefinedBehaviorSanitizer with the search this CPU picks (the pext/pdep
paths where the CPU has them). The release build's engine library also shows that only the
search's copy for x86-64-v3 holds that set's instructions.

They need cmake, a C++ compiler and the doctest headers (Debian: doctest-dev; .ci/run
installs it)."""

from __future__ import annotations

import os
import platform
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def build_and_run(build_dir: str, *options: str, env: dict[str, str] | None = None) -> Path:
    cmake = shutil.which("cmake")
    assert cmake, "cmake is needed to build the C++ unit tests"
    generator = ["-G", "Ninja"] if shutil.which("ninja") else []
    build = ROOT / "build" / build_dir
    configure = [cmake, "-S", str(ROOT), "-B", str(build), *generator,
                 "-DMEKSIKO_BUILD_PYTHON=OFF", "-DMEKSIKO_BUILD_TESTS=ON", *options]
    for cmd in (configure, [cmake, "--build", str(build), "-j", "2"]):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        assert proc.returncode == 0, (
            f"{' '.join(cmd)} failed (the doctest headers come with Debian's doctest-dev):\n"
            + proc.stdout[-3000:] + proc.stderr[-3000:]
        )
    proc = subprocess.run(["ctest", "--output-on-failure"], cwd=build, capture_output=True, text=True,
                          env={**os.environ, **(env or {})})
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
    assert "100% tests passed" in proc.stdout
    return build


# Instructions of x86-64-v3 that no x86-64-v2 CPU runs: VEX-coded (AVX, AVX2, FMA), BMI1, BMI2,
# LZCNT, MOVBE. (tzcnt is left out: it is coded as `rep bsf`, which older CPUs run as bsf, and
# GCC uses it so for any x86-64.)
V3_INSTRUCTION = re.compile(r"^\s*[0-9a-f]+:\t(v[a-z0-9]+|pext|pdep|andn|bextr|blsi|blsmsk|blsr|bzhi|lzcnt|"
                            r"mulx|rorx|sarx|shlx|shrx|movbe)\s")


def functions_with_v3_instructions(binary: Path) -> set[str]:
    listing = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", str(binary)],
                             capture_output=True, text=True, check=True).stdout
    found, function = set(), None
    for line in listing.splitlines():
        start = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if start:
            function = start.group(1)
        elif function and V3_INSTRUCTION.match(line + " "):
            found.add(function)
    return found


def test_cpp_unit_tests_release():
    # With the tools: tools/relaxed_discards.cpp runs as a test of its own (see CMakeLists.txt).
    build = build_and_run("cpp-tests", "-DCMAKE_BUILD_TYPE=Release", "-DMEKSIKO_NATIVE=OFF",
                          "-DMEKSIKO_BUILD_BENCH=ON", env={"MEKSIKO_INSTRUCTION_SET": "x86-64-v2"})
    if platform.system() != "Linux" or platform.machine() != "x86_64" or not shutil.which("objdump"):
        return  # (the search for x86-64-v3 is compiled by GCC only)
    # The search for x86-64-v3 is there, and no code outside it (which every CPU runs) uses
    # x86-64-v3's instructions, not even an inline helper's or a template's copy.
    library = next(build.glob("libmeksiko_engine.a"))
    found = functions_with_v3_instructions(library)
    assert any("x86_64_v3::SearchKernel::lead_node" in f for f in found), sorted(found)[:20]
    # (The table's AVX2 slot comparisons, which only that copy calls, are functions of their own.)
    assert [f for f in found if "meksiko::x86_64_v3::" not in f and "_avx2(" not in f] == []


@pytest.mark.sanitizers
def test_cpp_unit_tests_under_asan_and_ubsan():
    build_and_run("cpp-asan", "-DCMAKE_BUILD_TYPE=Debug", "-DMEKSIKO_SANITIZE=ON")
