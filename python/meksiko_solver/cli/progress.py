"""Progress bars on standard error, drawn only on a terminal (none in pipes and logs).

The bars are tqdm's, drawn where tqdm is installed (the ``study`` extra has it); without it a
command runs the same and draws none: a bar only decorates stderr.
"""

from __future__ import annotations

import sys
from typing import Any, Optional


class NoBar:
    """What a command updates instead of a bar when tqdm is not installed."""

    n = 0

    def update(self, count: int) -> None:
        self.n += count

    def close(self) -> None:
        pass

    def __enter__(self) -> "NoBar":
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def progress_bar(total: int, unit: str, enabled: bool = True) -> Any:
    """A tqdm bar of ``total`` ``unit``s on stderr; disabled when ``enabled`` is false or stderr is
    not a terminal (tqdm's ``disable=None``), so that nothing is written then; a :class:`NoBar`
    without tqdm."""
    try:
        from tqdm import tqdm
    except ImportError:
        return NoBar()
    disable: Optional[bool] = None if enabled else True
    return tqdm(total=total, unit=unit, file=sys.stderr, disable=disable, dynamic_ncols=True)


class DoneOfTotal:
    """A progress callback ``(done, total)`` (a library reporting how far it is, e.g. a study
    resumed from its chunks, or an arena), drawn as a :func:`progress_bar` of ``unit``s."""

    def __init__(self, unit: str, enabled: bool = True) -> None:
        self.unit, self.enabled = unit, enabled
        self.bar: Optional[Any] = None
        self.done = 0

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = progress_bar(total, self.unit, self.enabled)
        self.bar.update(done - self.done)
        self.done = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
