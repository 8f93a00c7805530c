"""The library's foundation: value types, one encoding of suits and no trump, one gateway to the
engine, option errors (issue 12, points 1, 2, 7 and 8)."""

import ast
import copy
import dataclasses
import json
import pickle
import random
from pathlib import Path

import pytest

import meksiko_solver
from meksiko_solver import engine
from meksiko_solver.auction import Contract, parse_contract, tricks_needed
from meksiko_solver.cards import Card, Hand, Suit, cards_to_mask, parse_cards, parse_suit, parse_trump, trump_name
from meksiko_solver.deal import DealState, Phase, check_deal, deal_cards, deal_masks, parse_deal
from meksiko_solver.errors import MeksikoError, NotationError, OptionError, PositionError
from meksiko_solver.game import play_game
from meksiko_solver.hints import run_arena
from meksiko_solver.hints.arena import Calibration
from meksiko_solver.position import Position
from meksiko_solver.review import BidReview, DealResult, DiscardReview, PlayValue, review
from meksiko_solver.solver import Solver, solve, solve_many
from meksiko_solver.analysis import analyze_many
from meksiko_api.settings import Settings

PACKAGE = Path(meksiko_solver.__file__).parent


# --- Card ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["index", "suit", "rank", "mask", "other"])
def test_card_attributes_cannot_be_set(name):
    card = Card("AS")
    with pytest.raises(AttributeError, match="immutable"):
        setattr(card, name, 0)
    assert str(Card("AS")) == "AS" and Card("AS").index == 7  # the interned card is unchanged


def test_card_attributes_cannot_be_deleted():
    with pytest.raises(AttributeError, match="immutable"):
        del Card("KH").index


def test_card_stays_interned_through_copy_and_pickle():
    card = Card("TD")
    assert Card("10d") is card and Card(card.index) is card
    assert copy.copy(card) is card and copy.deepcopy(card) is card and pickle.loads(pickle.dumps(card)) is card


def test_card_suit_is_a_suit():
    assert Card("9C").suit is Suit.C and Card("9C").rank == 2


# --- Suit ---------------------------------------------------------------------------------------

def test_suit_values_are_the_engines():
    assert [int(s) for s in Suit] == [0, 1, 2, 3, 4]
    assert Suit.NO_TRUMP == engine.NO_TRUMP == 4
    assert [str(s) for s in Suit] == ["S", "H", "D", "C", "N"]


@pytest.mark.parametrize("suit, spellings", [
    (Suit.S, ["S", "s", " S ", "♠", "♤", "spades", "Spades", "SPADES", 0, Suit.S]),
    (Suit.H, ["H", "h", "♥", "♡", "hearts", 1]),
    (Suit.D, ["D", "d", "♦", "♢", "diamonds", 2]),
    (Suit.C, ["C", "c", "♣", "♧", "clubs", 3]),
    (Suit.NO_TRUMP, [None, "N", "n", "NT", "nt", "-", "", "  ", "none", "None", "no trump", "notrump",
                     "no-trump", 4, Suit.NO_TRUMP]),
])
def test_suit_parses_every_spelling(suit, spellings):
    for text in spellings:
        assert Suit.parse(text) is suit, text
        assert parse_trump(text) is suit


@pytest.mark.parametrize("bad", ["X", "SH", "5", 5, -1, True, 1.0, [], "spade"])
def test_suit_rejects_the_rest(bad):
    with pytest.raises(NotationError, match="unknown trump"):
        Suit.parse(bad)


@pytest.mark.parametrize("no_trump", [None, "N", "NT", "-", 4, Suit.NO_TRUMP])
def test_a_suit_is_not_no_trump(no_trump):
    with pytest.raises(NotationError):
        parse_suit(no_trump)


def test_suit_formats_as_its_letter():
    assert f"{Suit.H}" == "H" and f"{Suit.NO_TRUMP:>3}" == "  N" and repr(Suit.D) == "Suit.D"
    assert trump_name(Suit.NO_TRUMP) == "N" and trump_name(None) is None and trump_name(Suit.C) == "C"


def test_no_trump_is_written_n_everywhere():
    p = Position.create(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], None, 0, 0)
    assert p.trump is Suit.NO_TRUMP and "trump=N" in str(p)
    for spelling in (None, "NT", "-", ""):
        assert solve(["AK.-.-.-", "QJ.-.-.-", "T9.-.-.-"], spelling, 0, 0).tricks == 2
    from meksiko_solver.record import DealRecord

    hands, talon = deal_cards(5)
    state = DealState(hands, talon, dealer=0, rules="classic")
    for call in ["M", "NEXT", "NEXT"]:
        state.call(call)
    deal = DealRecord.from_state(state)
    assert deal.trump is Suit.NO_TRUMP and deal.to_dict()["trump"] == "N"
    assert review(deal).to_dict()["trump"] == "N" and state.view(1).trump is Suit.NO_TRUMP
    game = play_game(seed=2, rules="classic", max_deals=6)
    for deal in game.deals:
        assert json.loads(deal.to_json())["trump"] in ("S", "H", "D", "C", "N")


def test_records_read_null_and_n_alike():
    from meksiko_solver.record import DealRecord

    hands, talon = deal_cards(5)
    state = DealState(hands, talon, dealer=0, rules="classic")
    for call in ["M", "NEXT", "NEXT"]:
        state.call(call)
    deal = DealRecord.from_state(state)
    data = deal.to_dict()
    assert data["trump"] == "N"
    for spelling in (None, "N", "NT", "-"):
        again = type(deal).from_dict({**data, "trump": spelling})
        assert again == deal


# --- Phase and Contract -------------------------------------------------------------------------

def test_phase_is_an_enum_of_the_deal_module():
    hands, talon = deal_cards(5)
    state = DealState(hands, talon, dealer=0)
    assert state.phase is Phase.AUCTION and state.phase == "auction" and str(state.phase) == "auction"
    state.call("M")
    assert state.phase is Phase.DECLARE
    state.declare((), "S")
    assert state.phase is Phase.PLAY and json.dumps(state.phase) == '"play"' and f"{state.phase}" == "play"
    assert [p.value for p in Phase] == ["auction", "declare", "play", "done"]
    import meksiko_solver.policies as policies

    assert not hasattr(policies, "AUCTION") and policies.SeatView is meksiko_solver.deal.SeatView


def test_contract_is_parsed_once_into_a_value():
    assert parse_contract("7") is Contract.SEVEN and parse_contract(7) is Contract.SEVEN
    assert parse_contract("meksiko") is Contract.MEKSIKO and parse_contract(Contract.TEN) is Contract.TEN
    assert Contract.SEVEN == "7" and json.dumps(Contract.MEKSIKO) == '"M"' and f"{Contract.TEN}" == "10"
    assert [c.tricks_needed for c in Contract] == [5, 6, 7, 8, 9, 10, 10]
    assert [c.rank for c in Contract] == [5, 6, 7, 8, 9, 10, 11]
    assert tricks_needed("M") == 10 and tricks_needed(9) == 9
    with pytest.raises(NotationError):
        parse_contract("4")


# --- frozen results -----------------------------------------------------------------------------

def _frozen(value):
    field = dataclasses.fields(value)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)


def test_review_results_are_frozen_values():
    game = play_game(seed=1, max_deals=1)
    r = review(game.deals[0])
    assert isinstance(r.result, DealResult) and isinstance(r.bid, BidReview)
    assert isinstance(r.value, PlayValue)
    for value in (r.result, r.bid, r.value):
        _frozen(value)
    d = r.to_dict()
    assert d["result"] == r.result.to_dict() and set(d["result"]) == {"tricks", "finished", "made", "scores"}
    assert set(d["bid"]) == {"called", "max_bid", "verdict", "best_tricks", "best_trump", "meksiko"}
    assert d["value"] == {"start": r.value.start, "end": r.value.end}
    if r.discard is not None:
        assert isinstance(r.discard, DiscardReview)
        _frozen(r.discard)
        assert list(d["discard"]) == ["chosen", "tricks", "best_tricks", "best", "best_trump",
                                      "best_trump_tricks", "loss", "mark"]
    json.dumps(d)


def test_arena_calibration_is_a_frozen_value():
    result = run_arena(deals=2, seed=3, samples=4)
    assert isinstance(result.calibration, Calibration)
    _frozen(result.calibration)
    cal = result.to_dict()["calibration"]
    assert cal == result.calibration.to_dict() and cal["predictions"] == 7 * cal["hints"]
    assert Calibration(0, 0).to_dict() == {"hints": 0, "predictions": 0}


# --- one gateway to the engine ------------------------------------------------------------------

def _imports_core(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names = {a.name for a in node.names}
            if (node.module or "").endswith("_core") or "_core" in names:
                return True
        elif isinstance(node, ast.Import) and any(a.name.endswith("_core") for a in node.names):
            return True
    return False


def test_only_the_gateway_imports_core():
    importers = sorted(str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if _imports_core(p))
    assert importers == ["engine.py"]


def test_no_module_reaches_into_another_modules_private_names():
    reach = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and isinstance(node.value, ast.Name) and node.value.id in modules
                    and node.value.id not in ("self", "cls")):
                reach.append(f"{path.name}: {node.value.id}.{node.attr}")
            if isinstance(node, ast.ImportFrom) and node.level and any(
                    a.name.startswith("_") and not a.name.startswith("__") and a.name != "_core"
                    for a in node.names):
                reach.append(f"{path.name}: from {node.module} import private")
    assert reach == []


def test_engine_documents_its_tuple_protocol():
    doc = engine.__doc__
    for word in ("PositionTuple", "DealTuple", "meksiko_trumps", "SolveResult", "DeclarerAnalysis",
                 "BestDeclaration", "NO_TRUMP"):
        assert word in doc
    assert "meksiko_solver.engine" in (Path(__file__).parents[1] / "docs" / "engine.md").read_text(encoding="utf-8")


def test_solver_analyzes_a_deal_on_its_own_table():
    from meksiko_solver.analysis import analyze_declarer

    hands, talon = deal_cards(3)
    solver = Solver(table_mb=1)
    assert analyze_declarer(hands, talon, 1, solver=solver).to_dict() == analyze_declarer(hands, talon, 1).to_dict()


def test_solver_table_is_the_engines_default_unless_sized_in_mib():
    from meksiko_solver import engine

    assert engine.DEFAULT_TABLE_BYTES == 256 << 10
    default = engine.CoreSolver(engine.DEFAULT_TABLE_BYTES).table_bytes()
    assert Solver().table_bytes == Solver(table_mb=None).table_bytes == default
    assert Solver(table_mb=1).table_bytes == engine.CoreSolver(1 << 20).table_bytes() > default
    assert Solver(table_mb=3).table_bytes == engine.CoreSolver(3 << 20).table_bytes()


# --- one module for the deal, one of each twin --------------------------------------------------

def test_the_deal_module_owns_dealing_and_parsing():
    import meksiko_solver.analysis as analysis
    import meksiko_solver.game as game

    assert game.deal_cards is deal_cards and analysis.parse_deal is parse_deal
    hands, talon = deal_cards(11)
    assert parse_deal((hands, talon)) == check_deal(hands, talon) == (hands, talon)


def _read_deal_card_by_card(hands, talon):
    """The plain reading deal_masks must agree with: each part card by card, then the deal."""
    parts = []
    for what, value, size in [(f"hands[{i}]", h, 10) for i, h in enumerate(hands)] + [("talon", talon, 2)]:
        try:
            cards = sorted(parse_cards(value, what))
        except NotationError as exc:
            raise NotationError(str(exc) if what in str(exc) else f"{what}: {exc}") from None
        if len(cards) != size:
            raise PositionError(f"{what} has {len(cards)} card{'' if len(cards) == 1 else 's'}, it must have {size}")
        parts.append((what, cards))
    seen = {}
    for what, cards in parts:
        for card in cards:
            if card in seen:
                raise PositionError(f"{what}: {card} is dealt twice (also in {seen[card]})")
            seen[card] = what
    return tuple(cards_to_mask(c) for _, c in parts[:3]), cards_to_mask(parts[3][1])


def _outcome(read, hands, talon):
    try:
        return read(hands, talon)
    except MeksikoError as exc:
        return type(exc), str(exc)


def test_deal_masks_read_a_deal_as_the_cards_do():
    """Seeded deals, some spoilt (a card dropped, dealt twice or misspelt), in every notation:
    the masks, or the error's kind and message, are those of the card-by-card reading."""
    rng = random.Random(2026)
    spoilt = 0
    for _ in range(600):
        hands, talon = deal_cards(rng.randrange(10**6))
        parts = [list(h) for h in hands] + [list(talon)]
        for _ in range(rng.choice([0, 0, 1, 2])):
            part = rng.choice(parts)
            kind = rng.choice(["drop", "twice", "misspell"])
            if kind == "drop" and part:
                part.pop(rng.randrange(len(part)))
            elif kind == "twice":
                part[rng.randrange(len(part))] = rng.choice(rng.choice(parts))
            else:
                part.append(rng.choice(["XS", "1H", "AZ", ""]))
        shown = []
        for part in parts:
            form = rng.choice(["list", "text", "holding", "hand"])
            names = [c if isinstance(c, str) else str(c) for c in part]
            if form == "text":
                shown.append(" ".join(names))
            elif form in ("holding", "hand") and all(isinstance(c, Card) for c in part) and len(set(part)) == len(part):
                shown.append(Hand(part) if form == "hand" else str(Hand(part)))
            else:
                shown.append(names)
        expected = _outcome(_read_deal_card_by_card, shown[:3], shown[3])
        assert _outcome(deal_masks, shown[:3], shown[3]) == expected, shown
        spoilt += isinstance(expected[0], type)
    assert 200 < spoilt < 500  # both good and spoilt deals were read


def test_deal_masks_odd_inputs_get_the_general_readings_errors():
    """The plain reading hands everything it does not know to the general one, which names it:
    an unhashable card, hands that are not a list of three, a talon that is no cards."""
    hands, talon = deal_cards(5)
    holdings = [str(Hand(h)) for h in hands]
    assert deal_masks(holdings, list(talon)) == deal_masks([list(h) for h in hands], Hand(talon))
    with pytest.raises(NotationError, match="not a card"):
        deal_masks([[["AS"]] + [str(c) for c in hands[0][1:]], holdings[1], holdings[2]], list(talon))
    with pytest.raises(PositionError, match="list of 3 hands"):
        deal_masks("abc", list(talon))
    with pytest.raises(NotationError):
        deal_masks(holdings, {"cards": 2})
    with pytest.raises(PositionError, match="dealt twice"):
        deal_masks([holdings[0], holdings[0], holdings[2]], list(talon))


def test_position_legal_cards_is_the_trick_rules():
    from meksiko_solver.play import legal_cards

    p = Position.create(["AK.Q.-.-", "J.-.K.-", "T9.J.-.-"], "D", 0, 1, ["QS"])
    assert p.legal_cards() == legal_cards(p.hands[p.to_move], p.played, p.trump)


# --- option errors ------------------------------------------------------------------------------

def test_option_error_is_a_meksiko_value_error():
    assert issubclass(OptionError, MeksikoError) and issubclass(OptionError, ValueError)
    assert OptionError.__doc__ == "A bad option value: samples, seed, threads, table size or time budget."


VIEW = {"seat": 0, "dealer": 2, "hand": "AKQJT987.AK.-.-", "auction": []}


@pytest.mark.parametrize("call, words", [
    (lambda: Solver(table_mb=0), "table_mb must be an integer from 1 to 4096, not 0"),
    (lambda: Solver(table_mb=5000), "table_mb"),
    (lambda: Solver(table_mb="16"), "table_mb"),
    (lambda: solve_many([], threads=-1), "threads must be 0"),
    (lambda: analyze_many([], threads=1.5), "threads must be 0"),
    (lambda: meksiko_solver.bid_hint(VIEW, samples=0), "samples must be a positive whole number up to 1000000000, not 0"),
    (lambda: meksiko_solver.bid_hint(VIEW, samples=True), "samples"),
    (lambda: meksiko_solver.bid_hint(VIEW, samples=4, seed="1"), "seed must be a whole number"),
    (lambda: meksiko_solver.bid_hint(VIEW, samples=4, time_budget_ms=0), "time budget"),
    (lambda: meksiko_solver.bid_hint(VIEW, samples=4, time_budget_ms=float("nan")), "time budget"),
    (lambda: run_arena(deals=0), "deals must be a positive whole number"),
    (lambda: run_arena(deals=1, samples=-3), "samples"),
    (lambda: run_arena(deals=1, seed=0.5), "seed must be a whole number"),
    (lambda: review(play_game(seed=1, max_deals=1).deals[0], single_dummy=True, samples=0), "samples"),
    # an integer too long to write out: repr() raised the interpreter's ValueError instead (issue 58)
    (lambda: meksiko_solver.bid_hint(VIEW, samples=10**5000),
     "samples must be a positive whole number up to 1000000000, not an integer of about 5001 digits"),
    (lambda: run_arena(deals=-10**5000), "deals must be a positive whole number up to 1000000000, not a "
                                         "negative integer of about 5001 digits"),
])
def test_bad_options_raise_option_error(call, words):
    with pytest.raises(OptionError, match=words.replace("(", r"\(")):
        call()


def test_a_seat_too_long_to_write_out_is_named():
    with pytest.raises(meksiko_solver.NotationError, match="declarer must be 0, 1 or 2, not an integer of about 5001 digits"):
        meksiko_solver.solve(["A.-.-.-", "K.-.-.-", "Q.-.-.-"], "S", 10**5000, 0)


# --- the canonical no trump over HTTP -----------------------------------------------------------

API_SETTINGS = Settings(workers=1)  # the ``client`` fixture's (conftest.py)


def test_http_reads_every_no_trump_spelling(client):
    body = {"hands": ["A97.KQ8.J8.T9", "8.A97.A97.AKJ", "KQJT.JT.KQ.Q7"], "declarer": 0}
    answers = [client.post("/v1/solve", json={**body, "trump": t}).json() for t in ("N", "NT", None, "-", "nt")]
    kept = [{k: a[k] for k in ("position", "tricks", "card_tricks")} for a in answers]  # nodes: the table is warm
    assert all(a == kept[0] for a in kept) and "trump=N" in kept[0]["position"]
    assert client.post("/v1/solve", json={**body, "trump": "X"}).status_code == 422
    schema = client.get("/openapi.json").json()
    assert "N" in json.dumps(schema["components"]["schemas"]["SolveRequest"]["properties"]["trump"])


def test_http_writes_n_for_a_classic_meksiko(client):
    from meksiko_solver.record import DealRecord

    hands, talon = deal_cards(5)
    state = DealState(hands, talon, dealer=0, rules="classic")
    for call in ["M", "NEXT", "NEXT"]:
        state.call(call)
    record = DealRecord.from_state(state).to_dict()
    answer = client.post("/v1/review", json={"record": record}).json()
    assert answer["trump"] == "N" and answer["bid"]["meksiko"].keys() == {"N"}
