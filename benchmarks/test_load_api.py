"""The HTTP load script works: a small run against a real server, every answer right."""

import load_api
from meksiko_solver.solver import solve


def test_load_script_small_run(capsys):
    assert load_api.main(["--requests", "40", "--concurrency", "4"]) == 0
    out = capsys.readouterr().out
    assert "throughput:" in out and "p50" in out and "p99" in out
    assert "errors: 0" in out


def test_load_script_counts_failures_and_wrong_answers():
    bodies = load_api.solve_bodies(3, seed=1)
    right = solve(bodies[2]["hands"], bodies[2]["trump"], bodies[2]["declarer"], bodies[2]["leader"]).to_dict()
    problems = load_api.wrong_answers(bodies, [{"tricks": -1, "card_tricks": {}}, "HTTP 500: oops", right])
    assert len(problems) == 2
    assert problems[0].startswith("request 0: got tricks -1") and problems[1] == "request 1: HTTP 500: oops"


def test_load_script_play_hints(capsys):
    assert load_api.main(["--endpoint", "play-hint", "--requests", "12", "--concurrency", "4"]) == 0
    out = capsys.readouterr().out
    assert "POST /v1/hints/play: 12 opening-lead play hints" in out and "errors: 0" in out


def test_load_script_starvation_check(capsys):
    # the targets are judged by the script's exit code in a full run; here: it runs and reports
    load_api.main(["--endpoint", "starvation", "--requests", "200", "--concurrency", "4"])
    out = capsys.readouterr().out
    assert "trivial solves:" in out and "p99" in out and "errors 0" in out
    assert "expensive /v1/review" in out and "5xx:" in out and "server memory" in out


def test_heavy_requests_are_at_the_servers_limits():
    limits = {"max_samples": 1000, "max_time_budget_ms": 10_000, "max_review_worlds": 10_000}
    heavy = dict(load_api.heavy_requests(limits, seed=2026))
    assert heavy["/v1/hints/bid"]["samples"] == 1000 and heavy["/v1/hints/bid"]["time_budget_ms"] == 10_000
    review = heavy["/v1/review"]
    assert review["single_dummy"] and review["samples"] * len(review["record"]["play"]) <= 10_000


def test_load_script_starvation_check_sees_no_5xx(capsys):
    # before: a review waited behind the hints of the heavy lane, ran out of its time budget and
    # answered 503 time_budget; now it answers 200 with its single-dummy layer cut short. A short
    # run: 1 s budgets, so the expensive requests cycle several times while the solves go on.
    load_api.main(["--endpoint", "starvation", "--requests", "1200", "--concurrency", "4",
                   "--max-time-budget-ms", "1000"])
    out = capsys.readouterr().out
    assert "5xx: 0" in out, out
    assert "expensive /v1/review 200" in out and "errors 0" in out, out
