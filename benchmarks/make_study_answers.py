"""Regenerate the stored answer of the benchmark study: python benchmarks/make_study_answers.py

The study's analyses are checked deal by deal against analyze_declarer in tests/test_study.py
(and in the benchmark on a sample). Regenerate only when the study's definition changes.
"""

from deal_sets import write_answers
from study_set import STUDY, answer

import meksiko_solver as ms


def main() -> None:
    write_answers("study_answers.jsonl", [answer(ms.study(plots=False, **STUDY))])


if __name__ == "__main__":
    main()
