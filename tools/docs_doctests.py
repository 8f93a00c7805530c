"""A griffe extension for the site's library reference: a docstring's doctest examples
(``>>>`` lines and the answers under them) shown as Python console code blocks, not as
prose, where Markdown would read ``['12-5', '5-3']`` as a link.

mkdocs.yml loads it (mkdocstrings' python handler, ``extensions:``).
"""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """``text`` with every run of doctest lines (a ``>>>`` line, its ``...`` lines and its
    answer, up to a blank line) inside a ```pycon fence.
    """
    out: list[str] = []
    in_block = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not in_block:
            out.append("```pycon")
            in_block = True
        elif in_block and not line.strip():
            out.append("```")
            in_block = False
        out.append(line)
    if in_block:
        out.append("```")
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
