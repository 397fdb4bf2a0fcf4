"""The journal's hash chain: every entry seals its own content and the entry before it.

Entry n carries `sequence` n (1, 2, 3 ... with no gaps) and `chain`, the SHA-256 of the previous
entry's `chain` and this entry's content: its fields, its postings and the bank note it created.
The database refuses UPDATE, DELETE and TRUNCATE of journal rows (ledger/signals.py); the
chain is how the audit (`ledger.selectors.audit`) notices when that was got round anyway - a row
edited with the triggers dropped, an entry or a posting removed, a database restored from a
doctored file.

Plain values only, no model imports, so the migration that seals the entries written before the
chain existed (0004) computes exactly what `Journal.write` and the audit compute.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

GENESIS = "0" * 64  # the `chain` before the first entry
NEW_NOTE = "new"    # a posting on the bank note its own entry creates (the id comes later)


def _moment(value: datetime.datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is not None:
        value = value.astimezone(datetime.UTC)
    return value.isoformat()


def entry_content(*, sequence: int, entry: Mapping[str, Any],
                  postings: Iterable[Mapping[str, Any]], note: Mapping[str, Any] | None,
                  note_pk: int | None = None) -> str:
    """The canonical text of one entry: what its hash seals.

    `entry` holds the Entry's columns (ids for foreign keys); `postings` each a posting's
    kind, session_id, player_id, note_id and amount; `note` the debtor_id, holder_id and
    amount of the bank note the entry created, if any, whose id is `note_pk` (postings on it
    are written as "new", since the note's id is not known when the hash is computed).
    """
    legs = sorted(
        [p["kind"], p["session_id"], p["player_id"],
         NEW_NOTE if p["note_id"] is not None and p["note_id"] in (note_pk, -1)
         else p["note_id"], p["amount"]]
        for p in postings
    )
    document = {
        "sequence": sequence,
        "session": entry["session_id"], "kind": entry["kind"], "player": entry["player_id"],
        "counterparty": entry["counterparty_id"], "amount": entry["amount"],
        "method": entry["method"], "payload": entry["payload"], "memo": entry["memo"],
        "reverses": entry["reverses_id"], "key": entry["key"],
        "created_by": entry["created_by_id"], "created_at": _moment(entry["created_at"]),
        "note": None if note is None else [note["debtor_id"], note["holder_id"], note["amount"]],
        "postings": legs,
    }
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      default=str)


def link(previous: str, content: str) -> str:
    """The chain value of an entry: SHA-256 of the previous chain value and the content."""
    return hashlib.sha256(f"{previous}\n{content}".encode("ascii")).hexdigest()
