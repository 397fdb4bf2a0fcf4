"""What players send from their phones: asks for chips, counts, payments they made, and the
posts that limit a flood. None of it is money until a banker or the receiver answers it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from ledger.scoping import HouseManager, NightHouseManager, PlayerHouseManager
from rules.money import format_cents

from .houses import House
from .journal import Entry
from .nights import Night
from .players import Player


class PhoneRequest(models.Model):
    """A player's ask for chips, or their own count of their chips, sent from their phone.

    Not money: nothing is in the journal until the holder of the night's bank approves it;
    then `entry` is the buy-in or cash-out the tablet's own form would have written
    (services/requests.py). A pending request may be approved or declined; an answered one
    stays as it was answered.
    """

    ASK = "ask"
    COUNT = "count"
    KIND_CHOICES = [(ASK, "asks for chips"), (COUNT, "counted their chips")]
    PENDING = "pending"
    APPROVED = "approved"
    DECLINED = "declined"
    STATUS_CHOICES = [(PENDING, "pending"), (APPROVED, "approved"), (DECLINED, "declined")]

    session = models.ForeignKey(Night, on_delete=models.PROTECT,
                                related_name="phone_requests")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="phone_requests")
    kind = models.CharField(max_length=5, choices=KIND_CHOICES)
    amount = models.BigIntegerField(
        default=0, help_text="Cents: the chips asked for, or what the count comes to.")
    paid = models.CharField(max_length=4, choices=Entry.METHOD_CHOICES, blank=True)
    chips = models.JSONField(default=dict, blank=True, help_text="A count: colour -> chips.")
    status = models.CharField(max_length=8, choices=STATUS_CHOICES, default=PENDING)
    reason = models.CharField(max_length=200, blank=True,
                              help_text="Why it was declined, shown to the player.")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="answered_phone_requests",
    )
    entry = models.OneToOneField(Entry, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="phone_request")

    objects = NightHouseManager()

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["session", "status"], name="phone_request_session_status"),
            models.Index(fields=["player", "status"], name="phone_request_player_status"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="ask") | (
                    Q(amount__gt=0) & Q(paid__in=["cash", "note", "book"])),
                name="phone_ask_positive_and_paid",
            ),
            models.CheckConstraint(condition=Q(amount__gte=0), name="phone_request_not_negative"),
            models.CheckConstraint(
                condition=(Q(status="approved") & Q(entry__isnull=False))
                | (~Q(status="approved") & Q(entry__isnull=True)),
                name="phone_request_approved_has_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.get_kind_display()} ({self.status})"


class LinkPost(models.Model):
    """One post from a player's private link, kept a few minutes to limit a flood (at most
    PHONE_POSTS_PER_MINUTE a minute per link; views/phone_requests.py)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    objects = PlayerHouseManager()

    class Meta:
        indexes = [models.Index(fields=["player", "at"], name="link_post_player_at")]

    def __str__(self) -> str:
        return f"{self.player} posted at {self.at:%H:%M:%S}"


class PaymentClaim(models.Model):
    """A player says, from their phone, that they paid another player: "I paid Ann $20".

    Not money: THE BOOK moves only when the receiver (on their phone) or a banker confirms it
    (services/payments.py). Then `entry` is the payment: a `pay` event of the night open at
    that moment, written by the tablet's own payment service, or, with no night open, an entry
    of THE BOOK alone (no session), which the next night's `book_before` carries. `night` is
    the closed night whose settle-up the transfer came from, when the claim answers one.
    """

    CLAIMED = "claimed"
    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    STATUS_CHOICES = [(CLAIMED, "waiting for confirmation"), (CONFIRMED, "confirmed"),
                      (REJECTED, "rejected")]

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="payment_claims")
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_claimed")
    payee = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_to_confirm")
    amount = models.BigIntegerField(help_text="Cents.")
    night = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="The night whose settle-up listed the transfer, if any.")
    status = models.CharField(max_length=9, choices=STATUS_CHOICES, default=CLAIMED)
    reason = models.CharField(max_length=200, blank=True, help_text="Why it was rejected.")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="answered_payment_claims", help_text="The banker who answered, if any.")
    answered_by_payee = models.BooleanField(
        default=False, help_text="The receiver answered on their own phone.")
    entry = models.OneToOneField(Entry, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="payment_claim")

    objects = HouseManager()

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["status", "payer"], name="payment_claim_status_payer"),
            models.Index(fields=["status", "payee"], name="payment_claim_status_payee"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0), name="payment_claim_positive",
            ),
            models.CheckConstraint(condition=~Q(payer=F("payee")),
                                   name="payment_claim_between_two_people"),
            models.CheckConstraint(
                condition=(Q(status="confirmed") & Q(entry__isnull=False))
                | (~Q(status="confirmed") & Q(entry__isnull=True)),
                name="payment_claim_confirmed_has_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {format_cents(self.amount)} ({self.status})"
