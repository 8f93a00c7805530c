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
