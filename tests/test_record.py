"""Deal and game records (record.py): round trips, derived info and validation errors."""

import json

import pytest

from meksiko_solver.cards import Card, Suit
from meksiko_solver.errors import MeksikoError, RecordError
from meksiko_solver.game import play_game
from meksiko_solver.record import DealRecord, GameRecord

# A hand-made deal: seat 0 holds every spade, dealer 2 so seat 0 opens.
HANDS = [
    ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AH", "KH"],
    ["QH", "JH", "TH", "8H", "7H", "AD", "KD", "QD", "JD", "TD"],
    ["9H", "9D", "8D", "7D", "AC", "KC", "QC", "JC", "TC", "9C"],
]
TALON = ["8C", "7C"]
# Seat 0 bids 5, discards AH KH, names spades, cashes four spades, then leads 8C.
# Meksiko (spades): seat 0 keeps AH KH and takes all ten tricks.
MEKSIKO_PLAY = ["AS", "7H", "7D", "KS", "8H", "8D", "QS", "TH", "9D", "JS", "JH", "9C", "TS", "QH", "TC",
                "AH", "AD", "9H", "KH", "KD", "AC", "9S", "QD", "KC", "8S", "JD", "QC", "7S", "TD", "JC"]
PLAY = ["AS", "7H", "7D", "KS", "8H", "8D", "QS", "TH", "9D", "JS", "JH", "9C", "8C", "QH", "AC",
        "9H", "TS", "KD", "9S", "QD", "KC", "8S", "JD", "QC", "7S", "TD", "JC", "7C", "AD", "TC"]


def deal_dict(**changes):
    d = {"rules": "mexico-club", "mode": "easy", "dealer": 2, "hands": HANDS, "talon": TALON,
         "auction": ["5", "NEXT", "NEXT"], "discard": ["AH", "KH"], "trump": "S", "play": PLAY}
    d.update(changes)
    return d


def bad(data, cls=DealRecord):
    with pytest.raises(RecordError) as err:
        cls.from_dict(data)
    return str(err.value)


# --- a valid deal -----------------------------------------------------------------------------

def test_hand_made_deal_derived_info():
    deal = DealRecord.from_dict(deal_dict())
    assert (deal.declarer, deal.contract, deal.trump) == (0, "5", 0)
    assert deal.finished and deal.phase == "done"
    assert deal.tricks_won == (8, 0, 2)
    assert deal.scores == (8, 0, 2)
    tricks = deal.tricks
    assert len(tricks) == 10
    assert [(t.leader, t.winner) for t in tricks[:6]] == [(0, 0), (0, 0), (0, 0), (0, 0), (0, 2), (2, 0)]
    assert tricks[4].cards == (Card("8C"), Card("QH"), Card("AC")) and tricks[4].seats == (0, 1, 2)
    assert tricks[5].seats == (2, 0, 1)


def test_deal_round_trip_dict_and_json():
    deal = DealRecord.from_dict(deal_dict())
    assert DealRecord.from_dict(deal.to_dict()) == deal
    assert DealRecord.from_json(deal.to_json()) == deal
    d = deal.to_dict()
    assert list(d) == ["rules", "mode", "dealer", "hands", "talon", "auction", "discard", "trump", "play"]
    assert d["discard"] == ["AH", "KH"] and d["trump"] == "S" and d["play"] == PLAY
    assert json.loads(deal.to_json()) == d


def test_input_is_normalised():
    liberal = deal_dict(hands=[list(reversed(h)) for h in HANDS], talon=["7c", "8C"],
                        auction=[5, "next", "Pass"], discard=["KH", "AH"], trump="spades")
    assert DealRecord.from_dict(liberal) == DealRecord.from_dict(deal_dict())
    assert DealRecord.from_dict(liberal).to_dict()["talon"] == ["8C", "7C"]


def test_unfinished_deal_stops_early():
    deal = DealRecord.from_dict(deal_dict(play=PLAY[:14]))
    assert not deal.finished and deal.phase == "play"
    assert deal.tricks_won == (4, 0, 0) and deal.scores is None
    assert deal.tricks[-1].cards == (Card("8C"), Card("QH")) and deal.tricks[-1].winner is None
    assert DealRecord.from_json(deal.to_json()) == deal
    state = deal.replay()
    state.play("AC")
    assert state.tricks_won == [4, 0, 1]


def test_deal_stopping_in_auction_and_before_the_discard():
    auction_only = DealRecord.from_dict(deal_dict(auction=["5", "6"], discard=[], trump=None, play=[]))
    assert auction_only.phase == "auction" and auction_only.declarer is None and auction_only.contract is None
    declare = DealRecord.from_dict(deal_dict(discard=[], trump=None, play=[]))
    assert declare.phase == "declare" and declare.declarer == 0
    minimal = DealRecord.from_dict({"dealer": 2, "hands": HANDS, "talon": TALON})
    assert minimal.rules == "mexico-club" and minimal.mode == "easy" and minimal.phase == "auction"


def test_meksiko_deals():
    club = DealRecord.from_dict(deal_dict(auction=["M"], discard=[], trump="S", play=MEKSIKO_PLAY))
    assert club.contract == "M" and club.tricks_won == (10, 0, 0) and club.scores == (20, 0, 0)
    normal = DealRecord.from_dict(deal_dict(mode="normal", auction=["M"], discard=[], trump="S", play=MEKSIKO_PLAY))
    assert normal.scores == (20, -20, -20)
    ruffed = DealRecord.from_dict(deal_dict(auction=["M"], discard=[], trump="H", play=["AS", "7H", "9H"]))
    assert ruffed.tricks_won == (0, 0, 1) and ruffed.tricks[0].winner == 2  # both void in spades must ruff
    classic = DealRecord.from_dict(deal_dict(rules="classic", mode=None, auction=["M", "NEXT", "NEXT"],
                                             discard=[], trump=None, play=[]))
    assert classic.phase == "play" and classic.trump is Suit.NO_TRUMP and classic.mode == "standard"
    assert classic.to_dict()["trump"] == "N"  # the canonical no trump (null is read too)


# --- the first bad item is named --------------------------------------------------------------

def test_illegal_play_names_the_item():
    play = PLAY[:14] + ["9H"] + PLAY[15:]
    assert bad(deal_dict(play=play)) == "play[14]: 9H is not legal, seat 2 must follow clubs"


def test_card_not_in_hand_and_card_played_twice():
    assert bad(deal_dict(play=["KH"])) == "play[0]: KH is not in seat 0's hand"  # discarded
    assert bad(deal_dict(play=["AS", "7H", "AS"])) == "play[2]: AS is not in seat 2's hand"
    assert bad(deal_dict(play=["AS", "XX"])).startswith("play[1]: unknown")


def test_play_beyond_ten_tricks():
    assert bad(deal_dict(play=PLAY + ["AH"])) == "play[30]: no card may be played now: the deal is over (all 10 tricks are played)"


def test_must_trump_when_void():
    # seat 0 leads 7S at trick 1 with hearts trump; seat 1 has no spades but hearts
    msg = bad(deal_dict(trump="H", play=["7S", "AD"]))
    assert msg == "play[1]: AD is not legal, seat 1 has no spades and must play a trump (hearts)"


@pytest.mark.parametrize("hands, talon, message", [
    (HANDS[:2], TALON, "hands must be a list of 3 hands"),
    ([HANDS[0][:9], HANDS[1], HANDS[2]], TALON, "hands[0] has 9 cards, it must have 10"),
    ([HANDS[0], HANDS[1][:9] + ["AS"], HANDS[2]], TALON, "hands[1]: AS is dealt twice (also in hands[0])"),
    ([HANDS[0], HANDS[1], HANDS[2]], ["8C", "9C"], "talon: 9C is dealt twice (also in hands[2])"),
    ([HANDS[0], HANDS[1], HANDS[2][:9] + ["AC"]], TALON, "duplicate card AC in hands[2]"),
    ([HANDS[0], HANDS[1], HANDS[2]], ["8C", "1C"], "talon"),
])
def test_cards_dealt_exactly_once(hands, talon, message):
    assert message in bad(deal_dict(hands=hands, talon=talon))


def test_illegal_auction_names_the_call():
    assert bad(deal_dict(auction=["NEXT"])).startswith("auction[0]: the opener (seat 0) may not say NEXT")
    assert bad(deal_dict(auction=["6", "5"])) == "auction[1]: bid 5 is not higher than the current bid 6"
    assert bad(deal_dict(auction=["5", "NEXT", "NEXT", "6"])).startswith("auction[3]: 6 after the end of the auction")
    assert bad(deal_dict(auction=["M", "NEXT"])) == (
        "auction[1]: NEXT after the end of the auction: Meksiko ends the auction at once")
    assert bad(deal_dict(auction=["5", "X"])).startswith("auction[1]: unknown call 'X'")


def test_illegal_discard_and_trump():
    assert bad(deal_dict(discard=["AH"])) == "discard: the declarer must discard exactly two cards, not 1"
    assert bad(deal_dict(discard=["AH", "QH"])) == "discard: QH is not in the declarer's (seat 0) hand"
    assert bad(deal_dict(discard=["AH", "ZZ"])).startswith("discard[1]: unknown")
    assert bad(deal_dict(trump=None)) == "trump: the declarer must name trump (S, H, D, C)"
    assert bad(deal_dict(trump="X")).startswith("trump: unknown trump 'X'")
    assert bad(deal_dict(auction=["M"])) == (
        "discard: on Meksiko the talon stays out of play and nothing is discarded, not AH KH")
    assert bad(deal_dict(auction=["5", "6"], play=[])) == "discard: nothing may be discarded before the auction is over"
    assert bad(deal_dict(auction=["5", "6"], discard=[], play=[])) == (
        "trump: no trump may be named before the auction is over")


def test_meksiko_trump_rules_per_profile():
    assert bad(deal_dict(auction=["M"], discard=[], trump=None, play=["AS"])) == (
        "play[0]: no card may be played now: the declarer has not discarded and named trump yet")
    assert bad(deal_dict(rules="classic", mode=None, auction=["M", "NEXT", "NEXT"], discard=[], trump="S")) == (
        "trump: classic Meksiko is played without trump, not S")
    assert bad(deal_dict(rules="classic", mode=None, auction=["M"], discard=[], trump=None, play=["AS"])) == (
        "play[0]: no card may be played now: the auction is not over")


def test_play_before_discard():
    assert bad(deal_dict(discard=[], trump=None)) == (
        "play[0]: no card may be played now: the declarer has not discarded and named trump yet")


def test_bad_keys_and_fields():
    assert bad(deal_dict(plays=[])) == ("unknown key 'plays' in the deal record: valid keys are "
                                        "rules, mode, dealer, hands, talon, auction, discard, trump, play")
    d = deal_dict()
    del d["talon"]
    assert bad(d) == "missing key 'talon' in the deal record"
    assert bad(deal_dict(rules="house")).startswith("rules: unknown rules 'house'")
    assert bad(deal_dict(mode="hard")).startswith("mode: unknown scoring mode 'hard'")
    assert bad(deal_dict(dealer=3)) == "dealer must be 0, 1 or 2, not 3"
    assert bad(deal_dict(play="AS 7H")) == "play must be a list, not 'AS 7H'"
    assert bad([1, 2]) == "a deal record must be a JSON object, not list"
    with pytest.raises(RecordError, match="the deal record is not valid JSON"):
        DealRecord.from_json("{")


def test_record_errors_are_meksiko_errors():
    with pytest.raises(MeksikoError):
        DealRecord.from_dict(deal_dict(play=["KH"]))


# --- game records -----------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [dict(), dict(mode="normal", target=31), dict(format="mini"),
                                    dict(format="tournament", target=15), dict(rules="classic")])
def test_game_round_trip(kwargs):
    game = play_game(seed=11, **kwargs)
    assert game.finished
    again = GameRecord.from_json(game.to_json())
    assert again == game
    assert (again.totals, again.scores, again.winners) == (game.totals, game.scores, game.winners)
    assert GameRecord.from_dict(game.to_dict()) == game


def test_game_dict_layout():
    game = play_game(seed=4, format="tournament")
    d = game.to_dict()
    assert list(d) == ["rules", "mode", "format", "target", "seed", "deals", "scores", "totals", "winners"]
    assert (d["rules"], d["mode"], d["format"], d["target"], d["seed"]) == ("mexico-club", "normal", "tournament", 10, 4)
    assert len(d["deals"]) == len(d["scores"]) == len(d["totals"])
    assert d["totals"][-1] == list(game.final_totals) and d["winners"] == list(game.winners)


def test_game_deals_may_omit_rules_and_mode():
    d = play_game(seed=2, format="tournament").to_dict()
    for deal in d["deals"]:
        del deal["rules"], deal["mode"]
    for key in ("scores", "totals", "winners"):
        del d[key]
    assert GameRecord.from_dict(d) == play_game(seed=2, format="tournament")


def test_unfinished_game_record():
    game = play_game(seed=2, max_deals=2)
    assert not game.finished and len(game.deals) == 2 and game.winners is None
    d = game.to_dict()
    d["deals"][-1]["play"] = d["deals"][-1]["play"][:5]
    del d["scores"], d["totals"], d["winners"]
    partial = GameRecord.from_dict(d)
    assert len(partial.totals) == 1 and not partial.deals[-1].finished


def test_game_errors_name_the_bad_deal():
    d = play_game(seed=5, format="tournament").to_dict()
    assert len(d["deals"]) >= 3
    first = DealRecord.from_dict(d["deals"][0])
    with pytest.raises(RecordError) as err:
        GameRecord((first, first), format="tournament", target=100)
    assert str(err.value) == f"deals[1]: dealer must be seat {(first.dealer + 1) % 3} (the dealer moves one seat on), not {first.dealer}"
    wrong_dealer = json.loads(json.dumps(d))
    wrong_dealer["deals"][1]["dealer"] = wrong_dealer["deals"][0]["dealer"]
    assert bad(wrong_dealer, GameRecord).startswith("deals[1]: ")  # the deal no longer replays

    illegal = json.loads(json.dumps(d))
    illegal["deals"][2]["play"][0:2] = illegal["deals"][2]["play"][1::-1]  # swap first two cards
    assert bad(illegal, GameRecord).startswith("deals[2]: play[")

    after_end = json.loads(json.dumps(d))
    after_end["deals"].append(after_end["deals"][0])
    assert bad(after_end, GameRecord).startswith(f"deals[{len(d['deals'])}]: the game was already over")

    unfinished = json.loads(json.dumps(d))
    unfinished["deals"][0]["play"] = unfinished["deals"][0]["play"][:3]
    assert bad(unfinished, GameRecord) == "deals[1]: deals[0] is unfinished, so no deal may follow it"

    mixed = json.loads(json.dumps(d))
    mixed["deals"][1]["mode"] = "easy"
    assert bad(mixed, GameRecord) == "deals[1]: rules mexico-club/easy differ from the game's mexico-club/normal"


def test_game_derived_keys_are_checked():
    d = play_game(seed=5).to_dict()
    d["totals"][0][0] += 1
    assert bad(d, GameRecord).startswith("totals: the record says")
    d = play_game(seed=5).to_dict()
    d["winners"] = [9]
    assert bad(d, GameRecord).startswith("winners: the record says [9]")


def test_game_settings_are_checked():
    d = play_game(seed=5).to_dict()
    assert bad(dict(d, target=40), GameRecord).startswith("target 40 is not allowed")
    assert bad(dict(d, seed="x"), GameRecord) == "seed must be a whole number or null, not 'x'"
    assert bad(dict(d, extra=1), GameRecord).startswith("unknown key 'extra' in the game record")
