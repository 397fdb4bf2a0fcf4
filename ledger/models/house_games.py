"""The house's own games, saved by a dealer (S12)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class HouseGame(models.Model):
    """A dealer's own game saved for the house (S12): a catalog game with the dealer's changes,
    kept as an inline definition in the catalog's own format, so calls and exports carry it."""

    name = models.CharField(max_length=60, unique=True)
    definition = models.JSONField(help_text="The game in the format of `rules games --json`.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="house_games",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
