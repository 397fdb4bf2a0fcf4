"""The client's address, for django-axes' lockout (R13), behind the documented HTTPS proxy.

Behind a proxy every request comes from the proxy's address, so five wrong passwords from one
phone would lock the banker's username for every device. When a trusted proxy is declared
(`DJANGO_TRUSTED_PROXY=true`, or `DJANGO_TRUSTED_PROXY_COUNT=N` for N proxies in a row), the
address is read from X-Forwarded-For: the N-th entry from the right, the one our own proxy
appended (entries further left come from the client and could be forged). Without that
setting the header is ignored - anyone could send it - and REMOTE_ADDR is used.
"""

from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    """The address axes locks on (with the username)."""
    remote = request.META.get("REMOTE_ADDR")
    count = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    if not count:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
                 if part.strip()]
    if len(forwarded) < count:
        return remote
    candidate = forwarded[-count]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
