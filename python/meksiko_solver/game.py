"""The game runner: seeded deals played out by pluggable policies.

>>> game = play_game(seed=3, rules="classic")
>>> game.finished, game == play_game(seed=3, rules="classic")
(True, True)
"""

from __future__ import annotations

import random
from typing import List, Optional, Sequence, Union

from .cards import parse_seat
from .deal import DealState, Phase, Seed, deal_cards
from .errors import MeksikoError, OptionError, shown
from .play import next_seat
from .policies import Policy, RandomPolicy
from .record import DealRecord, GameRecord
from .rules import RuleProfile, game_config
from .scoring import Scores, apply_scores, game_winners

__all__ = ["deal_cards", "play_deal", "play_game"]


def play_deal(policies: Sequence[Policy], dealer: int = 0, seed: Seed = None,
              rules: Union[str, RuleProfile, None] = None, mode: Optional[str] = None,
              totals: Sequence[int] = (0, 0, 0)) -> DealRecord:
    """Deal with ``seed`` and play one whole deal; ``policies[s]`` decides for seat ``s``.

    A policy's illegal decision raises the rules' error (AuctionError, IllegalPlayError...).
    """
    if len(policies) != 3:
        raise MeksikoError(f"a deal needs 3 policies, not {len(policies)}")
    hands, talon = deal_cards(seed)
    state = DealState(hands, talon, parse_seat(dealer, "dealer"), rules, mode)
    while state.to_move is not None:
        seat = state.to_move
        decision = policies[seat](state.view(seat, totals))
        if state.phase == Phase.AUCTION:
            state.call(decision)
        elif state.phase == Phase.DECLARE:
            if not (isinstance(decision, (tuple, list)) and len(decision) == 2):
                raise MeksikoError(f"seat {seat}'s policy must return (discard, trump), not {decision!r}")
            state.declare(*decision)
        else:
            state.play(decision)
    return DealRecord.from_state(state)


def play_game(seed: Optional[int] = None, rules: Union[str, RuleProfile, None] = None,
              mode: Optional[str] = None, format: Optional[str] = None, target: Optional[int] = None,
              policies: Optional[Sequence[Policy]] = None, first_dealer: int = 0,
              max_deals: Optional[int] = None) -> GameRecord:
    """Play a whole game and return its record; the same seed (and policies) give the same game.

    Without ``policies`` the three seats play :class:`RandomPolicy`, seeded from ``seed``.
    ``max_deals`` stops the game early (the record is then unfinished).
    """
    config = game_config(rules, mode, format, target)
    if not isinstance(seed, (type(None), int, float, str, bytes)):  # what random.Random takes
        raise OptionError(f"seed must be a whole number or text, not {shown(seed)}")
    if max_deals is not None and (isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 0):
        raise OptionError(f"max_deals must be a whole number or None, not {shown(max_deals)}")
    rng = random.Random(seed)
    if policies is None:
        policies = [RandomPolicy(rng.getrandbits(64)) for _ in range(3)]
    dealer = parse_seat(first_dealer, "first_dealer")
    deals: List[DealRecord] = []
    totals: Scores = (0, 0, 0)
    while max_deals is None or len(deals) < max_deals:
        deal = play_deal(policies, dealer, rng, config.rules, config.mode.name, totals)
        deals.append(deal)
        totals = apply_scores(totals, deal.scores, config.rules)  # type: ignore[arg-type]
        if game_winners(config, totals, len(deals), deal.declarer, deal.tricks_won) is not None:
            break
        dealer = next_seat(dealer)
    return GameRecord(tuple(deals), config.rules.name, config.mode.name, config.format.name,
                      config.target, seed)
