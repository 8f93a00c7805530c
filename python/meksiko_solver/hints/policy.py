"""Policies for ``game.play_deal`` / ``play_game``: the hint engine as a player, and a simple
rule-based baseline to measure it against (see :mod:`.arena`).

>>> from meksiko_solver.game import play_deal
>>> deal = play_deal([BaselinePolicy()] * 3, dealer=0, seed=1)
>>> deal.finished
True
"""

from __future__ import annotations

from typing import Callable, List, Optional, Union

from ..auction import MEKSIKO, NEXT, tricks_needed
from ..cards import SUITS, Card, cards_to_mask
from ..play import beats, winning_index
from ..deal import Phase, SeatView
from ..game_state import GameState
from ..options import check_flag, check_samples
from ..rules import game_config
from .bid import BidHint, bid_hint
from .bidding_model import check_models
from .discard import DiscardHint, discard_hint
from .heuristics import best_suit, estimated_tricks, simple_declare
from .play import PlayHint, play_hint
from .view import View

HintLog = Callable[[str, View, object], None]


class HintPolicy:
    """Play by the hints: ``bid_hint`` in the auction, ``discard_hint`` to declare, ``play_hint``
    in the play. Deterministic: each decision's seed is derived from ``seed``, the seat and how
    far the deal has gone (the same seed for every call of a seat in one auction, so the bid
    hint's analyses are reused). ``on_hint(kind, view, hint)``, if given, sees every hint.

    ``use_totals``: pass the running totals on to the hints (under ``mexico-club`` a failure then
    costs at most the seat's total). Off by default: the policy plays for the deal's score, which
    is what the arena measures (``play_deal`` shows totals of 0 that stand for no real game).
    A decision with a single legal option is made without a hint.

    ``inference``: weight the worlds by the models of the other seats (on by default);
    ``per_world_declaration``: the bid hint lets the declarer choose discard and trump knowing
    each world (the double-dummy upper bound; today's engine before issue 13). The arena's
    ``hint-uniform`` is ``inference=False, per_world_declaration=True``. ``calibrate``: the bid
    hint's figures mapped to played results (:mod:`.calibration`; off by default).
    ``standing``: a defender plays for his expected standing, his score minus the other two
    seats' mean (:mod:`.play`; on by default, off in ``hint-uniform`` as in the engine before
    issue 13). ``models``: the fitted models that weigh the worlds (``"current"``, ``"v1"``
    frozen with ``hint-v1``, ``"trump"``: ``current`` with the named trump weighed too, or
    ``"calls-untempered"``: ``current`` with the bid and discard hints' weights untempered).
    ``match``: the hints play for the game, not the deal: each gets the game state (the seat
    view's totals and dealer, ``target`` or the profile's) and ranks by the chance of winning the
    game (:mod:`.match`; the arena's ``hint-match``). Where no game
    state can hold the totals (a shared lead past the target, played on) the hints play for the deal.
    ``own_search``: a defender's own tricks from a search of him against the other two (:mod:`.play`;
    on by default, off in ``hint-v1`` and ``hint-trick-in-progress``). ``best_pass_declaration``: the
    bid hint's pass estimate lets the likeliest declarer declare double-dummy best (:mod:`.bid`; on
    by default, off in ``hint-v1`` and ``hint-rule-of-thumb-pass``). ``play_noise``: the bid hint
    judges a contract over the declarer's tricks in play, not the double-dummy ones
    (:mod:`.play_noise`; on by default, off in ``hint-v1`` and ``hint-double-dummy-bid``).
    ``endgame_search``: the declarer ranks his cards in the last tricks by αμ (:mod:`.alphamu`;
    off by default, on in ``hint-alphamu``). ``overcalls``: the bid hint foresees the other seats
    bidding on after a bid (:mod:`.overcalls`; off by default, on in ``hint-overcalls``).
    ``recursion``: the seat's two closest best cards compared with the other seats answering by
    their own hints (:mod:`.recursion`; off by default, on in ``hint-recursion``). ``partner_search``: with
    the own search, a defender's partner's own tricks searched too, him alone against the other two
    (:mod:`.play`; on by default, off in ``hint-v1`` and ``hint-no-partner-search``).
    ``discard_noise``: the discard hint ranks the declarations over the declarer's tricks in play
    as the bid hint judges the contract (:mod:`.discard`; off by default, on in
    ``hint-discard-in-play``). ``call_samples``: the worlds of the bid and discard hints, the
    decisions made once a deal (None: ``samples``, as the play hints; ``hint-wide-calls``: four
    times ``samples``).
    """

    def __init__(self, samples: int = 50, seed: int = 0, time_budget_ms: Optional[float] = None,
                 on_hint: Optional[HintLog] = None, use_totals: bool = False, inference: bool = True,
                 per_world_declaration: bool = False, calibrate: bool = False, standing: bool = True,
                 models: str = "current", match: bool = False, target: Optional[int] = None,
                 own_search: bool = True, best_pass_declaration: bool = True, play_noise: bool = True,
                 endgame_search: bool = False, overcalls: bool = False, recursion: bool = False,
                 partner_search: bool = True, discard_noise: bool = False,
                 call_samples: Optional[int] = None) -> None:
        self.samples, self.seed, self.time_budget_ms, self.on_hint = samples, seed, time_budget_ms, on_hint
        self.use_totals = use_totals
        self.inference, self.per_world_declaration, self.calibrate = inference, per_world_declaration, calibrate
        self.standing = standing
        self.own_search = check_flag(own_search, "own_search")
        self.best_pass_declaration = check_flag(best_pass_declaration, "best_pass_declaration")
        self.play_noise = check_flag(play_noise, "play_noise")
        self.endgame_search = check_flag(endgame_search, "endgame_search")
        self.overcalls = check_flag(overcalls, "overcalls")
        self.recursion = check_flag(recursion, "recursion")
        self.partner_search = check_flag(partner_search, "partner_search")
        self.discard_noise = check_flag(discard_noise, "discard_noise")
        self.call_samples = samples if call_samples is None else check_samples(call_samples, "call_samples")
        self.models = check_models(models)
        self.match = check_flag(match, "match")
        self.target = target

    def _game(self, sv: SeatView) -> Optional[GameState]:
        """The game state before this deal, if the policy plays for the game and one can hold it."""
        if not self.match:
            return None
        config = game_config(sv.rules, sv.mode, "standard", self.target)  # a bad target is an error
        assert config.target is not None
        if max(sv.totals) >= config.target:
            return None
        return GameState(sv.totals, sv.dealer, config.target, sv.rules, sv.mode)
    def _seed(self, sv: SeatView) -> int:
        return (self.seed * 1_000_003 + sv.seat * 10_007 + len(sv.played) * 101 + (sv.phase == Phase.PLAY)) % (1 << 62)

    def __call__(self, sv: SeatView) -> object:
        if sv.phase == Phase.AUCTION and len(sv.legal_calls) == 1:
            return sv.legal_calls[0]
        if sv.phase == Phase.PLAY and len(sv.legal_cards) == 1:
            return sv.legal_cards[0]
        view = View.from_seat_view(sv, with_totals=self.use_totals)
        seed = self._seed(sv)
        game = self._game(sv)
        hint: Union[BidHint, DiscardHint, PlayHint]
        if sv.phase == Phase.AUCTION:
            hint = bid_hint(view, self.call_samples, seed, self.time_budget_ms, inference=self.inference,
                            per_world_declaration=self.per_world_declaration, calibrate=self.calibrate,
                            models=self.models, game=game, best_pass_declaration=self.best_pass_declaration,
                            play_noise=self.play_noise, overcalls=self.overcalls)
            decision: object = hint.call
        elif sv.phase == Phase.DECLARE:
            hint = discard_hint(view, self.call_samples, seed, self.time_budget_ms, inference=self.inference,
                                models=self.models, game=game, play_noise=self.discard_noise)
            decision = ([str(c) for c in hint.discard], hint.trump)
        elif sv.phase == Phase.PLAY:
            hint = play_hint(view, self.samples, seed, self.time_budget_ms, inference=self.inference,
                             standing=self.standing, models=self.models, game=game, own_search=self.own_search,
                             endgame_search=self.endgame_search, recursion=self.recursion,
                             partner_search=self.partner_search)
            decision = hint.card
        else:
            raise ValueError(f"no decision to make in phase {str(sv.phase)!r}")
        if self.on_hint is not None:
            self.on_hint(sv.phase, view, hint)
        return decision


class BaselinePolicy:
    """A simple rule-based player, the yardstick of the arena.

    * Auction: a rough trick count (aces, guarded kings, length in the longest suit beyond three,
      half a trick for the talon); bid the lowest legal contract if the count reaches it, else
      NEXT (the opener bids 5 anyway). Never Meksiko.
    * Declaring: the longest suit as trump; discard the two cards worth least (low side cards
      of short suits first). On Meksiko, the longest suit as trump.
    * Play: lead a card that is the highest left in its suit (side suits first), else the lowest
      card of the longest suit. Following: a defender whose partner is winning the trick plays
      his lowest card; otherwise win the trick as cheaply as possible when he can, else play the
      lowest card (side suits before trumps).
    """

    def __call__(self, sv: SeatView) -> object:
        if sv.phase == Phase.AUCTION:
            bids = [c for c in sv.legal_calls if c not in (NEXT, MEKSIKO)]
            if NEXT not in sv.legal_calls:
                return bids[0] if bids else sv.legal_calls[0]
            if bids and estimated_tricks(cards_to_mask(sv.hand)) >= tricks_needed(bids[0]):
                return bids[0]
            return NEXT
        if sv.phase == Phase.DECLARE:
            hand = cards_to_mask(sv.hand)
            if sv.contract == MEKSIKO:
                return (), SUITS[best_suit(hand)]
            discard, trump = simple_declare(hand)
            return [str(Card(c)) for c in range(32) if discard >> c & 1], SUITS[trump]
        if sv.phase == Phase.PLAY:
            return self._play(sv)
        raise ValueError(f"no decision to make in phase {str(sv.phase)!r}")

    @staticmethod
    def _play(sv: SeatView) -> Card:
        legal: List[Card] = list(sv.legal_cards)
        trump = sv.trump
        trick = sv.current_trick()

        def lowest(cards: List[Card]) -> Card:
            return min(cards, key=lambda c: (c.suit == trump, c.rank, c.suit))

        if not trick:
            seen = cards_to_mask(sv.hand) | cards_to_mask(c for _, c in sv.played) | cards_to_mask(sv.discard or ())
            bosses = [c for c in legal if all(seen >> (c.suit * 8 + r) & 1 for r in range(c.rank + 1, 8))]
            if bosses:
                return max(bosses, key=lambda c: (c.suit != trump, c.rank, -c.suit))
            longest = max(range(4), key=lambda s: (sum(c.suit == s for c in legal), -s))
            return lowest([c for c in legal if c.suit == longest])
        leader = (sv.seat - len(trick)) % 3
        win_at = winning_index(trick, trump)
        winner_seat = (leader + win_at) % 3
        if sv.seat != sv.declarer and winner_seat != sv.declarer:
            return lowest(legal)  # partner is winning
        winners = [c for c in legal if beats(c, trick[win_at], trump)]
        if winners:
            return lowest(winners)
        return lowest(legal)
