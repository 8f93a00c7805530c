"""Fixed, seeded views for the hint benchmarks, and their stored recommendations.

    python benchmarks/hint_sets.py     # regenerate data/hint_answers.jsonl (only when a set changes)

The views come from the deals of ``deal_sets.full_deals()`` (bid, discard and opening-lead
views) and from seeded deals played by the baseline policy (views later in the play). Each
hint's answer depends only on the exact double-dummy values and the seeded sampling, so the
stored recommendations stay valid when the engine gets faster.
"""

from __future__ import annotations

from deal_sets import full_deals, load_answers, write_answers
from meksiko_solver.cards import Card, Hand
from meksiko_solver.game import play_deal
from meksiko_solver.hints.heuristics import simple_declare
from meksiko_solver.hints.policy import BaselinePolicy
from meksiko_solver.record import DealRecord

COUNT = 10
SAMPLES = 200
ANSWERS = "hint_answers.jsonl"


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= Card(c).mask
    return m


def _strings(mask: int) -> list:
    return [str(c) for c in sorted(Card(i) for i in range(32) if mask >> i & 1)]


def bid_views() -> list:
    """Deal i, seat i % 3 to call second, after the opener's 5 (6 or more, Meksiko, or NEXT)."""
    out = []
    for i, d in enumerate(full_deals()[:COUNT]):
        seat = i % 3
        out.append({"seat": seat, "dealer": (seat + 1) % 3, "hand": d["hands"][seat], "auction": ["5"]})
    return out


def discard_views() -> list:
    """Deal i, seat i % 3 opens 6 and the others say NEXT: twelve cards to declare with."""
    out = []
    for i, d in enumerate(full_deals()[:COUNT]):
        seat = i % 3
        out.append({"seat": seat, "dealer": (seat + 2) % 3, "hand": d["hands"][seat],
                    "auction": ["6", "NEXT", "NEXT"], "talon": d["talon"]})
    return out


def opening_views() -> list:
    """The declarer's view at his opening lead (discard and trump by the rule of thumb)."""
    out = []
    for v in discard_views():
        twelve = Hand.from_string(v["hand"]).mask | _mask(v["talon"])
        discard, trump = simple_declare(twelve)
        out.append({**v, "discard": _strings(discard), "trump": "SHDC"[trump], "play": []})
    return out


def later_views() -> list:
    """The seat to play after 4, 10, 16 and 22 cards of seeded deals played by the baseline."""
    out = []
    seed = 0
    while len(out) < COUNT:
        deal = play_deal([BaselinePolicy()] * 3, dealer=seed % 3, seed=1000 + seed)
        d = deal.to_dict()
        for upto in (4, 10, 16, 22):
            if len(out) >= COUNT:
                break
            state = DealRecord.from_dict({**d, "play": d["play"][:upto]}).replay()
            seat = state.to_move
            view = {"seat": seat, "dealer": d["dealer"], "hand": d["hands"][seat], "auction": d["auction"],
                    "trump": d["trump"], "play": d["play"][:upto]}
            if deal.contract != "M":
                view["talon"] = d["talon"]
                if seat == deal.declarer:
                    view["discard"] = d["discard"]
            out.append(view)
        seed += 1
    return out


def with_games(views: list) -> list:
    """Each view with a game state to play for (sets "<name>-match"): totals of a game to 31 a few
    deals from its end, fixed per view, the view's dealer."""
    return [(v, {"scores": [(11 + 7 * i) % 27, (19 + 5 * i) % 29, (5 + 11 * i) % 30], "dealer": v["dealer"],
                 "target": 31}) for i, v in enumerate(views)]


def answers() -> dict:
    rows = load_answers(ANSWERS)
    return {row["set"]: row["answers"] for row in rows}


#: The engine before issue 13 (uniform worlds, per-world best declaration, a defender's cards
#: ranked defeat first): the stored answers of the sets "bid", "discard", "opening", "later"; the
#: sets "<name>-inference" are the defaults', "<name>-match" the defaults' playing for a game.
UNIFORM = {"bid": {"inference": False, "per_world_declaration": True}, "play": {"inference": False, "standing": False},
           "discard": {"inference": False}}


def main() -> None:
    from meksiko_solver.hints import bid as bid_module
    from meksiko_solver.hints import bid_hint, discard_hint, play_hint

    rows = []
    for suffix, kw in (("", UNIFORM), ("-inference", {"bid": {}, "play": {}, "discard": {}})):
        bid_module._CACHE.clear()
        rows.append({"set": "bid" + suffix, "answers": [bid_hint(v, SAMPLES, 0, **kw["bid"]).call for v in bid_views()]})
        rows.append({"set": "discard" + suffix, "answers": [
            [[str(c) for c in h.discard], "SHDC"[h.trump]]
            for h in (discard_hint(v, SAMPLES, 0, **kw["discard"]) for v in discard_views())]})
        rows.append({"set": "opening" + suffix, "answers": [str(play_hint(v, SAMPLES, 0, **kw["play"]).card)
                                                           for v in opening_views()]})
        rows.append({"set": "later" + suffix, "answers": [str(play_hint(v, SAMPLES, 0, **kw["play"]).card)
                                                         for v in later_views()]})
    bid_module._CACHE.clear()
    rows.append({"set": "bid-match", "answers": [bid_hint(v, SAMPLES, 0, game=g).call
                                                 for v, g in with_games(bid_views())]})
    rows.append({"set": "discard-match", "answers": [
        [[str(c) for c in h.discard], "SHDC"[h.trump]]
        for h in (discard_hint(v, SAMPLES, 0, game=g) for v, g in with_games(discard_views()))]})
    rows.append({"set": "opening-match", "answers": [str(play_hint(v, SAMPLES, 0, game=g).card)
                                                     for v, g in with_games(opening_views())]})
    rows.append({"set": "later-match", "answers": [str(play_hint(v, SAMPLES, 0, game=g).card)
                                                   for v, g in with_games(later_views())]})
    write_answers(ANSWERS, rows)


if __name__ == "__main__":
    main()
