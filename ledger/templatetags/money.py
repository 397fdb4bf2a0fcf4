"""Template filters for money: integer hundredths in, "18.05" out (never floats), in the
currency of the house or night the page shows (ledger/house_settings.py `shown`)."""

from django import template

from ledger.house_settings import shown

register = template.Library()


@register.filter
def cents(value: object) -> object:
    """1805 -> "18.05" ("1500" for a currency without minor digits); anything that is not a
    whole number of hundredths shows as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return shown().amount_text(value)


@register.filter
def abs_cents(value: object) -> object:
    """The size of an amount, for sentences that say "owes" or "is owed" in words."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return shown().amount_text(abs(value))


@register.filter
def dollars(value: object) -> object:
    """1805 -> "$18.05", -500 -> "-$5.00": the sign before the currency's symbol, as people
    write it; "€18.05", "¥1500" in those houses."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return shown().money(value)
