"""Who holds a night's bank (the tablet, the cash box) and who held it when, and why a banker
may not write into the night now; the rule that only the holder writes is services/holder.py."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.utils import timezone

from ledger.models import (
    BankTenure,
    Night,
)
from ledger.permissions import (
    bank_holders,
    banker_name,
    is_banker,
    may_take_over,
)
from ledger.types import Banker

# ---- the bank's holder (issue 10; the rule is services/holder.py) ----------------------


def current_tenure(session: Night) -> BankTenure | None:
    """The night's latest tenure (its holder joined), or None when nobody ever held the bank."""
    tenure = (BankTenure.objects.filter(session=session).select_related("holder")
              .order_by("-id").first())
    if tenure is not None:
        tenure.session = session   # (its house says who may hold it: is_free)
    return tenure


def is_free(tenure: BankTenure | None) -> bool:
    """Nobody holds the bank, or its holder can no longer be a banker (left the group, or the
    account was switched off): any banker may take it."""
    return tenure is None or not is_banker(tenure.holder, tenure.session.house_id)


def holds(user: Banker, tenure: BankTenure | None) -> bool:
    return tenure is not None and user is not None and tenure.holder_id == user.pk


def since_text(tenure: BankTenure) -> str:
    """When the tenure began, as the table says it: "21:04" tonight, with the day otherwise."""
    since = timezone.localtime(tenure.since)
    if since.date() == timezone.localdate():
        return f"{since:%H:%M}"
    return f"{since:%a %b} {since.day}, {since:%H:%M}"


VIEWER_SENTENCE = ("As a viewer of this house you read its nights; only its owners and bankers "
                   "hold the bank.")


def held_sentence(tenure: BankTenure, user: Banker) -> str:
    """The refusal for someone who is not the holder: who holds the bank, since when, what to
    do. A viewer, who never holds it, is told so; an owner or staff, that they may take it
    over."""
    held = f"{banker_name(tenure.holder)} holds the bank since {since_text(tenure)}"
    house_id = tenure.session.house_id
    if user is not None and not is_banker(user, house_id):
        return f"{held}. {VIEWER_SENTENCE}"
    sentence = f"{held}; ask them to hand it to you."
    if may_take_over(user, house_id):
        who = "staff" if getattr(user, "is_staff", False) else "the house's owner"
        sentence += f" As {who} you may take it over on the table's page."
    return sentence


def refusal(session: Night, user: Banker, tenure: BankTenure | None = None) -> str:
    """Why `user` may not enter anything into the night now, or "" when they may (the holder,
    or a banker when the bank is free, or anyone when the night is closed). A viewer never
    may. A read: it takes nothing."""
    if not session.is_open:
        return ""
    if tenure is None:
        tenure = current_tenure(session)
    if user is not None and not is_banker(user, session.house_id):
        if tenure is None or is_free(tenure):
            return f"Nobody holds the bank. {VIEWER_SENTENCE}"
        return held_sentence(tenure, user)
    if tenure is None or holds(user, tenure) or is_free(tenure):
        return ""
    return held_sentence(tenure, user)


@dataclass(frozen=True)
class Tenure:
    """One stretch of a night during which one banker held its bank."""

    holder: str
    since: datetime.datetime
    until: datetime.datetime | None   # None: still holds it
    how: str
    made_by: str
    previous: str | None
    by_staff: bool = False   # a take-over by staff (else by the house's owner)

    @property
    def describe(self) -> str:
        """How the bank came to the holder, for the list of who held it when."""
        if self.how == BankTenure.OPENED:
            return "opened the night"
        if self.how == BankTenure.HANDED:
            return f"handed over by {self.made_by}"
        if self.how == BankTenure.TAKEN_OVER:
            role = "staff" if self.by_staff else "owner"
            return f"taken over from {self.previous} by {self.made_by} ({role})"
        taker = "" if self.made_by == self.holder else f", given by {self.made_by}"
        return f"took the free bank{taker}"


def bank_tenures(session: Night) -> list[Tenure]:
    """Who held the night's bank when, oldest first: each tenure lasts until the next one
    begins, the last until the night closed (or now). One query."""
    rows = list(BankTenure.objects.filter(session=session)
                .select_related("holder", "made_by", "previous").order_by("id"))
    if not rows:
        return []
    ends: list[datetime.datetime | None] = [row.since for row in rows[1:]]
    ends.append(session.closed_at)
    return [Tenure(holder=banker_name(row.holder), since=row.since, until=until, how=row.how,
                   made_by=banker_name(row.made_by) if row.made_by is not None else "",
                   previous=banker_name(row.previous) if row.previous is not None else None,
                   by_staff=row.made_by is not None and row.made_by.is_staff)
            for row, until in zip(rows, ends, strict=True)]


def banker_users(house_id: int, *, exclude: Iterable[int | None] = ()) -> list[tuple[int, str]]:
    """Who can hold the house's bank (permissions.bank_holders: its owners and bankers), by
    name: the choices of the hand-over."""
    return sorted(((u.pk, banker_name(u)) for u in bank_holders(house_id, exclude=exclude)),
                  key=lambda c: c[1].casefold())


@dataclass(frozen=True)
class BankState:
    """The night's bank as one banker sees it on the table's page."""

    holder: str | None        # None: nobody holds it
    since: str
    mine: bool                # the viewer holds it
    free: bool                # anyone may take it
    refusal: str              # why the viewer may not enter anything, or ""
    can_take: bool            # the viewer may take it: it is free, or they may take it over
    choices: list[tuple[int, str]]   # whom the holder can hand it to
    viewer: bool = False      # the login never holds this house's bank (a viewer of it)

    @property
    def may_write(self) -> bool:
        return not self.refusal

    @property
    def viewer_note(self) -> str:
        """What a viewer is told beside who holds the bank: they never hold it."""
        return VIEWER_SENTENCE if self.viewer else ""


def bank_state(session: Night, user: Banker) -> BankState:
    """Who holds the bank, since when, and what the viewing banker may do about it."""
    tenure = current_tenure(session)
    if tenure is not None and isinstance(user, get_user_model()) and tenure.holder_id == user.pk:
        tenure.holder = user   # the viewer: whether they are a banker is known already
    free = is_free(tenure)
    mine = holds(user, tenure)
    holder = user is not None and is_banker(user, session.house_id)
    refused = refusal(session, user, tenure) if tenure is not None or not holder else ""
    return BankState(
        holder=banker_name(tenure.holder) if tenure is not None else None,
        since=since_text(tenure) if tenure is not None else "",
        mine=mine, free=free, refusal=refused,
        can_take=session.is_open and not mine and holder
        and (free or may_take_over(user, session.house_id)),
        choices=banker_users(session.house_id, exclude=[user.pk])
        if user is not None and session.is_open and mine else [],
        viewer=not holder,
    )
