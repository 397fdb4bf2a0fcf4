"""`manage.py import_pokernow ledger.csv --house SLUG`: a PokerNow ledger as one closed night of
the house (ledger/night_file/pokernow.py), imported as every night file is, by the one path the
house's upload page takes too (ledger/night_file/online.py); prints its id."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import fail, house_named
from ledger.night_file.online import import_pokernow, ledger_text
from ledger.night_file.pokernow import DEFAULT_CHIP_VALUE
from ledger.night_file.schema import MAX_FILE_BYTES
from ledger.services import LedgerError


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise fail(f"FILE: cannot read {path}: {error.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise fail(f"FILE: {path} is larger than a night's ledger can be "
                   f"({MAX_FILE_BYTES:,} bytes)")
    return raw


class Command(BaseCommand):
    help = ("Import a PokerNow ledger CSV as one closed night of a house, paid to the cent; "
            "prints its id.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE")
        parser.add_argument("--house", metavar="SLUG", required=True,
                            help="the house whose night it was")
        parser.add_argument("--alias", metavar="NICKNAME=PLAYER", action="append",
                            default=[], help="a nickname of the file that is this player "
                                             "(again for each nickname)")
        parser.add_argument("--date", metavar="DATE",
                            help="the night's date (default: the earliest session_start_at "
                                 "in the house's time zone)")
        parser.add_argument("--chip-value", metavar="MONEY", default=DEFAULT_CHIP_VALUE,
                            help="what one chip of the file is worth (default "
                                 f"{DEFAULT_CHIP_VALUE}; 1 when the file's amounts are money)")
        parser.add_argument("--guests-invited-by", metavar="NAME",
                            help="add unknown nicknames as guests of this regular")

    def handle(self, *args: Any, **options: Any) -> None:
        raw = _read(options["file"])
        house = house_named(options["house"])
        try:
            session = import_pokernow(
                ledger_text(raw, options["file"]), house=house, aliases=options["alias"],
                date=options["date"], chip_value=options["chip_value"],
                guests_invited_by=options["guests_invited_by"])
        except LedgerError as error:
            raise fail(str(error)) from None
        self.stdout.write(str(session.pk))
