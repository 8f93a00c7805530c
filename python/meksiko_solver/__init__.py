"""meksiko_solver: double-dummy solver and hint engine for Meksiko.

>>> import meksiko_solver as ms
>>> ms.solve(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", declarer=0, leader=0).tricks
2
"""

from .cards import Card, Hand, parse_cards, parse_hand
from .errors import (
    AuctionError,
    IllegalPlayError,
    MeksikoError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
)
from .position import Position
from .solver import SolveResult, Solver, solve

__version__ = "0.1.0"

__all__ = [
    "AuctionError",
    "Card",
    "Hand",
    "IllegalPlayError",
    "MeksikoError",
    "NotationError",
    "Position",
    "PositionError",
    "RecordError",
    "RulesError",
    "SolveResult",
    "Solver",
    "parse_cards",
    "parse_hand",
    "solve",
]
