"""The banker's night on a tablet, in a real browser: buy-ins by tapping, a double tap,
a cash-out by chip colour, and the player's phone page."""

import re

import pytest

from ledger.models import Entry
from ledger.posting.accounts import EntryKind

PHONE = {"width": 390, "height": 844}  # a common phone's viewport

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_buyin_by_tapping_five_dollar_buttons(banker_page, live_server, table, shots):
    page = banker_page
    session = table["session"]
    page.goto(f"{live_server.url}/s/{session.pk}/")
    page.click("text=Buy-in")
    page.select_option("#id_player", label="Fred")
    page.click("button:text('+$5')")
    page.click("button:text('+$5')")
    page.click("button:text('+$10')")
    assert page.input_value("#id_amount") == "20.00"
    page.click("label:has-text('Bank note')")
    page.screenshot(path=str(shots / "buyin-form.png"), full_page=True)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    assert "Fred bought $20.00" in page.inner_text("#saved")
    assert page.inner_text("#chips-outstanding") == "$20.00"
    assert page.inner_text("#notes-open") == "$20.00"
    page.screenshot(path=str(shots / "dashboard.png"), full_page=True)
    entry = Entry.objects.get(kind=EntryKind.BUY)
    assert (entry.amount, entry.method, entry.player.name) == (2000, "note", "Fred")


def test_a_bad_amount_is_explained_on_the_form(banker_page, live_server, table, shots):
    page = banker_page
    page.goto(f"{live_server.url}/s/{table['session'].pk}/buy/")
    page.select_option("#id_player", label="Ann")
    page.fill("#id_amount", "7")
    page.click("button.btn-big[name=save]")
    assert "multiples of $5.00" in page.inner_text(".field-error")
    page.screenshot(path=str(shots / "buyin-error.png"), full_page=True)
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 0


def test_double_tap_on_save_creates_one_entry(banker_page, live_server, table):
    page = banker_page
    page.goto(f"{live_server.url}/s/{table['session'].pk}/buy/")
    page.select_option("#id_player", label="Ann")
    page.fill("#id_amount", "10")
    posts = []
    page.on("request", lambda r: posts.append(r) if r.method == "POST" else None)
    page.dblclick("button.btn-big[name=save]")
    page.wait_for_url(re.compile(r"/s/\d+/\?saved=\d+"))
    page.wait_for_load_state("networkidle")
    assert len(posts) == 1  # the page drops the second tap
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 1
    assert "Ann bought $10.00" in page.inner_text("#saved")


def test_the_same_form_sent_twice_by_the_browser_is_saved_once_R2(banker_page, live_server,
                                                                  table):
    # A retry on flaky Wi-Fi: the browser really sends the same form twice at once. Only the
    # one-time key stands between that and two buy-ins.
    page = banker_page
    page.goto(f"{live_server.url}/s/{table['session'].pk}/buy/")
    page.select_option("#id_player", label="Ann")
    page.fill("#id_amount", "10")
    finals = page.evaluate("""async () => {
        const form = document.querySelector("form[data-once]");
        const send = () => {
            const body = new FormData(form);
            body.set("save", "1");
            return fetch(form.action || location.href, {method: "POST", body})
                .then(r => [r.status, r.url]);
        };
        return Promise.all([send(), send()]);
    }""")
    assert [status for status, _ in finals] == [200, 200]  # both followed the redirect
    assert finals[0][1] == finals[1][1] and "?saved=" in finals[0][1]
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 1
    page.goto(finals[1][1])
    assert "Ann bought $10.00" in page.inner_text("#saved")


def test_possible_duplicate_is_asked_R15(banker_page, live_server, table, shots):
    page = banker_page
    for _ in range(2):
        page.goto(f"{live_server.url}/s/{table['session'].pk}/buy/")
        page.select_option("#id_player", label="Fred")
        page.click("button:text('+$20')")
        page.click("button.btn-big[name=save]")
    assert "Possible duplicate?" in page.inner_text("#duplicate")
    page.screenshot(path=str(shots / "buyin-duplicate.png"), full_page=True)
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 1
    page.click("text=Yes, record it again")
    page.wait_for_url(re.compile(r"\?saved="))
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 2


def test_cashout_counts_chips_with_a_running_total(banker_page, live_server, table, shots):
    from ledger import services

    session = table["session"]
    services.buyin_create(session=session, player=table["Fred"], amount=25_00, key="fred-25")
    page = banker_page
    page.goto(f"{live_server.url}/s/{session.pk}/cashout/")
    page.select_option("#id_player", value=str(table["Fred"].pk))
    for _ in range(3):
        page.click("button[aria-label='One white chip more']")
    page.click("button[aria-label='One red chip more']")
    page.fill("#id_blue", "2")
    page.click("button[aria-label='One yellow chip more']")
    page.fill("#id_black", "12")
    page.click("button[aria-label='One green chip more']")
    page.click("button[aria-label='One green chip more']")
    page.click("button[aria-label='One green chip more']")
    page.click("button[aria-label='One green chip less']")
    assert page.inner_text("#chip-total") == "$23.25"
    assert page.inner_text("#chip-whole") == "$23.00"
    assert page.inner_text("#chip-odd") == "$0.25"
    assert page.inner_text("#id_green_subtotal") == "$10.00"
    page.screenshot(path=str(shots / "cashout.png"), full_page=True)
    page.click("button.btn-big[name=save]")
    page.wait_for_url(re.compile(r"\?saved="))
    assert "$0.25 to the final pot" in page.inner_text("#saved")
    entry = Entry.objects.get(kind=EntryKind.CASHOUT)
    assert entry.payload["chips"] == {"white": 3, "red": 1, "blue": 2, "yellow": 1,
                                      "black": 12, "green": 2}


def test_player_page_on_a_phone(page, live_server, table, shots):
    from ledger import services

    session = table["session"]
    services.buyin_create(session=session, player=table["Ann"], amount=15_00, paid="book", key="a1")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/p/{table['Ann'].balance_token}/")
    text = page.inner_text("main")
    assert "You owe" in text and "$15.00" in text
    assert _no_horizontal_scroll(page)
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.big-number'))"
                         ".fontSize)")
    assert size >= 32  # the number a player looks for is big
    page.screenshot(path=str(shots / "player-phone.png"), full_page=True)
    page.goto(f"{live_server.url}/p/{table['Fred'].balance_token}x/")
    assert "Nothing here" in page.inner_text("main")


def test_close_steps_and_settle_up_on_the_tablet(banker_page, live_server, table, shots):
    from ledger import services

    session = table["session"]
    services.buyin_create(session=session, player=table["Gus"], amount=10_00, paid="note", key="g1")
    services.cashout_create(session=session, player=table["Gus"], chips={"black": 10}, key="g2")
    page = banker_page
    page.goto(f"{live_server.url}/s/{session.pk}/close/")
    page.screenshot(path=str(shots / "close-steps.png"), full_page=True)
    page.click("text=Commit to THE BOOK")  # htmx swaps the steps in place
    page.wait_for_selector("text=No bank notes are open")
    page.check("#id_confirm")
    page.click("button:text('Close the night')")
    page.wait_for_url(re.compile(r"/settle/$"))
    page.screenshot(path=str(shots / "settle-up.png"), full_page=True)
    assert "Who pays whom" in page.inner_text("main")
    assert page.locator("#settle tfoot").is_visible()


def test_voiding_a_note_asks_first_B5(banker_page, live_server, table):
    from ledger import services
    from ledger.models import BankNote
    from ledger.selectors import night_dashboard

    session = table["session"]
    services.buyin_create(session=session, player=table["Ann"], amount=5_00, paid="note", key="a1")
    page = banker_page
    page.goto(f"{live_server.url}/s/{session.pk}/close/")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("button:text('Void')")
    page.wait_for_timeout(300)
    assert asked and "BOA" in asked[0] and "$5.00" in asked[0]
    assert night_dashboard(session).open_notes  # dismissed: nothing voided
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:text('Void')")
    page.wait_for_selector("text=No bank notes are open")
    assert not night_dashboard(session).open_notes
    assert BankNote.objects.count() == 1


def test_no_page_breaks_the_content_security_policy_R14(banker_page, live_server, table):
    from ledger import services

    session = table["session"]
    services.buyin_create(session=session, player=table["Ann"], amount=5_00, paid="note", key="a1")
    page = banker_page
    problems = []
    page.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning")
            else None)
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}") if r.status >= 400
            else None)
    for path in ["/", "/s/new/", "/players/", "/players/new/", "/book/",
                 f"/s/{session.pk}/", f"/s/{session.pk}/buy/", f"/s/{session.pk}/sale/",
                 f"/s/{session.pk}/cashout/", f"/s/{session.pk}/penalty/",
                 f"/s/{session.pk}/pay/", f"/s/{session.pk}/close/", f"/s/{session.pk}/journal/",
                 f"/s/{session.pk}/settle/", f"/s/{session.pk}/seats/",
                 f"/p/{table['Ann'].balance_token}/"]:
        page.goto(live_server.url + path)
        page.wait_for_load_state("networkidle")
    assert problems == []


def test_a_refused_note_action_is_shown_in_place(banker_page, live_server, table):
    from ledger import services

    session = table["session"]
    services.buyin_create(session=session, player=table["Ann"], amount=5_00, paid="note", key="a1")
    page = banker_page
    page.goto(f"{live_server.url}/s/{session.pk}/close/")
    # Meanwhile another device commits the note: this page's button is now stale.
    services.note_commit(session=session, player=table["Ann"], key="other-device")
    page.click("text=Commit to THE BOOK")
    page.wait_for_selector(".error-box")
    assert "no open bank note" in page.inner_text(".error-box") or \
        "no longer open" in page.inner_text(".error-box")
    assert "No bank notes are open" in page.inner_text("#steps")


def test_the_order_players_are_tapped_is_the_seating_order_and_can_be_changed_B1(
        banker_page, live_server, shots):
    from ledger import services
    from ledger.models import Night

    for name, note_id, extra in [("Mike", "BOG", {"is_host": True}), ("Ann", "BOA", {}),
                                 ("Fred", "BOF", {}), ("Gus", "BOGU", {})]:
        services.player_create(name=name, note_id=note_id, key=f"p-{name}", **extra)
    page = banker_page
    page.goto(live_server.url + "/s/new/")
    page.fill("#id_date", "2026-11-21")
    page.select_option("#id_banker", label="Mike")
    for name in ("Gus", "Ann", "Fred"):  # not the page's order (Ann, Fred, Gus)
        page.check(f"label:has-text('{name}') input")
    page.check("label:has-text('Fred') input")  # a second tap on a ticked box changes nothing
    page.uncheck("label:has-text('Ann') input")
    page.check("label:has-text('Ann') input")  # untick and tick again: Ann goes to the end
    assert page.inner_text("label:has-text('Gus') .seat-no") == "(seat 2)"
    assert page.inner_text("label:has-text('Ann') .seat-no") == "(seat 4)"
    page.screenshot(path=str(shots / "session-open-tap-order.png"), full_page=True)
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r"/s/\d+/$"))
    session = Night.objects.get()
    seats = lambda: [s.player.name for s in session.seats.order_by("position")]  # noqa: E731
    assert seats() == ["Mike", "Gus", "Fred", "Ann"]
    page.click("#seating-link")
    page.click("button[aria-label='Move Gus down']")
    page.wait_for_url(re.compile(r"/seats/$"))
    assert seats() == ["Mike", "Fred", "Gus", "Ann"]
    assert page.inner_text("#seats").index("Fred") < page.inner_text("#seats").index("Gus")
    page.screenshot(path=str(shots / "seating.png"), full_page=True)
