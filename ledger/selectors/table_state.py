"""The game at the table: the night's calls, hands, ends of game and penalties read from the
journal and turned into the table's events; the rules compute the rest (rules/games/table.py:
the state, a player's hands, whose deal)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ledger.models import (
    Night,
    Player,
    Seat,
)
from ledger.posting.accounts import EntryKind
from ledger.posting.payloads import Call
from ledger.posting.table_events import table_event
from ledger.selectors.night_lines import (
    live_entries,
)
from rules.games import table
from rules.games.table import (
    Deal,
    PlayedHand,
    TableEvent,
    TableState,
)

TableRow = tuple[str, int, dict[str, Any]]   # (kind, amount, payload) of one entry


@dataclass(frozen=True)
class TableRecord:
    """The night's live calls, ends of game, hands and penalties, read and turned into the
    rules' events once, for a page that shows several of the table's views (the game, the
    deal, a player's hands, the games called)."""

    events: list[TableEvent]
    games: list[str | dict[str, object]]   # the games called, the last one first, each once


def table_record(session: Night) -> TableRecord:
    rows: list[TableRow] = list(
        live_entries(session)
        .filter(kind__in=[EntryKind.CALL, EntryKind.END_GAME, EntryKind.HAND, EntryKind.PENALTY])
        .order_by("id").values_list("kind", "amount", "payload"))
    games: list[str | dict[str, object]] = []
    for kind, _, payload in reversed(rows):
        if kind != EntryKind.CALL:
            continue
        game = Call.from_json(payload).game
        if game and game not in games:
            games.append(game if isinstance(game, str) else dict(game))
    return TableRecord([table_event(kind, amount, payload) for kind, amount, payload in rows],
                       games)


def table_game(session: Night, *, record: TableRecord | None = None) -> TableState:
    """Where the table stands now (`record`: `table_record(session)` when the caller already
    has it)."""
    return table.table_state((record or table_record(session)).events,
                             TableState(unit=session.game_settings.unit))


def hand_game(state: TableState, payload: Mapping[str, object]) -> object:
    """The game a hand was played in: the one it names, else the one at the table before it."""
    return payload.get("game") or state.game


def player_hands(session: Night, player: Player, *,
                 record: TableRecord | None = None) -> list[PlayedHand]:
    """Tonight's recorded hands this player was part of, oldest first (the table's record)."""
    return table.player_hands((record or table_record(session)).events, player.name)


def deal_state(session: Night, *, record: TableRecord | None = None,
               seats: list[str] | None = None) -> Deal:
    """Who deals (B1, B13, B14). `seats`: the seated names in seating order, when the caller
    already has them."""
    if seats is None:
        seats = list(Seat.objects.filter(session=session).order_by("position")
                     .values_list("player__name", flat=True))
    deal = table.deal_state((record or table_record(session)).events, seats)
    deal.last_dealer_rule = session.game_settings.last_dealer_rule
    return deal


def games_called(session: Night, *, record: TableRecord | None = None
                 ) -> list[str | dict[str, object]]:
    """The games called tonight, the last one first, each once (a catalog id or the dealer's
    own definition)."""
    return (record or table_record(session)).games
