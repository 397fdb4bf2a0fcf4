"""Errors raised by the rules package. The CLI turns any of them into exit code 2."""

from __future__ import annotations

import re

# A field's path in an input: `players[1].down[0]`, `board.flop`, `options.wild`, `pot`.
_PATH = re.compile(r"(?P<path>[A-Za-z_][\w-]*(?:\[\d+\]|\.[A-Za-z_][\w-]*)*): (?P<reason>.+)",
                   re.DOTALL)


class RulesError(ValueError):
    """Bad input to a rule: the field it refuses (`path`, e.g. "players[1].down[0]"; "" when
    it names none) and the sentence (`reason`); `str()` is "path: reason", as the CLI prints.

    Raised with the whole line ("players[1].declare: missing") or with `path=` given apart;
    either way a caller reads the place from `path`, never from the text."""

    def __init__(self, message: str, *, path: str | None = None):
        if path is None:
            found = _PATH.fullmatch(message)
            path, reason = (found["path"], found["reason"]) if found else ("", message)
        else:
            reason, message = message, f"{path}: {message}" if path else message
        super().__init__(message)
        self.path = path
        self.reason = reason


class CardError(RulesError):
    """An unknown card token, a duplicate card, or too few cards."""


class TooFewCards(CardError):
    """Fewer cards than a hand of the scheme needs (a choice of sources that cannot make one)."""


class MoneyError(RulesError):
    """An amount that is not a decimal string of whole nickels (or cents where allowed)."""
