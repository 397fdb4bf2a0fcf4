"""Cash-out by chip colour (B10), count differences and the final pot (B12): the night locked,
the posting core's rules applied (ledger/posting/bank.py), the entry written."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.models import Entry, Night, Player
from ledger.posting import bank
from ledger.types import Banker

from .idempotency import idempotent
from .journal import locked_night, write


@idempotent("cashout_create")
def cashout_create(*, session: Night, player: Player,
                   chips: Mapping[str, int], key: str, user: Banker = None) -> Entry:
    """Turn in chips for cash: whole dollars paid, odd cents to the final pot (B12). An empty
    count is a player who has nothing left to turn in."""
    night = locked_night(session, user=user, players=[player])
    return write(night, bank.cashout(night, player=night.person_of(player), chips=chips),
                 key=key, user=user)


@idempotent("count_difference_record")
def count_difference_record(*, session: Night, amount: int, reason: str,
                            key: str, user: Banker = None) -> Entry:
    """Chips sold tonight that never came back: the banker's stake keeps what was paid for them."""
    night = locked_night(session, user=user)
    return write(night, bank.count_difference(night, amount=amount, reason=str(reason or "")),
                 key=key, user=user)


@idempotent("final_pot_award")
def final_pot_award(*, session: Night, winner: Player, key: str,
                    user: Banker = None) -> Entry:
    """Pay the final pot to the winner of the last hand (B12), once everyone has cashed out."""
    night = locked_night(session, user=user, players=[winner])
    return write(night, bank.final_pot(night, winner=night.person_of(winner)), key=key,
                 user=user)
