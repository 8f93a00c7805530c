"""Regenerate the stored answers of the benchmark deal sets: python benchmarks/make_answers.py

The answers come from the engine with a fresh table per deal; the engine itself is
cross-checked against the shared golden positions and the pure-Python reference
in tests/. Regenerate only when a set's definition changes.
"""

from deal_sets import analysis_deals, full_deals, write_answers
from meksiko_solver import Position, Solver
from meksiko_solver.analysis import analyze_declarer


def main() -> None:
    rows = []
    for deal in full_deals():
        pos = Position.create(deal["hands"], deal["trump"], deal["declarer"], deal["declarer"])
        r = Solver(table_mb=4).solve_position(pos, card_values=True, line=False)
        rows.append({"tricks": r.tricks, "lead_tricks": r.card_tricks})
    write_answers("full_deals_answers.jsonl", rows)
    rows = []
    for deal in analysis_deals():
        a = analyze_declarer(deal["hands"], deal["talon"], deal["declarer"])
        rows.append({"with_talon": a.to_dict()["with_talon"], "meksiko": a.meksiko})
    write_answers("analysis_answers.jsonl", rows)


if __name__ == "__main__":
    main()
