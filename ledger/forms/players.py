"""The players' and the night's forms: a new player, editing or retiring one, opening a night
and its seating."""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from ledger.house_settings import shown
from ledger.models import Player
from ledger.names import NameRefused, read_name
from ledger.numbers import read_whole_number, whole_number
from ledger.services.players import GUEST_NEEDS_INVITER

from .fields import KeyedForm, _player_field


def _name(value: object) -> str:
    """A typed name read as everywhere (ledger/names.py); the twin check is the service's."""
    try:
        return read_name(value)
    except NameRefused as refused:
        raise forms.ValidationError(str(refused)) from None


class PlayerForm(KeyedForm):
    """A new player: name, bank-note identifier (B4), regular or a regular's guest (B9)."""

    name = forms.CharField(label=_("Name"), max_length=40)
    note_id = forms.CharField(
        label=_("Bank-note identifier"), max_length=8,
        help_text=_("Letters the player writes on a bank note, such as BOF."),
    )
    guest = forms.BooleanField(label=_("A guest (not a regular)"), required=False)

    def clean_name(self) -> str:
        return _name(self.cleaned_data.get("name"))

    def __init__(self, *args: Any, regulars: Iterable[tuple[int, str]] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["note_id"].help_text += f" {shown().host_note_id} is the host's (B4)."
        self.fields["invited_by"] = _player_field(
            _("Invited by (for a guest)"), list(regulars), required=False, empty=_("—")
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("guest") and not data.get("invited_by"):
            self.add_error("invited_by", GUEST_NEEDS_INVITER)
        return data


class NightOpenForm(KeyedForm):
    """A new night: date, banker, whether the host is here (else a surrogate book, B7)."""

    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    host_present = forms.BooleanField(label=_("The host is here"), required=False, initial=True)
    # The boxes arrive in the page's order (by name), not in the order they were tapped;
    # app.js writes the tap order here. Without JavaScript the banker reorders the seats on
    # the session's seating page before the first hand.
    order = forms.CharField(required=False, widget=forms.HiddenInput(attrs={"data-tap-order": ""}))

    def __init__(self, *args: Any, players: Iterable[tuple[int, str]] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = list(players)
        self.fields["banker"] = _player_field(_("Banker (deals first)"), players,
                                              empty=_("— banker —"))
        self.fields["players"] = forms.TypedMultipleChoiceField(
            label=_("Who is playing"),
            choices=players,
            coerce=read_whole_number,
            widget=forms.CheckboxSelectMultiple,
            required=False,
        )
        self.order_fields(["date", "banker", "host_present", "players", "order"])

    def clean_order(self) -> list[int]:
        ids: list[int] = []
        for part in (self.cleaned_data.get("order") or "").split(","):
            part = part.strip()
            number = whole_number(part)
            if number is not None and number not in ids:
                ids.append(number)
        return ids

    def seating(self) -> list[Player]:
        """The players after the banker, in the order the banker tapped them (B1)."""
        checked = list(self.cleaned_data.get("players") or [])
        tapped = [pk for pk in self.cleaned_data.get("order") or [] if pk in checked]
        banker = self.cleaned_data.get("banker")
        seating = [pk for pk in tapped + [pk for pk in checked if pk not in tapped]
                   if banker is None or pk != banker.pk]
        rows = Player.objects.in_bulk(seating)
        return [rows[pk] for pk in seating if pk in rows]


class SeatingForm(KeyedForm):
    """Move one seat up or down the dealing order, before the first hand (B1).

    `order` is the seating as the page showed it, so a repeated tap asks for the same thing.
    """

    order = forms.CharField(widget=forms.HiddenInput)
    move = forms.CharField(  # the arrow buttons carry it
        widget=forms.HiddenInput,
        error_messages={"required": "Tap the arrow beside a player to move them."},
    )

    def clean_order(self) -> list[int]:
        parts = [whole_number(p) for p in self.cleaned_data["order"].split(",")]
        numbers = [p for p in parts if p is not None]
        if len(numbers) != len(parts):
            raise forms.ValidationError(_("This form is damaged; reload the page and try again."))
        return numbers

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        order, move = data.get("order"), data.get("move") or ""
        if order is None:
            return data
        text, _, direction = move.partition(":")
        pk = whole_number(text)
        if pk is None or pk not in order or direction not in ("up", "down"):
            # (`_` is the partition's separator here: gettext by its own name)
            raise forms.ValidationError(gettext_lazy("Tap the arrow beside a player to move them."))
        at = order.index(pk)
        to = at - 1 if direction == "up" else at + 1
        if 0 <= to < len(order):
            order[at], order[to] = order[to], order[at]
        rows = Player.objects.in_bulk(order)
        gone = next((pk for pk in order if pk not in rows), None)
        if gone is not None:
            self.add_error("order", f"There is no player {gone!r}.")
            return data
        data["new_order"] = [rows[pk] for pk in order]
        return data


class PlayerEditForm(KeyedForm):
    """A player's name and bank-note identifier (B4); the journal points at the row, so past
    nights show the new name."""

    name = forms.CharField(label=_("Name"), max_length=40)
    note_id = forms.CharField(
        label=_("Bank-note identifier"), max_length=8,
        help_text=_("Letters the player writes on a bank note, such as BOF."),
    )

    def clean_name(self) -> str:
        return _name(self.cleaned_data.get("name"))


class RetireForm(KeyedForm):
    """Retire a player from new nights' rosters, or bring them back."""

    retired = forms.BooleanField(required=False, widget=forms.HiddenInput)

