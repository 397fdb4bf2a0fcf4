"""The upload of an online night: a PokerNow ledger CSV and what `manage.py import_pokernow`
takes beside it (ledger/views/online.py). The form only carries them: the rules are the
import's (ledger/night_file/online.py), stated once."""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

from ledger.night_file.online import MAX_UPLOAD_BYTES, ledger_text
from ledger.night_file.pokernow import DEFAULT_CHIP_VALUE

from .fields import KeyedForm


class PokerNowImportForm(KeyedForm):
    """The CSV (at most MAX_UPLOAD_BYTES), the aliases one `nickname=Player` a line, the chip
    value, the night's date and the regular who invites unknown nicknames, all optional."""

    file = forms.FileField(label="PokerNow ledger (CSV)",
                           widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv"}))
    aliases = forms.CharField(
        label="Aliases", required=False, max_length=20_000,
        help_text="One nickname=Player a line, for a nickname that is not the player's name.",
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "Annie=Ann",
                                     "autocomplete": "off"}))
    chip_value = forms.CharField(
        label="Chip value", max_length=20, initial=DEFAULT_CHIP_VALUE,
        help_text="What one chip of the file is worth; 1 when its amounts are money.",
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}))
    date = forms.CharField(
        label="Date", required=False, max_length=20,
        help_text="Empty: the day the file's first seat started, in the house's time zone.",
        widget=forms.DateInput(attrs={"type": "date"}))
    guests_invited_by = forms.ChoiceField(
        label="Guests invited by", required=False,
        help_text="Add nicknames that are nobody here as guests of this regular.")

    def __init__(self, *args: Any, regulars: Iterable[tuple[int, str]] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["guests_invited_by"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "Nobody: refuse unknown nicknames"),
                         *((name, name) for _, name in regulars)]

    def clean_file(self) -> str:
        """The file's text (the import reads it): UTF-8, at most MAX_UPLOAD_BYTES."""
        upload: UploadedFile = self.cleaned_data["file"]
        if upload.size is not None and upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is larger than a PokerNow ledger can be ({MAX_UPLOAD_BYTES:,} "
                "bytes); nothing written.")
        raw = upload.read(MAX_UPLOAD_BYTES + 1)
        if len(raw) > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                f"The file is larger than a PokerNow ledger can be ({MAX_UPLOAD_BYTES:,} "
                "bytes); nothing written.")
        return ledger_text(raw, upload.name or "the file")
