"""The turns writers take where no row can be locked (PostgreSQL advisory locks, held to the
end of the transaction). SQLite needs none: its IMMEDIATE transaction already holds the
database's write lock. Every lock id is here, so no two writers can pick the same one."""

from __future__ import annotations

from enum import IntEnum

from django.db import connection


class Turn(IntEnum):
    OPEN_NIGHT = 7_000_001    # opening a night of a house (there is no row to lock yet)
    JOURNAL = 7_000_002       # the journal's chain of a house: one line through its entries
    IMPORT = 7_000_003        # imports of night files, one at a time


def take_turn(turn: Turn, house_id: int | None = None) -> None:
    """Wait for `turn` (of the house `house_id`, or of the whole site) until the transaction
    ends; inside `transaction.atomic()`."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        if house_id is None:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [int(turn)])
        else:
            cursor.execute("SELECT pg_advisory_xact_lock(%s::int, %s::int)",
                           [int(turn), house_id])
