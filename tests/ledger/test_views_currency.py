"""The tablet's forms in a yen and a euro house, without JavaScript: a step button writes the
amount in the night's digits ("2000", not "2000.00"), the cash-out says what it pays in and
what goes to the final pot in the night's cash unit, and a house outside dollars is not asked
for Venmo or Cash App (a handle kept from before travels in the form, unchanged); the seed
house's pages say what they always said."""

import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from ledger.forms import new_key
from ledger.house_settings import HouseSettings
from ledger.models import House

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ledger_night import make_player, named, open_night  # noqa: E402

pytestmark = pytest.mark.django_db

EURO = HouseSettings(currency="EUR", time_zone="Europe/Berlin",
                     chips=(("white", 10), ("red", 50), ("blue", 100), ("black", 500)),
                     buy_in_step=1000, cash_unit=100)
YEN = HouseSettings(currency="JPY", time_zone="Asia/Tokyo",
                    chips=(("white", 10000), ("red", 50000), ("blue", 100000),
                           ("black", 500000)),
                    buy_in_step=100000, cash_unit=100000, penalty_amount=10000,
                    burn_cap=500000)


def _night(settings: HouseSettings | None):
    make_player("Mike", "BOG", is_host=True)
    make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU")
    if settings is not None:
        house = House.objects.get(pk=named("Mike").house_id)
        house.settings = settings.to_json()
        house.save()
    return open_night()


def test_a_step_button_without_javascript_writes_yen_without_decimals(banker_client):
    night = _night(YEN)
    url = reverse("buyin", args=[night.session.pk])
    page = banker_client.post(url, {"key": new_key(), "player": named("Fred").pk,
                                    "amount": "1000", "paid": "cash", "bump": "100000"})
    html = page.content.decode()
    assert 'value="2000"' in html and "2000.00" not in html
    assert 'data-money-symbol="¥" data-money-digits="0"' in html


def test_a_step_button_without_javascript_writes_euros_with_cents(banker_client):
    night = _night(EURO)
    url = reverse("buyin", args=[night.session.pk])
    page = banker_client.post(url, {"key": new_key(), "player": named("Fred").pk,
                                    "amount": "10.00", "paid": "cash", "bump": "1000"})
    assert 'value="20.00"' in page.content.decode()


@pytest.mark.parametrize(("settings", "paid", "odd"), [
    (None, "Paid in whole dollars", "Odd cents to the final pot"),
    (EURO, "Paid in steps of €1.00", "Odd cents to the final pot"),
    (YEN, "Paid in steps of ¥1000", "Odd amounts under ¥1000 to the final pot"),
])
def test_the_cash_out_says_what_it_pays_in(banker_client, settings, paid, odd):
    night = _night(settings)
    html = banker_client.get(reverse("cashout", args=[night.session.pk])).content.decode()
    assert f"<td>{paid}</td>" in html and f"<td>{odd}</td>" in html
    if settings is None:   # the seed house's sentence, as it always was
        assert "The whole dollars are paid; the odd cents go into the final pot" in html
    else:
        assert "dollar" not in html.lower().replace("abs_dollars", "")


def test_a_phone_outside_dollars_is_not_asked_for_venmo_or_cash_app(banker_client):
    night = _night(EURO)
    ann = named("Ann")
    ann.venmo, ann.cashapp, ann.paypal = "ann-s", "AnnS", "annsmith"
    ann.save()
    html = Client().get(reverse("player_balance", args=[ann.balance_token])).content.decode()
    assert "PayPal.me" in html and "Venmo" not in html and "Cash App" not in html
    # The kept handles travel hidden, so saving the form clears neither.
    assert 'type="hidden" name="venmo" value="@ann-s"' in html
    assert 'type="hidden" name="cashapp" value="$AnnS"' in html
    edit = banker_client.get(reverse("player_edit", args=[ann.pk])).content.decode()
    assert 'type="hidden" name="venmo" value="@ann-s"' in edit
    assert night.session.is_open


def test_a_dollar_phone_is_asked_for_venmo_and_cash_app(banker_client):
    _night(None)
    ann = named("Ann")
    html = Client().get(reverse("player_balance", args=[ann.balance_token])).content.decode()
    assert "Venmo" in html and "Cash App" in html and "$cashtag" in html



@pytest.mark.parametrize(("settings", "said"), [(None, "$10.00"), (EURO, "€10.00"),
                                                (YEN, "¥10000")])
def test_a_close_refused_names_the_chips_out_in_the_nights_money(settings, said):
    from ledger.services import LedgerError

    night = _night(settings)
    night.buy("Fred", "10000" if settings is YEN else "10.00")
    night.cashout("Fred")   # cashed out nothing: his chips are still out
    with pytest.raises(LedgerError) as refused:
        night.close()
    assert str(refused.value).startswith(f"{said} in chips the bank sold tonight")


@pytest.mark.parametrize("settings", [None, YEN])
def test_the_tables_times_are_in_the_houses_zone(banker_client, settings):
    import zoneinfo

    night = _night(settings)
    entry = night.buy("Fred", "20000" if settings is YEN else "20.00")
    zones = ["America/New_York", "Asia/Tokyo"]
    here, there = zones if settings is None else zones[::-1]
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content
    page = html.decode()
    assert entry.created_at.astimezone(zoneinfo.ZoneInfo(here)).strftime("%H:%M") in page
    assert entry.created_at.astimezone(zoneinfo.ZoneInfo(there)).strftime("%H:%M") not in page
