"""R6: random nights (buy-ins, sales, notes, hands, cash-outs, corrections, payments, close)
checked after every step against a model of the chips and against the ledger's invariants."""

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
from ledger_night import assert_invariants, make_player, new_key

from ledger import selectors, services
from ledger.models import Account, Entry
from ledger.services import LedgerError
from ledger.services.journal import book_balances

NAMES = ["Mike", "Fred", "Ann", "Gus"]
COLOURS = [("green", 500), ("black", 100), ("yellow", 50), ("blue", 25), ("red", 10),
           ("white", 5)]


def colours_for(cents: int) -> dict[str, int]:
    counts = {}
    for colour, value in COLOURS:
        counts[colour], cents = divmod(cents, value)
    return {c: n for c, n in counts.items() if n}


class Night(RuleBasedStateMachine):
    """One night per example; the model is the chips each player holds and the pot."""

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
        self.session = services.session_open(
            date=datetime.date(2026, 11, 21), banker=self.banker, host_present=host_present,
            seating=[n for n in NAMES if n != self.banker], key=new_key())
        self.chips = dict.fromkeys(NAMES, 0)
        self.pot = 0
        self.effects: dict[int, dict[str, int]] = {}   # entry id -> chip moves (with "pot")

    def _record(self, entry: Entry, moves: dict[str, int]) -> None:
        self.effects[entry.pk] = moves
        for who, cents in moves.items():
            if who == "pot":
                self.pot += cents
            else:
                self.chips[who] += cents

    @rule(buyer=st.sampled_from(NAMES), fives=st.integers(1, 6),
          paid=st.sampled_from(["cash", "note", "book"]),
          seller=st.sampled_from([None, *NAMES]))
    def buy(self, buyer, fives, paid, seller):
        amount = 500 * fives
        refused = seller == buyer or (seller is not None and self.chips[seller] < amount)
        try:
            entry = services.buyin_create(session=self.session, player=buyer, amount=amount,
                                          paid=paid, seller=seller, key=new_key(),
                                          confirm_duplicate=True)
        except LedgerError:
            assert refused
            return
        assert not refused
        moves = {buyer: amount}
        if seller:
            moves[seller] = -amount
        self._record(entry, moves)

    @rule(player=st.sampled_from(NAMES))
    def penalty(self, player):
        try:
            entry = services.penalty_record(session=self.session, player=player, key=new_key())
        except LedgerError:
            assert self.chips[player] < 20
            return
        self._record(entry, {player: -20, "pot": 20})

    @rule(stakes=st.dictionaries(st.sampled_from(NAMES), st.integers(1, 40), max_size=3),
          winner=st.sampled_from(NAMES), keep=st.integers(0, 2))
    def hand(self, stakes, winner, keep):
        stakes = {p: 5 * n for p, n in stakes.items()}
        in_pot = self.pot + sum(stakes.values())
        award = max(in_pot - 5 * keep, 0)
        refused = any(self.chips[p] < c for p, c in stakes.items()) or award == 0
        try:
            entry = services.hand_record(session=self.session, pot=award,
                                         awards={winner: award}, owes=stakes, key=new_key())
        except LedgerError:
            assert refused
            return
        assert not refused
        moves = {p: -c for p, c in stakes.items()}
        moves[winner] = moves.get(winner, 0) + award
        moves["pot"] = sum(stakes.values()) - award
        self._record(entry, moves)

    @rule(player=st.sampled_from(NAMES), extra=st.integers(-300, 40))
    def cashout(self, player, extra):
        cents = self.chips[player] + 5 * extra
        if cents <= 0:
            return
        try:
            entry = services.cashout_create(session=self.session, player=player,
                                            chips=colours_for(cents), key=new_key())
        except LedgerError:
            assert cents > self.chips[player]
            return
        assert cents <= self.chips[player]
        self._record(entry, {player: -cents})

    @precondition(lambda self: self.effects)
    @rule(data=st.data())
    def correct(self, data):
        pk = data.draw(st.sampled_from(sorted(self.effects)))
        moves = self.effects[pk]
        after = dict(self.chips)
        for who, cents in moves.items():
            if who != "pot":
                after[who] -= cents
        pot_after = self.pot - moves.get("pot", 0)
        try:
            fix = services.entry_reverse(entry=pk, reason="property test", key=new_key())
        except LedgerError:
            return  # refused: leaves something below zero, or already corrected
        assert min(after.values()) >= 0 and pot_after >= 0
        del self.effects[pk]
        self._record(fix, {who: -cents for who, cents in moves.items()})
        self.effects.pop(fix.pk)

    @rule(payer=st.sampled_from(NAMES), payee=st.sampled_from(["bank", *NAMES]),
          nickels=st.integers(1, 200))
    def pay(self, payer, payee, nickels):
        try:
            services.payment_record(session=self.session, player=payer, to=payee,
                                    amount=5 * nickels, key=new_key())
        except LedgerError:
            assert payer == payee or (payee == "bank" and payer == self.banker)

    @rule(commit=st.booleans(), award_to=st.sampled_from(NAMES))
    def close(self, commit, award_to):
        if self.pot:
            entry = services.hand_record(session=self.session, pot=self.pot,
                                         awards={award_to: self.pot}, key=new_key())
            self._record(entry, {award_to: self.pot, "pot": -self.pot})
        for name in NAMES:
            if self.chips[name]:
                entry = services.cashout_create(session=self.session, player=name,
                                                chips=colours_for(self.chips[name]),
                                                key=new_key())
                self._record(entry, {name: -self.chips[name]})
        if selectors.session_dashboard(self.session).final_pot:
            services.final_pot_award(session=self.session, winner=award_to, key=new_key())
        for note, _ in services.open_notes(self.session):
            service = services.note_commit if commit else services.note_void
            service(session=self.session, note=note, key=new_key())
        services.session_close(session=self.session, key=new_key())
        self.session.refresh_from_db()
        assert_invariants(self.session)   # nothing out, THE BOOK sums to zero, no guest debt
        if book_balances(kinds=[Account.SURROGATE], session=self.session):
            before = selectors.night_book(self.session)
            services.surrogate_book_merge(session=self.session, key=new_key())
            assert {p.pk: c for p, c in selectors.the_book()} == before
        self._open()

    @invariant()
    def ledger_matches_the_model(self):
        dash = assert_invariants(self.session)
        held = {line.player.name: line.chips for line in dash.lines}
        assert {n: held.get(n, 0) for n in NAMES} == self.chips
        assert dash.table_pot == self.pot


@pytest.mark.django_db
def test_random_nights_keep_every_invariant_R6(db):
    make_player("Mike", "BOG", is_host=True)
    make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU", regular=False, invited_by="Fred")
    run_state_machine_as_test(Night, settings=settings(
        max_examples=20, stateful_step_count=20, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]))
