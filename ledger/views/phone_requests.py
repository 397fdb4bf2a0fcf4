"""The player's phone takes part: an ask for chips and the player's own count of their chips
(ARCHITECTURE.md, "The player's phone: requests").

The private link is the only credential, so every post is held to it: the link must be the
player's current one (a replaced link is a 404, as for the page), the player not retired (403),
at most POSTS_PER_MINUTE posts a minute (429) and MAX_PENDING requests waiting (400), Django's
CSRF token and the form's one-time key on every post. A request is not money: the banker
approves it on the table's page (views/requests.py).

Without JavaScript every form is a plain post: sent, the phone's page comes back with the
request in its list; refused, a page with the sentence and the form as typed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from ledger import services
from ledger.forms import KeyedForm
from ledger.forms.phone import AskForm, CountForm
from ledger.house_settings import SEED
from ledger.kept import request_version
from ledger.models import Night, Player
from ledger.pages import call_service
from ledger.selectors import player_requests, request_lines, requests_signature
from ledger.selectors.opening import tonight
from ledger.services.requests import (
    MAX_PENDING,
    POSTS_PER_MINUTE,
    link_post_allowed,
    paid_choices,
)

from .conditional import etag, not_modified, tagged
from .money import buy_in_steps

FLOOD = (f"Too many posts from this link: at most {POSTS_PER_MINUTE} a minute. Wait a minute "
         "and try again.")


def phone_context(player: Player, night: Night | None = None, *,
                  ask: AskForm | None = None, count: CountForm | None = None) -> dict[str, Any]:
    """What the phone's page shows of the requests: the player's latest with their answers,
    and, while a night is open and the player is not retired, the ask and count forms.
    `night` is tonight's session when the caller already has it."""
    if night is None or not night.is_open:
        night = tonight()
    requests = player_requests(player)
    rules = night.game_settings if night is not None else SEED
    can_ask = night is not None and not player.retired
    return {
        "phone": {
            "night": night,
            "can_ask": can_ask,
            "requests": request_lines(requests),
            "seen": requests_signature(requests),
            "ask": ask or (AskForm(paid=paid_choices(player), settings=rules) if can_ask
                           else None),
            "count": count or (CountForm(settings=rules) if can_ask else None),
            "steps": buy_in_steps(rules),
            "max_pending": MAX_PENDING,
        },
    }


def _sender(token: str) -> Player:
    return get_object_or_404(Player, balance_token=token)


def _refused(request: HttpRequest, player: Player, status: int, *, error: str = "",
             ask: AskForm | None = None, count: CountForm | None = None) -> HttpResponse:
    """The phone's request forms again, with the sentence; nothing was sent."""
    context = {"player": player, **phone_context(player, ask=ask, count=count)}
    form = ask if ask is not None else count
    if not context["phone"]["can_ask"] and not error and form is not None:
        # The forms are not shown any more (the night closed): say why on top.
        error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    context["error"] = error
    response = render(request, "ledger/phone_refused.html", context, status=status)
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response


def _post(request: HttpRequest, player: Player, token: str, *, ask: AskForm | None = None,
          count: CountForm | None = None, service: Callable[..., Any],
          fields: Callable[[], dict[str, Any]]) -> HttpResponse:
    form: KeyedForm = ask if ask is not None else count  # type: ignore[assignment]
    if not link_post_allowed(player):
        return _refused(request, player, 429, error=FLOOD, ask=ask, count=count)
    if player.retired:
        return _refused(request, player, 403, ask=ask, count=count,
                        error=f"{player.name} is retired: ask the banker at the table.")
    if not form.is_valid():
        return _refused(request, player, 400, ask=ask, count=count)
    outcome = call_service(request, form, partial(service, player=player, token=token, **fields()))
    if outcome.result is None:
        return _refused(request, player, 400, ask=ask, count=count)
    return redirect(reverse("player_balance", args=[token]) + "#requests")


@never_cache
@require_POST
def phone_ask(request: HttpRequest, token: str) -> HttpResponse:
    """POST /p/<token>/ask/: `amount` (dollars, $5 steps) and `paid` (cash, note, book)."""
    player = _sender(token)
    form = AskForm(request.POST, paid=paid_choices(player))
    return _post(request, player, token, ask=form, service=services.request_ask,
                 fields=lambda: {"amount": form.cleaned_data["amount"],
                                 "paid": form.cleaned_data["paid"]})


@never_cache
@require_POST
def phone_count(request: HttpRequest, token: str) -> HttpResponse:
    """POST /p/<token>/count/: the open night's colours (the seed house's white, red, blue,
    yellow, black, green; a missing colour is 0)."""
    player = _sender(token)
    night = tonight()
    form = CountForm(request.POST, settings=night.game_settings if night else SEED)
    return _post(request, player, token, count=form, service=services.request_count,
                 fields=lambda: {"chips": form.chips()})


@never_cache
@require_GET
def phone_requests_live(request: HttpRequest, token: str) -> HttpResponse:
    """The phone's list of its requests, polled every 2 s: 304 while nothing was written since
    the answer whose ETag it sends back (one query), else 204 while its list did not change;
    when an answer came, the list and a `phone-answered` event that refreshes the balance
    above."""
    tag = etag("phone-asks", token, request.GET.get("seen", ""), *request_version(request))
    unchanged = not_modified(request, tag)
    if unchanged is not None:
        return unchanged
    player = _sender(token)
    requests = player_requests(player)
    seen = requests_signature(requests)
    if request.GET.get("seen") == seen:
        return tagged(HttpResponse(status=204), tag)
    response = render(request, "ledger/_phone_request_list.html",
                      {"player": player, "phone": {"requests": request_lines(requests),
                                                   "seen": seen}})
    if request.GET.get("seen"):
        response["HX-Trigger"] = "phone-answered"
    response["Referrer-Policy"] = "same-origin"
    return tagged(response, tag)
