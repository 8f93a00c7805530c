"""All records of shared/testdata/solve_positions.jsonl, verified by two independent solvers."""

import pytest

import meksiko_solver as ms
from shared_data import load_jsonl

RECORDS = load_jsonl("solve_positions.jsonl")


def test_golden_file_is_complete():
    assert len(RECORDS) == 190


@pytest.mark.parametrize("rec", RECORDS, ids=[f"rec{i}" for i in range(len(RECORDS))])
def test_golden_position(rec):
    r = ms.solve(rec["hands"], rec["trump"], rec["declarer"], rec["leader"], rec["played"])
    assert r.tricks == rec["tricks"]
    assert r.card_tricks == rec["card_tricks"]
    fast = ms.solve(rec["hands"], rec["trump"], rec["declarer"], rec["leader"], rec["played"], card_values=False)
    assert fast.tricks == rec["tricks"]
    assert fast.card_tricks == {} and fast.line == []
    assert len(r.line) == 3 * len(rec["hands"][(rec["leader"] + len(rec["played"])) % 3]) - len(rec["played"])
