"""`manage.py import_session night.json`: replay a banker-session/1 file; prints the new id."""

import json
import sys

from django.core.management.base import BaseCommand

from ledger.exchange import import_session
from ledger.services import LedgerError

from ._common import fail


class Command(BaseCommand):
    help = "Import a banker-session/1 file (or - for stdin) as a new session; prints its id."

    def add_arguments(self, parser):
        parser.add_argument("file", metavar="FILE")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as handle:
                    text = handle.read()
        except OSError as error:
            raise fail(f"FILE: cannot read {path}: {error.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise fail(f"FILE: {path} is not JSON (line {error.lineno}: {error.msg})") from None
        try:
            session = import_session(data)
        except LedgerError as error:
            raise fail(error.message) from None
        self.stdout.write(str(session.pk))
