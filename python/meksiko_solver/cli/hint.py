"""``meksiko-solver hint bid|discard|play view.json``: advice for one seat from its view."""

from __future__ import annotations

import argparse
from typing import Any, Callable, Dict, List

from ..hints.bid import bid_hint
from ..hints.common import DEFAULT_SAMPLES
from ..hints.discard import discard_hint
from ..hints.play import play_hint
from ..hints.view import View
from . import print_json, read_input, whole_number

HINTS: Dict[str, Callable[..., Any]] = {"bid": bid_hint, "discard": discard_hint, "play": play_hint}


def register(commands: Any) -> None:
    p = commands.add_parser(
        "hint", help="advice from one seat's view: bid, discard or play",
        description="Advice for one seat from what it has seen (its view: the game record format seen "
                    "from that seat). The hidden cards are sampled uniformly over the layouts consistent "
                    "with the view and each world is weighted by how well it explains the other seats' "
                    "calls, discard and cards (models of bidding and play; --no-inference: uniform "
                    "weights); each world is solved double-dummy on every core, and the action with the "
                    "best weighted expected result under the rules' scoring is recommended.")
    p.add_argument("kind", choices=sorted(HINTS), help="bid (auction), discard (declarer with 12 cards) "
                                                       "or play (the seat to play)")
    p.add_argument("view", help="the view as a JSON file ('-' for standard input)")
    p.add_argument("--samples", type=whole_number, default=DEFAULT_SAMPLES,
                   help=f"worlds to sample (default {DEFAULT_SAMPLES}; all of them if fewer are consistent)")
    p.add_argument("--seed", type=whole_number, default=0, help="sampling seed (default 0): the same seed, the same advice")
    p.add_argument("--time-budget-ms", type=float, default=None,
                   help="stop solving worlds when this many milliseconds are spent (the worlds used are reported)")
    p.add_argument("--no-inference", dest="inference", action="store_false",
                   help="uniform worlds: do not weight them by the models of the other seats")
    p.add_argument("--game", default=None, metavar="JSON",
                   help="play for the game, not the deal: the game state before this deal, as JSON "
                        "('{\"scores\": [25, 3, 20], \"dealer\": 1, \"target\": 31}'; rules and mode "
                        "default to the view's); every option then gets the chance of winning the game, "
                        "and the hint ranks by it")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run_hint)


def run_hint(args: argparse.Namespace) -> int:
    view = View.from_json(read_input(args.view))
    result = HINTS[args.kind](view, samples=args.samples, seed=args.seed, time_budget_ms=args.time_budget_ms,
                              inference=args.inference, game=args.game)
    if args.json:
        print_json(result.to_dict())
        return 0
    print("\n".join(describe(args.kind, result)))
    return 0


def _pct(x: Any) -> str:
    return "     -" if x is None else f"{100 * x:5.1f}%"


def describe(kind: str, result: Any) -> List[str]:
    """A hint as readable lines."""
    d = result.to_dict()
    worlds = (f"{d['worlds']} worlds" + (" (every consistent world)" if d["exhaustive"] else
                                        f" of {d['consistent_worlds']} consistent")
              + f", seed {d['seed']}, {1000 * result.elapsed:.0f} ms")
    if d.get("weights") == "model":
        worlds += f"; weighted by the models: effective sample size {d['ess']:.1f} of {d['drawn']} drawn"
    elif d.get("weights") == "uniform-fallback":
        worlds += "; every world weighted zero by the models: uniform weights instead"
    lines = []
    if "game" in d:
        g = d["game"]
        worlds += (f"; playing for the game: scores {', '.join(map(str, g['scores']))}, dealer {g['dealer']}, "
                   f"target {g['target']}")
    if kind == "bid":
        compete = (f"compete up to {d['max_bid']}" if d["max_bid"] is not None
                   else "no contract is worth bidding")
        lines.append(f"seat {d['seat']}: call {d['call']}   ({compete}); {worlds}")
        lines.append(f"  expected best tricks as declarer: {d['tricks']:.2f}")
        game = "game" in d
        lines.append("  call   make    expected score" + ("  win game" if game else ""))
        for o in d["options"]:
            mark = "" if o["legal"] else "  (not legal now)"
            lines.append(f"  {o['call']:<5} {_pct(o['make'])}  {o['score']:+7.2f}"
                         + (f"         {_pct(o['p_win'])}" if game else "") + mark)
        p = d["pass"]
        lines.append(f"  NEXT: estimated as a defender against seat {p['declarer']} playing {p['contract']}")
        ub = d.get("double_dummy_upper_bound")
        if ub:
            lines.append("  declaration chosen per talon (before the play); double-dummy upper bound "
                         "(declaration chosen knowing each world): "
                         + ", ".join(f"{c} {_pct(o['make']).strip()}" for c, o in ub["options"].items()))
    elif kind == "discard":
        lines.append(f"seat {d['seat']}: discard {' '.join(d['discard'])}, trump {d['trump']}   "
                     f"(contract {d['contract']}); {worlds}; {d['candidates']} candidates")
        game = "game" in d
        lines.append("  discard  trump  tricks   make    expected score" + ("  win game" if game else ""))
        for o in d["options"]:
            lines.append(f"  {' '.join(o['discard']) or '-':<8} {o['trump']:^5}  {o['tricks']:6.2f}  "
                         f"{_pct(o['make'])}  {o['score']:+7.2f}" + (f"         {_pct(o['p_win'])}" if game else ""))
    else:
        lines.append(f"seat {d['seat']}: play {d['card']}   (declarer seat {d['declarer']}, contract "
                     f"{d['contract']}); {worlds}")
        standing = any("standing" in o for o in d["options"])  # a defender's ranking figure
        game = "game" in d
        lines.append("  card  declarer tricks   make    expected score  best in" + ("  standing" if standing else "")
                     + ("  win game" if game else ""))
        for o in d["options"]:
            lines.append(f"  {o['card']:<4}  {o['tricks']:14.2f}  {_pct(o['make'])}  {o['score']:+13.2f}  "
                         f"{_pct(o['best'])}" + (f"  {o['standing']:+8.2f}" if standing else "")
                         + (f"    {_pct(o['p_win'])}" if game else ""))
        lines.append(f"  ties: {d['tie_break']}")
    return lines
