"""Houses: one home game each - its players, nights, THE BOOK, house games, payment claims and
journal - and the logins that run them, each with a role in each house.

Every row of a house is reached through the managers of ledger/scoping.py, which require the
house in scope: a query that forgets it fails instead of showing another house's data.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from ledger.house_settings import HouseSettings, stored


class House(models.Model):
    """One home game (the Friday game, the Tuesday game)."""

    name = models.CharField(max_length=60)
    slug = models.SlugField(max_length=60, unique=True,
                            help_text="The house's pages live under /h/<slug>/.")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    settings = models.JSONField(
        default=dict, blank=True,
        help_text="The house's own game (ledger/house_settings.py, its JSON form): chips, "
                  "stakes, currency, bank rules; empty = the seed house's. Nights copy it.",
    )

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name

    @property
    def game_settings(self) -> HouseSettings:
        """The house's settings, as its next night will copy them."""
        return stored(self.settings)


class Role(models.TextChoices):
    """What a login may do in a house (ARCHITECTURE "Houses")."""

    OWNER = "owner", "owner"      # members and settings, and all a banker may
    BANKER = "banker", "banker"   # opens nights, holds the bank, enters everything
    VIEWER = "viewer", "viewer"   # reads the banker's pages; writes nothing


WRITERS = frozenset({Role.OWNER, Role.BANKER})


class Membership(models.Model):
    """A login's role in one house."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="house_memberships")
    role = models.CharField(max_length=6, choices=Role.choices)
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["house", "user"]
        constraints = [
            models.UniqueConstraint(fields=["house", "user"], name="one_role_per_house"),
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.role} of {self.house}"


INVITATION_DAYS = 7


def new_invitation_token() -> str:
    return secrets.token_urlsafe(24)


def invitation_expiry() -> datetime:
    return timezone.now() + timedelta(days=INVITATION_DAYS)


class Invitation(models.Model):
    """A one-time link an owner hands out: it makes or joins a login with the role chosen,
    once, within seven days."""

    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="invitations")
    token = models.CharField(max_length=64, unique=True, default=new_invitation_token,
                             editable=False)
    role = models.CharField(max_length=6, choices=Role.choices)
    made_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                related_name="+")
    made_at = models.DateTimeField(default=timezone.now, editable=False)
    expires_at = models.DateTimeField(default=invitation_expiry)
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["-made_at"]

    def __str__(self) -> str:
        return f"invitation to {self.house} as {self.role}"
