"""The night file (`banker-session/2`, and `/1` before it) read strictly, before anything is
written.

One schema for the whole file: every object may hold only the fields the format gives it
(ARCHITECTURE.md, "Session export / import", and the additions named in
ledger/night_file/__init__.py), every field has the type the format gives it, and the first
fault is refused in one line that names where it is: `events[3].memo: unknown field`,
`events[2].amount: duplicate key`.

- A key given twice in one object is refused wherever it is (the JSON reader keeps both and
  this module names the second): a file that says two things is not guessed at.
- Size: a file of at most `MAX_FILE_BYTES`, a night of at most `MAX_EVENTS` events, texts
  (a reason) of at most `MAX_REASON` characters.
- The night's rules come first: a `/2` file's `"house"` object (its settings, missing keys the
  seed house's), a `/1` file the seed house's. Its currency's digits, its largest amount and
  its chip colours are what the rest of the file is read by.
- Money is a decimal string of ASCII digits, at most the web form's largest amount (a bare
  JSON number is refused: `2000` has meant both $20 and $2,000); players are named by
  strings, never ids.
- A hand's inner parts (cards, board positions, options, an inline game) are the rules
  engine's input and are checked by it when the night is replayed, still before any write; a
  hand's `result` is the engine's output, which the import recomputes and never reads (only
  its shape is checked).

Nothing here touches the database.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from ledger.house_settings import SEED, HouseSettings, SettingsError
from ledger.names import NameRefused, read_name
from ledger.services.errors import LedgerError
from rules.errors import MoneyError
from rules.money import read_money

from .amounts import is_plain_amount

FORMAT = "banker-session/2"           # what the export writes
FIRST_FORMAT = "banker-session/1"     # a file from before house settings: the seed house's
MAX_FILE_BYTES = 10_000_000   # a 4,000-event night is under 1 MB
MAX_EVENTS = 20_000
MAX_REASON = 500              # characters of a correction's or a count difference's reason
MAX_AMOUNT = 100_000_00       # cents: the seed house's ceiling (HouseSettings.largest_amount)
MAX_CHIPS = 100_000           # chips of one colour in a cash-out, as on the form

TOP_FIELDS = ("format", "house", "session", "players", "book_before", "events")
SESSION_FIELDS = ("date", "banker", "host_present", "seating")
PLAYER_FIELDS = ("name", "note_id", "regular", "host", "invited_by")
HAND_FIELDS = ("game", "pot", "penalties", "options", "round", "legs", "last_round", "board",
               "players", "dummy", "next_best", "awards", "owes", "carry", "result")
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "buy": ("player", "amount", "paid", "from"),
    "warning": ("player",),
    "penalty": ("player", "amount"),
    "call": ("game", "dealer", "options"),
    "hand": HAND_FIELDS,
    "end_game": (),
    "cashout": ("player", "chips"),
    "count_difference": ("amount", "reason"),
    "final_pot": ("winner",),
    "note": ("player", "action", "holder", "amount"),
    "pay": ("player", "to", "amount"),
    "merge": (),
    "reverse": ("event", "reason"),
    "close": (),
}
HAND_PLAYER_FIELDS = ("name", "down", "up", "declare", "go", "in", "dead", "won", "folded")
DUMMY_FIELDS = ("name", "down", "up", "won")
RESULT_FIELDS = ("awards", "carry", "owes", "legs", "next_pot", "game_over", "explain",
                 "players", "dummy", "winners", "check")

_MONEY_FIELDS = {"buy": ("amount",), "penalty": ("amount",), "count_difference": ("amount",),
                 "note": ("amount",), "pay": ("amount",), "hand": ("pot", "carry", "penalties")}
_NAME_FIELDS = {"buy": ("player", "from"), "warning": ("player",), "penalty": ("player",),
                "cashout": ("player",), "final_pot": ("winner",), "note": ("player", "holder"),
                "pay": ("player", "to"), "call": ("dealer",)}
_TEXT_FIELDS = {"buy": ("paid",), "count_difference": ("reason",), "note": ("action",),
                "reverse": ("reason",)}


# ---- reading the bytes ----------------------------------------------------------------------

class TwiceGiven(dict[str, Any]):
    """A JSON object in which a key appeared twice; `twice` is the first such key."""

    twice: str = ""


def _objects(marked: list[TwiceGiven]) -> Any:
    """The reader's hook for objects: a plain dict, or one marked when a key came twice."""

    def make(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        value = dict(pairs)
        if len(value) == len(pairs):
            return value
        twice = TwiceGiven(value)
        keys: list[str] = [key for key, _ in pairs]
        twice.twice = next(key for index, key in enumerate(keys) if key in keys[:index])
        marked.append(twice)
        return twice

    return make


def _refuse_twice(data: Any) -> None:
    found = _first_twice(data, "")
    if found is not None:
        path, key = found
        raise LedgerError(f"{_join(path, key)}: duplicate key; the file gives it twice.",
                          field=key)


def read_document(raw: bytes | str, *, source: str) -> Any:
    """The JSON value of a file's bytes; every way to fail is one LedgerError naming `source`.
    Duplicate keys are kept marked (`TwiceGiven`) for `check_document` to name by path."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_FILE_BYTES:
        raise LedgerError(f"file: {source} is {size:,} bytes; an import reads at most "
                          f"{MAX_FILE_BYTES:,} bytes (a night of {MAX_EVENTS:,} events); "
                          "nothing written.", field="file")
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise LedgerError(f"file: {source} is not UTF-8 text (byte {error.start}); save it as "
                          "UTF-8.", field="file") from None
    try:
        marked: list[TwiceGiven] = []
        data = json.loads(text, object_pairs_hook=_objects(marked))
    except json.JSONDecodeError as error:
        raise LedgerError(f"file: {source} is not JSON ({error.msg} at line {error.lineno}).",
                          field="file") from None
    except RecursionError:
        raise LedgerError(f"file: {source} is nested too deeply to read.",
                          field="file") from None
    except ValueError:   # an integer of more than 4,300 digits
        raise LedgerError(f"file: {source} holds a number too long to read (more than 4,300 "
                          "digits).", field="file") from None
    if marked:
        _refuse_twice(data)
    return data


def _first_twice(value: Any, where: str) -> tuple[str, str] | None:
    """The path of the first object in `value` that gives a key twice, and the key."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, TwiceGiven):
            return path, item.twice
        if isinstance(item, Mapping):
            stack.extend((child, _join(path, str(key))) for key, child in
                         reversed(list(item.items())))
        elif isinstance(item, list):
            stack.extend((child, f"{path}[{index}]") for index, child in
                         reversed(list(enumerate(item))))
    return None


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# ---- the checks -----------------------------------------------------------------------------

def shown(value: object) -> str:
    """A value as the file wrote it, cut short for a one-line message."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _only(mapping: Mapping[str, Any], fields: tuple[str, ...], where: str, what: str) -> None:
    for key in mapping:
        if key not in fields:
            expected = ", ".join(fields) if fields else "no other field"
            raise LedgerError(f"{_join(where, str(key))}: unknown field; {what} has "
                              f"{expected}.", field=str(key))


def _require(mapping: Any, field: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(mapping, Mapping) or field not in mapping:
        raise LedgerError(f"{where}: missing \"{field}\".", field=field)
    value = mapping[field]
    if not isinstance(value, kind):
        raise LedgerError(f"{where}: \"{field}\" has the wrong type ({type(value).__name__}).",
                          field=field)
    return value


def money_text(value: object, where: str, settings: HouseSettings = SEED) -> None:
    """Money in a file is a decimal string of ASCII digits, "18.05" ("1500" in yen); never a
    bare number, and nothing around it (" 5.00", "5.00\\n": the contract is the digits alone)."""
    try:
        if not isinstance(value, str):   # a bare number: 2000 has meant both $20 and $2,000
            raise MoneyError(where)
        if not is_plain_amount(value):
            raise MoneyError(where)
        cents = read_money(value, field=where)
    except MoneyError:
        example = settings.amount_text(1805 if settings.digits else 150000)
        raise LedgerError(f"{where}: write the amount as a decimal string such as "
                          f"\"{example}\", not {shown(value)}.", field=where) from None
    if cents % 100 and not settings.digits:
        raise LedgerError(f"{where}: {value} is finer than {settings.currency} allows; "
                          f"write whole {settings.money(100)} amounts.", field=where)
    if abs(cents) > settings.largest_amount:
        raise LedgerError(f"{where}: {value.strip()} is more than {settings.largest_text}; "
                          "check the amount.",
                          field=where)


def name_text(value: object, where: str) -> None:
    """A player in a file is a name (a string), never a database id, read as the forms read
    one (ledger/names.py): no invisible or direction-control characters."""
    if not isinstance(value, str) or not value.strip():
        raise LedgerError(f"{where}: name the player, such as \"Fred\", not {shown(value)}.",
                          field=where)
    try:
        read_name(value)
    except NameRefused as refused:
        raise LedgerError(f"{where}: {refused}", field=where) from None


def _flag(mapping: Mapping[str, Any], field: str, where: str) -> None:
    if field in mapping and not isinstance(mapping[field], bool):
        raise LedgerError(f"{where}.{field}: expected true or false, not "
                          f"{shown(mapping[field])}.", field=field)


def _whole(value: object, where: str, least: int = 0, most: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least \
            or (most is not None and value > most):
        top = f" to {most:,}" if most is not None else " or more"
        raise LedgerError(f"{where}: expected a whole number from {least}{top}, not "
                          f"{shown(value)}.", field=where)


def _cards(value: object, where: str) -> None:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise LedgerError(f"{where}: expected a list of cards such as [\"As\", \"Kd\"], not "
                          f"{shown(value)}.", field=where)


def _object_of(value: object, where: str, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise LedgerError(f"{where}: expected {what}, not {shown(value)}.", field=where)
    return value


def _game(value: object, where: str) -> None:
    if not isinstance(value, str | Mapping):
        raise LedgerError(f"{where}: expected a game id or definition, not {shown(value)}.",
                          field="game")


def _hand(event: Mapping[str, Any], where: str, settings: HouseSettings) -> None:
    if "game" in event:
        _game(event["game"], f"{where}.game")
    if "options" in event:
        _object_of(event["options"], f"{where}.options", "the game's options as an object")
    if "round" in event:
        _whole(event["round"], f"{where}.round", least=1)
    _flag(event, "last_round", where)
    if "board" in event:
        board = _object_of(event["board"], f"{where}.board", "an object of named card lists")
        for position, cards in board.items():
            _cards(cards, f"{where}.board.{position}")
    if "legs" in event:
        legs = _object_of(event["legs"], f"{where}.legs", "legs held by name, {\"Ann\": 1}")
        for name, count in legs.items():
            _whole(count, f"{where}.legs.{name}")
    if "next_best" in event:
        best = _object_of(event["next_best"], f"{where}.next_best",
                          "who takes each side, {\"low\": \"Cal\"}")
        for side, name in best.items():
            name_text(name, f"{where}.next_best.{side}")
    players = event.get("players")
    if players is not None:
        if not isinstance(players, list):
            raise LedgerError(f"{where}.players: expected a list of players, not "
                              f"{shown(players)}.", field="players")
        for index, player in enumerate(players):
            _hand_player(player, f"{where}.players[{index}]", HAND_PLAYER_FIELDS, "a player")
    if "dummy" in event:
        _hand_player(event["dummy"], f"{where}.dummy", DUMMY_FIELDS, "the dummy")
    for field in ("awards", "owes"):   # typed figures by name: {"Fred": "3.40"}
        if field in event:
            figures = _object_of(event[field], f"{where}.{field}",
                                 "amounts by name, {\"Fred\": \"3.40\"}")
            for name, amount in figures.items():
                name_text(name, f"{where}.{field}")
                money_text(amount, f"{where}.{field}.{name}", settings)
    if "result" in event:   # recomputed on import, never read: its shape only
        result = _object_of(event["result"], f"{where}.result", "the computed result")
        _only(result, RESULT_FIELDS, f"{where}.result", "a hand's result")


def _hand_player(value: object, where: str, fields: tuple[str, ...], what: str) -> None:
    player = _object_of(value, where, f"{what} as an object with a name")
    _only(player, fields, where, what)
    if "name" in player and not isinstance(player["name"], str):
        raise LedgerError(f"{where}.name: expected a name, not {shown(player['name'])}.",
                          field="name")
    for field in ("down", "up"):
        if field in player:
            _cards(player[field], f"{where}.{field}")
    if "declare" in player and not isinstance(player["declare"], str):
        raise LedgerError(f"{where}.declare: expected high, low or both, not "
                          f"{shown(player['declare'])}.", field="declare")
    for flag in ("go", "in", "dead", "folded"):
        _flag(player, flag, where)
    won = player.get("won", [])
    if not isinstance(won, str) and not (isinstance(won, list)
                                         and all(isinstance(side, str) for side in won)):
        raise LedgerError(f"{where}.won: expected the sides won, such as [\"high\"], not "
                          f"{shown(won)}.", field="won")


def _event(event: Mapping[str, Any], where: str, settings: HouseSettings) -> None:
    kind = event.get("type")
    if not isinstance(kind, str):
        raise LedgerError(f"{where}: \"type\" must be an event type such as \"buy\", not "
                          f"{shown(kind)}.", field="type")
    if kind not in EVENT_FIELDS:
        raise LedgerError(f"{where}: unknown event type {kind!r}; expected buy, warning, "
                          "penalty, call, hand, end_game, cashout, count_difference, "
                          "final_pot, note, pay, merge, reverse or close.", field="type")
    _only(event, ("type", *EVENT_FIELDS[kind]), where, f"a {kind} event")
    for field in _MONEY_FIELDS.get(kind, ()):
        if field in event and not (field == "carry" and event[field] is None):
            money_text(event[field], f"{where}.{field}", settings)
    for field in _NAME_FIELDS.get(kind, ()):
        if field in event:
            name_text(event[field], f"{where}.{field}")
    if kind == "pay" and "to" not in event:   # never the bank by default: THE BOOK moves
        raise LedgerError(f"{where}.to: name who is paid, a player or \"bank\".", field="to")
    for field in _TEXT_FIELDS.get(kind, ()):
        if field in event and not isinstance(event[field], str):
            raise LedgerError(f"{where}.{field}: expected text, not {shown(event[field])}.",
                              field=field)
    if len(event.get("reason") or "") > MAX_REASON:
        raise LedgerError(f"{where}.reason: {len(event['reason']):,} characters; a reason is "
                          f"at most {MAX_REASON}.", field="reason")
    if kind == "note" and event.get("action") not in ("commit", "void"):
        raise LedgerError(f"{where}.action: \"action\" must be commit or void, not "
                          f"{shown(event.get('action'))}.", field="action")
    if kind == "hand":
        _hand(event, where, settings)
    if kind == "call":
        if "game" not in event:
            raise LedgerError(f"{where}.game: name the game called.", field="game")
        _game(event["game"], f"{where}.game")
        if "options" in event and event["options"] is not None:
            _object_of(event["options"], f"{where}.options", "the game's options as an object")
    if kind == "cashout":
        chips = event.get("chips")
        if not isinstance(chips, Mapping):
            raise LedgerError(f"{where}.chips: give the count of each colour, such as "
                              f"{{\"green\": 2}}, not {shown(chips)}.", field="chips")
        for colour, count in chips.items():
            if colour not in settings.colours:
                raise LedgerError(f"{where}.chips.{colour}: not a chip colour of the night; "
                                  "its colours are " + ", ".join(settings.colours) + " (B10).",
                                  field="chips")
            if isinstance(count, bool) or not isinstance(count, int) \
                    or not 0 <= count <= MAX_CHIPS:
                raise LedgerError(f"{where}.chips.{colour}: expected a whole number of chips "
                                  f"from 0 to {MAX_CHIPS:,}, not {shown(count)}.",
                                  field="chips")
    if kind == "reverse":
        target = event.get("event")
        if isinstance(target, bool) or not isinstance(target, int):
            raise LedgerError(f"{where}.event: the number of an earlier event, not "
                              f"{shown(target)}.", field="event")


def _texts_storable(data: Any) -> None:
    try:
        text = json.dumps(data, ensure_ascii=False)
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise LedgerError(f"file: a text holds {error.object[error.start:error.end]!r}, a lone "
                          "surrogate that cannot be stored; correct the name or text.") from None
    except (RecursionError, TypeError, ValueError):
        raise LedgerError("file: expected a banker-session document of plain JSON values, "
                          "nested no deeper than the format.") from None
    if "\\u0000" in text:
        raise LedgerError("file: a text holds a NUL character (\\u0000), which cannot be "
                          "stored.")


class NightDocument(NamedTuple):
    """A night file read for shape and types: the night's rules and its parts."""

    settings: HouseSettings
    head: Mapping[str, Any]
    rows: list[Any]
    book_before: Mapping[str, Any]
    events: list[Any]


def night_settings(data: Mapping[str, Any]) -> HouseSettings:
    """The rules a file's night was played by: a `/2` file's `"house"` (missing keys the seed
    house's), a `/1` file the seed house's."""
    if data.get("format") == FIRST_FORMAT:
        if "house" in data:
            raise LedgerError("house: a banker-session/1 file has no house settings; a file "
                              f"that carries them is \"{FORMAT}\".", field="house")
        return SEED
    house = data.get("house", {})
    if not isinstance(house, Mapping):
        raise LedgerError(f"house: expected the night's settings as an object, not "
                          f"{shown(house)}.", field="house")
    try:
        return HouseSettings.from_json(house)
    except SettingsError as error:
        raise LedgerError(f"house.{error.message}", field=error.field) from None


def check_document(data: Any) -> NightDocument:
    """Read the whole file for shape and types; raise a LedgerError naming the first fault
    by its path. Returns the night's settings, the session, the players, `book_before` and
    the events."""
    if not isinstance(data, Mapping) or data.get("format") not in (FORMAT, FIRST_FORMAT):
        raise LedgerError(f"format: expected \"{FORMAT}\" (or \"{FIRST_FORMAT}\").",
                          field="format")
    _only(data, TOP_FIELDS, "", f"a {data['format']} file")
    _texts_storable(data)
    settings = night_settings(data)
    head = _require(data, "session", dict, "file")
    _only(head, SESSION_FIELDS, "session", "the session")
    for field in ("date", "banker"):
        _require(head, field, str, "session")
    try:
        datetime.date.fromisoformat(head["date"])
    except ValueError:
        raise LedgerError(f"session.date: {shown(head['date'])} is not a date such as "
                          "2026-11-21.", field="date") from None
    name_text(head["banker"], "session.banker")
    if not isinstance(head.get("host_present", True), bool):
        raise LedgerError("session.host_present: expected true or false.", field="host_present")
    seating = head.get("seating")
    if seating is not None:
        if not isinstance(seating, list):
            raise LedgerError(f"session.seating: expected the names in dealing order, not "
                              f"{shown(seating)}.", field="seating")
        for index, name in enumerate(seating):
            name_text(name, f"session.seating[{index}]")
    rows = _require(data, "players", list, "file")
    for index, row in enumerate(rows):
        where = f"players[{index}]"
        if not isinstance(row, Mapping):
            raise LedgerError(f"{where}: expected an object with name and note_id.")
        _only(row, PLAYER_FIELDS, where, "a player")
        name_text(_require(row, "name", str, where), f"{where}.name")
        _require(row, "note_id", str, where)
        for flag in ("regular", "host"):
            if not isinstance(row.get(flag, False), bool):
                raise LedgerError(f"{where}.{flag}: expected true or false, not "
                                  f"{shown(row[flag])}.", field=flag)
        if row.get("invited_by") is not None:
            name_text(row["invited_by"], f"{where}.invited_by")
    book_before = data.get("book_before") or {}
    if not isinstance(book_before, Mapping):
        raise LedgerError("book_before: expected names and amounts.", field="book_before")
    for name, amount in book_before.items():
        name_text(name, "book_before")
        money_text(amount, f"book_before.{name}", settings)
    events = _require(data, "events", list, "file")
    if len(events) > MAX_EVENTS:
        raise LedgerError(f"events: {len(events):,} events; a night imports at most "
                          f"{MAX_EVENTS:,}. Nothing written.", field="events")
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise LedgerError(f"events[{index}]: expected an object.")
        _event(event, f"events[{index}]", settings)
    return NightDocument(settings, head, rows, book_before, events)
