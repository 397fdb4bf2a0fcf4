"""`manage.py export_session ID > night.json`: the night as banker-session/1 JSON."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import night_by_id
from ledger.night_file import export_session
from ledger.scoping import in_house


class Command(BaseCommand):
    help = "Print a session as banker-session/1 JSON (the backup of one night)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("session_id", metavar="ID")

    def handle(self, *args: Any, **options: Any) -> None:
        session = night_by_id(options["session_id"])
        with in_house(session.house_id):
            exported = export_session(session)
        self.stdout.write(json.dumps(exported, indent=1, ensure_ascii=False))
