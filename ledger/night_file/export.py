"""A night as a `banker-session/2` document (the format: ledger/night_file/__init__.py): the
`/1` document with the night's own settings as `"house"`, its amounts in its currency's digits.

Export writes the session, everyone it needs (its roster, inviters, note holders, everyone in
`book_before`), THE BOOK as the night opened (`book_before`) and every entry of the night as an
event, in order. The journal keeps ids (an entry's player and counterparty, a note holder's
posting, the ids a hand's event keeps beside its names); the file names every person as they
are named when it is written, so a rename or a new player under an old name round-trips.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.db.models import Sum

from ledger.house_settings import HouseSettings
from ledger.models import Entry, Night, Player, Posting
from ledger.posting.accounts import BANK, Account, EntryKind
from ledger.posting.payloads import KEPT_BESIDE_THE_EVENT
from ledger.posting.table import IDS, hand_names
from ledger.services import LedgerError

from .amounts import signed_units_of
from .schema import FORMAT


def _player_json(player: Player) -> dict[str, Any]:
    row: dict[str, Any] = {"name": player.name, "note_id": player.note_id,
                           "regular": player.regular}
    if player.is_host:
        row["host"] = True
    if player.invited_by is not None:
        row["invited_by"] = player.invited_by.name
    return row


_ABOUT = {EntryKind.BUY: "player", EntryKind.WARNING: "player", EntryKind.PENALTY: "player",
          EntryKind.CASHOUT: "player", EntryKind.NOTE: "player", EntryKind.PAY: "player",
          EntryKind.FINAL_POT: "winner", EntryKind.CALL: "dealer"}


def _ids_of(entry: Entry, held: Mapping[int, int]) -> dict[str, int]:
    """Who each name in an entry's event is, by id: the entry's own columns (player,
    counterparty), the note holder's posting, and the ids a hand keeps (`IDS`)."""
    payload = entry.payload
    ids = {name: pk for name, pk in (payload.get(IDS) or {}).items()
           if isinstance(name, str) and isinstance(pk, int)}
    about = payload.get(_ABOUT.get(EntryKind(entry.kind), ""))
    if isinstance(about, str) and entry.player_id is not None:
        ids[about] = entry.player_id
    other = payload.get({EntryKind.BUY: "from", EntryKind.PAY: "to"}.get(EntryKind(entry.kind), ""))
    if isinstance(other, str) and other != BANK and entry.counterparty_id is not None:
        ids[other] = entry.counterparty_id
    holder = payload.get("holder") if entry.kind == EntryKind.NOTE else None
    if isinstance(holder, str) and holder not in (BANK, "all") and entry.pk in held:
        ids[holder] = held[entry.pk]
    return ids


def _renamed(payload: Mapping[str, Any], who: Callable[[str], str]) -> dict[str, Any]:
    """The event with every person named by `who` (their name now); the ids stay behind."""
    event = {k: v for k, v in payload.items() if k != IDS and k not in KEPT_BESIDE_THE_EVENT}
    for field in ("player", "from", "to", "winner", "holder", "dealer"):
        value = event.get(field)
        if isinstance(value, str) and value not in (BANK, "all"):
            event[field] = who(value)
    if event.get("type") != "hand":
        return event
    if isinstance(event.get("players"), list):
        event["players"] = [{**p, "name": who(p["name"])} if isinstance(p, Mapping)
                            and isinstance(p.get("name"), str) else p
                            for p in event["players"]]
    for field in ("awards", "owes", "legs"):
        if isinstance(event.get(field), Mapping):
            event[field] = {who(k): v for k, v in event[field].items()}
    if isinstance(event.get("next_best"), Mapping):
        event["next_best"] = {side: who(n) if isinstance(n, str) else n
                              for side, n in event["next_best"].items()}
    result = event.get("result")
    if isinstance(result, Mapping):
        result = dict(result)
        for field in ("awards", "owes"):
            if isinstance(result.get(field), list):
                result[field] = [{**line, **{k: who(line[k]) for k in ("name", "to")
                                             if isinstance(line.get(k), str)}}
                                 if isinstance(line, Mapping) else line
                                 for line in result[field]]
        if isinstance(result.get("legs"), list):
            result["legs"] = [who(n) if isinstance(n, str) else n for n in result["legs"]]
        if isinstance(result.get("explain"), list):
            result["explain"] = _explained(result["explain"], hand_names(payload), who)
        event["result"] = result
    return event


def _explained(lines: list[Any], names: set[str], who: Callable[[str], str]) -> list[Any]:
    """The result's sentences with each person's name as it is now ("Ann takes 3.05." for a
    hand played by Ann under her old name): whole names only, longest first, in one pass."""
    changed = {name: who(name) for name in names if who(name) != name}
    if not changed:
        return lines
    pattern = re.compile(r"(?<!\w)(" + "|".join(
        re.escape(name) for name in sorted(changed, key=len, reverse=True)) + r")(?!\w)")
    return [pattern.sub(lambda found: changed[found[1]], line) if isinstance(line, str)
            else line for line in lines]


def _book_before(session: Night) -> dict[int, int] | None:
    """THE BOOK as the night opened, by id (the postings written before it opened); None when
    that does not give the amounts the night kept (a night from before the journal kept
    ids the same way), and its `book_before` is written as kept."""
    rows = (Posting.objects.filter(kind=Account.BOOK, entry__created_at__lte=session.opened_at)
            .values("player").annotate(total=Sum("amount")).order_by())
    by_id = {row["player"]: row["total"] for row in rows if row["total"]}
    try:
        kept = sorted(signed_units_of(v, field="book_before", settings=session.game_settings)
                      for v in session.book_before.values())
    except LedgerError:
        return None
    return by_id if sorted(by_id.values()) == kept else None


# The fields of an event that hold money, and those holding money by name (a hand's typed
# figures; the result's lines hold "amount").
_MONEY = ("amount", "pot", "carry", "penalties", "next_pot")
_BY_NAME = ("awards", "owes")


def _in_digits(value: Any, settings: HouseSettings, key: str = "") -> Any:
    """An event with its amounts written in the currency's digits: the journal keeps
    "1500.00" for any currency, the file says "1500" for yen (ARCHITECTURE.md)."""
    if isinstance(value, Mapping):
        return {k: (_in_digits(v, settings, "amount" if key in _BY_NAME else k))
                for k, v in value.items()}
    if isinstance(value, list):
        return [_in_digits(item, settings) for item in value]   # lines name their "amount"
    if isinstance(value, str) and key in _MONEY:
        try:
            return settings.amount_text(signed_units_of(value, field=key, settings=settings))
        except LedgerError:
            return value
    return value


def export_session(session: Night) -> dict[str, Any]:
    """The night as a `banker-session/2` document (JSON-able).

    The journal keeps ids; the file names every person as they are named now, in the roster
    and in every event, so a player renamed since (Ann, now Annie) is one person throughout,
    and a new player who took an old name is another."""
    entries = list(Entry.objects.filter(session=session).order_by("id"))
    position = {entry.pk: index for index, entry in enumerate(entries)}
    held = dict(Posting.objects.filter(entry__session=session, entry__kind=EntryKind.NOTE,
                                       kind=Account.NOTE_HELD)
                .values_list("entry_id", "player_id"))
    seats = list(session.seats.order_by("position").values_list("player_id", flat=True))
    book_ids = _book_before(session)
    known: dict[str, int] = {}     # names met so far tonight, for hands kept without ids
    fallback: dict[str, int] | None = None
    named: list[tuple[Entry, dict[str, int]]] = []
    for entry in entries:
        ids = _ids_of(entry, held)
        if entry.kind == EntryKind.HAND and IDS not in entry.payload:
            if fallback is None:
                fallback = dict(Player.objects.values_list("name", "pk"))
            for name in hand_names(entry.payload):
                if name not in ids and (name in known or name in fallback):
                    ids[name] = known.get(name, fallback.get(name, 0))
        known.update(ids)
        named.append((entry, ids))
    wanted = set(seats) | {session.banker_id} | set(book_ids or ())
    for _, ids in named:
        wanted |= set(ids.values())
    players = {p.pk: p for p in Player.objects.filter(pk__in=wanted).select_related(
        "invited_by")}
    for player in list(players.values()):   # inviters come along, so guests can be created
        inviter = player.invited_by
        while inviter is not None and inviter.pk not in players:
            players[inviter.pk] = Player.objects.select_related("invited_by").get(
                pk=inviter.pk)
            inviter = players[inviter.pk].invited_by
    events = []
    for entry, ids in named:
        if entry.kind == EntryKind.REVERSAL:
            if entry.reverses_id is None:   # the database refuses it (correction_names_its_entry)
                raise LedgerError(f"Entry #{entry.pk} is a correction that names no entry.")
            events.append({"type": "reverse", "event": position[entry.reverses_id],
                           "reason": entry.payload.get("reason", "")})
            continue

        def who(name: str, ids: Mapping[str, int] = ids) -> str:
            player = players.get(ids[name]) if name in ids else None
            return player.name if player is not None else name

        events.append(_renamed(entry.payload, who))
    settings = session.game_settings
    if settings.digits != 2:
        events = [_in_digits(event, settings) for event in events]
    if book_ids is None:
        book_before = dict(session.book_before)
    else:
        book_before = {players[pk].name: settings.amount_text(cents) for pk, cents in
                       sorted(book_ids.items(), key=lambda item: players[item[0]].name)}
    seating = [players[pk].name for pk in seats]
    rest = sorted((p for pk, p in players.items() if pk not in set(seats)),
                  key=lambda p: p.name)
    ordered = _inviters_first([players[pk] for pk in seats] + rest)
    return {
        "format": FORMAT,
        "house": settings.to_json(),
        "session": {"date": session.date.isoformat(), "banker": session.banker.name,
                    "host_present": session.host_present, "seating": seating},
        "players": [_player_json(p) for p in ordered],
        "book_before": book_before,
        "events": events,
    }


def _inviters_first(players: list[Player]) -> list[Player]:
    """Keep the order, but list an inviter before the guest they brought."""
    placed: list[Player] = []
    ids = {p.pk for p in players}

    def place(player: Player) -> None:
        if player in placed:
            return
        if player.invited_by is not None and player.invited_by.pk in ids:
            place(player.invited_by)
        placed.append(player)

    for player in players:
        place(player)
    return placed

