"""The pages this round changed, in Chromium at 390×844 and 820×1180: the phone tells each hand
by its game with the whole explanation and a last round's direct payments (P5), and explains
THE BOOK line by line (B9); the journal tells hands whole; the close page lists who the bank
owes cash; a closed night's writing page leads back to the night's page. Nothing scrolls
sideways; every tap target is big enough; a screenshot of each goes to `shots`."""

import datetime
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ledger"))
from ledger_night import PlayedNight, make_player, new_key  # noqa: E402
from test_layout import SMALL_TAPS, WIDE  # noqa: E402

from rules.games.hand_types import HandInput

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZES = pytest.mark.parametrize("size", [{"width": 390, "height": 844},
                                         {"width": 820, "height": 1180}], ids=["390", "820"])


@pytest.fixture
def night_of_slips(transactional_db):
    """Nov 14: Ann loses $10 on THE BOOK. Nov 21 (open): Ann and her guest Zed buy on THE
    BOOK, Fred pays cash; Draw match pot: Fred wins a hand, Ann wins the last round."""
    from ledger import services

    mike = make_player("Mike", "BOG", is_host=True)
    fred = make_player("Fred", "BOF")
    ann = make_player("Ann", "BOA")
    zed = make_player("Zed", "BOZ", regular=False, invited_by=ann)
    first = PlayedNight(services.night_open(date=datetime.date(2026, 11, 14), banker=mike,
                                        seating=[ann, fred], key=new_key()))
    first.buy("Ann", "10.00", paid="book")
    first.buy("Fred", "10.00")
    first.cashout("Ann")
    first.cashout("Fred", green=4)
    first.close()
    tonight = PlayedNight(services.night_open(date=datetime.date(2026, 11, 21), banker=mike,
                                          seating=[fred, ann, zed], key=new_key()))
    tonight.buy("Fred", "20.00")
    tonight.buy("Ann", "40.00", paid="book")
    tonight.buy("Zed", "10.00", paid="book")
    services.game_call(session=tonight.session, game="draw-match-pot", dealer=mike,
                       key=new_key())
    services.hand_enter(session=tonight.session, key=new_key(), hand=HandInput.from_json({
        "pot": "3.00", "players": [{"name": "Fred", "won": ["high"]}, {"name": "Ann"},
                                   {"name": "Zed"}]}))
    services.hand_enter(session=tonight.session, key=new_key(), hand=HandInput.from_json({
        "last_round": True, "players": [{"name": "Fred"}, {"name": "Ann", "won": ["high"]},
                                        {"name": "Zed"}]}))
    tonight.cashout("Ann", green=11)          # $55: the box pays $20, the bank owes $35
    tonight.cashout("Zed")
    tonight.pay("Zed", "bank", "1.00")
    return tonight


def _look(page, url, name, size, shots) -> list[str]:
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(shots / f"{name}-{size['width']}x{size['height']}.png"),
                    full_page=True)
    at = f"{name} at {size['width']}"
    return ([f"{at}: scrolls sideways {w}" for w in page.evaluate(WIDE)]
            + [f"{at}: {s}" for s in page.evaluate(SMALL_TAPS)])


@SIZES
def test_the_phone_tells_hands_and_the_book(page, live_server, night_of_slips, shots, size):
    from ledger.models import Player

    page.set_viewport_size(size)
    ann = Player.objects.get(name="Ann")
    problems = _look(page, f"{live_server.url}/p/{ann.balance_token}/", "phone-slips", size,
                     shots)
    hands = page.inner_text("#hands")
    assert "#1 Draw match pot" in hands and "dealer's game" not in hands
    second = page.inner_text("#hand-2")
    assert "Fred pays you $6.00 directly" in second and "into the next pot" not in second
    story = page.inner_text("#book-story")
    assert "Nov 14" in story and "-$10.00" in story
    assert ("bought on THE BOOK -$40.00; cash-out the cash box could not pay +$35.00"
            in story) and "THE BOOK now\t-$15.00" in story
    problems += _look(page, f"{live_server.url}/p/{Player.objects.get(name='Fred').balance_token}/",
                      "phone-slips-fred", size, shots)
    assert "you pay Ann $6.00 directly" in page.inner_text("#hand-2")
    assert not problems, "\n".join(problems)


@SIZES
def test_the_banker_pages_of_the_night(banker_page, live_server, night_of_slips, shots, size):
    page = banker_page
    page.set_viewport_size(size)
    s = f"{live_server.url}/s/{night_of_slips.session.pk}"
    problems = _look(page, f"{s}/journal/", "journal-slips", size, shots)
    journal = page.inner_text("#entries")
    assert "Mike calls Draw match pot" in journal and "Hand of Draw match pot: " in journal
    problems += _look(page, f"{s}/close/", "close-owed", size, shots)
    owed = page.inner_text("#owed-cash")
    assert "Ann" in owed and "$35.00" in owed
    night_of_slips.cashout("Fred", green=3)
    night_of_slips.close()
    problems += _look(page, f"{s}/cashout/", "closed-night-cashout", size, shots)
    assert re.search(r"/s/\d+/$", page.url)
    assert "This night is closed" in page.inner_text("main")
    assert not problems, "\n".join(problems)
