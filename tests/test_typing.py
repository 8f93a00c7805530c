"""The package is typed: py.typed and the engine's stubs (_core.pyi) ship in the wheel, and the
stubs declare exactly what cpp/bindings/module.cpp exports, with the same parameters."""

import ast
import inspect
import re
from pathlib import Path

import pytest

import meksiko_api
import meksiko_solver
from meksiko_solver import _core

PACKAGE = Path(meksiko_solver.__file__).parent
STUB = ast.parse((PACKAGE / "_core.pyi").read_text())


def public(names):
    return {n for n in names if not n.startswith("_")}


def stub_names(body):
    names = set()
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    return names


def stub_node(name, body=STUB.body):
    return next(n for n in body if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == name)


def test_marker_files_are_installed():
    assert (PACKAGE / "py.typed").is_file() and (PACKAGE / "_core.pyi").is_file()
    assert (Path(meksiko_api.__file__).parent / "py.typed").is_file()


def test_the_stub_declares_every_export():
    type_aliases = {n.targets[0].id for n in STUB.body if isinstance(n, ast.Assign)}
    assert stub_names(STUB.body) == public(dir(_core))
    assert not type_aliases & public(dir(_core))
    for cls in ("SolveResult", "DeclarerAnalysis", "BestDeclaration", "Solver"):
        assert public(stub_names(stub_node(cls).body)) == public(dir(getattr(_core, cls))), cls


def engine_parameters(function):
    """Parameter names from pybind11's signature line (the first line of its docstring)."""
    first = inspect.getdoc(function).splitlines()[0]
    return [p for p in re.findall(r"(?:\(|, )(\w+):", first) if p != "self"]


@pytest.mark.parametrize("name", ["validate", "holding_mask", "holding_masks", "solve_many", "analyze_many", "best_declaration_many",
                                  "default_threads", "Solver.solve", "Solver.analyze", "Solver.__init__",
                                  "Solver.table_bytes", "Solver.clear_table"])
def test_the_stub_has_the_engines_parameters(name):
    owner, _, attr = name.rpartition(".")
    node = stub_node(attr, stub_node(owner).body) if owner else stub_node(attr)
    function = getattr(getattr(_core, owner), attr) if owner else getattr(_core, attr)
    assert [a.arg for a in node.args.args if a.arg != "self"] == engine_parameters(function)
    assert ast.get_docstring(node) or attr == "__init__"
