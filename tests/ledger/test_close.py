"""Closing a night (B5, B8, B9, B12): nothing left out, guests' debts to their inviters."""

import pytest
from django.urls import reverse
from ledger_night import assert_invariants, new_key

from ledger import selectors, services
from ledger.house import house_in_use
from ledger.models import Entry, Night, Player
from ledger.posting.accounts import EntryKind
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db


def refuse_close(night, message):
    before = Entry.objects.count()
    with pytest.raises(LedgerError, match=message):
        services.night_close(session=night.session, key=new_key())
    night.refresh()
    assert night.session.status == Night.OPEN
    assert Entry.objects.count() == before


def test_closing_before_everyone_who_bought_has_cashed_out_is_refused_B12(night):
    night.buy("Fred", "10.00")
    night.buy("Ann", "5.00", seller="Fred")
    refuse_close(night, "Ann and Fred have not cashed out yet")
    night.cashout("Fred", green=2)
    refuse_close(night, "Ann has not cashed out yet")


def test_closing_with_chips_out_is_refused_until_the_difference_is_recorded_B12(night):
    night.buy("Fred", "10.00")
    night.penalty("Fred")          # the table's record: it moves no bank chips
    night.cashout("Fred", green=1, black=4, yellow=1, blue=1, white=1)   # 9.80
    refuse_close(night, "\\$0.20 in chips the bank sold tonight has not come back")
    night.count_difference("0.20", "two white chips lost")
    night.final_pot("Fred")
    night.close()
    assert night.row("Mike")["net"] == "0.20"


def test_closing_with_an_unpaid_final_pot_is_refused_B12(night):
    night.buy("Fred", "5.00")
    night.buy("Ann", "5.00")
    night.hand("0.50", {"Fred": "0.50"}, {"Ann": "0.50"})
    night.cashout("Fred", green=1, yellow=1)
    night.cashout("Ann", black=4, yellow=1)
    refuse_close(night, "final pot of \\$1.00 has not been won")


def test_closing_with_a_note_open_is_refused_B5(night):
    night.buy("Fred", "10.00", paid="note")
    night.cashout("Fred", green=2)
    refuse_close(night, "Bank notes are still open \\(BOF \\$10.00\\)")


def test_a_guests_debt_moves_to_the_inviter_at_close_B9(night):
    night.buy("Gus", "10.00", paid="book")
    night.buy("Ann", "10.00")
    night.hand("10.00", {"Ann": "10.00"}, {"Gus": "10.00"})
    night.cashout("Ann", green=4)
    night.cashout("Gus")
    close = night.close()
    assert "Gus's $10.00 to Fred" in close.memo
    assert night.row("Gus")["book_after"] == "0.00"
    assert night.row("Fred")["book_after"] == "-10.00"
    assert night.row("Ann")["book_after"] == "10.00"
    assert night.report()["transfers"] == [{"from": "Fred", "to": "Ann", "amount": "10.00"}]
    assert_invariants()


def test_the_close_page_names_the_regular_the_close_moves_a_guests_debt_to_B9(
        night, players, banker_client):
    """Hal came with Gus, himself a guest (typed in the admin: the forms take only a regular).
    The close moves Hal's debt to Fred, the regular behind them; the page said Gus."""
    Player.objects.create(house=house_in_use(), name="Hal", note_id="BOH", regular=False,
                          invited_by=players["Gus"])
    night.buy("Hal", "10.00", paid="book")
    night.buy("Ann", "10.00")
    night.hand("10.00", {"Ann": "10.00"}, {"Hal": "10.00"})
    night.cashout("Ann", green=4)
    night.cashout("Hal")
    moves = selectors.guest_moves(night.session)
    assert [(m.guest.name, m.debt, m.inviter and m.inviter.name) for m in moves] == [
        ("Hal", 10_00, "Fred")]
    page = banker_client.get(reverse("night_close", args=[night.session.pk]))
    assert "Hal owes <span class=\"money\">$10.00</span>: at close this moves to Fred." \
        in page.content.decode()
    assert "Hal's $10.00 to Fred" in night.close().memo


def test_a_guest_who_is_owed_keeps_the_credit_B9(night):
    night.buy("Ann", "10.00", paid="book")
    night.hand("10.00", {"Gus": "10.00"}, {"Ann": "10.00"})
    night.cashout("Gus", green=2)
    night.cashout("Ann")
    night.close()
    assert night.row("Gus")["book_after"] == "10.00"


def test_an_empty_night_closes_with_nothing_to_settle(night):
    night.close()
    assert night.session.settlement == {"transfers": [], "minimal": True}
    assert selectors.settle_up_report(night.session)["transfers"] == []


def test_cash_left_in_the_box_goes_to_the_banker_at_close(night):
    night.buy("Fred", "10.00")
    night.cashout("Fred", green=1)
    night.reverse(Entry.objects.get(kind=EntryKind.CASHOUT))  # typed wrong: he had 2 greens
    night.cashout("Fred", green=2)
    night.close()
    assert selectors.night_dashboard(night.session).cash_box == 0


def test_a_failure_while_closing_leaves_the_night_open_and_unchanged_R8(night, monkeypatch):
    night.buy("Gus", "10.00", paid="book")
    night.buy("Ann", "10.00")
    night.hand("10.00", {"Ann": "10.00"}, {"Gus": "10.00"})
    night.cashout("Ann", green=4)
    night.cashout("Gus")
    entries = Entry.objects.count()

    def broken(balances):
        raise RuntimeError("power cut")

    monkeypatch.setattr("ledger.posting.closing.settle_balances", broken)
    with pytest.raises(RuntimeError):
        services.night_close(session=night.session, key="close-1")
    night.refresh()
    assert night.session.status == Night.OPEN and Entry.objects.count() == entries
    monkeypatch.undo()
    services.night_close(session=night.session, key="close-1")
    assert night.refresh().session.status == Night.CLOSED
