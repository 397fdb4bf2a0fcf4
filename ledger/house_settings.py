"""A house's own game (ARCHITECTURE.md, "A house's own game"): its chips, stakes, currency, time
zone and bank rules, as one frozen value read from and written to the settings' JSON form.

A house keeps its settings; a night copies them when it opens and keeps them, so a later change
never alters an open or closed night. Missing keys take the seed house's value: a house or a
night made before settings existed is the seed house's game, to the cent.

Amounts are integer hundredths of the currency inside, whatever its minor digits (a yen game's
¥100 chip is 10000), so the posting core and the rules engine read every night alike; outside
they are decimal strings with exactly the currency's digits ("12.50", "1500"). Currency facts
(which codes are in use, their digits and symbols) come from Babel's CLDR data.

Plain Python (no Django): the posting core, the forms, the night file and the commands read it.
"""

from __future__ import annotations

import datetime
import re
import zoneinfo
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from babel.core import get_global
from babel.numbers import (
    format_currency,
    get_currency_precision,
    get_currency_symbol,
    get_territory_currencies,
)

from rules.games.definition import PIGGING, TIES
from rules.money import (
    SEED_BURN_CAP,
    SEED_BUY_IN_STEP,
    SEED_CASH_UNIT,
    SEED_UNIT,
)

MAX_CHIPS = 10
SEED_TIME_ZONE = "America/New_York"
LARGEST_AMOUNT = 100_000_00
LANGUAGES = ("en", "de", "es", "fr")
SEED_CHIPS: tuple[tuple[str, int], ...] = (
    ("white", SEED_UNIT), ("red", 10), ("blue", 25), ("yellow", 50), ("black", 100),
    ("green", 500),
)
_COLOUR = re.compile(r"^[a-z][a-z0-9-]{0,19}$")
_NOTE_ID = re.compile(r"^[A-Z0-9]{1,8}$")
_ENGINE_MONEY = re.compile(r"(-?)\$([0-9]+)\.([0-9]{2})(?![0-9])")
_WHOLE_DECIMAL = re.compile(r"(?<![0-9.])([0-9]+)\.00(?![0-9])")
_AMOUNT = re.compile(r"^([0-9]{1,13})(?:\.([0-9]{1,2}))?$")


class SettingsError(ValueError):
    """A house's settings refused: `field` names the key, the message says why in a sentence."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class HouseSettings:
    """The rules a house's nights are played by. Amounts in hundredths of the currency."""

    currency: str = "USD"
    time_zone: str = SEED_TIME_ZONE
    language: str = "en"
    chips: tuple[tuple[str, int], ...] = SEED_CHIPS          # (colour, value), smallest first
    buy_in_step: int = SEED_BUY_IN_STEP                      # B2
    cash_unit: int = SEED_CASH_UNIT                          # B12
    guest_debt_to_inviter: bool = True                       # B9
    host_note_id: str = "BOG"                                # B4
    penalty_amount: int = 20                                 # B11: 0 = no penalty
    penalty_warnings: int = 1                                # B11: warnings a night
    last_dealer_rule: bool = True                            # B13
    pigging: str = "house"                                   # P1, the default of a call
    burn_cap: int = SEED_BURN_CAP                            # P4
    ties: str = "split"                                      # P6

    # ---- what the rest of the site reads ------------------------------------------------

    @property
    def unit(self) -> int:
        """The smallest chip: every amount of the house's nights is a whole number of it."""
        return self.chips[0][1]

    @property
    def chip_values(self) -> dict[str, int]:
        """Colour -> value, smallest first (B10 for the seed house)."""
        return dict(self.chips)

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(colour for colour, _ in self.chips)

    @property
    def digits(self) -> int:
        """The currency's minor digits: 2 for USD, 0 for JPY."""
        return currency_digits(self.currency)

    @property
    def zone(self) -> zoneinfo.ZoneInfo:
        return zoneinfo.ZoneInfo(self.time_zone)

    @property
    def own_zone(self) -> zoneinfo.ZoneInfo | None:
        """The zone a page of the house tells times in; None in the seed house's zone, where
        the site's TIME_ZONE (a deployment's setting) stays, as before settings."""
        return None if self.time_zone == SEED_TIME_ZONE else self.zone

    @property
    def has_final_pot(self) -> bool:
        """A cash unit above the unit leaves odd chips for a final pot (B12)."""
        return self.cash_unit != self.unit

    @property
    def largest_amount(self) -> int:
        """The most one typed amount may be: 100,000 of a currency with cents ($100,000), ten
        million of one without (¥10,000,000), so a slip of the finger is asked about."""
        return LARGEST_AMOUNT if self.digits else LARGEST_AMOUNT * 100

    @property
    def largest_text(self) -> str:
        """The largest amount as a sentence says it: "$100,000", "¥10,000,000"."""
        symbol = get_currency_symbol(self.currency, "en")
        gap = " " if symbol[-1:].isalpha() else ""
        return f"{symbol}{gap}{self.largest_amount // 100:,}"

    def amount_text(self, cents: int) -> str:
        """An amount as the JSON and the CLI write it: "12.50", "-3.00", "1500" (yen)."""
        return amount_text(cents, self.digits)

    def money(self, cents: int) -> str:
        """An amount as a page says it: "$18.05", "-€4.00", "¥1500", "CHF 12.50"."""
        return money_text(cents, self.currency, self.language)

    def in_currency(self, text: str) -> str:
        """A sentence of the rules engine (which says money the seed house's way, "$1.00",
        "3000.00") in this currency: "€1.00"; "¥3000" in a currency without cents."""
        text = _ENGINE_MONEY.sub(lambda found: self.money(
            (-1 if found[1] else 1) * (int(found[2]) * 100 + int(found[3]))), text)
        if not self.digits:
            text = _WHOLE_DECIMAL.sub(r"\1", text)
        return text

    def read_amount(self, value: object, *, field: str) -> int:
        """A decimal string with at most the currency's digits, into hundredths."""
        return read_amount(value, self.digits, field=field, currency=self.currency)

    # ---- the JSON form -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Every key of ARCHITECTURE.md's JSON form, amounts as decimal strings."""
        text = self.amount_text
        return {
            "currency": self.currency, "time_zone": self.time_zone, "language": self.language,
            "chips": {colour: text(value) for colour, value in self.chips},
            "buy_in_step": text(self.buy_in_step), "cash_unit": text(self.cash_unit),
            "guest_debt_to_inviter": self.guest_debt_to_inviter,
            "host_note_id": self.host_note_id,
            "penalty": {"amount": text(self.penalty_amount),
                        "warnings": self.penalty_warnings},
            "last_dealer_rule": self.last_dealer_rule,
            "game_defaults": {"pigging": self.pigging, "burn_cap": text(self.burn_cap),
                              "ties": self.ties},
        }

    @classmethod
    def from_json(cls, data: object, *, base: HouseSettings | None = None) -> HouseSettings:
        """Read the JSON form: the keys given replace `base`'s (default: the seed house's).
        Raises SettingsError naming the first key refused."""
        if not isinstance(data, Mapping):
            raise SettingsError("settings", "The settings are a JSON object of keys such as "
                                            "\"currency\" and \"chips\".")
        return _read(dict(data), base or SEED)

    def changed(self, **changes: Any) -> HouseSettings:
        """A copy with `changes`, checked as the JSON form is."""
        return _checked(replace(self, **changes))


SEED = HouseSettings()


# ---- currency facts (Babel's CLDR data) -----------------------------------------------


@cache
def currencies_in_use() -> frozenset[str]:
    """The ISO 4217 codes some territory pays in today (CLDR), with 0 or 2 minor digits."""
    today = datetime.date.today()
    codes = {code for territory in get_global("territory_currencies")
             for code in get_territory_currencies(territory, today, tender=True)}
    return frozenset(code for code in codes if get_currency_precision(code) in (0, 2))


def currency_digits(code: str) -> int:
    return int(get_currency_precision(code))


def amount_text(cents: int, digits: int = 2) -> str:
    """Hundredths as a decimal string with `digits` places (0 or 2)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    if digits == 0:
        return f"{sign}{whole}" if not part else f"{sign}{whole}.{part:02d}"
    return f"{sign}{whole}.{part:02d}"


def money_text(cents: int, currency: str = "USD", language: str = "en") -> str:
    """The amount with its currency, the sign first: "$18.05", "-€4.00", "¥1500"; in another
    language as CLDR writes it there ("12,50 €")."""
    if language != "en":
        from decimal import Decimal

        value = Decimal(cents).scaleb(-2)
        return str(format_currency(value, currency, locale=language,
                                   currency_digits=True, group_separator=False))
    symbol = get_currency_symbol(currency, "en")
    sign = "-" if cents < 0 else ""
    gap = " " if symbol[-1:].isalpha() else ""
    return f"{sign}{symbol}{gap}{amount_text(abs(cents), currency_digits(currency))}"


def read_amount(value: object, digits: int, *, field: str, currency: str = "USD") -> int:
    """A decimal string of at most `digits` places, not negative, into hundredths."""
    example = "\"12.50\"" if digits else "\"1500\""
    if not isinstance(value, str) or not _AMOUNT.match(value.strip()):
        raise SettingsError(field, f"{field}: write the amount as a decimal string such as "
                                   f"{example}, not {value!r}.")
    whole, part = _AMOUNT.match(value.strip()).groups()  # type: ignore[union-attr]
    part = (part or "").ljust(2, "0")
    if digits == 0 and part != "00":
        raise SettingsError(field, f"{field}: {currency} has no minor unit, so {value} is "
                                   f"finer than the currency allows.")
    return int(whole) * 100 + int(part)


# ---- reading the JSON form ------------------------------------------------------------


_KEYS = {"currency", "time_zone", "language", "chips", "buy_in_step", "cash_unit",
         "guest_debt_to_inviter", "host_note_id", "penalty", "last_dealer_rule", "game_defaults"}


def _read(data: dict[str, Any], base: HouseSettings) -> HouseSettings:
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SettingsError(unknown[0], f"{unknown[0]}: not a setting of a house (the settings "
                                        f"are {', '.join(sorted(_KEYS))}).")
    currency = _currency(data.get("currency", base.currency))
    digits = currency_digits(currency)

    def amount(value: object, name: str) -> int:
        return read_amount(value, digits, field=name, currency=currency)

    def given(name: str, old: int) -> int:
        return amount(data[name], name) if name in data else kept(old)

    chips = _chips(data["chips"], amount) if "chips" in data else base.chips
    unit = chips[0][1]

    def kept(old: int) -> int:
        """An amount the JSON leaves as it was: rounded up to whole units of new chips
        (the seed's 20¢ penalty is ¥100 in a house whose smallest chip is ¥100)."""
        return -(-old // unit) * unit

    penalty = data.get("penalty", {})
    if not isinstance(penalty, Mapping):
        raise SettingsError("penalty", "penalty: an object with \"amount\" and \"warnings\".")
    defaults = data.get("game_defaults", {})
    if not isinstance(defaults, Mapping):
        raise SettingsError("game_defaults", "game_defaults: an object with \"pigging\", "
                                             "\"burn_cap\" and \"ties\".")
    settings = HouseSettings(
        currency=currency,
        time_zone=_text(data, "time_zone", base.time_zone),
        language=_text(data, "language", base.language),
        chips=chips,
        buy_in_step=given("buy_in_step", base.buy_in_step),
        cash_unit=given("cash_unit", base.cash_unit),
        guest_debt_to_inviter=_flag(data, "guest_debt_to_inviter", base.guest_debt_to_inviter),
        host_note_id=_text(data, "host_note_id", base.host_note_id),
        penalty_amount=(amount(penalty["amount"], "penalty.amount") if "amount" in penalty
                        else kept(base.penalty_amount)),
        penalty_warnings=_count(penalty, "warnings", base.penalty_warnings, "penalty.warnings"),
        last_dealer_rule=_flag(data, "last_dealer_rule", base.last_dealer_rule),
        pigging=_text(defaults, "pigging", base.pigging, "game_defaults.pigging"),
        burn_cap=(amount(defaults["burn_cap"], "game_defaults.burn_cap")
                  if "burn_cap" in defaults
                  else kept(base.burn_cap)),
        ties=_text(defaults, "ties", base.ties, "game_defaults.ties"),
    )
    return _checked(settings)


def _currency(value: object) -> str:
    if not isinstance(value, str) or value.strip().upper() not in currencies_in_use():
        raise SettingsError("currency", f"currency: {value!r} is not an ISO 4217 code of a "
                                        "currency in use with 0 or 2 minor digits (such as "
                                        "USD, EUR, GBP, JPY).")
    return value.strip().upper()


def _chips(value: object, amount: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or not value:
        raise SettingsError("chips", "chips: an object of colour names and values, such as "
                                     "{\"white\": \"0.25\", \"red\": \"1.00\"}.")
    if len(value) > MAX_CHIPS:
        raise SettingsError("chips", f"chips: at most {MAX_CHIPS} chips, not {len(value)}.")
    chips: list[tuple[str, int]] = []
    for colour, text in value.items():
        name = str(colour).strip().lower()
        if not _COLOUR.match(name):
            raise SettingsError("chips", f"chips: {colour!r} is not a colour name (lower-case "
                                         "letters, digits and hyphens, up to 20).")
        cents = amount(text, f"chips.{name}")
        if cents <= 0:
            raise SettingsError(f"chips.{name}", f"chips.{name}: a chip is worth more than 0.")
        chips.append((name, cents))
    names = [name for name, _ in chips]
    if len(set(names)) != len(names):
        raise SettingsError("chips", "chips: each colour once.")
    values = sorted(cents for _, cents in chips)
    twice = next((v for a, v in zip(values, values[1:], strict=False) if a == v), None)
    if twice is not None:
        raise SettingsError("chips", "chips: two chips have the same value; each value once.")
    return tuple(sorted(chips, key=lambda chip: chip[1]))


def _text(data: Mapping[str, Any], key: str, default: str, name: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise SettingsError(name or key, f"{name or key}: a text, not {value!r}.")
    return value.strip()


def _flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise SettingsError(key, f"{key}: true or false, not {value!r}.")
    return value


def _count(data: Mapping[str, Any], key: str, default: int, name: str) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
        raise SettingsError(name, f"{name}: a whole number from 0 to 99, not {value!r}.")
    return value


def _checked(settings: HouseSettings) -> HouseSettings:
    """The rules between the keys: whole units, a known zone and language, the options."""
    _currency(settings.currency)
    digits = settings.digits
    money = settings.money
    unit = settings.unit
    if digits == 0 and unit % 100:
        raise SettingsError("chips", f"chips: {settings.currency} has no minor unit, so the "
                                     f"smallest chip cannot be {settings.amount_text(unit)}.")
    odd = next(((c, v) for c, v in settings.chips if v % unit), None)
    if odd is not None:
        raise SettingsError(f"chips.{odd[0]}",
                            f"chips.{odd[0]}: {money(odd[1])} is not a whole number of the "
                            f"smallest chip ({money(unit)}).")
    for name, value in (("buy_in_step", settings.buy_in_step),
                        ("cash_unit", settings.cash_unit),
                        ("penalty.amount", settings.penalty_amount),
                        ("game_defaults.burn_cap", settings.burn_cap)):
        if value % unit or (value == 0 and name in ("buy_in_step", "cash_unit")):
            raise SettingsError(name, f"{name}: {money(value)} is not a whole number of the "
                                      f"smallest chip ({money(unit)}).")
    try:
        zoneinfo.ZoneInfo(settings.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise SettingsError("time_zone", f"time_zone: {settings.time_zone!r} is not an IANA "
                                         "time zone (such as Europe/Berlin).") from None
    if settings.language not in LANGUAGES:
        raise SettingsError("language", f"language: {settings.language!r} is not one of "
                                        f"{', '.join(LANGUAGES)}.")
    if not _NOTE_ID.match(settings.host_note_id):
        raise SettingsError("host_note_id", "host_note_id: 1 to 8 capital letters or digits, "
                                            f"not {settings.host_note_id!r}.")
    if settings.pigging not in PIGGING:
        raise SettingsError("game_defaults.pigging",
                            f"game_defaults.pigging: one of {', '.join(PIGGING)}.")
    if settings.ties not in TIES:
        raise SettingsError("game_defaults.ties", f"game_defaults.ties: one of {', '.join(TIES)}.")
    return settings


# ---- presets ----------------------------------------------------------------------------

PRESETS: dict[str, HouseSettings] = {
    "seed": SEED,
    "dollar-chips": HouseSettings(
        chips=(("white", 100), ("red", 500), ("green", 2500), ("black", 10000)),
        buy_in_step=2000, cash_unit=100, penalty_amount=100, burn_cap=2500),
    "euro": HouseSettings(
        currency="EUR", time_zone="Europe/Berlin",
        chips=(("white", 10), ("red", 50), ("blue", 100), ("black", 500)),
        buy_in_step=1000, cash_unit=100, penalty_amount=50),
}
PRESET_WORDS = {
    "seed": "the seed house: chips from 5¢ to $5, $5 buy-ins, whole dollars at cash-out",
    "dollar-chips": "a dollar-chip game: chips $1, $5, $25, $100, $20 buy-ins",
    "euro": "a euro game: chips €0.10 to €5, €10 buy-ins, whole euros at cash-out",
}


def preset(name: str) -> HouseSettings:
    try:
        return PRESETS[name]
    except KeyError:
        raise SettingsError("preset", f"preset: {name!r} is not one of "
                                      f"{', '.join(PRESETS)}.") from None


def stored(data: Mapping[str, Any] | None) -> HouseSettings:
    """Settings as a house or a night keeps them (JSON; empty = the seed house's)."""
    if not data:
        return SEED
    return HouseSettings.from_json(data)


# ---- the settings a page or a command is showing ------------------------------------

_SHOWN: ContextVar[HouseSettings] = ContextVar("house_settings_shown", default=SEED)


def shown() -> HouseSettings:
    """The settings of the house or night being shown (the money filters read them)."""
    return _SHOWN.get()


def show(settings: HouseSettings) -> None:
    """Show money in `settings`' currency for the rest of this request (inside `showing`)."""
    _SHOWN.set(settings)


@contextmanager
def showing(settings: HouseSettings) -> Iterator[HouseSettings]:
    """Show money in `settings`' currency inside the block, then as before: each request
    starts from the seed house's (HouseMiddleware), a command's night from its own."""
    token = _SHOWN.set(settings)
    try:
        yield settings
    finally:
        _SHOWN.reset(token)


__all__ = [
    "HouseSettings", "SettingsError", "SEED", "PRESETS", "PRESET_WORDS", "preset", "stored",
    "amount_text", "money_text", "read_amount", "currencies_in_use", "shown", "show", "showing",
]
