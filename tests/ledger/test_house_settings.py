"""A house's own game (ARCHITECTURE.md "A house's own game"; B2, B4, B9, B10, B11, B12, B13,
P1, P4, P6): the settings' JSON form, the seed house's values for every missing key, the
refusals (one sentence naming the key), money in the house's currency, and a night that keeps
the settings it opened with, sealed with its row."""

import datetime
import json

import pytest
from django.db import connection
from ledger_night import named, new_key, people
from test_sealed_rows import _sql, assert_named

from ledger import selectors, services
from ledger.house_settings import (
    PRESETS,
    SEED,
    HouseSettings,
    SettingsError,
    money_text,
    preset,
    showing,
)
from ledger.models import House, Night
from ledger.templatetags.money import cents, dollars

EURO = {"currency": "EUR", "time_zone": "Europe/Berlin",
        "chips": {"white": "0.10", "red": "0.50", "blue": "1.00", "black": "5.00"},
        "buy_in_step": "10.00", "cash_unit": "1.00"}
YEN = {"currency": "JPY", "time_zone": "Asia/Tokyo",
       "chips": {"white": "100", "red": "500", "blue": "1000", "black": "5000"},
       "buy_in_step": "1000", "cash_unit": "1000"}


def test_the_seed_house_is_every_missing_key():
    assert HouseSettings.from_json({}) == SEED
    assert SEED.to_json() == {
        "currency": "USD", "time_zone": "America/New_York", "language": "en",
        "chips": {"white": "0.05", "red": "0.10", "blue": "0.25", "yellow": "0.50",
                  "black": "1.00", "green": "5.00"},
        "buy_in_step": "5.00", "cash_unit": "1.00", "guest_debt_to_inviter": True,
        "host_note_id": "BOG", "penalty": {"amount": "0.20", "warnings": 1},
        "last_dealer_rule": True,
        "game_defaults": {"pigging": "house", "burn_cap": "5.00", "ties": "split"}}
    assert SEED.unit == 5 and SEED.has_final_pot   # B10, B12


@pytest.mark.parametrize("data", [EURO, YEN, *(p.to_json() for p in PRESETS.values())])
def test_the_json_form_reads_back_as_it_was_written(data):
    settings = HouseSettings.from_json(data)
    assert HouseSettings.from_json(settings.to_json()) == settings


def test_a_yen_house_has_no_decimals_and_its_unit_is_the_smallest_chip():
    yen = HouseSettings.from_json(YEN)
    assert yen.unit == 10000 and yen.digits == 0
    assert yen.to_json()["buy_in_step"] == "1000"
    assert yen.money(150000) == "¥1500" and yen.amount_text(-150000) == "-1500"
    # the seed's 20¢ penalty and $5 burn cap, left unsaid, are whole chips of the house
    assert yen.penalty_amount == 10000 and yen.burn_cap == 10000
    assert not HouseSettings.from_json({**YEN, "cash_unit": "100"}).has_final_pot


def test_money_is_written_with_the_currencys_symbol_the_sign_first():
    assert money_text(1805) == "$18.05" and money_text(-400) == "-$4.00"
    assert money_text(1250, "EUR") == "€12.50" and money_text(-1250, "GBP") == "-£12.50"
    assert money_text(1250, "CHF") == "CHF 12.50"
    assert money_text(1250, "EUR", "de") == "12,50\xa0€"


def test_the_page_filters_follow_the_settings_shown():
    assert dollars(1805) == "$18.05" and cents(1805) == "18.05"
    with showing(HouseSettings.from_json(EURO)):
        assert dollars(1805) == "€18.05"
    with showing(HouseSettings.from_json(YEN)):
        assert dollars(150000) == "¥1500" and cents(150000) == "1500"
    assert dollars(1805) == "$18.05"


@pytest.mark.parametrize("data, field", [
    ({"chips": {"white": "0.05", "red": "0.07"}}, "chips.red"),      # not whole units
    ({"chips": {"white": "0.05", "red": "0.05"}}, "chips"),          # two of one value
    ({"chips": {f"c{i}": f"{i}.00" for i in range(1, 12)}}, "chips"),  # more than 10
    ({"chips": {}}, "chips"),
    ({"chips": {"white": "0"}}, "chips.white"),
    ({"buy_in_step": "5.03"}, "buy_in_step"),
    ({"cash_unit": "0.12"}, "cash_unit"),
    ({"cash_unit": "0"}, "cash_unit"),
    ({**YEN, "chips": {"white": "0.5"}}, "chips.white"),             # finer than the yen
    ({"currency": "XYZ"}, "currency"), ({"currency": "KWD"}, "currency"),   # 3 decimals
    ({"currency": "JPY"}, "chips"),                                  # 5¢ chips in yen
    ({"time_zone": "Mars/Olympus"}, "time_zone"),
    ({"language": "tlh"}, "language"),
    ({"host_note_id": "b o g"}, "host_note_id"),
    ({"penalty": {"amount": "0.20", "warnings": -1}}, "penalty.warnings"),
    ({"game_defaults": {"ties": "coin"}}, "game_defaults.ties"),
    ({"game_defaults": {"pigging": "never"}}, "game_defaults.pigging"),
    ({"guest_debt_to_inviter": "yes"}, "guest_debt_to_inviter"),
    ({"buy_in": "5.00"}, "buy_in"),
    ({"buy_in_step": 5}, "buy_in_step"),                             # a bare number
])
def test_bad_settings_are_refused_in_a_sentence_naming_the_key(data, field):
    with pytest.raises(SettingsError) as refused:
        HouseSettings.from_json(data)
    assert refused.value.field == field
    assert field.split(".")[0] in str(refused.value) and str(refused.value).endswith(".")


def test_an_unknown_preset_is_named():
    assert preset("euro").currency == "EUR"
    with pytest.raises(SettingsError, match="preset"):
        preset("monopoly")


@pytest.mark.django_db
def test_a_night_keeps_the_settings_it_opened_with(players):
    house = House.objects.get(pk=named("Mike").house_id)
    House.objects.filter(pk=house.pk).update(settings=EURO)
    night = services.night_open(date=datetime.date(2026, 12, 4), banker=named("Mike"),
                                  seating=people(("Fred",)), key=new_key("open"))
    assert night.game_settings == HouseSettings.from_json(EURO)
    House.objects.filter(pk=house.pk).update(settings=YEN)   # from the next night on
    night = Night.objects.get(pk=night.pk)
    assert night.game_settings.currency == "EUR"
    assert selectors.audit()["ok"], selectors.audit()


@pytest.mark.django_db
def test_a_nights_settings_edited_behind_the_sites_back_are_named(players):
    night = services.night_open(date=datetime.date(2026, 12, 4), banker=named("Mike"),
                                  seating=people(("Fred",)), key=new_key("open"))
    assert night.settings == SEED.to_json()
    jsonb = "::jsonb" if connection.vendor == "postgresql" else ""
    _sql(f"UPDATE ledger_pokersession SET settings = %s{jsonb} WHERE id = %s",
         [json.dumps({**SEED.to_json(), "cash_unit": "0.05"}), night.pk])
    assert_named(f"session {night.pk}:", "its settings are not what the site wrote")
    _sql(f"UPDATE ledger_pokersession SET settings = %s{jsonb} WHERE id = %s",
         ["{}", night.pk])   # emptied: the seed's, but not what was sealed
    assert_named(f"session {night.pk}:", "its settings are not what the site wrote")


@pytest.mark.django_db
def test_a_night_sealed_before_settings_existed_still_verifies(players):
    night = services.night_open(date=datetime.date(2026, 12, 4), banker=named("Mike"),
                                  seating=people(("Fred",)), key=new_key("open"))
    night.settings = {}
    night.save()   # as a night of before migration 0023: no settings, sealed without them
    assert "settings" not in night.seals
    assert selectors.audit()["ok"], selectors.audit()
    assert Night.objects.get(pk=night.pk).game_settings == SEED


def test_the_rules_engines_sentences_are_said_in_the_nights_currency():
    """The engine says money the seed house's way; a page says it in the night's currency."""
    euro = SEED.changed(currency="EUR", chips=(("white", 10),), buy_in_step=1000,
                        penalty_amount=50)
    yen = HouseSettings(currency="JPY", chips=(("white", 10000),), buy_in_step=100000,
                        cash_unit=100000, penalty_amount=10000, burn_cap=500000)
    said = "the odd $1.00 goes to the high half (P2); Ann owes -$4.00; Fred takes 3000.00."
    assert SEED.in_currency(said) == said
    assert euro.in_currency(said) == ("the odd €1.00 goes to the high half (P2); Ann owes "
                                      "-€4.00; Fred takes 3000.00.")
    assert yen.in_currency("Fred takes 300000.00, the pot up to $5000.00.") == \
        "Fred takes 300000, the pot up to ¥5000."
