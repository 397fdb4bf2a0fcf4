"""`manage.py import_session night.json`: replay a banker-session/1 file; prints the new id."""

import sys
from contextlib import nullcontext
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from ledger.command_line import fail, house_named, makes_first_house
from ledger.night_file import import_session, read_document
from ledger.night_file.schema import MAX_FILE_BYTES
from ledger.scoping import in_house
from ledger.services import LedgerError


def _read(path: str) -> bytes:
    """At most one byte more than an import reads, so a huge file is refused unread."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    with open(path, "rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


class Command(BaseCommand):
    help = "Import a banker-session/1 file (or - for stdin) as a new session; prints its id."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--house", metavar="SLUG",
                            help="the house to import into (needed when there are several)")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            raw = _read(path)
        except OSError as error:
            raise fail(f"FILE: cannot read {path}: {error.strerror}") from None
        try:
            # The house of a site's first import is made in the import's transaction: a refused
            # file writes nothing at all, the house included. (A site with its house plans the
            # night before it takes the lock: services.night_import.)
            first = makes_first_house(options["house"])
            with transaction.atomic() if first else nullcontext():
                house = house_named(options["house"])
                with in_house(house.pk):
                    session = import_session(read_document(raw, source=path))
        except LedgerError as error:
            raise fail(str(error)) from None
        self.stdout.write(str(session.pk))
