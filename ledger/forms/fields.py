"""The forms' building blocks: the idempotency key every writing form carries, the fields for
money and counts, a player chosen from the roster, and the check of a large amount."""

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from babel.numbers import get_currency_symbol
from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ledger.house_settings import shown
from ledger.kept import one_time_key
from ledger.models import Player
from ledger.numbers import read_whole_number, whole_number
from rules.errors import MoneyError
from rules.money import parse_cents

if TYPE_CHECKING:   # a lazily translated label
    from django.utils.functional import _StrPromise as Words

KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class CountField(forms.IntegerField):
    """A whole number typed on a page (a chip count): ASCII digits only (`whole_number`).
    A phone shows its number pad for it (inputmode "numeric")."""

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        if not widget.is_hidden:
            attrs.setdefault("inputmode", "numeric")
        return attrs

    def to_python(self, value: Any) -> int | None:
        if value in self.empty_values:
            return None
        number = whole_number(value)
        if number is None and isinstance(value, str) and value.strip().startswith("-"):
            below = whole_number(value.strip()[1:])   # said as "cannot be negative"
            number = None if below is None else -below
        if number is None:
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return number


def new_key() -> str:
    """A fresh, unguessable one-time key for a form about to be rendered (a mark while the page
    is being kept: ledger/kept.py)."""
    return one_time_key()


class MoneyField(forms.Field):
    """An amount typed in the shown night's or house's currency ("20", "20.00", "$20", "¥1500")
    and cleaned to integer hundredths."""

    def __init__(self, *, allow_zero: bool = False, **kwargs: Any) -> None:
        self.allow_zero = allow_zero
        super().__init__(**kwargs)

    def widget_attrs(self, widget: forms.Widget) -> dict[str, Any]:
        attrs = super().widget_attrs(widget)
        settings = shown()
        attrs.update({"inputmode": "decimal" if settings.digits else "numeric",
                      "autocomplete": "off", "placeholder": settings.amount_text(0),
                      "maxlength": 12})
        return attrs

    def to_python(self, value: Any) -> int | None:
        settings = shown()
        symbol = get_currency_symbol(settings.currency, "en")
        text = "" if value in self.empty_values else str(value).strip()
        text = text.removeprefix(symbol).removeprefix("$").strip()
        if not text:
            return None
        example = settings.amount_text(2000)   # "20.00", "20" in yen
        if DECIMAL_COMMA.match(text) and (get_language() or "en").split("-")[0] != "en":
            text = text.replace(",", ".")   # "20,50" where a comma is the decimal sign
        if "," in text:
            # "1,000" is a thousand to one banker and one dollar to another: never guess.
            raise forms.ValidationError(
                (_("“%(text)s” has a comma. Type the amount without commas, with a point before "
                   "the cents: 1000.00 for a thousand, 10.50 for ten fifty.") if settings.digits
                 else _("“%(text)s” has a comma. Type the amount without commas: 1000 for a "
                        "thousand.")) % {"text": text})
        if len(text) > 12:
            raise forms.ValidationError(_("That amount is too long; check the amount."))
        if text.startswith("-"):
            raise forms.ValidationError(_("The amount cannot be negative."))
        try:
            cents = parse_cents(text, field=str(self.label or "amount"))
        except MoneyError:
            raise forms.ValidationError(
                _("“%(text)s” is not an amount of money. Type an amount such as %(example)s.")
                % {"text": text, "example": example}) from None
        if cents % 100 and not settings.digits:
            raise forms.ValidationError(_("%(currency)s has no cents; type a whole amount such "
                                          "as %(example)s.") % {"currency": settings.currency,
                                                               "example": example})
        if cents == 0 and not self.allow_zero:
            raise forms.ValidationError(_("The amount must be more than zero."))
        if cents > settings.largest_amount:
            raise forms.ValidationError(_("That is more than %(largest)s; check the amount.")
                                        % {"largest": settings.largest_text})
        return cents

    def prepare_value(self, value: object) -> object:
        return shown().amount_text(value) if isinstance(value, int) else value


# "20,50": an amount with a decimal comma and its cents, read as 20.50 where the page speaks a
# language that writes a comma (German, Spanish, French); "1,000" stays refused as ambiguous.
DECIMAL_COMMA = re.compile(r"^[0-9]{1,10},[0-9]{2}$")
CONFIRM_ABOVE = 500_00  # a buy-in, chip sale or payment above $500 is checked twice


class ConfirmLargeAmountMixin(forms.Form):
    """An amount above $500 is saved only once the banker ticks that it is right.

    The box carries the amount it confirms, so changing the amount asks again; until it is
    ticked the form is invalid and nothing is written.
    """

    confirm_above = CONFIRM_ABOVE   # a form of a house with other stakes sets its own

    def add_confirm_field(self) -> None:
        self.fields["confirm_amount"] = forms.CharField(required=False, widget=forms.HiddenInput)
        self.asks_to_confirm = False

    def check_large_amount(self, data: dict[str, Any]) -> None:
        amount = data.get("amount")
        if amount is None or amount <= self.confirm_above:
            return
        try:
            confirmed = parse_cents((data.get("confirm_amount") or "").strip(), field="confirm")
        except MoneyError:
            confirmed = None
        if confirmed != amount:
            self.asks_to_confirm = True
            self.confirm_value = shown().amount_text(amount)
            money = shown().money
            self.add_error("amount", _(
                "%(amount)s is more than %(above)s. Check the amount; if it is right, tick the "
                "box below and save again.") % {"amount": money(amount),
                                                "above": money(self.confirm_above)})


class KeyedForm(forms.Form):
    """A form that writes money: it carries the one-time idempotency key."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    # Set when the key came back with another request: the page offers a fresh form.
    key_used = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        initial = kwargs.setdefault("initial", {})
        initial.setdefault("key", new_key())
        super().__init__(*args, **kwargs)

    def clean_key(self) -> str:
        key: str = self.cleaned_data["key"]
        if not KEY_PATTERN.match(key):
            raise forms.ValidationError(_("This form is damaged; reload the page and try again."))
        return key

    def hidden_field_errors(self) -> list[str]:
        """Errors on hidden fields, which no mark on the page could show (the key's are shown
        on their own)."""
        return [str(e) for field in self.hidden_fields() if field.name != "key"
                for e in field.errors]

    def marked_errors(self) -> bool:
        """Is some field the banker can see marked with an error?"""
        return any(field.errors for field in self.visible_fields())


def player_row(value: object) -> Player:
    """The player a choice names by id: the row the services take."""
    found = Player.objects.filter(pk=read_whole_number(value)).first()
    if found is None:   # offered, then gone: TypedChoiceField says "not one of the choices"
        raise ValueError(value)
    return found


def _player_field(label: "str | Words", choices: Iterable[tuple[Any, Any]], *,
                  required: bool = True, empty: "str | Words | None" = None,
                  coerce: Callable[[Any], object] = player_row) -> forms.TypedChoiceField:
    """A choice of one of `choices` ([(id, name), ...]), cleaned to its row (`coerce`)."""
    if empty is not None:
        choices = [("", empty), *choices]
    return forms.TypedChoiceField(
        label=label, choices=choices, coerce=coerce, required=required, empty_value=None
    )


class RosterForm(KeyedForm):
    """A keyed form whose player fields choose from the session's roster: [(id, name), ...]."""

    def __init__(self, *args: Any, roster: Iterable[tuple[int, str]] = (),
                 **kwargs: Any) -> None:
        self.roster = list(roster)
        super().__init__(*args, **kwargs)

