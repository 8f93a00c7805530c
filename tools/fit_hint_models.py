"""Fit the hint engine's models of the other seats and write ``hints/models.json``.

    python tools/fit_hint_models.py [--deals 3000] [--games 150] [--seed 13] [--out PATH]
                                    [--policy uniform|hint] [--samples K] [--generations N]

1. Strength (bidding model): ``--deals`` random deals; for each seat, the double-dummy best
   declaration with the talon (``engine.best_declaration_batch``). Least squares of those tricks
   on the hand features of :mod:`meksiko_solver.hints.bidding_model`; three quarters fit, one
   quarter held back (RMSE, R^2 reported).
2. Calls, card play and discards: ``--games`` seeded deals played by the hint policy itself:
   ``--policy uniform`` (the default), with uniform worlds (``HintPolicy(inference=False)``);
   ``--policy hint``, the current engine with its inference, weighing its worlds by the models
   being refitted (the opponents it actually meets). ``--samples`` worlds a hint (30). Every
   call it made with a real choice fits the call model's ``margin``, ``spread`` and ``jump``
   (maximum likelihood, grid search); every card it played with a choice fits the play
   temperature against the double-dummy values of its legal cards in the real deal; every
   discard fits the discard temperature. Deals ``i % 4 == 3`` are held back: the mean
   log-likelihood per decision there is reported against the uniform choice and against the
   models the games were played with (``previous_held_back``).
3. Richer terms, each kept only where it raises the held-back log-likelihood (both figures are
   written under ``quality``): a margin per auction position (``context_margin``, see
   ``bidding_model.CONTEXTS``), a defender's own play temperature (``temperature_defender``),
   a player's equal cards taken as one choice, played by the lowest (``play.lowest_of_equals``)
   and a score for discarding an exposed talon card (``discard.talon``).
4. ``--generations N``: fit, write the model set, play ``--games`` new deals with the refitted
   models (``--policy hint``), refit; N times, generation K on the seeds from ``--seed`` + (K -
   first) x ``--games``. Each generation's set is also written beside ``--out`` as
   ``NAME-genK.json``; ``--out`` ends with the last. A set this tool wrote goes on from its
   generation (``generation`` in the file).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from math import log
from pathlib import Path

import numpy as np

from meksiko_solver import engine
from meksiko_solver.auction import Auction
from meksiko_solver.cards import Suit, cards_to_mask
from meksiko_solver.deal import Phase, deal_cards
from meksiko_solver.game import play_deal
from meksiko_solver.hints.batch import TT_BYTES
from meksiko_solver.hints import bidding_model
from meksiko_solver.hints.bidding_model import CONTEXTS, FEATURES, call_context, call_distribution, features
from meksiko_solver.hints.play_model import card_probabilities, discard_log_probability_with, lowest_equals
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


def play_games(games: int, seed: int, policy: str = "uniform", samples: int = 30) -> tuple:
    """The decisions of ``games`` seeded self-play deals: ``(calls, discards, cards)`` rows, each
    starting with the deal's number (for the held-back split)."""
    calls, discards, cards = [], [], []

    for i in range(games):
        log_rows: list = []

        def on_hint(phase, view, hint, log_rows=log_rows):
            log_rows.append((phase, view, hint))

        player = HintPolicy(samples=samples, seed=seed + i, on_hint=on_hint, inference=policy == "hint")
        record = play_deal([player] * 3, dealer=i % 3, seed=random.Random(seed * 7919 + i))
        for phase, view, hint in log_rows:
            if phase == Phase.AUCTION:
                calls.append((i, view, hint.call))
            elif phase == Phase.DECLARE and hint.discard:
                discards.append((i, cards_to_mask(view.current_hand), cards_to_mask(hint.discard), int(hint.trump),
                                 cards_to_mask(record.talon)))
            elif phase == Phase.PLAY:
                cards.append((i, record, len(view.play), hint.card.index))
        print(f"game {i + 1}/{games}", file=sys.stderr, flush=True)
    return calls, discards, cards


def call_rows(calls: list, coef: list) -> list:
    """``(deal, strength, legal calls, call, context)`` of the calls with a choice."""
    rows = []
    for i, view, call in calls:
        auction = Auction(view.dealer, view.rules, view.auction)
        legal = tuple(auction.legal_calls())
        if len(legal) > 1:
            strength = sum(c * f for c, f in zip(coef, features(cards_to_mask(view.hand))))
            rows.append((i, strength, legal, call, call_context(auction, auction.turn)))
    return rows


def card_rows(cards: list) -> list:
    """``(deal, card values, card, declaring, equal cards)`` of the cards played with a choice;
    the last is :func:`~meksiko_solver.hints.play_model.lowest_equals` of the player's hand (out of
    play as he knows: the cards of the tricks before and, for the declarer, his discard)."""
    items, meta = [], []
    for i, record, index, card in cards:
        state = DealRecord.from_dict({**record.to_dict(), "play": [str(c) for c in record.play[:index]]}).replay()
        trump = Suit.NO_TRUMP if state.trump is None else state.trump
        hands = [cards_to_mask(state.hand(s)) for s in range(3)]
        who = state.to_move
        gone = cards_to_mask(record.play[:index - len(state.trick_cards)])
        if who == state.declarer and record.discard:
            gone |= cards_to_mask(record.discard)
        items.append((hands, trump, state.declarer, state.leader, [c.index for c in state.trick_cards]))
        meta.append((i, card, who == state.declarer, lowest_equals(hands[who], gone)))
    results = engine.solve_batch(items, True, False, 0, TT_BYTES) if items else []
    rows = [(i, dict(r.card_values), card, declaring, equals) for (i, card, declaring, equals), r in zip(meta, results)]
    return [r for r in rows if len(r[1]) > 1]


def held(i: int) -> bool:
    return i % 4 == 3


def split(rows: list) -> tuple:
    return [r for r in rows if not held(r[0])], [r for r in rows if held(r[0])]


def mean_ll(rows, ll) -> float:
    return sum(ll(r) for r in rows) / len(rows) if rows else 0.0


def best_of(grid, score):
    """The grid point of highest score (the first of equals)."""
    best = None
    for point in grid:
        value = score(point)
        if best is None or value > best[0]:
            best = (value, point)
    assert best is not None, "an empty grid"
    return best[1]


def fit_calls(rows: list, base: dict) -> dict:
    """The call model's parameters (``base`` updated) fitted on ``rows`` of :func:`call_rows`,
    with the fit quality; ``context_margin`` only where it helps on the held-back deals."""
    fit, test = split(rows)

    def ll(r, p):
        return log(call_distribution(r[1], r[2], p, r[4])[r[3]])

    grid = [(round(float(m), 2), sp, mm) for m in np.arange(-2.0, 2.01, 0.1)
            for sp in (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0, 1.2, 1.5, 2.0) for mm in (-1.0, 0.0, 1.0)]
    plain = {k: v for k, v in base.items() if k not in ("context_margin", "quality")}
    m, sp, mm = best_of(grid, lambda g: mean_ll(fit, lambda r: ll(r, {**plain, "margin": g[0], "spread": g[1],
                                                                          "meksiko_margin": g[2]})))
    plain.update(margin=m, spread=sp, meksiko_margin=mm)
    offsets = {}
    for context in CONTEXTS[1:]:  # the opener's bid carries no margin (he may not pass)
        mine = [r for r in fit if r[4] == context]
        offsets[context] = best_of([round(float(x), 2) for x in np.arange(-1.5, 1.51, 0.1)], lambda x: mean_ll(
            mine, lambda r: ll(r, {**plain, "context_margin": {**offsets, context: x}}))) if mine else 0.0
    rich = {**plain, "context_margin": offsets}
    without, with_ = mean_ll(test, lambda r: ll(r, plain)), mean_ll(test, lambda r: ll(r, rich))
    out = rich if with_ > without else plain
    out["quality"] = {**base.get("quality", {}), "calls": {
        "decisions_fit": len(fit), "decisions_held_back": len(test),
        "mean_log_likelihood_held_back": round(max(with_, without), 4),
        "without_context_held_back": round(without, 4), "with_context_held_back": round(with_, 4),
        "context_kept": with_ > without, "previous_held_back": round(mean_ll(test, lambda r: ll(r, base)), 4),
        "uniform_log_likelihood_held_back": round(mean_ll(test, lambda r: -log(len(r[2]))), 4)}}
    return out


PLAY_TEMPERATURES = (0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.8, 1.0, 1.5, 2.0)


def fit_cards(rows: list, base: dict) -> dict:
    """The play model's temperature fitted on ``rows`` of :func:`card_rows`; a defender's own
    temperature, and equal cards taken as one choice (``lowest_of_equals``, rows with a fifth
    item), each only where it helps on the held-back deals."""
    fit, test = split(rows)

    def ll(r, p):
        return log(card_probabilities(r[1], r[3], p, r[4] if len(r) > 4 else None)[r[2]])

    def temperatures(plain: dict) -> tuple:
        """``plain`` with its temperature fitted, the same by role, and their held-back figures."""
        plain = {**plain, "temperature": best_of(PLAY_TEMPERATURES, lambda t: mean_ll(
            fit, lambda r: ll(r, {**plain, "temperature": t})))}
        by_role = {**plain}
        for key, mine in (("temperature", [r for r in fit if r[3]]), ("temperature_defender", [r for r in fit if not r[3]])):
            by_role[key] = best_of(PLAY_TEMPERATURES, lambda t: mean_ll(mine, lambda r: ll(r, {**plain, "temperature": t})))
        return plain, by_role, mean_ll(test, lambda r: ll(r, plain)), mean_ll(test, lambda r: ll(r, by_role))

    start = {"temperature": 1.0, "floor": FLOOR["play"], "lookback": base.get("lookback", 2)}
    plain, rich, without, with_ = temperatures(start)
    out, best = (rich, with_) if with_ > without else (plain, without)
    equal_plain, equal_rich, equal_without, equal_with = temperatures({**start, "lowest_of_equals": True})
    equal_out, equal_best = ((equal_rich, equal_with) if equal_with > equal_without else (equal_plain, equal_without))
    equals_kept = any(len(r) > 4 for r in rows) and equal_best > best
    if equals_kept:
        out, best = equal_out, equal_best
    out = {**out, "quality": {
        "cards_fit": len(fit), "cards_held_back": len(test),
        "mean_log_likelihood_held_back": round(best, 4),
        "one_temperature_held_back": round(without, 4), "by_role_held_back": round(with_, 4),
        "by_role_kept": "temperature_defender" in out,
        "lowest_of_equals_held_back": round(equal_best, 4), "lowest_of_equals_kept": equals_kept,
        "previous_held_back": round(mean_ll(test, lambda r: ll(r, base)), 4),
        "uniform_log_likelihood_held_back": round(mean_ll(test, lambda r: -log(len(r[1]))), 4)}}
    return out


DISCARD_TEMPERATURES = (0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 16.0)


def fit_discards(rows: list, base: dict) -> dict:
    """The discard model fitted on ``(deal, twelve, discard, trump, talon)`` rows; the exposed
    talon's term only where it helps on the held-back deals (``base``: the model before)."""
    fit, test = split(rows)

    def ll(r, p):
        _, twelve, d, trump, talon = r
        return discard_log_probability_with(twelve, d, trump, p, talon)

    plain = {"temperature": 4.0, "floor": FLOOR["discard"]}
    plain["temperature"] = best_of(DISCARD_TEMPERATURES, lambda t: mean_ll(fit, lambda r: ll(r, {**plain, "temperature": t})))
    grid = [(t, round(float(b), 2)) for t in DISCARD_TEMPERATURES for b in np.arange(-3.0, 3.01, 0.25)]
    t, b = best_of(grid, lambda g: mean_ll(fit, lambda r: ll(r, {**plain, "temperature": g[0], "talon": g[1]})))
    rich = {**plain, "temperature": t, "talon": b}
    without, with_ = mean_ll(test, lambda r: ll(r, plain)), mean_ll(test, lambda r: ll(r, rich))
    out = rich if with_ > without else plain
    out["quality"] = {
        "discards_fit": len(fit), "discards_held_back": len(test),
        "mean_log_likelihood_held_back": round(max(with_, without), 4),
        "without_talon_held_back": round(without, 4), "with_talon_held_back": round(with_, 4),
        "talon_kept": with_ > without, "previous_held_back": round(mean_ll(test, lambda r: ll(r, base)), 4),
        "uniform_log_likelihood_held_back": round(-log(66), 4)}
    return out


def use_models(model: dict) -> None:
    """Make ``model`` this process's ``current`` model set (the games of the next generation)."""
    current = bidding_model.parameters("current")
    current.clear()
    current.update(json.loads(json.dumps(model)))
    bidding_model.strength.cache_clear()
    bidding_model.call_log_probability.cache_clear()


def fit_generation(start: dict, games: int, seed: int, policy: str, samples: int) -> dict:
    """The model set refitted on ``games`` deals played with ``start`` as the current models."""
    use_models(start)
    calls, discards, cards = play_games(games, seed, policy, samples)
    bidding = fit_calls(call_rows(calls, start["bidding"]["strength"]), start["bidding"])
    return {**start, "bidding": bidding, "play": fit_cards(card_rows(cards), start["play"]),
            "discard": fit_discards(discards, start["discard"])}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=3000, help="random deals for the strength model (0: keep it)")
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--policy", choices=("uniform", "hint"), default="uniform",
                    help="who plays the games: the hint policy with uniform worlds, or with its inference")
    ap.add_argument("--samples", type=int, default=30, help="worlds a hint in the games")
    ap.add_argument("--generations", type=int, default=1, help="fit, play with the fit, refit: N times")
    args = ap.parse_args(argv)
    if args.generations < 1 or args.games < 4:
        ap.error("--generations must be at least 1 and --games at least 4 (one held back in four)")

    # The sections other scripts fit (the bid calibration, the tempering) are kept as they are.
    model = json.loads(args.out.read_text()) if args.out.exists() else json.loads(json.dumps(bidding_model.parameters()))
    model["fitted_by"] = "tools/fit_hint_models.py " + " ".join(argv if argv is not None else sys.argv[1:])
    if args.deals > 0:
        coef, strength_quality = fit_strength(args.deals, args.seed)
        model["bidding"] = {**model["bidding"], "features": list(FEATURES), "strength": coef,
                            "quality": {"strength": strength_quality}}
    first = model.get("generation", 0) + 1  # a set written by this tool goes on from its generation
    for g in range(first, first + args.generations):
        seed = args.seed + (g - first) * args.games  # new deals each generation, seeds next to each other
        model = {**fit_generation(model, args.games, seed, args.policy, args.samples), "generation": g}
        text = json.dumps(model, indent=1) + "\n"
        if args.generations > 1:
            args.out.with_name(f"{args.out.stem}-gen{g}.json").write_text(text)
        args.out.write_text(text)
        print(json.dumps({k: model[k] for k in ("generation", "bidding", "play", "discard")}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
