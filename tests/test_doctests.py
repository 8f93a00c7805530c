"""The docstring examples of the installed packages are tests: users copy them.

pytest's ``--doctest-modules`` collects files under the test paths, but the tests import the
installed package (the engine is compiled into it), so its modules are found with pkgutil and
each one's examples run here, one test a module.
"""

import doctest
import importlib
import pkgutil

import pytest

import meksiko_api
import meksiko_solver


def modules_with_examples():
    names = []
    for package in (meksiko_solver, meksiko_api):
        names.append(package.__name__)
        names += [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
                  if not m.name.endswith(".__main__")]  # __main__ runs the CLI when imported
    finder = doctest.DocTestFinder()
    return [name for name in names if any(t.examples for t in finder.find(importlib.import_module(name)))]


MODULES = modules_with_examples()


def test_the_examples_are_found():
    assert {"meksiko_solver", "meksiko_solver.solver", "meksiko_solver.cli.hands", "meksiko_api.settings"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = []
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)
