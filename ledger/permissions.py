"""Who may open the banker's pages: a login with a role in the page's house (owner, banker or
viewer; ledger/selectors/houses.py). A viewer reads and never writes: HouseMiddleware refuses
its POSTs. On a one-house site the "bankers" group (made by migration 0005) and staff bank it.

Any other login (a player who was given an account, a guest at the tablet) gets 403: the banker
pages post money, show THE BOOK and every player's private balance link.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Concatenate, ParamSpec, TypeVar, cast

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, Group, User
from django.core.exceptions import PermissionDenied
from django.db.models import Exists, Q
from django.http import HttpRequest
from django.http.response import HttpResponseBase

from ledger.house import first_houses, request_houses
from ledger.models import House, Membership, Role
from ledger.models.houses import WRITERS

BANKERS = "bankers"   # on a one-house site, the group whose members are its bankers


def _active(user: User | AnonymousUser | None) -> bool:
    return bool(user is not None and getattr(user, "is_authenticated", False)
                and user.is_active)


def _memberships(user: User) -> dict[int, tuple[House, Role]]:
    """The login's houses and its role in each (read once per request)."""
    cached = getattr(user, "_house_roles", None)
    if cached is None:
        cached = {house.pk: (house, Role(house.member_role))  # type: ignore[attr-defined]
                  for house in request_houses("member", user.pk, user.pk)}   # with versions
        setattr(user, "_house_roles", cached)  # noqa: B010 (a per-request cache)
    return cached


def _one_house_banker(user: User) -> list[House] | None:
    """On a one-house site the bankers group (and staff, as before houses) bank its house:
    for such a login, the site's houses ([] before the first); None for any other login."""
    if not hasattr(user, "_one_house"):
        found = first_houses(BANKERS, user.pk)   # each with its version
        banker = user.is_staff or (found[0].in_group  # type: ignore[attr-defined]
                                   if found else   # (one query, as a rule)
                                   user.groups.filter(name=BANKERS).exists())
        houses = found if banker and len(found) <= 1 else None
        setattr(user, "_one_house", houses)  # noqa: B010 (a per-request cache)
    return cast(list[House] | None, getattr(user, "_one_house"))  # noqa: B009


def role_of(user: User | AnonymousUser | None, house: House | int) -> Role | None:
    """The login's role in the house: superusers own every house; then the membership; on a
    one-house site, the bankers group (and staff) bank it."""
    if not _active(user):
        return None
    assert isinstance(user, User)
    if user.is_superuser:
        return Role.OWNER
    house_id = house if isinstance(house, int) else house.pk
    read: dict[int, str | None] = getattr(user, "_roles_read", {})   # per request
    if getattr(house, "member_role_of", None) == user.pk:   # read with the house
        read[house_id] = getattr(house, "member_role", None)   # (request_house): no query
        setattr(user, "_roles_read", read)  # noqa: B010 (a per-request cache)
    if house_id in read:
        known = read[house_id]   # None: no member of it
    else:
        found = _memberships(user).get(house_id)
        known = found[1] if found is not None else None
    if known is not None:
        return Role(known)
    if _one_house_banker(user) is not None:
        return Role.BANKER
    return None


def houses_of(user: User | AnonymousUser | None) -> list[House]:
    """The houses the login has a role in, by name."""
    if not _active(user):
        return []
    assert isinstance(user, User)
    if user.is_superuser:
        return list(House.objects.all())
    houses = sorted((house for house, _ in _memberships(user).values()),
                    key=lambda house: (house.name, house.pk))
    return houses or _one_house_banker(user) or []


P = ParamSpec("P")
Request = TypeVar("Request", bound=HttpRequest)
Response = TypeVar("Response", bound=HttpResponseBase)


# ---- who can hold a house's bank: ONE rule, for the offer, the hand-over, a free bank and a
# take-over (services/bank.py, services/holder.py, selectors/bank.py) -------------------------

def is_banker(user: User | AnonymousUser | None, house_id: int) -> bool:
    """May this login hold the house's bank and enter things into its nights: an owner or a
    banker of it (superusers own every house; on a one-house site, the bankers group and staff
    bank it, as before houses)? A viewer never does."""
    return role_of(user, house_id) in WRITERS


def may_take_over(user: User | AnonymousUser | None, house_id: int) -> bool:
    """May this login take the bank from a holder who still holds it (their tablet died, they
    went home): one who may hold it (`is_banker`) and is the house's owner or staff."""
    if not is_banker(user, house_id):
        return False
    assert isinstance(user, User)
    return user.is_staff or role_of(user, house_id) == Role.OWNER


def bank_holders(house_id: int, *, exclude: Iterable[int | None] = ()) -> list[User]:
    """Every login `is_banker` says may hold the house's bank, in one query: its active owners
    and bankers and the active superusers; on a one-house site also the bankers group and staff
    that are not members of it otherwise (a viewer stays a viewer). No other house's login."""
    members = Membership.objects.filter(house_id=house_id)
    in_group = User.groups.through.objects.filter(group__name=BANKERS)
    one_house = ~Exists(House.objects.exclude(pk=house_id))
    holders = (Q(is_superuser=True)
               | Q(pk__in=members.filter(role__in=list(WRITERS)).values("user_id"))
               | (one_house & ~Q(pk__in=members.values("user_id"))
                  & (Q(is_staff=True) | Q(pk__in=in_group.values("user_id")))))
    return list(User.objects.filter(is_active=True).filter(holders)
                .exclude(pk__in=[pk for pk in exclude if pk is not None]))


def banker_required(
        view: Callable[Concatenate[Request, P], Response]
) -> Callable[Concatenate[Request, P], Response]:
    """A banker page: the login page for nobody logged in, 403 for a login that is no banker."""

    def wrapper(request: Request, /, *args: P.args, **kwargs: P.kwargs) -> Response:
        if getattr(request, "house_role", None) is None:
            raise PermissionDenied("Only the banker may open this page.")
        return view(request, *args, **kwargs)

    functools.update_wrapper(wrapper, view)   # (a statement: `@wraps` would retype `wrapper`)
    return login_required(wrapper)


def banker_name(user: User) -> str:
    """What the pages call a banker: the full name if the account has one, else the login."""
    return user.get_full_name() or user.get_username()


def make_banker(user: User) -> None:
    """Put a user in the bankers group (the group is made by migration 0005): a banker of a
    one-house site."""
    group, _ = Group.objects.get_or_create(name=BANKERS)
    user.groups.add(group)
