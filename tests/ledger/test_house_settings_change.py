"""Changing a house's own game (ARCHITECTURE.md "A house's own game"): the service
`house_settings_change`, `manage.py house_settings SLUG [--set FILE]` and `createhouse
--config FILE | --preset NAME`. A change applies from the next night: an open or closed night
keeps the settings it opened with. Bad input is one line naming the key, exit code 2, and
nothing written."""

from __future__ import annotations

import datetime
import io
import json
import sys
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from ledger_night import PlayedNight, named, new_key, people

from ledger import selectors, services
from ledger.house_settings import PRESETS, SEED, HouseSettings
from ledger.models import House, Night
from ledger.services.houses import house_create, house_settings_change

pytestmark = pytest.mark.django_db

EURO = {"currency": "EUR", "time_zone": "Europe/Berlin",
        "chips": {"white": "0.10", "red": "0.50", "blue": "1.00", "black": "5.00"},
        "buy_in_step": "10.00", "cash_unit": "1.00"}


@pytest.fixture
def owner():
    return User.objects.create_user(username="olga", password="a-long-password-1")


@pytest.fixture
def house(owner):
    return house_create(name="Friday game", owner=owner)


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def refused(*args: str, match: str) -> CommandError:
    with pytest.raises(CommandError, match=match) as raised:
        call_command(*args, stdout=StringIO())
    assert raised.value.returncode == 2
    assert "\n" not in str(raised.value)   # one line on stderr
    return raised.value


def stored(house: House) -> dict:
    return House.objects.get(pk=house.pk).settings


# ---- the service -----------------------------------------------------------------------


def test_house_create_stores_the_settings_it_is_given(owner):
    euro = house_create(name="Euro game", owner=owner, settings=PRESETS["euro"])
    assert stored(euro) == PRESETS["euro"].to_json()
    assert House.objects.get(pk=euro.pk).game_settings == PRESETS["euro"]
    plain = house_create(name="Plain game", owner=owner)
    assert stored(plain) == {} and House.objects.get(pk=plain.pk).game_settings == SEED


def test_house_settings_change_saves_the_json_form(house):
    euro = HouseSettings.from_json(EURO)
    changed = house_settings_change(house=house, settings=euro)
    assert changed.settings == euro.to_json() == stored(house)
    assert House.objects.get(pk=house.pk).game_settings == euro


def test_a_change_never_alters_an_open_or_closed_night_the_next_night_takes_it(players):
    """B2, B12: the buy-in step and cash unit an open or closed night plays by stay; the next
    night opened plays by the new ones."""
    house = House.objects.get(pk=named("Mike").house_id)
    closed = PlayedNight(services.night_open(date=datetime.date(2026, 11, 27), banker=named("Mike"),
                                         seating=people(("Fred",)), key=new_key("open")))
    closed.close()
    night = services.night_open(date=datetime.date(2026, 12, 4), banker=named("Mike"),
                                  seating=people(("Fred",)), key=new_key("open"))
    kept = {pk: Night.objects.get(pk=pk).settings for pk in (closed.session.pk, night.pk)}
    house_settings_change(house=house, settings=HouseSettings.from_json(EURO))
    for pk, before in kept.items():
        still = Night.objects.get(pk=pk)
        assert still.settings == before and still.game_settings == SEED
    assert selectors.audit()["ok"], selectors.audit()
    PlayedNight(Night.objects.get(pk=night.pk)).close()
    following = services.night_open(date=datetime.date(2026, 12, 11), banker=named("Mike"),
                                      seating=people(("Fred",)), key=new_key("open"))
    assert following.game_settings == HouseSettings.from_json(EURO)
    assert following.game_settings.buy_in_step == 1000


# ---- manage.py house_settings ------------------------------------------------------------


def test_house_settings_prints_the_json_form(house):
    printed = run("house_settings", house.slug)
    assert json.loads(printed) == SEED.to_json()
    assert printed.strip() == json.dumps(SEED.to_json(), indent=2)


def test_set_changes_the_keys_the_file_names_and_keeps_the_others(house, tmp_path):
    """B2, B4: a file naming the buy-in step and the host's note id changes those two."""
    house_settings_change(house=house, settings=HouseSettings.from_json(EURO))
    path = tmp_path / "change.json"
    path.write_text(json.dumps({"buy_in_step": "20.00", "host_note_id": "HOST"}))
    printed = json.loads(run("house_settings", house.slug, "--set", str(path)))
    expected = {**HouseSettings.from_json(EURO).to_json(), "buy_in_step": "20.00",
                "host_note_id": "HOST"}
    assert printed == expected == stored(house)
    assert printed["currency"] == "EUR" and printed["chips"] == EURO["chips"]


def test_set_reads_stdin(house, monkeypatch):
    """B11: the penalty's amount and warnings, from stdin."""
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"penalty": {"amount": "0.50"}}'))
    printed = json.loads(run("house_settings", house.slug, "--set", "-"))
    assert printed["penalty"] == {"amount": "0.50", "warnings": 1}
    assert stored(house)["penalty"] == {"amount": "0.50", "warnings": 1}
    monkeypatch.setattr(sys, "stdin", io.StringIO("{nope"))
    refused("house_settings", house.slug, "--set", "-", match="--set: stdin is not JSON")
    assert stored(house)["penalty"] == {"amount": "0.50", "warnings": 1}


@pytest.mark.parametrize(("text", "match"), [
    ("{nope", "--set: .* is not JSON"),
    ('{"colour": "red"}', "--set: colour: not a setting of a house"),
    ('{"chips": {"white": "0.05", "red": "0.07"}, "cash_unit": "0.05"}',
     r"--set: chips.red: \$0.07 is not a whole number of the smallest chip"),
    ('{"buy_in_step": "7.02"}', "--set: buy_in_step: "),
    ('{"guest_debt_to_inviter": "yes"}', "--set: guest_debt_to_inviter: true or false"),
    ('{"game_defaults": {"pigging": "sometimes"}}', "--set: game_defaults.pigging: one of"),
    ('["not", "an", "object"]', "--set: The settings are a JSON object"),
])
def test_bad_input_is_one_line_naming_the_key_exit_2_and_nothing_written(house, tmp_path,
                                                                        text, match):
    path = tmp_path / "bad.json"
    path.write_text(text)
    refused("house_settings", house.slug, "--set", str(path), match=match)
    assert stored(house) == {}


def test_an_unknown_house_or_file_is_refused(house, tmp_path):
    refused("house_settings", "monday", match="SLUG: there is no house 'monday'")
    refused("house_settings", house.slug, "--set", str(tmp_path / "none.json"),
            match="--set: cannot read")
    assert stored(house) == {}


# ---- manage.py createhouse --preset | --config ----------------------------------------------


def _made(printed: str) -> House:
    return House.objects.get(slug=printed.strip().splitlines()[-1])


def test_createhouse_with_a_preset(owner):
    made = _made(run("createhouse", "Euro game", "--owner", "olga", "--preset", "euro"))
    assert made.game_settings == PRESETS["euro"] and made.game_settings.currency == "EUR"


def test_createhouse_with_a_config_file_missing_keys_are_the_seeds(owner, tmp_path):
    """B9, B13: a house without guest debts to the inviter or the last dealer's rule."""
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"guest_debt_to_inviter": False, "last_dealer_rule": False}))
    made = _made(run("createhouse", "Strict game", "--owner", "olga", "--config", str(path)))
    assert made.game_settings == SEED.changed(guest_debt_to_inviter=False,
                                              last_dealer_rule=False)
    assert made.game_settings.chips == SEED.chips


def test_createhouse_refuses_a_bad_config_and_makes_no_house(owner, tmp_path):
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"buy_in_step": "7.02"}))
    refused("createhouse", "Odd game", "--owner", "olga", "--config", str(path),
            match="--config: buy_in_step: ")
    assert not House.objects.filter(name="Odd game").exists()


def test_createhouse_refuses_both_a_config_and_a_preset(owner, tmp_path):
    path = tmp_path / "house.json"
    path.write_text("{}")
    with pytest.raises(CommandError, match="not allowed with"):
        call_command("createhouse", "Both game", "--owner", "olga", "--config", str(path),
                     "--preset", "euro", stdout=StringIO())
    assert not House.objects.filter(name="Both game").exists()


def test_createhouse_refuses_an_unknown_preset_naming_the_presets(owner):
    error = refused("createhouse", "Odd game", "--owner", "olga", "--preset", "monopoly",
                    match="--preset: 'monopoly' is not a preset")
    assert all(name in str(error) for name in PRESETS)
    assert not House.objects.filter(name="Odd game").exists()
