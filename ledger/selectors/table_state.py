"""The game at the table: the night's calls, hands, ends of game and penalties read from the
journal and turned into the table's events; the rules compute the rest (rules/games/table.py:
the state, a player's hands, whose deal)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ledger.models import (
    Entry,
    Player,
    PokerSession,
    Seat,
)
from ledger.selectors.night_lines import (
    cents_of,
    live_entries,
)
from rules.games import table
from rules.games.hand_types import HandResult
from rules.games.table import (
    Called,
    Deal,
    GameEnded,
    PenaltyPaid,
    Played,
    PlayedHand,
    TableEvent,
    TableState,
)
from rules.money import format_cents


def hand_result(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's computed result; hands stored before results were kept get the arithmetic of
    their typed figures (awards out of the pot, the rest carried)."""
    result = payload.get("result")
    if isinstance(result, dict):
        return result
    pot = cents_of(payload.get("pot"))
    awarded = sum(cents_of(v) for v in (payload.get("awards") or {}).values())
    return {"carry": format_cents(pot - awarded), "next_pot": format_cents(pot - awarded),
            "legs": [], "game_over": True}


TableRow = tuple[str, int, dict[str, Any]]   # (kind, amount, payload) of one entry


@dataclass(frozen=True)
class TableRecord:
    """The night's live calls, ends of game, hands and penalties, read and turned into the
    rules' events once, for a page that shows several of the table's views (the game, the
    deal, a player's hands, the games called)."""

    events: list[TableEvent]
    games: list[str | dict[str, Any]]    # the games called, the last one first, each once


def table_record(session: PokerSession) -> TableRecord:
    rows: list[TableRow] = list(
        live_entries(session)
        .filter(kind__in=[Entry.CALL, Entry.END_GAME, Entry.HAND, Entry.PENALTY])
        .order_by("id").values_list("kind", "amount", "payload"))
    games: list[str | dict[str, Any]] = []
    for kind, _, payload in reversed(rows):
        game = payload.get("game")
        if kind == Entry.CALL and isinstance(game, str | dict) and game not in games:
            games.append(game)
    return TableRecord([table_event(kind, amount, payload) for kind, amount, payload in rows],
                       games)


def table_event(kind: str, amount: int, payload: Mapping[str, Any]) -> TableEvent:
    """One journal entry of the table as the rules' event."""
    if kind == Entry.PENALTY:
        return PenaltyPaid(amount)
    if kind == Entry.CALL:
        return Called(game=payload.get("game"), dealer=payload.get("dealer", ""),
                      options=dict(payload.get("options") or {}))
    if kind == Entry.END_GAME:
        return GameEnded()
    legs = payload.get("legs")
    number = payload.get("round")
    names = [p.get("name") for p in payload.get("players") or [] if isinstance(p, dict)]
    names += [*(payload.get("awards") or {}), *(payload.get("owes") or {})]
    return Played(result=HandResult.from_json(hand_result(payload)),
                  game=payload.get("game") or None,
                  round=number if isinstance(number, int) else None,
                  legs=dict(legs) if isinstance(legs, dict) else None,
                  names=tuple(n for n in names if isinstance(n, str)))


def table_game(session: PokerSession, *, record: TableRecord | None = None) -> TableState:
    """Where the table stands now (`record`: `table_record(session)` when the caller already
    has it)."""
    return table.table_state((record or table_record(session)).events)


def table_step(state: TableState, kind: str, amount: int, payload: Mapping[str, Any]
               ) -> TableState:
    """Where the table stands after one more live call, end of game, hand or penalty."""
    return table.table_step(state, table_event(kind, amount, payload))


def hand_game(state: TableState, payload: Mapping[str, Any]) -> object:
    """The game a hand was played in: the one it names, else the one at the table before it."""
    return payload.get("game") or state.game


def player_hands(session: PokerSession, player: Player, *,
                 record: TableRecord | None = None) -> list[PlayedHand]:
    """Tonight's recorded hands this player was part of, oldest first (the table's record)."""
    return table.player_hands((record or table_record(session)).events, player.name)


def deal_state(session: PokerSession, *, record: TableRecord | None = None,
               seats: list[str] | None = None) -> Deal:
    """Who deals (B1, B13, B14). `seats`: the seated names in seating order, when the caller
    already has them."""
    if seats is None:
        seats = list(Seat.objects.filter(session=session).order_by("position")
                     .values_list("player__name", flat=True))
    return table.deal_state((record or table_record(session)).events, seats)


def games_called(session: PokerSession, *, record: TableRecord | None = None
                 ) -> list[str | dict[str, Any]]:
    """The games called tonight, the last one first, each once (a catalog id or the dealer's
    own definition)."""
    return (record or table_record(session)).games
