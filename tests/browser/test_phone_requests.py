"""The players' phones take part, in a real browser with two contexts: the tablet (1024×768)
and a phone (390×844). Fred asks for $20 on THE BOOK; the tablet shows it without a reload and
the banker approves with one tap; the phone shows it approved and THE BOOK moved, without a
reload. A second ask is declined with a reason the phone shows. At the end Fred and Gus count
their chips on their phones (the phone shows the total and what it pays, B12), the banker
approves both counts and closes the night. Then Fred pays Gus what THE BOOK says: his phone
shows Gus's Venmo pay link, he taps "I paid" (nothing moves), Gus confirms on his phone, and
THE BOOK moves, shown on both phones and on THE BOOK's page."""

import datetime
import re
import time

import pytest
from playwright.sync_api import expect
from test_layout import NO_SIDEWAYS, PHONE

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "correct-horse-battery-staple"
TABLET = {"width": 1024, "height": 768}
LIVE = 3_000   # ms: a request reaches the tablet, an answer the phone, within 3 s


def _banker(username: str):
    from django.contrib.auth.models import User

    from ledger.permissions import make_banker

    user = User.objects.create_user(username=username, password=PASSWORD,
                                    first_name=username.capitalize())
    make_banker(user)
    return user


def _open_night():
    from ledger import services

    ann = _banker("ann")
    mike = services.player_create(name="Mike", note_id="BOG", is_host=True, key="p-Mike")
    fred = services.player_create(name="Fred", note_id="BOF", key="p-Fred")
    gus = services.player_create(name="Gus", note_id="BOGU", regular=False, invited_by=fred,
                                 key="p-Gus")
    session = services.night_open(date=datetime.date(2026, 11, 21), banker=mike,
                                    seating=[fred, gus], key="open-night", user=ann)
    services.buyin_create(session=session, player=gus, amount=10_00, paid="cash",
                          key="gus-buys", user=ann)
    return session


def _phone(browser, live_server, name: str):
    from ledger.models import Player

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    token = Player.objects.get(name=name).balance_token
    page.goto(f"{live_server.url}/p/{token}/")
    return context, page


def _book() -> dict[str, int]:
    from ledger.selectors import the_book

    return {p.name: cents for p, cents in the_book()}


def _seen_within(page, selector: str, started: float) -> float:
    page.wait_for_selector(selector, timeout=LIVE + 1_000)
    return time.monotonic() - started


def test_phones_ask_and_count_and_the_tablet_answers(browser, live_server, shots):
    from ledger.models import Entry, PaymentClaim, PhoneRequest

    session = _open_night()
    table_url = f"{live_server.url}/s/{session.pk}/"
    tablet_context = browser.new_context(viewport=TABLET)
    tablet = tablet_context.new_page()
    tablet.goto(live_server.url + "/login/")
    tablet.fill("#id_username", "ann")
    tablet.fill("#id_password", PASSWORD)
    tablet.click("button[type=submit]")
    tablet.wait_for_url(live_server.url + "/")
    tablet.goto(table_url)
    freds, fred = _phone(browser, live_server, "Fred")
    guss, gus = _phone(browser, live_server, "Gus")
    polled: list[int] = []   # the statuses of the phone's polled list (views/conditional.py)
    fred.on("response", lambda r: polled.append(r.status) if "/asks/" in r.url else None)
    waits = []
    try:
        # Fred asks for $20 on THE BOOK: +$20, THE BOOK, send.
        fred.click("button[data-step-for='ask_amount'][value='2000']")
        assert fred.input_value("#ask_amount") == "20.00"
        fred.check("input[name=paid][value=book]")
        fred.click("#ask-send")
        fred.wait_for_selector("#my-requests >> text=waiting for the banker")
        assert not Entry.objects.filter(player__name="Fred").exists()   # not money yet
        ask = PhoneRequest.objects.get(player__name="Fred")
        started = time.monotonic()
        navigations = []
        tablet.on("framenavigated", lambda frame: navigations.append(frame.url))
        waits.append(_seen_within(tablet, f"#request-{ask.pk} >> text=asks for $20.00", started))
        assert navigations == []                                         # no reload
        assert "THE BOOK" in tablet.inner_text(f"#request-{ask.pk}")
        tablet.screenshot(path=str(shots / "phone-request-on-tablet-1024x768.png"))

        tablet.click(f"#approve-{ask.pk}")                               # one tap
        tablet.wait_for_selector("#saved >> text=Fred bought $20.00")
        started = time.monotonic()
        waits.append(_seen_within(fred, f"#my-request-{ask.pk} >> text=approved", started))
        # the balance moved: the polled part shows what Fred owes now (not only "You owe")
        expect(fred.locator("#live")).to_contain_text(re.compile(r"You owe.*\$20\.00", re.S),
                                                      timeout=LIVE)
        assert Entry.objects.filter(kind=EntryKind.BUY, player__name="Fred").count() == 1

        # A second ask, declined with a reason.
        fred.fill("#ask_amount", "50")
        fred.check("input[name=paid][value=cash]")
        fred.click("#ask-send")
        second = PhoneRequest.objects.filter(player__name="Fred").latest("id")
        tablet.wait_for_selector(f"#request-{second.pk}", timeout=LIVE + 1_000)
        tablet.fill(f"#reason-{second.pk}", "Pay the $20 first, Fred")
        tablet.click(f"#decline-{second.pk}")
        tablet.wait_for_selector(f"#request-{second.pk}", state="detached")
        started = time.monotonic()
        waits.append(_seen_within(fred, f"#my-request-{second.pk} >> text=declined", started))
        assert "“Pay the $20 first, Fred”" in fred.inner_text(f"#my-request-{second.pk}")
        assert Entry.objects.filter(kind=EntryKind.BUY, player__name="Fred").count() == 1
        fred.screenshot(path=str(shots / "phone-requests-390x844.png"), full_page=True)
        assert fred.evaluate(NO_SIDEWAYS)
        # Nothing written for a while: the phone's polls are answered 304 (its ETag sent back)
        # and leave the list as it is.
        fred.wait_for_timeout(4_500)
        assert 304 in polled, polled
        assert "“Pay the $20 first, Fred”" in fred.inner_text(f"#my-request-{second.pk}")

        # The counts: the phone shows the total and what it pays before sending (B12).
        fred.fill("#count_green", "3")
        fred.fill("#count_black", "1")
        fred.fill("#count_white", "1")
        assert fred.inner_text("#chip-total") == "$16.05"
        assert fred.inner_text("#chip-whole") == "$16.00"
        assert fred.inner_text("#chip-odd") == "$0.05"
        fred.fill("#count_white", "")
        assert fred.inner_text("#chip-total") == "$16.00"
        fred.click("#count-send")
        fred.wait_for_selector("#my-requests >> text=counted $16.00")
        gus.fill("#count_green", "2")
        gus.fill("#count_black", "4")
        gus.click("#count-send")
        gus.wait_for_selector("#my-requests >> text=counted $14.00")
        counts = list(PhoneRequest.objects.filter(kind="count").select_related("player")
                      .order_by("id"))
        for count in counts:
            tablet.wait_for_selector(f"#request-{count.pk}", timeout=LIVE + 1_000)
            tablet.click(f"#approve-{count.pk}")
            tablet.wait_for_selector(f"#saved >> text={count.player.name} turned in")
        assert tablet.inner_text("#chips-outstanding") == "$0.00"
        gus.wait_for_selector(f"#my-request-{counts[1].pk} >> text=approved",
                              timeout=LIVE + 1_000)

        # Close the night.
        tablet.goto(table_url + "close/")
        tablet.check("#id_confirm")
        tablet.click("button:text('Close the night')")
        tablet.wait_for_url(re.compile(r"/settle/$"))
        session.refresh_from_db()
        assert not session.is_open
        assert fred.locator("#ask-form").count() == 1       # the page as it was loaded...
        fred.reload()
        assert fred.locator("#ask-form").count() == 0       # ...and now: no night to ask in

        # Pay and confirm. THE BOOK after the night: Fred -14.00 (a $20 book buy-in, $6 of
        # his cash-out the box could not pay), Gus +14.00: Fred pays Gus $14.00 (B8). Gus
        # keeps a Venmo handle on his phone; Fred's phone offers it as a pay link.
        gus.reload()
        gus.fill("#handles_venmo", "@gus-plays")
        gus.click("#handles-save")
        gus.wait_for_url(re.compile(r"#handles$"))
        fred.reload()
        fred.wait_for_selector("#settle >> text=You pay Gus")
        link = fred.get_attribute("#pay-1-1", "href")
        assert link == "https://venmo.com/u/gus-plays?txn=pay&amount=14.00"
        assert fred.input_value("#handle-1-1") == "@gus-plays"
        assert fred.input_value("#paid1_amount") == "14.00"
        assert fred.evaluate(NO_SIDEWAYS)
        fred.screenshot(path=str(shots / "phone-pay-390x844.png"), full_page=True)
        book_before = _book()
        assert book_before == {"Fred": -1400, "Gus": 1400}
        fred.click("#paid-1")                                            # "I paid Gus"
        fred.wait_for_selector("#settle >> text=$14.00 waiting for Gus to confirm")
        assert _book() == book_before                                    # nothing moved yet
        assert not Entry.objects.filter(kind=EntryKind.PAY).exists()
        gus.reload()
        claim = PaymentClaim.objects.get()
        gus.wait_for_selector(f"#claim-{claim.pk} >> text=Fred says they paid you")
        assert "gus-plays" not in fred.inner_text("#live")               # only on the form
        gus.screenshot(path=str(shots / "phone-confirm-390x844.png"), full_page=True)
        gus.click(f"#confirm-{claim.pk}")                                # the receiver confirms
        gus.wait_for_selector("#my-payments >> text=Fred paid you")
        assert _book() == {}                                             # THE BOOK moved
        assert Entry.objects.filter(kind=EntryKind.PAY, session__isnull=True).count() == 1
        assert "$0.00" in gus.inner_text("#live")
        tablet.goto(live_server.url + "/book/")
        tablet.wait_for_selector("#payments >> text=THE BOOK alone (no night open)")
        assert "confirmed by Gus" in tablet.inner_text("#payments")
        tablet.screenshot(path=str(shots / "book-payments-1024x768.png"), full_page=True)
        fred.reload()
        assert "You paid Gus $14.00" in fred.inner_text("#my-payments")
        print("THE BOOK before the payment:", book_before, "after:", _book())
    finally:
        tablet_context.close()
        freds.close()
        guss.close()
    assert all(wait < LIVE / 1000 for wait in waits), waits
    print("live waits (s):", [round(w, 2) for w in waits])
