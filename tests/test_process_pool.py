"""The library's worker processes (``process_pool``, used by ``hints/parallel.ordered_calls``):
a script needs no main guard, the results come in the calls' order whatever the number of
workers, a worker's exception is raised in the caller as itself, a caller that stops leaves no
work going on. (The Mexican Train hints' use of the pool: test_mexican_train_processes.py.)"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import textwrap
import time
from fractions import Fraction
from pathlib import Path
from typing import Dict, Tuple

import pytest

import meksiko_api
import meksiko_solver
from meksiko_solver.errors import MissingExtraError, OptionError
from meksiko_solver.hints.parallel import ordered_calls
from meksiko_solver import process_pool as process_pool_module
from meksiko_solver.process_pool import WorkerProcessError, WorkerTraceback, process_pool


def env_with_packages() -> Dict[str, str]:
    env = dict(os.environ)
    paths = [str(Path(p.__file__).resolve().parent.parent) for p in (meksiko_api, meksiko_solver)]
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
    return env


def run_script(tmp_path: Path, text: str) -> subprocess.CompletedProcess:
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(text))
    return subprocess.run([sys.executable, str(script)], env=env_with_packages(), cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)


# the calls the workers make: module-level, so that a worker imports them from this module

def slow_square(index: int, delay: float) -> Tuple[int, int]:
    time.sleep(delay)
    return index * index, os.getpid()


def refuse(value: int) -> int:
    if value == 3:
        raise OptionError(f"samples must be a whole number from 1 up, not {value!r}")
    if value == 4:
        raise MissingExtraError("the plots", "matplotlib", "study")
    if value == 5:
        raise LocalError("not importable by its name")
    return value


def make_local_error() -> type:
    class Local(Exception):
        pass
    return Local


LocalError = make_local_error()  # its name does not lead back to it: it cannot pickle


# ------------------------------------------------------------------------ 58.9 ----

def test_a_script_without_a_main_guard_runs_a_duplicate_in_two_workers(tmp_path):
    # before: the spawn workers re-imported the script as their main module and the run failed
    # with BrokenProcessPool
    done = run_script(tmp_path, """\
        import json
        from meksiko_solver.hints.duplicate import run_duplicate
        two = run_duplicate(deals=2, seed=3, policies="baseline,hint", samples=4, workers=2).to_dict()
        one = run_duplicate(deals=2, seed=3, policies="baseline,hint", samples=4, workers=1).to_dict()
        print(json.dumps([two, one]))
        """)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    two, one = json.loads(done.stdout)
    assert two == one and two["summary"]


def test_a_function_of_a_guarded_script_runs_in_the_workers(tmp_path):
    # what spawn allowed still works: the worker imports the script (its guard keeps the work out)
    done = run_script(tmp_path, """\
        import os
        from meksiko_solver.hints.parallel import ordered_calls

        class Doubled:
            def __init__(self, value, pid):
                self.value, self.pid = value, pid

        def double(x):
            return Doubled(2 * x, os.getpid())

        if __name__ == "__main__":
            answers = list(ordered_calls(double, [(x,) for x in range(6)], workers=2))
            assert all(isinstance(a, Doubled) for a in answers)
            print([a.value for a in answers], len({a.pid for a in answers} - {os.getpid()}) >= 1)
        """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[0] == "[0, 2, 4, 6, 8, 10] True"


def test_a_function_of_an_unguarded_script_is_refused_with_the_reason(tmp_path):
    done = run_script(tmp_path, """\
        from meksiko_solver.hints.parallel import ordered_calls

        def double(x):
            return 2 * x

        print(list(ordered_calls(double, [(x,) for x in range(4)], workers=2)))
        """)
    assert done.returncode == 1
    assert "WorkerProcessError: the main script starts worker processes when a worker imports it" in done.stderr


# ------------------------------------------------------------------------ order ----

def test_the_results_come_in_the_calls_order_for_any_number_of_workers():
    # the early calls are the slow ones: they end last
    calls = [(i, 0.08 if i < 2 else 0.0) for i in range(9)]
    want = [i * i for i in range(9)]
    pids = set()
    for workers in (1, 2, 3):
        answers = list(ordered_calls(slow_square, calls, workers=workers))
        assert [a for a, _ in answers] == want
        pids |= {pid for _, pid in answers}
    assert os.getpid() in pids and len(pids) >= 4  # this process, two workers, three workers


def test_each_result_comes_as_soon_as_it_and_those_before_it_are_done():
    start = time.monotonic()
    answers = ordered_calls(slow_square, [(0, 0.0), (1, 2.0)], workers=2)
    assert next(answers)[0] == 0
    assert time.monotonic() - start < 1.5
    assert next(answers)[0] == 1


def test_a_caller_that_leaves_the_loop_stops_the_busy_workers():
    pool = process_pool(2)
    answers = pool.imap(slow_square, [(0, 0.0), (1, 30.0), (2, 30.0)])
    assert next(answers)[0] == 0
    busy = [w.process for w in pool._workers]  # one on call 1, one on call 2
    start = time.monotonic()
    answers.close()
    assert time.monotonic() - start < 5.0
    assert all(p.poll() is not None for p in busy) and pool._workers == []
    assert [a for a, _ in pool.run(slow_square, [(i, 0.0) for i in range(4)])] == [0, 1, 4, 9]


def test_a_run_inside_a_run_of_the_same_pool_is_refused():
    pool = process_pool(2)
    outer = pool.imap(slow_square, [(i, 0.0) for i in range(3)])
    next(outer)
    with pytest.raises(WorkerProcessError, match="already running calls for this thread"):
        pool.run(slow_square, [(0, 0.0)])
    assert [a for a, _ in outer] == [1, 4]


# ------------------------------------------------------------------------ errors ----

def test_an_error_in_a_worker_is_raised_here_as_itself():
    with pytest.raises(OptionError, match=r"^samples must be a whole number from 1 up, not 3$") as caught:
        list(ordered_calls(refuse, [(1,), (2,), (3,)], workers=2))
    assert isinstance(caught.value.__cause__, WorkerTraceback)
    assert "in refuse" in str(caught.value.__cause__)
    # an __init__ of other arguments than its args: rebuilt with its attributes
    with pytest.raises(MissingExtraError) as extra:
        list(ordered_calls(refuse, [(4,), (1,)], workers=2))
    assert extra.value.extra == "study" and 'pip install "meksiko-solver[study]"' in str(extra.value)
    # a class the caller could not rebuild: its name and message
    with pytest.raises(RuntimeError, match="^Local: not importable by its name$"):
        list(ordered_calls(refuse, [(5,), (1,)], workers=2))
    # the workers outlive their calls' failures
    assert list(ordered_calls(refuse, [(1,), (2,)], workers=2)) == [1, 2]


def test_a_call_that_does_not_pickle_is_refused_here():
    with pytest.raises((pickle.PicklingError, AttributeError)):
        list(ordered_calls(lambda x: x, [(1,), (2,)], workers=2))
    assert [a for a, _ in ordered_calls(slow_square, [(2, 0.0), (3, 0.0)], workers=2)] == [4, 9]


def half(value: int) -> Fraction:
    return Fraction(value, 2)


def test_an_answer_that_cannot_be_read_here_names_its_worker_and_call(monkeypatch):
    real = process_pool_module._AnswerUnpickler.find_class

    def find_class(self, module, name):
        if module == "fractions":
            raise AttributeError("no Fraction here")
        return real(self, module, name)

    assert list(ordered_calls(half, [(1,), (2,)], workers=2)) == [Fraction(1, 2), 1]
    monkeypatch.setattr(process_pool_module._AnswerUnpickler, "find_class", find_class)
    with pytest.raises(WorkerProcessError, match=r"^the answer of worker process \d+ to call [01] cannot be read here: "
                                                 r"AttributeError: no Fraction here$"):
        list(ordered_calls(half, [(1,), (2,)], workers=2))
