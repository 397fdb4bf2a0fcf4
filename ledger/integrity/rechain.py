"""Re-chaining the journal: onto the key (migration 0010) and onto a new key (`manage.py rekey`).

Works on the model classes it is given (a migration's historical ones or the real ones) and
writes with plain SQL, the append-only triggers dropped for the while and put back after.
Every entry whose link is right under the old formula or key gets its link under the new key;
one that is not keeps its stored value, so the audit goes on naming it (chain.rechain).
Names are re-sealed the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ledger.integrity import chain
from ledger.integrity.triggers import drop_append_only_triggers, install_append_only_triggers


def journal_rows(entries: Any, postings: Any, notes: Any, sessions: Any) -> list[dict[str, Any]]:
    """Every entry in sequence order, with its postings, its bank note and its sealed facts."""
    legs: dict[int, list[dict[str, Any]]] = {}
    for row in postings.objects.order_by("id").values("entry_id", "kind", "session_id",
                                                      "player_id", "note_id", "amount"):
        legs.setdefault(row["entry_id"], []).append(row)
    created = {row["entry_id"]: row for row in notes.objects.values(
        "id", "entry_id", "debtor_id", "holder_id", "amount")}
    settlements = dict(sessions.objects.values_list("id", "settlement"))
    rows = []
    # Each house has its own chain (migration 0017); the journal of before it was one.
    house = ("house_id",) if any(f.name == "house" for f in entries._meta.fields) else ()
    for row in entries.objects.order_by("sequence", "id").values("id", *house, "sequence",
                                                                 "chain", *chain.CHAIN_FIELDS):
        note = created.get(row["id"])
        row["postings"] = legs.get(row["id"], [])
        row["note"] = note
        row["note_pk"] = note["id"] if note else None
        row["facts"] = ({"settlement": settlements.get(row["session_id"])}
                        if row["kind"] == chain.CLOSE else None)
        rows.append(row)
    return [row for row in rows if row["sequence"] is not None]


def content(row: Mapping[str, Any]) -> str:
    """An entry's content as the keyed chain seals it."""
    return chain.entry_content(sequence=row["sequence"], entry=row, postings=row["postings"],
                               note=row["note"], note_pk=row["note_pk"], facts=row["facts"])


def legacy_verify(previous: str, row: Mapping[str, Any]) -> bool:
    """Is the row's link right under the unkeyed chain of migrations 0004 to 0009?"""
    try:
        text = chain.legacy_entry_content(sequence=row["sequence"], entry=row,
                                          postings=row["postings"], note=row["note"],
                                          note_pk=row["note_pk"])
    except (TypeError, ValueError):
        return False
    return bool(chain.legacy_link(previous, text) == row["chain"])


def keyed_verify(key: bytes) -> Callable[[str, Mapping[str, Any]], bool]:
    def verify(previous: str, row: Mapping[str, Any]) -> bool:
        sealed: str = row["chain"]
        return chain.link(previous, content(row), key) == sealed
    return verify


def plan(*, entries: Any, postings: Any, notes: Any, sessions: Any, players: Any,
         verify: Callable[[str, Mapping[str, Any]], bool],
         verify_name: Callable[[int, str, str], bool], key: bytes) -> dict[str, Any]:
    """What re-chaining under `key` would write: new chain values (entry id, value), new name
    seals (player id, value), and the entries and players kept as they were because they do
    not verify under the old formula or key."""
    rows = journal_rows(entries, postings, notes, sessions)
    journals: dict[object, list[dict[str, Any]]] = {}
    for row in rows:
        journals.setdefault(row.get("house_id"), []).append(row)
    links: dict[int, str] = {}
    for journal in journals.values():
        links.update(chain.rechain(
            journal, verify=verify,
            relink=lambda previous, row: chain.link(previous, content(row), key)))
    kept = [row["id"] for row in rows if links[row["id"]] == row["chain"]]
    names, kept_names = [], []
    for pk, name, seal in players.objects.order_by("id").values_list("id", "name", "name_seal"):
        if verify_name(pk, name, seal):
            names.append((pk, chain.name_seal(pk, name, key)))
        else:
            kept_names.append(pk)
    stored = {row["id"]: row["chain"] for row in rows}
    return {"links": [(pk, value) for pk, value in links.items() if value != stored[pk]],
            "names": names, "kept": kept, "kept_names": kept_names}


def write(connection: Any, planned: Mapping[str, Any]) -> None:
    """Write a plan, the append-only triggers dropped for the while."""
    drop_append_only_triggers(connection.alias)
    with connection.cursor() as cursor:
        if planned["links"]:
            cursor.executemany("UPDATE ledger_entry SET chain = %s WHERE id = %s",
                               [(value, pk) for pk, value in planned["links"]])
        if planned["names"]:
            cursor.executemany("UPDATE ledger_player SET name_seal = %s WHERE id = %s",
                               [(value, pk) for pk, value in planned["names"]])
    install_append_only_triggers(connection.alias)
