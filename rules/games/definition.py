"""The game definition format: a poker game as data the showdown engine can run.

A `GameDef` is a frozen dataclass holding only plain values (strings, ints, tuples, small dicts).
Nothing in it is a code path: where a game needs behaviour the engine does not have, the
definition names a registered extension instead, and the extension is registered once, by name:

- ranking schemes: `rules.hands.register_scheme(name, size, kind, fn)` (rules/README.md); a
  definition's `high` / `low` is a scheme name ("high", "three", "low-8", "egyptian", ...);
- layouts (which board cards may be combined): `rules.games.layouts.register_layout(name, fn)`;
- side payments outside the pot (Knock Poker, wimp rule, forfeits):
  `rules.games.pots.register_side_payment(name, fn)`;
- showdown adjustments, which change hands once every hand at the table is known (Breaker):
  `rules.games.adjustments.register_adjustment(name, fn)`, named in `adjustments`.

The same format is the JSON a dealer can give inline as `"game": {...}` in a showdown
(`GameDef.from_json` / `GameDef.to_json`); money inside a definition is integer cents, and a
decimal string ("5.00") in JSON.

How a showdown uses a definition (see `rules.games.showdown`):

1. `round` picks a `Round` (games played in rounds, e.g. three-five-seven) whose `sets` replace
   fields; then the showdown's `options` are applied (`apply_options`): the house vocabulary of
   ARCHITECTURE.md (`split`, `low`, `wild`, `ties`, `pigging`, `pot_rule`, `burn_cap`, `kitty`,
   `high_qualifier`, `low_qualifier`, and a few more listed in `VOCABULARY`), then the game's
   own named `Option`s.
2. The board is checked against `board` (position names and card counts, ARCHITECTURE.md's
   names: `community`, `center`, `wild`, `circle`, `row1`..., `row`, `column`, `top`, `bottom`,
   `square1`..., `group1`..., `single1`..., `A1`...`C3`, `E1`, `E2`).
3. For each player the layout (`hand.layout`, with `hand.params`) yields every allowed
   *selection*: a dict of labelled card groups, e.g. `{"hand": <player's cards>, "board":
   <five community cards>}` or, for Oh Shit, one selection per row `{"hand": ..., "row": ...}`.
   A selection may carry `"center"`: the card whose rank is wild for that selection (Old Man's
   center card, the elevator chosen in Double Elevator).
4. Each alternative in `hand.takes` says how many cards come from each label (`Use(source,
   min, max)`); Omaha is `take(hand=2, board=3)`, Two Eleven is two alternatives
   `take(hand=2, board=3)` and `take(hand=3, board=2)`. The best hand of the scheme's size over
   every selection and alternative is the player's hand for that side (`best_hand` of
   rules/README.md).
5. Wild cards (`wild`, `wild_where`) are resolved per player (S13 needs the hole cards), kills
   (`kill`) make a player dead (P13), the dummy (`dummy`: kitty, old man, ghost) must be beaten
   (P9, P14), the split mode and pigging rule share the pot (S14, P1, P2, P6, P12), and `pot`
   decides what losers owe (P3, P4, P5, P10). `side_payments` add owes outside the pot (P15).

Field vocabularies (checked when a definition is built, so a typo fails at import):

- `split`: "high" | "low" | "cards-talk" (best high and best low split) | "declare"
- `declarations`: subset of ("high", "low", "both")
- `pigging`: "house" (P1: a pigger must win both sides outright) | "win-or-tie" (Forty-Three)
  | "share-ties" (Real Poker: a pigger who ties a side shares it) | "perfect-ties" (Doogie: as
  house, but a tie holding the best possible hand of that side, given in `perfect`, shares it)
- `ties`: "split" | "goal-post" (P6)
- `wild` / `kill`: comma lists. `wild` takes the wild spec of `rules.hands.parse_wild` (ranks "3", cards "Kh", "joker",
  "lowest-hole", "lowest", "center") plus suit words ("spades", "hearts", "diamonds",
  "clubs": every card of that suit). `wild_where` limits wild cards to the player's "down" or
  "up" cards ("any" by default; Deadly 69s: 6s and 9s wild only down). `kill` names the up
  cards that make a player dead: ranks, cards, suit words, and "lowest" (dead when the
  player's lowest card is up, Deadly Low).
- `pot.kind`: "winner-takes" | "match" (P3) | "burn" (P4); `pot.burn`: "pot-up-to" |
  "fixed" | "fraction"; `pot.match`: "pot" (P3) | "side" (P12: the part of the pot contested).
- `dummy.when`: "always" (kitty, old man) | "alone" (P14: only when one player stays in).

Four definitions written out in full, as a guide (the catalog modules hold the real ones):

    TEXAS_HOLDEM = GameDef(
        id="texas-holdem", name="Texas Hold'em", source="004_d7b721909def12ec.txt",
        describe="2 down each + 5 community cards (position `community`); best five of seven, "
                 "any combination; high hand wins.",
        down=2, board=(Position("community", 5),),
    )   # hand defaults to Hand(layout="community", takes=(take(hand=(0, None), board=(0, None)),))

    OMAHA_BURNS = GameDef(
        id="omaha-burns", name="Omaha Burns", source="000_396552ad006a9bcb.txt",
        describe="...", rules=("P4", "P6", "S8"),
        down=4, board=(Position("community", 5),),
        hand=Hand(takes=(take(hand=2, board=3),)),
        low="low-8", low_qualifier=8, split="cards-talk", ties="goal-post",
        pot=PotRule(kind="burn", burn="pot-up-to", burn_amount=500),
    )   # progressive-omaha-burns: PotRule(kind="burn", burn_amount=100, burn_step=100)

    DEADLY_69S = GameDef(   # position-dependent wild and kill cards (P13)
        id="deadly-69s", ..., down=2, up=1, high="three-plain",
        wild="6,9", wild_where="down", kill="6,9", pot=PotRule(kind="match"),
    )

    OLD_MAN = GameDef(
        id="old-man", name="Old Man", source="001_3077e2146397dc5f.txt", describe="...",
        down=2, up=4, board=(Position("center", 1),),
        wild="center", low="low-a5", split="declare", go_stop=True,
        dummy=Dummy(name="Old Man", cards=6),
        pot=PotRule(kind="match", match="side"),
    )

    THREE_FIVE_SEVEN = GameDef(
        id="three-five-seven", name="3-5-7", source="000_396552ad006a9bcb.txt", describe="...",
        down=7, pot=PotRule(kind="match", legs=3),
        rounds=(Round({"down": 3, "high": "three-plain", "wild": "3"}, "3 down, 3s wild"),
                Round({"down": 5, "wild": "5"}, "5 down, 5s wild"),
                Round({"down": 7, "wild": "7"}, "7 down, 7s wild")),
    )

A game's own named options: `Option(name, default, describe, choices={value: overrides})`,
e.g. `Option("hi_lo", False, "...", choices={"false": {}, "true": {"split": "cards-talk",
"low": "low-8", "low_qualifier": 8}})`; an option without choices is a parameter that a layout,
scheme or side payment reads from the showdown's settings (`Option("wimp", "none", ...)`).
A piece of a seed that is missing (a ranking list that was an image) becomes an `Option` with a
sensible default, and `describe` says so; `describe` also names every board position.

Pigging "perfect-ties" reads `perfect`, the best possible hand of a side as card strings
(`perfect={"low": ("As", "2h", "3d", "4c")}` for a doogie).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ..errors import RulesError
from ..money import format_cents, parse_cents

SPLITS = ("high", "low", "cards-talk", "declare")
DECLARATIONS = ("high", "low", "both")
PIGGING = ("house", "win-or-tie", "share-ties", "perfect-ties")
TIES = ("split", "goal-post")
WILD_WHERE = ("any", "down", "up")
POT_KINDS = ("winner-takes", "match", "burn")
BURNS = ("pot-up-to", "fixed", "fraction")
MATCHES = ("pot", "side")
DUMMY_WHEN = ("always", "alone")
DECKS = ("standard", "joker", "two-jokers", "royal")

# option "low" -> (scheme, qualifier) (ARCHITECTURE.md's options vocabulary)
LOW_OPTION = {
    "house": ("low", None),
    "a5": ("low-a5", None),
    "27": ("low-27", None),
    "a6": ("low-a6", None),
    "8-or-better": ("low-8", 8),
    "doogie": ("doogie", 7),
}


def _check(value: Any, allowed: tuple, what: str) -> None:
    if value not in allowed:
        raise RulesError(f"{what}: {value!r} is not one of {', '.join(map(str, allowed))}")


def _card_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class Position:
    """A named place on the board and how many cards lie there at the showdown.

    `plays=False` for a card that only names something (Kryky's `wild` card names the wild
    rank and is in no hand). `count=None` accepts any number (a board that shrinks or grows).
    """

    name: str
    count: int | None = 1
    plays: bool = True


@dataclass(frozen=True)
class Use:
    """How many cards a hand takes from one labelled group of a layout's selection.

    `source` is "hand" (the player's own cards) or a label the layout yields ("board", "row",
    "line", "square", "bottom", ...). `max=None` means no limit.
    """

    source: str
    min: int = 0
    max: int | None = None


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
    params: Mapping[str, Any] = field(default_factory=dict)
    takes: tuple[tuple[Use, ...], ...] = (ANY_COMBINATION,)

    def __post_init__(self) -> None:
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
        _check(self.when, DUMMY_WHEN, "dummy.when")


KITTY = Dummy(name="Kitty")


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
    burn_amount: int = 500
    burn_step: int = 0
    burn_percent: int = 50
    legs: int | None = None

    def __post_init__(self) -> None:
        _check(self.kind, POT_KINDS, "pot.kind")
        _check(self.burn, BURNS, "pot.burn")
        _check(self.match, MATCHES, "pot.match")


MONEY_FIELDS = ("match_cap", "burn_amount", "burn_step")


@dataclass(frozen=True)
class Round:
    """Field overrides for one round of a game played in rounds (three-five-seven).

    `sets` maps a GameDef field to its value for that round; "pot.<field>" reaches into the
    pot rule. The showdown's `round` (1, 2, ...) picks `rounds[round - 1]`.
    """

    sets: Mapping[str, Any]
    describe: str = ""


@dataclass(frozen=True)
class Option:
    """A named option with a default, overridable by the showdown's `options`.

    `choices` maps an option value (as a string, "true"/"false" for booleans) to field
    overrides, in the same form as `Round.sets`. An option without `choices` is a parameter
    read by name by a layout, a scheme or a side payment (e.g. Knock Poker's bonus table).
    """

    name: str
    default: Any
    describe: str
    choices: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)


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
    side_payments: tuple[str, ...] = ()          # registered names (pots.register_side_payment)
    adjustments: tuple[str, ...] = ()            # registered names (adjustments.register_adjustment)
    rounds: tuple[Round, ...] = ()
    options: tuple[Option, ...] = ()

    def __post_init__(self) -> None:
        if not self.id or not isinstance(self.id, str):
            raise RulesError("game.id: expected a non-empty string")
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
        for side in self.perfect:
            _check(side, ("high", "low"), f"game {self.id}: perfect")
        object.__setattr__(self, "perfect", {k: tuple(v) for k, v in dict(self.perfect).items()})
        names = [position.name for position in self.board]
        if len(set(names)) != len(names):
            raise RulesError(f"game {self.id}: board position names repeat: {names}")

    # -- rounds and options --------------------------------------------------------------

    def for_round(self, number: int | None) -> GameDef:
        """The definition as it stands in round `number` (1-based); unchanged without rounds."""
        if not self.rounds or number is None:
            return self
        if not isinstance(number, int) or not 1 <= number <= len(self.rounds):
            raise RulesError(f"round: expected 1 to {len(self.rounds)} for {self.id}, got {number!r}")
        return self.with_sets(self.rounds[number - 1].sets, where=f"round {number}")

    def with_sets(self, sets: Mapping[str, Any], *, where: str = "sets") -> GameDef:
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
                top[key] = _coerce(key, value)
            else:
                raise RulesError(f"{where}: unknown game field {key!r}")
        if pot:
            top["pot"] = replace(top.get("pot", self.pot), **pot)
        return replace(self, **top)

    def option_defaults(self) -> dict[str, Any]:
        return {option.name: option.default for option in self.options}

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self) -> dict:
        """The definition as JSON (money as decimal strings)."""
        return _to_json(self)

    @classmethod
    def from_json(cls, data: Any, *, where: str = "game") -> GameDef:
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


def _coerce(name: str, value: Any) -> Any:
    """Field values as their dataclass expects them (lists -> tuples, nested objects)."""
    if name == "board":
        return tuple(value if isinstance(value, Position) else _position(value, "board") for value in value)
    if name == "hand" and isinstance(value, Mapping):
        return _hand(value, "hand")
    if name == "dummy" and isinstance(value, Mapping):
        return _build(Dummy, value, "dummy")
    if name == "pot" and isinstance(value, Mapping):
        return _pot(value, "pot")
    if name in ("rules", "declarations", "side_payments", "adjustments") and isinstance(value, list):
        return tuple(value)
    return value


def _build(cls: type, data: Mapping, where: str, **extra: Any) -> Any:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object")
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise RulesError(f"{where}: unknown field {unknown[0]!r}; expected some of {', '.join(sorted(known))}")
    try:
        return cls(**{**data, **extra})
    except TypeError as error:
        raise RulesError(f"{where}: {error}") from None


def _position(data: Any, where: str) -> Position:
    return _build(Position, data, where)


def _hand(data: Mapping, where: str) -> Hand:
    takes = data.get("takes", [[{"source": "hand"}, {"source": "board"}]])
    if not isinstance(takes, list) or not all(isinstance(alt, list) for alt in takes):
        raise RulesError(f"{where}.takes: expected a list of alternatives, each a list of uses")
    built = tuple(
        tuple(_build(Use, use, f"{where}.takes[{i}][{j}]") for j, use in enumerate(alt))
        for i, alt in enumerate(takes)
    )
    return _build(Hand, {k: v for k, v in data.items() if k != "takes"}, where, takes=built)


def _pot(data: Mapping, where: str) -> PotRule:
    values = dict(data)
    for name in MONEY_FIELDS:
        if values.get(name) is not None:
            values[name] = parse_cents(values[name], field=f"{where}.{name}")
    return _build(PotRule, values, where)


def _sets(data: Any, where: str) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object of field overrides")
    return {key: _coerce(key, value) for key, value in data.items()}


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


def _game_from_json(data: Mapping, where: str) -> GameDef:
    values = dict(data)
    for name in ("id", "name", "source", "describe"):
        if not isinstance(values.get(name), str):
            if name in ("name", "source", "describe") and name not in values:
                values[name] = {"name": values.get("id", "custom"), "source": "inline",
                                "describe": "A dealer's own game, given inline."}[name]
            else:
                raise RulesError(f"{where}.{name}: expected a string")
    board = values.get("board", [])
    if not isinstance(board, list):
        raise RulesError(f"{where}.board: expected a list of positions")
    values["board"] = tuple(_position(item, f"{where}.board[{i}]") for i, item in enumerate(board))
    if "hand" in values:
        values["hand"] = _hand(values["hand"], f"{where}.hand")
    if values.get("dummy") is not None:
        values["dummy"] = _build(Dummy, values["dummy"], f"{where}.dummy")
    if "pot" in values:
        values["pot"] = _pot(values["pot"], f"{where}.pot")
    values["rounds"] = tuple(
        _round(item, f"{where}.rounds[{i}]") for i, item in enumerate(values.get("rounds", []))
    )
    values["options"] = tuple(
        _option(item, f"{where}.options[{i}]") for i, item in enumerate(values.get("options", []))
    )
    for name in ("rules", "declarations", "side_payments", "adjustments"):
        if name in values:
            if not isinstance(values[name], list):
                raise RulesError(f"{where}.{name}: expected a list of strings")
            values[name] = tuple(values[name])
    return _build(GameDef, values, where)


# -- the options vocabulary (ARCHITECTURE.md) ------------------------------------------------

VOCABULARY = (
    "split", "low", "wild", "ties", "pigging", "pot_rule", "burn_cap", "kitty",
    "high_qualifier", "low_qualifier",
    # beyond the contract's table, understood by every game:
    "kill", "high", "burn", "burn_step", "burn_percent", "match", "match_cap", "legs",
)


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _vocabulary_sets(game: GameDef, name: str, value: Any) -> dict[str, Any]:
    """The field overrides one vocabulary option stands for."""
    where = f"options.{name}"
    if name in ("split", "ties", "pigging", "wild", "kill", "high", "high_qualifier"):
        if value is not None and not isinstance(value, str):
            raise RulesError(f"{where}: expected a string")
        if name == "split":
            _check(value, SPLITS, where)
            sets: dict[str, Any] = {"split": value}
            if value in ("low", "cards-talk", "declare") and game.low is None:
                sets["low"] = "low"
            return sets
        if name == "ties":
            _check(value, TIES, where)
        if name == "pigging":
            _check(value, PIGGING, where)
        return {name: value if value is not None else ("" if name in ("wild", "kill") else None)}
    if name == "low":
        _check(value, tuple(LOW_OPTION), where)
        scheme, qualifier = LOW_OPTION[value]
        return {"low": scheme, "low_qualifier": qualifier}
    if name == "low_qualifier":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int | str)
                                  or not str(value).isdigit()):
            raise RulesError(f"{where}: expected a rank number such as 8, got {value!r}")
        return {"low_qualifier": None if value is None else int(value)}
    if name == "pot_rule":
        _check(value, POT_KINDS, where)
        return {"pot.kind": value}
    if name in ("burn_cap", "burn_step", "match_cap"):
        field_name = {"burn_cap": "burn_amount"}.get(name, name)
        cents = None if value is None else parse_cents(value, field=where)
        sets = {f"pot.{field_name}": cents}
        if name == "burn_cap":
            sets["pot.burn"] = "pot-up-to"
        return sets
    if name in ("burn", "match"):
        _check(value, BURNS if name == "burn" else MATCHES, where)
        return {f"pot.{name}": value}
    if name in ("burn_percent", "legs"):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise RulesError(f"{where}: expected a positive whole number, got {value!r}")
        return {f"pot.{name}": value}
    if name == "kitty":
        if not isinstance(value, bool):
            raise RulesError(f"{where}: expected true or false")
        if value:
            return {"dummy": KITTY}
        return {"dummy": None} if game.dummy == KITTY else {}
    raise RulesError(f"{where}: unknown option")


def apply_options(game: GameDef, options: Mapping[str, Any] | None) -> tuple[GameDef, dict]:
    """Apply the showdown's `options` to a definition.

    Returns the adjusted definition and the settings of the game's own named options (their
    defaults, overridden by `options`). An option neither in the vocabulary nor the game's
    own list is refused, naming it.
    """
    options = dict(options or {})
    settings = game.option_defaults()
    own = {option.name: option for option in game.options}
    # the game's own options first, so an explicit vocabulary option still wins
    for name, option in own.items():
        value = options.get(name, option.default)
        settings[name] = value
        if option.choices:
            text = _option_text(value)
            if text not in option.choices:
                raise RulesError(f"options.{name}: expected one of {', '.join(option.choices)}, got {value!r}")
            game = game.with_sets(option.choices[text], where=f"options.{name}")
    # `burn` after `burn_cap`, so {"burn": "fixed", "burn_cap": "1.50"} is a fixed $1.50 burn
    for name, value in sorted(options.items(), key=lambda item: item[0] == "burn"):
        if name in own:
            continue
        if name not in VOCABULARY:
            known = ", ".join(sorted(set(VOCABULARY) | set(own)))
            raise RulesError(f"options.{name}: unknown option for {game.id}; expected one of {known}")
        game = game.with_sets(_vocabulary_sets(game, name, value), where=f"options.{name}")
    return game, settings
