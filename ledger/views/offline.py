"""What lets the tablet ride out the Wi-Fi and install to the home screen: the service worker
(served at /sw.js, so that its scope is the whole site), the web app manifest and the page shown
when a page was never opened on this device and the network is gone.

The service worker keeps copies of the static files and of the banker's pages; a write that
cannot reach the server is kept on the device with its one-time key and sent again from the
pages (ledger/static/ledger/outbox.js). The key makes a second sending a replay: nothing is
written twice.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET

# The static files every banker page needs, kept on the device when the worker installs.
PRECACHE = (
    "ledger/app.css", "ledger/app.js", "ledger/theme.js", "ledger/htmx.min.js",
    "ledger/outbox_store.js",
    "ledger/outbox.js", "ledger/favicon.svg", "ledger/icon-192.png", "ledger/icon-512.png",
)
ICONS = (("ledger/icon-192.png", "192x192"), ("ledger/icon-512.png", "512x512"))
THEME = "#0b5d3b"   # the felt green of the top bar (app.css)


def _file_hash(path: str) -> str:
    found = finders.find(path)
    if not found or isinstance(found, list):
        return static(path)   # collected only: its URL carries its hash
    with open(found, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


@lru_cache(maxsize=1)
def _version_cached() -> str:
    return _version_now()


def _version_now() -> str:
    """Changes whenever a kept static file changes, so the tablet fetches the new worker and
    drops the old copies."""
    digest = hashlib.sha256()
    for path in PRECACHE:
        digest.update(f"{static(path)} {_file_hash(path)}\n".encode())
    return digest.hexdigest()[:16]


def worker_version() -> str:
    return _version_now() if settings.DEBUG else _version_cached()


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, at the root so that it covers every page of the site."""
    context = {
        "version": worker_version(),
        "precache": json.dumps([static(path) for path in PRECACHE]),
        "store": json.dumps(static("ledger/outbox_store.js")),
        # the prefix itself, not a file: the manifest storage of production names files only
        "static_prefix": json.dumps(str(settings.STATIC_URL)),
        "offline": json.dumps(reverse("offline_page")),
        "logout": json.dumps(reverse("logout")),
    }
    response = render(request, "ledger/sw.js", context,
                      content_type="text/javascript; charset=utf-8")
    # The browser asks for the worker again on every visit; it must never be an old copy.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest: the site installs to the tablet's home screen."""
    data = {
        "name": "Banker",
        "short_name": "Banker",
        "description": "The banker's app for home poker games.",
        "start_url": reverse("night_list"),
        "scope": "/",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [{"src": static(path), "sizes": size, "type": "image/png", "purpose": "any"}
                  for path, size in ICONS],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline_page(request: HttpRequest) -> HttpResponse:
    """Shown by the service worker for a page this tablet never opened while the network is
    gone. It holds no money: it lists the pages kept on the tablet and what waits to be sent."""
    return render(request, "ledger/offline.html")
