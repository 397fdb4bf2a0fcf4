"""The phone's odds for the popular games (H1-H7), in Chromium on a phone: the fields of each
game called (baseball's extra down card after a face-up 4, four badugi cards, two boards, the
short deck's picker without 2s to 5s) and each seat's chance in words; nothing written."""

import pytest
from playwright.sync_api import expect
from test_layout import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# seats in dealing order: Mike 0, Fred 1, Ann 2, Gus 3 (Gus folds in every question)
QUESTIONS = {
    "follow-the-queen": {"p0_down": "2c 3d", "p0_up": "9c Ts Qh", "p1_down": "Kc Kd",
                         "p1_up": "3c 6d 7d", "p2_down": "8s 8h", "p2_up": "Ac Ad 5d"},
    "baseball": {"p0_down": "2c 2d Kc", "p0_up": "4h 8s 3d Jc", "p0_extra": "Jh",
                 "p1_down": "5c 5d 9h", "p1_up": "Qh 8c Ts 6s",
                 "p2_down": "Ac Ad", "p2_up": "Kh Kd 7c 7s"},
    "chicago": {"p0_down": "2c 2d Ks", "p0_up": "Ah 8s 3d Jc", "p1_down": "5c 5d 9h",
                "p1_up": "5h 8c Ts 4s", "p2_down": "Ac 3s", "p2_up": "Kd 7c 7s 3c"},
    "seven-twenty-seven": {"p0_down": "As Ad 5c", "p1_down": "Ks 9d 8c", "p2_down": "4h 2d"},
    "badugi": {"p0_down": "Ks 3d 2c", "p1_down": "As 2s 3h 4c", "p2_down": "7s 8d 9c Th"},
    "short-deck-holdem": {"p0_down": "As Ks", "p1_down": "6h 7h", "p2_down": "Qd Qc",
                          "board_community": "8h 9h Td"},
    "double-board-holdem": {"p0_down": "As Ah", "p1_down": "Kh Kd", "p2_down": "6c 6d",
                            "board_board1": "2c 7d 9h Js", "board_board2": "Ks 4d 8h Ts"},
}


@pytest.mark.parametrize("game", list(QUESTIONS))
def test_the_phone_gives_the_odds_of_each_popular_game(browser, live_server, table, game):
    from ledger import services
    from ledger.models import Entry

    services.game_call(session=table["session"], game=game, dealer=table["Mike"],
                       key=f"call-{game}")
    entries = Entry.objects.count()
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{live_server.url}/p/{table['Ann'].balance_token}/")
    page.click("#phone-odds-link")
    if game == "short-deck-holdem":                   # the picker holds the short deck only
        assert not page.locator("button[data-card='5s']").count()
        page.fill("input[name=board_community]", "8h 9h 4d")
        page.fill("input[name=p0_down]", "As Ks")
        page.click("#odds-submit")
        error = page.locator("input[name=board_community] >> xpath=ancestor::*"
                             "[.//p[contains(@class,'field-error')]][1]")
        expect(error).to_contain_text("4d")
    if game == "baseball":          # the picker: 3 down, 4 up with a 4, then the extra card
        page.click("input[name=p0_down]")
        for card in ("2c", "2d", "Kc", "4h", "8s", "3d", "Jc", "Jh", "5c"):
            page.click(f"button[data-card='{card}']")
        expect(page.locator("input[name=p0_extra]")).to_have_value("Jh")
        expect(page.locator("input[name=p1_down]")).to_have_value("5c")
    for name, cards in QUESTIONS[game].items():
        page.fill(f"input[name={name}]", cards)
    page.check("input[name=p3_folded]")
    page.click("#odds-submit")
    line = page.locator("#odds-line")
    expect(line).to_contain_text("Mike ")
    text = line.inner_text()
    assert "Fred " in text and "Ann " in text and "Gus" not in text, text
    assert Entry.objects.count() == entries
    context.close()
