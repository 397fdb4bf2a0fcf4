"""R6: random nights (buy-ins, sales, notes, hands, cash-outs, count differences, corrections,
payments, close) checked after every step against a model of what the bank knows (the chips it
has out) and against the ledger's invariants."""

import datetime

import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from ledger_night import amounts, assert_invariants, make_player, named, new_key, party, people

from ledger import selectors, services
from ledger.models import Entry
from ledger.posting.accounts import Account
from ledger.selectors import book_balances
from ledger.services import LedgerError

NAMES = ["Mike", "Fred", "Ann", "Gus"]
COLOURS = [("green", 500), ("black", 100), ("yellow", 50), ("blue", 25), ("red", 10),
           ("white", 5)]


def colours_for(cents: int) -> dict[str, int]:
    counts = {}
    for colour, value in COLOURS:
        counts[colour], cents = divmod(cents, value)
    return {c: n for c, n in counts.items() if n}


class PlayedNight(RuleBasedStateMachine):
    """One night per example; the model is what the bank knows: the chips it has out tonight,
    and the table's record of the pot (penalties and hands, which move no bank money)."""

    def __init__(self):
        super().__init__()
        # Each example is its own run of nights on the same players: what it writes is rolled
        # back in teardown, so the next example does not find this one's night still open
        # (one open session at a time).
        self._example = transaction.atomic()
        self._example.__enter__()
        self._open()

    def teardown(self):
        transaction.set_rollback(True)
        self._example.__exit__(None, None, None)

    def _open(self):
        """A new night; THE BOOK carries over from the last one (B6). Every other night the
        host is away: Fred banks and keeps a surrogate book (B7)."""
        self.nights = getattr(self, "nights", 0) + 1
        host_present = self.nights % 2 == 1
        self.banker = "Mike" if host_present else "Fred"
        self.session = services.night_open(
            date=datetime.date(2026, 11, 21), banker=named(self.banker), host_present=host_present,
            seating=people([n for n in NAMES if n != self.banker]), key=new_key())
        self.out = 0
        self.effects: dict[int, int] = {}        # entry id -> its move of the chips out
        self.table: dict[int, tuple[int, int | None, int]] = {}  # id -> (pot, awarded, owed)

    def pot(self) -> int:
        """The next pot as the live record leaves it: a penalty adds to it, a hand leaves its
        carry plus what its losers owe into the next pot."""
        pot = 0
        for pk in sorted(self.table):
            played, awarded, owed = self.table[pk]
            pot = pot + played if awarded is None else played - awarded + owed
        return pot

    def _record(self, entry: Entry, out: int) -> None:
        self.effects[entry.pk] = out
        self.out += out

    @rule(buyer=st.sampled_from(NAMES), nickels=st.integers(1, 600),
          paid=st.sampled_from(["cash", "note", "book"]),
          seller=st.sampled_from([None, *NAMES]))
    def buy(self, buyer, nickels, paid, seller):
        amount = 5 * nickels if seller else 500 * (1 + nickels % 6)
        refused = seller == buyer   # a player may sell chips the bank never saw them win
        try:
            entry = services.buyin_create(session=self.session, player=named(buyer),
                                          amount=amount, paid=paid, seller=party(seller),
                                          key=new_key(),
                                          confirm_duplicate=True)
        except LedgerError:
            assert refused
            return
        assert not refused
        self._record(entry, 0 if seller else amount)

    @rule(player=st.sampled_from(NAMES))
    def penalty(self, player):
        entry = services.penalty_record(session=self.session, player=named(player),
                                        key=new_key())
        self.table[entry.pk] = (20, None, 0)
        self._record(entry, 0)

    @rule(stakes=st.dictionaries(st.sampled_from(NAMES), st.integers(1, 40), max_size=3),
          winner=st.sampled_from(NAMES), keep=st.integers(0, 2))
    def hand(self, stakes, winner, keep):
        pot = self.pot() + 5 * keep       # the pot on the table and the bets of this hand
        award = pot - 5 * (keep % 2)
        owed = 5 * sum(stakes.values())   # the losers' match into the next pot (P3)
        try:
            entry = services.hand_record(session=self.session, pot=pot,
                                         awards=amounts({winner: award}),
                                         owes=amounts({p: 5 * n for p, n in stakes.items()}),
                                         key=new_key())
        except LedgerError:
            assert award <= 0
            return
        assert award > 0
        self.table[entry.pk] = (pot, award, owed)
        self._record(entry, 0)

    @rule(player=st.sampled_from(NAMES), extra=st.integers(-300, 40))
    def cashout(self, player, extra):
        cents = max(self.out + 5 * extra, 0)
        try:
            entry = services.cashout_create(session=self.session, player=named(player),
                                            chips=colours_for(cents), key=new_key())
        except LedgerError:
            assert cents > self.out
            return
        assert cents <= self.out
        self._record(entry, -cents)

    @rule(nickels=st.integers(1, 60))
    def count_difference(self, nickels):
        try:
            entry = services.count_difference_record(session=self.session, amount=5 * nickels,
                                                     reason="a chip on the floor", key=new_key())
        except LedgerError:
            assert 5 * nickels > self.out
            return
        self._record(entry, -5 * nickels)

    @precondition(lambda self: self.effects)
    @rule(data=st.data())
    def correct(self, data):
        pk = data.draw(st.sampled_from(sorted(self.effects)))
        try:
            services.entry_reverse(entry=Entry.objects.get(pk=pk), reason="property test",
                                   key=new_key())
        except LedgerError:
            return  # refused: leaves something below zero, or already corrected
        assert self.out - self.effects[pk] >= 0
        self.out -= self.effects.pop(pk)
        self.table.pop(pk, None)

    @rule(payer=st.sampled_from(NAMES), payee=st.sampled_from(["bank", *NAMES]),
          nickels=st.integers(1, 200))
    def pay(self, payer, payee, nickels):
        try:
            services.payment_record(session=self.session, player=named(payer), to=party(payee),
                                    amount=5 * nickels, key=new_key())
        except LedgerError:
            assert payer == payee or (payee == "bank" and payer == self.banker)

    @rule(commit=st.booleans(), award_to=st.sampled_from(NAMES))
    def close(self, commit, award_to):
        for player in selectors.not_cashed_out(self.session):   # the first takes what is out,
            self.cashout(player.name, extra=0)                   # the others cash out nothing
        if self.out:
            self.count_difference(self.out // 5)
        if selectors.night_dashboard(self.session).final_pot:
            services.final_pot_award(session=self.session, winner=named(award_to),
                                     key=new_key())
        for note, _ in selectors.open_notes(self.session):
            service = services.note_commit if commit else services.note_void
            service(session=self.session, note=note, key=new_key())
        services.night_close(session=self.session, key=new_key())
        self.session.refresh_from_db()
        assert_invariants(self.session)   # nothing out, nets and THE BOOK sum to zero
        if book_balances(kinds=[Account.SURROGATE], session=self.session):
            before = selectors.night_book(self.session)
            services.surrogate_book_merge(session=self.session, key=new_key())
            assert {p.pk: c for p, c in selectors.the_book()} == before
        self._open()

    @invariant()
    def ledger_matches_the_model(self):
        dash = assert_invariants(self.session)
        assert dash.chips_outstanding == self.out
        assert dash.table_pot == self.pot()


@pytest.mark.slow
@pytest.mark.django_db
def test_random_nights_keep_every_invariant_R6(db):
    make_player("Mike", "BOG", is_host=True)
    make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU", regular=False, invited_by="Fred")
    run_state_machine_as_test(PlayedNight, settings=settings(
        max_examples=20, stateful_step_count=20, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]))
