"""Write the benchmark sets as files for tools/engine_bench (one item a line, masks).

    python tools/bench_positions.py OUT_DIR [--analysis-deals 40]

OUT_DIR/deals.txt: the 1000 full deals of benchmarks/deal_sets.py, declarer on lead
(``hand0 hand1 hand2 trump declarer leader``, for ``engine_bench tricks|values``);
OUT_DIR/analysis.txt: the first ANALYSIS_DEALS of the analysis set
(``hand0 hand1 hand2 talon declarer``, for ``engine_bench analyze``);
OUT_DIR/worlds.txt: the hint benchmark's batches of sampled worlds (benchmarks/batch_sets.py,
opening-lead and later views), ``hand0 hand1 hand2 trump declarer leader played card1 card2``
(unused cards 99), for ``engine_bench worlds``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from batch_sets import stored  # noqa: E402
from deal_sets import analysis_deals, full_deals  # noqa: E402

from meksiko_solver.cards import Card, Hand, Suit, cards_to_mask  # noqa: E402


def hand_mask(text: str) -> int:
    return cards_to_mask(list(Hand.from_string(text)))


def trump_index(trump) -> int:
    return int(Suit.parse("N" if trump is None else trump))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--analysis-deals", type=int, default=40)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with (args.out / "deals.txt").open("w") as f:
        for d in full_deals():
            hands = " ".join(str(hand_mask(h)) for h in d["hands"])
            f.write(f"{hands} {trump_index(d['trump'])} {d['declarer']} {d['declarer']}\n")
    with (args.out / "analysis.txt").open("w") as f:
        for d in analysis_deals(args.analysis_deals):
            hands = " ".join(str(hand_mask(h)) for h in d["hands"])
            talon = cards_to_mask([Card(c) for c in d["talon"]])
            f.write(f"{hands} {talon} {d['declarer']}\n")
    with (args.out / "worlds.txt").open("w") as f:
        for name in ("opening", "later"):
            for batch in stored(name)[0]:
                for hands, trump, declarer, leader, played in batch:
                    cards = list(played) + [99] * (2 - len(played))
                    f.write(f"{' '.join(map(str, hands))} {trump} {declarer} {leader} {len(played)} "
                            f"{cards[0]} {cards[1]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
