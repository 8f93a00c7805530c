"""Combine duplicate-arena runs (``arena --duplicate --json`` outputs, e.g. chunks of seeds).

    python tools/combine_duplicate.py run1.json run2.json ...

Paired differences are recomputed from the deal records (the three measures of the arena, own
score, the other two seats' mean and the relative score, each per role, overall and overall with
the CI clustered by deal; the own score also split by who declared in the seat: A in its game, B
in the base game, and by where the two games part, :func:`where`); contracts are summed; Brier
scores, reliability tables and the inference log-likelihood ratios are combined from the
summaries, weighted by their counts.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict

from meksiko_solver.hints.duplicate import differences, seat_deal
from meksiko_solver.record import DealRecord


def where(rec: DealRecord, base: DealRecord, k: int) -> str:
    """Where seat k's game with A and the base game part: the seat's card play (the same
    contract, declarer and declaration), the declaration (the seat declared the same contract
    in both, discarding or naming trump otherwise), or the auction (another contract or declarer;
    a declarer's other declaration when seat k defended)."""
    same_contract = (rec.declarer, rec.contract) == (base.declarer, base.contract)
    same_declaration = same_contract and (rec.trump, sorted(rec.discard or ())) == (base.trump, sorted(base.discard or ()))
    role = "declarer" if rec.declarer == k else "defender"
    if same_declaration:
        return f"card play as {role}"
    if same_contract and role == "declarer":
        return "declaration"
    if (rec.declarer == k) != (base.declarer == k):
        return "auction: one declared, the other defended"
    return f"auction: another contract or declaration, as {role}"


def main(paths) -> dict:
    by_declaring: dict = defaultdict(list)  # who declared in seat k: A in its game, B in the base
    by_where: dict = defaultdict(list)
    per_deal = []
    contracts: dict = defaultdict(lambda: {"declared": 0, "made": 0})
    cal: dict = defaultdict(lambda: {"n": 0, "sum": 0.0, "bins": defaultdict(lambda: [0, 0.0, 0.0])})
    inf: dict = defaultdict(lambda: {"n": 0, "sum": 0.0})
    policies = None
    for path in paths:
        d = json.load(open(path))
        s = d["summary"]
        policies = s["policies"]
        base = {g["deal"]: g for g in d["deals"] if g["game"] == "base"}
        by_deal = defaultdict(list)
        for g in d["deals"]:
            if g["game"] == "base":
                continue
            k = int(g["game"].rsplit(" ", 1)[1])
            rec = DealRecord.from_dict(g["record"])
            measures = seat_deal(g["scores"], base[g["deal"]]["scores"], k)
            base_rec = DealRecord.from_dict(base[g["deal"]]["record"])
            by_declaring[("A declared" if rec.declarer == k else "A defended") + ", "
                         + ("B declared" if base_rec.declarer == k else "B defended")].append(measures[0])
            by_where[where(rec, base_rec, k)].append(measures[0])
            by_deal[g["deal"]].append(("declarer" if rec.declarer == k else "defender", measures))
        per_deal.extend(by_deal.values())
        for name, c in s["contracts"].items():
            contracts[name]["declared"] += c["declared"]
            contracts[name]["made"] += c["made"]
        for name, c in s["calibration"].items():
            if c.get("predictions"):
                cal[name]["n"] += c["predictions"]
                cal[name]["sum"] += c["brier"] * c["predictions"]
                for row in c["reliability"]:
                    if row["count"]:
                        b = cal[name]["bins"][row["from"]]
                        b[0] += row["count"]
                        b[1] += row["predicted"] * row["count"]
                        b[2] += row["observed"] * row["count"]
        for name, c in s["inference"].items():
            if c.get("hints"):
                inf[name]["n"] += c["hints"]
                inf[name]["sum"] += c["mean_llr"] * c["hints"]
    return {
        "files": len(paths), "deals": len(per_deal), "policies": policies,
        **differences(per_deal),
        "by_declaring": _totals(by_declaring),
        "where": _totals(by_where),
        "contracts": dict(contracts),
        "calibration": {n: {"predictions": c["n"], "brier": round(c["sum"] / c["n"], 4),
                            "reliability": [{"from": f, "count": b[0], "predicted": round(b[1] / b[0], 3),
                                             "observed": round(b[2] / b[0], 3)} for f, b in sorted(c["bins"].items())]}
                        for n, c in cal.items()},
        "inference": {n: {"hints": c["n"], "mean_llr": round(c["sum"] / c["n"], 4)} for n, c in inf.items()},
    }


def _totals(groups: dict) -> dict:
    return {k: {"n": len(v), "mean": round(sum(v) / len(v), 4), "total": sum(v)} for k, v in sorted(groups.items())}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:]), indent=1))
