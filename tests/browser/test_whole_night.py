"""A whole night entered through the pages only, on a tablet, checked to the cent against a
settle-up worked out by hand from the rules (B2-B12)."""

import re

import pytest
from table_steps import SAVED, buy, cash_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]



@pytest.fixture
def three_regulars(transactional_db):
    from ledger import services

    services.player_create(name="Mike", note_id="BOG", is_host=True, key="p-mike")
    services.player_create(name="Fred", note_id="BOF", key="p-fred")
    services.player_create(name="Ann", note_id="BOA", key="p-ann")


def test_a_whole_night_through_the_pages(banker_page, live_server, three_regulars, shots):
    page = banker_page
    # A guest arrives: Gus, invited by Fred (B9).
    page.goto(live_server.url + "/players/new/")
    page.fill("#id_name", "Gus")
    page.fill("#id_note_id", "bogu")
    page.check("#id_guest")
    page.select_option("#id_invited_by", label="Fred")
    page.click("text=Add the player")
    # Open the night: Mike banks and deals first (B1).
    page.goto(live_server.url + "/s/new/")
    page.fill("#id_date", "2026-11-21")
    page.select_option("#id_banker", label="Mike")
    for name in ("Fred", "Ann", "Gus"):
        page.check(f"label:has-text('{name}') input")
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r"/s/\d+/$"))
    url = page.url

    buy(page, url, "Fred", "20", "Cash")
    buy(page, url, "Ann", "10", "Bank note")
    buy(page, url, "Gus", "10", "THE BOOK")
    buy(page, url, "Gus", "5", "THE BOOK", seller="Fred")  # a chip sale (B3)

    # Ann jumps the bet first: the night's warning; then Gus: $0.20 into the pot (B11).
    for who, button in (("Ann", "Give the night's warning"), ("Gus", "Charge the $0.20 penalty")):
        page.goto(url + "penalty/")
        page.select_option("#id_player", label=who)
        page.click(f"text={button}")
        page.wait_for_url(SAVED)
    page.goto(url + "pot/")
    page.select_option("#id_winner", label="Fred")
    page.click("text=Award the pot")
    page.wait_for_url(SAVED)

    cash_out(page, url, "Fred", green=3, white=4)                  # $15.20
    cash_out(page, url, "Ann", green=2)                            # $10.00
    cash_out(page, url, "Gus", green=2, black=4, yellow=1, red=3)  # $14.80
    assert page.inner_text("#final-pot") == "$1.00"  # 0.20 + 0.80 (B12)
    page.goto(url + "final-pot/")
    page.select_option("#id_winner", label="Ann")
    page.click("text=Pay the final pot")
    page.wait_for_url(SAVED)

    page.goto(url + "close/")
    assert "BOA" in page.inner_text("#notes")  # Ann's bank note is still open (B5)
    page.click("text=Commit to THE BOOK")
    page.wait_for_selector("text=No bank notes are open")
    assert "Gus owes $1.00: at close this moves to Fred." in page.inner_text("#steps")
    page.check("#id_confirm")
    page.click("button:text('Close the night')")
    page.wait_for_url(re.compile(r"/settle/$"))
    page.screenshot(path=str(shots / "whole-night-settle-up.png"), full_page=True)

    rows = {}
    for row in page.locator("#settle tbody tr").all():
        cells = [c.inner_text() for c in row.locator("td").all()]
        rows[cells[0]] = cells[1:]
    # bought cash, note, book, sold, cashed out, final pot, net, THE BOOK after
    assert rows["Fred"] == ["20.00", "0.00", "0.00", "5.00", "15.00", "0.00", "0.00", "4.00"]
    assert rows["Ann"] == ["0.00", "10.00", "0.00", "0.00", "10.00", "1.00", "1.00", "-4.00"]
    assert rows["Gus"] == ["0.00", "0.00", "15.00", "0.00", "14.00", "0.00", "-1.00", "0.00"]
    assert rows["Mike"] == ["0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00"]
    transfers = [[c.inner_text() for c in r.locator("td").all()]
                 for r in page.locator("#transfers tbody tr").all()]
    assert transfers == [["Ann", "Fred", "4.00"]]
