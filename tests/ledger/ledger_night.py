"""Helpers for the money-domain tests: a night driven through the services, and the
invariants every test checks after every call."""

from __future__ import annotations

import datetime
import itertools

from django.db.models import Sum

from ledger import selectors, services
from ledger.models import Entry, Night, Player
from ledger.posting.accounts import EntryKind
from rules.money import parse_cents

_keys = itertools.count()


# The services take rows and cents; tests name people and write amounts as the page shows them.

def named(who: Player | str) -> Player:
    """A player by name (a row stays a row)."""
    return who if isinstance(who, Player) else Player.objects.get(name=who)


def party(who: Player | str | None) -> Player | None:
    """A player by name, or None for the bank ("bank" or None)."""
    return None if who in (None, "", "bank") else named(who)


def people(names) -> list[Player]:
    return [named(who) for who in names]


def cents(amount: int | str) -> int:
    """Cents from "20.00" (an int is cents already)."""
    return amount if isinstance(amount, int) else parse_cents(amount)


def amounts(by_name) -> dict[Player, int]:
    """{"Ann": "5.00"} as the services take it: {Ann's row: 500}."""
    return {named(who): cents(amount) for who, amount in (by_name or {}).items()}


def new_key(prefix: str = "k") -> str:
    return f"{prefix}-{next(_keys)}"


def assert_invariants(session: Night | None = None):
    """Postings sum to zero per entry and overall; no session account below zero; chips out =
    sold - cashed in - count differences; THE BOOK sums to zero; a closed night has no chips or
    notes out, nets that sum to zero and no guest carrying debt."""
    report = selectors.audit(session)
    assert report["ok"], report
    sessions = [session] if session is not None else list(Night.objects.all())
    for night in sessions:
        dash = selectors.night_dashboard(night)
        assert dash.cash_box >= 0 and dash.final_pot >= 0
        assert all(value > 0 for _, value in dash.open_notes)
        live = Entry.objects.filter(session=night, reversed_by__isnull=True)
        sold = live.filter(kind=EntryKind.BUY, counterparty__isnull=True).aggregate(
            total=Sum("amount"))["total"] or 0
        turned_in = sum(services.chip_total(e.payload["chips"], night.game_settings)
                        for e in live.filter(kind=EntryKind.CASHOUT))
        lost = live.filter(kind=EntryKind.COUNT_DIFFERENCE).aggregate(
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
            if night.game_settings.guest_debt_to_inviter:
                assert all(book[g.pk] >= 0 for g in guests), "a guest carries BOOK debt (B9)"
    return dash if session is not None else None


class PlayedNight:
    """A poker night driven through the services with fresh keys; checks invariants after
    every call."""

    def __init__(self, session: Night):
        self.session = session

    def refresh(self) -> PlayedNight:
        self.session.refresh_from_db()
        return self

    def _call(self, service, **kwargs):
        kwargs.setdefault("key", new_key(service.__name__))
        result = service(**kwargs)
        self.session.refresh_from_db()
        assert_invariants(self.session)
        return result

    def buy(self, who, amount, paid="cash", seller=None, **kw) -> Entry:
        return self._call(services.buyin_create, session=self.session, player=named(who),
                          amount=cents(amount), paid=paid, seller=party(seller),
                          confirm_duplicate=True, **kw)

    def penalty(self, who, **kw) -> Entry:
        if "amount" in kw:
            kw["amount"] = cents(kw["amount"])
        return self._call(services.penalty_record, session=self.session, player=named(who),
                          **kw)

    def hand(self, pot, awards, owes=None, **kw) -> Entry:
        if kw.get("carry") is not None:
            kw["carry"] = cents(kw["carry"])
        return self._call(services.hand_record, session=self.session, pot=cents(pot),
                          awards=amounts(awards), owes=amounts(owes) if owes else None, **kw)

    def cashout(self, who, **chips) -> Entry:
        return self._call(services.cashout_create, session=self.session, player=named(who),
                          chips=chips)

    def final_pot(self, winner) -> Entry:
        return self._call(services.final_pot_award, session=self.session, winner=named(winner))

    def commit(self, who, holder="all", amount=None) -> Entry:
        return self._call(services.note_commit, session=self.session, player=named(who),
                          holder=_holder(holder), amount=_maybe_cents(amount))

    def void(self, who, holder="all", amount=None) -> Entry:
        return self._call(services.note_void, session=self.session, player=named(who),
                          holder=_holder(holder), amount=_maybe_cents(amount))

    def pay(self, who, to, amount) -> Entry:
        return self._call(services.payment_record, session=self.session, player=named(who),
                          to=party(to), amount=cents(amount))

    def close(self) -> Entry:
        return self._call(services.night_close, session=self.session)

    def reverse(self, entry, reason="typed wrong") -> Entry:
        return self._call(services.entry_reverse, entry=entry, reason=reason)

    def merge(self) -> Entry:
        return self._call(services.surrogate_book_merge, session=self.session)

    def count_difference(self, amount, reason="a chip on the floor") -> Entry:
        return self._call(services.count_difference_record, session=self.session,
                          amount=cents(amount), reason=reason)

    def chips_out(self) -> int:
        return selectors.night_dashboard(self.session).chips_outstanding

    def report(self) -> dict:
        return selectors.settle_up_report(self.session)

    def row(self, name) -> dict:
        return next(r for r in self.report()["players"] if r["name"] == name)


def _holder(holder):
    return holder if holder == "all" else party(holder)


def _maybe_cents(amount):
    return None if amount is None else cents(amount)


def make_player(name, note_id, invited_by=None, **kw) -> Player:
    return services.player_create(name=name, note_id=note_id, key=new_key("player"),
                                  invited_by=party(invited_by), **kw)


def open_night(banker="Mike", host_present=True, seating=("Fred", "Ann", "Gus")) -> PlayedNight:
    session = services.night_open(
        date=datetime.date(2026, 11, 21), banker=named(banker), host_present=host_present,
        seating=people(seating), key=new_key("open"),
    )
    return PlayedNight(session)
