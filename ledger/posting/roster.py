"""Who may join the roster, stated once: a name people can tell apart, a bank-note identifier
of one's own (B4; the house's host note id the host's), a guest brought by a regular who
answers for their debt (B9), one host, a regular. The services check a new player against the
house's roster with it, the night file's import against the roster it is building; both say
the same sentences.

Plain Python (no Django): the roster is given as `Person`s by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ledger.names import NameRefused, looks_alike, read_name, same_person

from .errors import LedgerError
from .night import Person

_NOTE_ID = re.compile(r"^[A-Z][A-Z0-9]{0,7}$")
GUEST_NEEDS_INVITER = ("A guest needs the regular who invited them; they answer for the "
                       "guest's debt (B9).")


def clean_note_id(note_id: object) -> str:
    """A bank-note identifier as stored (capitals), or a LedgerError saying why not."""
    text = str(note_id or "").strip().upper()
    if not _NOTE_ID.match(text):
        raise LedgerError(
            f"{note_id!r} is not a bank-note identifier; use 1 to 8 letters or digits "
            "starting with a letter, such as BOF.",
            field="note_id",
        )
    return text


def clean_name(name: object) -> str:
    """The name as stored (ledger/names.py: NFC, spaces collapsed), or a LedgerError saying why
    not: the forms, the services and the night file's import all read names through here."""
    try:
        return read_name(name)
    except NameRefused as refused:
        raise LedgerError(str(refused), field="name") from None


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


def note_id_free(note_id: str, people: Mapping[str, Person], *, host_note: str,
                 is_host: bool, besides: str | None = None) -> None:
    """`note_id` is nobody else's (B4), and the host note id is the host's alone."""
    taken = next((p for p in people.values() if p.note_id == note_id and p.name != besides),
                 None)
    if taken is not None:
        raise LedgerError(f"{note_id} is already {taken.name}'s bank-note identifier; "
                          "each person needs their own (B4).", field="note_id")
    if note_id == host_note and not is_host:
        raise LedgerError(f"{host_note} is reserved for the host (B4).", field="note_id")


def new_player(*, name: object, note_id: object, regular: bool, is_host: bool,
               invited_by: str | None, people: Mapping[str, Person],
               host_note: str) -> Person:
    """The player `people` (the roster, by name) may take in, cleaned; else the LedgerError
    of the first rule broken."""
    clean, note = clean_name(name), clean_note_id(note_id)
    same = same_person(clean, people)
    if same is not None:
        raise twin_refused(clean, same)
    note_id_free(note, people, host_note=host_note, is_host=is_host)
    if is_host and any(p.is_host for p in people.values()):
        raise LedgerError("The game already has a host.", field="is_host")
    if not regular and invited_by is None:
        raise LedgerError(GUEST_NEEDS_INVITER, field="invited_by")
    if invited_by is not None:
        inviter = people.get(invited_by)
        if inviter is None:
            raise LedgerError(f"There is no player {invited_by!r}.", field="invited_by")
        if not regular and not inviter.regular:
            raise LedgerError(f"{inviter.name} is a guest too; only a regular can invite "
                              "(B9).", field="invited_by")
    if is_host and not regular:
        raise LedgerError("The host is a regular.", field="is_host")
    return Person(name=clean, note_id=note, regular=regular, is_host=is_host,
                  invited_by=invited_by)
