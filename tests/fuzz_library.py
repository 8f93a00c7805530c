"""Hypothesis over every public entry point of meksiko_solver: each call returns or raises a
MeksikoError, never another exception.

Run by ``tests/test_fuzz_library.py`` in a subprocess, so that a crash of the interpreter (an
abort in the engine) or a hang (the subprocess's timeout) fails the test rather than killing
pytest. Inputs are drawn near the valid ones (real deals, records and views with things made
wrong) and far from them (any JSON-like value, huge numbers, NaN, lone surrogates, nesting).
The search is derandomized (the same examples every run) and bounded: ``FUZZ_EXAMPLES``
examples a target (default 30), about half a minute in all. Hints get at most 16 samples, or
a 20 ms time budget with more, so that no valid call is merely long.

    python tests/fuzz_library.py [target ...]      # exit code 0: no finding
"""

from __future__ import annotations

import json
import os
import sys
import traceback

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meksiko_solver as ms
from meksiko_solver import cards as cards_module
from meksiko_solver.analysis import parse_deal
from meksiko_solver.errors import MeksikoError
from meksiko_solver.game import deal_cards
from meksiko_solver.hints import parse_view

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "30"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))

CARDS = [str(c) for c in cards_module.DECK]
WORDS = CARDS + ["10h", "♠A", "as", "ZZ", "AK.-.-.-", "AK7.QJ.T98.A", "-.-.-.-", "N", "NT", "S", "♣", "clubs",
                 "M", "NEXT", "5", "10", "0", "1", "2", "classic", "mexico-club", "easy", "normal", "standard",
                 "deals", "hands", "talon", "play", "auction", "trump", "dealer", "seat", "hand"]

any_text = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=()), max_size=12)
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 40), st.integers(-2**70, 2**70), st.floats(),
    st.sampled_from([float("nan"), float("inf"), -float("inf"), 10**400, 2**64, 2**31]),
    any_text, st.sampled_from(WORDS), st.binary(max_size=6),
    st.sampled_from(cards_module.DECK), st.builds(ms.Hand, st.lists(st.sampled_from(CARDS), max_size=10, unique=True)),
)
anything = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.lists(inner, max_size=4).map(tuple),
                            st.dictionaries(st.one_of(st.sampled_from(WORDS), any_text), inner, max_size=5)),
    max_leaves=12,
)
seeds = st.integers(0, 10**6)


@st.composite
def deals(draw):
    """A real deal, as card lists or holdings, sometimes with something made wrong."""
    hands, talon = deal_cards(draw(seeds))
    hands = [draw(st.sampled_from([list(map(str, h)), str(ms.Hand(h))])) for h in hands]
    talon = [str(c) for c in talon]
    if draw(st.booleans()):
        where = draw(st.sampled_from(["hand", "talon", "card"]))
        if where == "hand":
            hands[draw(st.integers(0, 2))] = draw(anything)
        elif where == "talon":
            talon = draw(anything)
        else:
            talon[draw(st.integers(0, 1))] = draw(st.one_of(st.sampled_from(CARDS), scalars))
    return hands, talon


@st.composite
def positions(draw):
    """A position as the arguments of solve: n cards a hand, 0-2 played, maybe made wrong."""
    deck = draw(st.permutations(CARDS))
    n = draw(st.integers(0, 10))
    hands = [list(deck[n * k:n * k + n]) for k in range(3)]
    leader = draw(st.integers(0, 2))
    played = [hands[(leader + i) % 3].pop() for i in range(draw(st.integers(0, 2))) if hands[(leader + i) % 3]]
    args = [hands, draw(st.sampled_from(["S", "H", "D", "C", None, "n"])), draw(st.integers(0, 2)), leader, played]
    if draw(st.booleans()):
        args[draw(st.integers(0, 4))] = draw(anything)
    return args


GAMES = [ms.play_game(seed=s, max_deals=2).to_dict() for s in (1, 2)]


def mutate(draw, value):
    """``value`` (JSON data) with 0-2 of its parts replaced by anything."""
    value = json.loads(json.dumps(value))
    for _ in range(draw(st.integers(0, 2))):
        node = value
        for _ in range(draw(st.integers(0, 3))):
            if isinstance(node, dict) and node:
                key = draw(st.sampled_from(sorted(node)))
                if not isinstance(node[key], (dict, list)) or not node[key]:
                    node[key] = draw(anything)
                    break
                node = node[key]
            elif isinstance(node, list) and node:
                i = draw(st.integers(0, len(node) - 1))
                if not isinstance(node[i], (dict, list)) or not node[i]:
                    node[i] = draw(anything)
                    break
                node = node[i]
            else:
                break
    return value


@st.composite
def records(draw):
    game = draw(st.sampled_from(GAMES))
    record = draw(st.sampled_from([game, game["deals"][0], game["deals"][-1]]))
    return mutate(draw, record) if draw(st.booleans()) else draw(st.one_of(anything, st.just(record)))


@st.composite
def views(draw):
    """A seat's view of a real deal at some point of its play, maybe made wrong."""
    game = ms.play_game(seed=draw(seeds), max_deals=1)
    state = game.deals[0].replay()
    seat = draw(st.integers(0, 2))
    view = ms.DealRecord.from_state(state).to_dict()
    hand = [str(c) for c in state.dealt[seat]]
    view = {"rules": view["rules"], "mode": view["mode"], "seat": seat, "dealer": view["dealer"], "hand": hand,
            "auction": view["auction"], "talon": view["talon"], "trump": view["trump"],
            "play": view["play"][:draw(st.integers(0, len(view["play"])))]}
    return mutate(draw, view) if draw(st.booleans()) else view


def samples_and_budget(draw):
    samples = draw(st.one_of(st.integers(-2, 16), anything))
    budget = draw(st.one_of(st.none(), st.floats(0.5, 50), anything))
    if isinstance(samples, int) and not isinstance(samples, bool) and samples > 16:
        budget = 20.0  # many worlds, but quickly
    return samples, budget


def flags(draw):
    return draw(st.one_of(st.booleans(), anything))


# --- the targets: name -> function(draw) making one call -----------------------------------------

def t_card(draw):
    ms.Card(draw(anything))
    ms.Card.from_string(draw(anything))


def t_hand(draw):
    ms.Hand(draw(anything))
    ms.Hand.from_string(draw(anything))
    ms.parse_hand(draw(anything))
    ms.parse_cards(draw(anything))


def t_notation(draw):
    for parse in (cards_module.parse_suit, cards_module.parse_trump, cards_module.parse_seat):
        parse(draw(anything))


def t_position(draw):
    ms.Position.create(*draw(positions()))
    ms.Position.from_string(draw(st.one_of(anything, positions().map(lambda a: " ".join(map(str, a))))))


def t_solve(draw):
    args = draw(positions())
    ms.solve(*args, card_values=flags(draw), line=draw(st.one_of(st.none(), st.booleans(), anything)))


def t_solve_many(draw):
    items = draw(st.one_of(st.lists(positions().map(tuple), max_size=4), anything))
    ms.solve_many(items, card_values=flags(draw), line=flags(draw),
                  threads=draw(st.one_of(st.integers(0, 4), st.integers(-5, 600), anything)))


def t_solver(draw):
    ms.Solver(table_mb=draw(st.one_of(st.integers(1, 4), anything)))


def t_analysis(draw):
    hands, talon = draw(deals())
    ms.analyze_declarer(hands, talon, draw(st.one_of(st.integers(0, 2), anything)),
                        rules=draw(st.one_of(st.sampled_from(["mexico-club", "classic"]), anything)))
    ms.deal_table(hands, talon, rules=draw(st.one_of(st.just("classic"), anything)))
    parse_deal(draw(st.one_of(anything, st.just((hands, talon)))))


def t_analyze_many(draw):
    items = draw(st.one_of(st.lists(deals(), max_size=3), anything))
    ms.analyze_many(items, declarer=draw(st.one_of(st.none(), st.integers(0, 2), anything)),
                    rules=draw(st.one_of(st.just("mexico-club"), anything)),
                    threads=draw(st.one_of(st.integers(0, 3), st.integers(-5, 600), anything)))


def t_rules(draw):
    ms.get_rules(draw(anything))
    ms.game_config(draw(anything), draw(anything), draw(anything), draw(anything))


def t_auction(draw):
    auction = ms.Auction(draw(st.one_of(st.integers(0, 2), anything)), draw(st.one_of(st.none(), anything)),
                         draw(st.one_of(st.lists(st.sampled_from(["5", "6", "M", "NEXT"]), max_size=4), anything)))
    auction.legal_calls()
    auction.call(draw(st.one_of(st.sampled_from(["5", "6", "10", "M", "NEXT"]), anything)))


def t_scoring(draw):
    ms.score_deal(draw(st.one_of(st.sampled_from(["5", "M", 7]), anything)), draw(st.one_of(st.integers(0, 2), anything)),
                  draw(st.one_of(st.just([6, 3, 1]), anything)), draw(st.one_of(st.none(), anything)),
                  draw(st.one_of(st.none(), anything)))
    ms.apply_scores(draw(st.one_of(st.just([0, 0, 0]), anything)), draw(st.one_of(st.just([5, -2, 1]), anything)),
                    draw(st.one_of(st.none(), anything)))
    ms.game_winners(ms.game_config(), draw(st.one_of(st.just([10, 20, 60]), anything)),
                    draw(st.one_of(st.integers(0, 9), anything)), draw(st.one_of(st.none(), anything)),
                    draw(st.one_of(st.none(), anything)))


def t_play(draw):
    ms.legal_cards(draw(st.one_of(st.lists(st.sampled_from(cards_module.DECK), max_size=5), anything)),
                   draw(st.one_of(st.lists(st.sampled_from(cards_module.DECK), max_size=2), anything)),
                   draw(st.one_of(st.integers(0, 3), st.none(), anything)))
    ms.trick_winner(draw(st.one_of(st.lists(st.sampled_from(cards_module.DECK), min_size=3, max_size=3), anything)),
                    draw(st.one_of(st.integers(0, 2), anything)), draw(st.one_of(st.integers(0, 3), anything)))


def t_deal_state(draw):
    hands, talon = draw(deals())
    state = ms.DealState(hands, talon, draw(st.one_of(st.integers(0, 2), anything)),
                         draw(st.one_of(st.none(), anything)), draw(st.one_of(st.none(), anything)))
    state.call(draw(st.one_of(st.sampled_from(["5", "NEXT"]), anything)))


def t_records(draw):
    ms.DealRecord.from_dict(draw(records()))
    ms.GameRecord.from_dict(draw(records()))


def t_review(draw):
    samples = draw(st.one_of(st.integers(-1, 6), anything))
    ms.review(draw(st.one_of(records(), records().map(lambda r: json.dumps(r, default=str)), anything)),
              single_dummy=draw(st.one_of(st.booleans(), anything)),
              samples=samples if not (isinstance(samples, int) and samples > 6) else 6,
              seed=draw(st.one_of(st.integers(), anything)))


def t_view(draw):
    parse_view(draw(st.one_of(views(), views().map(lambda v: json.dumps(v, default=str)), anything)))


def t_hints(draw):
    for hint in (ms.bid_hint, ms.discard_hint, ms.play_hint):
        samples, budget = samples_and_budget(draw)
        try:
            hint(draw(st.one_of(views(), anything)), samples=samples,
                 seed=draw(st.one_of(st.integers(), anything)), time_budget_ms=budget)
        except MeksikoError:
            pass


def t_games(draw):
    ms.play_game(seed=draw(st.one_of(st.integers(), anything)), rules=draw(st.one_of(st.none(), anything)),
                 mode=draw(st.one_of(st.none(), anything)), format=draw(st.one_of(st.none(), anything)),
                 target=draw(st.one_of(st.none(), anything)),
                 first_dealer=draw(st.one_of(st.integers(0, 2), anything)),
                 max_deals=draw(st.one_of(st.integers(-1, 2), st.none().map(lambda _: 1), anything.filter(
                     lambda v: not (isinstance(v, int) and v > 2)))))


TARGETS = {name[2:]: fn for name, fn in globals().items() if name.startswith("t_")}


def run(name: str) -> bool:
    """Fuzz one target; print its first finding (the input and the traceback)."""
    fn = TARGETS[name]

    @FUZZ
    @given(st.data())
    def target(data):
        try:
            fn(data.draw)
        except MeksikoError:
            pass

    try:
        target()
    except Exception:  # the finding: Hypothesis has shrunk and printed the falsifying example
        print(f"FINDING in {name}:", flush=True)
        traceback.print_exc()
        return False
    print(f"ok {name}", flush=True)
    return True


def main(argv: list) -> int:
    names = argv or list(TARGETS)
    failed = [name for name in names if not run(name)]
    print(f"{len(names) - len(failed)} of {len(names)} targets passed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
