"""Session list, opening a session, and the session dashboard."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render


@login_required
def session_list(request):
    """Every session, newest first, with a button to open a new one."""
    return render(request, "ledger/session_list.html", {"sessions": []})
