"""`manage.py backup FILE`: a copy of the whole database, taken while the site keeps running
(ledger/database_copy.py: how the copy is made, and how it is restored)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import fail
from ledger.database_copy import write_backup
from ledger.scoping import every_house


class Command(BaseCommand):
    help = "Back up the database to FILE while the site runs (SQLite backup API or pg_dump)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE")

    @every_house()   # the whole database, on purpose
    def handle(self, *args: Any, **options: Any) -> None:
        target = Path(options["file"]).expanduser().resolve()
        if not target.parent.is_dir():
            raise fail(f"FILE: the folder {target.parent} does not exist")
        write_backup(target)
        self.stdout.write(f"Backed up to {target}")
