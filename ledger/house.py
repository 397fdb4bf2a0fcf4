"""The house a row or a page is of.

A one-house site works as it did before houses: rows written with no house in scope go to the
site's only house, made as "Home game" when the site has none yet. Every page's header shows
the house HouseMiddleware found for it (request.house), with no query of its own.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.text import slugify

from ledger.models import House
from ledger.posting.errors import LedgerError
from ledger.scoping import current_house_id

DEFAULT_NAME = "Home game"


class HouseNotNamed(LedgerError):
    """Several houses and none in scope: the caller must say which."""


def house_in_use() -> House:
    """The house new rows belong to: the one in scope; with none in scope, the site's only
    house (made as "Home game" when there is none yet)."""
    current = current_house_id()
    if current is not None:
        return House.objects.get(pk=current)
    houses = list(House.objects.order_by("pk")[:2])
    if len(houses) > 1:
        raise HouseNotNamed("This site keeps several houses: name the house.", field="house")
    if houses:
        return houses[0]
    # The first house: two writers making it at once make one (its slug is unique).
    first, _ = House.objects.get_or_create(slug=slugify(DEFAULT_NAME),
                                           defaults={"name": DEFAULT_NAME})
    return first


def house_id_in_use() -> int:
    """The id of `house_in_use()`, without a query when a house is in scope."""
    return current_house_id() or house_in_use().pk



def house_name(request: HttpRequest) -> dict[str, object]:
    """Template context: the page's house ("" when it has none), the login's role, and whether
    the login has several houses (the header then leads to the list of them)."""
    house = getattr(request, "house", None)
    return {"house_name": house.name if house is not None else "",
            "house_slug": house.slug if house is not None else "",
            "house_role": getattr(request, "house_role", None) or ""}
