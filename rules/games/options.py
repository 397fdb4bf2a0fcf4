"""A game's options: the options vocabulary (ARCHITECTURE.md), the house settings, and
`apply_options`, which turns a showdown's `options` into an adjusted `GameDef` and its settings.

rules/README.md ("Game definitions") lists the vocabulary; a game's own named options are part
of its definition (`definition.Option`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import RulesError
from ..money import SEED_BURN_CAP, SEED_UNIT, format_cents, parse_cents, read_money, require_units
from .definition import BURNS, MATCHES, PIGGING, POT_KINDS, SPLITS, TIES, Dummy, GameDef, _check
from .up_cards import card_spec

# option "low" -> (scheme, qualifier) (ARCHITECTURE.md's options vocabulary)
LOW_OPTION = {
    "house": ("low", None),
    "a5": ("low-a5", None),
    "27": ("low-27", None),
    "a6": ("low-a6", None),
    "8-or-better": ("low-8", 8),
    "doogie": ("doogie", 7),
}

KITTY = Dummy(name="Kitty")

Settings = dict[str, object]
"""A game's settings as `apply_options` gives them: option name -> value (the house settings
and the game's own options; each reader checks the value's type)."""


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)

# -- the options vocabulary (ARCHITECTURE.md) ------------------------------------------------
# Each word of the vocabulary has a reader: (game, value, where) -> the field overrides the
# option's value stands for ("pot.<field>" for a field of the pot rule).

VocabularyReader = Callable[[GameDef, Any, str], dict[str, Any]]


def _text(value: object, where: str) -> None:
    if value is not None and not isinstance(value, str):
        raise RulesError(f"{where}: expected a string")


HI_LO_OPTION = "hi_lo"   # the name of a game's own option that plays it high-low


def high_low_sets(game: GameDef) -> Mapping[str, object]:
    """The low side a game plays when it is played high-low: its `hi_lo` option's "true"
    choice (the seed's own low scheme and qualifier, e.g. Two Eleven's ace-to-five 7 or
    better), or nothing when the game has no such option."""
    for option in game.options:
        if option.name == HI_LO_OPTION:
            return option.choices.get("true", {})
    return {}


def _read_split(game: GameDef, value: Any, where: str) -> dict[str, Any]:
    """A split that needs a low side gives a game without one the low its text names (its
    `hi_lo` option's scheme and qualifier), else the house low (S7) without a qualifier."""
    _text(value, where)
    _check(value, SPLITS, where)
    sets: dict[str, Any] = {"split": value}
    if value in ("low", "cards-talk", "declare") and game.low is None:
        own = high_low_sets(game)
        sets["low"] = own.get("low", "low")
        if "low_qualifier" in own:
            sets["low_qualifier"] = own["low_qualifier"]
    return sets


def _read_text(name: str, allowed: tuple[str, ...] | None = None,
               none: str | None = None) -> VocabularyReader:
    """A field set to a string (checked against `allowed`); `none` stands for a null value."""

    def read(game: GameDef, value: Any, where: str) -> dict[str, Any]:
        _text(value, where)
        if allowed is not None:
            _check(value, allowed, where)
        return {name: value if value is not None else none}

    return read


def _read_low(game: GameDef, value: Any, where: str) -> dict[str, Any]:
    """A low scheme; one that carries no qualifier of its own (house, a5, 27, a6) keeps the
    game's qualifier (Two Eleven's 7, Pyramid's 8): only `low_qualifier` removes it."""
    _check(value, tuple(LOW_OPTION), where)
    scheme, own = LOW_OPTION[value]
    qualifier = own if own is not None else game.low_qualifier if game.low is not None else \
        high_low_sets(game).get("low_qualifier")
    return {"low": scheme, "low_qualifier": qualifier}


def _read_low_qualifier(game: GameDef, value: Any, where: str) -> dict[str, Any]:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int | str)
                              or not str(value).isdigit()):
        raise RulesError(f"{where}: expected a rank number such as 8, got {value!r}")
    return {"low_qualifier": None if value is None else int(value)}


def _read_pot_choice(pot_field: str, allowed: tuple[str, ...]) -> VocabularyReader:
    def read(game: GameDef, value: Any, where: str) -> dict[str, Any]:
        _check(value, allowed, where)
        return {f"pot.{pot_field}": value}

    return read


def _read_money(pot_field: str, **also: Any) -> VocabularyReader:
    """An amount of money ("1.50") for a pot field, with other pot fields it implies."""

    def read(game: GameDef, value: Any, where: str) -> dict[str, Any]:
        cents = None if value is None else parse_cents(value, field=where)
        return {f"pot.{pot_field}": cents, **{f"pot.{key}": item for key, item in also.items()}}

    return read


def _read_count(pot_field: str) -> VocabularyReader:
    def read(game: GameDef, value: Any, where: str) -> dict[str, Any]:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):
            raise RulesError(f"{where}: expected a positive whole number, got {value!r}")
        return {f"pot.{pot_field}": value}

    return read


def _read_kitty(game: GameDef, value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, bool):
        raise RulesError(f"{where}: expected true or false")
    if value:
        return {"dummy": KITTY}
    return {"dummy": None} if game.dummy == KITTY else {}


def _tokens(spec: str) -> list[str]:
    return [t.strip() for t in spec.replace(" ", ",").split(",") if t.strip()]


def _read_follow_card(game: GameDef, value: Any, where: str) -> dict[str, Any]:
    """The follow card (H1): a rank (`Q`) or cards (`Qh,Qd`, "follow the red queen"). The
    follow cards are wild themselves: the game's wild cards lose the old follow cards and
    gain the new ones."""
    if not isinstance(value, str):
        raise RulesError(f"{where}: expected a rank such as Q or cards such as Qh,Qd, "
                         f"got {value!r}")
    card_spec(value, where)
    old = {token.upper() for token in _tokens(game.follow)}
    kept = [token for token in _tokens(game.wild) if token.upper() not in old]
    new = _tokens(value)
    return {"follow": ",".join(new), "wild": ",".join(kept + new)}


VOCABULARY: dict[str, VocabularyReader] = {
    "split": _read_split,
    "low": _read_low,
    "wild": _read_text("wild", none=""),
    "ties": _read_text("ties", TIES),
    "pigging": _read_text("pigging", PIGGING),
    "pot_rule": _read_pot_choice("kind", POT_KINDS),
    "burn_cap": _read_money("burn_amount", burn="pot-up-to"),
    "kitty": _read_kitty,
    "high_qualifier": _read_text("high_qualifier"),
    "low_qualifier": _read_low_qualifier,
    # beyond the contract's table, understood by every game:
    "kill": _read_text("kill", none=""),
    "high": _read_text("high"),
    "burn": _read_pot_choice("burn", BURNS),
    "burn_step": _read_money("burn_step"),
    "burn_percent": _read_count("burn_percent"),
    "match": _read_pot_choice("match", MATCHES),
    "match_cap": _read_money("match_cap"),
    "legs": _read_count("legs"),
    "follow_card": _read_follow_card,
}


LATE = {"burn": 1, "low_qualifier": 1}   # vocabulary options read after the others

# Options of the vocabulary that change no field of the definition: they are carried in the
# settings (every game has them, at these house defaults unless the game's own option of the
# same name sets another) and read by `rules.games.antes` (P7).
HOUSE_SETTINGS: dict[str, object] = {"ante": format_cents(SEED_UNIT), "baltimore": True,
                                     "ante_by": "everyone"}
# who antes: everybody dealt in (P7, with the Baltimore exception); the dealer alone (Brag's
# "dealer's edge", 002); everybody but the last pot's winners (Island Pineapple's Arcade Ante)
ANTE_BY = ("everyone", "dealer", "all-but-winners")


# Settings whose default is one unit of play (P7: the ante; a side payment's chip): a house
# whose smallest chip is another takes that chip as their default.
ONE_UNIT_SETTINGS = ("ante", "chip")


def read_ante(value: object, where: str, unit: int = SEED_UNIT) -> int:
    """An ante as integer cents: a decimal string of whole units, zero for none (P7)."""
    cents = require_units(read_money(value, field=where), field=where, unit=unit)
    if cents < 0:
        raise RulesError(f"{where}: expected an amount of 0.00 or more, got {value!r}")
    return cents


def read_flag(value: object, where: str) -> bool:
    """A true/false setting, such as `baltimore`."""
    if not isinstance(value, bool):
        raise RulesError(f"{where}: expected true or false, got {value!r}")
    return value


def read_whole_number(value: object, where: str, minimum: int = 0) -> int:
    """A count setting (KRG's `wins`, a layout's `adjacent`): a whole number or its digits."""
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise RulesError(f"{where}: expected a whole number of {minimum} or more, "
                         f"got {value!r}")
    return value


def house_defaults(game: GameDef, *, pigging: str = "house", ties: str = "split",
                   burn_cap: int = SEED_BURN_CAP) -> dict[str, object]:
    """The options a house's own defaults give a called game (P1 pigging, P6 ties, P4 the
    burn's cap): only where the game keeps the seed house's rule, so a game whose rules say
    otherwise (goal-posting by its text, a fixed burn) keeps them, and the seed house's
    defaults give no option at all. A game's own option of the same name is the game's."""
    chosen: dict[str, object] = {}
    if pigging != "house" and game.pigging == "house":
        chosen["pigging"] = pigging
    if ties != "split" and game.ties == "split":
        chosen["ties"] = ties
    rule = game.pot
    if burn_cap != SEED_BURN_CAP and rule.kind == "burn" and rule.burn == "pot-up-to" \
            and rule.burn_amount == SEED_BURN_CAP:
        chosen["burn_cap"] = format_cents(burn_cap)
    own = {option.name for option in game.options}
    return {name: value for name, value in chosen.items() if name not in own}


def _check_house_settings(settings: Mapping[str, object], unit: int) -> None:
    read_ante(settings["ante"], "options.ante", unit)
    read_flag(settings["baltimore"], "options.baltimore")
    _check(settings["ante_by"], ANTE_BY, "options.ante_by")


def apply_options(game: GameDef, options: Mapping[str, object] | None, *,
                  unit: int = SEED_UNIT) -> tuple[GameDef, Settings]:
    """Apply the showdown's `options` to a definition.

    Returns the adjusted definition and the settings: the house settings (`ante`,
    `baltimore`, `HOUSE_SETTINGS`) and the game's own named options, at their defaults
    overridden by `options`. An option neither in the vocabulary nor the game's own list is
    refused, naming it. `unit` is the smallest chip (cents): a default of one seed unit (the
    ante, a chip: `ONE_UNIT_SETTINGS`) is one `unit`, and the ante and the pot's caps must be
    whole units (B10).
    """
    options = dict(options or {})
    settings = {**HOUSE_SETTINGS, **game.option_defaults()}
    if unit != SEED_UNIT:
        for name in ONE_UNIT_SETTINGS:
            if settings.get(name) == format_cents(SEED_UNIT):
                settings[name] = format_cents(unit)
    own = {option.name: option for option in game.options}
    # the game's own options first, so an explicit vocabulary option still wins
    for name, option in own.items():
        value = options.get(name, settings[name])
        settings[name] = value
        if option.choices:
            text = _option_text(value)
            if text not in option.choices:
                raise RulesError(f"options.{name}: expected one of "
                                 f"{', '.join(option.choices)}, got {value!r}")
            game = game.with_sets(option.choices[text], where=f"options.{name}")
        elif name in VOCABULARY and name in options:
            # a game's own option that is also a word of the vocabulary (Follow the Queen's
            # `follow_card`): listed with its default, read as the vocabulary reads it
            game = game.with_sets(VOCABULARY[name](game, value, f"options.{name}"),
                                  where=f"options.{name}")
    # `burn` after `burn_cap`, so {"burn": "fixed", "burn_cap": "1.50"} is a fixed $1.50 burn;
    # `low_qualifier` after `low` and `split`, so an explicit qualifier always wins
    for name, value in sorted(options.items(), key=lambda item: LATE.get(item[0], 0)):
        if name in own:
            continue
        if name in HOUSE_SETTINGS:
            settings[name] = value
            continue
        if name not in VOCABULARY:
            known = ", ".join(sorted(set(VOCABULARY) | set(HOUSE_SETTINGS) | set(own)))
            raise RulesError(f"options.{name}: unknown option for {game.id}; "
                             f"expected one of {known}")
        game = game.with_sets(VOCABULARY[name](game, value, f"options.{name}"),
                               where=f"options.{name}")
    _check_house_settings(settings, unit)
    _check_caps(game, options, unit)
    return game, settings


# the pot rule's amounts and the options that set them
_CAPS = {"burn_amount": "burn_cap", "burn_step": "burn_step", "match_cap": "match_cap"}


def _check_caps(game: GameDef, options: Mapping[str, object], unit: int) -> None:
    """A burn, its step and a match's cap are whole units (B10, P3, P4); the field named is
    the option that set it, else the definition's."""
    rule = game.pot
    used = {"match": ("match_cap",), "burn": () if rule.burn == "fraction" else
            ("burn_amount", "burn_step")}.get(rule.kind, ())
    for pot_field in used:
        option = _CAPS[pot_field]
        cents = getattr(rule, pot_field)
        if cents is not None:
            where = f"options.{option}" if option in options else f"game.pot.{pot_field}"
            require_units(cents, field=where, unit=unit)
