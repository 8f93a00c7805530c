"""The study's statistics: numpy aggregations over the chunks' arrays, each with its count
and a 95% interval (Wilson's for proportions, the normal one for a mean).

Over every analysed (deal, seat): the distribution of the maximum bid by the seat's position
in the auction (``first`` bids first, then ``second``, then the ``dealer``); the chance that
each contract 5..10 and Meksiko makes, by simple features of the hand as dealt; the talon's
value; how often Meksiko makes under each rule profile.
"""

from __future__ import annotations

import math
from typing import Any, Dict

import numpy as np

from ..rules import RULES
from .chunks import MEKSIKO_CODE, NO_BID, meksiko_makes

Z95 = 1.959963984540054
CONTRACTS = ("5", "6", "7", "8", "9", "10", "M")
MAX_BIDS = ("-",) + CONTRACTS  # "-": no contract makes
POSITIONS = ("first", "second", "dealer")  # by (seat - dealer) % 3 == 1, 2, 0
FEATURES = {
    "aces": "aces in the hand",
    "kings": "kings in the hand",
    "longest": "length of the longest suit",
    "top_trumps": "A K Q J held in the best trump",
}
_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], np.int64)
DIGITS = 6  # decimals of a probability in summary.json


def _round(x: float) -> float:
    return round(float(x), DIGITS)


def wilson(count: int, n: int) -> Dict[str, Any]:
    """``count`` of ``n`` with its proportion and Wilson's 95% interval (None when n is 0)."""
    count, n = int(count), int(n)
    if n == 0:
        return {"count": count, "n": 0, "p": None, "lo": None, "hi": None}
    p = count / n
    denom = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / denom
    return {"count": count, "n": n, "p": _round(p), "lo": _round(max(0.0, centre - half)),
            "hi": _round(min(1.0, centre + half))}


def mean_interval(values: np.ndarray) -> Dict[str, Any]:
    n = int(values.size)
    if n == 0:
        return {"n": 0, "mean": None, "lo": None, "hi": None}
    mean = float(values.mean())
    half = Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0
    return {"n": n, "mean": _round(mean), "lo": _round(mean - half), "hi": _round(mean + half)}


def _bits(masks: np.ndarray, shift: np.ndarray) -> np.ndarray:
    return ((masks[:, None] >> shift[None, :]) & 1).astype(np.int64)


def hand_features(hands: np.ndarray, with_talon: np.ndarray) -> Dict[str, Any]:
    """The features of hands (card masks) as dealt; ``top_trumps`` in the best trump with the
    talon (ties to the first of S H D C, as in DeclarerAnalysis.best)."""
    hands = hands.astype(np.int64)
    suits = np.arange(4)
    lengths = _POPCOUNT[(hands[:, None] >> (8 * suits[None, :])) & 0xFF]
    best_trump = with_talon.argmax(axis=1)
    tops = (hands >> (8 * best_trump)) >> 4 & 0xF  # ranks J Q K A of the best trump
    return {
        "aces": _bits(hands, 8 * suits + 7).sum(axis=1),
        "kings": _bits(hands, 8 * suits + 6).sum(axis=1),
        "longest": lengths.max(axis=1),
        "top_trumps": _POPCOUNT[tops],
    }


def _makes(best: np.ndarray, meksiko: np.ndarray, rules: str) -> Dict[str, Any]:
    out = {c: best >= int(c) for c in CONTRACTS[:-1]}
    out["M"] = meksiko_makes(meksiko, rules)
    return out


def _eta_squared(x: np.ndarray, groups: np.ndarray) -> float:
    """The share of the variance of ``x`` that ``groups`` explains (the correlation ratio)."""
    total = float(((x - x.mean()) ** 2).sum())
    if total == 0:
        return 0.0
    between = sum(float((groups == g).sum()) * (float(x[groups == g].mean()) - float(x.mean())) ** 2
                  for g in np.unique(groups))
    return between / total


def summarize(arrays: Dict[str, Any], rules: str, spec: Dict[str, Any]) -> Dict[str, Any]:
    """summary.json from a study's concatenated arrays."""
    deal_rows, seats = np.nonzero(arrays["analysed"])
    with_talon = arrays["with_talon"][deal_rows, seats].astype(np.int64)
    meksiko = arrays["meksiko"][deal_rows, seats].astype(np.int64)
    max_bid = arrays["max_bid"][deal_rows, seats]
    talon_value = arrays["talon_value"][deal_rows, seats].astype(np.int64)
    position = (seats - arrays["dealer"][deal_rows].astype(np.int64)) % 3
    best = with_talon.max(axis=1)
    n = int(best.size)

    labels = np.where(max_bid == MEKSIKO_CODE, "M", np.where(max_bid == NO_BID, "-", max_bid.astype(str)))
    by_position = {}
    for name, code in zip(POSITIONS + ("all",), (1, 2, 0, None)):
        rows = labels if code is None else labels[position == code]
        by_position[name] = {bid: wilson((rows == bid).sum(), rows.size) for bid in MAX_BIDS}

    features = hand_features(arrays["hands"][deal_rows, seats], with_talon)
    makes = _makes(best, meksiko, rules)
    by_feature: Dict[str, Dict[str, Dict[str, Any]]] = {}
    for name, values in features.items():
        by_feature[name] = {}
        for v in np.unique(values):
            rows = values == v
            by_feature[name][str(int(v))] = {c: wilson(makes[c][rows].sum(), rows.sum()) for c in CONTRACTS}
    eta2 = {name: _round(_eta_squared(best.astype(float), values)) for name, values in features.items()}
    best_feature = max(FEATURES, key=lambda f: (eta2[f], -list(FEATURES).index(f)))

    return {
        "study": spec,
        "deals": int(arrays["index"].size),
        "analyses": n,
        "max_bid": {"by_position": by_position},
        "p_make": {
            "all": {c: wilson(makes[c].sum(), n) for c in CONTRACTS},
            "by_feature": by_feature,
            "features": dict(FEATURES),
            "eta_squared": eta2,
            "best_feature": best_feature,
        },
        "talon_value": {
            **mean_interval(talon_value),
            "distribution": {str(int(v)): wilson((talon_value == v).sum(), n) for v in np.unique(talon_value)},
        },
        "meksiko": {name: wilson(meksiko_makes(meksiko, name).sum(), n) for name in RULES},
    }


def tables(summary: Dict[str, Any]) -> Dict[str, Any]:
    """CSV tables (file name -> rows, the first the header) from a summary."""
    columns = ["count", "n", "p", "lo", "hi"]
    cell = lambda s: [s[c] for c in columns]
    max_bid = [["position", "max_bid"] + columns]
    for position, bids in summary["max_bid"]["by_position"].items():
        max_bid += [[position, bid] + cell(s) for bid, s in bids.items()]
    p_make = [["feature", "value", "contract"] + columns]
    p_make += [["all", "", c] + cell(s) for c, s in summary["p_make"]["all"].items()]
    for feature, values in summary["p_make"]["by_feature"].items():
        for value, contracts in values.items():
            p_make += [[feature, value, c] + cell(s) for c, s in contracts.items()]
    tv = summary["talon_value"]
    talon = [["talon_value"] + columns]
    talon += [[v] + cell(s) for v, s in tv["distribution"].items()]
    talon.append(["mean", tv["n"], tv["n"], tv["mean"], tv["lo"], tv["hi"]])
    meksiko = [["rules"] + columns] + [[name] + cell(s) for name, s in summary["meksiko"].items()]
    return {"max_bid.csv": max_bid, "p_make.csv": p_make, "talon_value.csv": talon, "meksiko.csv": meksiko}
