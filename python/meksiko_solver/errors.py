"""Exceptions raised by meksiko_solver.

Every error a user can provoke with bad input is a subclass of
:class:`MeksikoError`, itself a :class:`ValueError`, and its message names the
bad value and the rule it breaks.
"""

import reprlib


def shown(value: object) -> str:
    """A bad value as an error message quotes it: ``reprlib.repr``, cut short when long, except
    an integer too long for the interpreter to write out (``repr`` itself raises ValueError
    there, with the interpreter's advice instead of the message)."""
    try:
        return reprlib.repr(value)
    except ValueError:
        if isinstance(value, int):
            return f"{'a negative' if value < 0 else 'an'} integer of about {int(abs(value).bit_length() * 0.30103) + 1} digits"
        raise


class MeksikoError(ValueError):
    """Base class of every input error raised by meksiko_solver."""


class NotationError(MeksikoError):
    """Text that is not a valid card, hand, suit, seat or contract."""


class PositionError(MeksikoError):
    """A position that cannot arise in a Meksiko deal (duplicates, uneven hands...)."""


class IllegalPlayError(MeksikoError):
    """A card that the rules of play do not allow at that point."""


class AuctionError(MeksikoError):
    """A call that the auction rules do not allow at that point."""


class RulesError(MeksikoError):
    """An unknown rule profile, scoring mode, format or option."""


class RecordError(MeksikoError):
    """A game or deal record (or a view) that is malformed or breaks the rules."""


class OptionError(MeksikoError):
    """A bad option value: samples, seed, threads, table size or time budget."""


class GameStateError(RecordError):
    """A game state (running totals, dealer, target) that no game under the rules can be in."""


class MissingExtraError(MeksikoError):
    """A part of the package that needs an optional dependency that is not installed; the message
    names the extra that installs it (``pip install "meksiko-solver[server]"``)."""

    def __init__(self, needed_for: str, module: str, extra: str, otherwise: str = "") -> None:
        super().__init__(f"{needed_for} needs {module}, which is not installed: "
                         f'pip install "meksiko-solver[{extra}]"' + (f"; or {otherwise}" if otherwise else ""))
        self.needed_for, self.module, self.extra = needed_for, module, extra
