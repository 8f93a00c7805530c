"""Both policies' bid P(make) on the same decisions of duplicate-arena outputs.

    python tools/same_decisions_brier.py dup-3001.json dup-3002.json ...

The arena's Brier score is over each policy's own played contracts, and the two policies do not
declare the same contracts (a policy that declares more marginal contracts has more uncertain
predictions to score). Here every base game (policy B in all three seats) is taken: at the
declarer's last call, both policies' bid hints are replayed (each with the seed it would have in
the arena) and each one's P(make) of the contract declared is scored against whether it was made
when the deal was played. B's replayed call must be the call of the record (a check that the
replay is the game). Prints the count, the share made and each policy's Brier score and mean
prediction, as JSON.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List

from meksiko_solver.auction import MEKSIKO
from meksiko_solver.deal import DealState
from meksiko_solver.hints.duplicate import brier, make_policy
from meksiko_solver.record import DealRecord


def last_call_view(record: DealRecord):
    """The declarer's view at his last call, and that call."""
    auction = [str(c) for c in record.auction]
    last = max(j for j, c in enumerate(auction) if c != "NEXT")
    state = DealState(record.hands, record.talon, record.dealer, record.rules, record.mode)
    for c in auction[:last]:
        state.call(c)
    assert state.to_move == record.declarer
    return state.view(record.declarer), auction[last]


def main(paths: List[str]) -> Dict[str, Any]:
    rows = []
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        summary = data["summary"]
        seed, samples = summary["seed"], summary["samples"]
        a, b = summary["policies"]["A"], summary["policies"]["B"]
        for p in data["deals"]:
            if p["game"] != "base":
                continue
            record = DealRecord.from_dict(p["record"])
            if record.contract is None or record.contract == MEKSIKO:
                continue
            view, call = last_call_view(record)
            made = float(record.tricks_won[view.seat] >= record.contract.tricks_needed)
            row = {"made": made}
            for name in (a, b):
                seen: List[Any] = []
                policy = make_policy(name, samples, seed, lambda phase, v, hint, seen=seen: seen.append(hint))
                decision = policy(view)
                if name == b and decision != call:
                    raise SystemExit(f"{path} deal {p['deal']}: replayed {name} calls {decision}, the record {call}")
                row[name] = seen[0].predictions[record.contract] if seen else None
            rows.append(row)
    out: Dict[str, Any] = {"decisions": len(rows), "made": round(sum(r["made"] for r in rows) / len(rows), 4)}
    for name in (a, b):
        scored = [(r[name], r["made"]) for r in rows if r[name] is not None]
        out[name] = {"predictions": len(scored), "brier": brier(scored)["brier"],
                     "mean_predicted": round(sum(q for q, _ in scored) / len(scored), 4)}
    return out


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=1))
