"""The night of tests/ledger/nights/winners_and_a_lost_chip.json entered through the pages:
winners cash out more than they bought, a loser cashes out nothing, a lost chip is recorded as a
count difference on the close page. It must close with the settle-up the import gives."""

import json
import re
from pathlib import Path

import pytest
from table_steps import SAVED, buy, cash_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EXPECTED = Path(__file__).resolve().parents[1] / "ledger" / "nights" / \
    "winners_and_a_lost_chip.settle_up.json"


@pytest.fixture
def five_players(transactional_db):
    from ledger import services

    services.player_create(name="Mike", note_id="BOG", is_host=True, key="p-mike")
    made = {name: services.player_create(name=name, note_id=note_id, key=f"p-{name}")
            for name, note_id in (("Fred", "BOF"), ("Ann", "BOA"), ("Lou", "BOL"))}
    services.player_create(name="Zed", note_id="BOZ", regular=False, invited_by=made["Ann"],
                           key="p-zed")


def test_the_night_entered_by_pages_settles_as_its_import(banker_page, live_server,
                                                          five_players, shots):
    page = banker_page
    page.on("dialog", lambda dialog: dialog.accept())   # "Void BOZ's note …?"
    page.goto(live_server.url + "/s/new/")
    page.fill("#id_date", "2026-11-28")
    page.select_option("#id_banker", label="Mike")
    for name in ("Fred", "Ann", "Zed", "Lou"):
        page.check(f"label:has-text('{name}') input")
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r"/s/\d+/$"))
    url = page.url

    buy(page, url, "Mike", "20", "Cash")
    buy(page, url, "Fred", "20", "Cash")
    buy(page, url, "Ann", "20", "Bank note")
    buy(page, url, "Zed", "10", "Cash")
    buy(page, url, "Lou", "15", "THE BOOK")
    buy(page, url, "Zed", "3.50", "Bank note", seller="Ann")   # any nickels between players
    for button in ("Give the night's warning", "Charge the $0.20 penalty"):
        page.goto(url + "penalty/")
        page.select_option("#id_player", label="Lou")
        page.click(f"text={button}")
        page.wait_for_url(SAVED)
    buy(page, url, "Zed", "5", "Cash")

    cash_out(page, url, "Fred", green=8, black=1, blue=1, red=1)        # 41.35, bought 20
    cash_out(page, url, "Zed", nothing=True)                             # lost everything
    cash_out(page, url, "Ann", green=4, black=2, blue=1, red=1, white=1)  # 22.40
    cash_out(page, url, "Lou", black=6)
    cash_out(page, url, "Mike", green=4)
    assert page.inner_text("#chips-outstanding") == "$0.25"

    page.goto(url + "close/")
    assert page.inner_text("#close-chips-out") == "$0.25"
    page.screenshot(path=str(shots / "close-count-difference.png"), full_page=True)
    page.fill("#id_reason", "a blue chip under the table")
    page.click("text=Record the count difference")
    page.wait_for_selector("text=Every chip the bank sold is back")
    page.goto(url + "final-pot/")
    page.select_option("#id_winner", label="Ann")
    page.click("text=Pay the final pot")
    page.wait_for_url(SAVED)

    page.goto(url + "close/")
    notes = page.locator("#notes li")
    notes.filter(has_text="BOA").get_by_text("Commit to THE BOOK").click()
    page.wait_for_selector("#notes li:has-text('BOA')", state="detached")
    page.locator("#notes li").filter(has_text="BOZ").get_by_text("Void").click()
    page.wait_for_selector("text=No bank notes are open")
    page.goto(url + "pay/")
    page.select_option("#id_player", label="Lou")
    page.fill("#id_amount", "5")
    page.click("text=Save payment")
    page.wait_for_url(SAVED)
    page.goto(url + "pot/")   # Lou's $0.20 penalty is still in the pot: the close asks (P5)
    page.select_option("#id_winner", label="Ann")
    page.click("text=Award the pot")
    page.wait_for_url(SAVED)
    page.goto(url + "close/")
    page.check("#id_confirm")
    page.click("button:text('Close the night')")
    page.wait_for_url(re.compile(r"/settle/$"))
    page.screenshot(path=str(shots / "night-by-pages-settle-up.png"), full_page=True)

    expected = json.loads(EXPECTED.read_text())
    rows = [[c.inner_text() for c in row.locator("td").all()]
            for row in page.locator("#settle tbody tr").all()]
    assert rows == [[r["name"], r["bought_cash"], r["bought_note"], r["bought_book"],
                     r["sold"], r["cashed_out"], r["final_pot"], r["net"], r["book_after"]]
                    for r in expected["players"]]   # in the order the seats were tapped (B1)
    transfers = [[c.inner_text() for c in r.locator("td").all()]
                 for r in page.locator("#transfers tbody tr").all()]
    assert transfers == [[t["from"], t["to"], t["amount"]] for t in expected["transfers"]]
