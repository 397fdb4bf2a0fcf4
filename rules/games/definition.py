"""The game definition format: a poker game as data the showdown engine can run.

A `GameDef` is a frozen dataclass of plain values (strings, ints, tuples, small dicts); where a
game needs behaviour the engine does not have, it names a registered extension (a ranking
scheme, a layout, a side payment, an adjustment). The same format is the JSON a dealer can give
inline as `"game": {...}` in a showdown (`GameDef.from_json` / `GameDef.to_json`). Field
vocabularies are checked when a definition is built, so a typo fails at import. The options a
showdown may give (the vocabulary, the house settings, `apply_options`) are in `options.py`.

rules/README.md ("Game definitions") walks through how a showdown uses a definition, the field
vocabularies, and four definitions written out in full.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import RulesError
from ..money import SEED_BURN_CAP, format_cents, parse_cents

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")

SPLITS = ("high", "low", "cards-talk", "declare")
DECLARATIONS = ("high", "low", "both")
PIGGING = ("house", "win-or-tie", "share-ties", "perfect-ties")
TIES = ("split", "goal-post")
WILD_WHERE = ("any", "down", "up")
POT_KINDS = ("winner-takes", "match", "burn")
BURNS = ("pot-up-to", "fixed", "fraction")
MATCHES = ("pot", "side")
DUMMY_WHEN = ("always", "alone")
DECKS = ("standard", "joker", "two-jokers", "royal", "short")


def _check(value: Any, allowed: tuple[Any, ...], what: str) -> None:
    if value not in allowed:
        raise RulesError(f"{what}: {value!r} is not one of {', '.join(map(str, allowed))}")


def _card_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


# -- field types -----------------------------------------------------------------------------
# A definition read from JSON (or changed by a round or an option) may hold a value of the
# wrong type ("hand": 5, "wild": 5, "low_qualifier": "x"): each dataclass checks its fields
# against their annotations when it is built, so the error names the field instead of failing
# later deep in the engine.


class FieldTypeError(RulesError):
    """A field of a definition holds a value of the wrong type."""

    def __init__(self, name: str, expected: str, value: object) -> None:
        super().__init__(f"{name}: expected {expected}, got {_to_json(value)!r}")
        self.name, self.expected, self.value = name, expected, value

    def under(self, where: str) -> RulesError:
        return RulesError(f"{where}.{self}")


def _conforms(value: Any, hint: Any) -> bool:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(_conforms(value, arg) for arg in args)
    if origin is tuple:
        return isinstance(value, tuple) and all(_conforms(item, args[0]) for item in value)
    if origin is Mapping:
        return isinstance(value, Mapping) and all(
            _conforms(key, args[0]) and _conforms(item, args[1]) for key, item in value.items())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _expected(hint: Any) -> str:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_expected(arg) for arg in args)
    if origin is tuple:
        return f"a list of {_expected(args[0]).replace('a ', '', 1)}s"
    if origin is Mapping:
        return "an object"
    words = {str: "a string", int: "a whole number", bool: "true or false",
             type(None): "null"}
    return words.get(hint, f"an object ({hint.__name__.lower()})")


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _check_field_types(instance: DataclassInstance) -> None:
    for name, hint in _field_types(type(instance)).items():
        value = getattr(instance, name)
        if not _conforms(value, hint):
            raise FieldTypeError(name, _expected(hint), value)


@dataclass(frozen=True)
class Position:
    """A named place on the board and how many cards lie there at the showdown.

    `plays=False` for a card that only names something (Kryky's `wild` card names the wild
    rank and is in no hand). `count=None` accepts any number (a board that shrinks or grows).
    """

    name: str
    count: int | None = 1
    plays: bool = True

    def __post_init__(self) -> None:
        _check_field_types(self)


@dataclass(frozen=True)
class Use:
    """How many cards a hand takes from one labelled group of a layout's selection.

    `source` is "hand" (the player's own cards) or a label the layout yields ("board", "row",
    "line", "square", "bottom", ...). `max=None` means no limit.
    """

    source: str
    min: int = 0
    max: int | None = None

    def __post_init__(self) -> None:
        _check_field_types(self)
        if self.min < 0 or (self.max is not None and self.max < self.min):
            raise RulesError(f"takes {self.source}: expected 0 <= min <= max, "
                             f"got min {self.min}, max {self.max}")


def take(**counts: int | tuple[int, int | None]) -> tuple[Use, ...]:
    """One alternative of a hand rule: `take(hand=2, board=3)` (exactly), `take(hand=(2, None))`
    (at least two), `take(hand=(1, 2), top=(1, 2), bottom=(1, 2))` (Cucamonga)."""
    uses = []
    for source, count in counts.items():
        low, high = (count, count) if isinstance(count, int) else count
        uses.append(Use(source, low, high))
    return tuple(uses)


ANY_COMBINATION = take(hand=(0, None), board=(0, None))


@dataclass(frozen=True)
class Hand:
    """How a player's hand is built: a layout (registered by name in `layouts.py`) with its
    parameters, and the alternatives for how many cards come from each labelled group."""

    layout: str = "community"
    params: Mapping[str, object] = field(default_factory=dict)
    takes: tuple[tuple[Use, ...], ...] = (ANY_COMBINATION,)

    def __post_init__(self) -> None:
        _check_field_types(self)
        # lists become tuples, so a definition read back from JSON equals the original
        object.__setattr__(self, "params", {k: _frozen(v) for k, v in dict(self.params).items()})


def _frozen(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, Mapping):
        return {key: _frozen(item) for key, item in value.items()}
    return value


@dataclass(frozen=True)
class Dummy:
    """A hand dealt to nobody that every player must beat to win (P9, P14).

    It is entered as the showdown's `dummy` (`{"name", "down"}`), plays the board like a
    player, never pays and never wins money: a side it wins stays in the pot.
    """

    name: str = "Kitty"
    cards: int | None = None     # how many cards it holds (None: as many as a player)
    when: str = "always"         # "alone": only a lone player must beat it (ghost top-4, P14)

    def __post_init__(self) -> None:
        _check_field_types(self)
        _check(self.when, DUMMY_WHEN, "dummy.when")




@dataclass(frozen=True)
class PotRule:
    """Who pays what after the showdown (money in integer cents).

    kind "winner-takes": the winners take the pot, nobody owes. "match" (P3): every loser puts
    in the pot (or, with `match="side"`, the part of it they contested, P12), at most
    `match_cap` (P5). "burn" (P4): every loser puts in `burn_amount` ("fixed"), the pot up to
    `burn_amount` ("pot-up-to", default $5.00), or `burn_percent` of the pot ("fraction");
    `burn_step` makes the cap progressive (round n: burn_amount + (n - 1) * burn_step).
    `legs` (P10): legs needed to take the pot. Penalties in the pot never count (B11).
    """

    kind: str = "winner-takes"
    match: str = "pot"
    match_cap: int | None = None
    burn: str = "pot-up-to"
    burn_amount: int = SEED_BURN_CAP
    burn_step: int = 0
    burn_percent: int = 50
    legs: int | None = None

    def __post_init__(self) -> None:
        _check_field_types(self)
        _check(self.kind, POT_KINDS, "pot.kind")
        _check(self.burn, BURNS, "pot.burn")
        _check(self.match, MATCHES, "pot.match")


MONEY_FIELDS = ("match_cap", "burn_amount", "burn_step")

CARD_SIDE_ORDERS = ("high", "low")
CARD_SIDE_WHERE = ("down", "up", "any")


@dataclass(frozen=True)
class CardSide:
    """A side of the pot won by a card rather than a hand (H3, Chicago): half the pot to the
    player still in who holds the highest (`order="high"`) or lowest card of `suit` among
    their `where` cards ("down": the hole, the seventh-street card counting); the other half
    to the high hand. Nobody holding such a card: the high hand takes the whole pot. The odd
    unit goes to the high half (P2). `name` is the side's name in awards and `won`."""

    suit: str = "spades"
    where: str = "down"
    order: str = "high"
    name: str = "spade"

    def __post_init__(self) -> None:
        _check_field_types(self)
        _check(self.suit, ("spades", "hearts", "diamonds", "clubs"), "card_side.suit")
        _check(self.where, CARD_SIDE_WHERE, "card_side.where")
        _check(self.order, CARD_SIDE_ORDERS, "card_side.order")
        if self.name in ("high", "low", "both", "pot") or not self.name:
            raise RulesError(f"card_side.name: {self.name!r} is taken; expected a word such "
                             "as \"spade\"")


@dataclass(frozen=True)
class Round:
    """Field overrides for one round of a game played in rounds (three-five-seven).

    `sets` maps a GameDef field to its value for that round; "pot.<field>" reaches into the
    pot rule. The showdown's `round` (1, 2, ...) picks `rounds[round - 1]`.
    """

    sets: Mapping[str, object]
    describe: str = ""

    def __post_init__(self) -> None:
        _check_field_types(self)


@dataclass(frozen=True)
class Option:
    """A named option with a default, overridable by the showdown's `options`.

    `choices` maps an option value (as a string, "true"/"false" for booleans) to field
    overrides, in the same form as `Round.sets`. An option without `choices` is a parameter
    read by name by a layout, a scheme or a side payment (e.g. Knock Poker's bonus table).
    """

    name: str
    default: object
    describe: str
    choices: Mapping[str, Mapping[str, object]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_field_types(self)


@dataclass(frozen=True)
class GameDef:
    """One poker game, as the showdown engine needs it. See the module docstring."""

    id: str
    name: str
    source: str                                  # seed file the rules come from
    describe: str                                # states the board positions and any option
    rules: tuple[str, ...] = ()                  # rule ids it follows (RULES.md)
    defined: bool = True                         # False: named in a seed without rules
    deck: str = "standard"
    down: int | None = None                      # hole cards per player (None: any number)
    up: int = 0                                  # face-up cards per player
    board: tuple[Position, ...] = ()
    hand: Hand = Hand()
    high: str | None = "high"                    # scheme name, None: no high side
    low: str | None = None                       # scheme name, None: no low side
    high_qualifier: str | None = None            # worst category that may win high
    low_qualifier: int | None = None             # highest rank a qualifying low may hold
    wild: str = ""
    wild_where: str = "any"
    kill: str = ""
    split: str = "high"
    declarations: tuple[str, ...] = DECLARATIONS
    pigging: str = "house"
    perfect: Mapping[str, tuple[str, ...]] = field(default_factory=dict)   # side -> best hand
    ties: str = "split"
    go_stop: bool = False                        # P12
    dummy: Dummy | None = None
    pot: PotRule = PotRule()
    side_payments: tuple[str, ...] = ()          # registered names (pots.SIDE_PAYMENTS)
    adjustments: tuple[str, ...] = ()            # registered names (adjustments.ADJUSTMENTS)
    rounds: tuple[Round, ...] = ()
    options: tuple[Option, ...] = ()
    follow: str = ""                             # H1: up cards whose next up card names a wild rank
    extra_down: str = ""                         # H2: up cards that each give an extra down card
    card_side: CardSide | None = None            # H3: half the pot to a card (Chicago)
    declare_words: Mapping[str, str] = field(default_factory=dict)   # H4: "7" -> "low"
    boards: tuple[str, ...] = ()                 # H7: board positions, each for its share

    def __post_init__(self) -> None:
        if not self.id or not isinstance(self.id, str):
            raise RulesError("game.id: expected a non-empty string")
        if isinstance(self.perfect, Mapping):
            object.__setattr__(self, "perfect",
                               {k: tuple(v) if isinstance(v, list) else v
                                for k, v in self.perfect.items()})
        _check_field_types(self)
        _check(self.deck, DECKS, f"game {self.id}: deck")
        _check(self.split, SPLITS, f"game {self.id}: split")
        _check(self.pigging, PIGGING, f"game {self.id}: pigging")
        _check(self.ties, TIES, f"game {self.id}: ties")
        _check(self.wild_where, WILD_WHERE, f"game {self.id}: wild_where")
        for declaration in self.declarations:
            _check(declaration, DECLARATIONS, f"game {self.id}: declarations")
        if not _card_count(self.up) or not (self.down is None or _card_count(self.down)):
            raise RulesError(f"game {self.id}: down/up: expected whole numbers of cards")
        if self.split == "high" and self.high is None:
            raise RulesError(f"game {self.id}: split 'high' needs a high scheme")
        if self.split == "low" and self.low is None:
            raise RulesError(f"game {self.id}: split 'low' needs a low scheme")
        if self.split in ("cards-talk", "declare") and (self.low is None or self.high is None):
            raise RulesError(f"game {self.id}: split {self.split!r} needs a high and a low scheme")
        for word, side in self.declare_words.items():
            _check(side, DECLARATIONS, f"game {self.id}: declare_words.{word}")
        for side in self.perfect:
            _check(side, ("high", "low"), f"game {self.id}: perfect")
        names = [position.name for position in self.board]
        if len(set(names)) != len(names):
            raise RulesError(f"game {self.id}: board position names repeat: {names}")
        for name in self.boards:
            if name not in names:
                raise RulesError(f"game {self.id}: boards: {name!r} is not a board position; "
                                 f"expected some of {', '.join(names)}")

    # -- rounds and options --------------------------------------------------------------

    def for_round(self, number: object) -> GameDef:
        """The definition as it stands in round `number` (1-based); unchanged without rounds."""
        if not self.rounds or number is None:
            return self
        if not isinstance(number, int) or not 1 <= number <= len(self.rounds):
            raise RulesError(f"round: expected 1 to {len(self.rounds)} for {self.id}, "
                             f"got {number!r}")
        return self.with_sets(self.rounds[number - 1].sets, where=f"round {number}")

    def with_sets(self, sets: Mapping[str, object], *, where: str = "sets") -> GameDef:
        """A copy with fields replaced; "pot.<field>" replaces a field of the pot rule."""
        top: dict[str, Any] = {}
        pot: dict[str, Any] = {}
        names = {f.name for f in fields(self)}
        pot_names = {f.name for f in fields(PotRule)}
        for key, value in sets.items():
            if key.startswith("pot."):
                if key[4:] not in pot_names:
                    raise RulesError(f"{where}: unknown pot field {key!r}")
                pot[key[4:]] = value
            elif key in names:
                top[key] = _field(key, value, key)
            else:
                raise RulesError(f"{where}: unknown game field {key!r}")
        try:
            if pot:
                top["pot"] = replace(top.get("pot", self.pot), **pot)
            return replace(self, **top)
        except FieldTypeError as error:
            raise RulesError(f"{where}: {error}") from None

    def option_defaults(self) -> dict[str, object]:
        return {option.name: option.default for option in self.options}

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, object]:
        """The definition as JSON (money as decimal strings)."""
        json: dict[str, object] = _to_json(self)
        return json

    @classmethod
    def from_json(cls, data: object, *, where: str = "game") -> GameDef:
        """Build a definition from its JSON form; errors name the field and what was expected."""
        if not isinstance(data, Mapping):
            raise RulesError(f"{where}: expected an object (a game definition) or a game id")
        return _game_from_json(data, where)


# -- JSON conversion -------------------------------------------------------------------------


def _to_json(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for f in fields(value):
            item = getattr(value, f.name)
            if isinstance(value, PotRule) and f.name in MONEY_FIELDS and item is not None:
                item = format_cents(item)
            out[f.name] = _to_json(item)
        return out
    if isinstance(value, Mapping):
        return {str(key): _to_json(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_to_json(item) for item in value]
    return value


def _build(cls: type[T], data: Any, where: str, **extra: Any) -> T:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object")
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(f"{where}: unknown field {unknown[0]!r}; "
                         f"expected some of {', '.join(sorted(known))}")
    try:
        return cls(**{**data, **extra})
    except FieldTypeError as error:
        raise error.under(where) from None
    except TypeError as error:
        raise RulesError(f"{where}: {error}") from None


def _position(data: Any, where: str) -> Position:
    return _build(Position, data, where)


def _hand(data: Any, where: str) -> Hand:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object")
    takes = data.get("takes", [[{"source": "hand"}, {"source": "board"}]])
    if not isinstance(takes, list) or not all(isinstance(alt, list) for alt in takes):
        raise RulesError(f"{where}.takes: expected a list of alternatives, each a list of uses")
    built = tuple(
        tuple(_build(Use, use, f"{where}.takes[{i}][{j}]") for j, use in enumerate(alt))
        for i, alt in enumerate(takes)
    )
    return _build(Hand, {k: v for k, v in data.items() if k != "takes"}, where, takes=built)


def _pot(data: Any, where: str) -> PotRule:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object")
    values = dict(data)
    for name in MONEY_FIELDS:
        if values.get(name) is not None:
            values[name] = parse_cents(values[name], field=f"{where}.{name}")
    return _build(PotRule, values, where)


def _sets(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object of field overrides")
    return {key: _field(key, value, key) for key, value in data.items()}


def _round(data: Any, where: str) -> Round:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object")
    return _build(Round, data, where, sets=_sets(data.get("sets", {}), f"{where}.sets"))


def _option(data: Any, where: str) -> Option:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object")
    choices = data.get("choices", {})
    if not isinstance(choices, Mapping):
        raise RulesError(f"{where}.choices: expected an object of value -> overrides")
    built = {str(key): _sets(sets, f"{where}.choices.{key}") for key, sets in choices.items()}
    return _build(Option, data, where, choices=built)


LIST_FIELDS = ("rules", "declarations", "side_payments", "adjustments", "boards")
# the fields read from JSON, in the order their errors are reported
READ_FIELDS = ("board", "hand", "dummy", "card_side", "pot", "rounds", "options", *LIST_FIELDS)


def _field(name: str, value: Any, where: str) -> Any:
    """One GameDef field as the dataclass expects it, from its JSON form: lists become tuples
    and objects the nested dataclasses; a value already in that form is kept (a catalog round
    or option written in Python)."""
    if name == "board":
        if not isinstance(value, list | tuple):
            raise RulesError(f"{where}: expected a list of positions")
        return tuple(item if isinstance(item, Position) else _position(item, f"{where}[{i}]")
                     for i, item in enumerate(value))
    if name == "hand" and not isinstance(value, Hand):
        return _hand(value, where)
    if name == "dummy" and value is not None and not isinstance(value, Dummy):
        return _build(Dummy, value, where)
    if name == "card_side" and value is not None and not isinstance(value, CardSide):
        return _build(CardSide, value, where)
    if name == "pot" and not isinstance(value, PotRule):
        return _pot(value, where)
    if name in ("rounds", "options") and not isinstance(value, list | tuple):
        raise RulesError(f"{where}: expected a list of {name}")
    if name == "rounds":
        return tuple(item if isinstance(item, Round) else _round(item, f"{where}[{i}]")
                     for i, item in enumerate(value))
    if name == "options":
        return tuple(item if isinstance(item, Option) else _option(item, f"{where}[{i}]")
                     for i, item in enumerate(value))
    if name in LIST_FIELDS:
        if not isinstance(value, list | tuple):
            raise RulesError(f"{where}: expected a list of strings")
        return tuple(value)
    return value


def _game_from_json(data: Mapping[str, Any], where: str) -> GameDef:
    values = {"board": [], "rounds": [], "options": [], **data}
    for name in ("id", "name", "source", "describe"):
        if not isinstance(values.get(name), str):
            if name in ("name", "source", "describe") and name not in values:
                values[name] = {"name": values.get("id", "custom"), "source": "inline",
                                "describe": "A dealer's own game, given inline."}[name]
            else:
                raise RulesError(f"{where}.{name}: expected a string")
    for name in READ_FIELDS:
        if name in values:
            values[name] = _field(name, values[name], f"{where}.{name}")
    return _build(GameDef, values, where)
