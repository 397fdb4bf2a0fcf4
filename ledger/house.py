"""The house a row or a page is of.

A one-house site works as it did before houses: rows written with no house in scope go to the
site's only house, made as "Home game" when the site has none yet. Every page's header shows
the house HouseMiddleware found for it (request.house), with no query of its own.
"""

from __future__ import annotations

import json

from django.contrib.auth.models import Group, User
from django.http import HttpRequest
from django.utils.text import slugify

from ledger.house_settings import HouseSettings, stored
from ledger.models import House, Membership, Night, Player
from ledger.posting.errors import LedgerError
from ledger.scoping import current_house_id

DEFAULT_NAME = "Home game"


class HouseNotNamed(LedgerError):
    """Several houses and none in scope: the caller must say which."""


# The house a request's address names, with its version (selectors.house_version: its nights'
# number and the sum of their versions) and the login's role as a member: the first query of
# every page. Written once as SQL: built by the ORM on every request, its subqueries cost more
# Python than the queries they save.
_TABLES = {"night": Night._meta.db_table, "member": Membership._meta.db_table,
           "house": House._meta.db_table, "player": Player._meta.db_table,
           "group": Group._meta.db_table, "user_groups": User.groups.through._meta.db_table}
_COLUMNS = """h.id, h.name, h.slug, h.created_at, h.settings,
       (SELECT COUNT(*) FROM {night} n WHERE n.house_id = h.id) AS version_nights,
       (SELECT SUM(n.version) FROM {night} n WHERE n.house_id = h.id) AS version_writes,
       (SELECT m.role FROM {member} m WHERE m.house_id = h.id AND m.user_id = %s) AS member_role
""".format(**_TABLES)
_NAMED_BY = {
    "night": "h.id = (SELECT n.house_id FROM {night} n WHERE n.id = %s)",
    "slug": "h.slug = %s",
    "token": "h.id = (SELECT p.house_id FROM {player} p WHERE p.balance_token = %s)",
    "member": "h.id IN (SELECT m.house_id FROM {member} m WHERE m.user_id = %s)",
}
_SQL = {by: f"SELECT {_COLUMNS} FROM {_TABLES['house']} h WHERE {where.format(**_TABLES)}"
        for by, where in _NAMED_BY.items()}
# A night's page shows the night's own settings (its currency), read with its house.
_SQL["night"] = ("SELECT {columns}, n.settings AS night_settings FROM {house} h "
                 "JOIN {night} n ON n.house_id = h.id WHERE n.id = %s").format(
    columns=_COLUMNS, **_TABLES)
_FIRST_TWO = """SELECT {columns}, EXISTS(
    SELECT 1 FROM {group} g JOIN {user_groups} ug ON ug.group_id = g.id
    WHERE g.name = %s AND ug.user_id = %s) AS in_group
FROM {house} h ORDER BY h.id LIMIT 2""".format(columns=_COLUMNS, **_TABLES)


def request_houses(by: str, value: object, user_id: int | None) -> list[House]:
    """The house of a night's id, a house's slug or a phone's token (`by`), or the houses the
    login `value` is a member of ("member"): each with its version (`version_of`) and the role
    of the login `user_id` as a member (`member_role`, None: not a member; permissions.role_of
    reads it), in one query."""
    return _read(_SQL[by], [user_id, value], user_id)


def request_house(by: str, value: object, user_id: int | None) -> House | None:
    """`request_houses`' one house (None: no such house)."""
    return next(iter(request_houses(by, value, user_id)), None)


def first_houses(group: str, user_id: int) -> list[House]:
    """The site's first two houses, as `request_houses` reads them, each also saying whether
    the login is in the group `group` (`in_group`): a one-house site's bankers group."""
    return _read(_FIRST_TWO, [user_id, group, user_id], user_id)


def _read(sql: str, params: list[object], user_id: int | None) -> list[House]:
    houses = list(House.objects.raw(sql, params))
    for house in houses:
        house.member_role_of = user_id   # type: ignore[attr-defined]
    return houses


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



def house_game() -> HouseSettings:
    """The settings of the house in use: what THE BOOK's events outside a night follow."""
    return house_in_use().game_settings


def shown_settings(house: House) -> HouseSettings:
    """What a page of `house` shows money in: the night's settings on a night's page (read
    with the house by `request_house("night", …)`), else the house's."""
    night = getattr(house, "night_settings", None)
    if isinstance(night, str):   # SQLite gives the JSON text of a raw column
        night = json.loads(night)
    return stored(night) if night else house.game_settings


def house_name(request: HttpRequest) -> dict[str, object]:
    """Template context: the page's house ("" when it has none), the login's role, and whether
    the login has several houses (the header then leads to the list of them)."""
    house = getattr(request, "house", None)
    return {"house_name": house.name if house is not None else "",
            "house_slug": house.slug if house is not None else "",
            "house_role": getattr(request, "house_role", None) or ""}
