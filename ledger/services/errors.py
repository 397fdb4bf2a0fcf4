"""Errors the ledger's services raise: each message names the problem in a banker's words."""

from django.core.exceptions import ValidationError


class LedgerError(ValidationError):
    """A write refused because it breaks a rule; nothing was written.

    A ValidationError, so a form can show it as is; `str()` is the plain message.
    """

    def __init__(self, message: str, *, code: str = "invalid", field: str | None = None):
        super().__init__(message, code=code)
        self.field = field

    def __str__(self) -> str:
        return str(self.message)


class IdempotencyConflict(LedgerError):
    """The same one-time key came back with a different request (R3)."""


class PossibleDuplicate(LedgerError):
    """The same buy-in was entered moments ago under another key (R15): confirm it first."""


class NotTheHolder(LedgerError):
    """Someone other than the holder of a night's bank tried to enter something into it
    (services/holder.py); nothing was written."""

    def __init__(self, message: str):
        super().__init__(message, code="not_holder")
