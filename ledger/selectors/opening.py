"""What the page that opens a night must know first: the night still open, if any (one night
at a time; services/sessions.py refuses a second)."""

from __future__ import annotations

from ledger.models import PokerSession


def open_night() -> PokerSession | None:
    """The night still open (the oldest, should there ever be two), with its banker."""
    return (PokerSession.objects.filter(status=PokerSession.OPEN).select_related("banker")
            .order_by("date", "id").first())
