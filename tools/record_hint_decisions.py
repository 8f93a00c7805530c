"""Record a policy's decisions on fixed seeded deals: the data that holds ``hint-v1`` to ``hint``
as it was when it was frozen (issue 54; ``tests/test_hint_v1.py``).

    python tools/record_hint_decisions.py [--policy hint] [--deals 8] [--seed 54] [--samples 30] \
        [--out tests/data/hint_v1_decisions.json]

Deal i is dealt from ``random.Random(seed * 1_000_003 + i)`` with dealer ``i % 3`` (the duplicate
arena's deals), under ``mexico-club`` Easy for even i and ``classic`` for odd i, with the policy
(seed ``seed``, ``samples`` worlds a hint) in all three seats. Every decision with a choice is
recorded in order: the deal, the seat, the phase and the decision (a call, the discard and
trump, or a card). The same policy replayed on the same deals makes the same decisions.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, Dict, List

from meksiko_solver.deal import Phase, SeatView
from meksiko_solver.game import play_deal
from meksiko_solver.hints.arena import deal_seed
from meksiko_solver.hints.duplicate import make_policy

RULES = ("mexico-club", "classic")


def decisions(policy: str, deals: int, seed: int, samples: int) -> List[Dict[str, Any]]:
    """Every decision with a choice that ``policy`` makes in all three seats of the deals."""
    out: List[Dict[str, Any]] = []
    for i in range(deals):
        rules = RULES[i % 2]

        def seat(s: int):
            inner = make_policy(policy, samples, seed)

            def decide(sv: SeatView) -> object:
                choice = inner(sv)
                forced = (sv.phase == Phase.AUCTION and len(sv.legal_calls) == 1) or (
                    sv.phase == Phase.PLAY and len(sv.legal_cards) == 1)
                if not forced:
                    value = ([sorted(str(c) for c in choice[0]), str(choice[1])] if sv.phase == Phase.DECLARE
                             else str(choice))
                    out.append({"deal": i, "rules": rules, "seat": s, "phase": str(sv.phase), "decision": value})
                return choice
            return decide

        play_deal([seat(s) for s in range(3)], dealer=i % 3, seed=deal_seed(seed, i), rules=rules,
                  mode="easy" if rules == "mexico-club" else None)
    return out


def main(argv=None) -> Dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--policy", default="hint")
    p.add_argument("--deals", type=int, default=8)
    p.add_argument("--seed", type=int, default=54)
    p.add_argument("--samples", type=int, default=30)
    p.add_argument("--out", default="tests/data/hint_v1_decisions.json")
    a = p.parse_args(argv)
    data = {"recorded_with": f"tools/record_hint_decisions.py --policy {a.policy} --deals {a.deals} "
                             f"--seed {a.seed} --samples {a.samples}",
            "policy": a.policy, "deals": a.deals, "seed": a.seed, "samples": a.samples,
            "decisions": decisions(a.policy, a.deals, a.seed, a.samples)}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=0)
        f.write("\n")
    return data


if __name__ == "__main__":
    d = main()
    print(f"{len(d['decisions'])} decisions of {d['policy']} on {d['deals']} deals")
