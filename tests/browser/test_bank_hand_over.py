"""Handing the bank over in a real browser (issue 10): two bankers on two tablets. Ann hands the
bank to Bob with one tap; the buy-in form she had open is then refused with the sentence, what
she typed still in it; Bob's buy-in saves. The control and the refusal fit the tablet held
upright (820×1180): no sideways scroll, every tap target at least 44 px."""

import datetime
import re

import pytest
from table_steps import SAVED, buy
from test_layout import NO_SIDEWAYS, PORTRAIT, SMALL_TAPS

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery-staple"
HELD = re.compile(r"^Bob holds the bank since \d\d:\d\d; ask them to hand it to you\.$")


def _banker(username: str):
    from django.contrib.auth.models import User

    from ledger.permissions import make_banker

    user = User.objects.create_user(username=username, password=PASSWORD,
                                    first_name=username.capitalize())
    make_banker(user)
    return user


def _tablet(browser, live_server, username: str):
    """A tablet held upright, logged in through the login form."""
    context = browser.new_context(viewport=PORTRAIT)
    page = context.new_page()
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(live_server.url + "/")
    return context, page


def _fits(page) -> None:
    assert page.evaluate(NO_SIDEWAYS), page.url
    assert page.evaluate(SMALL_TAPS) == [], page.url


def test_ann_hands_the_bank_to_bob_then_her_buy_in_is_refused_and_bobs_saves(
        browser, live_server, transactional_db, shots):
    from ledger import services
    from ledger.models import BankTenure, Entry

    ann, bob = _banker("ann"), _banker("bob")
    mike = services.player_create(name="Mike", note_id="BOG", is_host=True, key="p-Mike")
    fred = services.player_create(name="Fred", note_id="BOF", key="p-Fred")
    gus = services.player_create(name="Gus", note_id="BOGU", regular=False, invited_by=fred,
                                 key="p-Gus")
    session = services.night_open(date=datetime.date(2026, 11, 21), banker=mike,
                                    seating=[fred, gus], key="open-night", user=ann)
    table = f"{live_server.url}/s/{session.pk}/"
    anns, ann_page = _tablet(browser, live_server, "ann")
    bobs, bob_page = _tablet(browser, live_server, "bob")
    try:
        # Ann's second tab has a buy-in typed and not yet saved.
        form = anns.new_page()
        form.goto(table + "buy/")
        form.select_option("#id_player", label="Fred")
        form.fill("#id_amount", "20")

        ann_page.goto(table)
        assert re.match(r"You hold the bank since \d\d:\d\d\.$",
                        ann_page.inner_text("#bank-holder"))
        _fits(ann_page)
        ann_page.screenshot(path=str(shots / "bank-hand-over-820x1180.png"), full_page=True)
        ann_page.select_option("#id_to", label="Bob")
        ann_page.click("#hand-over button[type=submit]")                 # one tap
        ann_page.wait_for_selector("text=Bob holds the bank now.")
        assert HELD.match(ann_page.inner_text("#bank-holder"))
        assert ann_page.locator("a:text-is('Buy-in')").count() == 0    # no writing buttons
        _fits(ann_page)
        assert BankTenure.objects.filter(how=BankTenure.HANDED, holder=bob).count() == 1

        form.click("button.btn-big[name=save]")                        # the stale form
        form.wait_for_selector(".error-box")
        assert HELD.match(form.inner_text(".error-box p").strip())
        assert form.input_value("#id_amount") == "20"                  # nothing lost
        _fits(form)
        form.screenshot(path=str(shots / "bank-refused-buyin-820x1180.png"), full_page=True)
        assert not Entry.objects.filter(kind=EntryKind.BUY).exists()

        form.goto(table + "buy/")                                      # opening it again
        assert HELD.match(form.inner_text("#bank-refused .error-box").strip())
        _fits(form)

        bob_page.goto(table)
        assert bob_page.inner_text("#bank-holder").startswith("You hold the bank since")
        _fits(bob_page)
        buy(bob_page, table, "Fred", "20", "Cash")
        bob_page.wait_for_url(SAVED)
        assert "Fred bought $20.00" in bob_page.inner_text("#saved")
        entry = Entry.objects.get(kind=EntryKind.BUY)
        assert (entry.amount, entry.created_by) == (2000, bob)

        ann_page.goto(table + "journal/")
        assert "Bob" in ann_page.inner_text("#entries")
        tenures = ann_page.inner_text("#tenures")
        assert re.search(r"Ann \d\d:\d\d–\d\d:\d\d · opened the night", tenures)
        assert re.search(r"Bob \d\d:\d\d–now · handed over by Ann", tenures)
        _fits(ann_page)
    finally:
        anns.close()
        bobs.close()
