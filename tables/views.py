"""Report pages: THE BOOK and the settle-up (django-tables2, CSV export)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import render


@login_required
def book(request):
    """THE BOOK: every person's balance across sessions."""
    return render(request, "tables/book.html", {})
