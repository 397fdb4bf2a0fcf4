"""Conditional requests for the parts the pages poll (the phones' requests and balance, the
night's waiting requests): each answer carries an ETag made from the version of what it shows
(services/versions.py: every write to a night bumps it); asked again with that ETag in
`If-None-Match` (static/ledger/app.js sends it back) and nothing written since, the answer is
304 Not Modified before anything else is read - one query.

The ETag is a keyed hash (the site's secret key) of the part's name, whose it is (a link, a
login), the version and the code's own version (a new release changes every ETag), so nobody
can make one up for a link they do not hold.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.crypto import salted_hmac

from ledger.kept import code_version


def etag(part: str, *about: object) -> str:
    """The ETag of `part` (a name) for `about` (whose, and the version it shows)."""
    text = "|".join([part, code_version(), translation.get_language() or "",
                     *(str(a) for a in about)])
    return '"' + salted_hmac("ledger.conditional", text).hexdigest()[:24] + '"'


def _tags(header: str) -> Iterable[str]:
    for tag in header.split(","):
        tag = tag.strip()
        yield tag[2:] if tag.startswith("W/") else tag


def not_modified(request: HttpRequest, tag: str) -> HttpResponse | None:
    """A 304 when the request names `tag` in If-None-Match (its copy is still the current
    one), else None."""
    header = request.headers.get("If-None-Match", "")
    if request.method in ("GET", "HEAD") and header and (
            header.strip() == "*" or tag in _tags(header)):
        response = HttpResponseNotModified()
        response["ETag"] = tag
        return response
    return None


def tagged(response: HttpResponse, tag: str) -> HttpResponse:
    """The answer with its ETag (and Vary on the htmx header: the full page and the polled
    part share an address)."""
    response["ETag"] = tag
    patch_vary_headers(response, ["HX-Request"])
    return response
