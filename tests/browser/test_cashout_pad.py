"""The cash-out on a number pad: chip counts typed per colour (the + buttons stay), a $78.40
count in at most ten taps and key presses, every one counted; the form says before saving
when the cash box cannot pay all of it."""

import re

import pytest

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = pytest.mark.parametrize("size", [{"width": 820, "height": 1180},
                                         {"width": 390, "height": 844}], ids=["820", "390"])


class Taps:
    """Every tap and key press the banker makes, counted."""

    def __init__(self, page):
        self.page, self.count = page, 0

    def tap(self, selector):
        self.count += 1
        self.page.click(selector)

    def choose(self, selector, value):
        """A drop-down: one tap opens it, one picks the line."""
        self.count += 2
        self.page.select_option(selector, value=value)

    def keys(self, text):
        for key in text:
            self.count += 1
            self.page.keyboard.press(key)


@pytest.fixture
def short_box(table):
    """Fred bought $20 in cash, Ann $60 on THE BOOK: $80 in chips out, $20 in the box."""
    from ledger import services

    session = table["session"]
    services.buyin_create(session=session, player=table["Fred"], amount=20_00, key="fred-20")
    services.buyin_create(session=session, player=table["Ann"], amount=60_00, paid="book",
                          key="ann-60")
    return table


@SIZES
def test_a_78_40_count_on_the_pad_in_ten_taps(banker_page, live_server, short_box, shots,
                                              size):
    from ledger.models import Entry

    page = banker_page
    page.set_viewport_size(size)
    session = short_box["session"]
    page.goto(f"{live_server.url}/s/{session.pk}/cashout/")
    assert page.locator("[data-chip-pad]").is_visible()
    taps = Taps(page)
    taps.choose("#id_player", str(short_box["Fred"].pk))
    taps.tap("#id_green")
    taps.tap("button[data-pad='1']")
    taps.tap("button[data-pad='5']")
    taps.tap("#id_black")
    taps.tap("button[data-pad='3']")
    taps.tap("#id_red")
    taps.tap("button[data-pad='4']")
    assert page.inner_text("#chip-total") == "$78.40"
    assert page.inner_text("[data-pad-target]") == "Red"
    # The box holds $20: before saving, the form says $58 of this will be owed.
    owed = page.locator("#chip-owed")
    assert owed.is_visible()
    assert "$20.00" in owed.inner_text() and "$58.00" in owed.inner_text()
    page.screenshot(path=str(shots / f"cashout-pad-{size['width']}x{size['height']}.png"),
                    full_page=True)
    taps.tap("button.btn-big[name=save]")
    page.wait_for_url(re.compile(r"\?saved="))
    assert taps.count <= 10, taps.count
    entry = Entry.objects.get(kind=EntryKind.CASHOUT)
    assert entry.payload["chips"] == {"green": 15, "black": 3, "red": 4}
    assert "$20.00 in cash, $58.00 owed" in entry.memo


def test_the_pad_corrects_and_the_keyboard_and_buttons_still_count(banker_page, live_server,
                                                                   short_box):
    page = banker_page
    session = short_box["session"]
    page.goto(f"{live_server.url}/s/{session.pk}/cashout/")
    page.click("#id_blue")
    for key in ("9", "back", "2"):
        page.click(f"button[data-pad='{key}']")
    assert page.input_value("#id_blue") == "2"
    page.click("button[aria-label='One blue chip more']")      # the + buttons stay
    assert page.input_value("#id_blue") == "3"
    page.click("#id_yellow")
    page.keyboard.press("4")                                    # a keyboard types as before
    assert page.input_value("#id_yellow") == "4"
    page.click("#id_blue")
    page.click("button[data-pad='clear']")
    assert page.input_value("#id_blue") == "0"
    assert page.inner_text("#chip-total") == "$2.00"
    assert not page.locator("#chip-owed").is_visible()          # the box pays $2
