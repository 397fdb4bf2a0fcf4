"""Security headers that Django does not set by itself (R14).

The pages load scripts and styles only from our own static files, so the policy can be strict:
nothing inline, nothing from another origin, and no page may be framed by another site.
"""

from django.conf import settings

DEFAULT_POLICY = (
    "default-src 'self'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'none'; "
    "object-src 'none'"
)
PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()"


class SecurityHeadersMiddleware:
    """Add Content-Security-Policy and Permissions-Policy to every response."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = getattr(settings, "CONTENT_SECURITY_POLICY", DEFAULT_POLICY)

    def __call__(self, request):
        response = self.get_response(request)
        # A view may set a stricter policy of its own; never loosen it from here.
        response.headers.setdefault("Content-Security-Policy", self.policy)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response
