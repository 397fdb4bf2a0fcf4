"""Reads that combine journal rows: the dashboard, a player's night, THE BOOK, the settle-up
report and the audit; who holds a night's bank and who held it when. Each runs a fixed number
of queries, whatever the number of players.

Money comes back as integer cents except in `settle_up_report`, which is the exact JSON of
`manage.py settle_up --format json` (decimal strings).

The reads live in modules by topic; every name is importable from here as well."""

from __future__ import annotations

from ledger.integrity import SEAL_DIGITS, audit, seal_check  # noqa: F401
from ledger.selectors.bank import (  # noqa: F401
    BankState,
    Tenure,
    bank_state,
    bank_tenures,
    banker_users,
)
from ledger.selectors.book import (  # noqa: F401
    _GUEST_MOVE,
    _NIGHT_WORDS,
    BookLine,
    BookStory,
    _book_reason,
    _signed,
    book_balance_after,
    book_now,
    book_story,
    close_entry_id,
    night_book,
    player_book_balance,
    player_books,
    player_latest_sessions,
    player_sessions,
    player_unmerged_surrogate,
    the_book,
)
from ledger.selectors.history import (  # noqa: F401
    NightResult,
    SeasonLine,
    _books_after,
    _closed_sessions,
    _history,
    _nights,
    _played_night_ids,
    player_history,
    player_night,
    player_recent_history,
    season,
    season_years,
)
from ledger.selectors.night import (  # noqa: F401
    CloseSteps,
    Dashboard,
    GuestMove,
    OwedCash,
    _notes_with_balances,
    active_players,
    all_players,
    close_steps,
    effective_book,
    guest_moves,
    hand_recorded,
    house_games,
    open_notes,
    owed_by_the_bank,
    player_lines,
    players_named,
    regular_inviter,
    regular_players,
    roster,
    saved_entry,
    saved_hand,
    seated_roster,
    session_dashboard,
    table_pot,
    warning_given,
)
from ledger.selectors.night_lines import (  # noqa: F401
    _BOUGHT,
    PlayerLine,
    add_money_row,
    cents_of,
    live_entries,
    touched,
)
from ledger.selectors.phone import (  # noqa: F401
    PAYMENTS_SHOWN,
    PHONE_PAYMENTS_SHOWN,
    PHONE_REQUESTS_SHOWN,
    RequestLine,
    TransferLine,
    last_closed_night,
    payments_made,
    pending_requests,
    player_claims,
    player_requests,
    request_lines,
    requests_signature,
    settle_transfers,
    waiting_claims,
)
from ledger.selectors.reports import (  # noqa: F401
    _UNSHOWN,
    _options_text,
    entries_of,
    journal_details,
    journal_lines,
    journal_seal,
    recent_entries,
    sessions_list,
    settle_up_report,
)
from ledger.selectors.table_state import (  # noqa: F401
    Deal,
    PlayedHand,
    TableGame,
    TableRow,
    deal_state,
    game_name,
    games_called,
    hand_game,
    hand_result,
    player_hands,
    table_game,
    table_rows,
    table_step,
)
from ledger.selectors.versions import (  # noqa: F401
    closed_version,
    house_version,
    night_version,
)
