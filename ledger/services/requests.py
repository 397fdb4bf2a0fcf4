"""Requests from the players' phones: an ask for chips, a player's own count of their chips.

A request is not money. `request_ask` and `request_count` only store what the player sent;
nothing reaches the journal until the holder of the night's bank approves it
(`request_approve`), and then through the very services the tablet's forms use: `buyin_create`
for an ask (a buy from the bank), `cashout_create` for a count, with the same rules, checks and
refusals. The buy-in's one-time key is the request's own (`phone-request-<id>`), so however
often a request is approved, one entry is written. A refusal by the rules when it is approved
(the night closed, a count above the chips out) is the rule's sentence; the request stays
pending, for the banker to decline or approve later.

Only a player whose private link is current, who is not retired, can send a request, and only
while a night is open; at most MAX_PENDING wait at once for one link. The limit on posts a
minute (`link_post_allowed`) is counted in the database, so every server worker sees it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from ledger.house_settings import SEED, HouseSettings
from ledger.models import Entry, LinkPost, Night, PhoneRequest, Player
from ledger.posting.accounts import Method
from ledger.posting.amounts import bank_steps
from ledger.posting.bank import chip_total
from ledger.selectors.opening import tonight
from ledger.types import Banker

from .buyins import buyin_create
from .cashout import cashout_create
from .errors import LedgerError
from .idempotency import idempotent
from .journal import entered_by, lock_night
from .versions import bump_night

MAX_PENDING = 3              # requests waiting at once, per link
POSTS_PER_MINUTE = 10        # posts a minute, per link
MAX_CHIPS = 100_000          # of one colour, as on the tablet's counter
MAX_ASK = 100_000_00         # the tablet's largest amount
REASON_LENGTH = 200


def answer_reason(reason: object) -> str:
    """A decline's or a rejection's reason as the player will read it: one line, not too long."""
    text = " ".join(str(reason or "").split())
    if len(text) > REASON_LENGTH:
        raise LedgerError(f"Keep the reason under {REASON_LENGTH} characters.", field="reason")
    return text
# Who may pay for chips how: the choices the tablet's buy-in form offers every player (B3).
PAID_CHOICES = (Method.CASH, Method.BY_NOTE, Method.BY_BOOK)
_DIGITS = re.compile(r"^[0-9]+$")


def paid_choices(player: Player) -> tuple[str, ...]:
    """How `player` may pay for chips from the bank: what the tablet offers them (B3)."""
    return PAID_CHOICES


def read_count(value: object, colour: str) -> int:
    """A count of chips as typed on the phone: ASCII digits only; empty or missing is 0."""
    text = "" if value is None else str(value).strip()
    if not text:
        return 0
    if text.startswith("-"):
        raise LedgerError(f"The number of {colour} chips cannot be negative.", field=colour)
    if "," in text or "." in text:
        raise LedgerError(f"Count the {colour} chips as a whole number without commas or "
                          f"points, such as 12, not “{text}”.", field=colour)
    if not _DIGITS.match(text):
        raise LedgerError(f"Count the {colour} chips with the digits 0 to 9, such as 12, "
                          f"not “{text}”.", field=colour)
    count = int(text)
    if count > MAX_CHIPS:
        raise LedgerError(f"{count} {colour} chips is more than {MAX_CHIPS}; count again.",
                          field=colour)
    return count


def link_sender(player: Player, token: str) -> Player:
    """The player row, locked, if `token` is still their link and they are not retired."""
    row = Player.objects.select_for_update(no_key=True).filter(pk=player.pk).first()
    if row is None or row.balance_token != token:
        raise LedgerError("This link has been replaced; ask the banker for your new one.",
                          code="link_replaced", field="token")
    if row.retired:
        raise LedgerError(f"{row.name} is retired: ask the banker at the table.",
                          code="retired", field="token")
    return row


def _tonights_rules() -> HouseSettings:
    """The open night's settings, which an ask or a count is checked by (the seed house's when
    no night is open: that refusal comes next)."""
    night = tonight()
    return night.game_settings if night is not None else SEED


def _night_for(player: Player) -> Night:
    night = tonight()
    if night is None:
        raise LedgerError("No night is open: nothing can be asked now.", field="session")
    waiting = PhoneRequest.objects.filter(player=player, status=PhoneRequest.PENDING,
                                          session__status=Night.OPEN).count()
    if waiting >= MAX_PENDING:
        raise LedgerError(f"You already have {waiting} requests waiting for the banker; wait "
                          "for an answer before sending another.", code="too_many_pending")
    return night


@idempotent("request_ask")
def request_ask(*, player: Player, token: str, amount: int, paid: str,
                key: str, user: Banker = None) -> PhoneRequest:
    """A player asks for `amount` cents of chips from the bank: in the night's steps (B2),
    paid as the tablet offers (B3). Nothing is written to the journal."""
    with transaction.atomic():
        sender = link_sender(player, token)
        rules = _tonights_rules()
        money = rules.money
        cents = bank_steps(amount, settings=rules)
        if cents > MAX_ASK:
            raise LedgerError(f"{money(cents)} is more than {money(MAX_ASK)}; check the amount.",
                              field="amount")
        if paid not in paid_choices(sender):
            raise LedgerError("Choose how you pay: cash, bank note or THE BOOK (B3).",
                              field="paid")
        night = _night_for(sender)
        bump_night(night)
        return PhoneRequest.objects.create(session=night, player=sender,
                                           kind=PhoneRequest.ASK, amount=cents, paid=paid)


@idempotent("request_count")
def request_count(*, player: Player, token: str, chips: Mapping[str, int], key: str,
                  user: Banker = None) -> PhoneRequest:
    """A player's own count of their chips by colour (B10), for the banker to cash out.
    Nothing is written to the journal."""
    with transaction.atomic():
        sender = link_sender(player, token)
        rules = _tonights_rules()
        total = chip_total(chips, rules)   # refuses a colour it has not, a count that is no number
        counts = {colour: chips.get(colour, 0) for colour in rules.colours}
        night = _night_for(sender)
        if PhoneRequest.objects.filter(player=sender, session=night, kind=PhoneRequest.COUNT,
                                       status=PhoneRequest.PENDING).exists():
            raise LedgerError("Your count is already waiting for the banker; wait for the "
                              "answer before counting again.", code="count_pending")
        bump_night(night)
        return PhoneRequest.objects.create(
            session=night, player=sender, kind=PhoneRequest.COUNT, amount=total,
            chips={colour: n for colour, n in counts.items() if n},
        )


def _pending(session: Night, pk: int) -> PhoneRequest:
    """The night's request `pk`, locked; a request of another night is no request of this one."""
    row = (PhoneRequest.objects.select_for_update(no_key=True).select_related("player")
           .filter(pk=pk, session=session).first())
    if row is None:
        raise LedgerError(f"There is no request #{pk} on the night of {session.date}.",
                          code="no_request")
    return row


def request_approve(*, session: Night, request: PhoneRequest | int,
                    user: Banker = None, confirm_duplicate: bool = False) -> PhoneRequest:
    """Write what the request asks, through the tablet's own services; once.

    An ask is a buy-in from the bank (`buyin_create`), a count a cash-out (`cashout_create`).
    Approving an approved request returns it as it is. A refusal by the rules (LedgerError) is
    raised as it is and the request stays pending.
    """
    pk = request.pk if isinstance(request, PhoneRequest) else request
    with transaction.atomic():
        night = lock_night(session, user=user, must_be_open=False)
        row = _pending(night, pk)
        if row.status == PhoneRequest.APPROVED:
            return row
        if row.status == PhoneRequest.DECLINED:
            raise LedgerError(f"{row.player.name}'s request was already declined; they can "
                              "send a new one.", code="declined")
        key = f"phone-request-{row.pk}"
        entry: Entry
        if row.kind == PhoneRequest.ASK:
            entry = buyin_create(session=night, player=row.player, amount=row.amount,
                                 paid=row.paid, key=key, user=user,
                                 confirm_duplicate=confirm_duplicate)
        else:
            entry = cashout_create(session=night, player=row.player, chips=dict(row.chips),
                                   key=key, user=user)
        row.status = PhoneRequest.APPROVED
        row.entry = entry
        row.answered_at = timezone.now()
        row.answered_by = entered_by(user)
        row.save(update_fields=["status", "entry", "answered_at", "answered_by"])
        return row


def request_decline(*, session: Night, request: PhoneRequest | int,
                    reason: str = "", user: Banker = None) -> PhoneRequest:
    """Say no to a request, with a reason the player sees; nothing else is written."""
    pk = request.pk if isinstance(request, PhoneRequest) else request
    reason = answer_reason(reason)
    with transaction.atomic():
        night = lock_night(session, user=user, must_be_open=False)
        row = _pending(night, pk)
        if row.status == PhoneRequest.DECLINED:
            return row
        if row.status == PhoneRequest.APPROVED:
            raise LedgerError(f"{row.player.name}'s request was already approved (entry "
                              f"#{row.entry_id}); correct that entry in the journal instead.",
                              code="approved")
        row.status = PhoneRequest.DECLINED
        row.reason = reason
        row.answered_at = timezone.now()
        row.answered_by = entered_by(user)
        row.save(update_fields=["status", "reason", "answered_at", "answered_by"])
        return row


def link_post_allowed(player: Player) -> bool:
    """Count one post from the player's link, unless they already sent POSTS_PER_MINUTE in the
    last minute (then nothing is counted and the post is refused). Own transaction: a refused
    post rolls nothing of it back.

    Counted and recorded under the player's row lock (PostgreSQL; SQLite's IMMEDIATE
    transaction holds the write lock already): without it, 20 posts at once all counted 9
    and all went in. The time is read under the lock, so the posts' moments keep their order."""
    with transaction.atomic():
        Player.objects.select_for_update(no_key=True).filter(pk=player.pk).values_list("pk").first()
        now = timezone.now()
        recent = LinkPost.objects.filter(player=player, at__gt=now - timedelta(minutes=1))
        if recent.count() >= POSTS_PER_MINUTE:
            return False
        LinkPost.objects.filter(player=player, at__lt=now - timedelta(minutes=10)).delete()
        LinkPost.objects.create(player=player, at=now)
    return True
