"""Studies (meksiko_solver.study): answers against analyze_declarer, determinism, resuming,
the statistics against plain counts, and bad input."""

import json
import math
import random

import numpy as np
import pytest

import meksiko_solver as ms
from meksiko_solver.analysis import analyze_declarer
from meksiko_solver.cards import SUITS
from meksiko_solver.game import deal_cards
from meksiko_solver.studies import StudyError, random_deal, read_deals
from meksiko_solver.studies.stats import hand_features, wilson

DEAL = {"hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], "talon": ["8C", "TD"]}
# Meksiko for seat 0: all eight spades and the top hearts.
MEKSIKO_DEAL = {"hands": ["AKQJT987.AK.-.-", "-.QJT.AKQJ.AKQ", "-.987.T987.JT9"], "talon": ["8C", "7C"]}


def given_deals():
    """Random deals, one with a named declarer, and a Meksiko."""
    deals = []
    for seed in range(5):
        hands, talon = deal_cards(100 + seed)
        deals.append({"hands": [[str(c) for c in h] for h in hands], "talon": [str(c) for c in talon]})
    deals[1]["declarer"] = 2
    deals.append(dict(MEKSIKO_DEAL, declarer=0))
    return deals


def test_given_deals_agree_with_analyze_declarer_deal_by_deal(tmp_path):
    deals = given_deals()
    lines = [json.dumps(d) for d in deals]
    lines.insert(2, "")  # blank lines are skipped
    lines.append("A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD")  # batch's deal-string line
    deals.append(DEAL)
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(lines) + "\n")
    for rules in ("mexico-club", "classic"):
        out = tmp_path / rules
        result = ms.study(input=str(path), rules=rules, out=str(out), chunk_size=3, plots=False)
        rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
        assert [r["i"] for r in rows] == list(range(len(deals)))
        for deal, row in zip(deals, rows):
            seats = [deal["declarer"]] if "declarer" in deal else [0, 1, 2]
            assert sorted(row["seats"]) == [str(s) for s in seats]
            assert row["deal"] == {"hands": [str(ms.Hand(h)) for h in deal["hands"]],
                                   "talon": [str(c) for c in sorted(ms.parse_cards(deal["talon"]))]}
            for seat in seats:
                club = analyze_declarer(deal["hands"], deal["talon"], seat, "mexico-club")
                classic = analyze_declarer(deal["hands"], deal["talon"], seat, "classic")
                mine = analyze_declarer(deal["hands"], deal["talon"], seat, rules)
                entry = row["seats"][str(seat)]
                assert list(entry) == ["with_talon", "meksiko", "max_bid", "talon_value"]
                assert entry["with_talon"] == {t: club.with_talon[t]["tricks"] for t in SUITS}
                assert entry["meksiko"] == {**club.meksiko, "N": classic.meksiko["N"]}
                assert entry["max_bid"] == mine.max_bid
                assert entry["talon_value"] == club.best["tricks"] - max(club.meksiko.values())
        assert result.arrays["analysed"].sum() == sum(1 if "declarer" in d else 3 for d in deals)
        assert rows[5]["seats"]["0"]["max_bid"] == "M"  # the Meksiko deal, under either profile
    assert rows[5]["seats"]["0"]["meksiko"] == {"S": 10, "H": 2, "D": 2, "C": 2, "N": 10}


def test_random_deals_are_the_games_dealing_from_the_seed_whatever_the_chunks():
    a = ms.study(7, seed=11, chunk_size=3, plots=False)
    b = ms.study(7, seed=11, chunk_size=7, plots=False)
    for name in a.arrays:
        assert np.array_equal(a.arrays[name], b.arrays[name]), name
    assert a.summary == b.summary
    for i in range(7):
        hands, talon = deal_cards(random.Random(f"11:{i}"))
        assert random_deal(11, i).cards() == (hands, talon)
        assert [int(m) for m in a.arrays["hands"][i]] == [sum(1 << c.index for c in h) for h in hands]
    assert list(a.arrays["dealer"]) == [i % 3 for i in range(7)]
    assert not np.array_equal(ms.study(7, seed=12, plots=False).arrays["hands"], a.arrays["hands"])


def test_talon_never_hurts_and_every_array_is_consistent():
    r = ms.study(12, seed=3, chunk_size=5, plots=False).arrays
    assert r["analysed"].all()
    assert (r["with_talon"] >= r["meksiko"][..., :4]).all()  # discarding the talon is always possible
    assert (r["talon_value"] == r["with_talon"].max(-1) - r["meksiko"][..., :4].max(-1)).all()
    assert (r["talon_value"] >= 0).all()


def test_statistics_are_the_plain_counts_of_the_results():
    result = ms.study(15, seed=4, chunk_size=4, plots=False)
    s, a = result.summary, result.arrays
    assert s["deals"] == 15 and s["analyses"] == 45
    best = a["with_talon"].max(-1).ravel()
    for c in ("5", "6", "7", "8", "9", "10"):
        assert s["p_make"]["all"][c]["count"] == int((best >= int(c)).sum())
    assert s["p_make"]["all"]["M"]["count"] == int((a["max_bid"] == 11).sum())
    for position in ("first", "second", "dealer", "all"):
        bids = s["max_bid"]["by_position"][position]
        assert sum(e["count"] for e in bids.values()) == (45 if position == "all" else 15)
    seats_first = [(i, (d + 1) % 3) for i, d in enumerate(a["dealer"])]
    first_none = sum(a["max_bid"][i, seat] == 0 for i, seat in seats_first)
    assert s["max_bid"]["by_position"]["first"]["-"]["count"] == first_none
    tv = a["talon_value"].ravel()
    assert s["talon_value"]["n"] == 45 and math.isclose(s["talon_value"]["mean"], tv.mean(), abs_tol=1e-6)
    assert s["talon_value"]["lo"] < s["talon_value"]["mean"] < s["talon_value"]["hi"]
    for feature, values in s["p_make"]["by_feature"].items():
        assert sum(v["5"]["n"] for v in values.values()) == 45, feature
    assert s["p_make"]["best_feature"] == max(s["p_make"]["eta_squared"], key=s["p_make"]["eta_squared"].get)
    assert set(s["meksiko"]) == {"mexico-club", "classic"}


def test_hand_features_of_a_known_hand():
    hand = ms.Hand("AKQJT987.AK.-.-").mask  # spades best: A K Q J of the trump, aces 2, kings 2
    other = ms.Hand("A.K.AKQ7.AKQJ8").mask
    with_talon = np.array([[10, 3, 2, 2], [3, 4, 8, 9]])
    f = hand_features(np.array([hand, other], np.uint32), with_talon)
    assert f["aces"].tolist() == [2, 3] and f["kings"].tolist() == [2, 3]
    assert f["longest"].tolist() == [8, 5] and f["top_trumps"].tolist() == [4, 4]


def test_wilson_interval_against_known_values():
    # 8 of 10: Wilson 95% interval 0.4902 .. 0.9433 (Newcombe 1998).
    w = wilson(8, 10)
    assert (w["count"], w["n"], w["p"]) == (8, 10, 0.8)
    assert abs(w["lo"] - 0.4902) < 1e-4 and abs(w["hi"] - 0.9433) < 1e-4
    assert wilson(0, 20)["lo"] == 0.0 and wilson(0, 0)["p"] is None


def test_interrupted_and_resumed_equals_uninterrupted(tmp_path):
    whole = tmp_path / "whole"
    ms.study(20, seed=8, chunk_size=4, out=str(whole))
    parts = tmp_path / "parts"
    seen = []

    def stop_after_two_chunks(done, total):
        seen.append(done)
        if done >= 8:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ms.study(20, seed=8, chunk_size=4, out=str(parts), progress=stop_after_two_chunks)
    assert sorted(p.name for p in (parts / "chunks").iterdir()) == ["chunk-000000.npz", "chunk-000001.npz"]
    assert not (parts / "summary.json").exists()
    resumed = []
    ms.study(20, seed=8, chunk_size=4, out=str(parts), progress=lambda done, total: resumed.append(done))
    assert resumed == [8, 12, 16, 20]  # the two chunks on disk were not solved again
    for name in ("summary.json", "results.jsonl", "max_bid.csv", "p_make.csv", "talon_value.csv", "meksiko.csv"):
        assert (parts / name).read_bytes() == (whole / name).read_bytes(), name
    for name in ("max_bid", "p_make", "talon_value"):
        assert (parts / f"{name}.png").stat().st_size > 10_000 and (parts / f"{name}.svg").exists()


def test_output_folder_of_another_study_is_refused(tmp_path):
    out = tmp_path / "out"
    ms.study(4, seed=1, chunk_size=2, out=str(out), plots=False)
    with pytest.raises(StudyError, match=r"holds another study's chunks \(seed 1, not 2\)"):
        ms.study(4, seed=2, chunk_size=2, out=str(out))
    with pytest.raises(StudyError, match=r"rules 'mexico-club', not 'classic'"):
        ms.study(4, seed=1, chunk_size=2, out=str(out), rules="classic")
    (out / "study.json").unlink()  # chunks alone are recognised too
    with pytest.raises(StudyError, match=r"another study's chunks \(chunk-000000.npz\)"):
        ms.study(4, seed=3, chunk_size=2, out=str(out))
    ms.study(4, seed=1, chunk_size=2, out=str(out), plots=False)  # its own study resumes


@pytest.mark.parametrize("kwargs, message", [
    ({"deals": 0}, "number of deals must be a positive whole number, not 0"),
    ({"deals": -5}, "not -5"),
    ({}, "needs either a number of random deals or given deals"),
    ({"deals": 3, "chunk_size": 0}, "chunk size must be a positive whole number, not 0"),
    ({"deals": 3, "seed": "x"}, "seed must be a whole number, not 'x'"),
    ({"deals": 3, "threads": -1}, "threads must be 0"),
    ({"deals": 3, "rules": "bridge"}, "unknown rules 'bridge'"),
    ({"deals": 3, "scheduler": "127.0.0.1:8786"}, "must look like tcp://HOST:PORT"),
    ({"deals": [DEAL, {"hands": DEAL["hands"], "talon": ["8C", "8C"]}]}, r"deals\[1\]: duplicate card 8C"),
    ({"deals": []}, "at least one deal"),
])
def test_bad_options_are_named(kwargs, message):
    with pytest.raises(ms.MeksikoError, match=message):
        ms.study(**kwargs)


def test_bad_deal_line_is_named_by_its_number():
    good = json.dumps(DEAL)
    with pytest.raises(StudyError, match=r"deals line 3: .*unknown rank 'X'"):
        read_deals([good, "", json.dumps({"hands": ["X97.KQ8.J8.T9"] + DEAL["hands"][1:], "talon": DEAL["talon"]})])
    with pytest.raises(StudyError, match=r"deals line 2: declarer must be 0, 1 or 2, not 5"):
        read_deals([good, json.dumps(dict(DEAL, declarer=5))])
    with pytest.raises(StudyError, match=r"deals line 1: "):
        read_deals(["{not json"])
    with pytest.raises(StudyError, match="holds no deals"):
        read_deals(["", " "])


def test_unreachable_scheduler_is_an_error():
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StudyError, match=rf"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}"):
        ms.study(3, scheduler=f"tcp://127.0.0.1:{port}", scheduler_timeout=1)


def test_results_holdings_and_talon_are_the_canonical_text():
    from meksiko_solver.studies.results import _talon, holding

    rng = random.Random(5)
    for _ in range(300):
        mask = rng.getrandbits(32)
        assert holding(mask) == str(ms.Hand(mask))
        pair = rng.sample(range(32), 2)
        assert _talon((1 << pair[0]) | (1 << pair[1])) == [str(c) for c in sorted(ms.Card(i) for i in pair)]
