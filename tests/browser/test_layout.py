"""Layout on the devices of the table: no sideways scroll on the banker's pages at 820×1180
(a tablet held upright) and 1024×768 (lying down), nor on the player's pages at 390×844 and
360 px wide; every visible tap target at least 44×44 px. Screenshots go to /tmp/shots."""

import datetime
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ledger"))
from ledger_night import Night, make_player, open_night  # noqa: E402
from test_worked_night import play_worked_night  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PORTRAIT = {"width": 820, "height": 1180}
LANDSCAPE = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}

# Elements a finger never aims at: the invisible default button of a form (1×1, for Enter).
SMALL_TAPS = """() => {
  const small = [];
  for (const el of document.querySelectorAll("a, button, input[type=submit], select, label")) {
    if (el.classList.contains("default-submit")) continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;          // not shown (closed details)
    if (getComputedStyle(el).visibility === "hidden") continue;
    if (box.width < 44 || box.height < 44) {
      small.push(`${el.outerHTML.slice(0, 90)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""
# The page does not scroll sideways, and neither does a table inside its own box.
NO_SIDEWAYS = """() => document.documentElement.scrollWidth <= document.documentElement.clientWidth
  && [...document.querySelectorAll("main, .card, .table-container")].every(
       el => el.scrollWidth <= el.clientWidth + 1)"""

PAGE_NO_SIDEWAYS = ("document.documentElement.scrollWidth <= "
                    "document.documentElement.clientWidth")


@pytest.fixture
def two_nights(transactional_db):
    """A closed night (the worked night of the house rules) and tonight's, open, with buys."""
    make_player("Mike", "BOG", is_host=True)
    fred = make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU", regular=False, invited_by=fred)
    make_player("Maximilian Longname", "BOML")
    closed = open_night()
    play_worked_night(closed)
    from ledger import services

    tonight = Night(services.session_open(date=datetime.date(2026, 11, 28), banker="Mike",
                                          seating=["Fred", "Ann", "Gus", "Maximilian Longname"],
                                          key="open-tonight"))
    tonight.buy("Fred", "20.00")
    tonight.buy("Ann", "10.00", paid="note")
    tonight.buy("Gus", "5.00", paid="book")
    tonight.buy("Maximilian Longname", "5.00", seller="Fred")
    return closed.session, tonight.session


def _banker_pages(closed, tonight, players):
    fred = players["Fred"]
    return {
        "sessions": "/", "session-open": "/s/new/", "players": "/players/",
        "player-new": "/players/new/", "player-edit": f"/players/{fred.pk}/",
        "book": "/book/", "season": "/season/",
        "dashboard": f"/s/{tonight.pk}/", "buyin": f"/s/{tonight.pk}/buy/",
        "buyin-quick": f"/s/{tonight.pk}/buy/?player={fred.pk}",
        "chip-sale": f"/s/{tonight.pk}/sale/", "cashout": f"/s/{tonight.pk}/cashout/",
        "penalty": f"/s/{tonight.pk}/penalty/", "payment": f"/s/{tonight.pk}/pay/",
        "close": f"/s/{tonight.pk}/close/", "journal": f"/s/{tonight.pk}/journal/",
        "seating": f"/s/{tonight.pk}/seats/", "settle-up-open": f"/s/{tonight.pk}/settle/",
        "settle-up": f"/s/{closed.pk}/settle/", "dashboard-closed": f"/s/{closed.pk}/",
    }


def _check(page, url, name, size, shots) -> list[str]:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    problems = []
    if not page.evaluate(NO_SIDEWAYS):
        wide = page.evaluate("""() =>
            [...document.querySelectorAll("main, .card, .table-container")]
            .filter(el => el.scrollWidth > el.clientWidth + 1)
            .map(el => `${el.className || el.tagName} ${el.scrollWidth}>${el.clientWidth}`)""")
        problems.append(f"{name} at {size['width']}: scrolls sideways {wide}")
    problems += [f"{name} at {size['width']}: {s}" for s in page.evaluate(SMALL_TAPS)]
    page.screenshot(path=str(shots / f"{name}-{size['width']}x{size['height']}.png"),
                    full_page=True)
    return problems


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_banker_pages_fit_the_tablet_and_every_tap_target_is_big_enough(
        banker_page, live_server, two_nights, shots, size):
    from ledger.models import Player

    players = {p.name: p for p in Player.objects.all()}
    page = banker_page
    page.set_viewport_size(size)
    problems = []
    for name, path in _banker_pages(*two_nights, players).items():
        problems += _check(page, live_server.url + path, name, size, shots)
    assert problems == []


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["portrait", "landscape"])
def test_the_bank_control_fits_the_tablet(browser, banker_page, live_server, banker_user,
                                          two_nights, shots, size):
    """Who holds the bank on the table's page (issue 10): the holder's hand-over control, the
    line another banker reads, staff's take-over button, and a writing page refused."""
    from django.contrib.auth.models import User

    from ledger import services
    from ledger.permissions import make_banker

    _, tonight = two_nights
    make_banker(User.objects.create_user(username="ann", password="correct-horse-battery-staple"))
    User.objects.create_user(username="boss", password="correct-horse-battery-staple",
                             is_staff=True)
    services.bank_hand_over(session=tonight, to=banker_user, user=banker_user, key="mike-takes")
    page = banker_page
    page.set_viewport_size(size)
    problems = _check(page, f"{live_server.url}/s/{tonight.pk}/", "dashboard-holder", size, shots)
    for username in ("ann", "boss"):
        context = browser.new_context(viewport=size)
        other = context.new_page()
        other.goto(live_server.url + "/login/")
        other.fill("#id_username", username)
        other.fill("#id_password", "correct-horse-battery-staple")
        other.click("button[type=submit]")
        other.wait_for_url(live_server.url + "/")
        problems += _check(other, f"{live_server.url}/s/{tonight.pk}/",
                           f"dashboard-{username}", size, shots)
        problems += _check(other, f"{live_server.url}/s/{tonight.pk}/buy/",
                           f"buyin-refused-{username}", size, shots)
        context.close()
    assert problems == []


@pytest.mark.parametrize("size", [PHONE, SMALL_PHONE], ids=["390", "360"])
def test_the_players_page_fits_a_phone(page, live_server, two_nights, shots, size):
    from ledger.models import Player

    page.set_viewport_size(size)
    problems = []
    for name in ("Ann", "Maximilian Longname"):
        token = Player.objects.get(name=name).balance_token
        problems += _check(page, f"{live_server.url}/p/{token}/", f"phone-{name.split()[0]}",
                           size, shots)
    assert problems == []


def test_banker_pages_at_phone_size_do_not_scroll_sideways(banker_page, live_server,
                                                           two_nights, shots):
    """A banker may glance at the table from a phone too: the page itself never scrolls
    sideways (the widest tables may scroll inside their own box there; on the tablet sizes
    above they must not)."""
    from ledger.models import Player

    players = {p.name: p for p in Player.objects.all()}
    page = banker_page
    page.set_viewport_size(PHONE)
    wide = []
    for name, path in _banker_pages(*two_nights, players).items():
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
        if not page.evaluate(PAGE_NO_SIDEWAYS):
            wide.append(name)
        page.screenshot(path=str(shots / f"{name}-390x844.png"), full_page=True)
    assert wide == [], wide


def test_buy_in_from_a_row_in_two_taps_then_undo(banker_page, live_server, two_nights, shots):
    from ledger.models import Entry

    _, tonight = two_nights
    page = banker_page
    page.set_viewport_size(PORTRAIT)
    page.goto(f"{live_server.url}/s/{tonight.pk}/")
    before = Entry.objects.filter(kind=Entry.BUY).count()
    page.click("a[aria-label='Buy-in for Ann']")                  # tap 1
    page.click("#quick-buy button:text('$10')")                    # tap 2
    page.wait_for_selector("#saved")
    assert "Ann bought $10.00 from bank, paid by cash" in page.inner_text("#saved")
    assert Entry.objects.filter(kind=Entry.BUY).count() == before + 1
    page.screenshot(path=str(shots / "saved-with-undo-820x1180.png"), full_page=True)
    page.click("#undo")
    page.wait_for_selector("#saved:has-text('undone at the table')")
    assert Entry.objects.filter(kind=Entry.REVERSAL).count() == 1


def test_qr_codes_open_on_the_players_and_settle_up_pages(banker_page, live_server, two_nights,
                                                          shots):
    closed, _ = two_nights
    page = banker_page
    page.set_viewport_size(PORTRAIT)
    page.goto(f"{live_server.url}/players/")
    page.click("tr:has-text('Fred') summary")
    assert page.get_by_role("img", name="Fred's page").is_visible()
    assert page.locator("details[open] button[data-copy]").is_visible()  # shown by app.js
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate(SMALL_TAPS) == []
    page.screenshot(path=str(shots / "players-qr-820x1180.png"), full_page=True)
    page.goto(f"{live_server.url}/s/{closed.pk}/settle/")
    page.click("#links ~ .link-grid summary:text('Ann')")
    assert page.get_by_role("img", name="Ann's page").is_visible()
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=str(shots / "settle-up-qr-820x1180.png"), full_page=True)
