"""Forms of a house's members: an invitation, a member's role, joining by an invitation."""

from __future__ import annotations

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from ledger.models import Role

from .fields import CountField

ROLE_CHOICES = [(Role.BANKER.value, _("banker - opens nights and enters everything")),
                (Role.VIEWER.value, _("viewer - reads the banker's pages, writes nothing")),
                (Role.OWNER.value, _("owner - members and settings, and all a banker may"))]


class InvitationForm(forms.Form):
    role = forms.ChoiceField(choices=ROLE_CHOICES, initial=Role.BANKER.value)


class MemberRoleForm(forms.Form):
    user = CountField(widget=forms.HiddenInput)
    role = forms.ChoiceField(choices=ROLE_CHOICES)


class MemberRemoveForm(forms.Form):
    user = CountField(widget=forms.HiddenInput)


class NewLoginForm(forms.Form):
    """A login made on the spot, to join a house by its invitation or to start one."""

    username = forms.CharField(max_length=150, help_text=_("Letters, digits and @.+-_ only."))
    password = forms.CharField(widget=forms.PasswordInput, strip=False)

    def clean_username(self) -> str:
        username = str(self.cleaned_data["username"]).strip()
        User.username_validator(username)
        if User.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("That username is taken; choose another, or log in."))
        return username

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if "username" in data and "password" in data:
            user = User(username=str(data["username"]))
            try:
                password_validation.validate_password(str(data["password"]), user)
            except forms.ValidationError as error:
                self.add_error("password", error)
        return data


class NewHouseForm(NewLoginForm):
    house = forms.CharField(label=_("Your game's name"), max_length=60,
                            help_text=_('Such as "Friday game".'))
