"""The house's own games, saved by a dealer (S12)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from ledger.scoping import HouseManager

from .houses import House


class HouseGame(models.Model):
    """A dealer's own game saved for the house (S12): a catalog game with the dealer's changes,
    kept as an inline definition in the catalog's own format, so calls and exports carry it."""

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="house_games")
    name = models.CharField(max_length=60)
    definition = models.JSONField(help_text="The game in the format of `rules games --json`.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="house_games",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = HouseManager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["house", "name"], name="house_game_name_in_house"),
        ]

    def __str__(self) -> str:
        return self.name
