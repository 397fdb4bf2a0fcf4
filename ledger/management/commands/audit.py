"""`manage.py audit [--seal SEAL ...]`: is the ledger whole (R5, R7)?

Every entry balances, all postings sum to zero, THE BOOK sums to zero, each surrogate book
balances, and the journal's hash chain - keyed: ledger/integrity/key.py - is whole: no entry
missing between the first and the newest, none edited, none added without the key. Names,
nights' states and settlements are what the journal sealed, and the database's guards are in
place (integrity/audit.py). The chain alone cannot show that the newest entries were lost; the
witness kept outside the database (integrity/witness.py) can, back to its last refresh, and so
can a seal printed on an earlier settle-up (`--seal 1234-3f9a12c4e5b6d7a8`): the entry either
names must still be there unchanged. Exit 0 when all is well, 1 when something is wrong (one line
each, never a traceback), 2 on bad input.

The audit never writes: without a key (DJANGO_LEDGER_KEY unset and no key file) it says that
nothing can be checked, and makes no key; with a key other than the one the journal recorded
(ledger/models/keys.py) it says so in one line instead of calling every entry changed.
"""

import re
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError, connection

from ledger.command_line import fail
from ledger.integrity import witness
from ledger.integrity.audit import NOT_SEALED
from ledger.integrity.key import existing_key, key_file, key_id, key_problem
from ledger.models import House
from ledger.models.keys import recorded_fingerprint
from ledger.scoping import every_house, in_house
from ledger.selectors import audit, journal_seal, seal_check
from rules.money import format_cents

SEAL = re.compile(r"^[1-9][0-9]{0,17}-[0-9a-fA-F]{4,64}$")


def _seal(value: str) -> str:
    if not SEAL.match(value):
        raise fail(f"--seal: expected a seal as printed on a settle-up, such as "
                   f"1234-3f9a12c4e5b6d7a8, got {value!r}")
    return value


def _house(slug: str | None) -> House | None:
    """The house `--house` names (None: every house)."""
    if slug is None:
        return None
    try:
        found = House.objects.filter(slug=slug).first()
    except DatabaseError as error:
        raise fail(f"the database is not ready ({error}); run `manage.py migrate`") from None
    if found is None:
        raise fail(f"--house: there is no house {slug!r}")
    return found


def problems_of(report: dict[str, Any]) -> list[str]:
    chain = report["chain"]
    found = []
    if report["postings_total"]:
        found.append(f"the postings sum to {format_cents(report['postings_total'])}, not 0.00")
    if report["unbalanced_entries"]:
        found.append(f"entries that do not balance: {report['unbalanced_entries']}")
    if report["book_total"]:
        found.append(f"THE BOOK sums to {format_cents(report['book_total'])}, not 0.00")
    if report["unbalanced_surrogate_books"]:
        found.append(f"surrogate books that do not balance (sessions "
                     f"{report['unbalanced_surrogate_books']})")
    for first, last in chain["gaps"]:
        found.append(f"entries {first} to {last} of the journal are missing" if first != last
                     else f"entry {first} of the journal is missing")
    if chain["edited"]:
        found.append(f"entries changed after they were written (ids {chain['edited']})")
    if chain["unsealed"]:
        found.append(f"entries outside the hash chain (ids {chain['unsealed']})")
    found += [f"unreadable: {what}" for what in report.get("unreadable", [])]
    if report.get("stray_postings"):
        found.append(f"postings outside any entry of their night (ids "
                     f"{report['stray_postings']})")
    if report.get("stray_notes"):
        found.append(f"bank notes outside any entry of their night (ids "
                     f"{report['stray_notes']})")
    found += report.get("facts", [])
    found += report.get("guards", [])
    return found


def _newest_seal() -> str:
    try:
        return journal_seal() or "(empty journal)"
    except (ValueError, TypeError, DatabaseError):
        return "(unreadable)"


class Command(BaseCommand):
    help = "Check that the ledger is whole: balances, THE BOOK and the journal's hash chain."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seal", action="append", default=[], type=str, metavar="SEAL",
                            help="a journal seal printed on a settle-up; may be repeated")
        parser.add_argument("--house", metavar="SLUG",
                            help="check this house alone (default: every house)")

    def handle(self, *args: Any, **options: Any) -> None:
        seals = [_seal(value) for value in options["seal"]]
        house = _house(options["house"])
        try:
            with in_house(house.pk) if house is not None else every_house():
                self._audit(seals, house)
        except (SystemExit, CommandError):
            raise
        except Exception as error:   # the audit names a problem, it never shows a traceback
            self.stderr.write(f"problem: the audit could not finish: {type(error).__name__}: "
                              f"{' '.join(str(error).split())[:300]}")
            raise SystemExit(1) from None

    def _stop(self, problem: str) -> None:
        self.stderr.write(f"problem: {problem}")
        raise SystemExit(1)

    def _audit(self, seals: list[str], house: House | None) -> None:
        if connection.vendor == "sqlite":   # connecting would make an empty database file
            name = str(connection.settings_dict["NAME"])
            if name != ":memory:" and not name.startswith("file:") and not Path(name).exists():
                self._stop(f"there is no database at {name}: nothing can be checked")
        key = existing_key()
        missing = key_problem() if key is None else ""
        if missing:
            self._stop(f"no journal key: nothing can be checked: {missing}")
        if key is None:
            self._stop(f"no journal key: nothing can be checked (DJANGO_LEDGER_KEY is unset "
                       f"and there is no key file at {key_file()}; the key that wrote this "
                       "journal must be put back, see the README)")
            return
        recorded = recorded_fingerprint()
        if recorded is not None and recorded != key_id(key):
            self._stop(f"the key {key_id(key)} did not write this journal: it was written "
                       f"under key {recorded}; nothing can be checked without that key")
        report = audit(key=key, house_id=house.pk if house is not None else None)
        found = problems_of(report)
        self.stdout.write(f"{report['entries']} entries, {report['postings']} postings; "
                          f"journal seal now {_newest_seal()}; key {key_id(key)}")
        for seal in seals:
            state = seal_check(seal, house_id=house.pk if house is not None else None,
                               edited=report["chain"]["edited"])
            if state == "found":
                self.stdout.write(f"seal {seal}: found unchanged")
            elif state == "missing":
                found.append(f"seal {seal}: its entry is gone: the journal lost entries")
            else:
                found.append(f"seal {seal}: its entry differs: the journal was rewritten")
        cut_off, vouched = witness.check(   # the newest entries (ledger/integrity/witness.py)
            key, house_id=house.pk if house is not None else None)
        self.stdout.write(vouched)
        self.stdout.write(NOT_SEALED)
        found += cut_off
        if not found:
            self.stdout.write("The ledger is whole: every entry balances, THE BOOK sums to "
                              "0.00 and the hash chain is unbroken.")
            return
        for problem in found:
            self.stderr.write(f"problem: {problem}")
        raise SystemExit(1)
