"""Layout on the devices of the table: the banker's pages at 820×1180 (a tablet held upright),
1024×768 (lying down), 390×844 and 360×740 (a phone), the player's pages at the same sizes.
No page scrolls sideways, and no table scrolls sideways inside its own box either (the less
important columns fold into a detail line); every visible tap target is at least 44×44 px,
measured in Chromium. A screenshot of every screen at every size goes to the `shots` folder."""

import datetime
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ledger"))
from ledger_night import PlayedNight, make_player, named, open_night, people  # noqa: E402
from test_worked_night import play_worked_night  # noqa: E402

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PORTRAIT = {"width": 820, "height": 1180}
LANDSCAPE = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
SIZES = pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE, PHONE, SMALL_PHONE],
                                ids=["820", "1024", "390", "360"])

# Every visible link, button, form field and <summary>; a checkbox or radio button is tapped
# through its label, so the label is measured. Not the invisible default button of a form
# (1×1, for Enter) nor anything not shown (inside a closed <details>, hidden).
SMALL_TAPS = """() => {
  const small = [];
  const targets = document.querySelectorAll(
    "a[href], button, input:not([type=hidden]), select, textarea, summary, label");
  for (let el of targets) {
    if (el.classList.contains("default-submit")) continue;
    if (el.matches("input[type=checkbox], input[type=radio]")) {
      el = el.closest("label") || document.querySelector(`label[for="${el.id}"]`) || el;
    }
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (getComputedStyle(el).visibility === "hidden") continue;
    if (box.width < 44 || box.height < 44) {
      small.push(`${el.outerHTML.slice(0, 90)} ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return [...new Set(small)];
}"""
# What scrolls sideways: the page itself; any box that scrolls (overflow-x auto or scroll),
# such as a table's container; and the page's main boxes, whose content must not stick out.
WIDE = """() => {
  const wide = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    wide.push(`page ${root.scrollWidth}>${root.clientWidth}`);
  }
  for (const el of document.querySelectorAll("body *")) {
    const style = getComputedStyle(el);
    const scrolls = ["auto", "scroll"].includes(style.overflowX);
    if (!scrolls && !el.matches("main, .card, .table-container")) continue;
    if (el.scrollWidth > el.clientWidth + 1) {
      wide.push(`${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  return wide;
}"""
NO_SIDEWAYS = f"() => ({WIDE})().length === 0"
# Nothing the banker needs vanishes: a figure whose column folds away (not shown) is on its
# row's detail line, unless it is nothing (0.00); a folded table (a card per row) shows its
# totals whole, as it has no detail line for them.
VANISHED = """() => {
  const gone = [];
  for (const cell of document.querySelectorAll("tbody td, tfoot td")) {
    const text = cell.innerText.trim() || cell.textContent.trim();
    if (!text || text === "0.00" || cell.getClientRects().length) continue;
    const detail = cell.closest("tr").querySelector(".detail");
    const folded = getComputedStyle(cell.closest("table")).display === "block";
    const inDetail = detail && detail.textContent.includes(text);
    if (cell.closest("tfoot") ? folded : !inDetail) {
      gone.push(`${cell.closest("table").id || "table"}: ${cell.dataset.label || ""} ${text}`);
    }
  }
  return gone;
}"""


@pytest.fixture
def two_nights(transactional_db):
    """A closed night (the worked night of the house rules) and tonight's, open, with buys,
    a penalty in the pot and the Old Man called (the widest hand form: declares, the center
    card, the old man's cards)."""
    make_player("Mike", "BOG", is_host=True)
    fred = make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU", regular=False, invited_by=fred)
    make_player("Maximilian Longname", "BOML")
    closed = open_night()
    play_worked_night(closed)
    from ledger import services

    tonight = PlayedNight(services.night_open(
        date=datetime.date(2026, 11, 28), banker=named("Mike"),
        seating=people(["Fred", "Ann", "Gus", "Maximilian Longname"]), key="open-tonight"))
    tonight.buy("Fred", "20.00")
    tonight.buy("Ann", "10.00", paid="note")
    tonight.buy("Gus", "5.00", paid="book")
    tonight.buy("Maximilian Longname", "5.00", seller="Fred")
    tonight.penalty("Gus")                                   # the night's warning
    tonight.penalty("Gus")                                   # $0.20 into the pot
    services.game_call(session=tonight.session, game="old-man", dealer=named("Fred"),
                       key="call-old-man")
    return closed.session, tonight.session


def _open_details(page):
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")


def _count_chips(page):
    page.select_option("#id_player", index=1)
    for colour, count in (("white", "17"), ("red", "3"), ("blue", "12")):
        page.fill(f"#id_{colour}", count)
    with page.expect_navigation():
        page.click("button[name=add_up]")
    page.wait_for_load_state("networkidle")


def _preview_hand(page):
    """Fred and Ann go and declare high, Fred wins; the others fold."""
    for index in (0, 3, 4):
        page.check(f"#id_p{index}_folded")
        page.uncheck(f"#id_p{index}_go")
    for index in (1, 2):
        page.select_option(f"#id_p{index}_declare", value="high")
    page.check("#id_p1_won_high")
    with page.expect_navigation():
        page.click("button[name=preview].btn-big")
    page.wait_for_load_state("networkidle")
    assert page.locator("#preview").is_visible()


def _banker_pages(closed, tonight, players):
    """Each screen: its name, its path and what the banker does there before it is measured."""
    from ledger.models import Entry

    fred = players["Fred"]
    buy = Entry.objects.filter(session=tonight, kind=EntryKind.BUY).first()
    s, c = f"/s/{tonight.pk}", f"/s/{closed.pk}"
    return {
        "sessions": ("/", None), "session-open": ("/s/new/", None),
        "players": ("/players/", None), "players-qr": ("/players/", _open_details),
        "player-new": ("/players/new/", None), "player-edit": (f"/players/{fred.pk}/", None),
        "book": ("/book/", None), "season": ("/season/", None),
        "dashboard": (f"{s}/", None), "buyin": (f"{s}/buy/", None),
        "buyin-quick": (f"{s}/buy/?player={fred.pk}", None),
        "chip-sale": (f"{s}/sale/", None), "cashout": (f"{s}/cashout/", None),
        "cashout-counted": (f"{s}/cashout/", _count_chips),
        "penalty": (f"{s}/penalty/", None), "payment": (f"{s}/pay/", None),
        "pot-award": (f"{s}/pot/", None), "final-pot": (f"{s}/final-pot/", None),
        "correction": (f"{s}/correct/{buy.pk}/", None),
        "game-call": (f"{s}/game/", _open_details), "hand": (f"{s}/hand/", None),
        "hand-preview": (f"{s}/hand/", _preview_hand),
        "close": (f"{s}/close/", None), "journal": (f"{s}/journal/", None),
        "seating": (f"{s}/seats/", None), "settle-up-open": (f"{s}/settle/", None),
        "settle-up": (f"{c}/settle/", None), "settle-up-qr": (f"{c}/settle/", _open_details),
        "dashboard-closed": (f"{c}/", None), "journal-closed": (f"{c}/journal/", None),
        "close-closed": (f"{c}/close/", None),
    }


def _check(page, url, name, size, shots, prepare=None) -> list[str]:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    if prepare is not None:
        prepare(page)
    at = f"{name} at {size['width']}"
    problems = [f"{at}: scrolls sideways {wide}" for wide in page.evaluate(WIDE)]
    problems += [f"{at}: {s}" for s in page.evaluate(SMALL_TAPS)]
    problems += [f"{at}: not shown {gone}" for gone in page.evaluate(VANISHED)]
    page.screenshot(path=str(shots / f"{name}-{size['width']}x{size['height']}.png"),
                    full_page=True)
    return problems


@SIZES
def test_banker_pages_fit_tablet_and_phone_and_every_tap_target_is_big_enough(
        banker_page, live_server, two_nights, shots, size):
    from ledger.models import Player

    players = {p.name: p for p in Player.objects.all()}
    page = banker_page
    page.set_viewport_size(size)
    problems = []
    for name, (path, prepare) in _banker_pages(*two_nights, players).items():
        problems += _check(page, live_server.url + path, name, size, shots, prepare)
    assert not problems, "\n".join(problems)


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
    problems = _players_pages(page, live_server, shots, size)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["820", "1024"])
def test_the_players_page_fits_a_tablet_too(page, live_server, two_nights, shots, size):
    problems = _players_pages(page, live_server, shots, size)
    assert not problems, "\n".join(problems)


def _players_pages(page, live_server, shots, size) -> list[str]:
    """The player's page (a debt, a guest's, nothing owed with a long name) and the login."""
    from ledger.models import Player

    page.set_viewport_size(size)
    problems = []
    for name in ("Ann", "Gus", "Maximilian Longname"):
        token = Player.objects.get(name=name).balance_token
        problems += _check(page, f"{live_server.url}/p/{token}/", f"phone-{name.split()[0]}",
                           size, shots)
    return problems + _check(page, f"{live_server.url}/login/", "login", size, shots)


def test_buy_in_from_a_row_in_two_taps_then_undo(banker_page, live_server, two_nights, shots):
    from ledger.models import Entry

    _, tonight = two_nights
    page = banker_page
    page.set_viewport_size(PORTRAIT)
    page.goto(f"{live_server.url}/s/{tonight.pk}/")
    before = Entry.objects.filter(kind=EntryKind.BUY).count()
    page.click("a[aria-label='Buy-in for Ann']")                  # tap 1
    page.click("#quick-buy button:text('$10')")                    # tap 2
    page.wait_for_selector("#saved")
    assert "Ann bought $10.00 from bank, paid by cash" in page.inner_text("#saved")
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == before + 1
    page.screenshot(path=str(shots / "saved-with-undo-820x1180.png"), full_page=True)
    page.click("#undo")
    page.wait_for_selector("#saved:has-text('undone at the table')")
    assert Entry.objects.filter(kind=EntryKind.REVERSAL).count() == 1


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
    page.screenshot(path=str(shots / "qr-fred-players-820x1180.png"), full_page=True)
    page.goto(f"{live_server.url}/s/{closed.pk}/settle/")
    page.click("#links ~ .link-grid summary:text('Ann')")
    assert page.get_by_role("img", name="Ann's page").is_visible()
    assert page.evaluate(NO_SIDEWAYS)
    page.screenshot(path=str(shots / "qr-ann-settle-up-820x1180.png"), full_page=True)
