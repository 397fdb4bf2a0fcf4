"""The one-time keys that make a repeated write give the first one's result (R1, R3)."""

from __future__ import annotations

from django.db import models


class IdempotencyKey(models.Model):
    """A write's one-time key, what was asked, and what it produced (R1, R3)."""

    key = models.CharField(max_length=100, unique=True)
    action = models.CharField(max_length=40)
    fingerprint = models.CharField(max_length=64)
    result_model = models.CharField(max_length=40)
    result_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.action} {self.key}"
