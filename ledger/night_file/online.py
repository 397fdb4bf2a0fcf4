"""An online night brought in: a PokerNow ledger CSV (pokernow.py reads it) imported as one
closed night of a house. ONE path for `manage.py import_pokernow` and the house's upload page
(ledger/views/online.py): the same reading, the same refusals, the same import.

A refusal is one LedgerError sentence and nothing is written: a file that is not UTF-8 text,
every refusal of the reader (a missing column, nets not summing to zero, unknown nicknames by
name, a nickname mapped to two players, a bad chip value), and the same ledger imported before
(whatever date it was given). With the page's one-time key, the same key sent again gives the
night it made (a double tap imports once); the key sent with another file is refused.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ledger.models import House, IdempotencyKey, Night, Player
from ledger.posting.errors import LedgerError
from ledger.scoping import in_house
from ledger.selectors.book import book_now
from ledger.services import IdempotencyConflict
from ledger.types import Banker

from .importing import events_digest, import_session
from .pokernow import DEFAULT_CHIP_VALUE, Known, night_document

# What the page takes (the command reads up to the night file's MAX_FILE_BYTES): a PokerNow
# ledger is one row a seat, a few kilobytes.
MAX_UPLOAD_BYTES = 1_000_000


def ledger_text(raw: bytes, name: str = "the file") -> str:
    """The bytes of a ledger CSV as text: UTF-8, with or without its byte-order mark."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LedgerError(f"FILE: {name} is not UTF-8 text (byte {error.start}); save it as "
                          "UTF-8", field="file") from None


def alias_lines(text: str) -> list[str]:
    """The page's aliases, one `nickname=Player` a line (blank lines skipped)."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def _refuse_a_ledger_already_here(document: dict[str, Any]) -> None:
    """The same ledger imported before, whatever date it was given: its events (who bought
    and cashed out what) are a night's fingerprint. (The import itself refuses the same date,
    banker and events under its lock, so two imports at once still make one night.)"""
    digest = events_digest(document["events"])
    found = (Night.objects.filter(import_digest=digest).select_related("banker")
             .order_by("id").first())
    if found is not None:
        raise LedgerError(f"This ledger is already here as session {found.pk}, the night of "
                          f"{found.date.isoformat()} banked by {found.banker.name}; nothing "
                          "written.", code="already_here")


def _night_key(key: str) -> str:
    return f"pokernow-{key}"


def _made_with(key: str | None, document: dict[str, Any]) -> Night | None:
    """The night this one-time key imported already, if it did: the same file again gives it;
    another file with that key is refused."""
    if key is None:
        return None
    record = IdempotencyKey.objects.filter(key=f"{_night_key(key)}-open",
                                           action="night_open").first()
    if record is None:
        return None
    session = Night.objects.filter(pk=record.result_id).first()
    if session is None or session.import_digest != events_digest(document["events"]):
        raise IdempotencyConflict(
            "This form was already used to import another ledger; nothing was written. "
            "Reload the page to import a new one.", code="key_reused")
    return session


def import_pokernow(text: str, *, house: House, aliases: Iterable[str] = (),
                    date: str | None = None, chip_value: str = DEFAULT_CHIP_VALUE,
                    guests_invited_by: str | None = None, key: str | None = None,
                    user: Banker = None) -> Night:
    """The PokerNow ledger `text` as a new closed night of `house`, or a LedgerError and
    nothing written."""
    with in_house(house.pk):
        players = list(Player.objects.select_related("invited_by").order_by("pk"))
        known = [Known(p.name, p.note_id, p.regular, p.is_host,
                       p.invited_by.name if p.invited_by else None) for p in players]
        names = {p.pk: p.name for p in players}
        book = {names[pk]: cents for pk, cents in book_now().items() if cents}
        document = night_document(
            text, settings=house.game_settings, known=known, book=book,
            aliases=list(aliases), date=date or None, chip_value=chip_value,
            guests_invited_by=guests_invited_by or None)
        made = _made_with(key, document)
        if made is not None:
            return made
        try:
            _refuse_a_ledger_already_here(document)
            return import_session(document, user=user,
                                  key=_night_key(key) if key is not None else None)
        except LedgerError as error:
            made = _made_with(key, document) if error.code == "already_here" else None
            if made is None:   # the same key's twin, imported meanwhile: that night
                raise
            return made
