"""The people a night file names, as the import knows them: rows here already, or ones it
will create (ledger/posting/night.py: `Person`)."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.posting.errors import LedgerError
from ledger.posting.night import Person


def person_named(people: Mapping[str, Person], value: object, field: str = "player") -> Person:
    """The person a name in the file stands for (the schema made it a string); a blank or
    unknown name is refused."""
    if not isinstance(value, str) or not value.strip():
        raise LedgerError("Choose a player.", field=field)
    found = people.get(value.strip())
    if found is None:
        raise LedgerError(f"There is no player {value!r}.", field=field)
    return found
