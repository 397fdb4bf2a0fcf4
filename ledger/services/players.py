"""Players: regulars and guests, each with a unique bank-note identifier (B4, B9)."""

from __future__ import annotations

from ledger.house import house_game, house_id_in_use
from ledger.models import Night, Player, new_balance_token
from ledger.names import same_person
from ledger.posting.night import Person
from ledger.posting.roster import GUEST_NEEDS_INVITER as GUEST_NEEDS_INVITER  # the forms'
from ledger.posting.roster import (
    clean_name,
    clean_note_id,
    new_player,
    note_id_free,
    twin_refused,
)
from ledger.types import Banker

from .errors import LedgerError
from .idempotency import idempotent
from .versions import bump_house


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


def _roster() -> dict[str, Person]:
    """The house's players as the roster rules read them (posting/roster.py), by name."""
    rows = Player.objects.values_list("name", "note_id", "regular", "is_host",
                                      "invited_by__name", "pk")
    return {name: Person(name=name, note_id=note_id, regular=regular, is_host=is_host,
                         invited_by=inviter, pk=pk)
            for name, note_id, regular, is_host, inviter, pk in rows}


@idempotent("player_create")
def player_create(*, name: str, note_id: str, regular: bool = True,
                  invited_by: Player | None = None, is_host: bool = False,
                  key: str, user: Banker = None) -> Player:
    """Add a player. Guests need a regular who invited them (B9); the house's host note id
    (BOG in the seed house) is the host's (B4)."""
    person = new_player(name=name, note_id=note_id, regular=regular, is_host=is_host,
                        invited_by=invited_by.name if invited_by is not None else None,
                        people=_roster(), host_note=house_game().host_note_id)
    bump_house()
    return Player.objects.create(
        house_id=house_id_in_use(), name=person.name, note_id=person.note_id, regular=regular,
        invited_by=invited_by, is_host=is_host
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
    name = clean_name(name)
    note_id = clean_note_id(note_id)
    same = _twin(name, besides=row.pk)
    if same is not None:
        raise twin_refused(name, same.name, renaming=True)
    host_note = house_game().host_note_id
    note_id_free(note_id, _roster(), host_note=host_note, is_host=row.is_host,
                 besides=row.name)
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
        if Night.objects.filter(status=Night.OPEN, seats__player=row).exists():
            raise LedgerError(f"{row.name} sits at tonight's table; retire them after the "
                              "night is closed.", field="player")
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
