"""Helpers for the money-domain tests: a night driven through the services, and the
invariants every test checks after every call."""

from __future__ import annotations

import datetime
import itertools

from django.db.models import Sum

from ledger import selectors, services
from ledger.models import Entry, Player, PokerSession

_keys = itertools.count()


def new_key(prefix: str = "k") -> str:
    return f"{prefix}-{next(_keys)}"


def assert_invariants(session: PokerSession | None = None):
    """Postings sum to zero per entry and overall; no session account below zero; chips out =
    sold - cashed in - count differences; THE BOOK sums to zero; a closed night has no chips or
    notes out, nets that sum to zero and no guest carrying debt."""
    report = selectors.audit(session)
    assert report["ok"], report
    sessions = [session] if session is not None else list(PokerSession.objects.all())
    for night in sessions:
        dash = selectors.session_dashboard(night)
        assert dash.cash_box >= 0 and dash.final_pot >= 0
        assert all(value > 0 for _, value in dash.open_notes)
        live = Entry.objects.filter(session=night, reversed_by__isnull=True)
        sold = live.filter(kind=Entry.BUY, counterparty__isnull=True).aggregate(
            total=Sum("amount"))["total"] or 0
        turned_in = sum(services.chip_total(e.payload["chips"])
                        for e in live.filter(kind=Entry.CASHOUT))
        lost = live.filter(kind=Entry.COUNT_DIFFERENCE).aggregate(
            total=Sum("amount"))["total"] or 0
        # chips outstanding = chips the bank sold - chips cashed in - count differences >= 0
        assert dash.chips_outstanding == sold - turned_in - lost >= 0
        if not night.is_open:
            assert dash.chips_outstanding == 0 and dash.final_pot == 0 and not dash.open_notes
            assert dash.cash_box == 0
            assert sum(line.net for line in dash.lines) == 0, "a closed night's nets sum to 0"
            book = selectors.night_book(night)
            assert sum(book.values()) == 0
            guests = Player.objects.filter(pk__in=book, regular=False)
            assert all(book[g.pk] >= 0 for g in guests), "a guest carries BOOK debt (B9)"
    return dash if session is not None else None


class Night:
    """A poker night driven through the services with fresh keys; checks invariants after
    every call."""

    def __init__(self, session: PokerSession):
        self.session = session

    def refresh(self) -> Night:
        self.session.refresh_from_db()
        return self

    def _call(self, service, **kwargs):
        kwargs.setdefault("key", new_key(service.__name__))
        result = service(**kwargs)
        self.session.refresh_from_db()
        assert_invariants(self.session)
        return result

    def buy(self, player, amount, paid="cash", seller=None, **kw) -> Entry:
        return self._call(services.buyin_create, session=self.session, player=player,
                          amount=amount, paid=paid, seller=seller, confirm_duplicate=True, **kw)

    def penalty(self, player, **kw) -> Entry:
        return self._call(services.penalty_record, session=self.session, player=player, **kw)

    def hand(self, pot, awards, owes=None, **kw) -> Entry:
        return self._call(services.hand_record, session=self.session, pot=pot, awards=awards,
                          owes=owes, **kw)

    def cashout(self, player, **chips) -> Entry:
        return self._call(services.cashout_create, session=self.session, player=player,
                          chips=chips)

    def final_pot(self, winner) -> Entry:
        return self._call(services.final_pot_award, session=self.session, winner=winner)

    def commit(self, player, holder="all", amount=None) -> Entry:
        return self._call(services.note_commit, session=self.session, player=player,
                          holder=holder, amount=amount)

    def void(self, player, holder="all", amount=None) -> Entry:
        return self._call(services.note_void, session=self.session, player=player, holder=holder,
                          amount=amount)

    def pay(self, player, to, amount) -> Entry:
        return self._call(services.payment_record, session=self.session, player=player, to=to,
                          amount=amount)

    def close(self) -> Entry:
        return self._call(services.session_close, session=self.session)

    def reverse(self, entry, reason="typed wrong") -> Entry:
        return self._call(services.entry_reverse, entry=entry, reason=reason)

    def merge(self) -> Entry:
        return self._call(services.surrogate_book_merge, session=self.session)

    def count_difference(self, amount, reason="a chip on the floor") -> Entry:
        return self._call(services.count_difference_record, session=self.session, amount=amount,
                          reason=reason)

    def chips_out(self) -> int:
        return selectors.session_dashboard(self.session).chips_outstanding

    def report(self) -> dict:
        return selectors.settle_up_report(self.session)

    def row(self, name) -> dict:
        return next(r for r in self.report()["players"] if r["name"] == name)


def make_player(name, note_id, **kw) -> Player:
    return services.player_create(name=name, note_id=note_id, key=new_key("player"), **kw)


def open_night(banker="Mike", host_present=True, seating=("Fred", "Ann", "Gus")) -> Night:
    session = services.session_open(
        date=datetime.date(2026, 11, 21), banker=banker, host_present=host_present,
        seating=list(seating), key=new_key("open"),
    )
    return Night(session)
