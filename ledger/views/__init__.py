"""Banker pages. Views parse forms and call `ledger.services`; they never write models."""

from ledger.views.close import count_difference, night_close_view, note_action, surrogate_merge
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
from ledger.views.nights import (
    night_dashboard_view,
    night_list,
    night_open,
    player_new,
    seating,
)
from ledger.views.phone_page import player_balance
from ledger.views.players import player_edit, player_link, player_list, player_retire

__all__ = [
    "buyin", "cashout", "chip_sale", "correction", "count_difference", "final_pot",
    "game_call", "game_end", "hand", "note_action", "payment", "penalty", "player_balance",
    "player_edit", "player_link", "player_list", "player_new", "player_retire",
    "pot_award", "seating", "night_close_view",
    "night_dashboard_view", "night_list", "night_open", "surrogate_merge",
]
