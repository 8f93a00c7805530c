"""Errors of the Mexican Train package: each a MeksikoError naming the bad value and the rule."""

from __future__ import annotations

from ..errors import MeksikoError


class TileError(MeksikoError):
    """Text that is not a tile of the double-twelve set, or a tile given twice."""


class DealError(MeksikoError):
    """Hands and boneyard that are not a deal of the set for that many players."""


class IllegalMoveError(MeksikoError):
    """A move that the rules do not allow at that point of the round."""


class TrainRecordError(MeksikoError):
    """A round or game record (or a view) that is malformed or breaks the rules."""
