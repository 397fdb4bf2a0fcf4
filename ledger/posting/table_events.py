"""The table's record as the rules' events: a journal entry's call, end of game, hand or
penalty turned into what `rules.games.table` folds into the table's state. Read from stored
payloads by the pages and from drafted ones by the night in memory."""

from __future__ import annotations

from collections.abc import Mapping

from rules.errors import MoneyError
from rules.games import table
from rules.games.hand_types import HandResult
from rules.games.table import Called, GameEnded, PenaltyPaid, Played, TableEvent, TableState
from rules.money import format_cents, parse_cents

from .accounts import EntryKind


def cents_of(value: object) -> int:
    """A stored amount's cents; 0 for anything that is not one (an old, odd payload)."""
    try:
        return parse_cents(value) if isinstance(value, str) else 0
    except MoneyError:
        return 0


def hand_result(payload: Mapping[str, object]) -> dict[str, object]:
    """A hand's computed result; hands stored before results were kept get the arithmetic of
    their typed figures (awards out of the pot, the rest carried)."""
    result = payload.get("result")
    if isinstance(result, dict):
        return result
    pot = cents_of(payload.get("pot"))
    awards = payload.get("awards")
    awarded = sum(cents_of(v) for v in awards.values()) if isinstance(awards, dict) else 0
    return {"carry": format_cents(pot - awarded), "next_pot": format_cents(pot - awarded),
            "legs": [], "game_over": True}


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list | dict) else []


def table_event(kind: str, amount: int, payload: Mapping[str, object]) -> TableEvent:
    """One journal entry of the table as the rules' event."""
    game = payload.get("game")
    if kind == EntryKind.PENALTY:
        return PenaltyPaid(amount)
    if kind == EntryKind.CALL:
        dealer, options = payload.get("dealer", ""), payload.get("options")
        return Called(game=game if isinstance(game, str | dict) else None,
                      dealer=dealer if isinstance(dealer, str) else "",
                      options=dict(options) if isinstance(options, dict) else {})
    if kind == EntryKind.END_GAME:
        return GameEnded()
    legs = payload.get("legs")
    number = payload.get("round")
    names = [p.get("name") for p in _listed(payload.get("players")) if isinstance(p, dict)]
    names += [*_listed(payload.get("awards")), *_listed(payload.get("owes"))]
    return Played(result=HandResult.from_json(hand_result(payload)),
                  game=game if isinstance(game, str | dict) and game else None,
                  round=number if isinstance(number, int) else None,
                  legs=dict(legs) if isinstance(legs, dict) else None,
                  names=tuple(n for n in names if isinstance(n, str)))


def table_step(state: TableState, kind: str, amount: int, payload: Mapping[str, object]
               ) -> TableState:
    """Where the table stands after one more live call, end of game, hand or penalty."""
    return table.table_step(state, table_event(kind, amount, payload))
