"""`manage.py import_pokernow ledger.csv --house SLUG`: a PokerNow ledger as one closed night of
the house (ledger/night_file/pokernow.py), imported as every night file is; prints its id."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import fail, house_named
from ledger.models import Player, PokerSession
from ledger.night_file import events_digest, import_session
from ledger.night_file.pokernow import DEFAULT_CHIP_VALUE, Known, night_document
from ledger.night_file.schema import MAX_FILE_BYTES
from ledger.scoping import in_house
from ledger.selectors.book import book_now
from ledger.services import LedgerError


def _read(path: str) -> str:
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise fail(f"FILE: cannot read {path}: {error.strerror}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise fail(f"FILE: {path} is larger than a night's ledger can be "
                   f"({MAX_FILE_BYTES:,} bytes)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise fail(f"FILE: {path} is not UTF-8 text (byte {error.start}); save it as "
                   "UTF-8") from None


def _refuse_a_ledger_already_here(document: dict[str, Any]) -> None:
    """The same ledger imported before, whatever date it was given: its events (who bought
    and cashed out what) are a night's fingerprint. (The import itself refuses the same date,
    banker and events under its lock, so two imports at once still make one night.)"""
    digest = events_digest(document["events"])
    found = (PokerSession.objects.filter(import_digest=digest).select_related("banker")
             .order_by("id").first())
    if found is not None:
        raise LedgerError(f"This ledger is already here as session {found.pk}, the night of "
                          f"{found.date.isoformat()} banked by {found.banker.name}; nothing "
                          "written.", code="already_here")


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
        text = _read(options["file"])
        house = house_named(options["house"])
        try:
            with in_house(house.pk):
                players = list(Player.objects.select_related("invited_by").order_by("pk"))
                known = [Known(p.name, p.note_id, p.regular, p.is_host,
                               p.invited_by.name if p.invited_by else None) for p in players]
                names = {p.pk: p.name for p in players}
                book = {names[pk]: cents for pk, cents in book_now().items() if cents}
                document = night_document(
                    text, settings=house.game_settings, known=known, book=book,
                    aliases=options["alias"], date=options["date"],
                    chip_value=options["chip_value"],
                    guests_invited_by=options["guests_invited_by"])
                _refuse_a_ledger_already_here(document)
                session = import_session(document)
        except LedgerError as error:
            raise fail(str(error)) from None
        self.stdout.write(str(session.pk))
