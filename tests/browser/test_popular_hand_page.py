"""The popular games (H1-H7) on the tablet's hand page, by the cards and saved: the fields
come from the game's definition (up cards in the order dealt, baseball's extra down cards,
the declarations 7 / 27, four badugi cards, short deck's missing ranks, two boards), and the
saved result shows the halves (the spade half, each board's half)."""

import re

import pytest
from test_hand_page import SEVEN, _call, _night

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def three(transactional_db):
    return _night(SEVEN[:3])          # Mike, Fred, Ann


def _open(page, live_server, session, game, **options):
    _call(session, game, **options)
    page.goto(f"{live_server.url}/s/{session.pk}/hand/")
    page.check("input[name=mode][value=cards]")
    page.fill("#id_pot", "10.05")


def _fill(page, cards):
    for field, value in cards.items():
        page.fill(f"#id_{field}", value)


def _save(page):
    page.click("#hand-actions button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    from ledger.models import Entry
    return Entry.objects.filter(kind=EntryKind.HAND).latest("pk").payload["result"]


def _sides(result):
    return sorted((a["name"], a["side"], a["amount"]) for a in result["awards"])


def test_follow_the_queen_by_the_cards_up_cards_in_the_order_dealt_H1(banker_page,
                                                                       live_server, three):
    # Fifth street (the third up card): Fred's Qh, then Ann's 7d, no later queen: 7s and
    # queens are wild. Ann's two 7s and two aces: four aces, beating Fred's three kings.
    page = banker_page
    _open(page, live_server, three, "follow-the-queen")
    _fill(page, {"p0_down": "2c 3d 4h", "p0_up": "9c Ts Jd 5s",
                 "p1_down": "Kc Kd 2h", "p1_up": "3c 6d Qh 9d",
                 "p2_down": "8s 8h 7c", "p2_up": "Ac Ad 7d 5d"})
    result = _save(page)
    assert _sides(result) == [("Ann", "high", "10.05")]
    assert any("Sevens are wild" in line for line in result["explain"])
    assert "Ann takes" in page.inner_text("#saved-hand")


def test_baseball_an_extra_down_card_after_a_face_up_4_and_refused_without_it_H2(
        banker_page, live_server, three):
    page = banker_page
    _open(page, live_server, three, "baseball", three_price="0.50")
    assert page.locator("#id_p0_extra").is_visible()        # a field for the extra down card
    # Mike taps his cards: 3 down, 4 up with a face-up 4, then the extra card; the picker
    # moves on to Fred after it (Fred shows no 4: no extra card for him).
    page.click("#id_p0_down")
    for card in ("2c", "2d", "Kc", "4h", "8s", "3d", "Jc", "Jh", "5c", "5d", "9h"):
        page.click(f"button[data-card='{card}']")
    assert page.input_value("#id_p0_extra") == "Jh"
    assert page.input_value("#id_p1_down") == "5c 5d 9h"
    page.fill("#id_p1_up", "Qh 8c Ts 6s")
    page.check("#id_p2_folded")
    # without the 4 the extra card is refused, on the extra field, nothing written
    page.fill("#id_p0_up", "7h 8s 3d Jc")
    page.click("#hand-actions button[name=save]")
    error = page.locator("#id_p0_extra").evaluate("e => e.closest('td').innerText")
    assert "Jh is one down card too many" in error and "no face-up four" in error
    from ledger.models import Entry
    assert not Entry.objects.filter(kind=EntryKind.HAND).exists()
    page.fill("#id_p0_up", "4h 8s 3d Jc")
    result = _save(page)
    assert _sides(result) == [("Mike", "high", "10.05")]       # jacks full beat three fives


def test_chicago_the_spade_half_shown_in_the_result_H3(banker_page, live_server, three):
    page = banker_page
    _open(page, live_server, three, "chicago")
    _fill(page, {"p0_down": "2c 2d Ks", "p0_up": "Ah 8s 3d Jc",
                 "p1_down": "5c 5d 9h", "p1_up": "5h 8c Ts 4s",
                 "p2_down": "Ac 3s 6h", "p2_up": "Kd 7c 7s 3c"})
    result = _save(page)
    assert _sides(result) == [("Fred", "high", "5.05"), ("Mike", "spade", "5.00")]
    saved = page.inner_text("#saved-hand")
    assert "Mike takes (spade)" in saved and "highest spade in the hole" in saved


def test_seven_twenty_seven_declared_7_27_and_both_H4(banker_page, live_server, three):
    page = banker_page
    _open(page, live_server, three, "seven-twenty-seven")
    labels = page.locator("#id_p0_declare option").all_inner_texts()
    assert [label.strip() for label in labels] == ["—", "27", "7", "both"]
    _fill(page, {"p0_down": "As Ad 5c", "p1_down": "Ks 9d 8c Tc", "p2_down": "4h 2d Qs"})
    page.select_option("#id_p0_declare", label="both")
    page.select_option("#id_p1_declare", label="27")
    page.select_option("#id_p2_declare", label="7")
    result = _save(page)
    assert _sides(result) == [("Mike", "both", "10.05")]        # exactly 7 and 27 (P1)


def test_badugi_four_cards_each_H5(banker_page, live_server, three):
    page = banker_page
    _open(page, live_server, three, "badugi")
    page.click("#id_p0_down")
    for card in ("Ks", "3d", "2c", "Ah", "As", "2s", "3h", "4c", "7s", "8d", "9c", "Th"):
        page.click(f"button[data-card='{card}']")
    assert page.input_value("#id_p2_down") == "7s 8d 9c Th"       # a ten-high badugi wins
    result = _save(page)
    assert _sides(result) == [("Ann", "low", "10.05")]


def test_short_deck_has_no_4_and_a_typed_4_is_refused_naming_it_H6(banker_page, live_server,
                                                                  three):
    page = banker_page
    _open(page, live_server, three, "short-deck-holdem")
    assert not page.locator("button[data-card='4s']").count()      # the deck has no 4s
    assert page.locator("button[data-card='6s']").count() == 1
    _fill(page, {"p0_down": "As Ks", "p1_down": "6h 7h", "p2_down": "Qd Qc",
                 "board_community": "8h 9h Td 4c Js"})
    page.click("#hand-actions button[name=save]")
    error = page.locator("#id_board_community").evaluate("e => e.closest('div').innerText")
    assert "4c" in error
    page.fill("#id_board_community", "8h 9h Td 6c Js")
    result = _save(page)
    assert _sides(result) == [("Ann", "high", "10.05")]     # 8-Q beats Fred's 7-J straight


def test_double_board_each_board_takes_half_H7(banker_page, live_server, three):
    page = banker_page
    _open(page, live_server, three, "double-board-holdem")
    _fill(page, {"p0_down": "As Ah", "p1_down": "Kh Kd", "p2_down": "6c 6d",
                 "board_board1": "2c 7d 9h Js 3c", "board_board2": "Ks 4d 8h Ts 5c"})
    result = _save(page)
    assert _sides(result) == [("Fred", "board2", "5.00"), ("Mike", "board1", "5.05")]
    saved = page.inner_text("#saved-hand")
    assert "Mike takes (board1)" in saved and "Fred takes (board2)" in saved


def test_by_who_won_chicago_has_the_spade_side_and_double_board_each_board_H3_H7(
        banker_page, live_server, three):
    page = banker_page
    _call(three, "chicago")
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    page.fill("#id_pot", "10.05")
    page.check("#id_p1_won_high")
    page.check("#id_p0_won_spade")
    result = _save(page)
    assert _sides(result) == [("Fred", "high", "5.05"), ("Mike", "spade", "5.00")]
    _call(three, "double-board-holdem", dealer="Fred")
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    page.fill("#id_pot", "10.05")
    page.check("#id_p0_won_board1")
    page.check("#id_p2_won_board2")
    result = _save(page)
    assert _sides(result) == [("Ann", "board2", "5.00"), ("Mike", "board1", "5.05")]
