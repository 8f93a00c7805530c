"""meksiko_solver: double-dummy solver and hint engine for Meksiko.

>>> import meksiko_solver as ms
>>> ms.solve(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], "S", declarer=0, leader=0).tricks
2
"""

from importlib.metadata import version as _distribution_version

from .analysis import DealTable, DeclarerAnalysis, analyze_declarer, analyze_many, deal_table
from .auction import Auction, Contract
from .cards import Card, Hand, Suit, parse_cards, parse_hand
from .deal import DealState, Phase, deal_cards, parse_deal
from .errors import (
    AuctionError,
    IllegalPlayError,
    MeksikoError,
    MissingExtraError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
    RulesError,
)
from .game import play_deal, play_game
from .hints import BaselinePolicy, HintPolicy, bid_hint, discard_hint, play_hint, run_arena
from .play import legal_cards, trick_winner
from .policies import RandomPolicy, SeatView
from .position import Position
from .record import DealRecord, GameRecord
from .review import GameReview, Review, review
from .rules import RULES, GameConfig, RuleProfile, game_config, get_rules
from .scoring import apply_scores, game_winners, score_deal
from .solver import SolveResult, Solver, solve, solve_many
from .studies import StudyError, StudyResult, study

#: The installed distribution's version: pyproject.toml is the one place it is written.
__version__: str = _distribution_version("meksiko-solver")

__all__ = [
    "RULES",
    "Auction",
    "AuctionError",
    "BaselinePolicy",
    "Card",
    "Contract",
    "DealRecord",
    "DealState",
    "DealTable",
    "DeclarerAnalysis",
    "GameConfig",
    "GameRecord",
    "GameReview",
    "Hand",
    "HintPolicy",
    "IllegalPlayError",
    "MeksikoError",
    "MissingExtraError",
    "NotationError",
    "OptionError",
    "Phase",
    "Position",
    "PositionError",
    "RandomPolicy",
    "RecordError",
    "Review",
    "RuleProfile",
    "RulesError",
    "SeatView",
    "SolveResult",
    "StudyError",
    "StudyResult",
    "Solver",
    "Suit",
    "analyze_declarer",
    "analyze_many",
    "apply_scores",
    "bid_hint",
    "deal_cards",
    "deal_table",
    "discard_hint",
    "game_config",
    "game_winners",
    "get_rules",
    "legal_cards",
    "parse_cards",
    "parse_deal",
    "parse_hand",
    "play_deal",
    "play_game",
    "play_hint",
    "review",
    "run_arena",
    "score_deal",
    "solve",
    "solve_many",
    "study",
    "trick_winner",
]
