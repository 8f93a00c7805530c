"""Mexican Train (pociąg meksykański): the dominoes game with the double-twelve set.

Its own package, sharing nothing with the card engine but the error base class and the C++
extension (the opening optimiser is ``_core.mt_opening``). See docs/mexican-train.md.

>>> from meksiko_solver.mexican_train import best_opening
>>> [str(link) for link in best_opening("12-5 5-3 3-3 9-1", engine=12).train]
['12-5', '5-3', '3-3']
"""

from .arena import ArenaResult, run_arena
from .errors import DealError, IllegalMoveError, TileError, TrainRecordError
from .game import play_game, play_round
from .hint import HintPolicy, TrainHint, TrainView, train_hint
from .opening import Link, Opening, best_opening
from .policies import BaselinePolicy, RandomPolicy
from .record import GameRecord, RoundRecord, load_record
from .round import MEXICAN, Action, Deal, Move, Phase, RoundState, deal_round
from .tiles import Tile, parse_tiles

__all__ = [
    "MEXICAN", "Action", "ArenaResult", "BaselinePolicy", "Deal", "DealError", "GameRecord", "HintPolicy",
    "IllegalMoveError", "Link", "Move", "Opening", "Phase", "RandomPolicy", "RoundRecord", "RoundState", "Tile",
    "TileError", "TrainHint", "TrainRecordError", "TrainView", "best_opening", "deal_round", "load_record",
    "parse_tiles", "play_game", "play_round", "run_arena", "train_hint",
]
