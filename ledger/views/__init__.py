"""Banker pages. Views parse forms and call `ledger.services`; they never write models."""

from ledger.views.player import player_balance
from ledger.views.sessions import session_list

__all__ = ["player_balance", "session_list"]
