"""Each night's version: a number every write to the night bumps, in the write's own
transaction (so a write that is refused, and rolled back, bumps nothing).

What reads it (selectors.night_version, house_version, closed_version):
- the phones' polled parts answer a conditional request (ETag) with 304 while the version
  they were given is still the house's (views/conditional.py);
- a page part computed from closed nights only is kept (Django's cache) under the closed
  nights' version, and computed again as soon as any of them is written to.

A write into a night bumps that night: every service that writes into a night starts with
`lock_night_row` (services/journal.py), which bumps it; a phone's ask or count bumps the night
it asks in. A write that concerns no one night - a player added, renamed, retired or given a
new link, payment handles, a payment claimed, answered or recorded in THE BOOK alone (a
journal entry without a night) - can show on any night's pages: it bumps every night.

A night's version only grows, so the sum of the versions (with the number of nights) changes
with every write to the house, whichever night it went to: the house's version.
"""

from __future__ import annotations

from django.db.models import F

from ledger.models import Night


def bump_night(session: Night | int) -> None:
    """One more write to `session` (inside the write's transaction)."""
    pk = session.pk if isinstance(session, Night) else session
    Night.objects.filter(pk=pk).update(version=F("version") + 1)


def bump_house() -> None:
    """A write that concerns no one night: every night's pages may show it."""
    Night.objects.update(version=F("version") + 1)
