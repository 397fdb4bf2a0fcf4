"""Who holds a night's bank, and the rule that follows from it: only the holder enters anything
into an open night (issue 10).

The holder is a login - the banker operating the tablet and the cash box - not the session's
`banker` (B1: the Player whose stake the bank is), which never changes. The record is
`BankTenure`: each row gives the bank to someone from that moment on (models.py).

Every service that writes into a session checks its caller here, under the session's lock
(`journal.lock_session`), so a hand-over and an entry racing each other cannot both win:

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

from typing import TYPE_CHECKING

from django.contrib.auth.models import User
from django.utils import timezone

from ledger.models import BankTenure, PokerSession
from ledger.permissions import banker_name, is_banker

from .errors import NotTheHolder

if TYPE_CHECKING:
    from .journal import Banker


def current_tenure(session: PokerSession) -> BankTenure | None:
    """The night's latest tenure (its holder joined), or None when nobody ever held the bank."""
    return (BankTenure.objects.filter(session=session).select_related("holder")
            .order_by("-id").first())


def is_free(tenure: BankTenure | None) -> bool:
    """Nobody holds the bank, or its holder can no longer be a banker (left the group, or the
    account was switched off): any banker may take it."""
    return tenure is None or not is_banker(tenure.holder)


def holds(user: Banker, tenure: BankTenure | None) -> bool:
    return tenure is not None and user is not None and tenure.holder_id == user.pk


def since_text(tenure: BankTenure) -> str:
    """When the tenure began, as the table says it: "21:04" tonight, with the day otherwise."""
    since = timezone.localtime(tenure.since)
    if since.date() == timezone.localdate():
        return f"{since:%H:%M}"
    return f"{since:%a %b} {since.day}, {since:%H:%M}"


def held_sentence(tenure: BankTenure, user: Banker) -> str:
    """The refusal for someone who is not the holder: who holds the bank, since when, what to
    do. Staff are told they may take it over."""
    sentence = (f"{banker_name(tenure.holder)} holds the bank since {since_text(tenure)}; "
                "ask them to hand it to you.")
    if user is not None and getattr(user, "is_staff", False):
        sentence += " As staff you may take it over on the table's page."
    return sentence


def refusal(session: PokerSession, user: Banker, tenure: BankTenure | None = None) -> str:
    """Why `user` may not enter anything into the night now, or "" when they may (the holder,
    or anyone when the bank is free or the night is closed). A read: it takes nothing."""
    if not session.is_open:
        return ""
    if tenure is None:
        tenure = current_tenure(session)
    if tenure is None or holds(user, tenure) or is_free(tenure):
        return ""
    return held_sentence(tenure, user)


def check_holder(session: PokerSession, user: Banker) -> None:
    """Let the holder write; give a free bank to the banker who writes; refuse anyone else.

    Called with the session locked, inside the writing service's transaction: the tenure of
    a free bank taken here is rolled back with the entry if the entry is refused.
    """
    if user is None or not session.is_open:
        return
    if not isinstance(user, User) or not is_banker(user):
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
