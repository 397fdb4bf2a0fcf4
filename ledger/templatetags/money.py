"""Template filters for money: integer hundredths in, "18.05" out (never floats), in the
currency of the house or night the page shows (ledger/house_settings.py `shown`)."""

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext

from ledger.house_settings import SEED, shown
from ledger.languages import figure
from rules.errors import MoneyError
from rules.money import parse_cents

register = template.Library()


@register.filter
def cents(value: object) -> object:
    """1805 -> "18.05" ("1500" for a currency without minor digits); anything that is not a
    whole number of hundredths shows as it is."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return shown().amount_text(value)


@register.filter
def figure_cents(value: object) -> object:
    """`cents` as a page shows a figure in a table: with the language's decimal sign
    ("18,05" in German); `cents` itself writes form values, always "18.05"."""
    shown_value = cents(value)
    return figure(shown_value) if isinstance(shown_value, str) else shown_value


@register.filter
def abs_cents(value: object) -> object:
    """The size of an amount, for sentences that say "owes" or "is owed" in words."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return shown().amount_text(abs(value))


@register.filter
def dollars(value: object) -> object:
    """1805 -> "$18.05", -500 -> "-$5.00": the sign before the currency's symbol, as people
    write it; "€18.05", "¥1500" in those houses. A decimal string as a result stores it
    ("18.05") is read first."""
    if isinstance(value, str):
        try:
            value = parse_cents(value)
        except MoneyError:
            return value
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return shown().money(value)


@register.filter
def abs_dollars(value: object) -> object:
    """The size of an amount with its currency, for sentences that say "owes" in words."""
    if isinstance(value, bool) or not isinstance(value, int):
        return value
    return shown().money(abs(value))


@register.simple_tag
def money_data() -> str:
    """The shown currency for the page's scripts: its symbol as an amount begins with it,
    its digits and the cash unit (the running totals of a chip count)."""
    rules = shown()
    zero, plain = rules.money(0), rules.amount_text(0)
    symbol = zero.replace(plain, "")
    attrs = format_html('data-money-symbol="{}" data-money-digits="{}" data-cash-unit="{}"',
                        symbol, rules.digits, rules.cash_unit)
    local = figure(plain)
    if local in zero and zero != symbol + plain:   # another language: "12,50 €"
        attrs += format_html(' data-money-pattern="{}" data-money-decimal="{}"',
                             zero.replace(local, "#", 1), figure("0.0")[1])
    return attrs


@register.filter
def in_currency(value: object) -> str:
    """A sentence of the rules engine with its money in the shown currency ("$1.00" ->
    "€1.00"; "3000.00" -> "3000" in yen); the seed house's sentences stay as they are."""
    return shown().in_currency(str(value))


@register.simple_tag
def paid_in() -> str:
    """What a cash-out is paid in: "whole dollars" in the seed house's game, else the cash
    unit's steps ("steps of €1.00", "steps of ¥1000")."""
    rules = shown()
    if rules.currency == SEED.currency and rules.cash_unit == SEED.cash_unit:
        return gettext("whole dollars")
    return gettext("steps of %(amount)s") % {"amount": rules.money(rules.cash_unit)}


@register.simple_tag
def odd_part() -> str:
    """What is left of a cash-out under the cash unit, for the final pot (B12): "odd cents"
    when the unit is a whole one of a currency with cents, else "odd amounts under ¥1000"."""
    rules = shown()
    if rules.digits and rules.cash_unit == 100:
        return gettext("odd cents")
    return gettext("odd amounts under %(amount)s") % {"amount": rules.money(rules.cash_unit)}
