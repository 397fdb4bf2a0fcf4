"""Paying what THE BOOK says: the payer's "I paid" and the receiver's confirmation from their
phones, the banker's confirmation on THE BOOK's page, and the payment handles
(services/payments.py). The banker's list of claims waiting for a confirmation is on THE
BOOK's page (tables/views.py).

From a phone every post is held to the private link as the requests are
(views/phone_requests.py): the player's current link (a replaced one is a 404), not retired
(403), at most POSTS_PER_MINUTE posts a minute (429), Django's CSRF token and the form's
one-time key. A claim writes nothing; only a confirmation moves THE BOOK, once however often it
is tapped.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from ledger import services
from ledger.forms import KeyedForm
from ledger.forms.phone import ClaimForm, EmailForm, HandlesForm
from ledger.house_settings import shown
from ledger.models import Night, Player
from ledger.pages import call_answer, call_service, form_errors
from ledger.permissions import banker_required
from ledger.selectors import (
    last_closed_night,
    payments_made,
    player_claims,
    settle_transfers,
)
from ledger.services.requests import link_post_allowed

from .phone_requests import FLOOD
from .players import edit_context


def phone_payments(player: Player, session: Night | None,
                   sessions: Iterable[Night] | None = None) -> dict[str, Any]:
    """What the phone shows of paying: the shown night's transfers that concern the player, or
    while tonight is open those of the last closed night still to settle (pay links and "I
    paid" on those they pay), the payments others say they made to them,
    their own claims and the latest payments (views/phone_page.py puts it in the page as `pay`;
`sessions`: the nights the player sat at, newest first, when the caller has read them)."""
    night = session
    if night is None or night.is_open:   # tonight is open: what last night left to settle
        night = (last_closed_night(player) if sessions is None
                 else next((s for s in sessions if not s.is_open), None))
    transfers = settle_transfers(night, viewer=player) if night is not None else []
    earlier = night is not session
    if earlier:   # shown on their own only while something is left or waits
        transfers = [t for t in transfers if t.left or t.waiting]
    can_post = not player.retired
    forms = []
    for n, line in enumerate(transfers, start=1):
        form = None
        if can_post and line.payer.pk == player.pk and line.left:
            form = ClaimForm(prefix_id=f"paid{n}", initial={
                "to": line.payee.name, "amount": shown().amount_text(line.left),
                "night": night.pk if night is not None else ""})
        forms.append((n, line, form))
    to_confirm, sent = player_claims(player)
    return {"pay": {
        "transfers": forms,
        "night": night,
        "earlier": earlier and bool(forms),
        "to_confirm": to_confirm,
        "sent": sent,
        "payments": payments_made(player, count=6),
        "can_post": can_post,
        "answer": KeyedForm() if can_post else None,
        "handles": HandlesForm.of(player) if can_post else None,
    }}


def _phone_sender(token: str) -> Player:
    return get_object_or_404(Player, balance_token=token)


def _refused(request: HttpRequest, player: Player, status: int, error: str) -> HttpResponse:
    """A page with the sentence and the way back; nothing was sent."""
    response = render(request, "ledger/phone_pay_refused.html",
                      {"player": player, "error": error}, status=status)
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response


def _gate(request: HttpRequest, player: Player) -> HttpResponse | None:
    """The link's own limits, before anything else: the flood (429), a retired player (403)."""
    if not link_post_allowed(player):
        return _refused(request, player, 429, FLOOD)
    if player.retired:
        return _refused(request, player, 403,
                        f"{player.name} is retired: ask the banker at the table.")
    return None


def _back(token: str, anchor: str = "settle") -> HttpResponse:
    return redirect(reverse("player_balance", args=[token]) + f"#{anchor}")


@never_cache
@require_POST
def phone_paid(request: HttpRequest, token: str) -> HttpResponse:
    """POST /p/<token>/paid/: `to` (a name), `amount` (dollars), `night` (the settle-up's)."""
    player = _phone_sender(token)
    refused = _gate(request, player)
    if refused is not None:
        return refused
    form = ClaimForm(request.POST)
    if not form.is_valid():
        return _refused(request, player, 400, form_errors(form))
    data = form.cleaned_data
    outcome = call_service(request, form, partial(services.claim_create, player=player, token=token,
        to=data["to"], amount=data["amount"], night=data["night"]))
    if outcome.result is None:
        return _refused(request, player, 400, outcome.error or form_errors(form))
    return _back(token)


def _phone_answer(request: HttpRequest, token: str, pk: int, *, confirm: bool) -> HttpResponse:
    player = _phone_sender(token)
    refused = _gate(request, player)
    if refused is not None:
        return refused
    form = KeyedForm(request.POST)
    if not form.is_valid():
        return _refused(request, player, 400, form_errors(form))
    if confirm:
        outcome = call_answer(partial(services.claim_confirm, claim=pk, player=player,
            token=token), missing="no_claim")
    else:
        outcome = call_answer(partial(services.claim_reject, claim=pk, player=player, token=token,
            reason=f"{player.name} did not receive it"), missing="no_claim")
    if outcome.result is None:
        return _refused(request, player, outcome.status, outcome.error)
    return _back(token)


@never_cache
@require_POST
def phone_claim_confirm(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """POST /p/<token>/payments/<id>/confirm/: the receiver got the money; THE BOOK moves."""
    return _phone_answer(request, token, pk, confirm=True)


@never_cache
@require_POST
def phone_claim_reject(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    """POST /p/<token>/payments/<id>/reject/: the money never came; nothing is written."""
    return _phone_answer(request, token, pk, confirm=False)


@never_cache
@require_POST
def phone_handles(request: HttpRequest, token: str) -> HttpResponse:
    """POST /p/<token>/handles/: `venmo`, `paypal`, `cashapp`, `zelle` (empty: none)."""
    player = _phone_sender(token)
    refused = _gate(request, player)
    if refused is not None:
        return refused
    form = HandlesForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.handles_set, player=player,
            token=token,
            **{k: form.cleaned_data[k] for k in
                                               ("venmo", "paypal", "cashapp", "zelle")}))
        if outcome.result is not None:
            return _back(token, "handles")
    return _refused(request, player, 400, form_errors(form))


@never_cache
@require_POST
def phone_email(request: HttpRequest, token: str) -> HttpResponse:
    """POST /p/<token>/email/: `email`, where the player is mailed (empty: none)."""
    player = _phone_sender(token)
    refused = _gate(request, player)
    if refused is not None:
        return refused
    form = EmailForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.email_set, player=player,
            token=token, email=form.cleaned_data["email"]))
        if outcome.result is not None:
            return _back(token, "mail")
        return _refused(request, player, 400, outcome.error or form_errors(form))
    return _refused(request, player, 400, form_errors(form))


# ---- the banker's side -------------------------------------------------------------------


@banker_required
@require_POST
def player_handles(request: HttpRequest, pk: int) -> HttpResponse:
    """The banker keeps a player's payment handles (the player's edit page)."""
    player = get_object_or_404(Player, pk=pk)
    form = HandlesForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.handles_set, player=player,
            **{k: form.cleaned_data[k] for k in
                                  ("venmo", "paypal", "cashapp", "zelle")}))
        if outcome.result is not None:
            messages.success(request, f"Saved {outcome.result.name}'s payment handles.")
            return redirect(reverse("player_edit", args=[player.pk]) + "#handles")
    context = edit_context(request, player)
    context["handles_form"] = form
    return render(request, "ledger/player_edit.html", context, status=400)


@banker_required
@require_POST
def player_email(request: HttpRequest, pk: int) -> HttpResponse:
    """The banker keeps the address a player is mailed at (the player's edit page)."""
    player = get_object_or_404(Player, pk=pk)
    form = EmailForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.email_set, player=player,
            email=form.cleaned_data["email"]))
        if outcome.result is not None:
            messages.success(request, f"Saved {outcome.result.name}'s e-mail address.")
            return redirect(reverse("player_edit", args=[player.pk]) + "#mail")
    context = edit_context(request, player)
    context["email_form"] = form
    return render(request, "ledger/player_edit.html", context, status=400)
