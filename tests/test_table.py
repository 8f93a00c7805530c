"""The library's table module (meksiko_solver.table): the advisor's state of a seat's own deal,
checked against whole deals played by the game runner, and a game's score sheet against the
library's scoring."""

from __future__ import annotations

import pytest

from meksiko_solver.deal import Phase
from meksiko_solver.errors import MeksikoError
from meksiko_solver.game import deal_cards, play_deal, play_game
from meksiko_solver.policies import RandomPolicy
from meksiko_solver.record import DealRecord
from meksiko_solver.scoring import apply_scores
from meksiko_solver.table import advisor_state, game_sheet, position, table_state


def entries(record: DealRecord, seat: int):
    """The views of ``seat`` after each entry of the deal, as a player would type them in."""
    view = {"rules": record.rules, "mode": record.mode, "seat": seat, "dealer": record.dealer,
            "hand": [str(c) for c in record.hands[seat]], "auction": [], "talon": None, "trump": None, "play": []}
    yield dict(view), None
    for call in record.auction:
        view["auction"] = view["auction"] + [call]
        yield dict(view), ("call", call)
    state = record.replay()
    if state.talon_exposed:
        view["talon"] = [str(c) for c in record.talon]
        yield dict(view), ("talon", None)
    view["trump"] = None if record.trump is None else record.trump.letter
    if record.declarer == seat and record.discard:
        view["discard"] = [str(c) for c in record.discard]
    yield dict(view), ("declare", None)
    for card in record.play:
        view["play"] = view["play"] + [str(card)]
        yield dict(view), ("card", str(card))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_advisor_follows_a_whole_deal_and_rebuilds_its_record(seed, seat):
    rules = "classic" if seed % 3 == 2 else "mexico-club"
    record = play_deal([RandomPolicy(seed * 10 + s) for s in range(3)], dealer=seed % 3, seed=seed, rules=rules)
    replay = DealRecord.from_dict({**record.to_dict(), "play": []}).replay()
    a = None
    prev = None
    for view, entry in entries(record, seat):
        a = advisor_state(view)
        if prev is not None and entry is not None and entry[0] == "card":
            # the card just entered was one the advisor offered for that seat
            assert entry[1] in prev["legal_cards"], (entry, prev["legal_cards"])
        if a["phase"] == Phase.PLAY:
            mover = a["to_move"]
            held = [str(c) for c in replay.hand(mover)] if replay.phase == Phase.PLAY else None
            legal = {str(c) for c in replay.legal_cards()}
            offered = set(a["legal_cards"])
            assert legal <= offered  # every card the seat could really play is offered
            if mover == seat:
                assert offered == legal
            assert a["hint"] == ("play" if mover == seat else None)
            replay.play(record.play[len(view["play"])])
        elif a["phase"] == Phase.AUCTION:
            auction = DealRecord.from_dict({**record.to_dict(), "auction": view["auction"], "discard": [], "trump": None,
                                            "play": []}).replay()
            assert a["to_move"] == auction.to_move and a["legal_calls"] == list(auction.legal_calls())
            assert a["hint"] == ("bid" if auction.to_move == seat else None)
        prev = a
    assert a["phase"] == Phase.DONE
    assert a["result"]["scores"] == list(record.scores)
    assert a["result"]["made"] == (record.tricks_won[record.declarer] >= record.contract.tricks_needed)
    assert DealRecord.from_dict(a["record"]) == record


def test_the_advisor_offers_the_auctions_legal_calls_and_names_the_hint():
    a = advisor_state({"seat": 0, "dealer": 2, "hand": "AKQJT.AK.A.A8", "auction": []})
    assert a["phase"] == "auction" and a["to_move"] == 0 and a["hint"] == "bid"
    assert "NEXT" not in a["legal_calls"]  # the opener may not pass
    b = advisor_state({"seat": 0, "dealer": 2, "hand": "AKQJT.AK.A.A8", "auction": ["5"]})
    assert b["to_move"] == 1 and b["hint"] is None and "NEXT" in b["legal_calls"]


def test_the_advisor_asks_for_the_talon_once_a_numeric_contract_is_reached():
    a = advisor_state({"seat": 1, "dealer": 2, "hand": "AKQJT.AK.A.A8", "auction": ["5", "NEXT", "NEXT"]})
    assert a["phase"] == "declare" and a["talon_due"] and a["declarer"] == 0
    assert a["declare"] is None and a["to_move"] == 0 and a["legal_cards"] == []


def test_a_bad_advisor_view_names_the_item():
    with pytest.raises(MeksikoError, match="view: hand has 11 cards"):
        advisor_state({"seat": 0, "dealer": 2, "hand": "AKQJT.AK.A.A87", "auction": []})
    with pytest.raises(MeksikoError, match=r"view: .*auction\[0\]"):
        advisor_state({"seat": 0, "dealer": 2, "hand": "AKQJT.AK.A.A8", "auction": ["NEXT"]})


@pytest.mark.parametrize("seed, rules, fmt, target", [(1, "mexico-club", None, 31), (2, "classic", None, None),
                                                      (3, "mexico-club", "mini", None), (4, "mexico-club", "tournament", None)])
def test_the_score_sheet_is_the_librarys_scoring(seed, rules, fmt, target):
    game = play_game(seed=seed, rules=rules, format=fmt, target=target)
    data = {k: v for k, v in game.to_dict().items() if k not in ("scores", "totals", "winners")}
    sheet = game_sheet(data)
    totals = (0, 0, 0)
    for row, deal in zip(sheet["sheet"], game.deals):
        totals = apply_scores(totals, deal.scores, rules)
        assert row["scores"] == list(deal.scores) and row["totals"] == list(totals)
        assert row["dealer"] == deal.dealer
        if rules == "mexico-club":
            assert min(row["totals"]) >= 0
    assert sheet["finished"] and sheet["winners"] == list(game.winners)
    # part of the game: the next dealer moves on
    part = game_sheet({**data, "deals": data["deals"][:1]}) if len(game.deals) > 1 else None
    if part is not None:
        assert part["next_dealer"] == (game.deals[0].dealer + 1) % 3 and part["next_deal"] == 2


def test_the_table_state_tells_what_the_page_needs():
    record = play_deal([RandomPolicy(s) for s in range(3)], dealer=1, seed=5)
    done = table_state(record.replay(), 0)
    assert done["result"] == {"made": record.tricks_won[record.declarer] >= record.contract.tricks_needed,
                              "scores": list(record.scores)}
    assert done["tricks_needed"] == record.contract.tricks_needed
    assert done["hands"] == [[], [], []] and done["hint"] is None
    if record.discard:
        assert done["discard"] == [str(c) for c in record.discard]
    start = DealRecord.from_dict({**record.to_dict(), "auction": [], "discard": [], "trump": None, "play": []}).replay()
    s = table_state(start, start.to_move)
    assert s["hint"] == "bid" and sorted(sum(s["hands"], [])) == sorted(str(c) for h in record.hands for c in h)
    assert position(record.to_dict(), 0)["index"] == 0


# --- the routes that pass it on (``client``: conftest.py's) -----------------------------------------

def test_the_advisor_and_game_routes_are_the_librarys(client):
    view = {"seat": 1, "dealer": 2, "hand": "AKQJT.AK.A.A8", "auction": ["5", "NEXT", "NEXT"]}
    r = client.post("/v1/table/advisor", json={"view": view})
    assert r.status_code == 200 and r.json() == json_of(advisor_state(view))
    bad = client.post("/v1/table/advisor", json={"view": {**view, "auction": ["NEXT"]}})
    assert bad.status_code == 422 and "auction[0]" in bad.json()["detail"]
    game = play_game(seed=6, rules="mexico-club", target=31)
    data = {"rules": "mexico-club", "target": 31, "deals": [d.to_dict() for d in game.deals[:2]]}
    r = client.post("/v1/table/game", json={"game": data})
    assert r.status_code == 200 and r.json()["totals"] == [list(t) for t in game.totals[:2]]
    assert r.json()["next_dealer"] == (game.deals[1].dealer + 1) % 3
    bad = client.post("/v1/table/game", json={"game": {**data, "target": 40}})
    assert bad.status_code == 422 and "target 40 is not allowed" in bad.json()["detail"]


def test_a_twenty_digit_seed_sent_as_text_is_exact(client):
    seed = "12345678901234567890"
    r = client.post("/v1/deal/random", json={"seed": seed})
    assert r.status_code == 200 and r.json()["seed"] == int(seed)
    hands, talon = deal_cards(int(seed))
    assert r.json()["hands"] == [[str(c) for c in sorted(h)] for h in hands]


def json_of(value):
    import json
    return json.loads(json.dumps(value, default=str))
