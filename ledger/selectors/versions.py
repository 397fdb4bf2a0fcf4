"""Version numbers of a night and of the house, bumped by every write
(services/versions.py): what the conditional answers and the kept pages are keyed on."""

from __future__ import annotations

from django.db.models import Count, Sum

from ledger.models import House, Night


def night_version(pk: int) -> int | None:
    """The night's version (None: no such night). One query."""
    return (Night.objects.filter(pk=pk).values_list("version", flat=True).first())


def house_version() -> tuple[int, int]:
    """The house's version: the number of nights and the sum of their versions; it moves with
    every write to any night, or to none. One query."""
    row = Night.objects.aggregate(nights=Count("id"), writes=Sum("version"))
    return row["nights"], row["writes"] or 0


def version_of(house: House) -> tuple[int, int] | None:
    """The version read with the house (house.request_house; None: it was not read with
    it)."""
    nights = getattr(house, "version_nights", False)
    if nights is False:
        return None
    return nights or 0, getattr(house, "version_writes", 0) or 0


def closed_version() -> tuple[int, int]:
    """The closed nights' version: it moves when a night closes and with every write to a
    closed night (a correction, a merge of its surrogate book) or to no night (a rename, THE
    BOOK alone), not with tonight's buy-ins. One query."""
    row = (Night.objects.filter(status=Night.CLOSED)
           .aggregate(nights=Count("id"), writes=Sum("version")))
    return row["nights"], row["writes"] or 0

