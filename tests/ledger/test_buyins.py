"""Buying chips (B2, B3, B4): the three payments, sales between players, and bad input."""

from datetime import timedelta

import pytest
from django.utils import timezone
from ledger_night import cents, named, new_key, open_night

from ledger import selectors, services
from ledger.forms import BuyInForm
from ledger.models import BankNote, Entry, Posting
from ledger.night_file.amounts import cents_of
from ledger.posting.accounts import EntryKind
from ledger.posting.amounts import bank_steps
from ledger.services import LedgerError, PossibleDuplicate

pytestmark = pytest.mark.django_db


def rows():
    return Entry.objects.count(), Posting.objects.count(), BankNote.objects.count()


def test_a_cash_buy_in_fills_the_cash_box_and_puts_chips_out_B2(night):
    night.buy("Fred", "20.00")
    dash = selectors.night_dashboard(night.session)
    assert dash.cash_box == 2000 and dash.chips_outstanding == 2000
    fred = next(line for line in dash.lines if line.player.name == "Fred")
    assert fred.bought_less_cashed_out == 2000


def test_a_note_buy_in_issues_a_bank_note_with_the_buyers_identifier_B4(night):
    night.buy("Fred", "15.00", paid="note")
    note = BankNote.objects.get()
    assert (note.debtor.note_id, note.holder, note.amount) == ("BOF", None, 1500)
    dash = selectors.night_dashboard(night.session)
    assert dash.cash_box == 0 and dash.notes_open == 1500


def test_a_book_buy_in_makes_the_buyer_owe_the_banker_B3(night):
    night.buy("Ann", "10.00", paid="book")
    assert night.row("Ann")["book_after"] == "-10.00"
    assert night.row("Mike")["book_after"] == "10.00"


def test_a_chip_sale_between_players_moves_the_payment_and_no_bank_chips_B3(night):
    night.buy("Fred", "20.00")
    night.buy("Ann", "5.00", paid="book", seller="Fred")
    assert night.row("Ann")["book_after"] == "-5.00"
    assert night.row("Fred")["book_after"] == "5.00"
    dash = selectors.night_dashboard(night.session)
    assert (dash.cash_box, dash.chips_outstanding) == (2000, 2000)


def test_between_players_any_whole_nickel_amount_is_allowed_B2_B3(night):
    night.buy("Ann", "3.35", paid="cash", seller="Fred")   # the $5 step is the bank's rule
    assert (night.row("Ann")["bought_cash"], night.row("Ann")["net"]) == ("3.35", "-3.35")
    assert night.row("Fred")["net"] == "3.35"
    with pytest.raises(LedgerError, match="multiple of \\$0.05"):
        services.buyin_create(session=night.session, player=named("Ann"), amount=cents("3.33"),
                              seller=named("Fred"), key=new_key())


def test_a_note_given_to_another_player_is_held_by_that_player_B4(night):
    night.buy("Fred", "20.00")
    night.buy("Gus", "5.00", paid="note", seller="Fred")
    note = BankNote.objects.get()
    assert (note.debtor.name, note.holder.name) == ("Gus", "Fred")


def test_on_a_night_without_the_host_book_debts_go_to_the_surrogate_book_B7(players):
    night = open_night(banker="Fred", host_present=False, seating=["Ann"])
    night.buy("Ann", "10.00", paid="book")
    assert selectors.the_book() == []
    assert night.row("Ann")["book_after"] == "-10.00"


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        (700, "multiples of \\$5.00"),
        (-500, "must be more than \\$0.00"),
        (0, "must be more than \\$0.00"),
        (5.0, "as an amount such as 20.00"),
        (None, "as an amount such as 20.00"),
    ],
)
def test_a_bad_amount_is_refused_and_nothing_is_written_B2(night, amount, message):
    before = rows()
    with pytest.raises(LedgerError, match=message):
        services.buyin_create(session=night.session, player=named("Fred"), amount=amount,
                              key=new_key())
    assert rows() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7.00", "multiples of \\$5.00"),
        ("-5.00", "must be more than \\$0.00"),
        ("0", "must be more than \\$0.00"),
        ("ten", "is not an amount of money"),
        ("5.001", "is not an amount of money"),
        (5.0, "as an amount such as 20.00"),
        (None, "as an amount such as 20.00"),
    ],
)
def test_a_bad_amount_in_a_file_is_refused_in_the_services_words_B2(text, message):
    """The night file is the edge that reads amounts as text; the rules are the core's."""
    with pytest.raises(LedgerError, match=message):
        bank_steps(cents_of(text))


def test_an_unknown_player_is_refused_and_nothing_is_written(night):
    """The buy-in form offers tonight's roster: another id is refused there."""
    before = rows()
    form = BuyInForm({"player": "999", "amount": "5.00", "paid": "cash", "key": "k" * 20},
                     roster=[(named("Fred").pk, "Fred")])
    assert not form.is_valid() and "player" in form.errors
    assert rows() == before


def test_an_unknown_payment_is_refused_B3(night):
    with pytest.raises(LedgerError, match="cash, note or book"):
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("5.00"),
                              paid="iou", key=new_key())


def test_a_player_sells_chips_the_bank_never_saw_them_win(night):
    night.buy("Fred", "5.00")   # Fred won more at the table; the bank cannot know it
    night.buy("Ann", "10.00", paid="note", seller="Fred")
    assert selectors.night_dashboard(night.session).chips_outstanding == 500


def test_the_same_buy_in_under_another_key_asks_possible_duplicate_R15(night):
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          key="tablet-1")
    before = rows()
    with pytest.raises(PossibleDuplicate, match="Fred already bought \\$20.00 paid by cash"):
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                              key="phone-1")
    assert rows() == before
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          key="phone-1",
                          confirm_duplicate=True)
    assert selectors.night_dashboard(night.session).chips_outstanding == 4000


def test_a_different_buy_in_is_not_a_duplicate_R15(night):
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          key="a")
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("25.00"),
                          key="b")
    services.buyin_create(session=night.session, player=named("Ann"), amount=cents("20.00"),
                          key="c")
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 3


def test_nothing_can_be_bought_once_the_night_is_closed(night):
    night.close()
    with pytest.raises(LedgerError, match="is closed"):
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("5.00"),
                              key=new_key())


def test_a_duplicate_moments_ago_reads_just_now_R15(night):
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          key="tablet-2")
    with pytest.raises(PossibleDuplicate) as asked:
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                              key="phone-2")
    assert "paid by cash just now." in str(asked.value)
    assert "0 seconds" not in str(asked.value)


def test_a_duplicate_half_a_minute_ago_counts_the_seconds_R15(night, monkeypatch):
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          key="tablet-3")
    later = timezone.now() + timedelta(seconds=30)
    monkeypatch.setattr(timezone, "now", lambda: later)
    with pytest.raises(PossibleDuplicate, match="paid by cash (30|31) seconds ago\\."):
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                              key="phone-3")
