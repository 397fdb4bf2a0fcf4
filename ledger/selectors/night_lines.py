"""One player's night in figures (cents) and the journal rows it is summed from; the bank
never knows the chips a player holds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import QuerySet

from ledger.models import (
    Entry,
    Night,
    Player,
)
from ledger.posting.accounts import EntryKind, Method


@dataclass
class PlayerLine:
    """One player's night so far (cents). The bank never knows the chips a player holds."""

    player: Player
    seat: int | None = None
    bought_cash: int = 0
    bought_note: int = 0
    bought_book: int = 0
    sold: int = 0
    cashed_out: int = 0
    cashouts: int = 0             # how many cash-outs (a zero count is one)
    final_pot: int = 0
    own_notes_voided: int = 0     # the player's notes voided tonight: chips never paid for
    held_notes_voided: int = 0    # notes voided while the player held them (the bank's: banker)
    count_differences: int = 0    # chips that never came back (the banker's stake keeps them)
    book: int = 0

    @property
    def bought(self) -> int:
        return self.bought_cash + self.bought_note + self.bought_book

    @property
    def bought_less_cashed_out(self) -> int:
        """Bought - cashed out so far: a figure, not the chips the player holds."""
        return self.bought - self.sold - self.cashed_out

    @property
    def cashed_out_yet(self) -> bool:
        return self.cashouts > 0

    @property
    def net(self) -> int:
        """The night's result (ARCHITECTURE.md, settle-up `net`); a closed night's sum to zero."""
        return (self.cashed_out + self.final_pot - self.bought + self.sold
                + self.own_notes_voided - self.held_notes_voided + self.count_differences)


def live_entries(session: Night) -> QuerySet[Entry]:
    """The session's entries that have not been corrected (and are not corrections)."""
    return Entry.objects.filter(session=session, reversed_by__isnull=True).exclude(
        kind=EntryKind.REVERSAL
    )


_BOUGHT = {Method.CASH: "bought_cash", Method.BY_NOTE: "bought_note", Method.BY_BOOK: "bought_book"}


def _whole(value: object) -> int:
    """A count, an id or a sum of cents from a values() row (None: 0)."""
    return value if isinstance(value, int) else 0


def add_money_row(lines: dict[int, PlayerLine], row: Mapping[str, object]) -> None:
    """One (player, kind, method, counterparty) sum of the night's money entries on its line."""
    line, total, kind = lines[_whole(row["player"])], _whole(row["total"]), row["kind"]
    if kind == EntryKind.BUY:
        attr = _BOUGHT[Method(str(row["method"]))]
        setattr(line, attr, getattr(line, attr) + total)
        if row["counterparty"]:
            lines[_whole(row["counterparty"])].sold += total
    elif kind == EntryKind.CASHOUT:
        line.cashed_out += total
        line.cashouts += _whole(row["n"])
    elif kind == EntryKind.COUNT_DIFFERENCE:
        line.count_differences += total
    else:
        line.final_pot += total


def touched(line: PlayerLine) -> bool:
    return bool(line.bought or line.sold or line.cashouts or line.final_pot
                or line.own_notes_voided or line.held_notes_voided or line.count_differences)


