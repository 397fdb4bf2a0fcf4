"""Template filters for money: integer cents in, "18.05" out (never floats)."""

from django import template

from rules.money import dollars as format_dollars
from rules.money import format_cents

register = template.Library()


@register.filter
def cents(value: object) -> object:
    """1805 -> "18.05"; anything that is not a whole number of cents shows as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return format_cents(value)


@register.filter
def abs_cents(value: object) -> object:
    """The size of an amount, for sentences that say "owes" or "is owed" in words."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return format_cents(abs(value))


@register.filter
def dollars(value: object) -> object:
    """1805 -> "$18.05", -500 -> "-$5.00": the sign before the dollar sign, as people write it."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return format_dollars(value)
