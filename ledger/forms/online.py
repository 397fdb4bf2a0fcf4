"""The upload of an online night: a PokerNow ledger CSV and what `manage.py import_pokernow`
takes beside it (ledger/views/online.py). The form only carries them: the rules are the
import's (ledger/night_file/online.py), stated once."""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from .fields import KeyedForm


class PokerNowImportForm(KeyedForm):
    """The CSV (at most `max_bytes`), the aliases one `nickname=Player` a line, the chip value
    (`chip_value` at first), the night's date and the regular who invites unknown nicknames,
    all optional. The view gives the import's limits; the file's bytes go to the import."""

    file = forms.FileField(label=_("PokerNow ledger (CSV)"),
                           widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}))
    aliases = forms.CharField(
        label=_("Aliases"), required=False, max_length=20_000,
        help_text=_("One nickname=Player a line, for a nickname that is not the player's name."),
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "Annie=Ann",
                                     "autocomplete": "off"}))
    chip_value = forms.CharField(
        label=_("Chip value"), max_length=20,
        help_text=_("What one chip of the file is worth; 1 when its amounts are money."),
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}))
    date = forms.CharField(
        label=_("Date"), required=False, max_length=20,
        help_text=_("Empty: the day the file's first seat started, in the house's time zone."),
        widget=forms.DateInput(attrs={"type": "date"}))
    guests_invited_by = forms.ChoiceField(
        label=_("Guests invited by"), required=False,
        help_text=_("Add nicknames that are nobody here as guests of this regular."))

    def __init__(self, *args: Any, regulars: Iterable[tuple[int, str]] = (), max_bytes: int,
                 chip_value: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_bytes = max_bytes
        self.fields["chip_value"].initial = chip_value
        field = self.fields["guests_invited_by"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "Nobody: refuse unknown nicknames"),
                         *((name, name) for _, name in regulars)]

    def clean_file(self) -> tuple[bytes, str]:
        """The file's bytes and name (the import reads them), at most `max_bytes`."""
        upload: UploadedFile = self.cleaned_data["file"]
        too_large = forms.ValidationError(
            f"The file is larger than a PokerNow ledger can be ({self.max_bytes:,} bytes); "
            "nothing written.")
        if upload.size is not None and upload.size > self.max_bytes:
            raise too_large
        raw = upload.read(self.max_bytes + 1)
        if len(raw) > self.max_bytes:
            raise too_large
        return raw, upload.name or "the file"
