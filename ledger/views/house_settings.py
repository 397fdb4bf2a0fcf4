"""The owners' page of a house's own game: `/h/<slug>/settings/` (ARCHITECTURE.md "A house's own
game"). Owners only (bankers and viewers: 403). A change applies from the next night: an open
night keeps the rules it opened with."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from ledger.forms.house_settings import HouseSettingsForm, PresetForm
from ledger.house_settings import PRESETS
from ledger.models import Night
from ledger.services.houses import house_settings_change

from .houses import _owner_of

SAVED = "Saved; the next night plays by these settings."


@login_required
@require_http_methods(["GET", "POST"])
def house_settings(request: HttpRequest) -> HttpResponse:
    """Every key of the house's settings; "Start from preset" fills the form (`?preset=`,
    nothing saved); Save checks them whole and writes them, or shows the refusal on its field
    and writes nothing."""
    house = _owner_of(request, "its settings")
    current = house.game_settings
    preset_form = PresetForm(request.GET if "preset" in request.GET else None)
    filled_from = ""
    if request.method == "POST":
        form = HouseSettingsForm(request.POST)
        if form.is_valid():
            settings = form.settings(base=current)
            if settings is not None:
                house_settings_change(house=house, settings=settings)
                messages.success(request, SAVED)
                return redirect("house_settings", house.slug)
    else:
        start = current
        if preset_form.is_bound and preset_form.is_valid():
            filled_from = preset_form.cleaned_data["preset"]
            start = PRESETS[filled_from]
        form = HouseSettingsForm(initial=HouseSettingsForm.initial_of(start))
    tonight = Night.objects.filter(status=Night.OPEN).order_by("date").first()
    refused = form.is_bound or (preset_form.is_bound and not preset_form.is_valid())
    return render(request, "ledger/house_settings.html", {
        "house": house, "form": form, "preset_form": preset_form, "filled_from": filled_from,
        "tonight": tonight,
    }, status=400 if refused else 200)
