"""The CLI's analyze and batch commands."""

import json
import subprocess
import sys

from meksiko_solver.analysis import analyze_declarer, deal_table
from meksiko_solver.cli import main

DEAL = "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 8C TD"
HANDS = DEAL.split()[:3]


def test_analyze_one_seat_json(capsys):
    assert main(["analyze", "--deal", DEAL, "--declarer", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == analyze_declarer(HANDS, ["8C", "TD"], 1).to_dict()


def test_analyze_table_text_and_classic(capsys):
    assert main(["analyze", "--deal", DEAL, "--rules", "classic"]) == 0
    out = capsys.readouterr().out
    assert out.strip() == str(deal_table(HANDS, ["8C", "TD"], rules="classic"))


def test_analyze_random_is_seeded(capsys):
    main(["analyze", "--random", "--seed", "4", "--json"])
    first = capsys.readouterr().out
    main(["analyze", "--random", "--seed", "4", "--json"])
    assert capsys.readouterr().out == first
    main(["analyze", "--random", "--seed", "5", "--json"])
    assert capsys.readouterr().out != first


def test_batch_file_reports_bad_lines_and_keeps_good_ones(tmp_path):
    good = {"hands": HANDS, "talon": ["8C", "TD"], "declarer": 1}
    lines = [json.dumps(good), "not a deal", json.dumps({"hands": HANDS, "talon": ["8C", "TS"]}), DEAL]
    src = tmp_path / "deals.jsonl"
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "results.jsonl"
    proc = subprocess.run(
        [sys.executable, "-m", "meksiko_solver", "batch", str(src), "-o", str(out), "--quiet"],
        capture_output=True, text=True,
    )
    assert proc.returncode == 2
    assert "line 2:" in proc.stderr and "line 3: talon: TS is dealt twice" in proc.stderr
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["line"] for r in results] == [1, 4]
    assert results[0] == {"line": 1, **analyze_declarer(HANDS, ["8C", "TD"], 1).to_dict()}
    assert results[1] == {"line": 4, **deal_table(HANDS, ["8C", "TD"]).to_dict()}
    assert "2 deals, 4 declarer analyses" in proc.stdout


def test_batch_random_summary(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    assert main(["batch", "--random", "20", "--seed", "3", "-o", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "20 deals, 60 declarer analyses" in text
    assert "max_bid:" in text and "Meksiko makes:" in text
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 20 and all(len(r["seats"]) == 3 for r in rows)


def test_batch_needs_input_or_random():
    proc = subprocess.run([sys.executable, "-m", "meksiko_solver", "batch"], capture_output=True, text=True)
    assert proc.returncode == 2 and "give a deals file ('-' for standard input) or --random N" in proc.stderr
