"""Showdown adjustments: rules that change players' hands once every hand at the table is known.

A ranking scheme sees one player's cards; a side payment sees only money. Some games need a
step between the two: Breaker (003) lets the holder of the joker break everybody's straights
and flushes, but only when that makes the holder win, which depends on every other hand and
the board. Such a rule is registered once by name (`@ADJUSTMENTS.register(name)`) and a game
definition names it in `adjustments`; the showdown engine runs each named adjustment, in order,
after evaluating every hand and before the pot rules see them.

An adjustment receives an `AdjustContext` and returns an `Adjusted`: replacement hand values
(by player name, per side) and explain sentences. It must change only the hands of players
who are `contending` (still in, not dead, not stopped): a player who folded or stopped keeps
the hand their cards make, for the record, and never takes part in the money.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..cards import Card
from ..errors import RulesError
from ..evaluator import HandValue
from ..registry import Registry
from .definition import GameDef

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Player:
    """One player's cards and hands as evaluated, before any adjustment."""

    name: str
    down: Cards
    up: Cards
    high: HandValue | None
    low: HandValue | None
    contending: bool             # in the showdown for the money (stayed, alive, went)


@dataclass(frozen=True)
class AdjustContext:
    game: GameDef                # as played (round and options applied)
    board: Mapping[str, Cards]
    players: Sequence[Player]
    settings: Mapping[str, object] = field(default_factory=dict)


@dataclass
class Adjusted:
    high: dict[str, HandValue] = field(default_factory=dict)
    low: dict[str, HandValue] = field(default_factory=dict)
    explain: list[str] = field(default_factory=list)


Adjustment = Callable[[AdjustContext], Adjusted]
ADJUSTMENTS: Registry[Adjustment] = Registry(
    "adjustments: unknown adjustment {name}; expected one of {known}")
"""Adjustments by the name a definition gives in `adjustments`; `@ADJUSTMENTS.register(name)`."""


def run(context: AdjustContext, names: Sequence[str]) -> tuple[list[Player], list[str]]:
    """Apply the named adjustments in order: the players with their new hands, and the
    explain sentences. A change to a player who is not contending is refused (a bug)."""
    players = list(context.players)
    explain: list[str] = []
    for name in names:
        change = ADJUSTMENTS.lookup(name)(AdjustContext(context.game, context.board, players,
                                                    context.settings))
        for player_name in {**change.high, **change.low}:
            player = next((p for p in players if p.name == player_name), None)
            if player is None or not player.contending:
                raise RulesError(f"adjustments: {name} changed {player_name!r}, who is not "
                                 "in the showdown")
        players = [Player(p.name, p.down, p.up, change.high.get(p.name, p.high),
                          change.low.get(p.name, p.low), p.contending) for p in players]
        explain.extend(change.explain)
    return players, explain
