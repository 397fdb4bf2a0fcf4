"""The outbox of e-mails (services/mail.py): one row per message, written inside the
transaction that decides it (a close) and sent after the commit, so a mail server that is down
never fails the close and a close retried never mails twice (`key` is unique)."""

from __future__ import annotations

from django.db import models

from ledger.scoping import HouseManager

from .houses import House
from .nights import Night
from .players import Player


class MailOut(models.Model):
    """One message to one player: queued (`sent_at` empty), sent, or dropped (the player has
    no address any more or unsubscribed before it went)."""

    CLOSE = "close"
    REMINDER = "reminder"
    KINDS = [(CLOSE, "the night's settle-up"), (REMINDER, "a reminder of a debt")]

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="+")
    # (kind, night, player) for a close; (kind, player, number) for a reminder.
    key = models.CharField(max_length=120, unique=True)
    kind = models.CharField(max_length=10, choices=KINDS)
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="mails")
    session = models.ForeignKey(Night, null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+")
    subject = models.CharField(max_length=200)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    dropped = models.CharField(max_length=100, blank=True, default="")
    tries = models.PositiveIntegerField(default=0)
    error = models.CharField(max_length=300, blank=True, default="")

    objects = HouseManager()

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["sent_at", "dropped"], name="mail_queued")]

    def __str__(self) -> str:
        return self.key
