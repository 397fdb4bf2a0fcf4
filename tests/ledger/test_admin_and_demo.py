"""The admin shows every model and refuses to edit money rows; the demo loads and reloads."""

from io import StringIO

import pytest
from django.contrib import admin
from django.core.management import call_command

from ledger import selectors
from ledger.models import BankNote, Entry, Night, Player, Posting

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Entry, Posting, BankNote])
def test_money_rows_are_read_only_in_the_admin(model, rf, admin_user):
    request = rf.get("/admin/")
    request.user = admin_user
    model_admin = admin.site._registry[model]
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)


def test_every_ledger_model_is_in_the_admin():
    from django.apps import apps

    for model in apps.get_app_config("ledger").get_models():
        assert model in admin.site._registry, model


def test_the_admin_pages_of_the_journal_open(admin_client, night):
    night.buy("Fred", "20.00", paid="note")
    for name in ("entry", "posting", "banknote", "player", "night"):
        assert admin_client.get(f"/admin/ledger/{name}/").status_code == 200
    entry = Entry.objects.get()
    assert admin_client.get(f"/admin/ledger/entry/{entry.pk}/change/").status_code == 200


def test_the_demo_loads_a_night_and_loading_it_again_adds_nothing(db):
    out = StringIO()
    call_command("load_demo", "--port", "8123", stdout=out)
    text = out.getvalue()
    counts = (Entry.objects.count(), Posting.objects.count(), Player.objects.count())
    assert "user: banker  password: " in text
    for player in Player.objects.all():
        assert f"http://127.0.0.1:8123/p/{player.balance_token}/" in text
    call_command("load_demo", stdout=StringIO())
    assert (Entry.objects.count(), Posting.objects.count(), Player.objects.count()) == counts
    assert selectors.audit()["ok"]
    assert not Night.objects.filter(status=Night.OPEN).exists()
    tonight = Night.objects.order_by("date").last()
    kinds = set(Entry.objects.filter(session=tonight).values_list("kind", "method"))
    assert {("buy", "cash"), ("buy", "note"), ("buy", "book"), ("penalty", ""),
            ("hand", "")} <= kinds
    assert Entry.objects.filter(session=tonight, counterparty__isnull=False).exists()
    assert Player.objects.filter(regular=False, invited_by__isnull=False).exists()
    assert selectors.the_book()


def test_after_the_demo_a_new_night_opens_at_once_B12(banker_client):
    """`make demo` leaves no night open: the banker's first night is not refused."""
    import datetime

    from ledger import services

    call_command("load_demo", stdout=StringIO())
    demo = Night.objects.order_by("date").last()
    assert demo.status == Night.CLOSED and selectors.audit()["ok"]
    assert selectors.settle_up_report(demo)["transfers"]
    fred, ann = Player.objects.get(name="Fred"), Player.objects.get(name="Ann")
    night = services.night_open(date=datetime.date(2026, 11, 28), banker=fred,
                                  seating=[ann], key="after-the-demo")
    assert night.is_open
    services.buyin_create(session=night, player=ann, amount=5_00, key="after-the-demo-buy")


def test_the_demo_still_prints_the_login_where_its_players_cannot_be_made(db):
    from ledger_night import make_player

    make_player("Hal", "BOG", is_host=True)   # another host already holds BOG
    out, err = StringIO(), StringIO()
    call_command("load_demo", stdout=out, stderr=err)
    assert "The demo night was not loaded here" in err.getvalue()
    assert "user: banker  password: " in out.getvalue()
    assert not Entry.objects.exists()
