"""Progress bars on standard error, drawn only on a terminal (none in pipes and logs)."""

from __future__ import annotations

import sys
from typing import Any, Optional

from tqdm import tqdm


def progress_bar(total: int, unit: str, enabled: bool = True) -> "tqdm[Any]":
    """A tqdm bar of ``total`` ``unit``s on stderr; disabled when ``enabled`` is false or stderr is
    not a terminal (tqdm's ``disable=None``), so that nothing is written then."""
    disable: Optional[bool] = None if enabled else True
    return tqdm(total=total, unit=unit, file=sys.stderr, disable=disable, dynamic_ncols=True)


class DoneOfTotal:
    """A progress callback ``(done, total)`` (a library reporting how far it is, e.g. a study
    resumed from its chunks, or an arena), drawn as a :func:`progress_bar` of ``unit``s."""

    def __init__(self, unit: str, enabled: bool = True) -> None:
        self.unit, self.enabled = unit, enabled
        self.bar: Optional["tqdm[Any]"] = None
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = progress_bar(total, self.unit, self.enabled)
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
