"""A night in the database as the posting core reads it (ledger/posting/night.py: `NightState`).

Loaded under the night's lock by the service about to write into it, and read a little at a
time: each question the rules ask is one query, asked at most once, so a buy-in reads its
seats and nothing of the table, and a close reads THE BOOK. People are named by name (unique
in the house); a bank note's reference is its row id.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from django.db.models import Sum

from ledger.models import BankNote, Entry, Night, Player, Posting, Seat
from ledger.posting.accounts import Account, EntryKind
from ledger.posting.night import LegKey, OpenNote, Person, Posted
from rules.games.table import TableState

from .balances import book_balances, night_totals, open_note_balances
from .table_state import table_game


def person_of(player: Player) -> Person:
    """A player row as the rules see them."""
    inviter = player.invited_by if player.invited_by_id else None
    return Person(name=player.name, note_id=player.note_id, regular=player.regular,
                  is_host=player.is_host, invited_by=inviter.name if inviter else None,
                  pk=player.pk)


class StoredNight:
    """One night in the database, for the rules to write into (see the module's docstring)."""

    def __init__(self, session: Night, players: Iterable[Player] = ()):
        self.session = session
        self.date = session.date
        self.host_present = session.host_present
        self.settings = session.game_settings
        self._rows: dict[str, Player] = {}
        # The rows as they are now (a caller's may be older than a rename): the rules name
        # people by name, so every row the night knows is read under the night's lock.
        wanted = {p.pk for p in players} - {session.banker_id}
        self._fresh = {session.banker_id: session.banker}
        if wanted:
            self._fresh |= Player.objects.select_related("invited_by").in_bulk(wanted)
        self.banker = self.person_of(session.banker)

    # -- people -------------------------------------------------------------------------

    def person_of(self, player: Player) -> Person:
        """The rules' person for a row the service was given (and remembered, for writing)."""
        player = self._fresh.get(player.pk, player)
        self._rows[player.name] = player
        return person_of(player)

    def person(self, name: str) -> Person:
        row = self._rows.get(name)
        if row is None:
            row = Player.objects.select_related("invited_by").get(name=name)
        return self.person_of(row)

    def rows(self, names: Iterable[str]) -> dict[str, Player]:
        wanted = [n for n in names if n not in self._rows]
        if wanted:
            for player in Player.objects.filter(name__in=wanted).select_related("invited_by"):
                self._rows[player.name] = player
        return self._rows

    # -- the rules' questions -------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return not self.session.is_open

    @cached_property
    def _totals(self) -> dict[str, int]:
        return night_totals(self.session)

    def natural(self, kind: str) -> int:
        return self._totals.get(kind, 0)

    @cached_property
    def _open(self) -> list[OpenNote]:
        balances = open_note_balances(self.session)
        notes = (BankNote.objects.filter(pk__in=balances).select_related("debtor", "holder")
                 .order_by("id"))
        found = []
        for note in notes:
            self._rows.setdefault(note.debtor.name, note.debtor)
            if note.holder is not None:
                self._rows.setdefault(note.holder.name, note.holder)
            found.append(OpenNote(note.pk, note.debtor.name,
                                  note.holder.name if note.holder else None, note.amount,
                                  balances[note.pk]))
        return found

    def open_notes(self, debtor: str | None = None) -> list[OpenNote]:
        return [n for n in self._open if debtor is None or n.debtor == debtor]

    def note_balance(self, kind: str, ref: int) -> int:
        total = (Posting.objects.filter(note_id=ref, kind=kind)
                 .aggregate(total=Sum("amount"))["total"])
        return int(total or 0)

    @cached_property
    def _seats(self) -> list[str]:
        return list(Seat.objects.filter(session=self.session).order_by("position")
                    .values_list("player__name", flat=True))

    def seats(self) -> list[str]:
        return self._seats

    def not_cashed_out(self) -> list[str]:
        live = Entry.objects.filter(session=self.session, reversed_by__isnull=True,
                                    player__isnull=False)
        return list(Player.objects.filter(pk__in=live.filter(kind=EntryKind.BUY).values("player"))
                    .exclude(pk__in=live.filter(kind=EntryKind.CASHOUT).values("player"))
                    .order_by("name").values_list("name", flat=True))

    def warned(self) -> list[str]:
        return list(Entry.objects.filter(session=self.session, kind=EntryKind.WARNING)
                    .order_by("id").values_list("player__name", flat=True))

    @cached_property
    def _table(self) -> TableState:
        return table_game(self.session)

    def table(self) -> TableState:
        return self._table

    def book(self) -> dict[str, int]:
        balances = book_balances()
        if not self.host_present:
            for pid, cents in book_balances(kinds=[Account.SURROGATE],
                                            session=self.session).items():
                balances[pid] = balances.get(pid, 0) + cents
        return self._by_name({pid: c for pid, c in balances.items() if c})

    def surrogate(self) -> dict[str, int]:
        return self._by_name(book_balances(kinds=[Account.SURROGATE], session=self.session))

    def _by_name(self, balances: dict[int, int]) -> dict[str, int]:
        players = Player.objects.filter(pk__in=balances).select_related("invited_by")
        for player in players:
            self._rows.setdefault(player.name, player)
        names = {p.pk: p.name for p in self._rows.values()}
        return {names[pid]: cents for pid, cents in balances.items()}

    def posted(self, ref: int) -> Posted:
        entry = Entry.objects.select_related("player", "counterparty").get(pk=ref)
        legs: dict[LegKey, int] = {}
        postings = entry.postings.select_related("player").order_by("id")
        for posting in postings:
            name = posting.player.name if posting.player is not None else None
            if posting.player is not None:
                self._rows.setdefault(posting.player.name, posting.player)
            key = (posting.kind, name, posting.note_id)
            legs[key] = legs.get(key, 0) + posting.amount
        return Posted(entry.pk, f"Entry #{entry.pk}", EntryKind(entry.kind), legs,
                      entry.player.name if entry.player else None,
                      entry.counterparty.name if entry.counterparty else None, entry.amount,
                      Entry.objects.filter(reverses=entry).exists())
