"""The owners' form of a house's own game (ledger/house_settings.py): every key of the settings'
JSON form as a field a banker fills on a tablet. The form only gathers the text; the settings
themselves are checked by `HouseSettings.from_json`, whose refusal names the key, which
`field_of` maps back to the field that shows it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from ledger.house_settings import (
    LANGUAGES,
    MAX_CHIPS,
    PRESET_WORDS,
    PRESETS,
    HouseSettings,
    SettingsError,
    currencies_in_use,
)
from rules.games.definition import PIGGING, TIES

from .fields import CountField

if TYPE_CHECKING:   # a lazily translated label
    from django.utils.functional import _StrPromise as Words

LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "es": "Español", "fr": "Français"}
PIGGING_WORDS = {
    "house": _("house - a pigger must win both sides outright"),
    "win-or-tie": _("win-or-tie - a pigger wins or ties each side (Forty-Three)"),
    "share-ties": _("share-ties - a pigger who ties a side shares it (Real Poker)"),
    "perfect-ties": _("perfect-ties - as house, but a tie holding the best possible hand shares"),
}
TIES_WORDS = {"split": _("split - tied players split"),
              "goal-post": _("goal-post - tied players collect nothing, their share waits for "
                             "the next game, and they pay like losers")}
PRESET_CHOICES = [(name, f"{name}: {PRESET_WORDS.get(name, name)}") for name in PRESETS]

# A key of the JSON form (as SettingsError names it) -> the field that shows its refusal.
_FIELD_OF = {
    "penalty.amount": "penalty_amount", "penalty.warnings": "penalty_warnings",
    "penalty": "penalty_amount",
    "game_defaults.pigging": "pigging", "game_defaults.burn_cap": "burn_cap",
    "game_defaults.ties": "ties", "game_defaults": "pigging",
}


def _amount(label: str | Words, help_text: str | Words = "") -> forms.CharField:
    return forms.CharField(label=label, max_length=16, help_text=help_text,
                           widget=forms.TextInput(attrs={"inputmode": "decimal",
                                                         "autocomplete": "off"}))


class PresetForm(forms.Form):
    """"Start from preset": fills the settings form with a preset's values (saves nothing)."""

    preset = forms.ChoiceField(choices=PRESET_CHOICES, label=_("Preset"))


class HouseSettingsForm(forms.Form):
    currency = forms.ChoiceField(label=_("Currency"), choices=())
    time_zone = forms.CharField(label=_("Time zone"), max_length=64,
                                help_text=_("An IANA time zone, such as America/New_York or "
                                          "Europe/Berlin."))
    language = forms.ChoiceField(label=_("Language"),
                                 choices=[(code, LANGUAGE_NAMES[code]) for code in LANGUAGES])
    chips = forms.CharField(
        label=_("Chips"), widget=forms.Textarea(attrs={"rows": 7, "autocomplete": "off",
                                                    "spellcheck": "false"}),
        help_text=lazy(lambda: _("One chip a line: its colour and its value, such as \"white "
                                 "0.05\" (up to %(most)s). Every value is a whole number of "
                                 "the smallest chip.") % {"most": MAX_CHIPS}, str)())
    buy_in_step = _amount(_("Buy-in step (B2)"), _("Every buy-in is a whole number of this."))
    cash_unit = _amount(_("Cash unit (B12)"), _("What is paid in cash at cash-out is a whole "
                                                "number of this; the odd chips go to the final "
                                                "pot."))
    guest_debt_to_inviter = forms.BooleanField(
        label=_("A guest's debt is the inviter's (B9)"), required=False)
    host_note_id = forms.CharField(label=_("Host's note id (B4)"), max_length=8,
                                   help_text=_("1 to 8 capital letters or digits, such as BOG."))
    penalty_amount = _amount(_("Penalty amount (B11)"), _("0 for no penalty."))
    penalty_warnings = CountField(label=_("Warnings before a penalty (B11)"), min_value=0,
                                  max_value=99,
                                  widget=forms.NumberInput(attrs={"inputmode": "numeric"}))
    last_dealer_rule = forms.BooleanField(label=_("The last dealer's rule (B13)"), required=False)
    pigging = forms.ChoiceField(label=_("Pigging, unless the call says (P1)"),
                                choices=[(p, PIGGING_WORDS.get(p, p)) for p in PIGGING])
    burn_cap = _amount(_("Burn cap (P4)"), _("The most a burn pays into the pot."))
    ties = forms.ChoiceField(label=_("Ties (P6)"),
                             choices=[(t, TIES_WORDS.get(t, t)) for t in TIES])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        currency = self.fields["currency"]
        assert isinstance(currency, forms.ChoiceField)
        currency.choices = [(code, code) for code in sorted(currencies_in_use())]

    def marked_errors(self) -> bool:
        """Is some field marked with an error (the page then says nothing was saved)?"""
        return any(field.errors for field in self.visible_fields())

    @staticmethod
    def initial_of(settings: HouseSettings) -> dict[str, Any]:
        """The form's values for `settings`."""
        text = settings.amount_text
        return {
            "currency": settings.currency, "time_zone": settings.time_zone,
            "language": settings.language,
            "chips": "\n".join(f"{colour} {text(value)}" for colour, value in settings.chips),
            "buy_in_step": text(settings.buy_in_step), "cash_unit": text(settings.cash_unit),
            "guest_debt_to_inviter": settings.guest_debt_to_inviter,
            "host_note_id": settings.host_note_id,
            "penalty_amount": text(settings.penalty_amount),
            "penalty_warnings": settings.penalty_warnings,
            "last_dealer_rule": settings.last_dealer_rule, "pigging": settings.pigging,
            "burn_cap": text(settings.burn_cap), "ties": settings.ties,
        }

    def clean_chips(self) -> dict[str, str]:
        """The lines "colour value" as the JSON form's chips (their order as typed)."""
        chips: dict[str, str] = {}
        for number, line in enumerate(str(self.cleaned_data["chips"]).splitlines(), 1):
            words = line.replace(":", " ").split()
            if not words:
                continue
            if len(words) != 2:
                raise forms.ValidationError(
                    f"Line {number}, {line.strip()!r}: write a colour and a value, such as "
                    "\"white 0.05\".")
            colour, value = words
            if colour.lower() in chips:
                raise forms.ValidationError(f"chips: {colour} is written twice; each colour "
                                            "once.")
            chips[colour.lower()] = value
        if not chips:
            raise forms.ValidationError(_("Write at least one chip, such as \"white 0.05\"."))
        return chips

    def settings_json(self) -> dict[str, Any]:
        """The JSON form of what the (valid) form says."""
        data = self.cleaned_data
        return {
            "currency": data["currency"], "time_zone": data["time_zone"],
            "language": data["language"], "chips": data["chips"],
            "buy_in_step": data["buy_in_step"], "cash_unit": data["cash_unit"],
            "guest_debt_to_inviter": bool(data["guest_debt_to_inviter"]),
            "host_note_id": data["host_note_id"],
            "penalty": {"amount": data["penalty_amount"],
                        "warnings": data["penalty_warnings"]},
            "last_dealer_rule": bool(data["last_dealer_rule"]),
            "game_defaults": {"pigging": data["pigging"], "burn_cap": data["burn_cap"],
                              "ties": data["ties"]},
        }

    def settings(self, base: HouseSettings) -> HouseSettings | None:
        """The settings the form says (None: refused, the sentence shown on its field)."""
        try:
            return HouseSettings.from_json(self.settings_json(), base=base)
        except SettingsError as refused:
            self.add_error(field_of(refused, self), refused.message)
            return None


def field_of(error: SettingsError, form: forms.Form) -> str | None:
    """The form's field that shows a refusal naming the key `error.field` (None: the form's)."""
    key = error.field
    name = _FIELD_OF.get(key) or ("chips" if key.startswith("chips") else key)
    return name if name in form.fields else None
