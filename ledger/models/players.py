"""The people who play at the house game."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from ledger.integrity.chain import name_seal
from ledger.scoping import HouseManager

from .houses import House
from .sealed import SealedRow, SealsField


def new_balance_token() -> str:
    """An unguessable token for a player's phone page."""
    return secrets.token_urlsafe(24)


class Player(SealedRow):
    """Someone who plays, or has played, at the house game."""

    # Where money goes (sealed.py): the pay links' handles, the link that confirms payments,
    # the bank-note identifier, the inviter who takes over a guest's debt (B9), the host (B4),
    # whether they are retired (off new nights' rosters, their phone link refused).
    SEALED = ("house_id", "note_id", "regular", "invited_by_id", "is_host", "balance_token",
              "venmo", "paypal", "cashapp", "zelle", "retired")

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(max_length=40)
    note_id = models.CharField(
        "bank-note identifier", max_length=8,
        help_text="Written on the player's bank notes, e.g. BOF. BOG is the host's (B4).",
    )
    regular = models.BooleanField(default=True)
    invited_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="guests",
        help_text="A guest's inviter, who takes over the guest's unpaid debt (B9).",
    )
    is_host = models.BooleanField(default=False)
    retired = models.BooleanField(
        default=False,
        help_text="No longer offered for new nights; kept in THE BOOK and the history.",
    )
    balance_token = models.CharField(
        max_length=64, unique=True, default=new_balance_token, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The name sealed with the player's id under the journal's key (ledger/integrity/chain.py): the
    # journal points at ids, so a name edited or two names swapped behind the site's back
    # would move money between people; the audit names it. Kept up to date by save().
    name_seal = models.CharField(max_length=64, blank=True, default="", editable=False)
    # Where the player takes payments (services/payments.py checks the shapes): shown only to
    # someone who owes them a transfer, on the banker's settle-up and on the player's own page.
    venmo = models.CharField("Venmo", max_length=30, blank=True, default="",
                             help_text="A Venmo username, without the @.")
    paypal = models.CharField("PayPal.me", max_length=20, blank=True, default="",
                              help_text="A PayPal.me name.")
    cashapp = models.CharField("Cash App", max_length=20, blank=True, default="",
                               help_text="A Cash App $cashtag, without the $.")
    zelle = models.CharField("Zelle", max_length=254, blank=True, default="",
                             help_text="The e-mail address or US phone number Zelle knows.")
    # Where the close and the reminders are mailed (services/mail.py), set by the player on
    # their own page or by the banker: shown to nobody else, never in a settle-up or export.
    # Not sealed: it moves and routes no money (a mail says only what THE BOOK says).
    email = models.EmailField("E-mail", max_length=254, blank=True, default="",
                              help_text="Where the settle-up of each night is mailed.")
    # When the player unsubscribed (the mail's one-click link): nothing more is mailed.
    mail_stopped_at = models.DateTimeField(null=True, blank=True, editable=False)
    seals = SealsField()

    objects = HouseManager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(regular=True) | Q(invited_by__isnull=False), name="guest_has_inviter"
            ),
            models.UniqueConstraint(
                fields=["house"], condition=Q(is_host=True), name="one_host_per_house"
            ),
            models.UniqueConstraint(
                "house", Lower("name"),
                name="player_name_unique_in_house_ignoring_case",
            ),
            models.UniqueConstraint(fields=["house", "note_id"], name="note_id_unique_in_house"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save, and seal the name with the id (known only after the first insert)."""
        update_fields = kwargs.get("update_fields")
        if self.pk is not None:
            self.name_seal = name_seal(self.pk, self.name)
            if update_fields is not None and "name" in update_fields:
                kwargs["update_fields"] = {*update_fields, "name_seal"}
            super().save(*args, **kwargs)
            return
        super().save(*args, **kwargs)
        self.name_seal = name_seal(self.pk, self.name)
        type(self).objects.filter(pk=self.pk).update(name_seal=self.name_seal)
