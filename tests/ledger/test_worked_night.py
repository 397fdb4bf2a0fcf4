"""A whole night typed by hand from the house rules, settled to the cent (B2-B12).

Mike (host, banker, BOG), Fred and Ann (regulars), Gus (Fred's guest). Worked by hand:

  buys     Fred 20 cash; Ann 20 by note (bank holds BOA 20); Gus 10 on THE BOOK (owes Mike);
           Mike 20 cash                                    -> cash box 40, chips out 70
  sales    Ann buys 5 from Fred for cash; Gus buys 5 from Ann with his note (Ann holds BOGU 5)
  table    Gus jumps the bet: 0.20 into the pot (B11); hand 1: everyone stakes 3.00, Fred takes
           the 12.20 pot; hand 2: Ann and Mike stake 2.35, Mike takes 4.70
           -> chips Fred 24.20, Ann 14.65, Gus 11.80, Mike 19.35 (= 70.00)
  cash-out Fred 24 cash (box 16), Ann 14 cash (box 2), Gus 2 cash + 9 owed by Mike,
           Mike 19 owed to himself; odd chips .20 + .65 + .80 + .35 = 2.00 final pot (B12)
  final    Ann wins the final pot: 2.00 owed by Mike (the box is empty)
  notes    BOA 20 committed: Ann owes Mike 20; BOGU 5 committed: Gus owes Ann 5 (B5)
  pay      Gus pays the bank (Mike) 5.00 in cash
  book     Gus -10 +9 -5 +5 = -1; Mike +10 -9 -2 +20 -5 = +14; Ann +2 -20 +5 = -13; Fred 0
  close    Gus is a guest: his 1.00 moves to Fred (B9) -> Mike +14, Ann -13, Fred -1, Gus 0
  settle   Ann pays Mike 13.00, Fred pays Mike 1.00 (B8)
  net      Mike 19 - 20 = -1; Fred 24 - 20 + 5 = 9; Ann 14 + 2 - 25 + 5 = -4; Gus 11 - 15 = -4
"""

import pytest
from ledger_night import assert_invariants

pytestmark = pytest.mark.django_db

EXPECTED = {
    "currency": "USD",
    "players": [
        {"name": "Mike", "bought_cash": "20.00", "bought_note": "0.00", "bought_book": "0.00",
         "sold": "0.00",
         "cashed_out": "19.00", "final_pot": "0.00", "net": "-1.00", "book_after": "14.00"},
        {"name": "Fred", "bought_cash": "20.00", "bought_note": "0.00", "bought_book": "0.00",
         "sold": "5.00",
         "cashed_out": "24.00", "final_pot": "0.00", "net": "9.00", "book_after": "-1.00"},
        {"name": "Ann", "bought_cash": "5.00", "bought_note": "20.00", "bought_book": "0.00",
         "sold": "5.00",
         "cashed_out": "14.00", "final_pot": "2.00", "net": "-4.00", "book_after": "-13.00"},
        {"name": "Gus", "bought_cash": "0.00", "bought_note": "5.00", "bought_book": "10.00",
         "sold": "0.00",
         "cashed_out": "11.00", "final_pot": "0.00", "net": "-4.00", "book_after": "0.00"},
    ],
    "transfers": [
        {"from": "Ann", "to": "Mike", "amount": "13.00"},
        {"from": "Fred", "to": "Mike", "amount": "1.00"},
    ],
    "minimal": True,
}


def play_worked_night(night):
    night.buy("Fred", "20.00", paid="cash")
    night.buy("Ann", "20.00", paid="note")
    night.buy("Gus", "10.00", paid="book")
    night.buy("Mike", "20.00", paid="cash")
    night.buy("Ann", "5.00", paid="cash", seller="Fred")
    night.buy("Gus", "5.00", paid="note", seller="Ann")
    night.penalty("Gus")
    night.hand("12.20", {"Fred": "12.20"},
               {"Fred": "3.00", "Ann": "3.00", "Gus": "3.00", "Mike": "3.00"}, game="guts")
    night.hand("4.70", {"Mike": "4.70"}, {"Ann": "2.35", "Mike": "2.35"}, game="seven-card-stud")
    assert night.chips_out() == 7000   # the bank sold 70.00; who holds them it cannot know
    night.cashout("Fred", green=4, black=4, blue=0, red=2)                # 24.20
    night.cashout("Ann", green=2, black=4, yellow=1, red=1, white=1)      # 14.65
    night.cashout("Gus", green=2, black=1, blue=3, white=1)               # 11.80
    night.cashout("Mike", green=3, black=4, blue=1, red=1)                # 19.35
    night.final_pot("Ann")
    night.commit("Ann")
    night.commit("Gus")
    night.pay("Gus", "bank", "5.00")
    night.close()


def test_worked_night_settles_to_the_cent_B2_to_B12(night):
    play_worked_night(night)
    assert night.report() == EXPECTED
    assert_invariants()
    assert night.refresh().session.settlement == {
        "transfers": EXPECTED["transfers"], "minimal": True}
