"""The hint benchmark's batches of sampled worlds, as the engine receives them, and their answers.

    python benchmarks/batch_sets.py     # regenerate data/batch_answers.jsonl (only when a set changes)

A batch is what one play hint hands to ``engine.solve_batch``: the position tuples of its
sampled worlds (uniform worlds, ``hint_sets.SAMPLES`` of them), which share the seat's own
cards and the cards already played, each solved with every legal card's value. The batches
were captured from ``play_hint`` on the opening-lead and later views of ``hint_sets``; the data
file keeps them with their answers, so that the set stays fixed when the hints change.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Tuple

from deal_sets import load_answers, write_answers
from hint_sets import SAMPLES, later_views, opening_views
from meksiko_solver import engine
from meksiko_solver.hints import play_hint

ANSWERS = "batch_answers.jsonl"
VIEWS: Dict[str, Callable[[], list]] = {"opening": opening_views, "later": later_views}


def batches(name: str) -> List[list]:
    """One batch (a list of position tuples) per view of the named set, in view order."""
    captured: List[list] = []
    real = engine.solve_batch

    def capture(items, *args, **kwargs):
        captured.append(list(items))
        return real(items, *args, **kwargs)

    out = []
    engine.solve_batch = capture
    try:
        for view in VIEWS[name]():
            captured.clear()
            play_hint(view, SAMPLES, 0, inference=False)
            out.append([item for call in captured for item in call])
    finally:
        engine.solve_batch = real
    return out


def answer_rows(name: str, results_per_batch: List[list]) -> List[dict]:
    """The answers to compare: per batch, each world's tricks and card values."""
    return [{"set": name, "view": i, "tricks": [r.tricks for r in results],
             "card_values": [[list(cv) for cv in r.card_values] for r in results]}
            for i, results in enumerate(results_per_batch)]


def stored(name: str) -> Tuple[List[list], List[dict]]:
    """The named set's stored batches (position tuples) and their answer rows, in view order."""
    rows = [r for r in load_answers(ANSWERS) if r["set"] == name]
    items = [[(tuple(h), t, d, l, p) for h, t, d, l, p in r.pop("items")] for r in rows]
    return items, rows


def main() -> None:
    rows: List[dict] = []
    for name in VIEWS:
        sets = batches(name)
        # A fresh table for every world: the answers do not depend on a table kept across them.
        solved = [[engine.solve_batch([item], True, False, 1)[0] for item in batch] for batch in sets]
        for row, batch in zip(answer_rows(name, solved), sets):
            rows.append({**row, "items": [[list(h), int(t), d, l, list(p)] for h, t, d, l, p in batch]})
    write_answers(ANSWERS, rows)


if __name__ == "__main__":
    main()
