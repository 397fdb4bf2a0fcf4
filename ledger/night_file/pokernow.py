"""An online night: a PokerNow ledger CSV read into a `banker-session/2` document, which the
ordinary import (importing.py) then folds over the posting core and writes like any other
night (`manage.py import_pokernow`).

The CSV has the header `player_nickname,player_id,session_start_at,session_end_at,buy_in,
buy_out,stack,net` (later columns, such as `nit_escrow`, are ignored). Each row is one seat a
nickname took; `buy_out` is empty while the player is still seated, and then `stack` is what
they hold. The amounts are chips, one chip worth `chip_value` (0.01 by default; a file whose
amounts are money already is read with a chip value of 1).

The night so written:

- plays by the house's settings with its unit, buy-in step and cash unit all equal to the chip
  value (paid to the cent, no final pot), its colours the house's (the smallest worth one chip;
  two larger ones, of 1,000 and 1,000,000 chips, so a big stack is a short count);
- each row's buy-in is bought from the bank paid by THE BOOK (an online game is settled
  afterwards), and each person cashes out once what their rows end with (`buy_out`, or
  `stack`): the settle-up's nets are the ledger's nets to the cent, and THE BOOK moves by them;
- is banked by the first regular among its players (in the file's order), else by the house's
  host; its date is the earliest `session_start_at` in the house's time zone unless given.

A nickname is its player by an alias ("nickname=Player") or by the same name as a player of
the house (ledger.names.same_person); unknown nicknames are refused by name, or added as
guests of a regular (`guests_invited_by`). Every refusal is one LedgerError sentence naming
the row and the field, or the option.

Pure: CSV text and what the house holds in, a document out; nothing touches the database.
"""

from __future__ import annotations

import csv
import datetime
import io
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from ledger.house_settings import HouseSettings, SettingsError, read_amount
from ledger.names import NameRefused, identity, read_name, same_person
from ledger.posting.errors import LedgerError

from .schema import FORMAT

COLUMNS = ("player_nickname", "player_id", "session_start_at", "session_end_at", "buy_in",
           "buy_out", "stack", "net")
DEFAULT_CHIP_VALUE = "0.01"
MAX_ROWS = 5_000
LARGER_CHIPS = (1_000, 1_000_000)          # the night's larger colours, in chips
SPARE_COLOURS = ("white", "red", "blue", "black", "green", "yellow")
_NOTE_LETTERS = re.compile(r"[^A-Z0-9]")


@dataclass(frozen=True)
class Known:
    """A player of the house, as the document names them."""

    name: str
    note_id: str
    regular: bool = True
    is_host: bool = False
    invited_by: str | None = None


@dataclass
class _Row:
    line: int
    nickname: str
    started: datetime.datetime | None
    buy_in: int
    ends_with: int
    net: int


def _refuse(message: str, field: str = "file") -> LedgerError:
    return LedgerError(message, field=field)


# ---- options --------------------------------------------------------------------------------

def chip_value_cents(value: str, settings: HouseSettings) -> int:
    """`--chip-value` in hundredths of the house's currency: more than 0, in its digits."""
    try:
        cents = read_amount(value, settings.digits, field="--chip-value",
                            currency=settings.currency)
    except SettingsError as error:
        raise _refuse(error.message, "chip_value") from None
    if cents <= 0:
        raise _refuse(f"--chip-value: a chip is worth more than {settings.money(0)}, not "
                      f"{value}.", "chip_value")
    return cents


def _aliases(given: Iterable[str], known: Sequence[Known]) -> dict[str, str]:
    """Nickname identity -> player name; an alias names a player of the house and a nickname
    one player."""
    names = [person.name for person in known]
    aliases: dict[str, str] = {}
    for text in given:
        nickname, sign, player = text.partition("=")
        nickname, player = nickname.strip(), player.strip()
        if not sign or not nickname or not player:
            raise _refuse(f"--alias: write \"nickname=Player\", not {text!r}.", "alias")
        found = same_person(player, names)
        if found is None:
            raise _refuse(f"--alias {text!r}: there is no player {player!r} in the house.",
                          "alias")
        key = identity(nickname)
        if key in aliases and aliases[key] != found:
            raise _refuse(f"--alias: the nickname {nickname!r} is mapped to two players, "
                          f"{aliases[key]} and {found}.", "alias")
        aliases[key] = found
    return aliases


# ---- the CSV ----------------------------------------------------------------------------------

def _chips_in(value: str, line: int, column: str, chip_value: int, *, signed: bool = False
              ) -> int:
    """An amount of the file (chips, or money at chip value 1) in hundredths."""
    text = value.strip()
    try:
        number = Decimal(text)
    except InvalidOperation:
        raise _refuse(f"row {line}: {column} {text!r} is not a number.", column) from None
    if not number.is_finite():
        raise _refuse(f"row {line}: {column} {text!r} is not a number.", column)
    if number < 0 and not signed:
        raise _refuse(f"row {line}: {column} {text} is negative; a {column} is 0 or more.",
                      column)
    cents = number * chip_value
    if cents != cents.to_integral_value():
        raise _refuse(f"row {line}: {column} {text} is finer than a cent at a chip value of "
                      f"{Decimal(chip_value) / 100}; check --chip-value.", column)
    return int(cents)


def _moment(value: str, line: int) -> datetime.datetime | None:
    text = value.strip()
    if not text:
        return None
    try:
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise _refuse(f"row {line}: session_start_at {text!r} is not a time such as "
                      "2026-11-20T23:14:05.123Z.", "session_start_at") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=datetime.UTC)


def read_rows(text: str, chip_value: int) -> list[_Row]:
    """The ledger's rows, each checked: its amounts and that its net is what it ends with
    less what it bought."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        header = next(reader, None)
        if header is None:
            raise _refuse("file: the file is empty; expected a PokerNow ledger CSV with the "
                          "header " + ",".join(COLUMNS) + ".")
        header = [name.strip().lower() for name in header]
        missing = [name for name in COLUMNS if name not in header]
        if missing:
            raise _refuse(f"file: the column {missing[0]} is missing; a PokerNow ledger has "
                          + ",".join(COLUMNS) + ".", missing[0])
        at = {name: header.index(name) for name in COLUMNS}
        rows: list[_Row] = []
        for line, record in enumerate(reader, start=2):
            if not any(cell.strip() for cell in record):
                continue
            if len(rows) >= MAX_ROWS:
                raise _refuse(f"file: more than {MAX_ROWS:,} rows; a night has fewer.")
            if len(record) <= max(at.values()):
                raise _refuse(f"row {line}: {len(record)} fields; the header has "
                              f"{len(header)}.")
            cell = {name: record[index] for name, index in at.items()}
            nickname = " ".join(cell["player_nickname"].split())
            if not nickname:
                raise _refuse(f"row {line}: player_nickname is empty.", "player_nickname")
            buy_in = _chips_in(cell["buy_in"], line, "buy_in", chip_value)
            if cell["buy_out"].strip():
                ends_with = _chips_in(cell["buy_out"], line, "buy_out", chip_value)
            elif cell["stack"].strip():
                ends_with = _chips_in(cell["stack"], line, "stack", chip_value)
            else:
                raise _refuse(f"row {line}: buy_out and stack are both empty; one says what "
                              f"{nickname} ended with.", "buy_out")
            net = _chips_in(cell["net"], line, "net", chip_value, signed=True)
            if net != ends_with - buy_in:
                raise _refuse(f"row {line}: net {cell['net'].strip()} is not what "
                              f"{nickname} ended with less the buy-in.", "net")
            rows.append(_Row(line, nickname, _moment(cell["session_start_at"], line),
                             buy_in, ends_with, net))
    except csv.Error as error:
        raise _refuse(f"file: not a CSV file ({error}).") from None
    if not rows:
        raise _refuse("file: the ledger has no rows.")
    total = sum(row.net for row in rows)
    if total:
        raise _refuse(f"file: the nets add up to {Decimal(total) / chip_value} chips, not 0; "
                      "a ledger's nets sum to zero.", "net")
    return rows


# ---- who is who -------------------------------------------------------------------------------

def _note_id(name: str, taken: set[str]) -> str:
    stem = _NOTE_LETTERS.sub("", name.upper())[:6] or "GUEST"
    for number in range(1, 10_000):
        candidate = stem if number == 1 else f"{stem[:8 - len(str(number))]}{number}"
        if candidate not in taken:
            taken.add(candidate)
            return candidate
    raise _refuse(f"no bank-note identifier left for {name}.")   # pragma: no cover


def _who(rows: Sequence[_Row], known: Sequence[Known], aliases: Mapping[str, str],
         settings: HouseSettings, guests_invited_by: str | None) -> tuple[dict[str, str],
                                                                     list[Known]]:
    """Each nickname's player name, and the guests to add."""
    names = [person.name for person in known]
    player_of: dict[str, str] = {}
    unknown: list[str] = []
    for row in rows:
        if row.nickname in player_of or row.nickname in unknown:
            continue
        found = aliases.get(identity(row.nickname)) or same_person(row.nickname, names)
        if found is None:
            unknown.append(row.nickname)
        else:
            player_of[row.nickname] = found
    if not unknown:
        return player_of, []
    if guests_invited_by is None:
        raise _refuse("Unknown nicknames: " + ", ".join(unknown) + ". Name each with --alias "
                      "\"nickname=Player\", or add them as guests with --guests-invited-by "
                      "NAME.", "player_nickname")
    inviter = same_person(guests_invited_by, names)
    by_name = {person.name: person for person in known}
    if inviter is None or not by_name[inviter].regular:
        raise _refuse(f"--guests-invited-by: {guests_invited_by!r} is not a regular of the "
                      "house.", "guests_invited_by")
    taken = {person.note_id for person in known} | {settings.host_note_id}
    guests: list[Known] = []
    for nickname in unknown:
        same = same_person(nickname, [guest.name for guest in guests])
        if same is not None:
            player_of[nickname] = same
            continue
        try:
            name = read_name(nickname)
        except NameRefused as refused:
            raise _refuse(f"player_nickname {nickname!r}: {refused}",
                          "player_nickname") from None
        guests.append(Known(name, _note_id(name, taken), regular=False, invited_by=inviter))
        player_of[nickname] = name
    return player_of, guests


def night_settings(settings: HouseSettings, chip_value: int, rows: Sequence[_Row],
                   book: Mapping[str, int]) -> HouseSettings:
    """The house's settings played to the cent: unit, buy-in step and cash unit one chip.

    A file of money (chip value 1) with amounts of cents in it plays by the finest step its
    amounts need (their greatest common divisor with the chip value), and a THE BOOK balance
    that is not whole steps makes the smallest chip finer still, so THE BOOK can be carried
    in; the buy-ins and cash-outs are whole steps either way."""
    step = math.gcd(chip_value, *(amount for row in rows for amount in (row.buy_in,
                                                                        row.ends_with)))
    unit = math.gcd(step, *book.values())
    colours = list(dict.fromkeys([*settings.colours, *SPARE_COLOURS]))
    chips = ((colours[0], unit), *((colour, step * count)
                                   for colour, count in zip(colours[1:], LARGER_CHIPS,
                                                            strict=False)))

    def whole(amount: int) -> int:
        return -(-amount // unit) * unit

    try:
        return settings.changed(chips=chips, buy_in_step=step, cash_unit=step,
                                penalty_amount=whole(settings.penalty_amount),
                                burn_cap=whole(settings.burn_cap))
    except SettingsError as error:
        raise _refuse(f"--chip-value: {error.message}", "chip_value") from None


def _parts(cents: int, most: int) -> list[int]:
    """A buy-in as buys of at most the largest amount one buy may be."""
    whole, rest = divmod(cents, most)
    return [most] * whole + ([rest] if rest else [])


def _counted(cents: int, settings: HouseSettings) -> dict[str, int]:
    """A cash-out of `cents` as a count by colour, the largest chips first."""
    count: dict[str, int] = {}
    left = cents
    for colour, value in reversed(settings.chips):
        number, left = divmod(left, value)
        if number:
            count[colour] = number
    return count or {settings.colours[0]: 0}


# ---- the document -----------------------------------------------------------------------------

def night_document(text: str, *, settings: HouseSettings, known: Sequence[Known],
                   book: Mapping[str, int], aliases: Iterable[str] = (),
                   date: str | None = None, chip_value: str = DEFAULT_CHIP_VALUE,
                   guests_invited_by: str | None = None) -> dict[str, Any]:
    """The PokerNow ledger `text` as a closed night of the house whose settings, players and
    THE BOOK (name -> hundredths, non-zero) are given: a `banker-session/2` document."""
    value = chip_value_cents(chip_value, settings)
    mapped = _aliases(aliases, known)
    if date is not None:
        try:
            datetime.date.fromisoformat(date)
        except ValueError:
            raise _refuse(f"--date: {date!r} is not a date such as 2026-11-21.",
                          "date") from None
    rows = read_rows(text, value)
    player_of, guests = _who(rows, known, mapped, settings, guests_invited_by)
    people = {person.name: person for person in [*known, *guests]}
    night = night_settings(settings, value, rows, book)
    order = sorted(rows, key=lambda row: (row.started is None,
                                          row.started.timestamp() if row.started else 0.0,
                                          row.line))
    playing = list(dict.fromkeys(player_of[row.nickname] for row in rows))
    banker = next((name for name in playing if people[name].regular), None)
    if banker is None:
        banker = next((person.name for person in known if person.is_host), None)
    if banker is None:
        raise _refuse("The night needs a banker: none of its players is a regular and the "
                      "house has no host.", "banker")
    if date is None:
        starts = [row.started for row in rows if row.started is not None]
        if not starts:
            raise _refuse("--date: the file gives no session_start_at; give the date.",
                          "date")
        date = min(starts).astimezone(night.zone).date().isoformat()
    amount = night.amount_text
    most = night.largest_amount // night.buy_in_step * night.buy_in_step
    events: list[dict[str, Any]] = [
        {"type": "buy", "player": player_of[row.nickname], "amount": amount(part),
         "paid": "book"} for row in order for part in _parts(row.buy_in, most)]
    ends: dict[str, int] = {}
    for row in order:
        name = player_of[row.nickname]
        if row.buy_in or row.ends_with or name in ends:
            ends[name] = ends.get(name, 0) + row.ends_with
    events += [{"type": "cashout", "player": name, "chips": _counted(cents, night)}
               for name, cents in ends.items()]
    events.append({"type": "close"})
    wanted = [banker, *playing, *(name for name in book if name in people)]
    for name in list(wanted):   # inviters come along, so a guest can be written
        inviter = people[name].invited_by
        while inviter is not None and inviter not in wanted and inviter in people:
            wanted.append(inviter)
            inviter = people[inviter].invited_by
    rows_out = []
    placed: set[str] = set()

    def place(name: str) -> None:
        if name in placed:
            return
        placed.add(name)
        person = people[name]
        if person.invited_by is not None and person.invited_by in people:
            place(person.invited_by)
        row: dict[str, Any] = {"name": person.name, "note_id": person.note_id,
                               "regular": person.regular}
        if person.is_host:
            row["host"] = True
        if person.invited_by is not None:
            row["invited_by"] = person.invited_by
        rows_out.append(row)

    for name in wanted:
        place(name)
    return {
        "format": FORMAT,
        "house": night.to_json(),
        "session": {"date": date, "banker": banker, "host_present": True,
                    "seating": list(dict.fromkeys([banker, *playing]))},
        "players": rows_out,
        "book_before": {name: night.amount_text(cents) for name, cents in sorted(book.items())
                        if cents},
        "events": events,
    }
