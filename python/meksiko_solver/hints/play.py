"""The play hint: which card to play, from what the seat to play has seen.

Every sampled world is solved double-dummy from the current position with the value of each
legal card (``engine.solve_batch`` with card values, every core, GIL released). Per card:

* ``tricks``: the declarer's expected tricks in the whole deal after that card;
* ``make``: the probability that the contract makes;
* ``score``: the expected score change of the seat for the deal (the declarer's is exact; a
  defender's own tricks are not known double-dummy, so the defenders' open tricks are split
  by fair coin tosses, see :mod:`.outcome`; the trick in progress is a defender's in a world
  where he wins it with the cards so far and no seat still to play can beat them there);
* ``standing`` (a defender's): his expected score minus the mean of the other two seats'
  expected scores, on the same split (see :mod:`.outcome`);
* ``best``: the share of worlds in which the card is double-dummy optimal for the seat's side;
* ``p_win`` (given the game, ``game=``): the seat's chance of winning the game after the deal
  (:mod:`.match`).

The recommended card maximises the seat's expected result. Declarer: the highest expected
score, then the highest probability of making, then the most expected tricks. Defender: the
highest expected standing, then the lowest probability that the contract makes, then the fewest
expected declarer tricks. A defender's standing weighs his own tricks, his partner's and the
declarer's score on one scale: a trick taken from his partner counts, and so does a defeat, but
a trick for himself is not given up for the smallest difference in the declarer's expected
tricks, as under the lexicographic order of the engine before issue 13 (``standing=False``: the
lowest probability of making, then the fewest declarer tricks, then the own expected score,
every trick not yet complete split by coin tosses). Remaining ties (equal in every world, such
as touching honours) go to the lowest card (rank 7 first, then suits S H D C). The comparisons
are made on exact sums over the same worlds, so they do not depend on rounding. Given the game,
the highest chance of winning it comes first, and the order above breaks its ties.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .. import engine
from ..cards import Card, Suit
from ..errors import MeksikoError
from ..deal import Phase
from ..options import check_flag
from ..play import legal_mask, winning_index
from .common import DEFAULT_SAMPLES, HintResult, rnd, settle, start
from .alphamu import ENDGAME_TRICKS, Endgame, card_values
from .recursion import CLOSE, RECURSION_WORLDS, deeper_values
from .batch import TT_BYTES, check, solve_worlds
from .match import WinChances, game_for_view
from .outcome import Scorer, sure_tricks
from .weights import draw, weighted_frame

_DECLARER_ORDER = "declarer: expected score, then probability of making, then expected tricks; "
TIE_BREAK = (_DECLARER_ORDER + "defender: expected standing (own score minus the other two seats' mean), then "
             "probability of defeat, then fewer expected declarer tricks; then the lowest card")
GAME_FIRST = "the highest chance of winning the game, then "
ENDGAME_FIRST = "declarer: the highest expected score of alpha-mu (one card for every world), then "
DEEPER_FIRST = (f"of the best card and the next unlike it, if within {CLOSE} points, the higher expected score "
                "(a defender's standing) with the other seats answering by their own hints, then ")
OLD_TIE_BREAK = (_DECLARER_ORDER + "defender: probability of defeat, then fewer expected declarer tricks, then own "
                 "expected score; then the lowest card")


@dataclass
class CardOption:
    card: Card
    tricks: float  # the declarer's expected tricks in the deal
    make: float  # probability that the contract makes
    score: float  # the seat's expected score change
    best: float  # share of worlds where the card is double-dummy optimal for the seat's side
    standing: Optional[float] = None  # a defender's expected score minus the other two seats' mean
    p_win: Optional[float] = None  # the seat's chance of winning the game (given the game)

    def to_dict(self) -> Dict[str, Any]:
        out = {"card": str(self.card), "tricks": rnd(self.tricks), "make": rnd(self.make),
               "score": rnd(self.score), "best": rnd(self.best)}
        if self.standing is not None:
            out["standing"] = rnd(self.standing)
        if self.p_win is not None:
            out["p_win"] = rnd(self.p_win)
        return out


@dataclass
class PlayHint(HintResult):
    """``card``: the recommendation; ``options``: every legal card, best first."""

    card: Optional[Card] = None
    options: List[CardOption] = field(default_factory=list)
    declarer: int = 0
    contract: str = ""
    tie_break: str = TIE_BREAK
    deeper: Dict[str, float] = field(default_factory=dict)  # the recursion's expected scores, if it ran

    def to_dict(self) -> Dict[str, Any]:
        out = {"hint": "play", **self.frame(), **self.weighting, "declarer": self.declarer, "contract": self.contract,
               "card": str(self.card), "options": [o.to_dict() for o in self.options],
               "tie_break": self.tie_break}
        if self.deeper:
            out["deeper"] = self.deeper
        return out


def play_hint(view: object, samples: int = DEFAULT_SAMPLES, seed: int = 0,
              time_budget_ms: Optional[float] = None, inference: bool = True,
              checkpoint: Optional[Callable[[], None]] = None, standing: bool = True,
              models: str = "current", game: object = None, own_search: bool = True,
              endgame_search: bool = False, recursion: bool = False, partner_search: bool = True) -> PlayHint:
    """The play hint for the seat to play in ``view`` (a View, dict, JSON text or SeatView);
    ``inference=False``: uniform worlds; ``standing=False``: a defender's cards ranked as by the
    engine before issue 13 (above); ``models``: the model set that weighs the worlds;
    ``game``: the game state before this deal (GameState, dict or JSON): the cards are ranked by
    the chance of winning the game; ``own_search`` (on by default): a defender's own tricks from a
    second search, him alone against the other two; off, only the trick in progress is credited to
    him (``hint-v1``). It acts with the standing only (``standing=False`` ignores it).
    ``endgame_search``: in his last :data:`~.alphamu.ENDGAME_TRICKS` tricks the declarer ranks his
    cards by αμ's expected score first (one card for every world, :mod:`.alphamu`; off by default:
    not ahead in duplicate, see docs/hints.md). ``recursion``: where the seat's best card and the
    next one unlike it are within :data:`~.recursion.CLOSE` points, the one that does better when
    the other seats answer by their own hints (:mod:`.recursion`; a defender's with the standing
    and the own search only; not with ``game``; off by default). ``partner_search`` (on by default):
    with the own search, a third search, the partner alone against the other two: the tricks he
    takes whatever they do are his, and only the rest of the defence's are split by coins."""
    v, worlds, budget = start(view, samples, seed, time_budget_ms, checkpoint)
    standing = check_flag(standing, "standing")
    own_search = check_flag(own_search, "own_search")
    endgame_search = check_flag(endgame_search, "endgame_search")
    recursion = check_flag(recursion, "recursion")
    partner_search = check_flag(partner_search, "partner_search")
    state = game_for_view(game, v)
    if v.phase != Phase.PLAY:
        raise MeksikoError(f"no card to play: the deal is in the {v.phase} phase")
    if v.to_move != v.seat:
        raise MeksikoError(f"it is seat {v.to_move}'s turn to play, not seat {v.seat}'s")
    assert v.declarer is not None and v.contract is not None and v.leader is not None
    legal = list(v.legal_cards)
    trump = Suit.NO_TRUMP if v.trump is None else v.trump
    played = [c.index for c in v.trick]
    layout = worlds.layout

    declaring = v.seat == v.declarer
    searches_own = own_search and standing and not declaring
    partner = 3 - v.seat - v.declarer if not declaring else v.seat
    searches_partner = searches_own and partner_search

    def items_of(world) -> List[Any]:
        hands = v.world_hands(layout, world)
        item = (hands, trump, v.declarer, v.leader, played)
        # The seat alone against the other two, then his partner alone: the tricks each takes whatever they do.
        alone = [(hands, trump, s, v.leader, played) for s in ((v.seat, partner) if searches_partner else (v.seat,))]
        return [item, *alone] if searches_own else [item]

    def call(items: List[Any]) -> List[Any]:
        results = engine.solve_batch(items, True, False, 0, TT_BYTES)
        check(results)
        return results

    weighted = draw(v, worlds, seed, budget, check_flag(inference, "inference"), models=models)
    solved = solve_worlds(iter(weighted.worlds), worlds.requested if weighted.drawn == 0 else weighted.drawn,
                          items_of, call, budget)
    scorer = Scorer(v.profile, v.scoring, v.seat, v.contract, v.declarer, v.totals)
    ranks_standing = standing and not declaring
    win = None if state is None else WinChances(state, v.seat, v.contract, v.declarer)
    sums = {c.index: [0, 0, 0.0, 0, 0.0, 0.0] for c in legal}  # tricks, makes, score, best, standing, p_win
    n = 0.0  # total weight
    before = v.tricks_won[v.declarer]
    makes = [scorer.makes(t) for t in range(11)]  # by the declarer's tricks in the deal
    scores = [scorer.score(t) for t in range(11)] if declaring else None
    own_won, partner_won = v.tricks_won[v.seat], v.tricks_won[partner]
    takers = ({c.index: TrickTaker(played, v.leader, c.index, int(trump)) for c in legal}
              if ranks_standing and not searches_own else {})
    # Each card's double-dummy values per world, for the recursion to skip cards equal in every world.
    recurses = recursion and (declaring or searches_own) and state is None
    vectors: Dict[int, List[Tuple[int, int]]] = {c.index: [] for c in legal} if recurses else {}
    for world, results in solved:
        w = weighted.of(world)
        n += w
        values = results[0].card_values
        side_best = max(x for _, x in values) if declaring else min(x for _, x in values)
        hands = v.world_hands(layout, world) if takers else None
        alone = dict(results[1].card_values) if searches_own else None
        partner_alone = dict(results[2].card_values) if searches_partner else None
        for card, value in values if vectors else ():
            vectors[card].append((value, alone[card] if alone is not None else 0))
        for card, value in values:
            own, theirs = own_won, partner_won
            total = before + value
            if alone is not None:  # his and his partner's guaranteed tricks are theirs; the rest by coins
                own, theirs = sure_tricks(total, own_won, partner_won, alone[card],
                                          partner_alone[card] if partner_alone is not None else 0)
            elif hands is not None:  # the trick is a defender's where nobody still to play can beat him
                taker = takers[card](hands)
                own, theirs = own + (taker == v.seat), theirs + (taker == partner)
            acc = sums[card]
            acc[0] += w * total
            acc[1] += w * makes[total]
            acc[2] += w * (scores[total] if scores is not None
                           else scorer.defender_expected(total, own, theirs))
            acc[3] += w * (value == side_best)
            if ranks_standing:
                acc[4] += w * scorer.defender_standing(total, own, theirs)
            if win is not None:
                acc[5] += w * (win.expected(total, v.tricks_won) if declaring
                               else win.defender_expected(total, own, theirs))

    endgame: Dict[int, float] = {}
    if (scores is not None and endgame_search and len(legal) > 1
            and len(v.current_hand) <= ENDGAME_TRICKS):  # the declarer: one card for every world
        game_tree = Endgame([v.world_hands(layout, world) for world, _ in solved], v.declarer, v.leader, played,
                            int(trump))
        endgame = card_values(game_tree, [weighted.of(world) for world, _ in solved], scores, before)

    def key(card: Card) -> Tuple[float, ...]:
        tricks, makes, score, _, standing_sum, p_win = sums[card.index]
        game_first: Tuple[float, ...] = () if win is None else (p_win,)
        if declaring:
            side: Tuple[float, ...] = ((endgame[card.index],) if endgame else ()) + (score, makes, tricks)
        elif ranks_standing:
            side = (standing_sum, -makes, -tricks)
        else:
            side = (-makes, -tricks, score)
        return game_first + side + (-card.rank, -card.suit)

    ranked = sorted(legal, key=key, reverse=True)
    deeper: Dict[int, float] = {}
    top = ranked[0].index
    rival = next((i for i, c in enumerate(ranked) if vectors[c.index] != vectors[top]), None) if vectors else None
    judged = 2 if declaring else 4  # the ranking's first figure: expected score, or standing
    if (rival is not None and not endgame and not (budget.limited and budget.remaining() <= 0)
            and (sums[top][judged] - sums[ranked[rival].index][judged]) / n < CLOSE):
        first = solved[:RECURSION_WORLDS]
        deeper = deeper_values(v, layout, [world for world, _ in first], [weighted.of(world) for world, _ in first],
                               [ranked[0], ranked[rival]], scorer, seed, searches_partner)
        if deeper[ranked[rival].index] > deeper[top]:
            ranked.insert(0, ranked.pop(rival))

    def option(card: Card) -> CardOption:
        tricks, makes, score, best, standing_sum, p_win = (settle(x / n) for x in sums[card.index])
        return CardOption(card, tricks, makes, score, best, standing_sum if ranks_standing else None,
                          None if win is None else p_win)

    options = [option(c) for c in ranked]
    return PlayHint(seat=v.seat, worlds=len(solved), samples=worlds.requested, seed=seed, consistent=worlds.count,
                    elapsed=budget.elapsed(), budget_ran_out=budget.ran_out, card=ranked[0], options=options,
                    declarer=v.declarer, contract=v.contract, weighted=weighted,
                    tie_break=((GAME_FIRST if win is not None else "") + (ENDGAME_FIRST if endgame else "")
                               + (DEEPER_FIRST if deeper else "") + (TIE_BREAK if standing else OLD_TIE_BREAK)),
                    deeper={str(Card(c)): rnd(x) for c, x in deeper.items()},
                    game=state,
                    weighting=weighted_frame(weighted, [w for w, _ in solved], inference))


def _beaters(card: int, trump: int) -> int:
    """The cards (a mask) that beat ``card`` when it is winning the trick: higher cards of its
    suit, and every trump if it is not one (``trump`` 4: no trump)."""
    suit = card >> 3
    higher = (0xFF << (8 * suit)) & ~((2 << card) - 1)
    return higher | (0xFF << (8 * trump) if trump < 4 and trump != suit else 0)


class TrickTaker:
    """Who takes the trick in progress once ``card`` is added to ``trick`` (card indices, from
    the leader), when no seat still to play holds a legal card that beats it, so that it takes
    the trick whatever they play: ``taker(hands)`` with each seat's cards now (masks), else None
    (a later seat forced to overtake is not worked out: None). What does not depend on the
    hidden cards is worked out once, for every world."""

    def __init__(self, trick: Sequence[int], leader: int, card: int, trump: int) -> None:
        cards = [*trick, card]
        best = winning_index([Card(c) for c in cards], trump)
        self.seat = (leader + best) % 3
        self.beaters = _beaters(cards[best], trump)
        self.led, self.trump = cards[0], trump
        self.later = [(leader + i) % 3 for i in range(len(cards), 3)]

    def __call__(self, hands: Sequence[int]) -> Optional[int]:
        for seat in self.later:
            if legal_mask(hands[seat], self.led, self.trump) & self.beaters:
                return None
        return self.seat
