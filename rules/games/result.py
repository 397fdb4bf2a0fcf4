"""A hand's result, typed: what the rules give for one hand and what the journal keeps of it.

`HandResult` is built from the pot rules' `pots.Outcome` by the showdown and the payout
(`result_of`), in integer cents, with no JSON between them and the site
(`rules.games.hand_types.settle`). `to_json` is the shape the journal stores and the night
file exports ("result": awards, carry, owes, legs, next_pot, game_over, explain); `from_json`
reads it back from a stored entry. The command line's own output (`python -m rules showdown`,
`payout`) keeps its shape, written by `rules.games.showdown.outcome_json`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.errors import RulesError
from rules.money import format_cents, parse_cents

from . import pots

JSON = str | int | float | bool | None | list["JSON"] | dict[str, "JSON"]
JSONObject = dict[str, JSON]


@dataclass(frozen=True)
class Award:
    name: str
    amount: int
    side: str          # "high", "low", "pot" …


@dataclass(frozen=True)
class Owe:
    """What a player owes into the next pot (match, burn), or on a last round pays another
    player directly (`to`, P5)."""

    name: str
    amount: int
    reason: str
    to: str | None = None


@dataclass(frozen=True)
class HandResult:
    """The rules' answer for one hand, as the journal keeps it (RESULT_FIELDS)."""

    awards: tuple[Award, ...] = ()
    carry: int = 0
    owes: tuple[Owe, ...] = ()
    legs: tuple[str, ...] = ()
    next_pot: int = 0
    game_over: bool = False
    explain: tuple[str, ...] = ()

    def to_json(self) -> JSONObject:
        owes: list[JSON] = []
        for owe in self.owes:
            line: JSONObject = {"name": owe.name, "amount": format_cents(owe.amount),
                                "reason": owe.reason}
            if owe.to is not None:
                line["to"] = owe.to
            owes.append(line)
        return {
            "awards": [{"name": a.name, "amount": format_cents(a.amount), "side": a.side}
                       for a in self.awards],
            "carry": format_cents(self.carry), "owes": owes, "legs": list(self.legs),
            "next_pot": format_cents(self.next_pot), "game_over": self.game_over,
            "explain": list(self.explain),
        }

    @classmethod
    def from_json(cls, value: object) -> HandResult:
        """A result as the journal keeps it (a stored hand's "result"; extra keys are not
        kept)."""
        data = _object(value, "result")
        awards = [_object(a, "result.awards") for a in _list(data.get("awards"))]
        owes = [_object(o, "result.owes") for o in _list(data.get("owes"))]
        return cls(
            awards=tuple(Award(str(a.get("name")), parse_cents(a.get("amount")),
                               str(a.get("side"))) for a in awards),
            carry=parse_cents(data.get("carry", "0.00")),
            owes=tuple(Owe(str(o.get("name")), parse_cents(o.get("amount")),
                           str(o.get("reason")),
                           None if o.get("to") is None else str(o.get("to"))) for o in owes),
            legs=tuple(str(n) for n in _list(data.get("legs"))),
            next_pot=parse_cents(data.get("next_pot", "0.00")),
            game_over=bool(data.get("game_over")),
            explain=tuple(str(line) for line in _list(data.get("explain"))),
        )

    def won_by(self, name: str) -> int:
        return sum(a.amount for a in self.awards if a.name == name)

    def winners(self) -> list[str]:
        """Who took something from the pot, each once, in the order of the awards."""
        return list(dict.fromkeys(a.name for a in self.awards if a.amount > 0))


def result_of(outcome: pots.Outcome, explain: Sequence[str]) -> HandResult:
    """The pot rules' outcome as the hand's result, with the whole explanation (the hands in
    words, then the pot's)."""
    return HandResult(
        awards=tuple(Award(a.name, a.amount, a.side) for a in outcome.awards),
        carry=outcome.carry,
        owes=tuple(Owe(o.name, o.amount, o.reason, o.to) for o in outcome.owes),
        legs=tuple(outcome.legs),
        next_pot=outcome.next_pot,
        game_over=outcome.game_over,
        explain=tuple(explain),
    )


def _object(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise RulesError(f"{where}: expected an object")
    return value


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []
