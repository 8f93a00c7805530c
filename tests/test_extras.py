"""The slim core and its extras (issue 55.3): ``import meksiko_solver`` and the command line's
parser import none of the extras' packages, and a command that needs a missing extra names it
and exits with status 2.

Each check runs in a fresh interpreter (this one has imported everything already); a package is
made "missing" there by a ``sys.meta_path`` finder that refuses to import it."""

import json
import subprocess
import sys
import textwrap

import pytest

from meksiko_solver import MeksikoError, MissingExtraError
from meksiko_solver.extras import import_extra

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

#: The top-level modules of the extras' packages (server, study, cluster).
EXTRA_MODULES = ("fastapi", "fastapi_offline", "starlette", "pydantic", "uvicorn", "matplotlib", "tqdm",
                 "dask", "distributed")

BLOCK = """
import sys
from importlib.abc import MetaPathFinder

class Missing(MetaPathFinder):
    def __init__(self, names):
        self.names = set(names)

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, Missing(sys.argv[1].split(",") if sys.argv[1] else []))
"""

CLI = BLOCK + """
from meksiko_solver.cli import main
sys.exit(main(sys.argv[2:]))
"""


def python(code, *args):
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], capture_output=True, text=True,
                          timeout=120)


def cli(missing, *args):
    """The command line with the top-level modules ``missing`` (a list) refused."""
    return python(CLI, ",".join(missing), *args)


# --- what the core imports ---------------------------------------------------------------------------

#: Prints the top-level modules that ``setup`` imported (not those the interpreter started with).
IMPORTED = """
import json, sys
before = set(sys.modules)
{setup}
print(json.dumps(sorted({{name.split(".")[0] for name in set(sys.modules) - before}})))
"""


@pytest.mark.parametrize("setup", [
    "import meksiko_solver",
    "import meksiko_solver.cli",
    "from meksiko_solver.cli import COMMANDS, main\n"
    "for argv in [['--help']] + [[name.replace('_', '-'), '--help'] for name in COMMANDS]:\n"
    "    try:\n"
    "        main(argv)\n"
    "    except SystemExit:\n"
    "        pass",
], ids=["import", "import-cli", "every-help"])
def test_the_core_imports_no_extra(setup):
    proc = python(IMPORTED.format(setup=setup))
    assert proc.returncode == 0, proc.stderr
    imported = set(json.loads(proc.stdout.splitlines()[-1]))
    assert "meksiko_solver" in imported and "numpy" in imported
    assert not imported & set(EXTRA_MODULES)


@pytest.mark.skipif(tomllib is None, reason="reads pyproject.toml with tomllib (Python 3.11+)")
def test_the_core_dependencies_are_what_the_core_imports():
    """Every package that ``import meksiko_solver`` loads is in ``dependencies`` (numpy), and the
    extras hold the rest."""
    from importlib.metadata import packages_distributions
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
    declared = {req.split(">")[0].split("[")[0].strip().lower() for req in project["dependencies"]}
    proc = python(IMPORTED.format(setup="import meksiko_solver"))
    distributions = packages_distributions()
    third_party = {dist.lower() for name in json.loads(proc.stdout.splitlines()[-1])
                   if name not in sys.stdlib_module_names for dist in distributions.get(name, [])}
    assert third_party - {"meksiko-solver"} == declared == {"numpy"}
    extras = project["optional-dependencies"]
    assert {"server", "study", "cluster", "all", "test"} <= set(extras)
    assert extras["all"] == ["meksiko-solver[server,study,cluster]"]
    assert "meksiko-solver[all]" in extras["test"]  # the suite tests every extra


# --- a command that needs a missing extra -------------------------------------------------------------

@pytest.mark.parametrize("missing, named", [(["fastapi"], "fastapi"), (["uvicorn"], "uvicorn"),
                                            (["fastapi_offline"], "fastapi_offline")])
def test_serve_without_the_server_extra(missing, named):
    proc = cli(missing, "serve", "--port", "8000")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (f"meksiko-solver serve: error: the HTTP service needs {named}, which is not installed: "
                           'pip install "meksiko-solver[server]"\n')


def test_study_plots_without_the_study_extra_stop_before_the_work(tmp_path):
    out = tmp_path / "study"
    proc = cli(["matplotlib"], "study", "--deals", "4", "--out", str(out), "--quiet")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("meksiko-solver study: error: drawing a study's plots needs matplotlib, which is not "
                           'installed: pip install "meksiko-solver[study]"; or study with plots=False '
                           "(the command line's --no-plots)\n")
    assert not (out / "chunks").exists()  # nothing was solved before the error
    done = cli(["matplotlib"], "study", "--deals", "4", "--out", str(out), "--quiet", "--no-plots")
    assert done.returncode == 0, done.stderr
    assert json.loads((out / "summary.json").read_text())["deals"] == 4


def test_study_on_a_cluster_without_the_cluster_extra(tmp_path):
    proc = cli(["distributed", "dask"], "study", "--deals", "4", "--out", str(tmp_path), "--no-plots",
               "--quiet", "--scheduler", "tcp://127.0.0.1:1")
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("meksiko-solver study: error: a study on a Dask cluster needs distributed, which is "
                           'not installed: pip install "meksiko-solver[cluster]"\n')


def test_without_tqdm_commands_run_the_same_with_no_bar():
    args = ["batch", "--random", "70", "--seed", "1"]
    with_bar, without = cli([], *args), cli(["tqdm"], *args)
    assert with_bar.returncode == without.returncode == 0, without.stderr
    assert without.stdout == with_bar.stdout and without.stdout.count("\n") == 70  # a line a deal
    arena = cli(["tqdm"], "arena", "--deals", "2", "--seed", "1", "--samples", "4")
    assert arena.returncode == 0, arena.stderr


def test_missing_extra_is_a_meksiko_error_naming_the_extra():
    with pytest.raises(MissingExtraError) as caught:
        import_extra("meksiko_no_such_package_here", "server", "this")
    assert isinstance(caught.value, MeksikoError)
    assert (caught.value.module, caught.value.extra) == ("meksiko_no_such_package_here", "server")
    assert str(caught.value) == ('this needs meksiko_no_such_package_here, which is not installed: '
                                 'pip install "meksiko-solver[server]"')


def test_a_missing_module_of_the_project_is_not_a_missing_extra():
    with pytest.raises(ModuleNotFoundError):
        import_extra("meksiko_solver.no_such_module", "server", "this")
