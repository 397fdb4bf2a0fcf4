"""Error pages that say what happened in words (R12, R16)."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
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


def bad_request(request: HttpRequest, exception: Exception | None = None,
                template_name: str = "400.html") -> HttpResponse:
    """A request the site will not read (handler400): said in words, never a bare "Bad Request
    (400)". The body too large or its fields too many: Django refuses to read it at all."""
    return render(request, template_name, {"reason": bad_request_reason(exception)},
                  status=400)


def bad_request_reason(exception: Exception | None) -> str:
    if isinstance(exception, RequestDataTooBig):
        most = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 0
        return (f"What was sent is larger than this site reads (at most {most / 2 ** 20:.1f} MB "
                "in one form), far more than any of its forms holds.")
    if isinstance(exception, TooManyFieldsSent):
        return (f"The form sent more than {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS or 0:,} "
                "fields, far more than any of this site's forms has.")
    if isinstance(exception, TooManyFilesSent):
        return (f"The form sent more than {settings.DATA_UPLOAD_MAX_NUMBER_FILES or 0:,} "
                "files, far more than any of this site's forms has.")
    return "This request could not be read (it is malformed or not from this site's pages)."
