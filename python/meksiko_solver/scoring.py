"""Deal scoring, running totals and the end of a game.

>>> score_deal("5", declarer=0, tricks=[8, 1, 1])
(8, 1, 1)
>>> score_deal(7, declarer=1, tricks=[0, 6, 4], mode="normal")
(-7, -14, 4)
>>> apply_scores([5, 20, 0], [-7, -7, 3])
(0, 13, 3)
"""

from __future__ import annotations

from typing import Optional, Sequence, Tuple, Union

from .auction import MEKSIKO, parse_contract
from .cards import parse_seat
from .errors import MeksikoError
from .rules import PLAY_ON, GameConfig, RuleProfile, ScoringMode, get_rules

Scores = Tuple[int, int, int]


def _trick_counts(tricks: Sequence[int]) -> Scores:
    ok = (isinstance(tricks, (list, tuple)) and len(tricks) == 3
          and all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in tricks))
    if not ok or sum(tricks) != 10:
        raise MeksikoError(f"tricks must be three trick counts summing to 10, not {tricks!r}")
    return (tricks[0], tricks[1], tricks[2])


def _three_ints(values: Sequence[int], what: str) -> Scores:
    if not (isinstance(values, (list, tuple)) and len(values) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in values)):
        raise MeksikoError(f"{what} must be three whole numbers, not {values!r}")
    return (values[0], values[1], values[2])


def score_deal(contract: object, declarer: int, tricks: Sequence[int],
               rules: Union[str, RuleProfile, None] = None,
               mode: Union[str, ScoringMode, None] = None) -> Scores:
    """The three seats' score changes for a finished deal.

    ``contract`` is 5..10 or ``"M"``; ``tricks`` the tricks taken by seats 0, 1, 2;
    ``mode`` defaults to the profile's default (``easy`` under ``mexico-club``).
    """
    profile = get_rules(rules)
    scoring = profile.mode(mode)
    contract = parse_contract(contract)
    declarer = parse_seat(declarer, "declarer")
    counts = _trick_counts(tricks)
    meksiko = contract == MEKSIKO
    b = profile.meksiko_value if meksiko else contract.tricks_needed  # a bid is worth its tricks
    scores = []
    for seat, taken in enumerate(counts):
        if seat == declarer:
            if taken >= contract.tricks_needed:
                scores.append(b if meksiko else taken)
            else:
                scores.append(-scoring.fail_factor * b)
        elif taken == 0 and scoring.zero_trick_penalty:
            scores.append(-b)
        else:
            scores.append(taken * (scoring.meksiko_defender_factor if meksiko else 1))
    return (scores[0], scores[1], scores[2])


def apply_scores(totals: Sequence[int], deltas: Sequence[int],
                 rules: Union[str, RuleProfile, None] = None) -> Scores:
    """New running totals: ``totals + deltas``, never below the profile's floor (0 in mexico-club)."""
    profile = get_rules(rules)
    old = _three_ints(totals, "totals")
    change = _three_ints(deltas, "score changes")
    new = [t + d for t, d in zip(old, change)]
    if profile.total_floor is not None:
        new = [max(profile.total_floor, t) for t in new]
    return (new[0], new[1], new[2])


def game_winners(config: GameConfig, totals: Sequence[int], deals_played: int,
                 last_declarer: Optional[int] = None,
                 last_tricks: Optional[Sequence[int]] = None) -> Optional[Tuple[int, ...]]:
    """The winning seats once the game is over (several for a shared win), or None while it goes on.

    The game may end after a deal when a total reaches the target, or (Mini) once the
    fixed number of deals is played. A shared lead then means more deals under
    ``mexico-club``; under ``classic`` it goes to the last deal's declarer if tied,
    else to the tied seat(s) with most tricks in the last deal.
    """
    totals = _three_ints(totals, "totals")
    if config.format.deals is not None:
        ended = deals_played >= config.format.deals
    else:
        assert config.target is not None
        ended = any(t >= config.target for t in totals)
    if not ended:
        return None
    top = max(totals)
    leaders = tuple(s for s in range(3) if totals[s] == top)
    if len(leaders) == 1:
        return leaders
    if config.rules.tie_break == PLAY_ON:
        return None
    if last_declarer in leaders:
        return (last_declarer,)
    if last_tricks is None:
        return leaders
    most = max(last_tricks[s] for s in leaders)
    return tuple(s for s in leaders if last_tricks[s] == most)
