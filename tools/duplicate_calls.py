"""Where do two policies' points go in duplicate? Split the seat-deals of `arena --duplicate --json`
outputs by the calls seat k made in A's game and in the base game (B everywhere).

    python tools/duplicate_calls.py dup-2001.json dup-2002.json ... [--list]

For each seat-deal: the calls of seat k in both games, who declared, and the paired difference
(A's deal score in seat k minus B's in the base game). Prints the total and mean difference of the
seat-deals where the calls were the same and where they differed, the differing ones grouped by
(A's calls, B's calls), and with ``--list`` every differing seat-deal with both auctions and scores.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any, Dict, List, Tuple


def seat_calls(record: Dict[str, Any], seat: int) -> List[str]:
    """The calls ``seat`` made in the record's auction (the seat after the dealer opens)."""
    return [c for j, c in enumerate(record["auction"]) if (record["dealer"] + 1 + j) % 3 == seat]


def declarer(record: Dict[str, Any]) -> int:
    last = max(j for j, c in enumerate(record["auction"]) if c != "NEXT")
    return (record["dealer"] + 1 + last) % 3


def seat_deals(paths: List[str]) -> List[Dict[str, Any]]:
    rows = []
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        seed = data["summary"]["seed"]
        games: Dict[int, Dict[str, Any]] = defaultdict(dict)
        for p in data["deals"]:
            games[p["deal"]][p["game"]] = p
        for i, g in sorted(games.items()):
            base = g["base"]
            for k in range(3):
                a = g[f"A in seat {k}"]
                rows.append({"seed": seed, "deal": i, "seat": k, "diff": a["scores"][k] - base["scores"][k],
                             "a_calls": seat_calls(a["record"], k), "b_calls": seat_calls(base["record"], k),
                             "a_declarer": declarer(a["record"]) == k, "b_declarer": declarer(base["record"]) == k,
                             "a_auction": a["record"]["auction"], "b_auction": base["record"]["auction"],
                             "a_scores": a["scores"], "b_scores": base["scores"]})
    return rows


def main(argv: List[str]) -> None:
    listing = "--list" in argv
    rows = seat_deals([a for a in argv if a != "--list"])
    if not rows:
        raise SystemExit("no seat-deals: give the JSON outputs of arena --duplicate --json")
    same = [r for r in rows if r["a_calls"] == r["b_calls"]]
    differ = [r for r in rows if r["a_calls"] != r["b_calls"]]
    total = sum(r["diff"] for r in rows)
    print(f"{len(rows)} seat-deals, paired difference total {total:+d}, mean {total / len(rows):+.3f}")
    for name, part in (("same calls", same), ("different calls", differ)):
        t = sum(r["diff"] for r in part)
        print(f"  {name}: {len(part)} seat-deals, total {t:+d}" + (f", mean {t / len(part):+.3f}" if part else ""))
    groups: Dict[Tuple[str, str, str], List[int]] = defaultdict(list)
    for r in differ:
        role = ("A declared" if r["a_declarer"] else "A defended") + ", " + ("B declared" if r["b_declarer"] else "B defended")
        groups[("/".join(r["a_calls"]), "/".join(r["b_calls"]), role)].append(r["diff"])
    for (a, b, role), diffs in sorted(groups.items(), key=lambda kv: sum(kv[1])):
        print(f"  {sum(diffs):+4d} in {len(diffs):3d}: A called {a:<10} B called {b:<10} ({role})")
    if listing:
        for r in differ:
            print(f"seed {r['seed']} deal {r['deal']} seat {r['seat']}: {r['diff']:+d}; A {r['a_auction']} {r['a_scores']}; "
                  f"B {r['b_auction']} {r['b_scores']}")


if __name__ == "__main__":
    main(sys.argv[1:])
