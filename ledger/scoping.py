"""Which house's rows a query sees (django-scopes, one dimension: `house`).

The models of a house's rows use `HouseManager`: with a house in scope their querysets see that
house alone; with none in scope they refuse to run (ScopeError), so a query that forgot the
house fails loudly instead of showing another house's rows. Each request runs in the scope of
the house its URL names (ledger/middleware.py HouseMiddleware); commands name their house with
`in_house`, or go over every house on purpose with `every_house`.

Where nothing has set a scope at all (a `manage.py shell` script, a thread of one's own), the
queries see every house, as they did before houses. A request is never in that state: the
middleware starts each one with no house, so a page that forgot its house fails, in the
tests as on the site.

Saves, deletes and reads through a foreign key use Django's base manager and need no scope.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.db import models
from django_scopes import get_scope
from django_scopes.exceptions import ScopeError
from django_scopes.manager import DisabledQuerySet
from django_scopes.state import state

__all__ = ["HouseManager", "NightHouseManager", "PlayerHouseManager",
           "ScopeError", "current_house_id", "every_house", "in_house",
           "no_house"]


_M = TypeVar("_M", bound=models.Model)


class HouseManager(models.Manager[_M]):
    """The manager of a house's rows; `path` leads from the model to its house. (Class
    attributes, not arguments: Django makes the related managers, `night.seats`, by
    subclassing the model's manager and calling it with none.)"""

    path = "house"

    def get_queryset(self) -> models.QuerySet[_M]:
        current = state.get()
        if current is None or not current.get("_enabled", True):
            return super().get_queryset()   # no scope ever set, or every house on purpose
        house = current.get("house")
        if house is None:   # a scope without a house: the query fails when it is used
            refused: models.QuerySet[_M] = DisabledQuerySet(self.model, using=self._db,
                                                            missing_scopes={"house"})
            return refused
        return super().get_queryset().filter(**{self.path: house})

    def all(self) -> models.QuerySet[_M]:
        found = self.get_queryset()
        if isinstance(found, DisabledQuerySet):
            found.error()   # fails at once, as every other method of it
        return found.all()


class NightHouseManager(HouseManager[_M]):
    """A row of a night: its night's house."""

    path = "session__house"


class PlayerHouseManager(HouseManager[_M]):
    """A row of a player's: the player's house."""

    path = "player__house"


@contextmanager
def _scope(**values: object) -> Iterator[None]:
    """django-scopes' `scope`, put back exactly as it was after (django-scopes leaves an
    enabled, empty scope where there was none: that would turn a script strict)."""
    before = state.get()
    token = state.set({**(before or {}), "_enabled": True, **values})
    try:
        yield
    finally:
        state.reset(token)


@contextmanager
def in_house(house_id: int) -> Iterator[None]:
    """Queries inside see the rows of this house only."""
    with _scope(house=house_id):
        yield


@contextmanager
def no_house() -> Iterator[None]:
    """Queries of a house's rows inside fail (a request whose URL names no house)."""
    with _scope():
        yield


@contextmanager
def every_house() -> Iterator[None]:
    """Queries inside see every house's rows: the admin, backups, the audit of all houses."""
    with _scope(_enabled=False):
        yield


def current_house_id() -> int | None:
    """The house in scope, if any."""
    value = get_scope().get("house")
    return value if isinstance(value, int) else None
