"""`manage.py export_session ID > night.json`: the night as banker-session/1 JSON."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import session_by_id
from ledger.night_file import export_session


class Command(BaseCommand):
    help = "Print a session as banker-session/1 JSON (the backup of one night)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session_id", metavar="ID")

    def handle(self, *args: Any, **options: Any) -> None:
        session = session_by_id(options["session_id"])
        self.stdout.write(json.dumps(export_session(session), indent=1, ensure_ascii=False))
