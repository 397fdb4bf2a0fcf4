"""Who may open the banker's pages: members of the "bankers" group, or staff.

Any other login (a player who was given an account, a guest at the tablet) gets 403: the banker
pages post money, show THE BOOK and every player's private balance link. The group is created
by migration 0005 with the ledger's add permissions; `make demo`'s banker is put in it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Concatenate, ParamSpec, TypeVar

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.http.response import HttpResponseBase

BANKERS = "bankers"
P = ParamSpec("P")
Request = TypeVar("Request", bound=HttpRequest)
Response = TypeVar("Response", bound=HttpResponseBase)


def is_banker(user: User | AnonymousUser) -> bool:
    """Staff, or a member of the bankers group (cached on the user for the request)."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_staff:
        return True
    cached = getattr(user, "_is_banker", None)
    if cached is None:
        cached = user.groups.filter(name=BANKERS).exists()
        setattr(user, "_is_banker", cached)  # noqa: B010 (a per-request cache User does not declare)
    return bool(cached)


def banker_required(
        view: Callable[Concatenate[Request, P], Response]
) -> Callable[Concatenate[Request, P], Response]:
    """A banker page: the login page for nobody logged in, 403 for a login that is no banker."""

    def wrapper(request: Request, /, *args: P.args, **kwargs: P.kwargs) -> Response:
        if not is_banker(request.user):
            raise PermissionDenied("Only the banker may open this page.")
        return view(request, *args, **kwargs)

    functools.update_wrapper(wrapper, view)   # (a statement: `@wraps` would retype `wrapper`)
    return login_required(wrapper)


def banker_name(user: User) -> str:
    """What the pages call a banker: the full name if the account has one, else the login."""
    return user.get_full_name() or user.get_username()


def make_banker(user: User) -> None:
    """Put a user in the bankers group (the group is made by migration 0005)."""
    from django.contrib.auth.models import Group

    group, _ = Group.objects.get_or_create(name=BANKERS)
    user.groups.add(group)
