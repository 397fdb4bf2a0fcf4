"""Players: regulars and guests, each with a unique bank-note identifier (B4, B9)."""

from __future__ import annotations

import re

from ledger.house import house_game, house_id_in_use
from ledger.models import Player, PokerSession, new_balance_token
from ledger.names import NameRefused, looks_alike, read_name, same_person
from ledger.types import Banker

from .errors import LedgerError
from .idempotency import idempotent
from .versions import bump_house

_NOTE_ID = re.compile(r"^[A-Z][A-Z0-9]{0,7}$")


def _clean_note_id(note_id: object) -> str:
    text = str(note_id or "").strip().upper()
    if not _NOTE_ID.match(text):
        raise LedgerError(
            f"{note_id!r} is not a bank-note identifier; use 1 to 8 letters or digits "
            "starting with a letter, such as BOF.",
            field="note_id",
        )
    return text


def _clean_name(name: object) -> str:
    """The name as stored (ledger/names.py: NFC, spaces collapsed), or a LedgerError saying why
    not: the forms, these services and the night file's import all read names through here."""
    try:
        return read_name(name)
    except NameRefused as refused:
        raise LedgerError(str(refused), field="name") from None


def _twin(name: str, *, besides: int | None = None) -> Player | None:
    """The player who is already `name`: differing only in capitals, spacing, unseen characters
    or lookalike letters of another script (ledger/names.py `identity`) is the same person.
    The roster is a home game's: read whole."""
    rows = Player.objects.only("pk", "name")
    if besides is not None:
        rows = rows.exclude(pk=besides)
    by_name = {row.name: row for row in rows}
    same = same_person(name, by_name)
    return None if same is None else by_name[same]


def twin_refused(name: str, same: str, *, renaming: bool = False) -> LedgerError:
    """The one sentence that refuses `name` because `same` is already a player: the same name,
    the same but for capitals, or one that looks the same (ledger/names.py `identity`)."""
    if looks_alike(name, same):
        sentence = (f"{name} looks the same as {same}, already "
                    f"{'another' if renaming else 'a'} player: add an initial or a nickname "
                    f"to tell {name} apart.")
    elif renaming:
        sentence = (f"{same} is another player; names that differ only in capitals count "
                    "as the same, so add an initial or a nickname.")
    elif same == name:
        sentence = f"There is already a player called {name}."
    else:
        sentence = (f"There is already a player called {same}, and names that differ only "
                    f"in capitals count as the same; add an initial or a nickname to tell "
                    f"{name} apart.")
    return LedgerError(sentence, field="name")


@idempotent("player_create")
def player_create(*, name: str, note_id: str, regular: bool = True,
                  invited_by: Player | None = None, is_host: bool = False,
                  key: str, user: Banker = None) -> Player:
    """Add a player. Guests need a regular who invited them (B9); the house's host note id
    (BOG in the seed house) is the host's (B4)."""
    name = _clean_name(name)
    note_id = _clean_note_id(note_id)
    same = _twin(name)
    if same is not None:
        # Capitals alone: the database refuses it too (player_name_unique_ignoring_case).
        raise twin_refused(name, same.name)
    taken = Player.objects.filter(note_id=note_id).first()
    if taken is not None:
        raise LedgerError(
            f"{note_id} is already {taken.name}'s bank-note identifier; "
            "each person needs their own (B4).",
            field="note_id",
        )
    host_note = house_game().host_note_id
    if note_id == host_note and not is_host:
        raise LedgerError(f"{host_note} is reserved for the host (B4).", field="note_id")
    if is_host and Player.objects.filter(is_host=True).exists():
        raise LedgerError("The game already has a host.", field="is_host")
    inviter = None
    if not regular:
        if invited_by is None:
            raise LedgerError(
                "A guest needs the regular who invited them; they answer for "
                "the guest's debt (B9).",
                field="invited_by",
            )
        inviter = invited_by
        if not inviter.regular:
            raise LedgerError(f"{inviter.name} is a guest too; only a regular "
                              "can invite (B9).", field="invited_by")
    elif invited_by is not None:
        inviter = invited_by
    if is_host and not regular:
        raise LedgerError("The host is a regular.", field="is_host")
    bump_house()
    return Player.objects.create(
        house_id=house_id_in_use(), name=name, note_id=note_id, regular=regular,
        invited_by=inviter, is_host=is_host
    )


def _player_row(player: Player) -> Player:
    """The player, re-read under a row lock so two edits of one player queue up."""
    return Player.objects.select_for_update(no_key=True).get(pk=player.pk)


@idempotent("player_update")
def player_update(*, player: Player, name: str, note_id: str, key: str,
                  user: Banker = None) -> Player:
    """Change a player's name or bank-note identifier (B4).

    Entries point at the player's row, not at the name, so every past night, THE BOOK and the
    history show the new name at once; nothing in the journal is rewritten.
    """
    row = _player_row(player)
    name = _clean_name(name)
    note_id = _clean_note_id(note_id)
    same = _twin(name, besides=row.pk)
    if same is not None:
        raise twin_refused(name, same.name, renaming=True)
    taken = Player.objects.filter(note_id=note_id).exclude(pk=row.pk).first()
    if taken is not None:
        raise LedgerError(
            f"{note_id} is already {taken.name}'s bank-note identifier; "
            "each person needs their own (B4).",
            field="note_id",
        )
    host_note = house_game().host_note_id
    if note_id == host_note and not row.is_host:
        raise LedgerError(f"{host_note} is reserved for the host (B4).", field="note_id")
    if row.is_host and note_id != host_note:
        raise LedgerError(f"The host's bank-note identifier is always {host_note} (B4).",
                          field="note_id")
    row.name, row.note_id = name, note_id
    row.save(update_fields=["name", "note_id"])
    bump_house()   # every night's pages show names
    return row


@idempotent("player_retire")
def player_retire(*, player: Player, retired: bool = True, key: str,
                  user: Banker = None) -> Player:
    """Retire a player (or bring them back): a retired player is not offered for new nights,
    but keeps their THE BOOK balance, their nights and their phone page."""
    row = _player_row(player)
    if retired and not row.retired:
        if PokerSession.objects.filter(status=PokerSession.OPEN, seats__player=row).exists():
            raise LedgerError(f"{row.name} sits at tonight's table; retire them after the "
                              "session is closed.", field="player")
    row.retired = bool(retired)
    row.save(update_fields=["retired"])
    bump_house()
    return row


@idempotent("player_link_renew")
def player_link_renew(*, player: Player, key: str, user: Banker = None) -> Player:
    """Give the player a new private link for their phone page; the old one stops working
    (a lost phone, a link sent to the wrong person). A repeated tap replays the same link."""
    row = _player_row(player)
    row.balance_token = new_balance_token()
    row.save(update_fields=["balance_token"])
    bump_house()
    return row
