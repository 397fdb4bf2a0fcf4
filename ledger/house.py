"""The house the site serves: its name, chosen on the first start of `make serve`.

Kept in the database (SiteSettings, one row, so a backup carries it) and handed to the
server's processes as BANKER_HOUSE by `manage.py serve_house`; the pages' header shows
settings.HOUSE_NAME, so showing it costs no query.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from ledger.models import SiteSettings

DEFAULT_NAME = "Home game"
MAX_LENGTH = SiteSettings._meta.get_field("house_name").max_length or 60


def stored_name() -> str:
    """The house's name as stored ("" before the first start)."""
    row = SiteSettings.objects.order_by("pk").first()
    return row.house_name if row is not None else ""


def store_name(name: str) -> str:
    """Keep `name` as the house's name; a blank or over-long name is refused with a sentence."""
    name = " ".join(name.split())
    if not name:
        raise ValueError("The house needs a name (BANKER_HOUSE), such as \"Home game\".")
    if len(name) > MAX_LENGTH:
        raise ValueError(f"The house's name is {len(name)} characters long; at most "
                         f"{MAX_LENGTH}.")
    row = SiteSettings.objects.order_by("pk").first() or SiteSettings()
    row.house_name = name
    row.save()
    return name


def house_name(request: HttpRequest) -> dict[str, str]:
    """Template context: the house's name for the header ("" for the demo and the tests)."""
    return {"house_name": str(getattr(settings, "HOUSE_NAME", "") or "")}
