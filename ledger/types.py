"""Types the layers share (services, selectors, views), kept apart so none imports another
for a name alone."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

# Who makes a write: request.user (the logged-in banker), or None from the command line and the
# importer. An entry records the user only when logged in.
Banker = User | AnonymousUser | None
