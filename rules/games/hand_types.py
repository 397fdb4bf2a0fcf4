"""A hand as the site hands it to the rules, and what the rules give back: typed, frozen.

`HandInput` is one hand by cards (players with down/up cards, a board by position, a dummy's
cards), by winners (the sides each player won, the dummy's sides not beaten) or typed (a pot,
awards and owes only: no players). Money is in integer cents; cards stay the tokens the table
typed ("10h", "As"), so the journal keeps what was entered. `HandResult` is the rules'
answer: awards, carry, owes (with who is paid on a last round, P5), legs, the next pot, whether
the game is over, and the explanation.

`to_json`/`from_json` are the one serializer between these and JSON: the journal's payload,
the importer's events and the rules' JSON entry points (`showdown.resolve`, `payout.payout`,
which the command line keeps) all read and write this shape. A field left out (None) is left
out of the JSON, and the keys come in one order, so a hand written back is the hand read.

`settle` hands a `HandInput` to the rules' typed inside (`showdown.resolve_showdown`,
`payout.pay_out`) and gets the `HandResult` (`rules.games.result`) back: the pot, the
penalties and the result stay integer cents all the way, never "1.00" in between. The hand's
players, cards, board and dummy are read by the same reader as the JSON's (one place checks
them against the game, and names the field it refuses).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from rules.errors import RulesError
from rules.games import payout, showdown, showdown_input
from rules.games.result import JSON as JSON  # the result's types, re-exported for the site
from rules.games.result import HandResult as HandResult
from rules.games.result import JSONObject as JSONObject
from rules.money import SEED_UNIT, format_cents, parse_cents

Game = str | Mapping[str, JSON]          # a catalog id or the dealer's own definition (S12)
HandKind = Literal["cards", "winners", "typed"]


def _object(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise RulesError(f"{where}: expected an object")
    return value


def _cards(value: object, where: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list | tuple) or not all(isinstance(c, str) for c in value):
        raise RulesError(f"{where}: expected a list of cards such as [\"As\", \"Kd\"]")
    return tuple(value)


def _sides(value: object, where: str) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return (value,)
    if not isinstance(value, list | tuple) or not all(isinstance(s, str) for s in value):
        raise RulesError(f"{where}: expected a list of sides such as [\"high\"]")
    return tuple(value)


def _flag(data: Mapping[str, object], key: str, where: str) -> bool | None:
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        raise RulesError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def _text(data: Mapping[str, object], key: str, where: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise RulesError(f"{where}.{key}: expected a string, got {value!r}")
    return value


def _cents(value: object, where: str) -> int | None:
    return None if value is None else parse_cents(value, field=where)


def _amounts(value: object, where: str) -> dict[str, int] | None:
    if value is None:
        return None
    return {str(name): parse_cents(amount, field=f"{where}.{name}")
            for name, amount in _object(value, where).items()}


def _json_object(value: object, where: str) -> dict[str, JSON]:
    return {str(k): _json(v) for k, v in _object(value, where).items()}


def _json(value: object) -> JSON:
    """A JSON value as the JSON type (what the file or the page gave, unchanged)."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    raise RulesError(f"expected a JSON value, got {value!r}")


def _put(out: JSONObject, key: str, value: JSON) -> None:
    if value is not None:
        out[key] = value


@dataclass(frozen=True)
class Seat:
    """A player in a hand: by cards (`down`/`up`), by winners (`won`), both left out for a
    player who folded. `stayed` False is the showdown's word for a folded player ("in"),
    `folded` the payout's; `best` marks who held the best hand when everybody dropped (P11)."""

    name: str
    stayed: bool | None = None
    folded: bool | None = None
    dead: bool | None = None
    declare: str | None = None
    go: bool | None = None
    down: tuple[str, ...] | None = None
    up: tuple[str, ...] | None = None
    won: tuple[str, ...] | None = None
    best: bool | None = None

    @property
    def by_cards(self) -> bool:
        return self.down is not None or self.up is not None

    def to_json(self) -> JSONObject:
        out: JSONObject = {"name": self.name}
        _put(out, "in", self.stayed)
        _put(out, "folded", self.folded)
        _put(out, "dead", self.dead)
        _put(out, "declare", self.declare)
        _put(out, "go", self.go)
        for key, cards in (("down", self.down), ("up", self.up), ("won", self.won)):
            _put(out, key, None if cards is None else list(cards))
        _put(out, "best", self.best)
        return out

    @classmethod
    def from_json(cls, value: object, where: str) -> Seat:
        data = _object(value, where)
        name = data.get("name")
        return cls(name=name if isinstance(name, str) else "",
                   stayed=_flag(data, "in", where), folded=_flag(data, "folded", where),
                   dead=_flag(data, "dead", where), declare=_text(data, "declare", where),
                   go=_flag(data, "go", where), down=_cards(data.get("down"), f"{where}.down"),
                   up=_cards(data.get("up"), f"{where}.up"),
                   won=_sides(data.get("won"), f"{where}.won"), best=_flag(data, "best", where))


@dataclass(frozen=True)
class Dummy:
    """The dummy hand (the old man, the kitty, P9/P14): its cards, or the sides it was not
    beaten on; `name` None is the game's own name for it."""

    name: str | None = None
    down: tuple[str, ...] | None = None
    up: tuple[str, ...] | None = None
    won: tuple[str, ...] | None = None

    def to_json(self) -> JSONObject:
        out: JSONObject = {}
        _put(out, "name", self.name)
        for key, cards in (("down", self.down), ("up", self.up), ("won", self.won)):
            _put(out, key, None if cards is None else list(cards))
        return out

    @classmethod
    def from_json(cls, value: object) -> Dummy:
        data = _object(value, "dummy")
        return cls(name=_text(data, "name", "dummy"), down=_cards(data.get("down"), "dummy.down"),
                   up=_cards(data.get("up"), "dummy.up"),
                   won=_sides(data.get("won"), "dummy.won"))


# The JSON keys of a hand, in the order they are written; a showdown reads the first ten, a
# payout also `next_best`; `awards`, `owes` and `carry` are the banker's typed figures.
CARD_FIELDS = ("game", "pot", "penalties", "options", "round", "legs", "last_round", "players",
               "board", "dummy")
WINNER_FIELDS = (*CARD_FIELDS, "next_best")
HAND_FIELDS = (*WINNER_FIELDS, "awards", "owes", "carry")
NOT_THE_INPUT = ("type", "result", "ids")   # what a stored hand keeps beside its input


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (see the module's docstring); None is "not given": the table's
    state fills the game, options, round, legs, pot and penalties (`rules.games.table`)."""

    players: tuple[Seat, ...] | None = None
    game: Game | None = None
    pot: int | None = None
    penalties: int | None = None
    options: Mapping[str, JSON] | None = None
    round: int | None = None
    legs: Mapping[str, int] | None = None
    last_round: bool | None = None
    board: Mapping[str, tuple[str, ...]] | None = None
    dummy: Dummy | None = None
    next_best: Mapping[str, str] | None = None
    awards: Mapping[str, int] | None = None
    owes: Mapping[str, int] | None = None
    carry: int | None = None

    @property
    def kind(self) -> HandKind:
        """"cards" (a showdown), "winners" (a payout) or "typed" (pot, awards, owes only)."""
        if self.players is None:
            return "typed"
        if self.board is not None or any(p.by_cards for p in self.players):
            return "cards"
        return "winners"

    def names(self) -> list[str]:
        """The players' names, in seat order."""
        return [p.name for p in self.players or ()]

    def to_json(self, fields: tuple[str, ...] = HAND_FIELDS) -> JSONObject:
        """The hand's JSON, only `fields` of it (the rules read CARD_FIELDS or WINNER_FIELDS)."""
        def cents(value: int | None) -> JSON:
            return None if value is None else format_cents(value)

        def amounts(value: Mapping[str, int] | None) -> JSON:
            return None if value is None else {n: format_cents(a) for n, a in value.items()}

        values: dict[str, JSON] = {
            "game": None if self.game is None else _json(self.game),
            "pot": cents(self.pot), "penalties": cents(self.penalties),
            "options": None if self.options is None else dict(self.options),
            "round": self.round,
            "legs": None if self.legs is None else dict(self.legs),
            "last_round": self.last_round,
            "players": None if self.players is None else [p.to_json() for p in self.players],
            "board": None if self.board is None else {k: list(v) for k, v in self.board.items()},
            "dummy": None if self.dummy is None else self.dummy.to_json(),
            "next_best": None if self.next_best is None else dict(self.next_best),
            "awards": amounts(self.awards), "owes": amounts(self.owes),
            "carry": cents(self.carry),
        }
        out: JSONObject = {}
        for key in fields:
            _put(out, key, values[key])
        return out

    @classmethod
    def from_json(cls, value: object) -> HandInput:
        """A hand from its JSON (a page's, a file's event, a stored payload: its type, result
        and ids are not the input). Only shapes are read here; the rules check the rest."""
        data = _object(value, "hand")
        unknown = [k for k in data if k not in HAND_FIELDS and k not in NOT_THE_INPUT]
        if unknown:
            raise RulesError(f"{unknown[0]}: not a field of a hand; expected "
                             + ", ".join(HAND_FIELDS))
        players = data.get("players")
        if players is not None and not isinstance(players, list | tuple):
            raise RulesError("players: expected a list of players")
        game = data.get("game")
        if game is not None and not isinstance(game, str | Mapping):
            raise RulesError("game: expected a game id (a string) or a definition object")
        number = data.get("round")
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
            raise RulesError(f"round: expected a whole number from 1, got {number!r}")
        board = data.get("board")
        carry = data.get("carry")
        return cls(
            players=None if players is None else tuple(
                Seat.from_json(p, f"players[{i}]") for i, p in enumerate(players)),
            game=game if isinstance(game, str) or game is None else _json_object(game, "game"),
            pot=_cents(data.get("pot"), "pot"),
            penalties=_cents(data.get("penalties"), "penalties"),
            options=None if data.get("options") is None
            else _json_object(data["options"], "options"),
            round=number,
            legs=None if data.get("legs") is None else _legs(data["legs"]),
            last_round=_flag(data, "last_round", "hand"),
            board=None if board is None else {
                str(k): _cards(v, f"board.{k}") or () for k, v in _object(board, "board").items()},
            dummy=None if data.get("dummy") is None else Dummy.from_json(data["dummy"]),
            next_best=None if data.get("next_best") is None
            else {str(k): str(v) for k, v in _object(data["next_best"], "next_best").items()},
            awards=_amounts(data.get("awards"), "awards"),
            owes=_amounts(data.get("owes"), "owes"),
            carry=None if carry in (None, "") else _cents(carry, "carry"),
        )

    def rules_json(self) -> JSONObject:
        """What the rules' JSON entry point reads: a showdown's fields or a payout's."""
        return self.to_json(CARD_FIELDS if self.kind == "cards" else WINNER_FIELDS)


def _legs(value: object) -> dict[str, int]:
    legs = {}
    for name, count in _object(value, "legs").items():
        if isinstance(count, bool) or not isinstance(count, int):
            raise RulesError(f"legs.{name}: expected a whole number of legs, got {count!r}")
        legs[str(name)] = count
    return legs


def settle(hand: HandInput, *, unit: int = SEED_UNIT) -> HandResult:
    """The rules' result for a hand by cards (a showdown) or by winners (a payout), its
    defaults already filled, played with the night's smallest chip `unit` (cents); refusals
    are RulesError naming the place in the hand."""
    if hand.kind == "typed":
        raise RulesError("players: missing; expected a list of players")
    stakes = showdown_input.Stakes(hand.pot, hand.penalties, unit)
    if hand.kind == "cards":
        show = showdown_input.read(hand.to_json(_UNPRICED_CARD_FIELDS), stakes)
        return showdown.resolve_showdown(show).result
    return payout.pay_out(*payout.read(hand.to_json(_UNPRICED_WINNER_FIELDS), stakes))


# What the rules read of a hand besides its pot and penalties (given them in cents: `Stakes`).
_UNPRICED_CARD_FIELDS = tuple(f for f in CARD_FIELDS if f not in ("pot", "penalties"))
_UNPRICED_WINNER_FIELDS = tuple(f for f in WINNER_FIELDS if f not in ("pot", "penalties"))


def typed_problems(hand: HandInput, result: HandResult, *, unit: int = SEED_UNIT) -> list[str]:
    """The differences between the awards and owes the banker typed and the rules' (P1-P6)."""
    if hand.pot is None:
        raise RulesError("pot: missing")
    return payout.check_figures(result, hand.awards, hand.owes, hand.pot, unit=unit)
