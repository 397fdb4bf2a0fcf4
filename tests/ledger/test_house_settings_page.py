"""The owners' page of a house's own game, `/h/<slug>/settings/` (ARCHITECTURE.md "A house's own
game"): every key as a field, saved whole or refused with the sentence on the field it names
(nothing written), a preset that fills the form without saving, owners only, and a change
that applies from the next night (an open night keeps its rules)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from ledger_night import make_player, new_key

from ledger import services
from ledger.forms.house_settings import HouseSettingsForm
from ledger.house_settings import PRESETS, SEED, HouseSettings
from ledger.models import House, Membership, Night, Role
from ledger.scoping import in_house
from ledger.services.houses import house_create

pytestmark = pytest.mark.django_db


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner():
    return User.objects.create_user(username="olga", password="a-long-password-1")


@pytest.fixture
def house(owner):
    return house_create(name="Friday game", owner=owner)


@pytest.fixture
def page(house):
    return f"/h/{house.slug}/settings/"


def _form(settings: HouseSettings = SEED, **changes: object) -> dict[str, object]:
    """The POST of the form showing `settings`, with `changes` (a checkbox left out: unticked)."""
    data = {**HouseSettingsForm.initial_of(settings), **changes}
    return {name: value for name, value in data.items() if value is not False}


def _stored(house: House) -> dict:
    return House.objects.get(pk=house.pk).settings


def test_the_owner_sees_every_key_as_a_field(owner, house, page):
    shown = _client(owner).get(page)
    assert shown.status_code == 200
    html = shown.content.decode()
    for name in ("currency", "time_zone", "language", "chips", "buy_in_step", "cash_unit",
                 "guest_debt_to_inviter", "host_note_id", "penalty_amount", "penalty_warnings",
                 "last_dealer_rule", "pigging", "burn_cap", "ties"):
        assert f'name="{name}"' in html, name
    assert "white 0.05" in html and "from the next night" in html
    assert 'name="preset"' in html and "Start from preset" in html


def test_the_owner_saves_and_the_page_says_so(owner, house, page):
    """B2, B4, B9, B11, B13, P1, P4, P6: every rule the page writes is stored."""
    client = _client(owner)
    saved = client.post(page, _form(
        currency="EUR", time_zone="Europe/Berlin", language="de",
        chips="white 0.10\nred 0.50\nblue 1.00\nblack 5.00", buy_in_step="10.00",
        cash_unit="1.00", guest_debt_to_inviter=False, host_note_id="HOST",
        penalty_amount="0.50", penalty_warnings="2", last_dealer_rule=False,
        pigging="share-ties", burn_cap="2.00", ties="goal-post"))
    assert saved.status_code == 302 and saved.url == page
    settings = House.objects.get(pk=house.pk).game_settings
    assert settings == HouseSettings(
        currency="EUR", time_zone="Europe/Berlin", language="de",
        chips=(("white", 10), ("red", 50), ("blue", 100), ("black", 500)), buy_in_step=1000,
        cash_unit=100, guest_debt_to_inviter=False, host_note_id="HOST", penalty_amount=50,
        penalty_warnings=2, last_dealer_rule=False, pigging="share-ties", burn_cap=200,
        ties="goal-post")
    again = client.get(page)
    assert "Saved; the next night plays by these settings." in again.content.decode()
    assert "white 0.10" in again.content.decode()


@pytest.mark.parametrize(("changes", "field", "sentence"), [
    ({"chips": "white 0.05\nred 0.07", "cash_unit": "0.05"}, "chips",
     "chips.red: $0.07 is not a whole number of the smallest chip ($0.05)."),
    ({"chips": "white 0.25\nred 1.00", "buy_in_step": "7.10"}, "buy_in_step",
     "buy_in_step: $7.10 is not a whole number of the smallest chip ($0.25)."),   # B2
    ({"cash_unit": "0.07"}, "cash_unit", "cash_unit: $0.07 is not a whole number"),   # B12
    ({"host_note_id": "bog!"}, "host_note_id", "host_note_id: 1 to 8 capital letters"),   # B4
    ({"penalty_amount": "0.07"}, "penalty_amount", "penalty.amount: $0.07 is not"),   # B11
    ({"burn_cap": "abc"}, "burn_cap", "game_defaults.burn_cap: write the amount"),   # P4
    ({"time_zone": "Mars/Olympus"}, "time_zone", "time_zone: 'Mars/Olympus' is not an IANA"),
    ({"chips": "white"}, "chips", "write a colour and a value"),
])
def test_a_bad_value_shows_its_sentence_on_its_field_and_writes_nothing(owner, house, page,
                                                                       changes, field,
                                                                       sentence):
    refused = _client(owner).post(page, _form(**changes))
    assert refused.status_code == 400
    errors = refused.context["form"].errors
    assert list(errors) == [field] and sentence in errors[field][0], errors
    assert sentence.replace("'", "&#x27;") in refused.content.decode()
    assert "Nothing was saved" in refused.content.decode()
    assert _stored(house) == {}


@pytest.mark.parametrize("role", [Role.BANKER, Role.VIEWER])
def test_bankers_and_viewers_get_403_and_write_nothing(house, page, role):
    bea = User.objects.create_user(username="bea", password="a-long-password-1")
    Membership.objects.create(house=house, user=bea, role=role)
    client = _client(bea)
    assert client.get(page).status_code == 403
    assert client.post(page, _form(currency="EUR")).status_code == 403
    assert _stored(house) == {}
    assert "Settings" not in client.get(f"/h/{house.slug}/players/").content.decode()


def test_the_owners_header_links_the_page(owner, house, page):
    assert f'href="{page}"' in _client(owner).get(f"/h/{house.slug}/players/").content.decode()


def test_start_from_preset_fills_the_form_and_saves_nothing(owner, house, page):
    client = _client(owner)
    filled = client.get(page, {"preset": "euro"})
    assert filled.status_code == 200
    assert filled.context["form"].initial == HouseSettingsForm.initial_of(PRESETS["euro"])
    html = filled.content.decode()
    assert "white 0.10" in html and "nothing is saved until you press Save" in html
    assert _stored(house) == {}
    assert client.get(page, {"preset": "monopoly"}).status_code == 400
    # Saved as filled, it is the preset.
    assert client.post(page, _form(PRESETS["euro"])).status_code == 302
    assert House.objects.get(pk=house.pk).game_settings == PRESETS["euro"]


def test_an_open_night_keeps_its_rules_the_next_night_takes_the_new_ones(owner, house, page):
    """B2, B12: saved while a night is open, the new buy-in step is the next night's."""
    with in_house(house.pk):
        mike = make_player("Mike", "BOG", is_host=True)
        night = services.night_open(date=datetime.date(2026, 12, 4), banker=mike,
                                      key=new_key("open"))
    before = night.settings
    client = _client(owner)
    assert "keeps its rules" in client.get(page).content.decode()
    assert client.post(page, _form(PRESETS["dollar-chips"])).status_code == 302
    with in_house(house.pk):
        still = Night.objects.get(pk=night.pk)
        assert still.settings == before and still.game_settings == SEED
        assert House.objects.get(pk=house.pk).game_settings == PRESETS["dollar-chips"]
        assert still.game_settings.buy_in_step == 500
        services.night_close(session=still, key=new_key("close"))
        following = services.night_open(date=datetime.date(2026, 12, 11), banker=mike,
                                          key=new_key("open"))
        assert following.game_settings == PRESETS["dollar-chips"]
        assert following.game_settings.buy_in_step == 2000


@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_the_houses_pages_tell_the_date_in_its_time_zone(owner, house, zone):
    """UTC+14 and UTC-11 are a day apart at any moment: the new night's date is the house's."""
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    house.settings = SEED.changed(time_zone=zone).to_json()
    house.save()
    with in_house(house.pk):
        make_player("Mike", "BOG", is_host=True)
    page = _client(owner).get(f"/h/{house.slug}/s/new/")
    assert page.status_code == 200
    today = timezone.now().astimezone(ZoneInfo(zone)).date()
    assert page.context["form"].initial["date"] == today.isoformat()
