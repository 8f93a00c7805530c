"""Rule profiles as data: scoring modes, game formats and the profiles that hold them.

Two profiles exist (see ``docs/rules.md``): ``mexico-club`` (the default) and
``classic``. Everything that differs between them is a field here, so the rest of
the library asks the profile instead of testing its name.

>>> get_rules("classic").meksiko_trump
False
>>> game_config("mexico-club", format="tournament").target
10
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Dict, Mapping, Optional, Tuple, Union

from .errors import RulesError

DEFAULT_RULES = "mexico-club"

#: Game-end tie rules (``RuleProfile.tie_break``).
PLAY_ON = "play-on"  # while the lead is shared, more deals are played
LAST_DEAL = "last-deal"  # last deal's declarer, then more tricks in the last deal, else shared


@dataclass(frozen=True)
class ScoringMode:
    """How one deal is scored (besides what the profile fixes)."""

    name: str
    description: str
    fail_factor: int  # a failed declarer scores -fail_factor * b
    zero_trick_penalty: bool  # a defender with 0 tricks scores -b (else 0)
    meksiko_defender_factor: int  # a defender's tricks on a Meksiko contract count this many times


@dataclass(frozen=True)
class GameFormat:
    """When a game ends: at a target score, or after a fixed number of deals."""

    name: str
    description: str
    modes: Tuple[str, ...]  # allowed scoring modes, the first is the default
    default_target: Optional[int] = None  # None: the format has no target
    targets: Optional[Tuple[int, ...]] = None  # allowed targets; None: any positive target
    deals: Optional[int] = None  # a fixed number of deals (Mini: 3)


@dataclass(frozen=True)
class RuleProfile:
    """One rule set of Meksiko. Build a game's settings with :func:`game_config`."""

    name: str
    description: str
    source: str  # the original rules text in shared/seeds/
    modes: Tuple[ScoringMode, ...]  # the first is the default
    formats: Tuple[GameFormat, ...]  # the first is the default
    meksiko_value: int  # b of a Meksiko contract in scoring
    meksiko_trump: bool  # the Meksiko declarer names trump (else no trump)
    meksiko_ends_auction: bool  # Meksiko closes the auction at once (else the others pass)
    total_floor: Optional[int]  # running totals never go below this (None: no floor)
    tie_break: str  # PLAY_ON or LAST_DEAL

    def mode(self, name: Union[str, ScoringMode, None] = None) -> ScoringMode:
        """The scoring mode called ``name`` (None: the default one)."""
        if isinstance(name, ScoringMode):
            if name in self.modes:  # already parsed: nothing to look up
                return name
            name = name.name
        if name is None:
            return self.modes[0]
        for mode in self.modes:
            if isinstance(name, str) and name.strip().lower() == mode.name:
                return mode
        valid = ", ".join(m.name for m in self.modes)
        raise RulesError(f"unknown scoring mode {name!r} for {self.name}: valid modes are {valid}")

    def format(self, name: Union[str, GameFormat, None] = None) -> GameFormat:
        """The game format called ``name`` (None: the default one)."""
        if isinstance(name, GameFormat):
            name = name.name
        if name is None:
            return self.formats[0]
        for fmt in self.formats:
            if isinstance(name, str) and name.strip().lower() == fmt.name:
                return fmt
        valid = ", ".join(f.name for f in self.formats)
        raise RulesError(f"unknown game format {name!r} for {self.name}: valid formats are {valid}")

    def to_dict(self) -> Dict[str, Any]:
        """Every field (modes and formats included), whether it is the default profile, and the
        text ``meksiko-solver rules`` prints: the shape of ``rules --json`` and ``GET /v1/rules``."""
        return {**dataclasses.asdict(self), "default": self.name == DEFAULT_RULES,
                "text": describe_rules(self)}


EASY = ScoringMode(
    "easy",
    "public tables and Mini: a failed contract costs the bid, a defender with 0 tricks scores 0",
    fail_factor=1, zero_trick_penalty=False, meksiko_defender_factor=2)
NORMAL = ScoringMode(
    "normal",
    "tournaments (a private room may pick it): a failed contract costs twice the bid, "
    "a defender with 0 tricks scores minus the bid (20 on Meksiko)",
    fail_factor=2, zero_trick_penalty=True, meksiko_defender_factor=2)
CLASSIC_SCORING = ScoringMode(
    "standard",
    "a failed contract costs the bid, defenders score 1 per trick (no doubling, no penalty for 0)",
    fail_factor=1, zero_trick_penalty=False, meksiko_defender_factor=1)

MEXICO_CLUB = RuleProfile(
    name="mexico-club",
    description="Mexico Club online rules: Meksiko still names trump; totals never go below 0",
    source="shared/seeds/meksiko-mexico-club-rules.sr.txt",
    modes=(EASY, NORMAL),
    formats=(
        GameFormat("standard", "first to the target (a private room picks 31, 51 or 101)",
                   modes=("easy", "normal"), default_target=51, targets=(31, 51, 101)),
        GameFormat("mini", "exactly 3 deals, then further deals while the lead is shared",
                   modes=("easy",), deals=3),
        GameFormat("tournament", "first to the event's target (often 10), Normal scoring",
                   modes=("normal",), default_target=10),
    ),
    meksiko_value=20,
    meksiko_trump=True,
    meksiko_ends_auction=True,
    total_floor=0,
    tie_break=PLAY_ON,
)

CLASSIC = RuleProfile(
    name="classic",
    description="traditional Serbian Meksiko: Meksiko is played without trump; totals may go below 0",
    source="shared/seeds/meksiko-classic-rules.en.txt",
    modes=(CLASSIC_SCORING,),
    formats=(GameFormat("standard", "first to 51", modes=("standard",), default_target=51, targets=(51,)),),
    meksiko_value=20,
    meksiko_trump=False,
    meksiko_ends_auction=False,
    total_floor=None,
    tie_break=LAST_DEAL,
)

#: Every rule profile by name; the first is the default.
RULES: Mapping[str, RuleProfile] = MappingProxyType({p.name: p for p in (MEXICO_CLUB, CLASSIC)})


def get_rules(name: object = None) -> RuleProfile:
    """The rule profile called ``name`` (None: the default, ``mexico-club``); a RulesError names anything else."""
    if isinstance(name, RuleProfile):
        return name
    if name is None:
        return RULES[DEFAULT_RULES]
    if isinstance(name, str) and name.strip().lower() in RULES:
        return RULES[name.strip().lower()]
    raise RulesError(f"unknown rules {name!r}: valid rules are {', '.join(RULES)}")


@dataclass(frozen=True)
class GameConfig:
    """The settings of one game: profile, scoring mode, format and target."""

    rules: RuleProfile
    mode: ScoringMode
    format: GameFormat
    target: Optional[int]  # None for a format with a fixed number of deals

    def describe(self) -> str:
        """One line such as ``mexico-club, easy scoring, standard format, target 51``."""
        end = f"target {self.target}" if self.target is not None else f"{self.format.deals} deals"
        return f"{self.rules.name}, {self.mode.name} scoring, {self.format.name} format, {end}"


def game_config(rules: Union[str, RuleProfile, None] = None, mode: Optional[str] = None,
                format: Optional[str] = None, target: Optional[int] = None) -> GameConfig:
    """Check and complete a game's settings (defaults come from the profile and format)."""
    profile = get_rules(rules)
    fmt = profile.format(format)
    if mode is None:
        scoring = profile.mode(fmt.modes[0])
    else:
        scoring = profile.mode(mode)
        if scoring.name not in fmt.modes:
            raise RulesError(f"scoring mode {scoring.name!r} is not used by the {fmt.name} format of "
                             f"{profile.name}: valid modes are {', '.join(fmt.modes)}")
    if fmt.deals is not None:
        if target is not None:
            raise RulesError(f"the {fmt.name} format of {profile.name} has no target "
                             f"(it lasts {fmt.deals} deals), not {target!r}")
        return GameConfig(profile, scoring, fmt, None)
    if target is None:
        target = fmt.default_target
    if isinstance(target, bool) or not isinstance(target, int) or target <= 0:
        raise RulesError(f"target must be a positive whole number, not {target!r}")
    if fmt.targets is not None and target not in fmt.targets:
        valid = ", ".join(str(t) for t in fmt.targets)
        raise RulesError(f"target {target} is not allowed in the {fmt.name} format of "
                         f"{profile.name}: valid targets are {valid}")
    return GameConfig(profile, scoring, fmt, target)


def describe_rules(profile: Union[str, RuleProfile]) -> str:
    """A few lines describing a profile (used by ``meksiko-solver rules``)."""
    p = get_rules(profile)
    default = " (default)" if p.name == DEFAULT_RULES else ""
    lines = [f"{p.name}{default}: {p.description}", f"  original text: {p.source}", "  scoring modes:"]
    for i, m in enumerate(p.modes):
        lines.append(f"    {m.name}{' (default)' if i == 0 else ''}: {m.description}")
    lines.append("  formats:")
    for i, f in enumerate(p.formats):
        if f.deals is not None:
            end = f"{f.deals} deals"
        elif f.targets is not None:
            end = "targets " + ", ".join(str(t) for t in f.targets) + f" (default {f.default_target})"
        else:
            end = f"any target (default {f.default_target})"
        lines.append(f"    {f.name}{' (default)' if i == 0 else ''}: {f.description}; {end}; "
                     f"modes {', '.join(f.modes)}")
    meksiko = "declarer names trump" if p.meksiko_trump else "played without trump"
    closes = "ends the auction at once" if p.meksiko_ends_auction else "the others then say NEXT"
    lines.append(f"  Meksiko: worth {p.meksiko_value}, talon unused, {meksiko}, {closes}")
    floor = f"never below {p.total_floor}" if p.total_floor is not None else "may go below 0"
    ties = ("more deals while the lead is shared" if p.tie_break == PLAY_ON else
            "last deal's declarer, then more tricks in the last deal, else a shared win")
    lines.append(f"  totals {floor}; tie for the lead at the end: {ties}")
    return "\n".join(lines)


def rules_dict() -> Dict[str, Any]:
    """The default profile's name and every profile's :meth:`RuleProfile.to_dict`, default first."""
    return {"default": DEFAULT_RULES, "profiles": [p.to_dict() for p in RULES.values()]}
