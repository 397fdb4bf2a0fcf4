"""The two Old Man rounds of seed 001 entered by cards on the tablet in Chromium: the declares,
go and stop, the center card and the old man's six cards; the result is the seed's (P9, P12,
P3, P5), and the second round's pot is computed from the first."""

import datetime
import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEATS = ["Jim", "Eric", "Nas", "Fredo", "Bottoms", "Ashley"]
ROUND_1 = {"Jim": ("", "Kd Qc Tc Ks", "high", False),
           "Eric": ("6d Ah", "6c 9c 6s 2s", "high", True),
           "Bottoms": ("3s 2c", "Jh 3h Jc Qs", "high", True),
           "Ashley": ("7h 4h", "Qh 8h 5h 4c", "high", True)}
ROUND_2 = {"Jim": ("", "Jc 4h 6c 2s", "high", False), "Eric": ("", "Qs Qh 9c 8d", "high", False),
           "Nas": ("", "2c 6d 6s 8h", "high", False), "Fredo": ("", "Ah 5h 9s Kh", "high", False),
           "Bottoms": ("", "4c 9d Ts Js", "high", False),
           "Ashley": ("7s Kd", "3h 5d 7h As", "both", True)}


@pytest.fixture
def old_man_table(transactional_db):
    from ledger import services

    rows = [services.player_create(name=name, note_id=f"BO{index}", is_host=index == 0,
                                   key=f"p-{name}") for index, name in enumerate(SEATS)]
    return services.night_open(date=datetime.date(2026, 11, 21), banker=rows[0],
                                 seating=rows[1:], key="open-old-man")


def _enter(page, players, center, old_man):
    page.check("input[name=mode][value=cards]")
    for index, name in enumerate(SEATS):
        if name not in players:
            page.check(f"#id_p{index}_folded")
            page.uncheck(f"#id_p{index}_go")
            continue
        down, up, declare, go = players[name]
        page.fill(f"#id_p{index}_down", down)
        page.fill(f"#id_p{index}_up", up)
        page.select_option(f"#id_p{index}_declare", value=declare)
        (page.check if go else page.uncheck)(f"#id_p{index}_go")
    page.fill("#id_board_center", center)
    page.fill("#id_dummy_cards", old_man)


def test_the_old_man_rounds_of_seed_001_by_the_pages(banker_page, live_server, old_man_table,
                                                      shots):
    page = banker_page
    url = f"{live_server.url}/s/{old_man_table.pk}/"
    page.goto(url + "game/")
    page.select_option("#id_game", value="old-man")
    page.select_option("#id_dealer", label="Jim")
    page.click("text=Call the game")
    page.wait_for_url(re.compile(r"/hand/$"))

    page.fill("#id_pot", "18.00")
    _enter(page, ROUND_1, "5s", "2d 3d 6h 8s Ad Ac")
    page.click("button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    saved = page.inner_text("#saved-hand")
    assert "Ashley takes (high)" in saved and "$18.00" in saved
    assert "Eric owes into the next pot (match)" in saved
    assert "Bottoms owes into the next pot (match)" in saved
    assert "Jim" not in saved.split("Stays in the pot")[0]           # Jim stopped: pays nothing
    assert page.inner_text("#saved-hand [data-next-pot]") == "$36.00"
    page.screenshot(path=str(shots / "old-man-round-1.png"), full_page=True)

    assert page.input_value("#id_pot") == "36.00"                      # computed, not typed
    _enter(page, ROUND_2, "7c", "2d 4d 7d 8s 9h Td")
    page.check("#id_last_round")
    page.click("button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    saved = page.inner_text("#saved-hand")
    assert "Ashley takes (both)" in saved and "$36.00" in saved
    assert "The game is over" in saved
