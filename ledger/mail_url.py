"""DJANGO_EMAIL_URL, the mail server the site sends through (services/mail.py): plain Python,
read by the settings. `smtp://host:port`, `smtp+tls://user:password@host:port` (STARTTLS),
`smtps://...` (TLS from the start); unset, nothing is mailed."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import environ

SCHEMES = ("smtp", "smtp+tls", "smtp+ssl", "smtps")


def parse_email_url(text: str) -> dict[str, Any]:
    """The EMAIL_* settings of `text` ({} when unset); anything but an SMTP address with a
    host is refused with a sentence naming the variable."""
    text = (text or "").strip()
    if not text:
        return {}
    parts = urlsplit(text)
    shown = text if "@" not in parts.netloc else text.replace(parts.netloc.rsplit("@", 1)[0],
                                                              "…", 1)   # no password shown
    refusal = (f"DJANGO_EMAIL_URL must be a mail server's address such as "
               f"smtp://mail.example.com:25 or smtp+tls://user:password@mail.example.com:587, "
               f"not {shown!r}.")
    if parts.scheme not in SCHEMES:
        raise ValueError(refusal)
    try:
        config = environ.Env.email_url_config(text)
        port = parts.port
    except (ValueError, environ.ImproperlyConfigured):
        raise ValueError(refusal) from None
    if not parts.hostname or parts.path.strip("/") or parts.query or parts.fragment \
            or (port is not None and not 0 < port < 65536):
        raise ValueError(refusal)
    config = {key: value for key, value in config.items() if key != "EMAIL_FILE_PATH"}
    config["EMAIL_HOST_USER"] = config.get("EMAIL_HOST_USER") or ""
    config["EMAIL_HOST_PASSWORD"] = config.get("EMAIL_HOST_PASSWORD") or ""
    if parts.scheme in ("smtps", "smtp+ssl"):   # TLS from the start (port 465), not STARTTLS
        config.pop("EMAIL_USE_TLS", None)
        config["EMAIL_USE_SSL"] = True
    config["EMAIL_PORT"] = port or (465 if parts.scheme in ("smtps", "smtp+ssl") else 25)
    return config
