"""The pages speak the house's language (HouseSettings.language, README "Languages"): a German
house's pages in German, an English one's as they always were; a phone may choose its own
language for the player pages (Django's language cookie, set by the phone's switch); an unknown
code is refused with a sentence and changes nothing, there as on the settings form."""

import re
import sys
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from ledger.house_settings import HouseSettings, SettingsError
from ledger.models import House

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ledger_night import named  # noqa: E402

pytestmark = pytest.mark.django_db

GERMAN_EURO = HouseSettings(currency="EUR", time_zone="Europe/Berlin", language="de",
                            chips=(("white", 10), ("red", 50), ("blue", 100), ("black", 500)),
                            buy_in_step=1000, cash_unit=100)


def _speak(language: str, settings: HouseSettings = GERMAN_EURO) -> House:
    house = House.objects.get(pk=named("Mike").house_id)
    house.settings = settings.changed(language=language).to_json()
    house.save()
    return house


def _lang(html: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', html)
    assert found, html[:200]
    return found.group(1)


def test_an_english_house_speaks_english_as_before(banker_client, night):
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content.decode()
    assert _lang(html) == "en"
    assert "Latest entries" in html and "Chips outstanding" in html


def test_the_house_setting_turns_its_pages_german(banker_client, night):
    _speak("de")
    night.buy("Fred", "20.00")
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content.decode()
    assert _lang(html) == "de"
    assert "Neueste Einträge" in html and "Chips im Umlauf" in html
    assert "Latest entries" not in html
    # The header's links and the night's date, the German way.
    assert ">Spieler</a>" in html and ">Saison</a>" in html
    assert re.search(r"\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|"
                     r"Oktober|November|Dezember)", html), "no German date"


def test_the_buy_in_form_in_german(banker_client, night):
    _speak("de")
    html = banker_client.get(reverse("buyin", args=[night.session.pk])).content.decode()
    assert "Einkauf speichern" in html and "Bezahlt mit" in html and "Bar" in html
    assert "Paid by" not in html and "Save buy-in" not in html


@pytest.mark.parametrize(("language", "words"), [
    ("es", "Últimas entradas"), ("fr", "Dernières écritures")])
def test_spanish_and_french_houses(banker_client, night, language, words):
    _speak(language)
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content.decode()
    assert _lang(html) == language
    assert words in html and "Latest entries" not in html


def test_the_phone_follows_the_house_and_its_own_choice_overrides_it(client, night):
    _speak("de")
    ann = named("Ann")
    url = reverse("player_balance", args=[ann.balance_token])
    html = client.get(url).content.decode()
    assert _lang(html) == "de" and "Sprache dieses Telefons" in html
    # The phone chooses French: remembered by the device (a cookie), not by the house.
    answer = client.post(reverse("phone_language", args=[ann.balance_token]), {"language": "fr"})
    assert answer.status_code == 302 and answer["Location"] == url
    assert answer.cookies[settings.LANGUAGE_COOKIE_NAME].value == "fr"
    html = client.get(url).content.decode()
    assert _lang(html) == "fr" and "Langue de ce téléphone" in html
    assert House.objects.get(pk=ann.house_id).game_settings.language == "de"
    # Another device (no cookie) still reads the house's German.
    from django.test import Client

    assert _lang(Client().get(url).content.decode()) == "de"


def test_the_phones_choice_is_for_the_phone_pages_only(banker_client, night):
    _speak("de")
    banker_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content.decode()
    assert _lang(html) == "de"


def test_an_unknown_language_code_is_refused_with_a_sentence(client, night):
    ann = named("Ann")
    answer = client.post(reverse("phone_language", args=[ann.balance_token]),
                         {"language": "xx"})
    assert answer.status_code == 400
    html = unescape(answer.content.decode())
    assert "'xx' is not a language of these pages (they speak en, de, es, fr)." in html
    assert settings.LANGUAGE_COOKIE_NAME not in answer.cookies
    assert _lang(client.get(reverse("player_balance", args=[ann.balance_token]))
                 .content.decode()) == "en"


def test_the_settings_refuse_an_unknown_language():
    with pytest.raises(SettingsError, match=r"language: 'xx' is not one of en, de, es, fr\."):
        HouseSettings().changed(language="xx")


def test_a_german_amount_and_a_german_date():
    import datetime

    from django.utils import translation

    from ledger.templatetags.night_dates import night_date

    assert GERMAN_EURO.money(1250) == "12,50\xa0€"   # CLDR: a no-break space
    with translation.override("de"):
        assert night_date(datetime.date(2026, 12, 2), "F j, Y") == "2. Dezember 2026"
    with translation.override("en"):
        assert night_date(datetime.date(2026, 12, 2), "F j, Y") == "December 2, 2026"
