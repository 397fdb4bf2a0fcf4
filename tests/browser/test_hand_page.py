"""The hand page and the game call in Chromium, taps and key presses counted: a hand by who won
in a few taps, by the cards one tap a card, the picker only when it is used, the fields of the
game, Save and "Work it out" always in view with seven players, the call page's search, the
next dealer and the game's rules in plain words; screenshots at the four sizes."""

import datetime
import re

import pytest

from ledger.posting.accounts import EntryKind

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PORTRAIT = {"width": 820, "height": 1180}
LANDSCAPE = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 740}
SEVEN = ["Mike", "Fred", "Ann", "Gus", "Lou", "Jim", "Sue"]


class Taps:
    """The banker's hands on the page: every tap and every key press is counted."""

    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, selector):
        self.page.click(selector)
        self.taps += 1

    def type(self, text):
        self.page.keyboard.type(text)
        self.keys += len(text)

    @property
    def total(self):
        return self.taps + self.keys


def _night(names):
    from ledger import services

    rows = [services.player_create(name=name, note_id=f"BX{index}", is_host=index == 0,
                                   key=f"p-{name}") for index, name in enumerate(names)]
    return services.night_open(date=datetime.date(2026, 11, 21), banker=rows[0],
                                 seating=rows[1:], key="open-night")


def _call(session, game, dealer="Mike", **options):
    from ledger import services
    from ledger.models import Player

    services.game_call(session=session, game=game, dealer=Player.objects.get(name=dealer),
                       options=options or None,
                       key=f"call-{game}-{dealer}-{session.pk}")


@pytest.fixture
def three(transactional_db):
    return _night(SEVEN[:3])


@pytest.fixture
def seven(transactional_db):
    return _night(SEVEN)


def _in_view(page, selector) -> bool:
    return page.evaluate("""(selector) => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
    }""", selector)


def _visible(page, selector) -> bool:
    return page.locator(selector).first.is_visible()


def test_a_three_player_hand_by_who_won_in_two_taps(banker_page, live_server, three, shots):
    from ledger.models import Entry

    _call(three, "draw-match-pot")
    page = banker_page
    page.set_viewport_size(PORTRAIT)
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    hands = Taps(page)
    assert not _visible(page, "[data-card-picker]")          # no picker by who won
    assert not _visible(page, "#id_p1_down")
    hands.tap("label:has(#id_p1_won_high)")                  # Fred won
    hands.tap("#hand-actions button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    assert hands.total == 2 <= 4
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert [a["name"] for a in result["awards"]] == ["Fred"]
    assert {o["name"] for o in result["owes"]} == {"Mike", "Ann"}


def test_a_hand_by_the_cards_is_one_tap_a_card(banker_page, live_server, three, shots):
    from ledger.models import Entry

    _call(three, "five-card-draw")
    page = banker_page
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    hands = Taps(page)
    hands.tap("label:has(input[name=mode][value=cards])")
    assert _visible(page, "[data-card-picker]") and _visible(page, "#id_p0_down")
    assert not page.locator("#id_p0_up").count()             # a draw game: one hand each
    assert not _visible(page, "#id_p0_won_high")
    deal = {"Mike": "As Ks Qs Js 9s", "Fred": "2c 2d 2h 7s 8d", "Ann": "Ah Kh Qh Jh 8c"}
    for cards in deal.values():                              # the picker moves on by itself
        for card in cards.split():
            hands.tap(f"button[data-card='{card}']")
    assert [page.input_value(f"#id_p{i}_down") for i in range(3)] == list(deal.values())
    page.screenshot(path=str(shots / "hand-by-cards-picker-1024x768.png"))
    hands.tap("#hand-actions button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    assert hands.total == 15 + 2                             # a tap a card, the mode, Save
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert [a["name"] for a in result["awards"]] == ["Mike"]


def test_a_folded_player_is_skipped_and_a_card_taken_back_is_put_right(banker_page,
                                                                        live_server, three):
    _call(three, "five-card-draw")
    page = banker_page
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    page.check("input[name=mode][value=cards]")
    page.check("#id_p0_folded")                              # Mike folds: Fred is first
    for card in ("2c", "2d", "2h", "7s", "9d"):
        page.click(f"button[data-card='{card}']")
    page.click("button[data-card='9d']")                     # wrong card: tap it off ...
    page.click("button[data-card='8d']")                     # ... and the right one on
    assert page.input_value("#id_p1_down") == "2c 2d 2h 7s 8d"
    assert page.input_value("#id_p0_down") == ""
    page.click("button[data-card='Ah']")
    assert page.input_value("#id_p2_down") == "Ah"


@pytest.mark.parametrize("shown", [(0, 1), (0, 2), (1, 5), (4, 5)])
def test_seven_card_stud_two_hands_shown_and_four_folds_in_18_taps(banker_page, live_server,
                                                                   transactional_db, shown,
                                                                   shots):
    """Wherever the two shown hands sit among the six players: the mode, a tap a card (14), a
    tap to each hand's seat where a folder sits before it, and "Save, the rest folded"."""
    from ledger.models import Entry

    six = _night(SEVEN[:6])
    _call(six, "seven-card-stud")
    page = banker_page
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"{live_server.url}/s/{six.pk}/hand/")
    hands = Taps(page)
    hands.tap("label:has(input[name=mode][value=cards])")
    deal = {shown[0]: ("As Ah", "Ad Ac Ks Kh", "Kd"), shown[1]: ("2c 3d", "4h 5s 7c 8d", "9h")}
    for seat, (down, up, last) in deal.items():
        if "card-target" not in (page.get_attribute(f"#id_p{seat}_down", "class") or ""):
            hands.tap(f"#id_p{seat}_down")                   # the second hand's seat
        for card in f"{down} {up} {last}".split():
            hands.tap(f"button[data-card='{card}']")
    page.screenshot(path=str(shots / f"stud-two-shown-{shown[0]}{shown[1]}-1024x768.png"))
    hands.tap("#hand-actions button[data-fold-rest]")    # the four without cards fold
    page.wait_for_url(re.compile(r"saved=\d+"))
    assert hands.total <= 18
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert [a["name"] for a in result["awards"]] == [SEVEN[shown[0]]]   # four of a kind wins


def test_a_stud_game_has_down_and_up_cards_and_a_holdem_game_a_board(banker_page, live_server,
                                                                      three):
    _call(three, "seven-card-stud")
    page = banker_page
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    page.check("input[name=mode][value=cards]")
    assert _visible(page, "#id_p1_down") and _visible(page, "#id_p1_up")
    assert not page.locator("[id^=id_board_]").count()
    for card in ("2c", "2d", "9h", "2h", "7s", "8d", "Kc"):   # 3 down, then 4 up
        page.click(f"button[data-card='{card}']")
    assert page.input_value("#id_p0_down") == "2c 2d 9h"
    assert page.input_value("#id_p0_up") == "2h 7s 8d Kc"
    assert "Dealt" in page.inner_text("#game-words")
    from ledger import services

    services.game_end(session=three, key="end-stud")
    _call(three, "texas-holdem", dealer="Fred")
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    assert not _visible(page, "#id_board_community")         # by who won: no board
    page.check("input[name=mode][value=cards]")
    assert _visible(page, "#id_board_community") and not page.locator("#id_p0_up").count()


def test_everybody_dropped_is_two_taps(banker_page, live_server, three):
    from ledger.models import Entry

    _call(three, "guts")
    page = banker_page
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    hands = Taps(page)
    hands.tap("label:has(input[name=mode][value=dropped])")
    assert "re-antes" in page.inner_text("#dropped")
    assert not _visible(page, "table.hand-entry")
    hands.tap("#hand-actions button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    assert hands.total == 2
    assert "Everyone re-antes (P14)." in page.inner_text("#saved-hand")
    assert Entry.objects.get(kind=EntryKind.HAND).payload["result"]["carry"] == "0.15"


def test_an_empty_hand_a_bad_card_and_a_hand_saved_twice(banker_page, live_server, three,
                                                         shots):
    from ledger.models import Entry

    _call(three, "draw-match-pot")
    page = banker_page
    page.set_viewport_size(PORTRAIT)
    url = f"{live_server.url}/s/{three.pk}/hand/"
    page.goto(url)
    page.click("#hand-actions button[name=save]")             # nothing marked
    assert "Mark who won, or enter the cards" in page.inner_text(".error-box")
    page.check("input[name=mode][value=cards]")
    page.fill("#id_p1_down", "1x 2d 3d 4d 5d")
    page.fill("#id_p2_down", "As Ks Qs Js Ts")
    page.click("#hand-actions button[name=save]")
    error = page.inner_text("td.cards .field-error")
    assert error.startswith("Fred's cards: '1x' is not a card")
    assert page.get_attribute("#id_p1_down", "aria-invalid") == "true"
    assert page.input_value("#id_p1_down") == "1x 2d 3d 4d 5d"  # kept
    page.screenshot(path=str(shots / "hand-card-error-820x1180.png"), full_page=True)
    assert Entry.objects.filter(kind=EntryKind.HAND).count() == 0

    page.goto(url)
    page.check("#id_p1_won_high")
    page.click("#hand-actions button[name=save]")
    page.wait_for_url(re.compile(r"saved=\d+"))
    page.go_back()                                             # the boxes come back ticked
    page.wait_for_load_state()
    if not page.is_checked("#id_p1_won_high"):
        page.check("#id_p1_won_high")
    page.click("#hand-actions button[name=save]")
    assert "Possible duplicate?" in page.inner_text("#duplicate")
    page.screenshot(path=str(shots / "hand-duplicate-820x1180.png"), full_page=True)
    assert Entry.objects.filter(kind=EntryKind.HAND).count() == 1
    page.click("#save-again")
    page.wait_for_url(re.compile(r"saved=\d+"))
    assert Entry.objects.filter(kind=EntryKind.HAND).count() == 2


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE, PHONE], ids=["820", "1024", "390"])
def test_save_and_work_it_out_stay_in_view_with_seven_players(banker_page, live_server, seven,
                                                              size):
    _call(seven, "seven-card-stud")
    page = banker_page
    page.set_viewport_size(size)
    page.goto(f"{live_server.url}/s/{seven.pk}/hand/")
    for mode in ("winners", "cards"):
        page.check(f"input[name=mode][value={mode}]")
        for where in ("top", "middle", "bottom"):
            page.evaluate("""(where) => window.scrollTo(0, where === "top" ? 0 :
                where === "middle" ? document.body.scrollHeight / 3 : document.body.scrollHeight)
                """, where)
            for button in ("save", "preview"):
                selector = f"#hand-actions button[name={button}]"
                assert _in_view(page, selector), (mode, where, button, size)


SIZES = [PORTRAIT, LANDSCAPE, PHONE, SMALL_PHONE]


def test_the_call_page_finds_a_game_and_says_its_rules(banker_page, live_server, seven, shots):
    from ledger import selectors

    page = banker_page
    page.set_viewport_size(PORTRAIT)
    page.goto(f"{live_server.url}/s/{seven.pk}/game/")
    assert page.input_value("#id_dealer") == str(
        next(pk for pk, name in selectors.seated_roster(seven) if name == "Mike"))
    hands = Taps(page)
    hands.tap("#game-search")
    hands.type("guts")
    assert page.input_value("#id_game") == "guts"           # the first match is chosen
    assert "three of a kind beats a straight flush" in page.inner_text("#call-rules")
    assert page.locator("[data-game-matches] button").count() == 5
    hands.tap("[data-game-matches] button:text('Two-card guts')")
    assert page.input_value("#id_game") == "two-card-guts"
    assert "only pairs and high cards count" in page.inner_text("#call-rules")
    page.screenshot(path=str(shots / "game-call-search-820x1180.png"), full_page=True)
    hands.tap("button:text('Call the game')")
    page.wait_for_url(re.compile(r"/hand/$"))
    assert hands.total <= 8
    assert selectors.table_game(seven).game == "two-card-guts"
    assert "Everybody dropped" in page.inner_text("#hand-form")
    page.goto(f"{live_server.url}/s/{seven.pk}/game/")
    groups = page.eval_on_selector_all("#id_game optgroup", "gs => gs.map(g => g.label)")
    assert groups[0] == "Called tonight"
    assert groups[1:] == ["Stud", "Draw", "Community cards", "Boards of their own shape",
                          "Match pot and burn", "Guts"]


@pytest.mark.parametrize("size", SIZES, ids=["820", "1024", "390", "360"])
def test_screenshots_of_the_hand_and_call_pages(banker_page, live_server, seven, shots, size):
    _call(seven, "old-man")
    page = banker_page
    page.set_viewport_size(size)
    at = f"{size['width']}x{size['height']}"
    page.goto(f"{live_server.url}/s/{seven.pk}/game/")
    page.fill("#game-search", "deadly")
    page.screenshot(path=str(shots / f"hand-page-call-{at}.png"), full_page=True)
    page.goto(f"{live_server.url}/s/{seven.pk}/hand/")
    page.screenshot(path=str(shots / f"hand-page-winners-{at}.png"), full_page=True)
    page.check("input[name=mode][value=cards]")
    page.screenshot(path=str(shots / f"hand-page-cards-{at}.png"), full_page=False)
    page.screenshot(path=str(shots / f"hand-page-cards-full-{at}.png"), full_page=True)
    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not wide


def _box(page, selector) -> dict:
    return page.evaluate("""(selector) => {
        const b = document.querySelector(selector).getBoundingClientRect();
        return {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
    }""", selector)


def _overlap(a: dict, b: dict) -> bool:
    return (a["left"] < b["right"] and b["left"] < a["right"]
            and a["top"] < b["bottom"] and b["top"] < a["bottom"])


@pytest.mark.parametrize("result", ["preview", "saved-hand"])
def test_the_card_picker_leaves_the_result_in_view_at_1024x768(banker_page, live_server, three,
                                                               shots, result):
    # Issue 37: by the cards at 1024x768 the picker (sticky above Save) covered what the
    # rules give. The result is in the viewport, the picker and the buttons beside it.
    _call(three, "draw-match-pot")                           # the game goes on after a hand
    page = banker_page
    page.set_viewport_size(LANDSCAPE)
    page.goto(f"{live_server.url}/s/{three.pk}/hand/")
    page.check("input[name=mode][value=cards]")
    deal = {"Mike": "As Ks Qs Js 9s", "Fred": "2c 2d 2h 7s 8d", "Ann": "Ah Kh Qh Jh 8c"}
    for cards in deal.values():
        for card in cards.split():
            page.click(f"button[data-card='{card}']")
    button = "preview" if result == "preview" else "save"
    with page.expect_navigation():
        page.click(f"#hand-actions button[name={button}]")
    page.wait_for_load_state("networkidle")
    if not page.is_checked("input[name=mode][value=cards]"):
        page.check("input[name=mode][value=cards]")         # the next hand by the cards too
    assert _visible(page, "[data-card-picker]")
    page.screenshot(path=str(shots / f"hand-{result}-with-picker-1024x768.png"))
    for where in ("top", "bottom"):                          # from the top of the page down
        page.evaluate("(where) => window.scrollTo(0, where === 'top' ? 0 : "
                      "document.body.scrollHeight)", where)
        # the result's box (its explanations scroll inside it when long) and its figures
        shown = _box(page, "#hand-results")
        assert shown["top"] >= 0 and shown["bottom"] <= LANDSCAPE["height"], (where, shown)
        assert shown["right"] <= LANDSCAPE["width"]
        assert _in_view(page, f"#{result} [data-next-pot]"), where
        figures = _box(page, f"#{result} table")
        assert figures["top"] >= shown["top"] and figures["bottom"] <= shown["bottom"], where
        for other in ("[data-card-picker]", "#hand-actions"):
            assert not _overlap(shown, _box(page, other)), (where, other, _box(page, other))
    for button in ("save", "preview"):
        assert _in_view(page, f"#hand-actions button[name={button}]")
