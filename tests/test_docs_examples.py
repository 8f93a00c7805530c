"""Every ```python block of README.md and docs/*.md runs without error (a block that must not
run has the line <!-- no-run... --> just above its fence), and the pages name no past issue numbers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^(<!-- no-run[^\n]*\n)?```python\n(.*?)^```", re.S | re.M)


def _blocks() -> list[tuple[str, str]]:
    return [(f"{p.relative_to(ROOT)}#{i}", m.group(2))
            for p in PAGES for i, m in enumerate(BLOCK.finditer(p.read_text(encoding="utf-8"))) if not m.group(1)]


@pytest.mark.parametrize(("where", "code"), _blocks(), ids=[w for w, _ in _blocks()])
def test_python_example_runs(where: str, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(code, where, "exec"), {"__name__": "__docs__"})


def test_pages_found_blocks() -> None:
    assert len(_blocks()) >= 3


# A past issue named in prose ("issue 12", "issues 13 and 15", "#34"): the pages say how a thing works now.
ISSUE_REFERENCE = re.compile(r"\bissues? \d+|(?<![&\w])#\d+\b", re.I)


def issue_references(text: str) -> list[str]:
    """Each line of ``text`` that names a past issue, as ``line N: ...``."""
    return [f"line {n}: {line.strip()}" for n, line in enumerate(text.splitlines(), 1) if ISSUE_REFERENCE.search(line)]


def test_issue_references_are_found() -> None:
    assert issue_references("as in issue 13\nfixed in #34\nIssues 12 and 15\n") == \
        ["line 1: as in issue 13", "line 2: fixed in #34", "line 3: Issues 12 and 15"]
    assert issue_references("the 7♠ (&#9824;), `/#advisor`, the issue's summary, 13 issues") == []


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_page_names_no_past_issue(page: Path) -> None:
    assert issue_references(page.read_text(encoding="utf-8")) == []
