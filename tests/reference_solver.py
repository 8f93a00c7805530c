"""A slow, obviously correct reference solver for Meksiko card play.

This module is deliberately independent of the engine (``meksiko_solver``): it
shares no code with it, so that the two can be cross-checked against each other.
It is plain exact minimax with a memo dict of exact values. There is no
alpha-beta; the only shortcut is to stop trying cards once the player to move
has reached the best result conceivable for them (all remaining tricks for the
declarer, none for a defender), which cannot change any value. Every value in
the memo is exact, so there is nothing subtle to get wrong.

Rules of play (shared/rules/meksiko.md, section "Play"):

* Seats are 0, 1, 2; after seat s comes seat (s + 1) % 3.
* A player must follow the led suit if able.
* Void in the led suit, a player holding trumps must play a trump
  (there is no duty to over-ruff).
* Void in both, any card may be played.
* The trick goes to the highest trump in it, otherwise to the highest card of
  the led suit. Ranks high to low: A K Q J T 9 8 7.
* The trick winner leads to the next trick.

Cards are canonical two-character strings: rank then suit, e.g. ``"TH"``,
``"AS"``, ``"7C"``; ranks ``7 8 9 T J Q K A``, suits ``S H D C``. Trump is one
of ``'S' 'H' 'D' 'C'`` or ``None`` for no trump.

The value of a position is the number of tricks the declarer wins from the
position to the end of the deal, the trick in progress included, when the
declarer maximises it and the two defenders (jointly) minimise it.
"""

from __future__ import annotations

from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

RANKS = "789TJQKA"  # low to high
SUITS = "SHDC"
ALL_CARDS = [rank + suit for suit in SUITS for rank in RANKS]  # the 32 cards


def suit_of(card: str) -> str:
    return card[1]


def rank_of(card: str) -> int:
    """0 for a seven ... 7 for an ace; higher is stronger."""
    return RANKS.index(card[0])


def check_card(card: object) -> str:
    if not (isinstance(card, str) and len(card) == 2 and card[0] in RANKS and card[1] in SUITS):
        raise ValueError(f"not a canonical card string: {card!r} (use e.g. 'TH', 'AS', '7C')")
    return card


def check_trump(trump: object) -> Optional[str]:
    if trump is not None and trump not in SUITS:
        raise ValueError(f"trump must be one of 'S' 'H' 'D' 'C' or None, not {trump!r}")
    return trump


def next_seat(seat: int) -> int:
    return (seat + 1) % 3


def legal_cards(hand: Iterable[str], trick: Sequence[str], trump: Optional[str]) -> List[str]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already
    played to the current trick, led card first). Returned in the hand's order."""
    hand = list(hand)
    if not trick:
        return hand  # the leader may lead anything
    led_suit = suit_of(trick[0])
    same_suit = [c for c in hand if suit_of(c) == led_suit]
    if same_suit:
        return same_suit  # must follow suit
    trumps = [c for c in hand if suit_of(c) == trump]
    if trumps:
        return trumps  # void in the led suit: must ruff (any trump will do)
    return hand  # void in both: any card


def trick_winner(trick: Sequence[str], trump: Optional[str]) -> int:
    """Index (0, 1 or 2, counted from the leader) of the card that wins a
    complete trick: the highest trump if any trump was played, otherwise the
    highest card of the led suit."""
    if len(trick) != 3:
        raise ValueError(f"a trick has 3 cards, got {list(trick)}")
    trump_positions = [i for i, c in enumerate(trick) if suit_of(c) == trump]
    if trump_positions:
        candidates = trump_positions
    else:
        led_suit = suit_of(trick[0])
        candidates = [i for i, c in enumerate(trick) if suit_of(c) == led_suit]
    return max(candidates, key=lambda i: rank_of(trick[i]))


Hands = Tuple[FrozenSet[str], FrozenSet[str], FrozenSet[str]]


class ReferenceSolver:
    """Exact minimax for one trump suit and one declarer.

    The memo maps a position (remaining hands, leader of the current trick,
    cards played to it so far) to its exact value. Tricks already completed do
    not enter the value, so they do not enter the key either. One instance can
    evaluate many positions of the same deal and reuses the memo.
    """

    def __init__(self, trump: Optional[str], declarer: int) -> None:
        self.trump = check_trump(trump)
        if declarer not in (0, 1, 2):
            raise ValueError(f"declarer must be 0, 1 or 2, not {declarer!r}")
        self.declarer = declarer
        self.memo: Dict[tuple, int] = {}
        self.nodes = 0  # positions actually expanded (memo misses)

    @staticmethod
    def seat_to_move(leader: int, played: Sequence[str]) -> int:
        return (leader + len(played)) % 3

    def value(self, hands: Hands, leader: int, played: Tuple[str, ...]) -> int:
        """Declarer's tricks from this position (trick in progress included)."""
        key = (hands, leader, played)
        if key not in self.memo:
            self.memo[key] = self._compute_value(hands, leader, played)
        return self.memo[key]

    def _compute_value(self, hands: Hands, leader: int, played: Tuple[str, ...]) -> int:
        self.nodes += 1
        seat = self.seat_to_move(leader, played)
        if not hands[seat]:
            if played:
                raise ValueError(f"seat {seat} must play to the trick but holds no cards")
            return 0  # the deal is over
        # The only shortcut: the value always lies between 0 and the number of
        # tricks still to be played (the current one included), so once a card
        # reaches the mover's best conceivable result the other cards cannot
        # improve on it and need not be tried. Every value stored is exact.
        tricks_left = len(hands[seat])
        if seat == self.declarer:
            best = -1
            for card in legal_cards(sorted(hands[seat]), played, self.trump):
                best = max(best, self.value_after(hands, leader, played, card))
                if best == tricks_left:
                    break
        else:
            best = tricks_left + 1
            for card in legal_cards(sorted(hands[seat]), played, self.trump):
                best = min(best, self.value_after(hands, leader, played, card))
                if best == 0:
                    break
        return best

    def value_after(self, hands: Hands, leader: int, played: Tuple[str, ...], card: str) -> int:
        """Declarer's tricks from this position (trick in progress included)
        after the player to move plays ``card`` and everybody then plays
        optimally."""
        hands, leader, played, won = self.play(hands, leader, played, card)
        return won + self.value(hands, leader, played)

    def play(self, hands: Hands, leader: int, played: Tuple[str, ...], card: str):
        """Play ``card`` for the player to move (assumed legal).

        Returns the new (hands, leader, played) and 1 if this card completed a
        trick that the declarer won, else 0."""
        seat = self.seat_to_move(leader, played)
        new_hands = list(hands)
        new_hands[seat] = hands[seat] - {card}
        new_played = played + (card,)
        if len(new_played) < 3:
            return tuple(new_hands), leader, new_played, 0
        winner = (leader + trick_winner(new_played, self.trump)) % 3
        return tuple(new_hands), winner, (), int(winner == self.declarer)


def make_position(hands: Sequence[Iterable[str]], leader: int,
                  played: Sequence[str] = ()) -> Tuple[Hands, int, Tuple[str, ...]]:
    """Validate a position and convert it to the solver's internal form.

    The seats that already played to the current trick hold one card fewer than
    the seats still to play to it."""
    if len(hands) != 3:
        raise ValueError(f"need 3 hands, got {len(hands)}")
    if leader not in (0, 1, 2):
        raise ValueError(f"leader must be 0, 1 or 2, not {leader!r}")
    hand_lists = [[check_card(c) for c in hand] for hand in hands]
    played = tuple(check_card(c) for c in played)
    if len(played) > 2:
        raise ValueError(f"at most 2 cards can be played to the current trick, got {list(played)}")
    everything = [c for hand in hand_lists for c in hand] + list(played)
    if len(set(everything)) != len(everything):
        raise ValueError("a card appears twice in the position")
    seats_played = {(leader + i) % 3 for i in range(len(played))}
    sizes = [len(h) + (1 if seat in seats_played else 0) for seat, h in enumerate(hand_lists)]
    if len(set(sizes)) != 1:
        raise ValueError(f"inconsistent hand sizes {[len(h) for h in hand_lists]} "
                         f"for leader {leader} and {len(played)} card(s) played")
    return tuple(frozenset(h) for h in hand_lists), leader, played


def reference_solve(hands: Sequence[Iterable[str]], trump: Optional[str], declarer: int,
                    leader: int, played: Sequence[str] = ()) -> Tuple[int, Dict[str, int]]:
    """Solve a position exactly.

    Returns ``(tricks, card_tricks)``: the declarer's tricks from the position
    (trick in progress included) with best play, and for every legal card of the
    player to move the declarer's tricks after that card is played and everyone
    then plays optimally.
    """
    solver = ReferenceSolver(trump, declarer)
    position = make_position(hands, leader, played)
    return solve_with(solver, *position)


def solve_with(solver: ReferenceSolver, hands: Hands, leader: int,
               played: Tuple[str, ...]) -> Tuple[int, Dict[str, int]]:
    seat = solver.seat_to_move(leader, played)
    card_tricks = {card: solver.value_after(hands, leader, played, card)
                   for card in legal_cards(sorted(hands[seat]), played, solver.trump)}
    tricks = solver.value(hands, leader, played)
    if card_tricks:
        best = max if seat == solver.declarer else min
        assert tricks == best(card_tricks.values())
    return tricks, card_tricks


def replay_line(hands: Sequence[Iterable[str]], trump: Optional[str], declarer: int,
                leader: int, played: Sequence[str], line: Sequence[str]) -> int:
    """Play ``line`` (cards in playing order, starting with the player to move)
    from the position to the end of the deal, checking that every card is held by
    the player to move and is legal, and that the line ends the deal exactly.

    Returns the number of tricks the declarer wins, trick in progress included.
    Raises ValueError on any illegal or missing play."""
    trump = check_trump(trump)
    state_hands, leader, played = make_position(hands, leader, played)
    hands_now = [set(h) for h in state_hands]
    trick = list(played)
    won = 0
    for step, card in enumerate(line):
        seat = (leader + len(trick)) % 3
        if card not in hands_now[seat]:
            raise ValueError(f"step {step}: seat {seat} does not hold {card!r}")
        if card not in legal_cards(sorted(hands_now[seat]), trick, trump):
            raise ValueError(f"step {step}: {card!r} is not a legal play by seat {seat} "
                             f"to trick {trick} (trump {trump})")
        hands_now[seat].remove(card)
        trick.append(card)
        if len(trick) == 3:
            leader = (leader + trick_winner(trick, trump)) % 3
            won += int(leader == declarer)
            trick = []
    if trick or any(hands_now):
        raise ValueError(f"the line stops before the end of the deal "
                         f"(trick {trick}, hands left {[sorted(h) for h in hands_now]})")
    return won
