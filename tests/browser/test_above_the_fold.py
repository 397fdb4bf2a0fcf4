"""The button that ends a page's work is on the screen at 1024x768 without scrolling (issue 37):
"Open the table" on /s/new/ and "Close the night" on a night's close page were below the
fold (their bottoms at y=876 and y=989). They stay at the bottom of the screen, as the buy-in's
Save does, from the top of the page down, and still work."""

import datetime
import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANDSCAPE = {"width": 1024, "height": 768}
NAMES = ["Mike", "Fred", "Ann", "Gus", "Lou", "Jim", "Sue", "Zed", "Bea", "Cal"]


def _players():
    from ledger import services

    made = {}
    for index, name in enumerate(NAMES):
        extra = {"regular": False, "invited_by": made["Fred"]} if name == "Gus" else {}
        made[name] = services.player_create(name=name, note_id=f"BF{index}", is_host=index == 0,
                                            key=f"p-{name}", **extra)
    return made


def _box(page, selector) -> dict:
    """Where the element is on the screen (the viewport's coordinates)."""
    box = page.locator(selector).bounding_box()
    return {"top": box["y"], "bottom": box["y"] + box["height"], "height": box["height"]}


def _on_screen(page, selector) -> None:
    for where in ("top", "bottom"):
        page.evaluate("(where) => window.scrollTo(0, where === 'top' ? 0 : "
                      "document.body.scrollHeight)", where)
        box = _box(page, selector)
        assert box["height"] > 0 and box["top"] >= 0, (selector, where, box)
        assert box["bottom"] <= LANDSCAPE["height"], (selector, where, box)


def test_open_the_table_is_above_the_fold_at_1024x768_B1(banker_page, live_server, shots):
    from ledger.models import Night

    _players()
    page = banker_page
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"{live_server.url}/s/new/")
    button = "button:text('Open the table')"
    _on_screen(page, button)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "session-open-fold-1024x768.png"))
    page.select_option("#id_banker", label="Mike")
    for name in ("Fred", "Ann"):
        page.click(f"label:has-text('{name}')")
    page.click(button)
    page.wait_for_url(re.compile(r"/s/\d+/$"))
    night = Night.objects.get()
    assert [seat.player.name for seat in night.seats.order_by("position")] == [
        "Mike", "Fred", "Ann"]


def test_close_the_session_is_above_the_fold_at_1024x768_B8(banker_page, live_server, shots):
    from ledger import services
    from ledger.models import Night

    made = _players()
    night = services.night_open(date=datetime.date(2026, 11, 21), banker=made["Mike"],
                                  seating=[made[n] for n in NAMES[1:]], key="open-night")
    services.buyin_create(session=night, player=made["Gus"], amount=10_00, paid="book",
                          key="g1")                           # a guest's debt: step 4 says so
    services.buyin_create(session=night, player=made["Fred"], amount=20_00, paid="cash",
                          key="f1")
    services.cashout_create(session=night, player=made["Gus"], chips={}, key="g2")
    services.cashout_create(session=night, player=made["Fred"], chips={"black": 30},
                            key="f2")                         # Gus's chips too
    page = banker_page
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"{live_server.url}/s/{night.pk}/close/")
    button = "button:text('Close the night')"
    _on_screen(page, button)
    _on_screen(page, "label:has(#id_confirm)")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "close-fold-1024x768.png"))
    page.set_viewport_size({"width": 360, "height": 740})     # a phone: the bar fits too
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(shots / "close-fold-360x740.png"))
    page.set_viewport_size(LANDSCAPE)
    page.click(button)                                        # not ticked: asked, not closed
    assert "Tick the box to confirm" in page.inner_text("#steps")
    assert Night.objects.get().status == "open"
    page.check("#id_confirm")
    page.click(button)
    page.wait_for_url(re.compile(r"/settle/$"))
    assert Night.objects.get().status == "closed"
