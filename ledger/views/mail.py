"""The e-mails' one-click unsubscribe (RFC 8058, services/mail.py): the link in every message
and its `List-Unsubscribe` header. GET shows a button (a mail scanner that follows links
unsubscribes nobody); POST - the button, or the mail app's own one-click POST, which carries
no CSRF token - unsubscribes. A link that is not one of ours is a 404."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from ledger import services


@never_cache
@csrf_exempt   # the mail app's one-click POST has no token; it only ever stops mail
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, mail_token: str) -> HttpResponse:
    player = services.unsubscribed_player(mail_token)
    if player is None:
        raise Http404("No such link.")
    done = False
    if request.method == "POST":
        player = services.mail_stop(player)
        done = True
    response = render(request, "ledger/mail_unsubscribe.html",
                      {"name": player.name, "done": done or player.mail_stopped_at is not None,
                       "mail_token": mail_token})
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response
