"""Players: the list with each one's private phone link (QR code and copy), editing a name or
note id, retiring a player, and issuing a new link when the old one got out (R11)."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from ledger import services
from ledger.forms import KeyedForm, PlayerEditForm, RetireForm
from ledger.forms.phone import EmailForm, HandlesForm
from ledger.kept import kept_page
from ledger.models import Player
from ledger.pages import call_service, public_link
from ledger.permissions import banker_required
from ledger.selectors import all_players


def balance_link(request: HttpRequest, player: Player) -> str:
    """The absolute address of the player's own page, as their phone opens it."""
    return public_link(request, reverse("player_balance", args=[player.balance_token]))


@banker_required
@kept_page
def player_list(request: HttpRequest) -> HttpResponse:
    """Every player, with the personal link to give to their phone (R11: keep it private).

    Retired players come last; they keep their link, their nights and THE BOOK.
    """
    links = [(p, balance_link(request, p)) for p in all_players()]
    return render(request, "ledger/player_list.html", {"links": links})


def edit_context(request: HttpRequest, player: Player, **forms: Form) -> dict[str, object]:
    return {
        "player": player,
        "link": balance_link(request, player),
        "form": forms.get("form") or PlayerEditForm(
            initial={"name": player.name, "note_id": player.note_id}),
        "retire_form": RetireForm(initial={"retired": not player.retired}),
        "link_form": KeyedForm(),
        "handles_form": HandlesForm.of(player),
        "email_form": EmailForm.of(player),
    }


@banker_required
@require_http_methods(["GET", "POST"])
def player_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """Change a player's name or bank-note identifier; history keeps working."""
    player = get_object_or_404(Player, pk=pk)
    form = PlayerEditForm(request.POST or None,
                          initial={"name": player.name, "note_id": player.note_id})
    if request.method == "POST" and form.is_valid():
        outcome = call_service(request, form, partial(services.player_update, player=player,
            name=form.cleaned_data["name"], note_id=form.cleaned_data["note_id"]))
        if outcome.result is not None:
            messages.success(request, f"Saved: {outcome.result.name}, "
                                      f"bank-note identifier {outcome.result.note_id}.")
            return redirect("player_list")
    status = 400 if form.is_bound else 200
    return render(request, "ledger/player_edit.html", edit_context(request, player, form=form),
                  status=status)


@banker_required
@require_POST
def player_retire(request: HttpRequest, pk: int) -> HttpResponse:
    """Retire a player from new nights (or bring them back)."""
    player = get_object_or_404(Player, pk=pk)
    form = RetireForm(request.POST)
    if form.is_valid():
        retired = form.cleaned_data["retired"]
        outcome = call_service(request, form, partial(services.player_retire, player=player,
            retired=retired))
        if outcome.result is not None:
            name = outcome.result.name
            messages.success(request, f"{name} is retired: not offered for new nights, still in "
                             "THE BOOK and the history." if outcome.result.retired
                             else f"{name} is back on the roster for new nights.")
            return redirect("player_list")
    player.refresh_from_db()
    context = edit_context(request, player)
    context["retire_error"] = " ".join(str(e) for errs in form.errors.values() for e in errs)
    return render(request, "ledger/player_edit.html", context, status=400)


@banker_required
@require_POST
def player_link(request: HttpRequest, pk: int) -> HttpResponse:
    """Issue a new private link for the player's phone; the old link stops working."""
    player = get_object_or_404(Player, pk=pk)
    form = KeyedForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.player_link_renew, player=player))
        if outcome.result is not None:
            messages.success(request, f"{outcome.result.name} has a new link; the old one no "
                             "longer opens their page. Send them the new one.")
            return redirect(reverse("player_edit", args=[player.pk]) + "#link")
    context = edit_context(request, player)
    context["link_error"] = " ".join(str(e) for errs in form.errors.values() for e in errs)
    return render(request, "ledger/player_edit.html", context, status=400)
