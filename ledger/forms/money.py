"""The bank's forms: buy-ins and chip sales, cash-outs, payments, penalties, pots, notes,
corrections, closing the night and handing the bank over."""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.forms.boundfield import BoundField
from django.utils.translation import gettext_lazy as _

from ledger.house_settings import SEED, HouseSettings, shown
from ledger.languages import colour_label
from ledger.models import BankNote
from ledger.numbers import read_whole_number, whole_number

from .fields import (
    ConfirmLargeAmountMixin,
    CountField,
    KeyedForm,
    MoneyField,
    RosterForm,
    _player_field,
)

PAID_CHOICES = [
    ("cash", _("Cash")),
    ("note", _("Bank note")),
    ("book", _("THE BOOK")),
]

# A quick amount's button on the buy-in page: <button name="quick" value="10.00">, a submit
# button of the page's one form, so it is saved with the form's one "Paid by" and key; the
# amount it carries is the amount saved, whatever is typed under "Another amount".
QUICK_AMOUNT = "quick"


class BuyInForm(ConfirmLargeAmountMixin, RosterForm):
    """Chips bought from the bank, or from another player (a chip sale), paid three ways
    (B2, B3)."""

    amount = MoneyField(label=_("Amount"))
    paid = forms.ChoiceField(
        label=_("Paid by"), choices=PAID_CHOICES, initial="cash", widget=forms.RadioSelect
    )
    confirm_duplicate = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, data: Any = None, *args: Any, sale: bool = False,
                 settings: HouseSettings = SEED, **kwargs: Any) -> None:
        if data is not None and data.get(QUICK_AMOUNT):
            data = data.copy()   # a quick amount tapped: that is the amount
            data["amount"] = data[QUICK_AMOUNT]
        super().__init__(data, *args, **kwargs)
        self.sale = sale
        self.confirm_above = 100 * settings.buy_in_step   # $500 in the seed house's $5 steps
        money = settings.money
        if sale:   # B3: between players any whole number of units, not the bank's steps
            self.fields["amount"].help_text = _(
                "Between players any amount in whole %(colour)s chips (%(unit)s), such as "
                "%(example)s.") % {
                "colour": colour_label(settings.colours[0]).lower(),
                "unit": money(settings.unit),
                "example": settings.amount_text(settings.buy_in_step + 7 * settings.unit)}
        else:
            step = money(settings.buy_in_step).removesuffix(".00")
            self.fields["amount"].help_text = _("Chips from the bank come in %(step)s steps.") % {
                "step": step}
        self.fields["player"] = _player_field(_("Buyer"), self.roster,
                                              empty=_("— who is buying? —"))
        self.fields["seller"] = _player_field(
            _("Seller"),
            self.roster,
            required=sale,
            empty=_("— choose the seller —") if sale else _("The bank"),
        )
        self.add_confirm_field()
        # "Paid by" before the amount: chosen first, it is what every way of saving uses.
        self.order_fields(["player", "paid", "amount", "seller"])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("seller") and data.get("seller") == data.get("player"):
            self.add_error("seller", _("A player cannot buy chips from themself."))
        self.check_large_amount(data)
        return data


class PenaltyForm(RosterForm):
    """A penalty paid straight into the pot (B11: the house's, $0.20 for jumping the bet in
    the seed house)."""

    amount = MoneyField(label=_("Penalty"))

    def __init__(self, *args: Any, settings: HouseSettings = SEED, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["amount"].initial = settings.amount_text(settings.penalty_amount)
        self.fields["player"] = _player_field(_("Player"), self.roster, empty=_("— who jumped? —"))
        self.order_fields(["player", "amount"])


class CashOutForm(RosterForm):
    """Chips turned in, counted per colour (B10); the whole dollars are paid (B12)."""

    # Ticked when the banker said yes to "already cashed out … tonight — another?"
    confirm_again = forms.BooleanField(required=False, widget=forms.HiddenInput)
    again = ""   # the question, when the player has cashed out tonight already


    def __init__(self, *args: Any, nothing: bool = False, settings: HouseSettings = SEED,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.nothing = nothing   # "Cashed out nothing": a player who lost everything
        self.settings = settings   # the night's chips, cheapest first (B10)
        self.fields["player"] = _player_field(_("Player"), self.roster,
                                              empty=_("— who cashes out? —"))
        for colour, cents in settings.chips:
            self.fields[colour] = CountField(
                label=colour_label(colour),
                min_value=0,
                max_value=100_000,
                required=False,
                initial=0,
                widget=forms.NumberInput(
                    attrs={"data-chip-cents": cents, "data-colour-name": colour_label(colour),
                           "inputmode": "numeric", "min": 0, "step": 1}
                ),
                error_messages={
                    "invalid": f"Count the {colour} chips as a whole number.",
                    "min_value": f"The number of {colour} chips cannot be negative.",
                },
            )
        self.order_fields(["player"])

    def colours(self) -> list[str]:
        return list(self.settings.colours)

    def counts_so_far(self) -> dict[str, int]:
        """The counts typed so far, for the running total; unreadable ones count as zero."""
        counts = {}
        for colour in self.colours():
            counts[colour] = whole_number(self.data.get(colour) or 0) or 0
        return counts

    def chips(self) -> dict[str, int]:
        """The counts by colour, zero for a colour left empty."""
        return {colour: self.cleaned_data.get(colour) or 0 for colour in self.colours()}

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not self.errors and not self.nothing and not any(self.chips().values()):
            raise forms.ValidationError(
                _("Count at least one chip, or tap “Cashed out nothing” for a player who has "
                  "none."))
        if self.nothing and any(self.chips().values()):
            raise forms.ValidationError(
                _("Chips are counted: tap “Save cash-out”, or clear the counts first."))
        return data

    def colour_rows(self) -> list[tuple[str, int, BoundField]]:
        """(colour, value in cents, bound field) for the chip counter template."""
        return [(colour, cents, self[colour]) for colour, cents in self.settings.chips]


class FinalPotForm(RosterForm):
    """Who won the last hand, played for the odd cents of the cash-outs (B12)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["winner"] = _player_field(_("Winner"), self.roster, empty=_("— who won it? —"))


class PotAwardForm(RosterForm):
    """The chips left in the table's pot (penalties, a carried pot) go to a hand's winner."""

    pot = MoneyField(label=_("Pot"), widget=forms.HiddenInput, allow_zero=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["winner"] = _player_field(_("Winner"), self.roster, empty=_("— who won it? —"))

    def clean_pot(self) -> int:
        pot: int | None = self.cleaned_data.get("pot")
        if not pot:
            raise forms.ValidationError(_("The pot is empty: there is nothing to award."))
        return pot


class CountDifferenceForm(KeyedForm):
    """Chips the bank sold that never came back, and why (the close page)."""

    amount = MoneyField(label=_("Chips that did not come back"))
    reason = forms.CharField(label=_("Why"), max_length=200,
                             widget=forms.TextInput(attrs={"placeholder": "a blue chip lost"}),
                             error_messages={"required": "Say why the count is off."})


class PaymentForm(ConfirmLargeAmountMixin, RosterForm):
    """Cash handed from one person to another (or to the bank) to settle what they owe."""

    amount = MoneyField(label=_("Amount"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"] = _player_field(_("Who pays"), self.roster, empty=_("— who pays? —"))
        self.fields["to"] = _player_field(_("To"), self.roster, required=False, empty=_("The bank"))
        self.add_confirm_field()
        self.order_fields(["player", "to", "amount"])

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("to") and data.get("to") == data.get("player"):
            self.add_error("to", _("Nobody pays themself."))
        self.check_large_amount(data)
        return data


class CorrectionForm(KeyedForm):
    """Undo a mistaken entry with a reversing one; the reason is kept in the journal."""

    reason = forms.CharField(
        label=_("Why is it wrong?"), max_length=200,
        help_text=_("For example: typed $20 instead of $10. Then enter the right one again."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        rules = shown()
        if rules.currency != SEED.currency:   # the example in the night's money and steps
            step = rules.buy_in_step

            def said(cents: int) -> str:
                return rules.money(cents).removesuffix(".00")

            self.fields["reason"].help_text = _(
                "For example: typed %(wrong)s instead of %(right)s. Then enter the right one "
                "again.") % {"wrong": said(2 * step), "right": said(step)}


class NoteActionForm(KeyedForm):
    """Commit an open bank note into THE BOOK, or void it (B5)."""

    note = CountField(widget=forms.HiddenInput)
    action = forms.ChoiceField(choices=[("commit", "Commit"), ("void", "Void")])

    def clean_note(self) -> BankNote:
        number = self.cleaned_data["note"]
        found = BankNote.objects.select_related("debtor", "holder").filter(pk=number).first()
        if found is None:
            raise forms.ValidationError(f"There is no bank note {number!r}.")
        return found


class CloseForm(KeyedForm):
    """The last step: close the session (guests' debts move to inviters, B9; consolidate, B8)."""

    confirm = forms.BooleanField(label=_("Yes, close the night"), required=True)


class BankHandOverForm(KeyedForm):
    """Hand the night's bank to another banker, or take it (services.bank_hand_over).

    `bankers` are the logins that can hold a bank: [(id, name), ...]."""

    def __init__(self, *args: Any, bankers: Iterable[tuple[int, str]] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["to"] = _player_field(_("Hand the bank to"), list(bankers),
                                          empty=_("— choose a banker —"), coerce=banker_login)
        self.fields["to"].error_messages["invalid_choice"] = (
            "Choose one of the bankers offered; reload the page to see who they are now.")


def banker_login(value: object) -> User:
    """The login a choice names by id (the service checks that it may hold a bank)."""
    found = get_user_model().objects.filter(pk=read_whole_number(value)).first()
    if found is None:   # offered, then gone: "Choose one of the bankers offered"
        raise ValueError(value)
    return found
