"""The site's own settings that the banker chose on first start (`make serve`)."""

from __future__ import annotations

from django.db import models


class SiteSettings(models.Model):
    """One row: the house's name, asked for on the first start of `manage.py serve_house`
    (or BANKER_HOUSE) and shown in every page's header. Kept in the database, so a backup
    and a restore carry it."""

    house_name = models.CharField(max_length=60, default="Home game")

    class Meta:
        verbose_name = verbose_name_plural = "site settings"

    def __str__(self) -> str:
        return self.house_name
