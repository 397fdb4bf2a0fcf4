"""What a night file's import keeps in memory before it writes: the people and the entries.

A `Person` is a player as the import knows them (a row here, or one it will create); a
`Pending` is one entry it will write, with its legs by name and note position instead of rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ledger.services import LedgerError

# A leg: (account kind, the person's name or None, the note's entry position or None), and its
# stored amount (models.Account.sign).
LegKey = tuple[str, str | None, int | None]


@dataclass
class Person:
    """A player as the import knows them: a row here already (`pk`) or one it will create."""

    name: str
    note_id: str
    regular: bool = True
    is_host: bool = False
    invited_by: str | None = None
    pk: int | None = None
    row: Mapping[str, Any] | None = None   # the file's row, for one to create


@dataclass
class Pending:
    """One entry the import will write."""

    kind: str
    payload: dict[str, Any]
    memo: str
    player: str | None = None
    counterparty: str | None = None
    amount: int = 0
    method: str = ""
    legs: dict[LegKey, int] = field(default_factory=dict)
    note: tuple[str, str | None, int] | None = None   # debtor, holder, amount of a new note
    reverses: int | None = None                       # position of the corrected entry
    ids: list[str] | None = None                      # names the payload keeps the ids of
    reversed: bool = False



def person_named(people: Mapping[str, Person], value: object, field: str = "player") -> Person:
    """The person a name in the file stands for (the schema made it a string); a blank or
    unknown name is refused."""
    if not isinstance(value, str) or not value.strip():
        raise LedgerError("Choose a player.", field=field)
    found = people.get(value.strip())
    if found is None:
        raise LedgerError(f"There is no player {value!r}.", field=field)
    return found
