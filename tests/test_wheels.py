"""The wheels' configuration (issue 55.2), read statically: [tool.cibuildwheel] builds every
required target and tests each installed wheel from outside the source tree, the C++ code keeps
GCC's built-ins behind cpp/engine/builtins.hpp (MSVC builds the Windows wheels), and CI runs
tools/wheel_check.sh."""

import re
import shlex
from fnmatch import fnmatch
from pathlib import Path

import pytest

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

pytestmark = pytest.mark.skipif(tomllib is None, reason="reads pyproject.toml with tomllib (Python 3.11+)")

ROOT = Path(__file__).resolve().parent.parent
PYTHONS = ["cp39", "cp310", "cp311", "cp312", "cp313"]
# cibuildwheel's identifiers' platforms, with the architecture option that names each.
PLATFORMS = {
    "manylinux_x86_64": ("linux", "x86_64"), "manylinux_aarch64": ("linux", "aarch64"),
    "musllinux_x86_64": ("linux", "x86_64"), "musllinux_aarch64": ("linux", "aarch64"),
    "macosx_x86_64": ("macos", "x86_64"), "macosx_arm64": ("macos", "arm64"),
    "win_amd64": ("windows", "AMD64"),
}


def config():
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["cibuildwheel"]


def patterns(value):
    return value.split() if isinstance(value, str) else [word for item in value for word in item.split()]


@pytest.mark.parametrize("python", PYTHONS)
@pytest.mark.parametrize("platform", PLATFORMS)
def test_every_required_wheel_is_built(python, platform):
    cfg = config()
    identifier = f"{python}-{platform}"
    assert any(fnmatch(identifier, p) for p in patterns(cfg["build"])), identifier
    assert not any(fnmatch(identifier, p) for p in patterns(cfg.get("skip", ""))), identifier
    system, arch = PLATFORMS[platform]
    assert arch in cfg[system]["archs"]


def test_no_other_python_is_built():
    build = patterns(config()["build"])
    for other in ("cp38", "cp314", "pp310"):
        assert not any(fnmatch(f"{other}-manylinux_x86_64", p) for p in build), other


def test_the_macos_target_has_cxx17s_aligned_allocation():
    target = config()["macos"]["environment"]["MACOSX_DEPLOYMENT_TARGET"]
    assert tuple(int(part) for part in target.split(".")) >= (10, 15)


def test_each_wheel_is_tested_installed_from_outside_the_source_tree():
    cfg = config()
    words = shlex.split(cfg["test-command"])
    assert words[:3] == ["python", "-m", "pytest"]
    assert "no:cacheprovider" in words  # (nothing written into the source tree)
    files = [w for w in words if w.endswith(".py")]
    assert len(files) >= 8
    for word in files:
        assert word.startswith("{project}/tests/"), word  # cibuildwheel runs it in a temporary folder
        assert (ROOT / word.replace("{project}/", "", 1)).is_file(), word
    assert "{project}/tests/test_crosscheck_engine.py" in files  # the engine against the reference
    assert "server" in cfg["test-extras"]  # tests/conftest.py imports FastAPI
    assert any(r.startswith("pytest") for r in cfg["test-requires"])


def test_the_cpp_code_uses_gccs_built_ins_only_through_builtins_hpp():
    sources = [p for p in (ROOT / "cpp").rglob("*.[ch]pp") if p.name != "builtins.hpp" and "tests" not in p.parts]
    assert sources
    for path in sources:
        text = re.sub(r"//[^\n]*", "", path.read_text(encoding="utf-8"))
        for banned in ("__int128", "std::aligned_alloc"):
            assert banned not in text, f"{path.name}: {banned}"
        for builtin in re.findall(r"__builtin_\w+", text):
            # The dispatch's CPU test sits behind search.cpp's guard for GCC on x86-64.
            assert (path.name, builtin) == ("search.cpp", "__builtin_cpu_supports"), f"{path.name}: {builtin}"


def test_the_x86_64_v3_copy_is_built_by_gcc_on_x86_64_alone():
    search = re.sub(r"//[^\n]*", "", (ROOT / "cpp" / "engine" / "search.cpp").read_text(encoding="utf-8"))
    guard = re.search(r"#if (.*)\n#define MEKSIKO_SEARCH_V3 1", search)
    assert guard and {"defined(__x86_64__)", "defined(__GNUC__)", "!defined(__clang__)"} <= set(
        re.findall(r"!?defined\(\w+\)", guard.group(1)))
    uses = [m.start() for m in re.finditer(r"__builtin_cpu_supports|#pragma GCC target", search)]
    for start in uses:
        before = search[:start]
        assert before.rfind("#if MEKSIKO_SEARCH_V3") > before.rfind("#endif"), "outside the guard"


def test_ci_runs_the_wheel_check():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^bash tools/wheel_check\.sh\b", ci, re.MULTILINE)
