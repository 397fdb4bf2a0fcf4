"""Re-chaining the journal: onto the key (migration 0010) and onto a new key (`manage.py rekey`).

Works on the model classes it is given (a migration's historical ones or the real ones) and
writes with plain SQL, the append-only triggers dropped for the while and put back after.
Every entry whose link is right under the old formula or key gets its link under the new key;
one that is not keeps its stored value, so the audit goes on naming it (ledger.chain.rechain).
Names are re-sealed the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ledger import chain


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
    for row in entries.objects.order_by("sequence", "id").values("id", "sequence", "chain",
                                                                 *chain.CHAIN_FIELDS):
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
        return chain.link(previous, content(row), key) == row["chain"]
    return verify


def rechain_journal(connection: Any, *, entries: Any, postings: Any, notes: Any, sessions: Any,
                    players: Any, verify: Callable[[str, Mapping[str, Any]], bool],
                    verify_name: Callable[[int, str, str], bool], key: bytes) -> dict[str, int]:
    """Re-chain every entry and re-seal every name under `key`; how many of each changed, and
    how many were kept as they were because they did not verify."""
    from ledger.signals import drop_append_only_triggers, install_append_only_triggers

    rows = journal_rows(entries, postings, notes, sessions)
    links = chain.rechain(rows, verify=verify,
                          relink=lambda previous, row: chain.link(previous, content(row), key))
    stored = {row["id"]: row["chain"] for row in rows}
    kept = sum(1 for row in rows if links[row["id"]] == row["chain"])
    names = []
    kept_names = 0
    for pk, name, seal in players.objects.values_list("id", "name", "name_seal"):
        if verify_name(pk, name, seal):
            names.append((chain.name_seal(pk, name, key), pk))
        else:
            kept_names += 1
    drop_append_only_triggers(connection.alias)
    with connection.cursor() as cursor:
        changes = [(value, pk) for pk, value in links.items() if value != stored[pk]]
        if changes:
            cursor.executemany("UPDATE ledger_entry SET chain = %s WHERE id = %s", changes)
        if names:
            cursor.executemany("UPDATE ledger_player SET name_seal = %s WHERE id = %s", names)
    install_append_only_triggers(connection.alias)
    return {"entries": len(changes), "kept": kept, "names": len(names),
            "kept_names": kept_names}
