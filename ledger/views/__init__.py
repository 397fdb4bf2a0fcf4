"""Banker pages. Views parse forms and call `ledger.services`; they never write models."""

from ledger.views.close import count_difference, note_action, session_close_view, surrogate_merge
from ledger.views.hands import game_call, game_end, hand
from ledger.views.money import (
    buyin,
    cashout,
    chip_sale,
    correction,
    final_pot,
    payment,
    penalty,
    pot_award,
)
from ledger.views.phone_page import player_balance
from ledger.views.players import player_edit, player_link, player_list, player_retire
from ledger.views.sessions import (
    player_new,
    seating,
    session_dashboard_view,
    session_list,
    session_open,
)

__all__ = [
    "buyin", "cashout", "chip_sale", "correction", "count_difference", "final_pot",
    "game_call", "game_end", "hand", "note_action", "payment", "penalty", "player_balance",
    "player_edit", "player_link", "player_list", "player_new", "player_retire",
    "pot_award", "seating", "session_close_view",
    "session_dashboard_view", "session_list", "session_open", "surrogate_merge",
]
