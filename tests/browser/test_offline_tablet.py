"""The tablet rides out the Wi-Fi, in Chromium with the network cut (`context.set_offline`):
writes made offline are kept on the tablet with their one-time keys, shown as waiting on every
page, sent in order when the connection is back and written once however often they are sent;
one the server now refuses shows the server's sentence; a page reloaded offline is the copy
kept on the tablet under "Offline since"; the site installs (manifest, icons, worker)."""

import re

import pytest

from ledger.models import Entry
from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAITING = "#outbox-waiting"


def _worker_ready(page) -> None:
    """The service worker installed and in charge of the page (it claims open pages)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def _buy_offline(page, who: str, amount: str) -> None:
    page.select_option("#id_player", label=who)
    page.fill("#id_amount", amount)
    page.click("button.btn-big[name=save]")


def _outbox(page) -> list[dict]:
    return page.evaluate("BankerOutbox.all()")


def test_writes_made_offline_are_sent_once_in_order_when_back_R1(banker_page, live_server,
                                                                 table, shots):
    from ledger import services

    page = banker_page
    session = table["session"]
    services.game_call(session=session, game="draw-match-pot", dealer=table["Mike"],
                       key="call-offline")
    night = f"{live_server.url}/s/{session.pk}/"
    page.goto(night)
    _worker_ready(page)
    for path in ("buy/", "hand/", "cashout/"):    # the pages the banker had open this night
        page.goto(night + path)
    page.goto(night + "buy/")

    page.context.set_offline(True)
    _buy_offline(page, "Fred", "20")
    page.wait_for_selector(f"{WAITING}:has-text('1 waiting to send')")
    assert "Kept on this tablet" in page.inner_text("#outbox-kept")
    assert page.input_value("#id_amount") == ""           # ready for the next buy-in
    _buy_offline(page, "Ann", "10")
    # Each kept before the next is typed: the form is emptied once its write is kept.
    page.wait_for_selector(f"{WAITING}:has-text('2 waiting to send')")
    _buy_offline(page, "Gus", "5")
    page.wait_for_selector(f"{WAITING}:has-text('3 waiting to send')")
    assert re.search(r"Offline since \d\d:\d\d", page.inner_text("#offline-banner"))

    page.goto(night + "hand/")                             # the kept copy, marked as one
    assert page.get_attribute("body", "data-offline-copy")
    assert "This page is the copy kept at" in page.inner_text("#offline-banner")
    page.click("label:has(#id_p1_won_high)")               # Fred won the hand
    page.click("#hand-actions button[name=save]")
    page.wait_for_selector(f"{WAITING}:has-text('4 waiting to send')")

    page.goto(night + "cashout/")                          # more chips than the bank has out
    page.select_option("#id_player", value=str(table["Ann"].pk))
    page.fill("#id_black", "40")
    page.click("button.btn-big[name=save]")
    page.wait_for_selector(f"{WAITING}:has-text('5 waiting to send')")

    page.reload()                                          # readable offline, nothing lost
    page.wait_for_selector(f"{WAITING}:has-text('5 waiting to send')")
    assert "Offline since" in page.inner_text("#offline-banner")
    page.screenshot(path=str(shots / "offline-cashout-copy-1024x768.png"), full_page=True)
    kept = _outbox(page)
    assert [item["label"].split(":")[0] for item in kept] == [
        "Buy-in", "Buy-in", "Buy-in", "Hand of Draw match pot", "Cash-out"]
    assert len({item["key"] for item in kept}) == 5       # each its own one-time key
    assert Entry.objects.filter(kind__in=[EntryKind.BUY, EntryKind.HAND]).count() == 0

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector(".outbox-refused")
    assert not page.locator(WAITING).count()
    refused = page.inner_text(".outbox-refused")
    assert "Not saved: Cash-out" in refused
    assert "chips" in page.inner_text(".outbox-sentence")
    page.screenshot(path=str(shots / "offline-refused-1024x768.png"), full_page=True)
    assert "The connection is back" in page.inner_text("#offline-banner")   # a kept copy

    written = list(Entry.objects.filter(session=session, kind__in=[EntryKind.BUY, EntryKind.HAND])
                   .order_by("pk").values_list("kind", "player__name"))
    assert written == [
        (EntryKind.BUY, "Fred"), (EntryKind.BUY, "Ann"), (EntryKind.BUY, "Gus"),
        (EntryKind.HAND, None)]
    assert not Entry.objects.filter(kind=EntryKind.CASHOUT).exists()

    # Sent again (an answer lost on the way back): the one-time key replays, nothing new.
    again = page.evaluate("""(items) => Promise.all(items.slice(0, 4).map(item =>
        fetch(item.url, {method: "POST", body: new URLSearchParams(item.body)})
          .then(r => r.url)))""", kept)
    assert all("saved=" in url for url in again)
    assert Entry.objects.filter(kind__in=[EntryKind.BUY, EntryKind.HAND]).count() == 4

    page.click(".outbox-refused button:text('Drop it')")
    page.wait_for_selector("#outbox", state="hidden")
    assert _outbox(page) == []


def test_a_form_lost_on_its_way_is_kept_by_the_worker(banker_page, live_server, table):
    # The network goes while the form is on its way, the page still believing it is online:
    # the service worker keeps it and opens the form's page again (its copy); it goes when the
    # connection is back.
    page = banker_page
    night = f"{live_server.url}/s/{table['session'].pk}/"
    page.goto(night)
    _worker_ready(page)
    page.goto(night + "buy/")
    page.context.set_offline(True)
    page.evaluate("Object.defineProperty(navigator, 'onLine', {get: () => true})")
    page.select_option("#id_player", label="Fred")
    page.fill("#id_amount", "15")
    page.click("button.btn-big[name=save]")
    page.wait_for_selector(f"{WAITING}:has-text('1 waiting to send')")   # on the page's copy
    assert "Buy-in: Fred, 15" in page.inner_text("#outbox")   # named by the page it left
    assert page.get_attribute("body", "data-offline-copy")
    assert not Entry.objects.filter(kind=EntryKind.BUY).exists()
    page.context.set_offline(False)
    page.wait_for_selector("#outbox", state="hidden", timeout=15000)
    buy = Entry.objects.get(kind=EntryKind.BUY)
    assert (buy.player.name, buy.amount) == ("Fred", 1500)
    page.click("#offline-banner a")                        # the live page again
    page.wait_for_load_state()
    assert not page.get_attribute("body", "data-offline-copy")
    assert not page.is_visible("#offline-banner")


def test_kept_on_this_tablet_goes_once_it_is_sent(banker_page, live_server, table):
    # Issue 37: a hand saved offline said "Kept on this tablet" on its page; once the outbox
    # had sent it, the line still said so. It goes when nothing waits any more.
    from ledger import services

    session = table["session"]
    services.game_call(session=session, game="draw-match-pot", dealer=table["Mike"],
                       key="call-kept")
    page = banker_page
    page.goto(f"{live_server.url}/s/{session.pk}/hand/")
    page.context.set_offline(True)
    page.click("label:has(#id_p1_won_high)")               # Fred won the hand
    page.click("#hand-actions button[name=save]")
    page.wait_for_selector(f"{WAITING}:has-text('1 waiting to send')")
    assert page.is_visible("#outbox-kept")
    assert "Kept on this tablet: Hand of Draw match pot" in page.inner_text("#outbox-kept")
    assert not Entry.objects.filter(kind=EntryKind.HAND).exists()

    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#outbox", state="hidden", timeout=15000)
    assert Entry.objects.filter(kind=EntryKind.HAND).count() == 1
    page.wait_for_selector("#outbox-kept", state="hidden")
    assert "Kept on this tablet" not in page.inner_text("main")
