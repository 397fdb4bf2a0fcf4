"""`manage.py import_session night.json`: replay a banker-session/1 file; prints the new id."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ledger.exchange import import_session
from ledger.services import LedgerError
from rules.cli import read_json_file
from rules.errors import RulesError

from ._common import fail


class Command(BaseCommand):
    help = "Import a banker-session/1 file (or - for stdin) as a new session; prints its id."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = read_json_file(options["file"])
        except RulesError as error:
            raise fail(str(error)) from None
        try:
            session = import_session(data)
        except LedgerError as error:
            raise fail(str(error)) from None
        self.stdout.write(str(session.pk))
