"""Opening a poker night and its seating order (B1: the banker deals first)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db.models import Max

from ledger.models import Player, PokerSession, Seat
from rules.money import format_cents

from .errors import LedgerError
from .idempotency import idempotent
from .journal import book_balances, lock_session
from .lookup import player_of


def _date_of(value: object) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    try:
        return datetime.date.fromisoformat(str(value))
    except ValueError:
        raise LedgerError(f"date: {value!r} is not a date such as 2026-11-21.",
                          field="date") from None


def book_snapshot() -> dict[str, str]:
    """THE BOOK as it stands now: name -> decimal string, non-zero balances only."""
    balances = book_balances()
    names = dict(Player.objects.filter(pk__in=balances).values_list("pk", "name"))
    return {names[pk]: format_cents(cents) for pk, cents in sorted(
        balances.items(), key=lambda item: names[item[0]])}


def seat_player(session: PokerSession, player: Player) -> Seat:
    """Give a player the next seat to the left, unless they already sit at the table."""
    seat = Seat.objects.filter(session=session, player=player).first()
    if seat is not None:
        return seat
    last = Seat.objects.filter(session=session).aggregate(last=Max("position"))["last"]
    return Seat.objects.create(session=session, player=player,
                               position=0 if last is None else last + 1)


@idempotent("session_open")
def session_open(*, date: datetime.date | str, banker: Player | str,
                 host_present: bool = True, seating: Sequence[Player | str] = (),
                 key: str, user=None) -> PokerSession:
    """Open a night: the banker takes the first seat, the others follow to the left (B1)."""
    day = _date_of(date)
    banker = player_of(banker, field="banker")
    players = [player_of(p, field="seating") for p in seating]
    if not host_present and banker.is_host:
        raise LedgerError("host_present: the banker is the host, so the host is present.",
                          field="host_present")
    session = PokerSession.objects.create(
        date=day, banker=banker, host_present=host_present, book_before=book_snapshot()
    )
    seat_player(session, banker)
    for player in players:
        seat_player(session, player)
    return session


@idempotent("session_seat")
def session_seat(*, session: PokerSession | int, player: Player | str,
                 key: str, user=None) -> Seat:
    """Seat a player at the next place to the left (players also sit down by buying chips)."""
    session = lock_session(session)
    return seat_player(session, player_of(player))
