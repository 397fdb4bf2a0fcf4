"""Rows that are only ever added: the journal's querysets and models refuse UPDATE and DELETE."""

from __future__ import annotations

from typing import Any, TypeVar

from django.db import models

from ledger.scoping import HouseManager, NightHouseManager


class AppendOnlyError(Exception):
    """Raised when code tries to change or remove a row of the journal."""


_M = TypeVar("_M", bound=models.Model)


class AppendOnlyQuerySet(models.QuerySet[_M]):
    """Refuses bulk UPDATE and DELETE: money rows are only ever added."""

    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: add a reversing entry")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: add a reversing entry")

    # bulk_update goes through update(); bulk_create is allowed.


class AppendOnlyManager(HouseManager[_M]):
    """An entry's or a posting's manager: the house's rows, append-only."""

    _queryset_class = AppendOnlyQuerySet


class AppendOnlyNightManager(NightHouseManager[_M]):
    """A bank note's or a bank tenure's: its night's house, append-only."""

    _queryset_class = AppendOnlyQuerySet


class AppendOnlyModel(models.Model):
    """A model whose rows can be inserted once and never changed (its manager's querysets are
    AppendOnlyQuerySets: ledger/scoping.py HouseManager)."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(
                f"{type(self).__name__} rows are append-only: add a reversing entry"
            )
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only: add a reversing entry")
