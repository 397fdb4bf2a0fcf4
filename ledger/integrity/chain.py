"""The journal's hash chain: every entry seals its own content and the entry before it.

Entry n carries `sequence` n (1, 2, 3 ... with no gaps) and `chain`, the HMAC-SHA256, under the
journal's key (ledger/integrity/key.py), of the previous entry's `chain` and this entry's content:
its fields, its postings, the bank note it created and, for the entry that closes a night, the
settlement stored on the night. The database refuses UPDATE, DELETE and TRUNCATE of journal
rows (integrity/triggers.py); the chain is how the audit (`ledger.selectors.audit`) notices when
that was got round anyway - a row edited with the triggers dropped, an entry or a posting
removed, a database restored from a doctored file - and, being keyed, an entry appended or
re-chained by someone who can write to the database and read this source but has not the key.

Plain values only, no model imports, so the migrations that seal and re-chain the entries
written before (0004, 0010) compute exactly what `Journal.write` and the audit compute.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ledger.integrity.key import ledger_key

# The Entry columns an entry's link seals (attribute names: ids for foreign keys).
CHAIN_FIELDS = ("session_id", "kind", "player_id", "counterparty_id", "amount", "method",
                "payload", "memo", "reverses_id", "key", "created_by_id", "created_at")
CLOSE = "close"     # EntryKind.CLOSE: its link also seals the night's settlement

GENESIS = "0" * 64  # the `chain` before the first entry
NEW_NOTE = "new"    # a posting on the bank note its own entry creates (the id comes later)


def _moment(value: datetime.datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is not None:
        value = value.astimezone(datetime.UTC)
    return value.isoformat()


def _leg(p: Mapping[str, Any], note_pk: int | None) -> list[Any]:
    note = p["note_id"]
    if note is not None and note in (note_pk, -1):
        note = NEW_NOTE
    return [p["kind"], p["session_id"], p["player_id"], note, p["amount"]]


def _document(sequence: int, entry: Mapping[str, Any], note: Mapping[str, Any] | None,
              legs: list[list[Any]]) -> dict[str, Any]:
    return {
        "sequence": sequence,
        "session": entry["session_id"], "kind": entry["kind"], "player": entry["player_id"],
        "counterparty": entry["counterparty_id"], "amount": entry["amount"],
        "method": entry["method"], "payload": entry["payload"], "memo": entry["memo"],
        "reverses": entry["reverses_id"], "key": entry["key"],
        "created_by": entry["created_by_id"], "created_at": _moment(entry["created_at"]),
        "note": None if note is None else [note["debtor_id"], note["holder_id"], note["amount"]],
        "postings": legs,
    }


def _text(document: Mapping[str, Any] | list[Any]) -> str:
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                      default=str)


def entry_content(*, sequence: int, entry: Mapping[str, Any],
                  postings: Iterable[Mapping[str, Any]], note: Mapping[str, Any] | None,
                  note_pk: int | None = None, facts: Mapping[str, Any] | None = None) -> str:
    """The canonical text of one entry: what its link seals.

    `entry` holds the Entry's columns (ids for foreign keys); `postings` each a posting's
    kind, session_id, player_id, note_id and amount; `note` the debtor_id, holder_id and
    amount of the bank note the entry created, if any, whose id is `note_pk` (postings on it
    are written as "new", since the note's id is not known when the link is computed).
    `facts`: what the entry seals beyond its own rows (a close: the night's settlement).
    Legs are ordered by their own text, so any values at all (a stray None, a tampered
    string) order without error.
    """
    legs = sorted((_leg(p, note_pk) for p in postings), key=_text)
    document = _document(sequence, entry, note, legs)
    if facts is not None:
        document["facts"] = dict(facts)
    return _text(document)


def link(previous: str, content: str, key: bytes | None = None) -> str:
    """The chain value of an entry: HMAC-SHA256 under the journal's key of the previous
    entry's chain value and the entry's content."""
    if key is None:
        key = ledger_key()
    return hmac.new(key, f"{previous}\n{content}".encode("ascii"), hashlib.sha256).hexdigest()


def name_seal(player_id: int, name: str, key: bytes | None = None) -> str:
    """A player's name sealed under the key with their id: the journal points at ids, so a
    name edited (or two swapped) behind the site's back would move money between people."""
    return link(f"player {player_id}", json.dumps(name, ensure_ascii=True), key)


# ---- the rows outside the journal that route money (ledger/models/sealed.py) ----------------

ROW = "row"   # the seal of the whole row, beside one seal per field


def plain(value: Any) -> Any:
    """A column's value as its seal reads it, the same from a model's attribute and from the
    raw row (dates and moments as ISO text, in UTC; JSON text parsed; SQLite's 0/1 as bools
    is left to the caller, which knows the column's type)."""
    if isinstance(value, datetime.datetime):
        return _moment(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    return value


def _row_text(table: str, pk: int | None, what: str, value: Any) -> str:
    return f"{table} {pk if pk is not None else '-'} {what}\n" + _text([value])


def row_seals(table: str, pk: int | None, values: Mapping[str, Any],
              key: bytes | None = None) -> dict[str, str]:
    """The seals of one row: one per field (so the audit can name the field edited) and one
    of the whole row (so fields moved between rows, each with its own seal, are seen too).

    `pk` is None for rows whose meaning is their content alone (a seat, a bank tenure): they
    are sealed as they are inserted, in bulk too, before the database gives them an id."""
    if key is None:
        key = ledger_key()
    plain_values = {field: plain(value) for field, value in values.items()}
    seals = {field: link("seal", _row_text(table, pk, field, value), key)[:16]
             for field, value in plain_values.items()}
    seals[ROW] = link("seal", _row_text(table, pk, ROW, plain_values), key)
    return seals


# ---- the chain of before the key (migration 0010, seals printed before it) ---------------


def legacy_entry_content(*, sequence: int, entry: Mapping[str, Any],
                         postings: Iterable[Mapping[str, Any]], note: Mapping[str, Any] | None,
                         note_pk: int | None = None) -> str:
    """The content as the unkeyed chain of migrations 0004 to 0009 wrote it (may raise
    TypeError on a stray leg, as it always did: the caller takes that for a broken link)."""
    legs = sorted(_leg(p, note_pk) for p in postings)
    return _text(_document(sequence, entry, note, legs))


def legacy_link(previous: str, content: str) -> str:
    """SHA-256 of the previous chain value and the content: the chain before the key."""
    return hashlib.sha256(f"{previous}\n{content}".encode("ascii")).hexdigest()


def rechain(rows: Sequence[Mapping[str, Any]], *, verify: Callable[[str, Mapping[str, Any]], bool],
            relink: Callable[[str, Mapping[str, Any]], str]) -> dict[int, str]:
    """New chain values for a journal moving to a new formula or key (by entry id).

    `rows` in sequence order, each with id, sequence and chain; `verify(previous, row)` says
    whether the row's stored chain value is right under the old formula, `relink(previous,
    row)` computes it under the new one. A row that verifies gets its new value; a row that
    does not keeps its stored value, so the audit goes on naming it: moving to the key never
    makes a damaged journal look whole. Rows without a sequence, and the row after a gap, are
    handled as the audit handles them.
    """
    new: dict[int, str] = {}
    old_previous = new_previous = GENESIS
    expected = 1
    for row in rows:
        if row["sequence"] is None:
            continue
        after_gap = row["sequence"] != expected
        if after_gap or verify(old_previous, row):
            value = relink(new_previous, row)
        else:
            value = row["chain"]
        new[row["id"]] = value
        old_previous, new_previous, expected = row["chain"], value, row["sequence"] + 1
    return new
