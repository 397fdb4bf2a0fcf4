"""Handing a night's bank - the tablet and the cash box - to another banker in one step.

The session's `banker` (B1: whose stake the bank is) does not change; the holder does
(services/holder.py, models.BankTenure). One call writes one tenure row:

* the holder hands the bank to any other active banker ("handed");
* a free bank (nobody holds it, or its holder is no longer a banker) is taken by any banker,
  for themselves or for another banker ("taken");
* the house's owners and staff take the bank over from a holder (their tablet died, they went
  home) for themselves or for another banker ("taken_over"): the row says who did it and from
  whom.

Who may hold, take or take over a house's bank is one rule, ledger/permissions.py
(`is_banker`, `bank_holders`, `may_take_over`): the house's owners and bankers.

Anyone else is refused with the sentence that says who holds the bank. The call is
idempotent: a double tap on "Hand over" writes one hand-over.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from ledger.models import BankTenure, Night
from ledger.permissions import banker_name, is_banker, may_take_over
from ledger.selectors.bank import current_tenure, held_sentence, holds, is_free
from ledger.types import Banker

from .errors import LedgerError, NotTheHolder
from .idempotency import idempotent
from .journal import lock_night_row


def _active_banker(found: User, house_id: int, *, field: str = "to") -> User:
    """The login, if it may hold the house's bank; anyone else is refused."""
    if not is_banker(found, house_id):
        raise LedgerError(f"{banker_name(found)} is not a banker: only the house's owners and "
                          "bankers can hold the bank.", field=field)
    return found


@idempotent("bank_hand_over")
def bank_hand_over(*, session: Night, to: User, key: str,
                   user: Banker) -> BankTenure:
    """Give the night's bank to `to` (a banker's login) from now on.

    `user` is who does it: the holder, any banker when the bank is free, or an owner or staff
    taking it over. `to` may be `user` themselves: that is taking the bank.
    """
    if not isinstance(user, User) or not is_banker(user, session.house_id):
        raise LedgerError("Only a banker who is logged in may hand the bank on.")
    session = lock_night_row(session)
    receiver = _active_banker(to, session.house_id)
    tenure = current_tenure(session)
    if holds(receiver, tenure):
        who = "You already hold" if receiver.pk == user.pk else \
            f"{banker_name(receiver)} already holds"
        raise LedgerError(f"{who} the bank.", field="to")
    if holds(user, tenure):
        how = BankTenure.HANDED
    elif is_free(tenure):
        how = BankTenure.TAKEN
    elif may_take_over(user, session.house_id):
        how = BankTenure.TAKEN_OVER
    else:
        assert tenure is not None   # a bank nobody ever held is free
        raise NotTheHolder(held_sentence(tenure, user))
    return BankTenure.objects.create(
        session=session, holder=receiver, made_by=user, how=how,
        previous=tenure.holder if tenure is not None else None, since=timezone.now(),
    )
