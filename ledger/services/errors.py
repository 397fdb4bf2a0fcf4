"""Errors the ledger's services raise: each message names the problem in a banker's words."""

from ledger.posting.errors import LedgerError

__all__ = ["IdempotencyConflict", "LedgerError", "NotTheHolder", "PossibleDuplicate"]


class IdempotencyConflict(LedgerError):
    """The same one-time key came back with a different request (R3)."""


class PossibleDuplicate(LedgerError):
    """The same buy-in was entered moments ago under another key (R15): confirm it first."""


class NotTheHolder(LedgerError):
    """Someone other than the holder of a night's bank tried to enter something into it
    (services/holder.py); nothing was written."""

    def __init__(self, message: str):
        super().__init__(message, code="not_holder")
