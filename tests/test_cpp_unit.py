"""The C++ engine's own unit tests (doctest, cpp/tests/), built with CMake and run by ctest:
once as a portable release build (the code paths without BMI2, with the tools of tools/*.cpp)
and once for this CPU under AddressSanitizer and UndefinedBehaviorSanitizer (the pext/pdep
paths where the CPU has them).

They need cmake, a C++ compiler and the doctest headers (Debian: doctest-dev; .ci/run
installs it)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def build_and_run(build_dir: str, *options: str) -> None:
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
    proc = subprocess.run(["ctest", "--output-on-failure"], cwd=build, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-2000:]
    assert "100% tests passed" in proc.stdout


def test_cpp_unit_tests_release():
    # With the tools: tools/relaxed_discards.cpp runs as a test of its own (see CMakeLists.txt).
    build_and_run("cpp-tests", "-DCMAKE_BUILD_TYPE=Release", "-DMEKSIKO_NATIVE=OFF", "-DMEKSIKO_BUILD_BENCH=ON")


@pytest.mark.sanitizers
def test_cpp_unit_tests_under_asan_and_ubsan():
    build_and_run("cpp-asan", "-DCMAKE_BUILD_TYPE=Debug", "-DMEKSIKO_SANITIZE=ON")
