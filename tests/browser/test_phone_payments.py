"""Paying on the pages, measured in Chromium: the payer's phone with the receiver's pay links
and "I paid", the receiver's phone with Yes / Not received, THE BOOK's page with a claim to
confirm and the settle-up's paying list fit a phone (390 and 360 wide) and the tablet without
scrolling sideways, every tap target at least 44 px. The banker, holding tonight's bank,
confirms a claim on THE BOOK's page: it becomes tonight's `pay` event."""

import datetime

import pytest
from test_layout import PHONE, SMALL_PHONE, SMALL_TAPS, WIDE

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TABLET = {"width": 1024, "height": 768}


def _nights(banker_user):
    """A closed night after which Fred owes Ann $20.00 and Gus owes Ann $5.00; Ann keeps
    every handle; Fred says he paid $20.00 and Gus $5.00. Tonight is open, its bank held by
    the banker who logs in."""
    from ledger import services

    made = {name: services.player_create(name=name, note_id=note_id, key=f"p-{name}", **extra)
            for name, note_id, extra in [("Mike", "BOG", {"is_host": True}), ("Fred", "BOF", {}),
                                         ("Ann", "BOA", {}), ("Gus", "BOGU", {})]}
    closed = services.night_open(date=datetime.date(2026, 11, 21), banker=made["Mike"],
                                   seating=[made["Fred"], made["Ann"], made["Gus"]],
                                   key="open-1")
    for who, amount, paid in [("Fred", 20_00, "book"), ("Gus", 5_00, "book"),
                              ("Ann", 20_00, "cash")]:
        services.buyin_create(session=closed, player=made[who], amount=amount, paid=paid,
                              key=f"buy-{who}")
    for who, chips in [("Fred", {}), ("Gus", {}), ("Ann", {"green": 9})]:
        services.cashout_create(session=closed, player=made[who], chips=chips,
                                key=f"out-{who}")
    services.night_close(session=closed, key="close-1")
    services.handles_set(player=made["Ann"], venmo="@annie-k", paypal="AnnieK",
                         cashapp="$AnnieK", zelle="annie.k@example.com", key="ann-handles")
    services.night_open(date=datetime.date(2026, 11, 28), banker=made["Mike"],
                          seating=[made["Fred"], made["Ann"]], key="open-2", user=banker_user)
    return closed


def _measure(page, name: str, shots, size) -> list[str]:
    page.set_viewport_size(size)
    page.wait_for_load_state("networkidle")
    at = f"{name} at {size['width']}"
    page.screenshot(path=str(shots / f"{name}-{size['width']}x{size['height']}.png"),
                    full_page=True)
    return ([f"{at}: scrolls sideways {w}" for w in page.evaluate(WIDE)]
            + [f"{at}: {s}" for s in page.evaluate(SMALL_TAPS)])


def test_paying_pages_fit_and_the_holder_confirms_on_the_book_page(
        browser, banker_page, banker_user, live_server, shots):
    from ledger.models import Entry, Night, PaymentClaim, Player
    from ledger.selectors import the_book

    closed = _nights(banker_user)
    problems = []
    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = phone_context.new_page()
    try:
        fred = Player.objects.get(name="Fred")
        phone.goto(f"{live_server.url}/p/{fred.balance_token}/")
        assert phone.get_attribute("#pay-1-3", "href") == "https://cash.app/$AnnieK/20.00"
        assert phone.input_value("#handle-1-4") == "annie.k@example.com"   # Zelle: as text
        for size in (PHONE, SMALL_PHONE):
            problems += _measure(phone, "phone-payer", shots, size)
        phone.click("#paid-1")
        phone.wait_for_selector("#settle >> text=waiting for Ann to confirm")
        gus = Player.objects.get(name="Gus")
        phone.goto(f"{live_server.url}/p/{gus.balance_token}/")
        phone.click("#paid-1")
        phone.wait_for_selector("#settle >> text=waiting for Ann to confirm")
        ann = Player.objects.get(name="Ann")
        phone.goto(f"{live_server.url}/p/{ann.balance_token}/")
        phone.wait_for_selector("#payments >> text=Did you get it?")
        for size in (PHONE, SMALL_PHONE):
            problems += _measure(phone, "phone-receiver", shots, size)
    finally:
        phone_context.close()
    fred_claim = PaymentClaim.objects.get(payer__name="Fred")
    page = banker_page
    page.goto(live_server.url + "/book/")
    page.wait_for_selector(f"#claim-{fred_claim.pk}")
    for size in (TABLET, PHONE, SMALL_PHONE):
        problems += _measure(page, "book-claims", shots, size)
    page.goto(f"{live_server.url}/s/{closed.pk}/settle/")
    page.wait_for_selector("#paying ~ .card >> text=$20.00 claimed, waiting")
    for size in (TABLET, PHONE, SMALL_PHONE):
        problems += _measure(page, "settle-up-paying", shots, size)
    assert not problems, "\n".join(problems)

    page.set_viewport_size(TABLET)
    page.goto(live_server.url + "/book/")
    page.click(f"#confirm-{fred_claim.pk}")
    page.wait_for_selector("#payments >> text=confirmed by the banker")
    tonight = Night.objects.get(status=Night.OPEN)
    entry = Entry.objects.get(kind=EntryKind.PAY)
    assert entry.session == tonight and entry.payload["to"] == "Ann"
    assert {p.name: c for p, c in the_book()} == {"Ann": 500, "Gus": -500}
