"""The duplicate arena: two policies compared on the same deals, seat by seat.

Deal i is dealt from ``random.Random(seed * 1_000_003 + i)`` with dealer ``i % 3``. It is played
four times: once with B in all three seats (the *base* game), and for each seat k once with A in
seat k and B in the other two. For each seat-deal (i, k) the paired difference is

    A's deal score in seat k (A's game k)  -  B's deal score in seat k (the base game)

on the same cards, so the luck of the deal cancels. Reported: the mean paired difference with
its 95% confidence interval (normal approximation over seat-deals; overall also clustered by
deal, since a deal's three differences are not independent), per role (the role seat k had in
A's game: declarer or defender) and overall. The same for two more measures of the seat-deal,
because a deal score counts only the seat's own points: a defender who beats the contract takes
points from the declarer, not for himself. ``opponents_difference``: the change of the mean of
the two other seats' scores (A's game minus the base game); ``relative_difference``: the seat's
own difference minus that, the change of its lead over the average opponent, which is what a
race to the target rewards. Then the contracts each policy declared and made on
those seat-deals; the Brier score and a reliability table of each hint policy's bid P(make) for
the contract it ended up declaring, against whether it made it when played; and the inference
quality: the mean log-likelihood ratio of the true hidden layout, weighted against uniform, at
each hint with model weights (positive: the weights moved probability toward the truth).

Policies: ``hint`` (weighted worlds, the declaration chosen per talon), ``hint-v1`` (``hint`` as
it was at issue 54, frozen: its options and its model data, ``models-v1.json``, pinned, so that
later changes of ``hint`` do not move it; ``tests/test_hint_v1.py`` holds it to the decisions
recorded then), ``hint-uniform`` (the
engine before issue 13: uniform worlds, per-world best declaration, a defender's cards ranked
defeat first) and ``baseline``; and four variants that change one thing at a time:
``hint-fusion`` (weighted worlds, per-world best declaration), ``hint-no-inference`` (uniform
worlds, declaration chosen per talon), ``hint-calibrated`` (``hint`` with the bid figures
calibrated to played results) and ``hint-lexicographic`` (``hint`` with a defender's cards
ranked defeat first instead of by his standing); ``hint-match`` (``hint`` playing for the game:
every hint ranks by the chance of winning it, :mod:`.match`); ``hint-trick-in-progress`` (``hint``
with a defender's own tricks not searched: only the trick in progress is credited to him, :mod:`.play`);
``hint-rule-of-thumb-pass`` (``hint`` with the bid hint's pass estimate letting the likeliest
declarer declare by the rule of thumb, not double-dummy best, :mod:`.bid`) and
``hint-double-dummy-bid`` (``hint`` with the bid hint judging a contract over the double-dummy
tricks, not those in play, :mod:`.play_noise`); ``hint-alphamu`` (``hint`` with the declarer's
last tricks searched by αμ, one card for every world, :mod:`.alphamu`), ``hint-overcalls``
(``hint`` with the bid hint foreseeing the other seats bidding on, :mod:`.overcalls`),
``hint-trump-model`` (``hint`` with a defender's worlds weighed by the trump the declarer named
too, :mod:`.play_model`), ``hint-recursion`` (``hint`` with the declarer's two closest best
cards compared with the defenders answering by their own hints, :mod:`.recursion`),
``hint-no-partner-search`` (``hint`` with a defender's partner's sure tricks not searched but split by
coins with the rest, :mod:`.play`), ``hint-calls-untempered`` (``hint`` with the bid and discard
hints' weights untempered, :mod:`.weights`) and ``hint-short-play-evidence`` (``hint`` with the play
hints weighing the other seats' last 2 cards at tau 0.5, not their last 8 at 0.7, :mod:`.play_model`);
``hint-play-untempered`` (``hint`` with the play hints' weights untempered, tau 1);
``hint-discard-in-play`` (``hint`` with the discard hint ranking declarations over the tricks in
play, :mod:`.discard`); ``hint-wide-calls`` (``hint`` with the bid and discard hints at four
times the worlds); ``hint-lowest-of-equals`` (``hint`` with the play model taking equal cards as
one choice, played by the lowest, :mod:`.play_model`) and ``hint-equals-whole-play`` (that, with
the other seats' earlier cards weighed by their equal cards alone) and ``hint-equals-tempered``
(``hint-lowest-of-equals`` with the play hints' weights tempered at 0.4).
Any policy but ``baseline`` may be named ``NAME@N``: ``NAME`` at N worlds a hint (:func:`split_worlds`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt
from statistics import mean, pstdev
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ..auction import MEKSIKO
from ..cards import cards_to_mask
from ..deal import Phase, SeatView
from ..errors import MeksikoError
from ..game import play_deal
from ..options import check_samples, check_seed
from ..studies.executors import check_address
from ..record import DealRecord
from ..rules import get_rules
from .arena import deal_seed
from .inference import true_world
from .parallel import check_workers, ordered_calls
from .policy import BaselinePolicy, HintPolicy
from .sampling import Layout, World
from .sequential import SequentialRule
from .view import View

DUPLICATE_POLICIES = ("hint", "hint-v1", "hint-uniform", "baseline", "hint-fusion", "hint-no-inference", "hint-calibrated",
                      "hint-lexicographic", "hint-match", "hint-trick-in-progress", "hint-rule-of-thumb-pass",
                      "hint-double-dummy-bid", "hint-alphamu", "hint-overcalls", "hint-trump-model", "hint-recursion",
                      "hint-no-partner-search", "hint-calls-untempered", "hint-short-play-evidence",
                      "hint-play-untempered", "hint-discard-in-play", "hint-wide-calls", "hint-lowest-of-equals",
                      "hint-equals-whole-play", "hint-equals-tempered")
ROLES = ("declarer", "defender")
# The seat-deal's measures, each summarised alike; the first is the measure of strength.
MEASURES = ("paired_difference", "opponents_difference", "relative_difference")
SeatDeal = Tuple[float, float, float]  # a seat-deal's value of each measure, in that order
Z95 = 1.959964


def split_worlds(name: str) -> Tuple[str, Optional[int]]:
    """A policy name and the worlds it asks for: ``NAME@N`` is the policy ``NAME`` solving ``N``
    worlds a hint instead of the arena's ``samples`` (to measure what more or fewer worlds are
    worth); a plain name asks for none of its own (None)."""
    if not isinstance(name, str):
        raise MeksikoError(f"policy {name!r}: a policy is named by a string")
    base, at, worlds = name.partition("@")
    if base not in DUPLICATE_POLICIES:
        raise MeksikoError(f"unknown policy {base!r}: valid duplicate policies are {', '.join(DUPLICATE_POLICIES)}"
                           " (each may be followed by @N, its worlds a hint)")
    if not at:
        return base, None
    if base == "baseline":
        raise MeksikoError(f"policy {name!r}: baseline samples no worlds, so it takes no @N")
    if not (worlds.isascii() and worlds.isdigit()):
        raise MeksikoError(f"policy {name!r}: the worlds after @ must be a whole number, not {worlds!r}")
    return base, check_samples(int(worlds), f"policy {name}: worlds")


def make_policy(name: str, samples: int, seed: int, on_hint=None, target: Optional[int] = None):
    """``target``: the game's (``hint-match`` plays for it; None: the profile's). ``name`` may be
    ``NAME@N`` (:func:`split_worlds`): then the policy solves ``N`` worlds, not ``samples``."""
    name, worlds = split_worlds(name)
    samples = samples if worlds is None else worlds
    if name == "hint-match":  # the hints rank by the chance of winning the game (issue 56)
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, match=True, target=target)
    if name == "hint":
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint)
    if name == "hint-v1":  # today's hint frozen (issue 54): every option and the model data pinned
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, inference=True, per_world_declaration=False,
                          calibrate=False, standing=True, use_totals=False, time_budget_ms=None, models="v1",
                          own_search=False, best_pass_declaration=False, play_noise=False, endgame_search=False,
                          overcalls=False, recursion=False, partner_search=False, discard_noise=False,
                          call_samples=samples)
    if name == "hint-uniform":
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, inference=False, per_world_declaration=True,
                          standing=False, own_search=False, best_pass_declaration=False, play_noise=False,
                          endgame_search=False, overcalls=False, recursion=False, partner_search=False,
                          discard_noise=False)
    if name == "baseline":
        return BaselinePolicy()
    if name == "hint-fusion":  # ablation: weighted worlds, per-world best declaration
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, per_world_declaration=True)
    if name == "hint-no-inference":  # ablation: uniform worlds, declaration chosen per talon
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, inference=False)
    if name == "hint-calibrated":  # variant: the bid figures calibrated to played results
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, calibrate=True)
    if name == "hint-lexicographic":  # ablation: a defender's cards ranked as before issue 13 (defeat first)
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, standing=False)
    if name == "hint-trick-in-progress":  # ablation: a defender credited the trick in progress only, not searched
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, own_search=False)
    if name == "hint-rule-of-thumb-pass":  # ablation: the pass estimate's declarer declares by the rule of thumb
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, best_pass_declaration=False)
    if name == "hint-double-dummy-bid":  # ablation: the bid hint judges a contract over the double-dummy tricks
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, play_noise=False)
    if name == "hint-alphamu":  # variant: the declarer's last tricks searched by alpha-mu
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, endgame_search=True)
    if name == "hint-overcalls":  # variant: the bid hint foresees the other seats bidding on
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, overcalls=True)
    if name == "hint-trump-model":  # variant: a defender's worlds weighed by the declarer's named trump too
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, models="trump")
    if name == "hint-recursion":  # variant: the declarer's close cards compared one level deeper
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, recursion=True)
    if name == "hint-calls-untempered":  # variant: the bid and discard hints' weights untempered
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, models="calls-untempered")
    if name == "hint-short-play-evidence":  # ablation: the play weighed by the other seats' last 2 cards, tau 0.5
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, models="short-play-evidence")
    if name == "hint-play-untempered":  # variant: the play hints' weights untempered (tau 1)
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, models="play-untempered")
    if name == "hint-lowest-of-equals":  # variant: equal cards one choice of the play model, the lowest played
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, models="lowest-of-equals")
    if name == "hint-equals-whole-play":  # variant: that, the earlier cards weighed by their equal cards alone
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, models="equals-whole-play")
    if name == "hint-equals-tempered":  # variant: the lowest of equals, the play's weights tempered at 0.4
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, models="equals-tempered")
    if name == "hint-discard-in-play":  # variant: the declarations ranked over the tricks in play
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, discard_noise=True)
    if name == "hint-wide-calls":  # variant: the bid and discard hints at four times the worlds
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, call_samples=4 * samples)
    if name == "hint-no-partner-search":  # ablation: a defender's partner's sure tricks not searched, split by coins
        return HintPolicy(samples=samples, seed=seed, on_hint=on_hint, partner_search=False)
    raise MeksikoError(f"unknown policy {name!r}: valid duplicate policies are {', '.join(DUPLICATE_POLICIES)}")


def parse_pair(value: object) -> Tuple[str, str]:
    """Two policy names ``A,B`` (a string or a list)."""
    names = [n.strip() for n in value.split(",")] if isinstance(value, str) else list(value)  # type: ignore[call-overload]
    if len(names) != 2:
        raise MeksikoError(f"policies: the duplicate arena compares two policies A,B, not {len(names)}: "
                           f"{', '.join(map(str, names))}")
    for n in names:
        split_worlds(n)
    return names[0], names[1]


def interval(values: Sequence[float]) -> Dict[str, Any]:
    """Mean, 95% confidence interval (normal approximation) and count; no interval from fewer
    than two values (None, so that ``--json`` stays standard JSON)."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "ci95": None}
    m = mean(values)
    if n == 1:
        return {"n": 1, "mean": round(m, 4), "ci95": None}
    half = Z95 * pstdev(values) / sqrt(n - 1)
    return {"n": n, "mean": round(m, 4), "ci95": [round(m - half, 4), round(m + half, 4)]}


def clustered(per_deal: Sequence[Sequence[float]]) -> Dict[str, Any]:
    """Mean over seat-deals with the CI from the deals' sums (the deal is the independent unit)."""
    sums = [sum(d) for d in per_deal]
    n = sum(len(d) for d in per_deal)
    if not sums or n == 0:
        return {"n": 0, "mean": None, "ci95": None}
    k = n / len(sums)  # seat-deals per deal
    m = sum(sums) / n
    if len(sums) == 1:
        return {"n": n, "deals": 1, "mean": round(m, 4), "ci95": None}
    half = Z95 * pstdev(sums) / sqrt(len(sums) - 1) / k
    return {"n": n, "deals": len(sums), "mean": round(m, 4), "ci95": [round(m - half, 4), round(m + half, 4)]}


def seat_deal(scores: Sequence[int], base_scores: Sequence[int], k: int) -> SeatDeal:
    """Seat k's differences on one deal, A's game minus the base game, in the order of
    :data:`MEASURES`: its own score, the mean of the other two seats' scores, and the first minus
    the second."""
    own = float(scores[k] - base_scores[k])
    opponents = ((sum(scores) - scores[k]) - (sum(base_scores) - base_scores[k])) / 2
    return own, opponents, own - opponents


def differences(per_deal: Sequence[Sequence[Tuple[str, SeatDeal]]]) -> Dict[str, Any]:
    """Each measure of :data:`MEASURES` summarised over seat-deals, given per deal its seat-deals
    as (role, :func:`seat_deal`): overall, per role, and overall with the CI clustered by deal."""
    out: Dict[str, Any] = {}
    for j, measure in enumerate(MEASURES):
        values = [[d[j] for _, d in deal] for deal in per_deal]
        out[measure] = {"overall": interval([x for deal in values for x in deal]),
                        **{r: interval([d[j] for deal in per_deal for role, d in deal if role == r]) for r in ROLES},
                        "overall_clustered_by_deal": clustered(values)}
    return out


def brier(pairs: Sequence[Tuple[float, float]]) -> Dict[str, Any]:
    """Brier score and a ten-bin reliability table of (probability, outcome) pairs."""
    if not pairs:
        return {"predictions": 0}
    bins: Dict[int, List[Tuple[float, float]]] = {b: [] for b in range(10)}
    for p, o in pairs:
        bins[min(int(p * 10), 9)].append((p, o))
    table = [{"from": b / 10, "to": (b + 1) / 10, "count": len(rows),
              "predicted": round(mean(p for p, _ in rows), 4) if rows else None,
              "observed": round(mean(o for _, o in rows), 4) if rows else None} for b, rows in bins.items()]
    return {"predictions": len(pairs), "brier": round(mean((p - o) ** 2 for p, o in pairs), 4),
            "reliability": table}


@dataclass
class Played:
    """One played deal: its record, the policy per seat and what the hints logged."""

    deal: int
    game: str  # "base", or "A in seat k"
    policies: List[str]
    record: DealRecord
    hints: List[Tuple[str, Any, Any]] = field(default_factory=list)  # (phase, view, hint) of hint policies

    def to_dict(self) -> Dict[str, Any]:
        return {"deal": self.deal, "game": self.game, "policies": self.policies, "record": self.record.to_dict(),
                "scores": list(self.record.scores or ())}


@dataclass
class DuplicateResult:
    deals: int
    seed: int
    policies: Tuple[str, str]
    samples: int
    rules: str
    mode: str
    summary: Dict[str, Any]
    played: List[Played] = field(default_factory=list, repr=False)

    def to_dict(self) -> Dict[str, Any]:
        return {"deals": [p.to_dict() for p in self.played], "summary": self.summary}

    def __str__(self) -> str:
        s = self.summary
        a, b = self.policies
        lines = [f"duplicate arena: {self.deals} deals, seed {self.seed}, A={a} vs B={b}, "
                 f"{self.rules}/{self.mode}, hint samples {self.samples}",
                 "paired difference A - B per seat-deal (points), 95% CI:"]
        for key in ("overall",) + ROLES:
            d = s["paired_difference"][key]
            ci = "-" if d["ci95"] is None else f"[{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]"
            m = "-" if d["mean"] is None else f"{d['mean']:+.3f}"
            lines.append(f"  {key:<9} n={d['n']:<5} mean {m}  CI {ci}")
        d = s["paired_difference"]["overall_clustered_by_deal"]
        if d["ci95"] is not None:
            lines.append(f"  overall, CI clustered by deal: [{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}]")
        for measure, label in (("opponents_difference", "the other two seats' mean score"),
                               ("relative_difference", "own score minus the other two seats' mean")):
            d = s[measure]["overall_clustered_by_deal"]
            if d["ci95"] is not None:
                roles = ", ".join(f"{r} {s[measure][r]['mean']:+.3f}" for r in ROLES if s[measure][r]["n"])
                lines.append(f"  {label}: {d['mean']:+.3f}, CI clustered by deal "
                             f"[{d['ci95'][0]:+.3f}, {d['ci95'][1]:+.3f}] ({roles})")
        seq = s.get("sequential")
        if seq is not None:
            lines.append(f"  sequential test (delta {seq['delta']:+.3f}, alpha {seq['alpha']}, beta {seq['beta']}, "
                         f"every {seq['batch']} deals): {seq['decision']} after {seq['deals']} of at most "
                         f"{seq['max_deals']} deals (llr {seq['llr']:+.3f}, bounds {seq['bounds'][0]:+.3f}, "
                         f"{seq['bounds'][1]:+.3f})")
        for name in (a, b):
            c = s["contracts"][name]
            lines.append(f"  {name}: declared {c['declared']}, made {c['made']}"
                         + (f" ({100 * c['made'] / c['declared']:.1f}%)" if c["declared"] else ""))
        for name in (a, b):
            cal = s["calibration"].get(name)
            if cal and cal.get("predictions"):
                lines.append(f"  {name}: bid P(make) Brier {cal['brier']:.4f} over {cal['predictions']} played contracts; "
                             "reliability " + ", ".join(f"[{r['from']:.1f},{r['to']:.1f}) n={r['count']} "
                                                        f"p={r['predicted']:.2f} obs={r['observed']:.2f}"
                                                        for r in cal["reliability"] if r["count"]))
        for name in (a, b):
            inf = s["inference"].get(name)
            if inf and inf.get("hints"):
                lines.append(f"  {name}: inference, mean log-likelihood ratio of the true layout "
                             f"{inf['mean_llr']:+.3f} over {inf['hints']} weighted hints (by phase: "
                             + ", ".join(f"{k} {v['mean_llr']:+.3f} n={v['hints']}" for k, v in inf["by_phase"].items())
                             + ")")
        return "\n".join(lines)


def _hands_now(record: DealRecord, view) -> Tuple[List[int], int, int]:
    """The real hands at the view's moment, the talon and the discard (masks)."""
    hands = [cards_to_mask(h) for h in record.hands]
    talon, discard = cards_to_mask(record.talon), cards_to_mask(record.discard)
    d = record.declarer
    if view.phase == Phase.PLAY and d is not None and record.contract != MEKSIKO:
        hands[d] = (hands[d] | talon) & ~discard
    for s, c in view.played:
        hands[s] &= ~c.mask
    return hands, talon, discard


def recorded_world(record: DealRecord, view: View, layout: Layout) -> World:
    """The deal's real layout of the cards ``view`` does not see, as a world of ``layout``."""
    hands, talon, discard = _hands_now(record, view)
    return true_world(view, layout, hands, talon, discard)


def _llr(record: DealRecord, view, hint) -> Optional[float]:
    weighted = getattr(hint, "weighted", None)
    if weighted is None or weighted.evidence is None:
        return None
    return weighted.log_likelihood_ratio(recorded_world(record, view, weighted.evidence.layout))


@dataclass
class DealOutcome:
    """One deal judged: its four games (their records; the hints' logs are dropped, so that it
    pickles small from a worker process), seat k's role and measures for k = 0, 1, 2, and what
    the counted seats of each policy contributed (contracts, calibration pairs, inference LLRs)."""

    played: List[Played]
    seat_deals: List[Tuple[str, SeatDeal]]
    contracts: Dict[str, List[int]]  # policy -> [declared, made]
    calibration: Dict[str, List[Tuple[float, float]]]
    llrs: Dict[str, List[Tuple[str, float]]]


class _Remembered:
    """A policy whose decisions the four games of a duplicate deal share. The games begin alike,
    and the arena's policies decide the same on the same seat view (a hint's seed comes from the
    policy's seed and the view; the baseline draws nothing), so a decision made in one game is
    not searched again in another; its hints are logged again for the game that reuses it."""

    def __init__(self, name: str, samples: int, seed: int, memo: Dict[Tuple[str, SeatView], Any], on_hint) -> None:
        self._emitted: List[Tuple[Any, ...]] = []
        self.policy = make_policy(name, samples, seed, lambda *hint: self._emitted.append(hint))
        self.name, self.memo, self.on_hint = name, memo, on_hint

    def __call__(self, sv: SeatView) -> object:
        key = (self.name, sv)
        if key not in self.memo:
            self._emitted = []
            self.memo[key] = (self.policy(sv), self._emitted)
        decision, emitted = self.memo[key]
        for hint in emitted:
            self.on_hint(*hint)
        return decision


def play_duplicate_deal(i: int, a: str, b: str, samples: int, seed: int, rules: str, mode: str,
                        remember: bool = True) -> DealOutcome:
    """Deal ``i`` played four times (B everywhere, then A in each seat) and judged. Everything it
    draws comes from ``seed`` and ``i``, so any process gives the same outcome. ``remember``: the
    policies' decisions are shared between the four games (:class:`_Remembered`; the same
    outcome, sooner)."""
    profile = get_rules(rules)
    out = DealOutcome([], [], {n: [0, 0] for n in (a, b)}, {n: [] for n in (a, b)}, {n: [] for n in (a, b)})
    memo: Dict[Tuple[str, SeatView], Any] = {}

    def game(names: List[str], label: str) -> Played:
        log: List[Tuple[int, str, Any, Any]] = []
        seats: List[Any] = []
        for s, name in enumerate(names):
            def on_hint(phase, view, hint, s=s):
                log.append((s, phase, view, hint))
            seats.append(_Remembered(name, samples, seed, memo, on_hint) if remember
                         else make_policy(name, samples, seed, on_hint))
        record = play_deal(seats, dealer=i % 3, seed=deal_seed(seed, i), rules=profile, mode=mode)
        return Played(i, label, list(names), record, [(names[s], ph, (v, h)) for s, ph, v, h in log])

    def judge(p: Played, seats: Sequence[int]) -> None:
        """Contracts, calibration and inference of the seats counted for their policy."""
        record = p.record
        d = record.declarer
        assert d is not None and record.contract is not None
        made = record.tricks_won[d] >= record.contract.tricks_needed
        last_bid = {}
        for name, phase, (view, hint) in p.hints:
            if view.seat not in seats:
                continue
            if phase == Phase.AUCTION:
                last_bid[view.seat] = hint
            r = _llr(record, view, hint)
            if r is not None:
                out.llrs[name].append((str(phase), r))
        if d in seats:
            name = p.policies[d]
            out.contracts[name][0] += 1
            out.contracts[name][1] += made
            hint = last_bid.get(d)
            if hint is not None:
                out.calibration[name].append((hint.predictions[record.contract], float(made)))
        p.hints = []

    base = game([b, b, b], "base")
    judge(base, (0, 1, 2))
    out.played.append(base)
    base_scores = base.record.scores
    assert base_scores is not None
    for k in range(3):
        names = [b, b, b]
        names[k] = a
        p = game(names, f"A in seat {k}")
        role = "declarer" if p.record.declarer == k else "defender"
        judge(p, (k,))
        out.played.append(p)
        scores = p.record.scores
        assert scores is not None
        out.seat_deals.append((role, seat_deal(scores, base_scores, k)))
    return out


def run_duplicate(deals: int = 100, seed: int = 0, policies: object = "hint,hint-uniform", samples: int = 50,
                  rules: Optional[str] = None, mode: Optional[str] = None,
                  progress: Optional[Callable[[int, int], None]] = None, workers: int = 1,
                  scheduler: Optional[str] = None, sequential: Optional[SequentialRule] = None) -> DuplicateResult:
    """Play ``deals`` seeded deals in duplicate between the policies ``A,B`` and judge them.

    ``workers`` processes play the deals (or the Dask scheduler at ``scheduler``, ``tcp://HOST:PORT``);
    the result is the same for any. With ``sequential`` (a :class:`.sequential.SequentialRule`),
    ``deals`` is the most to play: they are played in batches of ``sequential.batch`` and the run
    stops at the first batch after which the rule decides (``summary["sequential"]``)."""
    check_samples(deals, "deals")
    check_samples(samples)
    check_seed(seed)
    check_workers(workers)
    if scheduler is not None:
        scheduler = check_address(scheduler)
    a, b = parse_pair(policies)
    profile = get_rules(rules)
    scoring = profile.mode(mode)
    played: List[Played] = []
    per_deal: List[List[Tuple[str, SeatDeal]]] = []
    contracts = {n: {"declared": 0, "made": 0} for n in (a, b)}
    calib: Dict[str, List[Tuple[float, float]]] = {a: [], b: []}
    llrs: Dict[str, List[Tuple[str, float]]] = {a: [], b: []}
    decision: Optional[Dict[str, Any]] = None
    step = deals if sequential is None else sequential.batch
    done = 0
    while done < deals and (decision is None or decision["decision"] is None):
        count = min(step, deals - done)
        calls = [(i, a, b, samples, seed, profile.name, scoring.name) for i in range(done, done + count)]
        for outcome in ordered_calls(play_duplicate_deal, calls, workers, scheduler, "meksiko-duplicate-deal"):
            played.extend(outcome.played)
            per_deal.append(outcome.seat_deals)
            for n in outcome.contracts:
                contracts[n]["declared"] += outcome.contracts[n][0]
                contracts[n]["made"] += outcome.contracts[n][1]
                calib[n].extend(outcome.calibration[n])
                llrs[n].extend(outcome.llrs[n])
            done += 1
            if progress:
                progress(done, deals)
        if sequential is not None:
            decision = sequential.decide([mean(x[0] for _, x in deal) for deal in per_deal], final=done >= deals)
    if decision is not None:
        decision = {**decision, "deals": done, "max_deals": deals}

    summary: Dict[str, Any] = {
        "deals": done, "seed": seed, "policies": {"A": a, "B": b}, "samples": samples,
        "rules": profile.name, "mode": scoring.name,
        **differences(per_deal),
        "contracts": contracts,
        "calibration": {n: brier(calib[n]) for n in dict.fromkeys((a, b)) if n != "baseline"},
        "inference": {},
    }
    if decision is not None:
        summary["sequential"] = decision
    for n in dict.fromkeys((a, b)):
        rows = llrs[n]
        if n == "baseline":
            continue
        by: Dict[str, List[float]] = {}
        for ph, r in rows:
            by.setdefault(ph, []).append(r)
        summary["inference"][n] = {"hints": len(rows), "mean_llr": round(mean(r for _, r in rows), 4) if rows else None,
                                   "by_phase": {k: {"hints": len(v), "mean_llr": round(mean(v), 4)} for k, v in by.items()}}
    return DuplicateResult(done, seed, (a, b), samples, profile.name, scoring.name, summary, played)
