"""Odds on a phone (390×844), in a real browser: Mike calls Texas Hold'em; Ann opens "Odds"
from her page, picks her aces on the card picker, types Fred's kings and the flop, marks Mike
and Gus folded, and gets each seat's chance in words under a second, without a reload (the
address follows the question). A card seen twice is the rules' sentence on its field.
Nothing is written."""

import time

import pytest
from playwright.sync_api import expect
from test_layout import NO_SIDEWAYS, PHONE, SMALL_TAPS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_phone_gets_the_odds_of_the_game_called(browser, live_server, table, shots):
    from ledger import services
    from ledger.models import Entry

    services.game_call(session=table["session"], game="texas-holdem", dealer=table["Mike"],
                       key="call-holdem")
    entries = Entry.objects.count()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{table['Ann'].balance_token}/")
    page.click("#phone-odds-link")
    expect(page.locator("#odds-title")).to_have_text("Odds: Texas Hold'em")

    # seats in dealing order: Mike 0, Fred 1, Ann 2, Gus 3
    page.click("input[name=p2_down]")
    page.click("button[data-card=As]")
    page.click("button[data-card=Ah]")
    expect(page.locator("input[name=p2_down]")).to_have_value("As Ah")
    expect(page.locator("button[data-card=As]")).to_have_attribute("aria-pressed", "true")
    page.fill("input[name=p1_down]", "Kd Kc")
    page.check("input[name=p0_folded]")
    page.check("input[name=p3_folded]")
    page.fill("input[name=board_community]", "2c 7d 9h")
    started = time.monotonic()
    page.click("#odds-submit")
    expect(page.locator("#odds-line")).to_have_text("Ann 92% · Fred 8%")
    assert time.monotonic() - started < 1.0
    expect(page.locator("#odds-how")).to_have_text("Exact: all 990 deals.")
    assert "p2_down=As%20Ah" in page.url      # htmx put the question in the address
    assert page.evaluate(NO_SIDEWAYS)
    assert page.evaluate(SMALL_TAPS) == []
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "odds-phone-390x844.png"))
    page.screenshot(path=str(shots / "odds-phone-390x844-full.png"), full_page=True)

    page.fill("input[name=p1_down]", "Kd As")
    page.click("#odds-submit")
    # the rules read the seats in order: Ann's ace is the one seen a second time
    error = page.locator("input[name=p2_down] >> xpath=ancestor::td//p[@class='field-error']")
    expect(error).to_have_text("Ann's cards: card As is seen twice (also in Fred's cards)")
    expect(page.locator("input[name=p2_down]")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#odds-answer")).to_have_count(0)

    # the form htmx swapped in takes the picker as the first did: Fred's queens, tapped
    page.fill("input[name=p1_down]", "")
    page.click("input[name=p1_down]")
    page.click("button[data-card=Qd]")
    page.click("button[data-card=Qc]")
    expect(page.locator("input[name=p1_down]")).to_have_value("Qd Qc")
    page.click("#odds-submit")
    expect(page.locator("#odds-line")).to_contain_text("Ann 9")
    assert Entry.objects.count() == entries
    context.close()
