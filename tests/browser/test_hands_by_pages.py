"""A match-pot game of three hands entered on the tablet in Chromium: one by the cards, one by
who won, one with typed awards that break the rules and are corrected with one tap. The pot
and what each loser owes are right at every step (P2, P3, B11)."""

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _seat(page, name) -> int:
    """The row index of a player on the hand form (seating order, banker first)."""
    names = [n.strip() for n in page.locator("table.hand-entry tbody th").all_inner_texts()]
    return names.index(name)


def test_three_hands_of_a_match_pot_game_on_the_tablet(banker_page, live_server, table, shots):
    page = banker_page
    url = f"{live_server.url}/s/{table['session'].pk}/"
    page.goto(url)
    page.click("text=Call a game")
    page.select_option("#id_game", value="draw-match-pot")
    page.select_option("#id_dealer", label="Fred")
    page.click("text=Call the game")
    page.wait_for_url(re.compile(r"/hand/$"))

    # Hand 1, by the cards: Ann's trips beat Fred and Gus, who each match the $2.00 pot (P3).
    page.check("input[name=mode][value=cards]")
    page.fill("#id_pot", "2.00")
    page.check(f"#id_p{_seat(page, 'Mike')}_folded")
    page.click(f"#id_p{_seat(page, 'Fred')}_down")          # Fred's cards by the picker
    for card in ("Ks", "Kd", "4c", "7h", "9s"):
        page.click(f"button[data-card='{card}']")
    assert page.input_value(f"#id_p{_seat(page, 'Fred')}_down") == "Ks Kd 4c 7h 9s"
    assert "used" in page.get_attribute("button[data-card='Kd']", "class")
    page.click("button[data-card='9s']")                       # a second tap takes it back
    page.click("button[data-card='9s']")
    page.fill(f"#id_p{_seat(page, 'Ann')}_down", "Qs Qd Qh 2c 3s")
    page.fill(f"#id_p{_seat(page, 'Gus')}_down", "As Jd 8h 6c 5s")
    page.click("button[name=preview].btn-big")
    assert "Ann takes 2.00" in page.inner_text("#preview")
    page.screenshot(path=str(shots / "hand-preview.png"), full_page=True)
    page.click("button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    assert page.inner_text("#saved-hand [data-next-pot]") == "$4.00"

    # A penalty goes into the pot and never counts toward a match (B11).
    page.goto(url + "penalty/")
    page.select_option("#id_player", label="Gus")
    page.click("text=Give the night's warning")
    page.goto(url + "penalty/")
    page.select_option("#id_player", label="Gus")
    page.click("text=Charge the $0.20 penalty")
    page.goto(url + "hand/")
    assert page.input_value("#id_pot") == "4.20"

    # Hand 2, by who won: Fred wins; Ann and Gus match 4.00, not 4.20.
    page.check(f"#id_p{_seat(page, 'Fred')}_won_high")
    page.check(f"#id_p{_seat(page, 'Mike')}_folded")
    page.click("button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    saved = page.inner_text("#saved-hand")
    assert "Ann owes into the next pot (match)" in saved and "Gus owes" in saved
    assert page.inner_text("#saved-hand [data-next-pot]") == "$8.00"

    # Hand 3, typed wrong: Ann and Gus tie for 8.00 and the banker types 4.05 + 3.95.
    page.check(f"#id_p{_seat(page, 'Ann')}_won_high")
    page.check(f"#id_p{_seat(page, 'Gus')}_won_high")
    page.check(f"#id_p{_seat(page, 'Mike')}_folded")
    page.fill(f"#id_p{_seat(page, 'Ann')}_award", "4.05")
    page.fill(f"#id_p{_seat(page, 'Gus')}_award", "3.95")
    page.click("button[name=save]")
    errors = page.inner_text(".error-box")
    assert "typed Ann 4.05, Gus 3.95" in errors and "Ann 4.00, Gus 4.00" in errors
    page.screenshot(path=str(shots / "hand-typed-wrong.png"), full_page=True)
    page.click("#use-computed")
    page.wait_for_url(re.compile(r"saved=\d+"))
    assert "Fred owes into the next pot (match)" in page.inner_text("#saved-hand")
    assert page.inner_text("#saved-hand [data-next-pot]") == "$8.00"
    page.goto(url)
    assert page.inner_text("#table-pot") == "$8.00"
    assert "3 hands" in page.inner_text("#table-game")
