"""The showdown's table as the pot rules read it (rules.games.pots): the entrants, already
evaluated, the dummy hand, what is awarded and owed, and the side-payment rules (P15) by name.
Plain values, no rule: the rules are in pots.py."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..evaluator import HandValue
from ..evaluator.values import Key
from ..money import SEED_UNIT
from ..registry import Registry
from .definition import GameDef

SIDES = ("high", "low")


@dataclass(frozen=True)
class Entrant:
    """One player at the showdown, already evaluated.

    `stayed` false: dropped or folded before the showdown (in no side, owes nothing).
    `go` false (P12 games): said stop, out, owes nothing. `dead` (P13): loses and owes.
    """

    name: str
    high: Key | None = None
    low: Key | None = None
    declare: str | None = None
    go: bool = True
    dead: bool = False
    stayed: bool = True
    card: Key | None = None      # the card side's key (H3: the spade in the hole), None: none

    def key(self, side: str) -> Key | None:
        if side not in SIDES:
            return self.card
        return self.high if side == "high" else self.low

    def seeks(self, side: str) -> bool:
        return self.declare in (side, "both")


@dataclass(frozen=True)
class DummyHand:
    """The kitty, the old man or the ghost top-4 (P9, P14): must be beaten, never paid."""

    name: str
    high: Key | None = None
    low: Key | None = None

    def key(self, side: str) -> Key | None:
        return self.high if side == "high" else self.low


@dataclass(frozen=True)
class Award:
    name: str
    amount: int
    side: str                    # "high", "low", "both" or "pot"


@dataclass(frozen=True)
class Owe:
    name: str
    amount: int
    reason: str                  # "match", "burn", "last round", "wimp", "knock", ...
    to: str | None = None        # a direct payment to a person; None = into the next pot


@dataclass
class Outcome:
    awards: list[Award] = field(default_factory=list)
    carry: int = 0
    owes: list[Owe] = field(default_factory=list)
    legs: list[str] = field(default_factory=list)
    game_over: bool = True
    explain: list[str] = field(default_factory=list)
    winners: dict[str, list[str]] = field(default_factory=dict)   # side -> names
    losers: list[str] = field(default_factory=list)

    @property
    def next_pot(self) -> int:
        """What the next hand starts with: the carry plus everything owed into the pot."""
        return self.carry + sum(owe.amount for owe in self.owes if owe.to is None)


@dataclass(frozen=True)
class Table:
    """Everything the pot rules need besides the entrants."""

    game: GameDef
    pot: int
    penalties: int = 0           # penalties in the pot never count toward a match (B11)
    dummy: DummyHand | None = None
    legs_before: Mapping[str, int] = field(default_factory=dict)
    round: int = 1
    last_round: bool = False
    settings: Mapping[str, object] = field(default_factory=dict)
    perfect: Mapping[str, Key] = field(default_factory=dict)    # side -> best possible key
    unit: int = SEED_UNIT        # the smallest chip, in cents (B10, P2)


# -- side payments (P15) -------------------------------------------------------------------


@dataclass(frozen=True)
class SideContext:
    """What a side-payment rule sees: the table, the entrants, the outcome so far, and the
    raw player objects of the showdown JSON (extra fields such as `"knock": true`)."""

    table: Table
    entrants: Sequence[Entrant]
    outcome: Outcome
    players: Sequence[Mapping[str, object]] = ()
    values: Mapping[str, HandValue | None] = field(default_factory=dict)   # name -> high hand


SidePayment = Callable[[SideContext], list[Owe]]
SIDE_PAYMENTS: Registry[SidePayment] = Registry(
    "side_payments: unknown rule {name}; expected one of {known}")
"""Side-payment rules by the name a definition gives in `side_payments`;
`@SIDE_PAYMENTS.register(name)`."""
