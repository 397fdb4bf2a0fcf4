"""A player's private link as a QR code: inline SVG drawn on the server by segno (pure Python).

No image request, no script and no style attribute (the CSP is default-src 'self'), so the
code shows on any phone or tablet and prints with the page.
"""

from functools import lru_cache

import segno
from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@lru_cache(maxsize=256)
def qr_svg(text: str, *, title: str = "", scale: int = 4) -> str:
    """`text` as an SVG QR code (error correction M, a white quiet zone of 4 modules).

    Remembered: the settle-up and players pages draw the same dozen links on every visit, and
    drawing one is a few milliseconds of pure Python."""
    code = segno.make(text, error="m")
    return code.svg_inline(scale=scale, border=4, dark="#000", light="#fff",
                           title=title or None, svgclass="qr", lineclass=None)


@register.simple_tag
def qr_code(text: object, title: object = "", scale: int | str = 4) -> SafeString:
    """{% qr_code link "Fred's page" %}: the link as an inline SVG QR code."""
    return mark_safe(qr_svg(str(text), title=str(title), scale=int(scale)))  # noqa: S308 segno escapes
