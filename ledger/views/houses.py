"""A login's houses, a house's members, and joining a house by an invitation.

The pages of one house run in its scope (HouseMiddleware): `request.house` is the house and
`request.house_role` the login's role in it.
"""

from __future__ import annotations

from urllib.parse import quote_plus

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from ledger.forms.houses import (
    ROLE_CHOICES,
    InvitationForm,
    MemberRemoveForm,
    MemberRoleForm,
    NewHouseForm,
    NewLoginForm,
)
from ledger.models import House, Invitation, Membership, Night, Role
from ledger.pages import public_link
from ledger.scoping import every_house
from ledger.services import LedgerError
from ledger.services.houses import (
    house_sign_up,
    invitation_accept,
    invitation_create,
    invitation_join,
    invitation_refusal,
    member_remove,
    member_role_set,
)

HOUSES_PER_PAGE = 50   # a superuser's `/` on a site of a thousand houses


def house_list(request: HttpRequest, houses: list[House]) -> HttpResponse:
    """`/` for a login with several houses: HOUSES_PER_PAGE at a time (`?page=`), those whose
    name holds "Find a game" (`?q=`), each with tonight's night if one is open. The houses are
    the login's own, read once by HouseMiddleware: the page adds one query, for tonight's."""
    query = request.GET.get("q", "").strip()[:60]
    if query:
        folded = query.casefold()
        houses = [house for house in houses if folded in house.name.casefold()]
    page = Paginator(houses, HOUSES_PER_PAGE).get_page(request.GET.get("page"))
    shown: list[House] = list(page.object_list)
    with every_house():
        tonight = {night.house_id: night for night in Night.objects.filter(
            house__in=[house.pk for house in shown], status=Night.OPEN)}
    more = f"&q={quote_plus(query)}" if query else ""
    return render(request, "ledger/house_list.html",
                  {"houses": [(house, tonight.get(house.pk)) for house in shown],
                   "page": page, "q": query, "more": more})


NOT_A_ROLE = "Choose a role: owner, banker or viewer."


def _owner_of(request: HttpRequest, what: str = "its members") -> House:
    house = getattr(request, "house", None)
    if house is None or getattr(request, "house_role", None) != Role.OWNER:
        raise PermissionDenied(f"Only the house's owners manage {what}.")
    assert isinstance(house, House)
    return house


@login_required
@require_http_methods(["GET", "POST"])
def members(request: HttpRequest) -> HttpResponse:
    """The house's members and their roles; invitations (owners only)."""
    house = _owner_of(request)
    invited = None
    error = ""
    if request.method == "POST":
        action = request.POST.get("action")
        user = request.user
        assert isinstance(user, User)
        try:
            if action == "invite":
                form = InvitationForm(request.POST)
                if form.is_valid():
                    made = invitation_create(house=house, role=form.cleaned_data["role"],
                                             made_by=user)
                    invited = public_link(request, reverse("join", args=[made.token]))
                else:
                    error = NOT_A_ROLE
            elif action == "role":
                change = MemberRoleForm(request.POST)
                if not change.is_valid():
                    error = NOT_A_ROLE
                else:
                    member_role_set(house=house, user=_member(house, change.cleaned_data["user"]),
                                    role=change.cleaned_data["role"])
                    return redirect("house_members", house.slug)
            elif action == "remove":
                remove = MemberRemoveForm(request.POST)
                if not remove.is_valid():
                    raise Http404("No such member.")
                member_remove(house=house, user=_member(house, remove.cleaned_data["user"]))
                return redirect("house_members", house.slug)
            else:
                error = "That is not something this page does."
        except LedgerError as refused:
            error = str(refused)
    rows = Membership.objects.filter(house=house).select_related("user").order_by(
        "user__username")
    return render(request, "ledger/members.html", {
        "house": house, "members": rows, "invite": InvitationForm(), "invited": invited,
        "roles": ROLE_CHOICES, "error": error,
    }, status=400 if error else 200)


def _member(house: House, pk: int) -> User:
    found = Membership.objects.filter(house=house, user_id=pk).select_related("user").first()
    if found is None:
        raise Http404("No such member.")
    return found.user


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, invitation: str) -> HttpResponse:
    """An invitation's page: join its house (with a new login, or the one logged in)."""
    found = Invitation.objects.select_related("house").filter(token=invitation).first()
    refusal = invitation_refusal(found)
    if refusal or found is None:
        return render(request, "ledger/join.html", {"refusal": refusal}, status=404)
    form = NewLoginForm(request.POST or None)
    if request.method == "POST":
        user = request.user
        try:
            if user.is_authenticated:
                assert isinstance(user, User)
                invitation_accept(token=invitation, user=user)
            elif not form.is_valid():
                return render(request, "ledger/join.html",
                              {"invitation": found, "form": form}, status=400)
            else:
                user = invitation_join(token=invitation,
                                       username=form.cleaned_data["username"],
                                       password=form.cleaned_data["password"])
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        except LedgerError as refused:
            return render(request, "ledger/join.html", {"refusal": str(refused)}, status=400)
        return redirect("house_home", found.house.slug)
    return render(request, "ledger/join.html", {"invitation": found, "form": form})


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Anyone starts a house of their own (only with DJANGO_OPEN_SIGNUP=true)."""
    if not settings.OPEN_SIGNUP:
        raise Http404("Signing up is off on this site.")
    form = NewHouseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            house, user = house_sign_up(name=data["house"], username=data["username"],
                                        password=data["password"])
        except LedgerError as refused:
            form.add_error(refused.field if refused.field in form.fields else None,
                           str(refused))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("house_home", house.slug)
    return render(request, "ledger/signup.html", {"form": form},
                  status=400 if request.method == "POST" else 200)
