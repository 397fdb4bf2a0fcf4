"""An odds question read and checked (`python -m rules odds`): the cards seen, the cards still
to come, and how to count the deals. Every error names its field.

The input is a showdown's (`game`, `players`, `board`, `dummy`, `options`, `round`) where any
hand or board position may hold fewer cards than the game deals, plus `dead`, `trials`, `exact`
and `seed` (ARCHITECTURE.md). What is missing is a `Slot` to fill from the unseen cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..cards import Card, deck
from ..errors import RulesError
from ..games.definition import GameDef
from ..games.options import apply_options
from ..games.showdown_input import (
    Cards,
    Seat,
    cards_of,
    declare_of,
    flag_of,
    game_of,
    mapping_of,
    name_of,
    player_of,
    round_of,
)
from ..games.up_cards import check_dealt, extra_allowed
from ..money import SEED_UNIT, read_unit

MAX_TRIALS = 10_000_000
DEFAULT_TRIALS = 20_000
EXACT_LIMIT = 2_000_000          # `exact: "auto"` enumerates up to this many completions
FORCED_EXACT_LIMIT = 200_000_000  # `exact: true` beyond this would not finish at a table
_DRAW_WORDS = re.compile(r"\bdraw|\bdrawn|\bexchange", re.IGNORECASE)


@dataclass(frozen=True)
class Slot:
    """Cards still to come in one place: a player's down or up cards, a board position or
    the dummy's. `ordered`: where the cards lie matters (rows, a circle), so an exact count
    tells apart the orders of the same cards."""

    where: str            # "down", "up", "board", "dummy"
    index: int            # the player's index; for "board", the position's index
    name: str             # the position's name (board); else the player's name
    count: int
    ordered: bool = False


@dataclass(frozen=True)
class Spot:
    """An odds question, read: the seats and board as seen and the slots still to fill."""

    game: GameDef
    settings: Mapping[str, object]
    seats: tuple[Seat, ...]
    board: Mapping[str, Cards]
    dummy: Seat | None
    round: int
    slots: tuple[Slot, ...]
    unseen: tuple[Card, ...]
    seen: int
    trials: int
    exact: bool | str
    seed: int
    cards_speak: bool     # a declare game scored as cards speak (nobody gave `declare`)
    draw: bool            # a draw game: no discards modelled
    unit: int = SEED_UNIT  # the smallest chip, in cents: the pot splits in it (P2)

    @property
    def extra_cards(self) -> bool:
        """Up cards still to come may give extra down cards (H2: a face-up 4): how many cards
        a deal needs depends on the deal, so the deals are sampled, each up card to come that
        gives one dealing its holder an extra down card from the unseen cards."""
        return self.spare_cards > 0

    @property
    def spare_cards(self) -> int:
        """The most extra down cards the up cards still to come may give (H2): no more than
        there are up cards to come, nor unseen cards that give one."""
        if not self.game.extra_down:
            return 0
        to_come = sum(slot.count for slot in self.slots if slot.where == "up")
        givers = sum(extra_allowed(self.game.extra_down, (card,)) for card in self.unseen)
        return min(to_come, givers)

    @property
    def missing(self) -> int:
        return sum(slot.count for slot in self.slots)


def read_spot(data: object) -> Spot:
    """Read and check the odds input; every error names its field."""
    if not isinstance(data, Mapping):
        raise RulesError("odds: expected a JSON object")
    unit = read_unit(data.get("unit"))
    game, settings = apply_options(game_of(data), mapping_of(data, "options"), unit=unit)
    number, _ = round_of(data)
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise RulesError("players: missing; expected a list of players")
    declared = any(isinstance(p, Mapping) and p.get("declare") is not None for p in players)
    cards_speak = game.split == "declare" and not declared
    if cards_speak:
        game = replace(game, split="cards-talk")
    seats = tuple(_seat(item, index, game) for index, item in enumerate(players))
    _distinct_names(seats)
    board = _board(data, game)
    dummy = _dummy(data, game, seats)
    dead = cards_of(data.get("dead"), "dead")
    unseen = _unseen(game, board, seats, dummy, dead)
    slots = _slots(game, board, seats, dummy)
    trials = _trials(data)
    exact = data.get("exact", "auto")
    if exact not in ("auto", True, False):
        raise RulesError(f"exact: expected \"auto\", true or false, got {exact!r}")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"seed: expected an integer, got {seed!r}")
    need = sum(slot.count for slot in slots)
    if need > len(unseen):
        raise RulesError(f"players: {need} cards still to deal, but only {len(unseen)} are "
                         f"left unseen in the {game.deck} deck")
    return Spot(game, settings, seats, board, dummy, number, slots, tuple(unseen),
                len(deck(game.deck)) - len(unseen), trials, exact, seed, cards_speak,
                bool(_DRAW_WORDS.search(f"{game.name} {game.describe}")), unit)


def _trials(data: Mapping[str, object]) -> int:
    trials = data.get("trials", DEFAULT_TRIALS)
    if isinstance(trials, bool) or not isinstance(trials, int) \
            or not 1 <= trials <= MAX_TRIALS:
        raise RulesError(f"trials: expected a whole number from 1 to 10,000,000, got {trials!r}")
    return trials


def _seat(value: object, index: int, game: GameDef) -> Seat:
    where = f"players[{index}]"
    name = name_of(value, where)
    data = player_of(value, where)
    down, up = cards_of(data.get("down"), f"{where}.down"), cards_of(data.get("up"), f"{where}.up")
    folded = flag_of(data, "folded", False, where)
    go = flag_of(data, "go", True, where)
    declare = declare_of(data, game, where, not folded)
    dealt_down = check_dealt(game.id, game.down, game.up, game.extra_down, down, up, where)
    if game.down is not None and len(down) + len(up) > dealt_down + game.up:
        raise RulesError(f"{where}: {len(down) + len(up)} cards, but {game.id} deals "
                         f"{game.down + game.up} ({game.down} down, {game.up} up)")
    return Seat(name, down, up, declare, go, not folded, False, data)


def _distinct_names(seats: tuple[Seat, ...]) -> None:
    seen: set[str] = set()
    for index, seat in enumerate(seats):
        if seat.name in seen:
            raise RulesError(f"players[{index}].name: {seat.name!r} appears twice")
        seen.add(seat.name)


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
        if position.count is not None and len(cards[name]) > position.count:
            raise RulesError(f"board.{name}: {len(cards[name])} cards, but {game.id} deals "
                             f"{position.count} there")
    return cards


def _dummy_size(game: GameDef) -> int | None:
    spec = game.dummy
    if spec is None:
        return None
    if spec.cards is not None:
        return spec.cards
    return None if game.down is None else game.down + game.up


def _dummy(data: Mapping[str, object], game: GameDef, seats: tuple[Seat, ...]) -> Seat | None:
    """The dummy as seen (all of it unseen when it is not given but plays)."""
    value = data.get("dummy")
    spec = game.dummy
    if value is None:
        live = sum(s.stayed and s.go for s in seats)
        if spec is not None and (spec.when == "always" or live == 1):
            return Seat(spec.name, (), ())
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
    size = _dummy_size(game)
    if size is not None and len(down) + len(up) > size:
        raise RulesError(f"dummy.down: {len(down) + len(up)} cards, but {game.id} deals "
                         f"{spec.name} {size}")
    if name in {seat.name for seat in seats}:
        raise RulesError(f"dummy.name: {name!r} is also a player's name")
    return Seat(name, down, up)


def _unseen(game: GameDef, board: Mapping[str, Cards], seats: tuple[Seat, ...],
            dummy: Seat | None, dead: Cards) -> list[Card]:
    """The game's deck less every card seen; a card seen twice is refused, naming both
    places."""
    left = deck(game.deck)
    where: dict[Card, str] = {}
    places = [(f"board.{name}", cards) for name, cards in board.items()]
    for index, seat in enumerate(seats):
        places += [(f"players[{index}].down", seat.down), (f"players[{index}].up", seat.up)]
    if dummy is not None:
        places += [("dummy.down", dummy.down), ("dummy.up", dummy.up)]
    places.append(("dead", dead))
    for place, cards in places:
        for index, card in enumerate(cards):
            if card not in left:
                if card in where:
                    raise RulesError(f"{place}[{index}]: card {card} is seen twice (also in "
                                     f"{where[card]})")
                raise RulesError(f"{place}[{index}]: card {card} is not in the {game.deck} deck")
            left.remove(card)
            where.setdefault(card, f"{place}[{index}]")
    return left


def _slots(game: GameDef, board: Mapping[str, Cards], seats: tuple[Seat, ...],
           dummy: Seat | None) -> tuple[Slot, ...]:
    """Every place that still has cards to come. Folded players get none (their unseen cards
    are as good as in the deck); a position of no fixed count is taken as entered."""
    slots = []
    positional = game.hand.layout != "community"
    for index, position in enumerate(game.board):
        if position.count is not None and len(board[position.name]) < position.count:
            count = position.count - len(board[position.name])
            slots.append(Slot("board", index, position.name, count, positional and count > 1))
    for index, seat in enumerate(seats):
        if not seat.stayed or game.down is None:
            continue
        dealt_down = game.down + extra_allowed(game.extra_down, seat.up)   # H2: face-up 4s
        left = dealt_down + game.up - len(seat.down) - len(seat.up)
        # down cards never exceed what is left to deal (H2a: cards rolled face up were dealt
        # down, so a player's up cards may be more than the game's `up`)
        down = max(min(dealt_down - len(seat.down), left), 0)
        up = left - down
        if down:
            slots.append(Slot("down", index, seat.name, down))
        if up > 0:
            # a follow card (H1): the order of the up cards to come names the wild rank
            slots.append(Slot("up", index, seat.name, up, bool(game.follow) and up > 1))
    size = _dummy_size(game)
    if dummy is not None and size is not None and len(dummy.down) + len(dummy.up) < size:
        slots.append(Slot("dummy", 0, dummy.name, size - len(dummy.down) - len(dummy.up)))
    return tuple(slots)
