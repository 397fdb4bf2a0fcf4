"""Tonight: the house's night still open, if any (one night at a time: services/nights.py
refuses a second, the database too). The one answer to "which night is tonight" for the
phones, the payments, the import and the page that opens a night."""

from __future__ import annotations

from ledger.models import Night


def tonight() -> Night | None:
    """The open night of the house in scope, with its banker; None when none is open."""
    return (Night.objects.filter(status=Night.OPEN).select_related("banker")
            .order_by("id").first())
