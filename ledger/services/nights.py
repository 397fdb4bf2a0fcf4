"""Opening a poker night and its seating order (B1: the banker deals first)."""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.contrib.auth.models import User

from ledger.house_settings import HouseSettings
from ledger.integrity.witness import witness_after_commit
from ledger.models import BankTenure, Entry, House, Night, Player, Seat
from ledger.posting.accounts import EntryKind
from ledger.selectors.balances import book_balances
from ledger.types import Banker
from rules.money import format_cents

from .errors import LedgerError
from .idempotency import idempotent
from .journal import lock_night
from .locks import Turn, take_turn
from .seats import seat_player


def book_snapshot() -> dict[str, str]:
    """THE BOOK as it stands now: name -> decimal string, non-zero balances only."""
    balances = book_balances()
    names = dict(Player.objects.filter(pk__in=balances).values_list("pk", "name"))
    return {names[pk]: format_cents(cents) for pk, cents in sorted(
        balances.items(), key=lambda item: names[item[0]])}


def _refuse_a_second_open_night(house_id: int) -> None:
    """One night at a time in a house: a second open session would split the bank's cash box
    and chips (the database refuses it too: one_open_night_per_house).

    On PostgreSQL a transaction-wide advisory lock makes two banks opening at once queue up
    (there is no row to lock yet); SQLite's IMMEDIATE transaction already holds the write lock.
    """
    take_turn(Turn.OPEN_NIGHT, house_id)
    current = (Night.objects.filter(house_id=house_id, status=Night.OPEN)
               .select_related("banker").order_by("date", "id").first())
    if current is not None:
        raise LedgerError(
            f"The night of {current.date:%A, %B} {current.date.day}, {current.date.year} "
            f"(banker {current.banker.name}) is still open; close it before opening another.",
            code="night_open",
        )




@idempotent("night_open")
def night_open(*, date: datetime.date, banker: Player,
                 host_present: bool = True, seating: Sequence[Player] = (),
                 settings: HouseSettings | None = None,
                 key: str, user: Banker = None) -> Night:
    """Open a night: the banker takes the first seat, the others follow to the left (B1).

    The night copies its house's settings (or `settings`: an imported file's) and keeps them,
    sealed with its row: a later change of the house's never alters it. The login that opens
    it holds its bank (services/holder.py); a night opened by the machine (`user=None`: an
    import, the command line) has a free bank.
    """
    day = date.date() if isinstance(date, datetime.datetime) else date
    if not host_present and banker.is_host:
        raise LedgerError("The banker is the host, so the host is present.",
                          field="host_present")
    _refuse_a_second_open_night(banker.house_id)
    if settings is None:
        settings = House.objects.get(pk=banker.house_id).game_settings
    session = Night.objects.create(
        house_id=banker.house_id, date=day, banker=banker, host_present=host_present,
        book_before=book_snapshot(), settings=settings.to_json(),
    )
    seat_player(session, banker)
    for player in seating:
        seat_player(session, player)
    if isinstance(user, User) and user.is_authenticated:
        BankTenure.objects.create(session=session, holder=user, made_by=user,
                                  how=BankTenure.OPENED, since=session.opened_at)
    witness_after_commit(session.house_id)   # an import writes its entries in bulk after this
    return session


@idempotent("night_seat")
def night_seat(*, session: Night, player: Player,
                 key: str, user: Banker = None) -> Seat:
    """Seat a player at the next place to the left (players also sit down by buying chips)."""
    session = lock_night(session, user=user)
    return seat_player(session, player)


@idempotent("night_seating_set")
def night_seating_set(*, session: Night, order: Sequence[Player],
                        key: str, user: Banker = None) -> Night:
    """Reseat the table in `order`, the banker first (B1), as long as no hand was recorded.

    `order` names every seated player once; the deal starts with the banker and goes left
    in this order, so once a hand is on record the seats stay as they were dealt.
    """
    session = lock_night(session, user=user)
    if Entry.objects.filter(session=session, kind=EntryKind.HAND).exists():
        raise LedgerError(
            "A hand has already been recorded tonight; the seats stay as they were dealt (B1).",
            field="order",
        )
    wanted = list(order)
    seats = list(Seat.objects.filter(session=session).select_related("player"))
    seated = {seat.player_id for seat in seats}
    ids = [player.pk for player in wanted]
    if len(set(ids)) != len(ids):
        twice = next(p.name for p in wanted if ids.count(p.pk) > 1)
        raise LedgerError(f"{twice} is named twice in the seating.", field="order")
    strangers = [p.name for p in wanted if p.pk not in seated]
    if strangers:
        raise LedgerError(f"{', '.join(strangers)} is not seated tonight; a player sits down "
                          "when the night opens or by buying chips.", field="order")
    missing = sorted(seat.player.name for seat in seats if seat.player_id not in set(ids))
    if missing:
        raise LedgerError(f"The seating leaves out {', '.join(missing)}; give every seated "
                          "player a place.", field="order")
    if ids and ids[0] != session.banker_id:
        raise LedgerError(f"The banker, {session.banker.name}, deals first and keeps the first "
                          "seat (B1).", field="order")
    if ids != [seat.player_id for seat in sorted(seats, key=lambda s: s.position)]:
        # Positions are unique per session: clear the table and seat it again in order.
        Seat.objects.filter(session=session).delete()
        Seat.objects.bulk_create(
            Seat(session=session, player=player, position=place)
            for place, player in enumerate(wanted)
        )
    return session
