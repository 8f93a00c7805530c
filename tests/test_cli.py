"""The CLI package as a whole: version, pipes, progress, notation, serve, and the fixed bugs of issue 12."""

import argparse
import fcntl
import json
import os
import pty
import re
import shlex
import socket
import struct
import subprocess
import sys
import termios
from importlib.metadata import version
from pathlib import Path

import pytest

import meksiko_solver as ms
from meksiko_solver.auction import Auction
from meksiko_solver.cli import COMMANDS, build_parser, main
from meksiko_solver.game import play_game
from meksiko_solver.rules import rules_dict

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
CLI = [sys.executable, "-m", "meksiko_solver"]
HANDS = ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"]


def run(args, **kw):
    return subprocess.run(CLI + list(args), capture_output=True, text=True, **kw)


# --- one version -----------------------------------------------------------------------------------

def test_one_version_from_pyproject(capsys):
    assert ms.__version__ == version("meksiko-solver")
    if tomllib is not None:
        with open(ROOT / "pyproject.toml", "rb") as f:
            assert ms.__version__ == tomllib.load(f)["project"]["version"]
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"meksiko-solver {ms.__version__}"


def test_every_command_is_registered():
    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    assert list(commands) == [name.replace("_", "-") for name in COMMANDS]  # module mexican_train: mexican-train


# --- play: auction calls labelled with the seat that made them -------------------------------------

def test_play_labels_each_call_with_its_seat(capsys):
    assert main(["play", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    labels = re.findall(r"^  auction: (.*)$", out, re.M)
    game = play_game(seed=2)
    assert len(labels) == len(game.deals)
    for line, deal in zip(labels, game.deals):
        expected = Auction(deal.dealer, deal.rules, deal.auction).seat_calls
        assert line == ", ".join(f"{seat}:{call}" for seat, call in expected)
    # Deal 17: seat 0 said NEXT first, so the last NEXT is seat 1's (it was printed as 0's).
    assert labels[16] == "2:6, 0:NEXT, 1:8, 2:10, 1:NEXT"


# --- a closed pipe ends the program quietly ---------------------------------------------------------

def run_into_closed_pipe(args):
    """Run the CLI with its stdout a pipe whose reader has already gone."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(CLI + list(args), stdout=write_end, stderr=subprocess.PIPE, text=True)
    finally:
        os.close(write_end)
    return proc


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("cli") / "game.json"
    path.write_text(play_game(seed=4, max_deals=3).to_json())
    return path


@pytest.mark.parametrize("args", [["rules"], ["rules", "--json"], ["review", "GAME"],
                                  ["batch", "--random", "200", "--seed", "1"]])
def test_closed_pipe_exits_0_quietly(args, game_file):
    args = [str(game_file) if a == "GAME" else a for a in args]
    proc = run_into_closed_pipe(args)
    assert proc.returncode == 0 and proc.stderr.count("Broken pipe") == 0
    assert "Error" not in proc.stderr and "Exception" not in proc.stderr


def test_pipe_into_head(game_file):
    for command in ("rules", f"review {shlex.quote(str(game_file))}", "batch --random 300 --seed 2"):
        proc = subprocess.run(f"set -o pipefail; {shlex.join(CLI)} {command} | head -1", shell=True,
                              executable="/bin/bash", capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert len(proc.stdout.splitlines()) == 1 and "Broken pipe" not in proc.stderr


# --- solve --help: its examples are valid positions --------------------------------------------------

def test_solve_help_examples_parse_and_solve(capsys):
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    examples = [shlex.split(line.strip())[1:] for line in capsys.readouterr().out.splitlines()
                if line.strip().startswith("meksiko-solver solve ")]
    assert len(examples) == 2
    expected = ms.solve(HANDS, "H", 0, 0)
    for argv in examples:
        assert main(argv + ["--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["position"] == str(expected.position) and data["tricks"] == expected.tricks


# --- hands as lists of cards and holdings with suit symbols ------------------------------------------

@pytest.mark.parametrize("hands", [
    "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7",
    "A97.KQ8.J8.T9 / 8.A97.A97.AKJ / KQJT.JT.KQ.Q7",
    "AS 9S 7S KH QH 8H JD 8D TC 9C / 8s ah 9h 7h ad 9d 7d ac kc jc / K♠ Q♠ J♠ 10♠ J♥ T♥ K♦ Q♦ Q♣ 7♣",
    "♠A97 ♥KQ8 ♦J8 ♣T9 / ♠8 ♥A97 ♦A97 ♣AKJ / ♠KQJ10 ♥JT ♦KQ ♣Q7",
])
def test_hands_notation(hands, capsys):
    assert main(["solve", "--hands", hands, "--trump", "♥", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["position"] == str(ms.solve(HANDS, "H", 0, 0).position)


def test_symbol_holding_with_a_void(capsys):
    assert main(["solve", "--hands", "♠AK ♥- / ♠QJ / ♠T9", "--trump", "S", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["tricks"] == 2


@pytest.mark.parametrize("hands, message", [
    ("AS KS / QS JS", "three seats"),
    ("AS KS / QS XS / TS 9S", "unknown rank 'X'"),
    ("♠AK / ♠QJ / ♠TK", "duplicate card KS"),
])
def test_bad_hands_one_line(hands, message):
    proc = run(["solve", "--hands", hands, "--trump", "S"])
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1 and message in proc.stderr


def test_analyze_deal_with_lists_of_cards(capsys):
    assert main(["analyze", "--deal", " / ".join(HANDS) + " / 8C TD", "--declarer", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == ms.analyze_declarer(HANDS, ["8C", "TD"], 1).to_dict()
    assert main(["analyze", "--deal", " / ".join(HANDS)]) == 2
    assert "must be three hands and the talon" in capsys.readouterr().err


# --- batch: results on stdout without -o; JSON errors; progress only on a terminal -------------------

def test_batch_without_output_file_writes_results_to_stdout(tmp_path):
    src = tmp_path / "deals.jsonl"
    src.write_text(json.dumps({"hands": HANDS, "talon": ["8C", "TD"], "declarer": 1}) + "\n"
                   + " ".join(HANDS) + " 8C TD\n")
    proc = run(["batch", str(src)])
    assert proc.returncode == 0
    results = [json.loads(line) for line in proc.stdout.splitlines()]
    assert results[0] == {"line": 1, **ms.analyze_declarer(HANDS, ["8C", "TD"], 1).to_dict()}
    assert results[1] == {"line": 2, **ms.deal_table(HANDS, ["8C", "TD"]).to_dict()}
    assert "2 deals, 4 declarer analyses" in proc.stderr


def test_batch_line_that_is_not_json(tmp_path):
    src = tmp_path / "deals.jsonl"
    src.write_text("\n".join([" ".join(HANDS) + " 8C TD", "{\"hands\": ", "not a deal", "[1, 2"]) + "\n")
    proc = run(["batch", str(src), "--quiet"])
    assert proc.returncode == 2
    err = proc.stderr.splitlines()
    assert err[0].startswith("line 2: not valid JSON: ")
    assert err[1].startswith("line 3: not valid JSON: ") and "(nor a deal string: deal 'not a deal' must be" in err[1]
    assert err[2].startswith("line 4: not valid JSON: ")
    assert [json.loads(line)["line"] for line in proc.stdout.splitlines()] == [1]


def test_batch_reads_standard_input_with_a_dash():
    proc = run(["batch", "-"], input=" ".join(HANDS) + " 8C TD\n")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"line": 1, **ms.deal_table(HANDS, ["8C", "TD"]).to_dict()}
    assert "'-' for standard input" in " ".join(run(["batch", "--help"]).stdout.split())


@pytest.mark.parametrize("text", ["", "\n  \n"])
def test_batch_without_deals_is_an_error(tmp_path, text):
    """No deal read is an error, not a summary of nothing with exit code 0 (issue 58)."""
    proc = run(["batch", "-"], input=text)
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == "meksiko-solver batch: error: no deals on standard input\n"
    src = tmp_path / "empty.jsonl"
    src.write_text(text)
    proc = run(["batch", str(src), "-o", str(tmp_path / "out.jsonl")])
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == f"meksiko-solver batch: error: no deals in {src}\n"


def test_batch_without_input_or_random_says_how_to_give_deals():
    proc = run(["batch"])
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == ("meksiko-solver batch: error: give a deals file ('-' for standard input) "
                           "or --random N\n")


def test_batch_of_bad_lines_only_prints_no_empty_summary(tmp_path):
    src = tmp_path / "deals.jsonl"
    src.write_text("not a deal\n")
    proc = run(["batch", str(src), "--quiet"])
    assert proc.returncode == 2 and proc.stdout == ""
    assert "max_bid:" not in proc.stderr and "best tricks:" not in proc.stderr
    assert proc.stderr.splitlines()[1:] == ["0 deals analysed", "1 bad line(s) skipped"]


@pytest.mark.parametrize("args, message", [
    (["hint", "bid", "view.json", "--seed", "1e400"], "argument --seed: must be a whole number, not '1e400'"),
    (["hint", "bid", "view.json", "--samples", "9" * 5000],
     "argument --samples: a whole number of 5000 digits, more than the 4300 digits read"),
    (["batch", "--random", "-" + "9" * 4301], "argument --random: a whole number of 4301 digits, more than"),
    (["arena", "--deals", "99999999999999999999"],
     "deals must be a positive whole number up to 1000000000, not 99999999999999999999"),
    (["play", "--seed", "x" * 500], "argument --seed: must be a whole number, not 'xxxxxxxxxxxx...xxxxxxxxxxxxx'"),
])
def test_whole_number_options_in_the_projects_words(args, message):
    """Before (issue 58): argparse's "invalid int value" quoting the whole text, for a whole
    number too long to convert too."""
    proc = run(args)
    assert proc.returncode == 2 and proc.stdout == ""
    last = proc.stderr.splitlines()[-1]
    assert message in last and "invalid int" not in last and len(last) < 200


@pytest.mark.parametrize("args", [["batch", "--random", "70", "--seed", "1"],
                                  ["arena", "--deals", "2", "--seed", "1", "--samples", "4"]])
def test_no_progress_trail_in_a_pipe(args):
    proc = subprocess.run(CLI + args, capture_output=True)  # bytes: text mode would turn "\r" into "\n"
    assert proc.returncode == 0
    assert b"\r" not in proc.stderr and b"/70" not in proc.stderr and b"1/2" not in proc.stderr


def run_with_terminal_stderr(args):
    """Run the CLI with stderr a pseudo-terminal; return (exit code, what the terminal showed)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # 24 rows, 100 columns
    proc = subprocess.Popen(CLI + list(args), stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal closes when the program ends
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    return proc.wait(), shown.decode("utf-8", "replace")


@pytest.mark.parametrize("args, total", [(["batch", "--random", "70", "--seed", "1"], "70/70"),
                                         (["arena", "--deals", "2", "--seed", "1", "--samples", "4"], "2/2")])
def test_progress_bar_on_a_terminal(args, total):
    code, shown = run_with_terminal_stderr(args)
    assert code == 0 and "100%" in shown and total in shown
    code, shown = run_with_terminal_stderr(args + ["--quiet"])
    assert code == 0 and "100%" not in shown


# --- review: --samples, --seed and --time-budget-ms need --single-dummy -------------------------------

@pytest.mark.parametrize("extra, named", [(["--samples", "50"], "--samples needs --single-dummy"),
                                          (["--seed", "3"], "--seed needs --single-dummy"),
                                          (["--time-budget-ms", "500"], "--time-budget-ms needs --single-dummy"),
                                          (["--samples", "5", "--seed", "3"], "--samples and --seed need")])
def test_review_sampling_options_need_single_dummy(game_file, extra, named):
    proc = run(["review", str(game_file), *extra])
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and named in proc.stderr


def test_review_time_budget_keeps_the_double_dummy_layer_and_says_where_it_stopped(game_file):
    full = run(["review", str(game_file), "--single-dummy", "--samples", "6", "--json"])
    short = run(["review", str(game_file), "--single-dummy", "--samples", "6", "--json", "--time-budget-ms", "1"])
    assert full.returncode == short.returncode == 0
    a, b = json.loads(full.stdout), json.loads(short.stdout)
    assert b["single_dummy"]["complete"] is False and b["single_dummy"]["time_budget_ms"] == 1
    strip = lambda card: {k: v for k, v in card.items() if not k.startswith("sd_") and k != "excused"}  # noqa: E731
    deals = lambda r: r["deals"] if "deals" in r else [r]  # noqa: E731
    assert [[strip(c) for c in d["cards"]] for d in deals(a)] == [[strip(c) for c in d["cards"]] for d in deals(b)]
    text = run(["review", str(game_file), "--single-dummy", "--samples", "6", "--time-budget-ms", "1"])
    assert text.returncode == 0 and "time budget of 1 ms ran out" in text.stdout
    bad = run(["review", str(game_file), "--single-dummy", "--time-budget-ms", "-5"])
    assert bad.returncode == 2 and "time budget must be a positive number" in bad.stderr and "-5" in bad.stderr


# --- hint bid wording --------------------------------------------------------------------------------

def test_bid_hint_without_a_contract_worth_bidding(tmp_path, capsys):
    view = tmp_path / "view.json"
    view.write_text(json.dumps({"seat": 1, "dealer": 2, "hand": "87.87.987.987", "auction": ["5"]}))
    assert main(["hint", "bid", str(view), "--samples", "8", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["max_bid"] is None
    assert main(["hint", "bid", str(view), "--samples", "8"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert "nothing" not in first and "(no contract is worth bidding)" in first


# --- serve: a bad or busy port is one line, exit 2, naming the option ---------------------------------

def test_serve_port_out_of_range():
    proc = run(["serve", "--port", "99999"], env={**os.environ, "MEKSIKO_API_PORT": "8000"})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.splitlines() == ["meksiko-solver serve: error: --port must be from 1 to 65535, not 99999"]


def test_serve_port_in_use():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = run(["serve", "--port", str(port)], timeout=60)
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and f"--port {port}" in lines[0] and "in use" in lines[0]


# --- rules --json and GET /v1/rules: one shape ---------------------------------------------------------

def test_rules_json_is_the_api_answer(client, capsys):
    assert main(["rules", "--json"]) == 0
    cli_answer = json.loads(capsys.readouterr().out)
    assert cli_answer == client.get("/v1/rules").json() == json.loads(json.dumps(rules_dict()))
    assert [p["name"] for p in cli_answer["profiles"]] == list(ms.RULES)
