"""The CLI's study command: the output folder, and bad input as one stderr line with exit code 2."""

import csv
import json
import socket
import subprocess
import sys

import pytest

from meksiko_solver.cli import main

DEAL = {"hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], "talon": ["8C", "TD"]}


def test_study_writes_its_folder(tmp_path, capsys):
    out = tmp_path / "s"
    assert main(["study", "--deals", "6", "--seed", "2", "--chunk-size", "4", "--out", str(out)]) == 0
    report = capsys.readouterr()
    assert report.out.startswith(f"6 deals, 18 declarer analyses (mexico-club); results in {out}")
    assert "talon value:" in report.out and report.err == ""  # no progress bar off a terminal
    names = {p.name for p in out.iterdir()}
    assert {"study.json", "chunks", "results.jsonl", "summary.json", "max_bid.csv", "p_make.csv",
            "talon_value.csv", "meksiko.csv"} <= names
    assert {f"{n}.{e}" for n in ("max_bid", "p_make", "talon_value") for e in ("png", "svg")} <= names
    assert sorted(p.name for p in (out / "chunks").iterdir()) == ["chunk-000000.npz", "chunk-000001.npz"]
    assert len((out / "results.jsonl").read_text().splitlines()) == 6
    summary = json.loads((out / "summary.json").read_text())
    assert summary["study"] == {"format": 1, "source": "random", "seed": 2, "deals": 6, "rules": "mexico-club"}
    rows = list(csv.reader((out / "max_bid.csv").open()))
    assert rows[0] == ["position", "max_bid", "count", "n", "p", "lo", "hi"]
    assert len(rows) == 1 + 4 * 8


def test_study_of_a_deals_file_with_classic_rules(tmp_path, capsys):
    src = tmp_path / "deals.jsonl"
    src.write_text(json.dumps(dict(DEAL, declarer=1)) + "\n" + " ".join(DEAL["hands"] + DEAL["talon"]) + "\n")
    out = tmp_path / "s"
    assert main(["study", "--input", str(src), "--rules", "classic", "--out", str(out), "--no-plots"]) == 0
    lines = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [sorted(line["seats"]) for line in lines] == [["1"], ["0", "1", "2"]]
    assert lines[0]["seats"]["1"] == lines[1]["seats"]["1"]
    assert not (out / "max_bid.png").exists()


def _fails(args, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("meksiko-solver study: error: ") and err.count("\n") == 1
    return err


def test_bad_deal_line_names_its_number(tmp_path, capsys):
    src = tmp_path / "deals.jsonl"
    src.write_text(json.dumps(DEAL) + "\n\n" + json.dumps(dict(DEAL, talon=["8C", "8C"])) + "\n")
    err = _fails(["study", "--input", str(src), "--out", str(tmp_path / "s")], capsys)
    assert f"{src} line 3: " in err and "8C" in err


@pytest.mark.parametrize("deals", ["0", "-3"])
def test_no_deals_is_refused(tmp_path, capsys, deals):
    err = _fails(["study", "--deals", deals, "--out", str(tmp_path / "s")], capsys)
    assert f"the number of deals must be a positive whole number, not {deals}" in err


def test_another_studys_folder_is_refused(tmp_path, capsys):
    out = str(tmp_path / "s")
    assert main(["study", "--deals", "2", "--out", out, "--no-plots"]) == 0
    capsys.readouterr()
    err = _fails(["study", "--deals", "3", "--out", out], capsys)
    assert "holds another study's chunks (deals 2, not 3)" in err


def test_unreachable_scheduler(tmp_path, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    err = _fails(["study", "--deals", "2", "--out", str(tmp_path / "s"), "--scheduler", f"tcp://127.0.0.1:{port}",
                  "--scheduler-timeout", "1"], capsys)
    assert f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}" in err
    err = _fails(["study", "--deals", "2", "--out", str(tmp_path / "s"), "--scheduler", "nowhere"], capsys)
    assert "the scheduler address must look like tcp://HOST:PORT, not 'nowhere'" in err


def test_missing_deals_file(tmp_path, capsys):
    err = _fails(["study", "--input", str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "s")], capsys)
    assert "cannot read deals file" in err


def test_study_runs_as_a_module(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "meksiko_solver", "study", "--deals", "2", "--out",
                           str(tmp_path / "s"), "--no-plots"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("2 deals, 6 declarer analyses")


def test_progress_bar_only_on_a_terminal(monkeypatch):
    import io

    from meksiko_solver.cli.progress import DoneOfTotal

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    for stream, shown in ((Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        bar = DoneOfTotal("deal", enabled=True)
        for done in (0, 4, 10):
            bar(done, 10)
        bar.close()
        assert ("10/10" in stream.getvalue()) is shown
