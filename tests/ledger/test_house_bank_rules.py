"""A house's bank rules (ARCHITECTURE.md, "A house's own game"): a guest's debt moves to the
inviter at the close (B9) or stays the guest's; nobody leaves before the last dealer's round
(B13) or anyone may; the player's page tells a debt moved in the night's currency."""

import pytest
from ledger_night import named, open_night

from ledger import selectors
from ledger.house import house_in_use
from ledger.house_settings import SEED
from ledger.selectors.book import book_story

pytestmark = pytest.mark.django_db
EURO = SEED.changed(currency="EUR", chips=(("white", 10), ("red", 50), ("black", 500)),
                    buy_in_step=1000, penalty_amount=50)


def _house_plays(settings):
    house = house_in_use()
    house.settings = settings.to_json()
    house.save()


def _guest_loses_everything(night):
    """Gus, Fred's guest, buys €10 on THE BOOK and loses it all to Fred (B9's case)."""
    night.buy("Fred", "10.00")
    night.buy("Gus", "10.00", paid="book")
    night.hand("10.00", {"Fred": "10.00"})
    night.cashout("Fred", black=4)
    night.cashout("Gus")
    night.close()


def _book(night) -> dict[str, int]:
    return {p.name: cents for p, cents in selectors.the_book() if cents}


def test_a_guests_debt_moves_to_the_inviter_told_in_the_nights_currency_B9(players):
    _house_plays(EURO)
    night = open_night()
    _guest_loses_everything(night)
    assert "Gus" not in _book(night) and "Fred" not in _book(night)   # Fred's win pays it
    fred = [line.reason for line in book_story(named("Fred")).lines]
    gus = [line.reason for line in book_story(named("Gus")).lines]
    assert "guest Gus's debt moved to you (B9)" in fred, fred
    assert "your debt moved to Fred (B9)" in gus, gus


def test_a_house_where_guests_carry_their_own_debt_keeps_it_on_the_guest_B9(players):
    _house_plays(EURO.changed(guest_debt_to_inviter=False))
    night = open_night()
    _guest_loses_everything(night)
    assert _book(night)["Gus"] == -1000 and _book(night)["Fred"] == 1000


@pytest.mark.parametrize("rule", [True, False])
def test_the_last_dealers_rule_is_the_houses_B13(players, rule):
    _house_plays(SEED.changed(last_dealer_rule=rule))
    night = open_night()
    night.buy("Fred", "5.00")
    night.hand("1.00", {"Fred": "1.00"})   # Mike (the banker) has dealt; Gus, the last, not
    deal = selectors.deal_state(night.session)
    assert deal.may_leave is not rule
