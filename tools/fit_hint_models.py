"""Fit the hint engine's models of the other seats and write ``hints/models.json``.

    python tools/fit_hint_models.py [--deals 3000] [--games 150] [--seed 13] [--out PATH]

1. Strength (bidding model): ``--deals`` random deals; for each seat, the double-dummy best
   declaration with the talon (``engine.best_declaration_batch``). Least squares of those tricks
   on the hand features of :mod:`meksiko_solver.hints.bidding_model`; three quarters fit, one
   quarter held back (RMSE, R^2 reported).
2. Calls, card play and discards: ``--games`` seeded deals played by the hint policy itself with
   uniform worlds (``HintPolicy(inference=False)``, 30 worlds). Every call it made with a real
   choice fits the call model's ``margin``, ``spread`` and ``jump`` (maximum likelihood, grid
   search); every card it played with a choice fits the play temperature against the
   double-dummy values of its legal cards in the real deal; every discard fits the discard
   temperature. Deals ``i % 4 == 3`` are held back: the mean log-likelihood per decision there is
   reported against the uniform choice.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from itertools import combinations
from math import log
from pathlib import Path

import numpy as np

from meksiko_solver import engine
from meksiko_solver.auction import Auction
from meksiko_solver.cards import Suit, cards_to_mask
from meksiko_solver.deal import Phase, deal_cards
from meksiko_solver.game import play_deal
from meksiko_solver.hints.batch import TT_BYTES
from meksiko_solver.hints.bidding_model import FEATURES, call_distribution, features
from meksiko_solver.hints.heuristics import keep_values
from meksiko_solver.hints.play_model import card_probabilities
from meksiko_solver.hints.policy import HintPolicy
from meksiko_solver.record import DealRecord

OUT = Path(__file__).resolve().parent.parent / "python" / "meksiko_solver" / "hints" / "models.json"
FLOOR = {"bidding": 0.02, "play": 0.02, "discard": 0.05}


def fit_strength(deals: int, seed: int) -> tuple:
    rng = random.Random(seed)
    items, feats = [], []
    for _ in range(deals):
        hands, talon = deal_cards(rng)
        masks = [cards_to_mask(h) for h in hands]
        t = cards_to_mask(talon)
        for s in range(3):
            items.append((masks, t, s))
            feats.append(features(masks[s]))
    results = engine.best_declaration_batch(items, 0, 0, TT_BYTES)
    y = np.array([r.tricks for r in results], dtype=float)
    x = np.array(feats)
    n_fit = (len(y) * 3) // 4
    coef, *_ = np.linalg.lstsq(x[:n_fit], y[:n_fit], rcond=None)
    pred = x @ coef
    res_fit = y[:n_fit] - pred[:n_fit]
    res_held = y[n_fit:] - pred[n_fit:]
    quality = {"deals": deals, "seat_hands": len(y), "held_back": len(y) - n_fit,
               "rmse_fit": round(float(np.sqrt(np.mean(res_fit ** 2))), 4),
               "rmse_held_back": round(float(np.sqrt(np.mean(res_held ** 2))), 4),
               "r2_held_back": round(float(1 - np.var(res_held) / np.var(y[n_fit:])), 4)}
    return [round(float(c), 5) for c in coef], quality


def play_games(games: int, seed: int) -> tuple:
    calls, discards, cards = [], [], []  # (game, ...) rows

    for i in range(games):
        log_rows: list = []

        def on_hint(phase, view, hint, log_rows=log_rows):
            log_rows.append((phase, view, hint))

        policy = HintPolicy(samples=30, seed=seed + i, on_hint=on_hint, inference=False)
        record = play_deal([policy] * 3, dealer=i % 3, seed=random.Random(seed * 7919 + i))
        for phase, view, hint in log_rows:
            if phase == Phase.AUCTION:
                calls.append((i, view, hint.call))
            elif phase == Phase.DECLARE and hint.discard:
                discards.append((i, cards_to_mask(view.current_hand), cards_to_mask(hint.discard), int(hint.trump)))
            elif phase == Phase.PLAY:
                cards.append((i, record, len(view.play), hint.card.index))
        print(f"game {i + 1}/{games}", file=sys.stderr, flush=True)
    return calls, discards, cards


def call_rows(calls: list, coef: list) -> list:
    rows = []
    for i, view, call in calls:
        auction = Auction(view.dealer, view.rules, view.auction)
        strength = sum(c * f for c, f in zip(coef, features(cards_to_mask(view.hand))))
        rows.append((i, strength, auction.legal_calls(), call))
    return rows


def card_rows(cards: list) -> list:
    items, meta = [], []
    for i, record, index, card in cards:
        state = DealRecord.from_dict({**record.to_dict(), "play": [str(c) for c in record.play[:index]]}).replay()
        trump = Suit.NO_TRUMP if state.trump is None else state.trump
        hands = [cards_to_mask(state.hand(s)) for s in range(3)]
        items.append((hands, trump, state.declarer, state.leader, [c.index for c in state.trick_cards]))
        meta.append((i, card, state.to_move == state.declarer))
    results = engine.solve_batch(items, True, False, 0, TT_BYTES)
    return [(i, dict(r.card_values), card, declaring) for (i, card, declaring), r in zip(meta, results)]


def mean_ll(rows, ll) -> float:
    return sum(ll(r) for r in rows) / len(rows) if rows else 0.0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)

    coef, strength_quality = fit_strength(args.deals, args.seed)
    model = {"fitted_by": "tools/fit_hint_models.py " + " ".join(argv if argv is not None else sys.argv[1:]),
             "bidding": {"features": list(FEATURES), "strength": coef, "margin": 0.0, "meksiko_margin": 0.0,
                         "spread": 1.0, "jump": 0.01, "floor": FLOOR["bidding"], "quality": {"strength": strength_quality}},
             "play": {"temperature": 1.0, "floor": FLOOR["play"], "lookback": 2},
             "discard": {"temperature": 4.0, "floor": FLOOR["discard"]}}

    calls, discards, cards = play_games(args.games, args.seed)
    held = lambda i: i % 4 == 3  # noqa: E731

    # Calls.
    rows = [r for r in call_rows(calls, coef) if len(r[2]) > 1]
    fit, test = [r for r in rows if not held(r[0])], [r for r in rows if held(r[0])]
    best = None
    for margin in np.arange(-2.0, 2.01, 0.1):
        for spread in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.2, 1.5, 2.0):
            for mm in (-1.0, 0.0, 1.0):
                p = {**model["bidding"], "margin": float(margin), "spread": spread, "meksiko_margin": mm}
                ll = mean_ll(fit, lambda r: log(call_distribution(r[1], r[2], p)[r[3]]))
                if best is None or ll > best[0]:
                    best = (ll, float(margin), spread, mm)
    assert best is not None
    model["bidding"].update(margin=round(best[1], 3), spread=best[2], meksiko_margin=best[3])
    p = model["bidding"]
    model["bidding"]["quality"]["calls"] = {
        "decisions_fit": len(fit), "decisions_held_back": len(test),
        "mean_log_likelihood_held_back": round(mean_ll(test, lambda r: log(call_distribution(r[1], r[2], p)[r[3]])), 4),
        "uniform_log_likelihood_held_back": round(mean_ll(test, lambda r: -log(len(r[2]))), 4)}

    # Card play.
    crow = [r for r in card_rows(cards) if len(r[1]) > 1]
    fit, test = [r for r in crow if not held(r[0])], [r for r in crow if held(r[0])]
    best = None
    for t in (0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.5, 2.0):
        pp = {"temperature": t, "floor": FLOOR["play"]}
        ll = mean_ll(fit, lambda r: log(card_probabilities(r[1], r[3], pp)[r[2]]))
        if best is None or ll > best[0]:
            best = (ll, t)
    assert best is not None
    pp = {"temperature": best[1], "floor": FLOOR["play"]}
    model["play"].update(temperature=best[1], quality={
        "cards_fit": len(fit), "cards_held_back": len(test),
        "mean_log_likelihood_held_back": round(mean_ll(test, lambda r: log(card_probabilities(r[1], r[3], pp)[r[2]])), 4),
        "uniform_log_likelihood_held_back": round(mean_ll(test, lambda r: -log(len(r[1]))), 4)})

    # Discards.
    def discard_ll(row, t):
        _, twelve, d, trump = row
        value = keep_values(twelve, trump)
        cs = list(value)
        scores = {(1 << a) | (1 << b): -(value[a] + value[b]) / t for a, b in combinations(cs, 2)}
        top = max(scores.values())
        z = sum(np.exp(s - top) for s in scores.values())
        q = float(np.exp(scores[d] - top) / z)
        return log((1 - FLOOR["discard"]) * q + FLOOR["discard"] / len(scores))

    fit, test = [r for r in discards if not held(r[0])], [r for r in discards if held(r[0])]
    best = None
    for t in (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0):
        ll = mean_ll(fit, lambda r: discard_ll(r, t))
        if best is None or ll > best[0]:
            best = (ll, t)
    assert best is not None
    model["discard"].update(temperature=best[1], quality={
        "discards_fit": len(fit), "discards_held_back": len(test),
        "mean_log_likelihood_held_back": round(mean_ll(test, lambda r: discard_ll(r, best[1])), 4),
        "uniform_log_likelihood_held_back": round(-log(66), 4)})
    # The sections other scripts fit (the bid calibration, the tempering) are kept as they are.
    kept = json.loads(args.out.read_text()) if args.out.exists() else {}
    args.out.write_text(json.dumps({**kept, **model}, indent=1) + "\n")
    print(json.dumps(model, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
