"""A night file's night written, all or nothing, in one short transaction.

The night file's import (ledger/night_file/) reads the file and folds its events over the
posting core in memory; it hands this service the plan (`plan`, a callable) and a cheap check
of what the plan read (`under_lock`). Everything long happens before the write transaction,
without a lock: the file read, checked and folded, and the rows of every entry, bank note and
posting built in the database's own form. The transaction - on SQLite the database's write
lock, which a tablet's write waits for - only checks that the night is not here already and
that nothing the plan read has changed meanwhile (a few small queries), creates the missing
players, THE BOOK's opening and the session through their services, and writes the entries
through the journal's one writer (`journal.write_entries`: sealed, inserted in bulk). When something
the plan read has changed, nothing is written: the lock is let go and the night planned again,
up to `ATTEMPTS` times, then refused with a sentence.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from ledger.house_settings import SEED, HouseSettings
from ledger.models import Night, Player, Seat
from ledger.posting.memory import Recorded
from ledger.posting.night import Person
from ledger.selectors.import_basis import ImportBasis
from ledger.types import Banker

from .book import book_opening
from .errors import LedgerError
from .journal import Prepared, entered_by, prepare, write_entries
from .locks import Turn, take_turn
from .nights import night_open
from .players import player_create

ATTEMPTS = 3               # plans made again when the database changed meanwhile, at most


@dataclass(frozen=True)
class NewPlayer:
    """A player the file names who is not here yet, as the file gives them."""

    name: str
    note_id: str
    regular: bool
    is_host: bool
    invited_by: str | None


@dataclass
class PlannedNight:
    """A night folded in memory: the people, THE BOOK's opening, the session, the entries."""

    view: ImportBasis                   # what the plan read of the database
    people: dict[str, Person]
    create: list[NewPlayer]             # the players to create, as the file names them
    opening: dict[str, int]
    date: datetime.date
    banker: str
    host_present: bool
    seating: list[str]
    seats: list[str]
    entries: list[Recorded]
    closed: bool
    settlement: dict[str, object] | None
    digest: str                         # the events' fingerprint (the same night, once)
    settings: HouseSettings = SEED      # the rules the night was played by (the file's)


class _Changed(Exception):
    """What the plan read changed before the write took its lock (in words)."""


def night_import(*, plan: Callable[[], PlannedNight],
                 under_lock: Callable[[PlannedNight], str | None], key: str,
                 user: Banker = None) -> Night:
    """Plan the night (no lock) and write it as a new session in one short transaction.

    `under_lock(planned)`, asked first inside the transaction, refuses (LedgerError: the
    night is here already) or says what the plan read that has changed since (None: nothing).
    Then nothing is written, the lock is let go, and the night is planned again."""
    created_by = entered_by(user)
    changed = ""
    for _attempt in range(ATTEMPTS):
        planned = plan()
        prepared = _prepare(planned, key=key, created_by=created_by)   # still no lock
        try:
            return _write(planned, prepared, under_lock, key=key, user=user)
        except _Changed as change:
            changed = str(change)
    raise LedgerError(f"The database kept changing while the night was read ({changed}); "
                      "nothing written. Import the file again.", code="import_changed")


def _write(found: PlannedNight, prepared: Prepared,
           under_lock: Callable[[PlannedNight], str | None], *, key: str,
           user: Banker) -> Night:
    with transaction.atomic():
        take_turn(Turn.IMPORT)
        changed = under_lock(found)
        if changed is not None:
            raise _Changed(changed)
        for index, new in enumerate(found.create):
            player_create(   # an inviter is checked by the plan: here, or created above
                name=new.name, note_id=new.note_id, regular=new.regular,
                invited_by=_named(new.invited_by) if new.invited_by else None,
                is_host=new.is_host, key=f"{key}-player-{index}", user=user)
        if found.opening:
            book_opening(balances={_named(n): c for n, c in found.opening.items()},
                         key=f"{key}-opening", user=user)
        session = night_open(date=found.date, banker=_named(found.banker),
                               host_present=found.host_present,
                               seating=[_named(name) for name in found.seating],
                               settings=found.settings, key=f"{key}-open", user=user)
        _write_entries(found, prepared, session=session)
        closing: dict[str, object] = {"import_digest": found.digest}
        if found.closed:
            closing.update(status=Night.CLOSED, closed_at=timezone.now(),
                           settlement=found.settlement)
        Night.objects.filter(pk=session.pk).update(**closing)
        session.refresh_from_db()
    return session


def _named(name: str) -> Player:
    """A player the file names: the plan found them here, or they were created above."""
    return Player.objects.get(name=name.strip())


def _prepare(found: PlannedNight, *, key: str, created_by: User | None) -> Prepared:
    """Every entry's row built before the lock, but for what the journal's writer fills in
    under it (`journal.write_entries`)."""
    return prepare([recorded.draft for recorded in found.entries],
                   [f"{key}-event-{position}" for position in range(len(found.entries))],
                   created_by=created_by)


def _write_entries(found: PlannedNight, prepared: Prepared, *,
                   session: Night) -> None:
    """Seat the plan's new seats and write its entries into `session` through the journal's
    writer (the entries name each other, and the notes they open, by position). Runs inside
    the import's transaction, under the locks."""
    pk_of = {p.name: p.pk for p in found.people.values() if p.pk is not None}
    created = [p.name for p in found.people.values() if p.pk is None]
    pk_of.update(Player.objects.filter(name__in=created).values_list("name", "pk"))
    last = Seat.objects.filter(session=session).aggregate(last=Max("position"))["last"]
    seated = set(Seat.objects.filter(session=session).values_list("player__name", flat=True))
    new_seats = [name for name in found.seats if name not in seated]
    Seat.objects.bulk_create(Seat(session=session, player_id=pk_of[name],
                                  position=(-1 if last is None else last) + 1 + offset)
                             for offset, name in enumerate(new_seats))
    write_entries(prepared, session=session, house_id=session.house_id, people=pk_of,
                  by_position=True)
