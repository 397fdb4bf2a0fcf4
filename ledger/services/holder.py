"""Who holds a night's bank, and the rule that follows from it: only the holder enters anything
into an open night (issue 10).

The holder is a login - the banker operating the tablet and the cash box - not the session's
`banker` (B1: the Player whose stake the bank is), which never changes. The record is
`BankTenure`: each row gives the bank to someone from that moment on (models/nights.py).

Every service that writes into a session checks its caller here, under the session's lock
(`journal.lock_night`), so a hand-over and an entry racing each other cannot both win:

* `user=None` is the machine itself - the command line, an import, the demo loader - and is
  not checked (whoever runs those already has the whole database);
* the holder writes;
* a free bank - no tenure yet (an imported night, one opened before migration 0009), or a
  holder who is no longer an active banker - is taken by the banker who writes first, recorded
  as a tenure in the same transaction as the entry;
* anyone else is refused with a sentence, nothing written: "Ann holds the bank since 21:04;
  ask them to hand it to you." Staff too: they take the bank over explicitly
  (services.bank_hand_over), so the record says so, and never write past the holder silently.

A closed night has no bank to hold: the rule applies to open nights only.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils import timezone

from ledger.models import BankTenure, Night
from ledger.permissions import is_banker
from ledger.selectors.bank import current_tenure, held_sentence, holds, is_free
from ledger.types import Banker

from .errors import NotTheHolder

# Who holds the bank now, and the sentence that refuses anyone else: reads, in selectors/bank.py.


def check_holder(session: Night, user: Banker) -> None:
    """Let the holder write; give a free bank to the banker who writes; refuse anyone else.

    Called with the session locked, inside the writing service's transaction: the tenure of
    a free bank taken here is rolled back with the entry if the entry is refused.
    """
    if user is None or not session.is_open:
        return
    if not isinstance(user, User) or not is_banker(user, session.house_id):
        raise NotTheHolder("Only a banker who is logged in may enter anything into a night.")
    tenure = current_tenure(session)
    if holds(user, tenure):
        return
    if tenure is not None and not is_free(tenure):
        raise NotTheHolder(held_sentence(tenure, user))
    BankTenure.objects.create(
        session=session, holder=user, made_by=user, how=BankTenure.TAKEN,
        previous=tenure.holder if tenure is not None else None, since=timezone.now(),
    )
