"""Error pages that say what happened in words (R12, R16)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def csrf_failure(request: HttpRequest, reason: str = "",
                 template_name: str = "403.html") -> HttpResponse:
    """A form without a valid CSRF token: refuse it and tell the banker to reload (R12)."""
    reason = (
        "This form has expired or did not come from this site (its security token is "
        "missing or wrong)."
    )
    return render(request, template_name, {"reason": reason}, status=403)
