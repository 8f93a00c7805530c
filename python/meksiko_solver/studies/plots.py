"""The study's plots (matplotlib, PNG and SVG): the max-bid distribution by position, the
chance each contract makes against the feature that predicts it best, the talon's value.
Error bars are the 95% intervals of summary.json."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Tuple

from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend

from .stats import CONTRACTS, MAX_BIDS, POSITIONS

_POSITION_LABELS = {"first": "bids first", "second": "bids second", "dealer": "dealer (bids last)"}
_BID_LABELS = {"-": "none", "M": "Meksiko"}


def _errors(stats: List[Dict[str, Any]], scale: float = 1.0) -> Tuple[List[float], List[List[float]]]:
    """Values and asymmetric error bars (below, above) of Wilson entries."""
    values = [(s["p"] or 0.0) * scale for s in stats]
    below = [((s["p"] or 0.0) - (s["lo"] or 0.0)) * scale for s in stats]
    above = [((s["hi"] or 0.0) - (s["p"] or 0.0)) * scale for s in stats]
    return values, [below, above]


def _title(summary: Dict[str, Any]) -> str:
    study = summary["study"]
    source = f"seed {study['seed']}" if study.get("source") == "random" else "given deals"
    return f"{summary['deals']:,} deals ({source}), {summary['analyses']:,} declarer analyses, {study['rules']}"


def max_bid_figure(summary: Dict[str, Any]) -> Figure:
    fig = Figure(figsize=(9, 5.2), layout="constrained")
    ax = fig.add_subplot()
    by_position = summary["max_bid"]["by_position"]
    width = 0.8 / len(POSITIONS)
    for k, position in enumerate(POSITIONS):
        values, err = _errors([by_position[position][b] for b in MAX_BIDS], 100)
        xs = [i + (k - 1) * width for i in range(len(MAX_BIDS))]
        ax.bar(xs, values, width, yerr=err, capsize=2, label=_POSITION_LABELS[position])
    ax.set_xticks(range(len(MAX_BIDS)), [_BID_LABELS.get(b, b) for b in MAX_BIDS])
    ax.set_xlabel("maximum makeable bid (double-dummy, declarer takes the talon)")
    ax.set_ylabel("share of hands (%)")
    ax.set_title(f"Maximum makeable bid by position in the auction\n{_title(summary)}", fontsize=11)
    ax.legend(title="seat", frameon=False)
    ax.grid(axis="y", alpha=0.3)
    return fig


def p_make_figure(summary: Dict[str, Any]) -> Figure:
    p_make = summary["p_make"]
    feature = p_make["best_feature"]
    by_value = p_make["by_feature"][feature]
    xs = [int(v) for v in by_value]
    fig = Figure(figsize=(9, 5.2), layout="constrained")
    ax = fig.add_subplot()
    for contract in CONTRACTS:
        values, err = _errors([by_value[str(x)][contract] for x in xs])
        label = "Meksiko" if contract == "M" else contract
        ax.errorbar(xs, values, yerr=err, marker="o", markersize=4, capsize=3, label=label,
                    linestyle="--" if contract == "M" else "-")
    ax.set_xticks(xs)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel(f"{p_make['features'][feature]} (explains {100 * p_make['eta_squared'][feature]:.0f}% "
                  "of the variance of the best tricks)")
    ax.set_ylabel("P(contract makes), double-dummy")
    ax.set_title(f"Chance each contract makes, by {p_make['features'][feature]}\n{_title(summary)}", fontsize=11)
    ax.legend(title="contract", frameon=False, ncols=2)
    ax.grid(alpha=0.3)
    return fig


def talon_value_figure(summary: Dict[str, Any]) -> Figure:
    talon = summary["talon_value"]
    values = sorted(talon["distribution"], key=int)
    fig = Figure(figsize=(8, 5), layout="constrained")
    ax = fig.add_subplot()
    shares, err = _errors([talon["distribution"][v] for v in values], 100)
    ax.bar([int(v) for v in values], shares, 0.7, yerr=err, capsize=3, color="tab:green")
    ax.set_xticks([int(v) for v in values])
    ax.set_xlabel("tricks the talon adds (best with the talon minus best without it)")
    ax.set_ylabel("share of hands (%)")
    ax.set_title(f"The talon's value: mean {talon['mean']:.3f} tricks "
                 f"(95% interval {talon['lo']:.3f} to {talon['hi']:.3f})\n{_title(summary)}", fontsize=11)
    ax.grid(axis="y", alpha=0.3)
    return fig


FIGURES = {"max_bid": max_bid_figure, "p_make": p_make_figure, "talon_value": talon_value_figure}


def write_plots(summary: Dict[str, Any], out: str) -> List[str]:
    """Every figure as ``NAME.png`` and ``NAME.svg`` in ``out``; the paths written."""
    paths = []
    for name, make in FIGURES.items():
        fig = make(summary)
        for ext, extra in (("png", {"dpi": 120}), ("svg", {"metadata": {"Date": None}})):
            path = os.path.join(out, f"{name}.{ext}")
            fig.savefig(path, **extra)
            paths.append(path)
    return paths
