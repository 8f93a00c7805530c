"""The error of a study that cannot run as asked."""

from __future__ import annotations

from ..errors import MeksikoError


class StudyError(MeksikoError):
    """Bad study options, a bad deals file line, an unreachable scheduler, a foreign output folder."""
