"""An imported night planned, folded over the posting core in memory, before it is written.

1. `plan` reads what the night needs from the database (players, THE BOOK, whether a night is
   open) without a lock, then folds every event over a night in memory (replay.py: each event
   read and handed to the posting core, ledger/posting/), which drafts exactly the entries the
   tablet's services write and refuses with their sentences - so a file that breaks a rule is
   refused before anything is written;
2. the import (importing.py, services/bulk_import.py) builds the rows, then takes the locks,
   checks that what the plan read has not changed meanwhile (else it lets go of the lock and
   plans again), creates the missing players, THE BOOK's opening and the session through the
   services, and writes the drafted entries in bulk, each sealed in the hash chain as the
   services seal theirs.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from ledger.house_settings import SEED, HouseSettings
from ledger.posting.errors import LedgerError
from ledger.posting.memory import MemoryNight
from ledger.posting.night import Person
from ledger.posting.roster import new_player
from ledger.selectors.import_basis import ImportBasis, import_basis
from ledger.services.bulk_import import NewPlayer, PlannedNight

from .amounts import signed_units_of
from .records import person_named
from .replay import apply


def _people(view: ImportBasis) -> dict[str, Person]:
    rows = view.players
    names = {pk: name for pk, name, *_ in rows}
    return {name: Person(name=name, note_id=note_id, regular=regular, is_host=is_host,
                         invited_by=names.get(inviter) if inviter else None, pk=pk)
            for pk, name, note_id, regular, is_host, inviter in rows}


def _inviters_before_guests(rows: list[Any]) -> list[tuple[int, Any]]:
    """The file's players with every inviter ahead of the guests they brought."""
    indexed = list(enumerate(rows))
    by_name = {row.get("name"): (i, row) for i, row in indexed if isinstance(row, Mapping)}
    ordered: list[tuple[int, Any]] = []
    seen: set[int] = set()

    def place(index: int, row: Any, depth: int = 0) -> None:
        if index in seen:
            return
        inviter = row.get("invited_by") if isinstance(row, Mapping) else None
        if inviter in by_name and depth < len(rows):
            place(*by_name[inviter], depth + 1)
        seen.add(index)
        ordered.append((index, row))

    for index, row in indexed:
        place(index, row)
    return ordered


def _new_players(rows: list[Any], people: dict[str, Person], host_note: str
                 ) -> list[NewPlayer]:
    """The file's players missing here, checked by the roster's rules (posting/roster.py, as
    `services.player_create` checks them again when they are written); a player here must
    have the file's note identifier."""
    create = []
    for index, row in _inviters_before_guests(rows):
        where = f"players[{index}]"
        name, note_id = row["name"], row["note_id"]
        existing = people.get(name)
        if existing is not None:
            if existing.note_id != note_id.strip().upper():
                raise LedgerError(f"{where}: {name}'s bank-note identifier is "
                                  f"{existing.note_id} here, {note_id} in the file.")
            continue
        try:
            person = new_player(name=name, note_id=note_id,
                                regular=bool(row.get("regular", True)),
                                is_host=bool(row.get("host", False)),
                                invited_by=row.get("invited_by") or None, people=people,
                                host_note=host_note)
        except LedgerError as error:   # the rules `player_create` applies when writing
            raise LedgerError(f"{where}: {error.message}", field=error.field) from None
        people[person.name] = person
        create.append(NewPlayer(row["name"], row["note_id"], person.regular, person.is_host,
                                person.invited_by))
    return create


def plan(head: Mapping[str, Any], rows: list[Any], book_before: Mapping[str, Any],
         events: list[Any], seating: list[str], *, digest: str,
         settings: HouseSettings = SEED) -> PlannedNight:
    """Read what the night needs and replay it in memory by the file's `settings` (the seed
    house's for a `/1` file); a LedgerError names the first fault (`events[3] (buy): ...`),
    and nothing has been written."""
    view = import_basis()
    people = _people(view)
    create = _new_players(rows, people, settings.host_note_id)
    wanted = {name: signed_units_of(amount, field=f"book_before for {name}", settings=settings)
              for name, amount in book_before.items()}
    written, book_here, open_night = view.written, view.book, view.open_night
    opening: dict[str, int] = {}
    if not written:
        opening = {n: c for n, c in wanted.items() if c}
        if opening:
            for name in opening:
                person_named(people, name, "book_before")
            total = sum(opening.values())
            if total:
                raise LedgerError(f"THE BOOK's opening balances add up to "
                                  f"{settings.money(total)}, not {settings.money(0)}; THE BOOK "
                                  "always sums to zero.", field="book_before")
        book = dict(opening)
    else:
        names = {p.pk: p.name for p in people.values() if p.pk is not None}
        here = {names[pk]: cents for pk, cents in book_here}
        differences = [f"{name} is {settings.amount_text(here.get(name, 0))} here, "
                       f"{settings.amount_text(wanted.get(name, 0))} in the file"
                       for name in sorted(set(here) | set(wanted))
                       if here.get(name, 0) != wanted.get(name, 0)]
        if differences:
            raise LedgerError("THE BOOK here disagrees with the file's book_before: "
                              + "; ".join(differences) + ". Import the nights before it "
                              "first.", field="book_before")
        book = here
    date = datetime.date.fromisoformat(head["date"])
    banker = person_named(people, head["banker"], "banker")
    sitting = [person_named(people, name, "seating") for name in seating]
    host_present = bool(head.get("host_present", True))
    if not host_present and banker.is_host:
        raise LedgerError("The banker is the host, so the host is present.",
                          field="host_present")
    if open_night is not None:
        from ledger.house import house_id_in_use
        from ledger.services.nights import _refuse_a_second_open_night
        _refuse_a_second_open_night(house_id_in_use())   # in the services' words
    night = MemoryNight(people=people, banker=banker, host_present=host_present, date=date,
                        seats=[p.name for p in [banker, *sitting]], book=book,
                        settings=settings)
    for index, event in enumerate(events):
        try:
            apply(night, event)
        except LedgerError as error:
            raise LedgerError(f"events[{index}] ({event.get('type')}): {error.message}",
                              field=error.field) from None
    return PlannedNight(view=view, digest=digest, people=people, create=create,
                        opening=opening, date=date, banker=banker.name,
                        host_present=host_present, seating=seating, seats=night.seats(),
                        entries=night.entries, closed=night.closed,
                        settlement=night.settlement, settings=settings)

