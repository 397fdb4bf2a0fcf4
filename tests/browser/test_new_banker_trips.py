"""What a new banker tripped on, in Chromium (issue 29): the game search finds split and
declare games however they are written and offers the dealer's own game when nothing matches;
the Save buttons stand above the fold at 1024x768; a 7-card stud hand by the cards takes a tap
a fold and a tap a card."""

import re

import pytest

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _search(page, text: str) -> list[str]:
    page.fill("#game-search", text)
    return page.eval_on_selector_all("#id_game option", "os => os.map(o => o.value)")


def test_the_game_search_knows_split_and_declare_games_by_any_name_S12(
        banker_page, live_server, table, shots):
    page = banker_page
    page.goto(f"{live_server.url}/s/{table['session'].pk}/game/")
    split = _search(page, "hi-lo")
    assert "cold-omaha" in split and "jersey-holdem" in split
    assert "five-card-stud" not in split                   # a high game is not a split one
    assert _search(page, "high-low") == split == _search(page, "High Low")
    assert "hi-lo" not in page.inner_text("#game-search-count")   # a count, not "no game"
    declare = _search(page, "declare")
    assert {"big-sol", "doogie", "old-man"} <= set(declare)
    assert "cold-omaha" not in declare
    assert "jersey-holdem" in _search(page, "8-or-better")
    assert not page.is_visible("[data-own-game]")
    for name in ("mexican sweat", "flamingo"):             # not in the catalog
        assert _search(page, name) == [""]
        assert f"No game matches “{name}”" in page.inner_text("#game-search-count")
        assert page.is_visible("[data-own-game]")
    page.screenshot(path=str(shots / "game-call-no-match-1024x768.png"), full_page=True)
    page.click("[data-own-game]")
    assert page.input_value("#id_save_as") == "Flamingo"
    assert page.is_visible("#id_save_as")
    assert "saved for the house as “Flamingo”" in page.inner_text("#game-search-count")
    page.select_option("#id_game", "seven-card-stud")
    page.click("button:text('Call the game')")
    page.wait_for_url(re.compile(r"/hand/$"))
    from ledger.models import HouseGame
    assert HouseGame.objects.get().name == "Flamingo"


@pytest.mark.parametrize("path", ["buy/", "sale/", "cashout/"])
def test_save_is_above_the_fold_at_1024x768(banker_page, live_server, table, shots, path):
    from ledger import services

    services.buyin_create(session=table["session"], player=table["Fred"], amount=2000,
                          paid="cash", key="fold-buy")
    page = banker_page                                     # 1024x768 (conftest.TABLET)
    page.goto(f"{live_server.url}/s/{table['session'].pk}/{path}")
    save = page.locator("button.btn-big[name=save]")
    box = save.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 768, box
    page.screenshot(path=str(shots / f"save-in-view-{path.strip('/')}-1024x768.png"))
    assert page.evaluate("(b) => document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2)"
                         ".closest('button.btn-big') !== null", box)   # not covered


SIX = ["Mike", "Fred", "Ann", "Gus", "Lou", "Jim"]


def test_a_stud_hand_by_the_cards_is_a_tap_a_fold_and_a_tap_a_card(banker_page, live_server,
                                                                    transactional_db, shots):
    import datetime

    from ledger import services
    from ledger.models import Entry, Player

    rows = [services.player_create(name=name, note_id=f"BS{i}", is_host=i == 0,
                                   key=f"p-{name}") for i, name in enumerate(SIX)]
    night = services.night_open(date=datetime.date(2026, 11, 21), banker=rows[0],
                                  seating=rows[1:], key="open-six")
    services.game_call(session=night, game="seven-card-stud", dealer=rows[0], key="call-stud")
    page = banker_page
    page.goto(f"{live_server.url}/s/{night.pk}/hand/")
    taps = []
    tap = lambda selector: (page.click(selector), taps.append(selector))   # noqa: E731
    tap("label:has(input[name=mode][value=cards])")
    shown = {"Mike": "As Ad 9c Ah Kd 7s 2c", "Ann": "Ks Kh 3d Kc Qd 8h 4s"}
    for index, name in enumerate(SIX):
        if name in shown:
            for card in shown[name].split():               # the picker moves on by itself
                tap(f"button[data-card='{card}']")
        else:
            assert page.inner_text("[data-picker-fold]") == f"{name} folded"
            if name == "Fred":
                page.screenshot(path=str(shots / "stud-fold-in-the-picker-1024x768.png"))
            tap("[data-picker-fold]")                      # one tap, in the picker
            assert page.is_checked(f"#id_p{index}_folded")
    page.screenshot(path=str(shots / "stud-by-cards-six-1024x768.png"))
    assert page.input_value("#id_p0_down") == "As Ad 9c"
    assert page.input_value("#id_p2_up") == "Kc Qd 8h 4s"
    tap("#hand-actions button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    # the mode, a tap a card of the two shown hands, a tap a fold, Save: 20 (it took 24)
    assert len(taps) == 1 + 14 + 4 + 1
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert [a["name"] for a in result["awards"]] == ["Mike"]
    assert Player.objects.count() == 6


def test_a_second_cash_out_tonight_asks_first_R15(banker_page, live_server, table, shots):
    from ledger import services
    from ledger.models import Entry

    session = table["session"]
    services.buyin_create(session=session, player=table["Fred"], amount=6000, paid="cash",
                          key="second-cashout-buy")
    services.cashout_create(session=session, player=table["Fred"], chips={"black": 40},
                            key="second-cashout-first")
    page = banker_page
    page.goto(f"{live_server.url}/s/{session.pk}/cashout/?player={table['Fred'].pk}")
    page.fill("#id_black", "5")
    page.click("button.btn-big[name=save]")
    question = page.inner_text("#cash-out-again")
    assert "Fred already cashed out $40.00 tonight — another?" in question
    page.screenshot(path=str(shots / "cash-out-again-1024x768.png"))
    assert Entry.objects.filter(kind=EntryKind.CASHOUT).count() == 1
    page.click("#cash-out-again button:text('Yes, another cash-out')")
    page.wait_for_url(re.compile(r"\?saved=\d+"))
    assert Entry.objects.filter(kind=EntryKind.CASHOUT).count() == 2

