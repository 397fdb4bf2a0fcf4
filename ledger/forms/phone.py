"""Forms of the players' phones (an ask for chips, a count of their own chips) and the tablet's
answer to them. They parse shapes; the rules are the services' (services/requests.py).

The phone's fields are the contract of ARCHITECTURE.md, "The player's phone: requests":
`amount` and `paid` for an ask, one field per chip colour for a count (ASCII digits, a colour
left out is 0), each form with its one-time `key` (and Django's CSRF token).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ledger.house_settings import SEED, HouseSettings, shown
from ledger.languages import colour_label
from ledger.models import Night, Player
from ledger.services import LedgerError
from ledger.services.requests import REASON_LENGTH, read_count

from .fields import KeyedForm, MoneyField
from .money import PAID_CHOICES


class AskForm(KeyedForm):
    """Chips from the bank, asked from the phone: the night's steps ($5 in the seed house's,
    B2), paid three ways (B3)."""

    amount = MoneyField(label=_("How much"), help_text=_("Chips from the bank come in $5 steps."))
    paid = forms.ChoiceField(label=_("You pay by"), choices=PAID_CHOICES, initial="cash",
                             widget=forms.RadioSelect,
                             error_messages={"required": "Choose how you pay.",
                                             "invalid_choice": "Choose how you pay: cash, bank "
                                             "note or THE BOOK (B3)."})

    def __init__(self, *args: Any, paid: tuple[str, ...] = (),
                 settings: HouseSettings | None = None, **kwargs: Any) -> None:
        super().__init__(*args, auto_id="ask_%s", **kwargs)
        rules = settings or shown()   # the open night's steps (B2), else the page's
        step = rules.money(rules.buy_in_step).removesuffix(".00")
        self.fields["amount"].help_text = _("Chips from the bank come in %(step)s steps.") % {
            "step": step}
        if paid:   # only the choices the tablet offers this player
            field = self.fields["paid"]
            assert isinstance(field, forms.ChoiceField)
            field.choices = [(v, label) for v, label in PAID_CHOICES if v in paid]


class CountForm(KeyedForm):
    """A player's own count of their chips by colour (B10): whole numbers, ASCII digits only;
    a colour left out counts 0."""

    def __init__(self, *args: Any, settings: HouseSettings = SEED, **kwargs: Any) -> None:
        super().__init__(*args, auto_id="count_%s", **kwargs)
        self.settings = settings   # the open night's chips (B10)
        for colour, cents in settings.chips:
            self.fields[colour] = forms.CharField(
                label=colour_label(colour), required=False, max_length=8, strip=True,
                help_text=_("%(amount)s each") % {"amount": settings.money(cents)},   # its value
                widget=forms.TextInput(attrs={
                    "data-chip-cents": cents, "inputmode": "numeric", "pattern": "[0-9]*",
                    "autocomplete": "off", "placeholder": "0", "size": 5}),
            )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for colour in self.settings.colours:
            try:
                data[colour] = read_count(self.data.get(colour), colour)
            except LedgerError as error:
                self.add_error(colour, str(error))
        return data

    def chips(self) -> dict[str, int]:
        return {colour: self.cleaned_data.get(colour) or 0 for colour in self.settings.colours}


class AnswerForm(forms.Form):
    """The tablet's Approve or Decline of one request (with Django's CSRF token)."""

    reason = forms.CharField(label=_("Reason (the player sees it)"), required=False,
                             max_length=REASON_LENGTH)
    confirm_duplicate = forms.BooleanField(required=False, widget=forms.HiddenInput)


class ClaimForm(KeyedForm):
    """The payer's "I paid": to whom (by name), how much, and the night whose settle-up
    listed the transfer. The rules (what THE BOOK lets them pay) are the service's."""

    to = forms.CharField(widget=forms.HiddenInput, max_length=40)
    amount = MoneyField(label=_("Amount paid"))
    night = forms.CharField(widget=forms.HiddenInput, required=False, max_length=12)

    def __init__(self, *args: Any, prefix_id: str = "paid", **kwargs: Any) -> None:
        super().__init__(*args, auto_id=f"{prefix_id}_%s", **kwargs)
        # The phone's live part is swapped in every 30 s: an amount being typed stays.
        self.fields["amount"].widget.attrs["hx-preserve"] = "true"

    def clean_to(self) -> Player:
        """The receiver, by the name the settle-up gave them."""
        name = self.cleaned_data["to"]
        found = Player.objects.filter(name=name.strip()).first()
        if found is None:
            raise forms.ValidationError(f"There is no player {name!r}.")
        return found

    def clean_night(self) -> Night | None:
        text = self.cleaned_data.get("night") or ""
        if not text:
            return None
        if not (text.isascii() and text.isdigit()):
            raise forms.ValidationError(_("This form is damaged; reload the page and try again."))
        found = Night.objects.filter(pk=int(text)).first()
        if found is None:
            raise forms.ValidationError(f"There is no session {int(text)!r}.")
        return found


DOLLAR_APPS = ("venmo", "cashapp")


class HandlesForm(KeyedForm):
    """Where a player takes payments; an empty field has none. The shapes are checked by
    services/payments.py, which names the field."""

    venmo = forms.CharField(label=_("Venmo"), required=False, max_length=100,
                            help_text=_("Your username, such as @ann-smith."))
    paypal = forms.CharField(label=_("PayPal.me"), required=False, max_length=100,
                             help_text=_("Your PayPal.me name, such as annsmith."))
    cashapp = forms.CharField(label=_("Cash App"), required=False, max_length=100,
                              help_text=_("Your $cashtag, such as $AnnSmith."))
    zelle = forms.CharField(label=_("Zelle"), required=False, max_length=254,
                            help_text=_("The e-mail address or US phone number Zelle knows."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, auto_id="handles_%s", **kwargs)
        for name in ("venmo", "paypal", "cashapp", "zelle"):
            self.fields[name].widget.attrs.update({"autocomplete": "off",
                                                   "autocapitalize": "none",
                                                   "spellcheck": "false"})
        if shown().currency != "USD":
            # Venmo and Cash App pay dollars only: a house in another currency is not asked
            # for them, and a handle kept from before travels unchanged (hidden, not cleared).
            for name in DOLLAR_APPS:
                self.fields[name].widget = forms.HiddenInput()

    @classmethod
    def of(cls, player: Any) -> HandlesForm:
        """The form filled with the player's handles as they are kept."""
        kept = {"venmo": f"@{player.venmo}" if player.venmo else "",
                "paypal": player.paypal,
                "cashapp": f"${player.cashapp}" if player.cashapp else "",
                "zelle": player.zelle}
        return cls(initial=kept)


class EmailForm(KeyedForm):
    """The address a player is mailed at (the night's settle-up, reminders); empty: none. The
    shape is checked by services/mail.py, in one sentence."""

    email = forms.CharField(label=_("E-mail"), required=False, max_length=300,
                            help_text=_("The settle-up of each night you play is mailed here. "
                            "Nobody else sees it."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, auto_id="mail_%s", **kwargs)
        self.fields["email"].widget.attrs.update({"autocomplete": "email", "inputmode": "email",
                                                  "autocapitalize": "none",
                                                  "spellcheck": "false"})

    @classmethod
    def of(cls, player: Any) -> EmailForm:
        return cls(initial={"email": player.email})
