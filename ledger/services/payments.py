"""Paying what THE BOOK says, from the players' phones: payment handles, "I paid", and the
confirmation that alone moves THE BOOK.

* `handles_set` keeps where a player takes payments (Venmo, PayPal.me, Cash App, Zelle),
  checked for their shapes; the banker sets them on the player's page, the player on their
  own phone (then under the rules of the private link: the current link, not retired).
* `claim_create` is the payer's "I paid Ann $20": a claim, not money. It is refused when THE
  BOOK does not say that much is owed between the two (the payer owes at least that, the
  receiver is owed at least that, less what other claims already wait for), and at most
  MAX_PENDING claims wait for one link.
* `claim_confirm` is the receiver's (on their phone) or a banker's yes. Only it writes, once
  however often it is tapped (the claim's row is locked, the entry's one-time key is the
  claim's own): while a night is open, a `pay` event of that night through the tablet's own
  `payment_record` (so the holder rule applies to a banker; the receiver's phone is the
  receiver's own consent, recorded on the claim); with no night open, an entry of THE BOOK
  alone (`book_payment`), which the next night's `book_before` carries. A closed night's book
  never changes: it is read up to its close entry.
* `claim_reject` says no: nothing is written.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from ledger.house import house_game, house_id_in_use
from ledger.models import Night, PaymentClaim, Player
from ledger.posting.amounts import units
from ledger.selectors import opening
from ledger.selectors.phone import Owed, owed_between
from ledger.types import Banker

from .book import book_payment, payment_record
from .errors import LedgerError
from .idempotency import idempotent
from .journal import entered_by, lock_night
from .locks import Turn, take_turn
from .requests import MAX_PENDING, answer_reason, link_sender
from .versions import bump_house

HANDLES = ("venmo", "paypal", "cashapp", "zelle")
HANDLE_NAMES = {"venmo": "Venmo", "paypal": "PayPal.me", "cashapp": "Cash App",
                "zelle": "Zelle"}
_VENMO = re.compile(r"^[A-Za-z0-9_-]{5,30}$")
_PAYPAL = re.compile(r"^[A-Za-z0-9]{1,20}$")
_CASHTAG = re.compile(r"^(?=.*[A-Za-z])[A-Za-z0-9_]{1,20}$")
_PAYPAL_PREFIX = re.compile(r"^(?:https?://)?(?:www\.)?(?:paypal\.me/|paypal\.com/paypalme/)",
                            re.IGNORECASE)
_VENMO_PREFIX = re.compile(r"^(?:https?://)?(?:www\.|account\.)?venmo\.com/(?:u/)?",
                           re.IGNORECASE)
_CASH_PREFIX = re.compile(r"^(?:https?://)?(?:www\.)?cash\.app/", re.IGNORECASE)
_PHONE_MARKS = re.compile(r"[\s().-]")


def money(cents: int) -> str:
    """An amount in the house's currency, for a refusal's sentence."""
    return house_game().money(cents)

def _shape(kind: str, name: str, typed: str, example: str) -> LedgerError:
    return LedgerError(f"{HANDLE_NAMES[kind]} for {name}: {example}, not “{typed}”.",
                       field=kind)


def clean_handle(kind: str, value: object, *, name: str) -> str:
    """A handle as stored (no @, no $, no address around it), or "" for none; a handle of the
    wrong shape is refused with a sentence naming the player and the field."""
    typed = " ".join(str(value or "").split())
    if not typed:
        return ""
    if not typed.isascii():
        raise _shape(kind, name, typed, "use letters, digits and the signs the app allows")
    if kind == "venmo":
        text = _VENMO_PREFIX.sub("", typed).lstrip("@")
        if not _VENMO.match(text):
            raise _shape(kind, name, typed, "write the Venmo username, such as @ann-smith "
                         "(5 to 30 letters, digits, - or _)")
        return text
    if kind == "paypal":
        text = _PAYPAL_PREFIX.sub("", typed).strip("/")
        if not _PAYPAL.match(text):
            raise _shape(kind, name, typed, "write the PayPal.me name, such as annsmith "
                         "(up to 20 letters and digits)")
        return text
    if kind == "cashapp":
        text = _CASH_PREFIX.sub("", typed).lstrip("$")
        if not _CASHTAG.match(text):
            raise _shape(kind, name, typed, "write the $cashtag, such as $AnnSmith (up to 20 "
                         "letters, digits or _, at least one letter)")
        return text
    if kind == "zelle":
        if "@" in typed:
            try:
                validate_email(typed)
            except ValidationError:
                raise _shape(kind, name, typed, "write the e-mail address or the US phone "
                             "number Zelle knows, such as ann@example.com or "
                             "555-123-4567") from None
            return typed.lower() if len(typed) <= 254 else typed
        digits = _PHONE_MARKS.sub("", typed)
        if digits.startswith("+1"):
            digits = digits[2:]
        elif digits.startswith("1") and len(digits) == 11:
            digits = digits[1:]
        if not (digits.isdigit() and len(digits) == 10):
            raise _shape(kind, name, typed, "write the e-mail address or the US phone number "
                         "Zelle knows, such as ann@example.com or 555-123-4567")
        return f"{digits[:3]}-{digits[3:6]}-{digits[6:]}"
    raise LedgerError(f"There is no payment app {kind!r}.", field="handles")


@idempotent("handles_set")
def handles_set(*, player: Player, venmo: str = "", paypal: str = "",
                cashapp: str = "", zelle: str = "", token: str | None = None, key: str,
                user: Banker = None) -> Player:
    """Keep where `player` takes payments; an empty field clears that handle.

    From the player's phone (`token` given) the link must be their current one and they not
    retired, as for every post from a phone."""
    with transaction.atomic():
        if token is not None:
            row = link_sender(player, token)
        else:
            row = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        typed = {"venmo": venmo, "paypal": paypal, "cashapp": cashapp, "zelle": zelle}
        for kind in HANDLES:
            setattr(row, kind, clean_handle(kind, typed[kind], name=row.name))
        row.save(update_fields=list(HANDLES))
        bump_house()   # the pay links on the phones of whoever pays them
        return row


# ---- more than THE BOOK says is owed (read by selectors/phone.py's owed_between) -------------


def _too_much(payer: Player, payee: Player, cents: int, owed: Owed, *, you: bool) -> str:
    """Why `cents` is more than THE BOOK lets `payer` pay `payee`, or "" when it is not."""
    if cents <= owed.most:
        return ""
    who = "you" if you else payer.name
    owe = "owe" if you else "owes"
    if not owed.payer_owes:
        return f"THE BOOK says {who} {owe} nothing now: there is nothing to pay {payee.name}."
    if not owed.payee_is_owed:
        return (f"THE BOOK says {payee.name} is owed nothing now: pay whom the settle-up "
                "names.")
    waiting = max(owed.waiting_out, owed.waiting_in)
    waits = f", and {money(waiting)} already waits for a confirmation" if waiting else ""
    return (f"{money(cents)} is more than THE BOOK lets {who} pay {payee.name} now: at most "
            f"{money(owed.most)} ({who} {owe} {money(owed.payer_owes)}, {payee.name} is owed "
            f"{money(owed.payee_is_owed)}{waits}).")


@idempotent("claim_create")
def claim_create(*, player: Player, token: str, to: Player, amount: int,
                 night: Night | None = None, key: str,
                 user: Banker = None) -> PaymentClaim:
    """The payer's "I paid" `amount` cents to `to` (after the settle-up of `night`, if
    given): a claim for the receiver or a banker to confirm. Nothing is written to the
    journal."""
    with transaction.atomic():
        payer = link_sender(player, token)
        payee = to
        if payee.pk == payer.pk:
            raise LedgerError("You cannot pay yourself.", field="to")
        cents = units(amount, settings=house_game())
        settled = night
        if settled is not None:
            names = {(t.get("from"), t.get("to"))
                     for t in (settled.settlement or {}).get("transfers", [])}
            if settled.is_open or (payer.name, payee.name) not in names:
                raise LedgerError(f"The settle-up of {settled.date} lists no payment from "
                                  f"{payer.name} to {payee.name}.", field="night")
        waiting = PaymentClaim.objects.filter(payer=payer, status=PaymentClaim.CLAIMED).count()
        if waiting >= MAX_PENDING:
            raise LedgerError(f"You already have {waiting} payments waiting for a "
                              "confirmation; wait for an answer before sending another.",
                              code="too_many_pending")
        refusal = _too_much(payer, payee, cents, owed_between(payer, payee), you=True)
        if refusal:
            raise LedgerError(refusal, field="amount")
        bump_house()   # claims show on the payer's and the payee's phones, whatever the night
        return PaymentClaim.objects.create(house_id=payer.house_id, payer=payer, payee=payee,
                                           amount=cents, night=settled)


def _claim(pk: int, *, payee: Player | None) -> PaymentClaim:
    """The claim `pk`, locked; to a receiver, only a claim addressed to them exists."""
    row = (PaymentClaim.objects.select_for_update(no_key=True).select_related("payer", "payee")
           .filter(pk=pk).first())
    if row is None or (payee is not None and row.payee_id != payee.pk):
        raise LedgerError(f"There is no payment #{pk} to confirm.", code="no_claim")
    return row


def _receiver(player: Player | None, token: str | None) -> Player | None:
    """The receiver answering on their phone (their link checked), or None for a banker."""
    if player is None:
        return None
    return link_sender(player, token or "")


def claim_confirm(*, claim: PaymentClaim | int, player: Player | None = None,
                  token: str | None = None, user: Banker = None) -> PaymentClaim:
    """Write the payment a claim says, once: by the receiver (`player` and their link's
    `token`) or by a banker (`user`). Confirming a confirmed claim returns it as it is."""
    pk = claim.pk if isinstance(claim, PaymentClaim) else claim
    with transaction.atomic():
        # A night opening at this very moment waits, so its `book_before` has the payment.
        take_turn(Turn.OPEN_NIGHT, house_id_in_use())
        receiver = _receiver(player, token)
        tonight = opening.tonight()
        if tonight is not None:   # the night first, then the claim: as every night's write
            tonight = lock_night(tonight, user=None if receiver is not None else user)
        row = _claim(pk, payee=receiver)
        if row.status == PaymentClaim.CONFIRMED:
            return row
        if row.status == PaymentClaim.REJECTED:
            raise LedgerError(f"{row.payer.name}'s payment of {money(row.amount)} was already "
                              "rejected; they can send it again.", code="rejected")
        owed = owed_between(row.payer, row.payee, leave_out=row.pk)
        book_only = Owed(owed.payer_owes, owed.payee_is_owed, 0, 0)
        refusal = _too_much(row.payer, row.payee, row.amount, book_only, you=False)
        if refusal:
            raise LedgerError(f"{refusal} Reject the claim, or record what was paid on the "
                              "tablet.", code="too_much")
        key = f"payment-claim-{row.pk}"
        writer = None if receiver is not None else user
        if tonight is not None:
            entry = payment_record(session=tonight, player=row.payer, to=row.payee,
                                   amount=row.amount, key=key, user=writer)
        else:
            entry = book_payment(player=row.payer, to=row.payee, amount=row.amount, key=key,
                                 user=writer)
        row.status = PaymentClaim.CONFIRMED
        row.entry = entry
        row.answered_at = timezone.now()
        row.answered_by = entered_by(writer)
        row.answered_by_payee = receiver is not None
        row.save(update_fields=["status", "entry", "answered_at", "answered_by",
                                "answered_by_payee"])
        # The write bumped tonight (lock_night) or every night (THE BOOK alone): the house's
        # version moved; no second bump, which would wait for tonight's row it holds.
        return row


def claim_reject(*, claim: PaymentClaim | int, reason: str = "",
                 player: Player | None = None, token: str | None = None,
                 user: Banker = None) -> PaymentClaim:
    """Say no to a claim (the money never came): nothing is written to the journal."""
    pk = claim.pk if isinstance(claim, PaymentClaim) else claim
    reason = answer_reason(reason)
    with transaction.atomic():
        receiver = _receiver(player, token)
        row = _claim(pk, payee=receiver)
        if row.status == PaymentClaim.REJECTED:
            return row
        if row.status == PaymentClaim.CONFIRMED:
            raise LedgerError(f"{row.payer.name}'s payment of {money(row.amount)} was already "
                              f"confirmed (entry #{row.entry_id}); THE BOOK has it.",
                              code="confirmed")
        row.status = PaymentClaim.REJECTED
        row.reason = reason
        row.answered_at = timezone.now()
        row.answered_by = entered_by(None if receiver is not None else user)
        row.answered_by_payee = receiver is not None
        row.save(update_fields=["status", "reason", "answered_at", "answered_by",
                                "answered_by_payee"])
        bump_house()
        return row
