"""A showdown's JSON input read and checked (`python -m rules showdown`; the payout reads its
players the same way): every error names its field.

`read(data)` checks the input (ARCHITECTURE.md: game, pot, board, players, dummy, options,
round, legs, last_round) against the game's definition and returns a `Showdown`.

Input beyond the contract's example, all optional: `penalties` (the part of the pot that never
counts toward a match, B11); per player `"in": false` (dropped or folded before the showdown:
neither wins nor pays; its cards may still matter, e.g. the wimp rule, P11) and `"dead": true`
(dead for a reason the cards do not show, P13); extra player fields are passed on to side
payments (e.g. Knock Poker's knocker); `unit`, the smallest chip (a decimal string, default the
seed house's "0.05"): the pot is whole units and every split comes out in them (B10, P2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..cards import Card, deck, parse_card
from ..errors import CardError, RulesError
from ..money import SEED_UNIT, read_money, read_unit, require_units
from .catalog import load_extensions
from .definition import GameDef
from .options import apply_options
from .registry import get_game
from .up_cards import check_dealt

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Seat:
    """One player (or the dummy) as entered."""

    name: str
    down: Cards
    up: Cards
    declare: str | None = None
    go: bool = True
    stayed: bool = True
    dead: bool = False
    raw: Mapping[str, object] | None = None


def cards_of(value: object, where: str) -> Cards:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RulesError(f"{where}: expected a list of cards such as [\"As\", \"Kd\"]")
    cards = []
    for index, token in enumerate(value):
        card = _PARSED.get(token) if isinstance(token, str) else None
        if card is None:
            try:
                card = parse_card(token)
            except CardError as error:
                raise RulesError(f"{where}[{index}]: {error}") from None
            if len(_PARSED) < 4096:
                _PARSED[token] = card
        cards.append(card)
    return tuple(cards)


_PARSED: dict[str, Card] = {}   # token -> card: the same few dozen tokens come back every hand


def flag_of(data: Mapping[str, object], key: str, default: bool, where: str) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise RulesError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def game_of(data: Mapping[str, object]) -> GameDef:
    if "game" not in data:
        raise RulesError("game: missing; expected a game id from `python -m rules games` "
                         "or a definition")
    value = data["game"]
    if isinstance(value, str):
        game = get_game(value)
    elif isinstance(value, Mapping):
        load_extensions()   # an inline definition may name any of the catalog's extensions
        game = GameDef.from_json(value, where="game")
    else:
        raise RulesError("game: expected a game id (a string) or a definition object")
    if not game.defined:
        raise RulesError(f"game: {game.id} is named in its seed without rules; nothing to resolve")
    number = data.get("round")
    if game.rounds and number is None:
        raise RulesError(f"round: missing; {game.id} is played in rounds 1 to {len(game.rounds)}")
    return game.for_round(number)


def _board(data: Mapping[str, object], game: GameDef) -> dict[str, Cards]:
    board = data.get("board", {})
    if not isinstance(board, Mapping):
        raise RulesError("board: expected an object of named card lists, "
                         "e.g. {\"community\": [...]}")
    expected = {position.name: position for position in game.board}
    for name in board:
        if name not in expected:
            names = ", ".join(expected) or "no board"
            raise RulesError(f"board.{name}: {game.id} has no such position; expected {names}")
    cards = {name: cards_of(board.get(name), f"board.{name}") for name in expected}
    for name, position in expected.items():
        if position.count is not None and len(cards[name]) != position.count:
            raise RulesError(f"board.{name}: expected {position.count} card"
                             f"{'s' if position.count != 1 else ''} for {game.id}, "
                             f"got {len(cards[name])}")
    return cards


def player_of(data: object, where: str) -> Mapping[str, object]:
    """A player object (showdown and payout inputs alike)."""
    if not isinstance(data, Mapping):
        raise RulesError(f"{where}: expected an object with the player's name")
    return data


def name_of(data: object, where: str) -> str:
    """A player object's name (showdown and payout inputs alike)."""
    name = player_of(data, where).get("name")
    if not isinstance(name, str) or not name.strip():
        raise RulesError(f"{where}.name: missing; expected the player's name")
    return name.strip()


def declare_of(data: Mapping[str, object], game: GameDef, where: str, in_play: bool) -> str | None:
    """What a player declared, checked against the game (required in a declare game)."""
    declare = data.get("declare")
    if declare is not None and str(declare) in game.declare_words:   # H4: 7 / 27
        declare = game.declare_words[str(declare)]
    if game.split == "declare" and in_play and declare is None:
        raise RulesError(f"{where}.declare: missing; "
                         f"expected one of {', '.join(game.declarations)}")
    if declare is not None and (game.split != "declare" or declare not in game.declarations):
        allowed = ", ".join(game.declarations) if game.split == "declare" else "none (no declaring)"
        raise RulesError(f"{where}.declare: {declare!r} is not allowed in {game.id}; "
                         f"expected {allowed}")
    return declare if isinstance(declare, str) else None


def _seat(value: object, index: int, game: GameDef) -> Seat:
    where = f"players[{index}]"
    name = name_of(value, where)
    data = player_of(value, where)
    stopped = game.go_stop and data.get("go") is False
    if "down" not in data and "up" not in data and data.get("in", True) and not stopped:
        # a player who folded or said stop (P12) may be entered without cards
        raise RulesError(f"{where}.down: missing; expected the player's cards (down and/or up)")
    down, up = cards_of(data.get("down"), f"{where}.down"), cards_of(data.get("up"), f"{where}.up")
    stayed = flag_of(data, "in", True, where)
    dead = flag_of(data, "dead", False, where)
    go = flag_of(data, "go", True, where)
    if game.go_stop and stayed and not dead and "go" not in data:
        raise RulesError(f"{where}.go: missing; {game.id} needs go (true) or stop (false)")
    declare = declare_of(data, game, where, stayed and not dead)
    dealt_down = check_dealt(game.id, game.down, game.up, game.extra_down, down, up, where)
    if game.down is not None and len(down) + len(up) > dealt_down + game.up:
        raise RulesError(f"{where}: {len(down) + len(up)} cards, but {game.id} deals "
                         f"{game.down + game.up} ({game.down} down, {game.up} up)")
    return Seat(name.strip(), down, up, declare, go, stayed, dead, data)


def _players(data: Mapping[str, object], game: GameDef) -> list[Seat]:
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise RulesError("players: missing; expected a list of players")
    seats = [_seat(item, index, game) for index, item in enumerate(players)]
    seen: set[str] = set()
    for index, seat in enumerate(seats):
        if seat.name in seen:
            raise RulesError(f"players[{index}].name: {seat.name!r} appears twice")
        seen.add(seat.name)
    return seats


def _dummy(data: Mapping[str, object], game: GameDef, seats: list[Seat]) -> Seat | None:
    value = data.get("dummy")
    spec = game.dummy
    if value is None:
        if spec is not None and (spec.when == "always" or
                                 sum(s.stayed and s.go and not s.dead for s in seats) == 1):
            raise RulesError(f"dummy: missing; {game.id} needs the cards of {spec.name}")
        return None
    if spec is None:
        raise RulesError(f"dummy: {game.id} plays without a dummy hand; expected no dummy, "
                         "or options.kitty true")
    if not isinstance(value, Mapping):
        raise RulesError("dummy: expected an object {\"name\", \"down\"}")
    name = value.get("name", spec.name)
    if not isinstance(name, str):
        raise RulesError("dummy.name: expected a string")
    down, up = cards_of(value.get("down"), "dummy.down"), cards_of(value.get("up"), "dummy.up")
    if spec is not None and spec.cards is not None and len(down) + len(up) != spec.cards:
        raise RulesError(f"dummy.down: expected {spec.cards} cards for {spec.name}, "
                         f"got {len(down) + len(up)}")
    if name in {seat.name for seat in seats}:
        raise RulesError(f"dummy.name: {name!r} is also a player's name")
    return Seat(name, down, up)


@lru_cache(maxsize=8)
def _deck(name: str) -> tuple[frozenset[Card], int]:
    cards = deck(name)
    return frozenset(cards), sum(card.is_joker for card in cards)


def _no_card_twice(board: Mapping[str, Cards], seats: list[Seat], dummy: Seat | None,
                   game: GameDef) -> None:
    in_deck, jokers = _deck(game.deck)
    where: dict[Card, str] = {}
    places = [(f"board.{name}", cards) for name, cards in board.items()]
    for index, seat in enumerate(seats):
        places += [(f"players[{index}].down", seat.down), (f"players[{index}].up", seat.up)]
    if dummy is not None:
        places += [("dummy.down", dummy.down), ("dummy.up", dummy.up)]
    joker_count = 0
    for place, cards in places:
        for card in cards:
            if card.is_joker:
                joker_count += 1
                if joker_count > max(jokers, 0) and game.deck in ("joker", "two-jokers"):
                    raise RulesError(f"{place}: more jokers than the {game.deck} deck holds")
                continue
            if card not in in_deck:
                raise RulesError(f"{place}: card {card} is not in the {game.deck} deck")
            if card in where:
                raise RulesError(f"{place}: card {card} is seen twice (also in {where[card]})")
            where[card] = place


@dataclass(frozen=True)
class Showdown:
    """The showdown input, read and checked."""

    game: GameDef
    settings: Mapping[str, object]
    pot: int
    penalties: int
    board: Mapping[str, Cards]
    seats: list[Seat]
    dummy: Seat | None
    legs: Mapping[str, int]
    round: int
    last_round: bool
    unit: int = SEED_UNIT


@dataclass(frozen=True)
class Stakes:
    """The pot and the penalties paid into it, in integer cents, as a typed hand (the site's
    `HandInput`) gives them instead of the JSON's decimal strings; None is "not given". `unit`
    is the night's smallest chip, in cents."""

    pot: int | None
    penalties: int | None = None
    unit: int = SEED_UNIT


POT_MISSING = "pot: missing; expected the pot as a decimal string such as \"18.00\""


def read(data: object, stakes: Stakes | None = None) -> Showdown:
    """Read and check the showdown JSON; every error names its field. With `stakes` the pot,
    penalties and unit are those cents, and the JSON's are not read."""
    if not isinstance(data, Mapping):
        raise RulesError("showdown: expected a JSON object")
    unit = unit_of(data, stakes)
    game, settings = apply_options(game_of(data), mapping_of(data, "options"), unit=unit)
    if stakes is None:
        if "pot" not in data:
            raise RulesError(POT_MISSING)
        pot = require_units(read_money(data["pot"], field="pot"), field="pot", unit=unit)
        penalties = read_money(data.get("penalties", "0.00"), field="penalties")
    else:
        if stakes.pot is None:
            raise RulesError(POT_MISSING)
        pot = require_units(stakes.pot, field="pot", unit=unit)
        penalties = stakes.penalties or 0
    if not 0 <= penalties <= pot:
        raise RulesError("penalties: expected an amount between 0.00 and the pot")
    board = _board(data, game)
    seats = _players(data, game)
    dummy = _dummy(data, game, seats)
    _no_card_twice(board, seats, dummy, game)
    number, last_round = round_of(data)
    return Showdown(game, settings, pot, penalties, board, seats, dummy, legs_of(data),
                    number, last_round, unit)


def unit_of(data: Mapping[str, object], stakes: Stakes | None = None) -> int:
    """The smallest chip in cents: the stakes' (a typed hand), else the JSON's `unit`, else
    the seed house's."""
    if stakes is not None:
        if stakes.unit <= 0:
            raise RulesError(f"unit: expected the smallest chip, more than 0, got {stakes.unit}")
        return stakes.unit
    return read_unit(data.get("unit"))


def round_of(data: Mapping[str, object]) -> tuple[int, bool]:
    """Which round this hand is (1, 2, …) and whether it is the last (P5)."""
    number = data.get("round", 1)
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RulesError(f"round: expected a whole number from 1, got {number!r}")
    last_round = data.get("last_round", False)
    if not isinstance(last_round, bool):
        raise RulesError("last_round: expected true or false")
    return number, last_round


def mapping_of(data: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = data.get(key) or {}
    if not isinstance(value, Mapping):
        raise RulesError(f"{key}: expected an object")
    return value


def legs_of(data: Mapping[str, object]) -> dict[str, int]:
    legs: dict[str, int] = {}
    for name, count in mapping_of(data, "legs").items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RulesError(f"legs.{name}: expected a whole number of legs, got {count!r}")
        legs[name] = count
    return legs
