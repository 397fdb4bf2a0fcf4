"""The `banker-session/1` file: a night's export, and its import (the backup and restore).

Export writes the session, everyone it needs (its roster, inviters, note holders, everyone in
`book_before`), THE BOOK as the night opened (`book_before`) and every entry of the night as an
event, in order. Import replays the events through the same services, so a restored night
passes the same checks as a typed one and gives the same settle-up.

Beyond ARCHITECTURE.md's example the format carries, all optional on import:
`session.seating` (names in dealing order, banker first, B1); `hand.carry`;
`{"type": "reverse", "event": N, "reason": "..."}` (a correction of event N, 0-based);
`{"type": "merge"}` (the surrogate book merged into THE BOOK, B7);
`{"type": "warning", "player": "Gus"}` (the night's one warning for jumping the bet, B11).

Import refuses a file whose `book_before` disagrees with THE BOOK here and names the people
where it differs. Into a database whose THE BOOK has never been written, `book_before` is
brought in as an opening balance first.

Before anything is written the whole file is read (`_check_document`): money is a decimal
string of ASCII digits, at most $100,000 an amount like the web form (a bare JSON number is
refused: `2000` has meant both $20 and $2,000); players are named by strings, never ids; every
field has the type the format gives it. A night already in the database (same date, banker and
events) is refused by name, so the same file imported twice does not make two nights.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import uuid
from collections.abc import Mapping
from typing import Any, TypedDict

from django.db import DatabaseError, transaction

from ledger import services
from ledger.models import Account, Entry, Player, PokerSession, Posting
from ledger.services import LedgerError
from ledger.services.journal import BANK, Banker, book_balances
from ledger.services.lookup import signed_nickels_of
from rules.errors import MoneyError
from rules.money import format_cents, read_money

FORMAT = "banker-session/1"
MAX_AMOUNT = 100_000_00  # cents: the web form's ceiling (ledger/forms.py), for every amount
MAX_CHIPS = 100_000      # chips of one colour in a cash-out, as on the form


# ---- export ------------------------------------------------------------------------------


def _player_json(player: Player) -> dict[str, Any]:
    row: dict[str, Any] = {"name": player.name, "note_id": player.note_id,
                           "regular": player.regular}
    if player.is_host:
        row["host"] = True
    if player.invited_by is not None:
        row["invited_by"] = player.invited_by.name
    return row


def _event_names(event: Mapping[str, Any]) -> set[str]:
    names = set()
    for field in ("player", "from", "to", "winner", "holder"):
        value = event.get(field)
        if isinstance(value, str) and value != BANK:
            names.add(value)
    for field in ("awards", "owes"):
        names |= set(event.get(field) or {})
    return names


def export_session(session: PokerSession) -> dict[str, Any]:
    """The night as a `banker-session/1` document (JSON-able)."""
    entries = list(Entry.objects.filter(session=session).order_by("id"))
    position = {entry.pk: index for index, entry in enumerate(entries)}
    events = []
    for entry in entries:
        if entry.kind == Entry.REVERSAL:
            if entry.reverses_id is None:   # the database refuses it (correction_names_its_entry)
                raise LedgerError(f"Entry #{entry.pk} is a correction that names no entry.")
            events.append({"type": "reverse", "event": position[entry.reverses_id],
                           "reason": entry.payload.get("reason", "")})
        else:
            events.append(dict(entry.payload))
    seating = list(session.seats.order_by("position").values_list("player__name", flat=True))
    names = set(seating) | set(session.book_before) | {session.banker.name}
    for event in events:
        names |= _event_names(event)
    players = {p.name: p for p in Player.objects.filter(name__in=names).select_related(
        "invited_by")}
    for player in list(players.values()):   # inviters come along, so guests can be created
        inviter = player.invited_by
        while inviter is not None and inviter.name not in players:
            players[inviter.name] = inviter
            inviter = inviter.invited_by
    order = seating + sorted(set(players) - set(seating))
    ordered = _inviters_first([players[name] for name in order])
    return {
        "format": FORMAT,
        "session": {"date": session.date.isoformat(), "banker": session.banker.name,
                    "host_present": session.host_present, "seating": seating},
        "players": [_player_json(p) for p in ordered],
        "book_before": dict(session.book_before),
        "events": events,
    }


def _inviters_first(players: list[Player]) -> list[Player]:
    """Keep the order, but list an inviter before the guest they brought."""
    placed: list[Player] = []
    names = {p.name for p in players}

    def place(player: Player) -> None:
        if player in placed:
            return
        if player.invited_by is not None and player.invited_by.name in names:
            place(player.invited_by)
        placed.append(player)

    for player in players:
        place(player)
    return placed


# ---- import ------------------------------------------------------------------------------


def _require(mapping: Any, field: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(mapping, Mapping) or field not in mapping:
        raise LedgerError(f"{where}: missing \"{field}\".", field=field)
    value = mapping[field]
    if not isinstance(value, kind):
        raise LedgerError(f"{where}: \"{field}\" has the wrong type ({type(value).__name__}).",
                          field=field)
    return value


def _inviters_before_guests(rows: list[Any]) -> list[tuple[int, Any]]:
    """The file's players with every inviter ahead of the guests they brought."""
    indexed = list(enumerate(rows))
    by_name = {row.get("name"): (i, row) for i, row in indexed if isinstance(row, Mapping)}
    ordered: list[tuple[int, Any]] = []
    seen: set[int] = set()

    def place(index: int, row: Any, depth: int = 0) -> None:
        if index in seen:
            return
        inviter = row.get("invited_by") if isinstance(row, Mapping) else None
        if inviter in by_name and depth < len(rows):
            place(*by_name[inviter], depth + 1)
        seen.add(index)
        ordered.append((index, row))

    for index, row in indexed:
        place(index, row)
    return ordered


def _ensure_players(rows: list[Any], *, user: Banker, prefix: str) -> None:
    for index, row in _inviters_before_guests(rows):
        where = f"players[{index}]"
        name = _require(row, "name", str, where)
        note_id = _require(row, "note_id", str, where)
        regular = row.get("regular", True)
        existing = Player.objects.filter(name=name).first()
        if existing is not None:
            if existing.note_id != note_id.strip().upper():
                raise LedgerError(f"{where}: {name}'s bank-note identifier is "
                                  f"{existing.note_id} here, {note_id} in the file.")
            continue
        services.player_create(
            name=name, note_id=note_id, regular=bool(regular), invited_by=row.get("invited_by"),
            is_host=bool(row.get("host", False)), key=f"{prefix}-player-{index}", user=user,
        )


def _check_book_before(book_before: Mapping[str, Any], *, user: Banker, prefix: str) -> None:
    wanted = {}
    for name, amount in book_before.items():
        wanted[name] = signed_nickels_of(amount, field=f"book_before for {name}")
    if not Posting.objects.filter(kind=Account.BOOK).exists():
        if any(wanted.values()):
            services.book_opening(balances={n: c for n, c in wanted.items() if c},
                                  key=f"{prefix}-opening", user=user)
        return
    here_ids = book_balances()
    names = dict(Player.objects.filter(pk__in=here_ids).values_list("pk", "name"))
    here = {names[pk]: cents for pk, cents in here_ids.items()}
    differences = []
    for name in sorted(set(here) | set(wanted)):
        if here.get(name, 0) != wanted.get(name, 0):
            differences.append(f"{name} is {format_cents(here.get(name, 0))} here, "
                               f"{format_cents(wanted.get(name, 0))} in the file")
    if differences:
        raise LedgerError("THE BOOK here disagrees with the file's book_before: "
                          + "; ".join(differences) + ". Import the nights before it first.",
                          field="book_before")


def _given(event: Mapping[str, Any], field: str, default: Any = None) -> Any:
    """The file's value of an event's `field`: any JSON value, None when absent. Its type was
    read already where the format fixes one (`_check_event`); the service it is handed to
    refuses a missing or wrong one by name ("Choose a player.")."""
    return event.get(field, default)


class _Common(TypedDict):
    """What every service call of an import takes besides the event's own fields."""

    session: PokerSession
    key: str
    user: Banker


def _apply(event: Mapping[str, Any], *, session: PokerSession, entries: list[Entry | None],
           key: str, user: Banker) -> Entry | None:
    kind = event.get("type")
    common = _Common(session=session, key=key, user=user)
    if kind == "buy":
        return services.buyin_create(
            player=_given(event, "player"), amount=_given(event, "amount"),
            paid=_given(event, "paid", Entry.CASH), seller=_given(event, "from", BANK),
            confirm_duplicate=True, **common)
    if kind == "warning":
        return services.warning_record(player=_given(event, "player"), **common)
    if kind == "penalty":
        return services.penalty_record(player=_given(event, "player"),
                                       amount=_given(event, "amount", "0.20"), **common)
    if kind == "hand":
        return services.hand_enter(hand=event, confirm_duplicate=True, **common)
    if kind == "call":
        return services.game_call(game=_given(event, "game"), dealer=_given(event, "dealer"),
                                  options=_given(event, "options"), **common)
    if kind == "end_game":
        return services.game_end(**common)
    if kind == "cashout":
        return services.cashout_create(player=_given(event, "player"), chips=_given(event, "chips"),
                                       **common)
    if kind == "count_difference":
        return services.count_difference_record(amount=_given(event, "amount"),
                                                reason=_given(event, "reason", ""), **common)
    if kind == "final_pot":
        return services.final_pot_award(winner=_given(event, "winner"), **common)
    if kind == "note":
        action = event.get("action")
        if action not in ("commit", "void"):
            raise LedgerError(f"\"action\" must be commit or void, not {action!r}.")
        service = services.note_commit if action == "commit" else services.note_void
        return service(player=_given(event, "player"), holder=_given(event, "holder", "all"),
                       amount=_given(event, "amount"), **common)
    if kind == "pay":
        return services.payment_record(player=_given(event, "player"), to=_given(event, "to"),
                                       amount=_given(event, "amount"), **common)
    if kind == "merge":
        return services.surrogate_book_merge(**common)
    if kind == "close":
        return services.session_close(**common)
    if kind == "reverse":
        target = event.get("event")
        earlier = entries[target] if isinstance(target, int) and 0 <= target < len(entries) \
            else None
        if earlier is None:
            raise LedgerError(f"\"event\" must name an earlier event, not {target!r}.")
        return services.entry_reverse(entry=earlier, reason=event.get("reason", ""),
                                      key=key, user=user)
    raise LedgerError(f"unknown event type {kind!r}; expected buy, warning, penalty, call, "
                      "hand, end_game, cashout, count_difference, final_pot, note, pay, merge, "
                      "reverse or close.")


def _seating(head: Mapping[str, Any], rows: list[Any]) -> list[str]:
    """The dealing order: `session.seating`, or without it the order of `players` (B1)."""
    if "seating" in head:
        seating = head["seating"]
        if not isinstance(seating, list) or not all(isinstance(n, str) for n in seating):
            raise LedgerError("session: \"seating\" must be a list of names.", field="seating")
        return seating
    return [row["name"] for row in rows if isinstance(row, Mapping)
            and isinstance(row.get("name"), str)]


# ---- reading the file before anything is written ---------------------------------------

_MONEY_FIELDS = {"buy": ("amount",), "penalty": ("amount",), "count_difference": ("amount",),
                 "note": ("amount",), "pay": ("amount",), "hand": ("pot", "carry", "penalties")}
_NAME_FIELDS = {"buy": ("player", "from"), "warning": ("player",), "penalty": ("player",),
                "cashout": ("player",), "final_pot": ("winner",), "note": ("player", "holder"),
                "pay": ("player", "to")}
_TEXT_FIELDS = {"buy": ("paid",), "count_difference": ("reason",), "note": ("action",),
                "reverse": ("reason",)}


def _money_text(value: object, where: str) -> None:
    """Money in a file is a decimal string of ASCII digits, "18.05"; never a bare number."""
    try:
        if not isinstance(value, str):   # a bare number: 2000 has meant both $20 and $2,000
            raise MoneyError(where)
        cents = read_money(value, field=where)
    except MoneyError:
        raise LedgerError(f"{where}: write the amount as a decimal string such as \"18.05\", "
                          f"not {_shown(value)}.", field=where) from None
    if abs(cents) > MAX_AMOUNT:
        raise LedgerError(f"{where}: {value.strip()} is more than $100,000; check the amount.",
                          field=where)


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 40 else text[:37] + "..."


def _name_text(value: object, where: str) -> None:
    """A player in a file is a name (a string), never a database id."""
    if not isinstance(value, str) or not value.strip():
        raise LedgerError(f"{where}: name the player, such as \"Fred\", not {_shown(value)}.",
                          field=where)


def _check_event(event: Mapping[str, Any], where: str) -> None:
    kind = event.get("type")
    if not isinstance(kind, str):
        raise LedgerError(f"{where}: \"type\" must be an event type such as \"buy\", not "
                          f"{_shown(kind)}.", field="type")
    for field in _MONEY_FIELDS.get(kind, ()):
        if field in event and not (field == "carry" and event[field] is None):
            _money_text(event[field], f"{where}.{field}")
    for field in _NAME_FIELDS.get(kind, ()):
        if field in event:
            _name_text(event[field], f"{where}.{field}")
    if kind == "pay" and "to" not in event:   # never the bank by default: THE BOOK moves
        raise LedgerError(f"{where}.to: name who is paid, a player or \"bank\".", field="to")
    for field in _TEXT_FIELDS.get(kind, ()):
        if field in event and not isinstance(event[field], str):
            raise LedgerError(f"{where}.{field}: expected text, not {_shown(event[field])}.",
                              field=field)
    if kind == "hand":
        if "game" in event and not isinstance(event["game"], str | Mapping):
            raise LedgerError(f"{where}.game: expected a game id or definition, not "
                              f"{_shown(event['game'])}.", field="game")
        for field in ("awards", "owes"):   # typed figures by name: {"Fred": "3.40"}
            figures = event.get(field)
            if isinstance(figures, Mapping):
                for name, amount in figures.items():
                    _money_text(amount, f"{where}.{field}.{name}")
    if kind == "cashout":
        chips = event.get("chips")
        if not isinstance(chips, Mapping):
            raise LedgerError(f"{where}.chips: give the count of each colour, such as "
                              f"{{\"green\": 2}}, not {_shown(chips)}.", field="chips")
        for colour, count in chips.items():
            if isinstance(count, bool) or not isinstance(count, int) \
                    or not 0 <= count <= MAX_CHIPS:
                raise LedgerError(f"{where}.chips.{colour}: expected a whole number of chips "
                                  f"from 0 to {MAX_CHIPS:,}, not {_shown(count)}.",
                                  field="chips")
    if kind == "reverse":
        target = event.get("event")
        if isinstance(target, bool) or not isinstance(target, int):
            raise LedgerError(f"{where}.event: the number of an earlier event, not "
                              f"{_shown(target)}.", field="event")


def _check_document(data: Mapping[str, Any]
                    ) -> tuple[dict[str, Any], list[Any], Mapping[str, Any], list[Any]]:
    """Read the whole file for shape and types; raise a LedgerError naming the first fault."""
    try:
        text = json.dumps(data, ensure_ascii=False)
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise LedgerError(f"file: a text holds {error.object[error.start:error.end]!r}, a lone "
                          "surrogate that cannot be stored; correct the name or text.") from None
    except (RecursionError, TypeError, ValueError):
        raise LedgerError("file: expected a banker-session/1 document of plain JSON values, "
                          "nested no deeper than the format.") from None
    if "\\u0000" in text:
        raise LedgerError("file: a text holds a NUL character (\\u0000), which cannot be "
                          "stored.")
    head = _require(data, "session", dict, "file")
    for field in ("date", "banker"):
        _require(head, field, str, "session")
    try:
        datetime.date.fromisoformat(head["date"])
    except ValueError:
        raise LedgerError(f"session.date: {_shown(head['date'])} is not a date such as "
                          "2026-11-21.", field="date") from None
    _name_text(head["banker"], "session.banker")
    if not isinstance(head.get("host_present", True), bool):
        raise LedgerError("session.host_present: expected true or false.", field="host_present")
    seating = head.get("seating")
    if seating is not None:
        if not isinstance(seating, list):
            raise LedgerError(f"session.seating: expected the names in dealing order, not "
                              f"{_shown(seating)}.", field="seating")
        for index, name in enumerate(seating):
            _name_text(name, f"session.seating[{index}]")
    rows = _require(data, "players", list, "file")
    for index, row in enumerate(rows):
        where = f"players[{index}]"
        if not isinstance(row, Mapping):
            raise LedgerError(f"{where}: expected an object with name and note_id.")
        _name_text(_require(row, "name", str, where), f"{where}.name")
        _require(row, "note_id", str, where)
        for flag in ("regular", "host"):
            if not isinstance(row.get(flag, False), bool):
                raise LedgerError(f"{where}.{flag}: expected true or false, not "
                                  f"{_shown(row[flag])}.", field=flag)
        if row.get("invited_by") is not None:
            _name_text(row["invited_by"], f"{where}.invited_by")
    book_before = data.get("book_before") or {}
    if not isinstance(book_before, Mapping):
        raise LedgerError("book_before: expected names and amounts.", field="book_before")
    for name, amount in book_before.items():
        _money_text(amount, f"book_before.{name}")
    events = _require(data, "events", list, "file")
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise LedgerError(f"events[{index}]: expected an object.")
        _check_event(event, f"events[{index}]")
    return head, rows, book_before, events


def events_digest(events: list[Any]) -> str:
    """A fingerprint of a night's events, to know the same night when it comes back."""
    text = json.dumps(events, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _refuse_a_night_already_here(head: Mapping[str, Any], events: list[Any]) -> str:
    """The same date, banker and events as a session here: the file was imported already."""
    digest = events_digest(events)
    same_night = (PokerSession.objects.filter(date=head["date"], banker__name=head["banker"])
                  .select_related("banker").order_by("id"))
    for session in same_night:
        if session.import_digest == digest \
                or events_digest(export_session(session)["events"]) == digest:
            raise LedgerError(
                f"The night of {session.date.isoformat()} banked by {session.banker.name} is "
                f"already here as session {session.pk}; nothing written.", code="already_here")
    return digest


def import_session(data: Any, *, user: Banker = None) -> PokerSession:
    """Create a new session from a `banker-session/1` document; all or nothing."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise LedgerError(f"format: expected \"{FORMAT}\".", field="format")
    head, rows, book_before, events = _check_document(data)
    try:
        return _import(head, rows, book_before, events, user=user)
    except LedgerError:
        raise
    except (DatabaseError, ArithmeticError, TypeError, ValueError, AttributeError,
            KeyError, IndexError, RecursionError) as error:
        # The last resort: the file was read above, so this is a value the services did not
        # expect. Nothing was written (the transaction rolled back); say so in one line.
        raise LedgerError(f"The file could not be imported ({type(error).__name__}); "
                          "nothing written.") from None


def _import(head: dict[str, Any], rows: list[Any], book_before: Mapping[str, Any],
            events: list[Any], *, user: Banker) -> PokerSession:
    digest = _refuse_a_night_already_here(head, events)
    prefix = f"import-{uuid.uuid4().hex}"
    with transaction.atomic():
        _ensure_players(rows, user=user, prefix=prefix)
        _check_book_before(book_before, user=user, prefix=prefix)
        session = services.session_open(
            date=_require(head, "date", str, "session"),
            banker=_require(head, "banker", str, "session"),
            host_present=bool(head.get("host_present", True)),
            seating=_seating(head, rows), key=f"{prefix}-open", user=user,
        )
        entries: list[Entry | None] = []
        for index, event in enumerate(events):
            if not isinstance(event, Mapping):
                raise LedgerError(f"events[{index}]: expected an object.")
            try:
                entries.append(_apply(event, session=session, entries=entries,
                                      key=f"{prefix}-event-{index}", user=user))
            except LedgerError as error:
                raise LedgerError(f"events[{index}] ({event.get('type')}): {error.message}",
                                  field=error.field) from None
        PokerSession.objects.filter(pk=session.pk).update(import_digest=digest)
        session.refresh_from_db()
    return session
