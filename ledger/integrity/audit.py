"""The audit's reads: is the ledger whole (R5, R7)? (`ledger.selectors.audit`, `manage.py audit`)

The audit reads the journal's tables with plain SQL and checks every value's type itself, so
no row at all - a stray posting, a string where an amount belongs, a payload that is not JSON,
a foreign key to nothing - can stop it: what cannot be read is named, and the rest is checked.

What it checks:
- every entry balances, all postings sum to zero, THE BOOK sums to zero, each surrogate book
  balances; every posting and bank note belongs to an entry of its own night;
- the hash chain (integrity/chain.py), an HMAC under the journal's key: no entry missing between
  the first and the newest, none edited, none appended or re-chained without the key;
- the facts outside the chain that give a night its figures: each player's name is the one the
  site sealed with their id (`Player.name_seal`), a night is closed exactly when its journal
  holds the entry that closed it, and the settlement stored on a closed night is the one that
  entry sealed (an open night has none);
- the database's own guards (ledger/integrity/triggers.py): none missing, disabled or altered.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Mapping
from typing import Any

from django.db import connection
from django.utils.dateparse import parse_datetime

from ledger.integrity import chain
from ledger.integrity.key import ledger_key
from ledger.integrity.rechain import journal_rows
from ledger.integrity.triggers import trigger_problems
from ledger.models import BankNote, BankTenure, Entry, Night, Player, Posting, Seat
from ledger.models.sealed import sealed_values
from ledger.posting.accounts import Account

_ENTRY_INTS = ("id", "house_id", "sequence", "session_id", "player_id", "counterparty_id", "amount",
               "reverses_id", "created_by_id")
_ENTRY_TEXTS = ("chain", "kind", "method", "memo", "key")


class Unreadable(ValueError):
    """A value of the wrong type: names the column."""


def _int(row: Mapping[str, Any], column: str, *, null: bool = True) -> int | None:
    value = row[column]
    if value is None and null:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Unreadable(f"its {column} is {value!r}, not a whole number")
    return value


def _text(row: Mapping[str, Any], column: str, *, null: bool = False) -> str | None:
    value = row[column]
    if value is None and null:
        return None
    if not isinstance(value, str):
        raise Unreadable(f"its {column} is {value!r}, not text")
    return value


def _json(value: Any, column: str) -> Any:
    if isinstance(value, (bytes, bytearray, memoryview)):
        value = bytes(value).decode("utf-8", "replace")
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            raise Unreadable(f"its {column} is not JSON") from None
    if value is None:
        raise Unreadable(f"its {column} is empty")
    return value


def _moment(value: Any) -> datetime.datetime:
    if isinstance(value, str):
        parsed = None
        try:
            parsed = parse_datetime(value)
        except ValueError:
            pass
        if parsed is None:
            raise Unreadable(f"its created_at is {value!r}, not a moment")
        value = parsed
    if not isinstance(value, datetime.datetime):
        raise Unreadable(f"its created_at is {value!r}, not a moment")
    if value.tzinfo is None:
        return value.replace(tzinfo=datetime.UTC)
    return value


def _rows(sql: str) -> list[dict[str, Any]]:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, values, strict=True)) for values in cursor.fetchall()]


def _read(table: str, columns: Iterable[str], what: str,
          clean: Any, unreadable: list[str]) -> list[dict[str, Any]]:
    """Rows of `table`, each cleaned by `clean(row)`; one that cannot be is named instead."""
    rows = []
    for row in _rows(f"SELECT {', '.join(columns)} FROM {table}"):
        try:
            rows.append(clean(row))
        except Unreadable as error:
            unreadable.append(f"{what} {row.get('id')!r}: {error}")
    return rows


def _entry(row: dict[str, Any]) -> dict[str, Any]:
    for column in _ENTRY_INTS:
        _int(row, column, null=column not in ("id", "amount"))
    for column in _ENTRY_TEXTS:
        _text(row, column, null=column == "key")
    row["payload"] = _json(row["payload"], "payload")
    row["created_at"] = _moment(row["created_at"])
    return row


def _posting(row: dict[str, Any]) -> dict[str, Any]:
    for column in ("id", "entry_id", "amount"):
        _int(row, column, null=False)
    for column in ("house_id", "session_id", "player_id", "note_id"):
        _int(row, column)
    _text(row, "kind")
    return row


def _note(row: dict[str, Any]) -> dict[str, Any]:
    for column in ("id", "entry_id", "session_id", "debtor_id", "amount"):
        _int(row, column, null=False)
    _int(row, "holder_id")
    return row


def _session(row: dict[str, Any]) -> dict[str, Any]:
    _int(row, "id", null=False)
    _text(row, "status")
    row["settlement"] = _json(row["settlement"], "settlement")
    return row


def _player(row: dict[str, Any]) -> dict[str, Any]:
    _int(row, "id", null=False)
    _text(row, "name")
    _text(row, "name_seal")
    return row


def audit(session: Night | None = None, *, key: bytes | None = None,
          house_id: int | None = None) -> dict[str, Any]:
    """The whole ledger checked (see the module docstring). With a session, only that night's
    entries are checked one by one for balance (the totals, the chain and the facts stay
    global). `ok` is true when nothing at all is wrong. `key`: the journal's key (default
    `ledger_key()`; the audit command passes the one it found, never making one). `house_id`:
    that house's rows alone (`audit --house`); else every house, each journal its own."""
    if key is None:
        key = ledger_key()
    unreadable: list[str] = []
    entries = _read("ledger_entry", ("id", "house_id", "sequence", "chain", *chain.CHAIN_FIELDS),
                    "entry",
                    _entry, unreadable)
    postings = _read("ledger_posting", ("id", "house_id", "entry_id", "kind", "session_id",
                                        "player_id", "note_id", "amount"), "posting", _posting,
                     unreadable)
    notes = _read("ledger_banknote", ("id", "entry_id", "session_id", "debtor_id", "holder_id",
                                      "amount"), "bank note", _note, unreadable)
    sessions = {row["id"]: row for row in _read(
        Night._meta.db_table, ("id", "house_id", "status", "settlement"), "session",
        _session,
        unreadable)}
    players = _read("ledger_player", ("id", "house_id", "name", "name_seal"), "player", _player,
                    unreadable)
    if house_id is not None:
        entries, sessions, players, postings, notes = _of_house(
            house_id, entries, sessions, players, postings, notes)

    by_id = {row["id"]: row for row in entries}
    legs: dict[int, list[dict[str, Any]]] = {}
    stray: list[int] = []
    total = 0
    books: dict[Any, int] = {}   # each house's THE BOOK
    surrogate: dict[Any, int] = {}
    for row in postings:
        legs.setdefault(row["entry_id"], []).append(row)
        total += row["amount"]
        owner = by_id.get(row["entry_id"])
        if owner is None or owner["session_id"] != row["session_id"] \
                or owner["house_id"] != row["house_id"]:
            stray.append(row["id"])
        if row["kind"] == Account.BOOK:
            house = owner["house_id"] if owner is not None else None
            books[house] = books.get(house, 0) + row["amount"]
        elif row["kind"] == Account.SURROGATE:
            surrogate[row["session_id"]] = surrogate.get(row["session_id"], 0) + row["amount"]
    created: dict[int, dict[str, Any]] = {}
    stray_notes: list[int] = []
    for row in notes:
        owner = by_id.get(row["entry_id"])
        if owner is None or owner["session_id"] != row["session_id"] \
                or row["entry_id"] in created:
            stray_notes.append(row["id"])
        created.setdefault(row["entry_id"], row)

    unbalanced = sorted(
        row["id"] for row in entries
        if (session is None or row["session_id"] == session.pk)
        and row["id"] in legs and sum(p["amount"] for p in legs[row["id"]]) != 0
    )
    links = _chains(entries, legs, created, sessions, key)
    facts = _facts(entries, sessions, players, links["edited"], key)
    book_total = max(books.values(), key=abs, default=0)   # 0 when every house's is
    unbalanced_books = sorted((pk for pk, value in surrogate.items() if value),
                              key=lambda pk: (pk is None, pk or 0))
    dangling = _dangling(entries, postings, notes, sessions, players)
    dangling += sealed_rows(key)
    guards = trigger_problems()
    return {
        "ok": total == 0 and not unbalanced and book_total == 0 and not unbalanced_books
        and links["ok"] and not (unreadable or stray or stray_notes or facts or dangling or guards),
        "postings_total": total,
        "unbalanced_entries": unbalanced,
        "book_total": book_total,
        "unbalanced_surrogate_books": unbalanced_books,
        "entries": len(entries),
        "postings": len(postings),
        "chain": links,
        "unreadable": unreadable,
        "stray_postings": sorted(stray),
        "stray_notes": sorted(stray_notes),
        "facts": facts + dangling,
        "guards": guards,
    }


def _of_house(house_id: int, entries: list[dict[str, Any]],
              sessions: dict[Any, dict[str, Any]], players: list[dict[str, Any]],
              postings: list[dict[str, Any]], notes: list[dict[str, Any]]) -> tuple[
                  list[dict[str, Any]], dict[Any, dict[str, Any]], list[dict[str, Any]],
                  list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows of one house: its entries, nights, players, and the postings and bank notes
    of its entries."""
    mine = [row for row in entries if row["house_id"] == house_id]
    ids = {row["id"] for row in mine}
    return (mine, {pk: row for pk, row in sessions.items() if row.get("house_id") == house_id},
            [row for row in players if row.get("house_id") == house_id],
            [row for row in postings if row["entry_id"] in ids],
            [row for row in notes if row["entry_id"] in ids])


def _dangling(entries: list[dict[str, Any]], postings: list[dict[str, Any]],
              notes: list[dict[str, Any]], sessions: Mapping[int, Any],
              players: list[dict[str, Any]]) -> list[str]:
    """Journal rows that name a night, a person or a bank note that is not there."""
    people = {row["id"] for row in players}
    known = {"session": set(sessions), "player": people, "bank note": {n["id"] for n in notes}}
    missing: dict[tuple[str, Any], set[str]] = {}

    def need(what: str, value: Any, where: str) -> None:
        if value is not None and value not in known[what]:
            missing.setdefault((what, value), set()).add(where)

    for row in entries:
        need("session", row["session_id"], f"entry {row['id']}")
        need("player", row["player_id"], f"entry {row['id']}")
        need("player", row["counterparty_id"], f"entry {row['id']}")
    for row in postings:
        need("session", row["session_id"], f"posting {row['id']}")
        need("player", row["player_id"], f"posting {row['id']}")
        need("bank note", row["note_id"], f"posting {row['id']}")
    for row in notes:
        need("session", row["session_id"], f"bank note {row['id']}")
        need("player", row["debtor_id"], f"bank note {row['id']}")
        need("player", row["holder_id"], f"bank note {row['id']}")
    return [f"{what} {value!r} is not there, but {', '.join(sorted(where)[:5])}"
            f"{' and more' if len(where) > 5 else ''} name{'s' if len(where) == 1 else ''} it"
            for (what, value), where in sorted(missing.items(), key=lambda item: repr(item[0]))]


def _chains(rows: list[dict[str, Any]], postings: Mapping[int, list[dict[str, Any]]],
            notes: Mapping[int, Mapping[str, Any]],
            sessions: Mapping[int, Mapping[str, Any]], key: bytes) -> dict[str, Any]:
    """Each house's chain (every house has its own), told as one."""
    houses: dict[Any, list[dict[str, Any]]] = {}
    for row in rows:
        houses.setdefault(row["house_id"], []).append(row)
    told: dict[str, Any] = {"ok": True, "entries": 0, "gaps": [], "edited": [], "unsealed": []}
    for house in sorted(houses, key=lambda h: (h is None, h or 0)):
        one = _chain(houses[house], postings, notes, sessions, key)
        told["ok"] = told["ok"] and one["ok"]
        told["entries"] += one["entries"]
        for name in ("gaps", "edited", "unsealed"):
            told[name] += one[name]
    for name in ("edited", "unsealed"):
        told[name].sort()
    return told


def _chain(rows: list[dict[str, Any]], postings: Mapping[int, list[dict[str, Any]]],
           notes: Mapping[int, Mapping[str, Any]],
           sessions: Mapping[int, Mapping[str, Any]], key: bytes) -> dict[str, Any]:
    """Recompute the hash chain (ledger/integrity/chain.py) over entries in sequence order.

    `gaps`: runs of sequence numbers with no entry ([first, last]) - entries removed;
    `edited`: ids of entries whose fields, postings, bank note or sealed facts no longer match
    their link (or whose number is used twice); `unsealed`: entries without a sequence number.
    """
    gaps: list[list[int]] = []
    edited: list[int] = []
    unsealed = sorted(row["id"] for row in rows if row["sequence"] is None)
    previous, expected = chain.GENESIS, 1
    for row in sorted((row for row in rows if row["sequence"] is not None),
                      key=lambda row: (row["sequence"], row["id"])):
        sequence = row["sequence"]
        if sequence < expected:        # a number used twice, or below 1
            edited.append(row["id"])
            continue
        if sequence != expected:
            gaps.append([expected, sequence - 1])   # its link cannot be checked
        else:
            note = notes.get(row["id"])
            facts = None
            if row["kind"] == chain.CLOSE:
                night = sessions.get(row["session_id"])
                facts = {"settlement": night["settlement"] if night else None}
            content = chain.entry_content(
                sequence=sequence, entry=row, postings=postings.get(row["id"], []),
                note=note, note_pk=note["id"] if note else None, facts=facts)
            if chain.link(previous, content, key) != row["chain"]:
                edited.append(row["id"])
        previous, expected = row["chain"], sequence + 1
    return {"ok": not (gaps or edited or unsealed), "entries": expected - 1, "gaps": gaps,
            "edited": sorted(edited), "unsealed": unsealed}


def _facts(entries: list[dict[str, Any]], sessions: Mapping[int, Mapping[str, Any]],
           players: list[dict[str, Any]], edited: list[int], key: bytes) -> list[str]:
    """What is wrong with the facts outside the chain that give a night its figures."""
    found = []
    for row in sorted(players, key=lambda row: row["id"]):
        if chain.name_seal(row["id"], row["name"], key) != row["name_seal"]:
            found.append(f"player {row['id']} is called {row['name']!r}, not the name the site "
                         "gave them: their name was changed behind its back")
    closes: dict[Any, list[int]] = {}
    for row in entries:
        if row["kind"] == chain.CLOSE:
            closes.setdefault(row["session_id"], []).append(row["id"])
    for pk in sorted(sessions):
        night = sessions[pk]
        closed_by = closes.get(pk, [])
        if night["status"] not in (Night.OPEN, Night.CLOSED):
            found.append(f"session {pk} is marked {night['status']!r}, neither open nor closed")
        elif night["status"] == Night.OPEN and closed_by:
            found.append(f"session {pk} is marked open, but its journal closed it "
                         f"(entry {closed_by[0]})")
        elif night["status"] == Night.CLOSED and not closed_by:
            found.append(f"session {pk} is marked closed, but its journal never closed it")
        if night["status"] == Night.OPEN and night["settlement"] != {}:
            found.append(f"session {pk} is open but carries a settlement")
        if len(closed_by) > 1:
            found.append(f"session {pk} was closed more than once (entries {closed_by})")
        for entry in closed_by:
            if entry in edited:
                found.append(f"session {pk}: its settlement, or the entry that closed it "
                             f"({entry}), changed after the night closed")
    for session_id, ids in closes.items():
        if session_id not in sessions:
            found.append(f"entries {ids} close a session that is not there ({session_id!r})")
    return found


# ---- the rows sealed beside the journal (ledger/models/sealed.py) ---------------------------

_SEALED_MODELS = ((Player, "player"), (Night, "session"), (Seat, "seat"),
                  (BankTenure, "bank tenure"))
_BOOLEANS = {"regular", "is_host", "host_present", "retired"}   # SQLite gives 0 and 1
# What the audit cannot see, said in its own output (and in the README's list of what is sealed)
NOT_SEALED = ("not sealed: a seat or a bank tenure deleted (a deleted row leaves no seal to "
              "check; a night's seats are made anew when its dealing order changes)")
_JSON = {"book_before", "settings"}


def _sealed_value(column: str, value: Any) -> Any:
    """A raw column's value as the model holds it, for its seal; what cannot be read is kept
    as it is (its seal then fails, and the field is named)."""
    try:
        if column in _BOOLEANS and isinstance(value, int):
            return bool(value)
        if column in _JSON:
            return _json(value, column)
        if column == "since":
            return _moment(value)
    except Unreadable:
        return value
    return value


def _seals_of(value: Any) -> dict[str, Any]:
    try:
        seals = _json(value, "seals")
    except Unreadable:
        return {}
    return seals if isinstance(seals, dict) else {}


def _one_field(names: list[str]) -> bool:
    return len(names) == 1 and names[0] != "settings"


def sealed_rows(key: bytes) -> list[str]:
    """Every sealed row checked against its seals: the field edited is named (one line a
    row), or the row when its fields each match but not together (values moved between rows)."""
    found = []
    for model, what in _SEALED_MODELS:
        table = model._meta.db_table
        label = {field.attname: field.name for field in model._meta.concrete_fields}
        for row in _rows(f"SELECT id, seals, {', '.join(model.SEALED)} FROM {table} ORDER BY id"):
            values = sealed_values(model, {column: _sealed_value(column, row[column])
                                           for column in model.SEALED})
            pk = row["id"] if model.SEALED_WITH_ID else None
            expected = chain.row_seals(table, pk, values, key)
            seals = _seals_of(row["seals"])
            # a late column emptied behind the site's back has a seal and no value left
            edited = [label[column] for column in model.SEALED
                      if seals.get(column) != expected.get(column)]
            if edited:
                found.append(f"{what} {row['id']!r}: its {', '.join(edited)} "
                             f"{'is' if _one_field(edited) else 'are'} not what the site wrote: "
                             "changed behind its back")
            elif seals.get(chain.ROW) != expected[chain.ROW]:
                found.append(f"{what} {row['id']!r}: its fields do not belong together: values "
                             "were moved between rows behind the site's back")
    return found


SEAL_DIGITS = 16   # hex digits of the chain value a printed seal carries


def seal_check(seal: str, *, house_id: int | None = None,
               edited: Iterable[int] = ()) -> str:
    """"found", "missing" (no entry has its number) or "changed" (the entry with its number
    has another chain value: the journal was rewritten from there on or before).

    Each house has its own numbers, and a seal does not name its house: the entry is the one
    of that number whose chain value the seal starts with, in any house (in `house_id`'s
    alone when given). An entry the audit found changed (`edited`: the ids of the audit's
    `chain.edited`, its content recomputed) is "changed" even when its stored chain value is
    the one printed: the two reports never disagree.

    A seal printed before the journal had its key (migration 0010) carries the old, unkeyed
    chain value: it is checked against that chain, recomputed from the rows as they are."""
    sequence, _, digest = seal.partition("-")
    number, digest = int(sequence), digest.lower()
    rows = Entry.objects.filter(sequence=number)
    if house_id is not None:
        rows = rows.filter(house_id=house_id)
    found = list(rows.values_list("id", "chain"))
    if not found:
        return "missing"
    changed = set(edited)
    matching = [pk for pk, value in found if str(value).startswith(digest)]
    if matching:
        return "changed" if all(pk in changed for pk in matching) else "found"
    if len(found) > 1:
        return "changed"
    legacy = _legacy_chain_value(number)
    return ("found" if legacy is not None and legacy.startswith(digest)
            and found[0][0] not in changed else "changed")


def _legacy_chain_value(upto: int) -> str | None:
    """The unkeyed chain value (of before migration 0010) of entry `upto`, recomputed."""
    previous = chain.GENESIS
    for row in journal_rows(Entry, Posting, BankNote, Night):
        if row["sequence"] > upto:
            break
        try:
            text = chain.legacy_entry_content(sequence=row["sequence"], entry=row,
                                              postings=row["postings"], note=row["note"],
                                              note_pk=row["note_pk"])
        except (TypeError, ValueError):
            return None
        previous = chain.legacy_link(previous, text)
        if row["sequence"] == upto:
            return previous
    return None
