"""A night's date the page's language's way: English as the templates always wrote it (Django's
date formats: "Saturday, November 21"), any other language as CLDR writes it (Babel):
"Samstag, 21. November", "21. November 2026"."""

from __future__ import annotations

import datetime

from django import template

from ledger.languages import day_text

register = template.Library()

@register.filter
def night_date(value: object, django_format: str = "N j, Y") -> object:
    """{{ night.date|night_date:"l, F j" }}: the date in the page's language."""
    if isinstance(value, datetime.datetime):
        value = value.date()
    if not isinstance(value, datetime.date):
        return value
    return day_text(value, django_format)


@register.filter
def short_date(value: object) -> object:
    """The header's "Nov 21" ("21. Nov." in German)."""
    return night_date(value, "M j")
