"""The one place that writes journal rows, and the check after each write that no account of
the night went below zero (the balances it reads: selectors/balances.py).

Services speak in natural amounts ("the cash box goes up by 2000", "Fred's chips go down by
500"); `Journal` turns them into stored postings (models.Account.sign), refuses an entry that
does not balance, and after writing checks that no session account went below zero.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import TypedDict

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Sum
from django.utils import timezone

from ledger import chain
from ledger.models import Account, BankNote, Entry, Player, PokerSession, Posting
from ledger.selectors.balances import natural, session_totals
from ledger.types import Banker
from rules.money import dollars as money

from .errors import LedgerError
from .holder import check_holder
from .versions import bump_house, bump_night

BANK = "bank"


class NewNote(TypedDict):
    """The bank note an entry creates (a buy paid by note): who owes it, who holds it (None:
    the bank), and its amount in cents."""

    debtor: Player
    holder: Player | None
    amount: int


def entered_by(user: Banker) -> User | None:
    """The user an entry (or a saved game) records as who entered it: the logged-in banker."""
    return user if isinstance(user, User) and user.is_authenticated else None


def lock_session(session: PokerSession, *, user: Banker,
                 must_be_open: bool = True) -> PokerSession:
    """Re-read the session under a row lock and check that `user` holds its bank.

    Every service that writes into a night starts here, so none can forget the rule of
    services/holder.py: the holder writes, a free bank is taken by the banker who writes,
    anyone else is refused; `user=None` is the command line or an import.
    """
    locked = lock_session_row(session, must_be_open=must_be_open)
    check_holder(locked, user)
    return locked


def lock_session_row(session: PokerSession, *, must_be_open: bool = True) -> PokerSession:
    """Re-read the session under a row lock (PostgreSQL) so writes to one night queue up.

    On SQLite the IMMEDIATE transaction already holds the database's write lock. No holder
    check: the hand-over (services/bank.py) has rules of its own.
    """
    locked = (PokerSession.objects.select_for_update().select_related("banker")
              .get(pk=session.pk))
    if must_be_open and not locked.is_open:
        raise LedgerError(f"The session of {locked.date} is closed: nothing more can be entered.")
    bump_night(locked)   # a write to the night: its pages' version moves (services/versions.py)
    return locked


def book_kind(session: PokerSession | None) -> str:
    """THE BOOK, or the night's surrogate book when the host is away (B7)."""
    if session is not None and not session.host_present:
        return Account.SURROGATE
    return Account.BOOK


class Journal:
    """Collects the legs of one entry and writes them as balanced postings."""

    def __init__(self, session: PokerSession | None):
        self.session = session
        self._legs: dict[tuple[str, int | None, int | None], int] = defaultdict(int)

    def add(self, kind: str, natural: int, *, player: Player | None = None,
            note: BankNote | None = None) -> None:
        """Move an account by `natural` cents in its own sense (cash in the box, chips held...)."""
        if natural:
            key = (kind, player.pk if player else None, note.pk if note else None)
            self._legs[key] += Account.sign(kind) * natural

    def book(self, player: Player, natural: int) -> None:
        """Move a person's BOOK balance (positive = they are owed more)."""
        self.add(book_kind(self.session), natural, player=player)

    def add_stored(self, kind: str, stored: int, *, player_id: int | None,
                   note_id: int | None) -> None:
        """Add a leg already in stored form (corrections negate old postings)."""
        if stored:
            self._legs[(kind, player_id, note_id)] += stored

    def write(self, *, kind: str, payload: Mapping[str, object], key: str | None,
              user: Banker = None, player: Player | None = None,
              counterparty: Player | None = None, amount: int = 0, method: str = "",
              memo: str = "", reverses: Entry | None = None,
              note_to_create: NewNote | None = None,
              facts: Mapping[str, object] | None = None) -> Entry:
        """Insert the entry and its postings; refuse if they do not sum to zero.

        `facts`: what the entry seals beyond its own rows (`sealed_facts`): a close passes the
        settlement it stores on the night."""
        legs = {k: v for k, v in self._legs.items() if v}
        if sum(legs.values()) != 0:
            raise LedgerError(
                f"Internal error: the {kind} entry does not balance; nothing written."
            )
        if note_to_create is not None and self.session is None:
            raise LedgerError(
                f"Internal error: the {kind} entry writes a bank note outside a night; "
                "nothing written."
            )
        entry = Entry(
            session=self.session, kind=kind, player=player, counterparty=counterparty,
            amount=amount, method=method, payload=payload, memo=memo, key=key,
            created_by=entered_by(user),
            reverses=reverses, created_at=timezone.now(),
        )
        _seal(entry, legs, note_to_create, facts)
        entry.save()
        note = None
        if note_to_create is not None and self.session is not None:
            note = BankNote.objects.create(session=self.session, entry=entry, **note_to_create)
        Posting.objects.bulk_create(
            Posting(
                entry=entry, kind=k, session=self.session, player_id=player_id,
                note_id=note.pk if (note is not None and note_id == -1) else note_id,
                amount=stored,
            )
            for (k, player_id, note_id), stored in sorted(legs.items(), key=_leg_order)
        )
        if self.session is not None:
            check_session_accounts(self.session)
        else:   # THE BOOK alone (a payment, an opening): any night's pages may show it
            bump_house()
        return entry

    def add_new_note(self, kind: str, natural: int, *, player: Player) -> None:
        """A leg on the bank note this entry creates (its id is not known yet)."""
        self._legs[(kind, player.pk, -1)] += Account.sign(kind) * natural


# The chain is one line through every entry: writers take their turn (PostgreSQL: an advisory
# lock held to the end of the transaction; SQLite's IMMEDIATE transaction already holds the
# database's write lock).
_CHAIN_LOCK = 7_000_002


def _seal(entry: Entry, legs: dict[tuple[str, int | None, int | None], int],
          note_to_create: NewNote | None, facts: Mapping[str, object] | None) -> None:
    """Give the entry the next sequence number and its link in the hash chain (ledger/chain.py)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_CHAIN_LOCK])
    last = (Entry.objects.filter(sequence__isnull=False).order_by("-sequence")
            .values("sequence", "chain").first())
    sequence, previous = 1, chain.GENESIS
    if last is not None and last["sequence"] is not None:   # (filtered: never None)
        sequence, previous = last["sequence"] + 1, last["chain"]
    note = None
    if note_to_create is not None:
        holder = note_to_create.get("holder")
        note = {"debtor_id": note_to_create["debtor"].pk,
                "holder_id": holder.pk if holder is not None else None,
                "amount": note_to_create["amount"]}
    content = chain.entry_content(
        sequence=sequence,
        entry={field: getattr(entry, field) for field in chain_fields()},
        postings=[{"kind": k, "session_id": entry.session_id, "player_id": player_id,
                   "note_id": note_id, "amount": stored}
                  for (k, player_id, note_id), stored in legs.items()],
        note=note, facts=facts,
    )
    entry.sequence = sequence
    entry.chain = chain.link(previous, content)


def sealed_facts(kind: str, settlement: object) -> dict[str, object] | None:
    """The facts outside the entry's own rows that its link seals: for the entry that closes
    a night, the settlement stored on the night (who pays whom, what the phones show)."""
    return {"settlement": settlement} if kind == Entry.CLOSE else None


def chain_fields() -> tuple[str, ...]:
    """The Entry columns the chain seals (as attribute names: ids for foreign keys)."""
    return chain.CHAIN_FIELDS


def _leg_order(item: tuple[tuple[str, int | None, int | None], int]) -> tuple[str, int, int]:
    (kind, player_id, note_id), _ = item
    return (kind, player_id or 0, note_id or 0)


# ---- the check after each write -----------------------------------------------------------


def check_session_accounts(session: PokerSession) -> None:
    """Refuse (roll back) a write that left any session account below zero."""
    totals = session_totals(session)
    for kind, label in (
        (Account.CASH_BOX, "the cash box"), (Account.CHIPS, "the chips out tonight"),
        (Account.FINAL_POT, "the final pot"),
    ):
        if totals.get(kind, 0) < 0:
            raise LedgerError(
                f"That would leave {label} at {money(totals[kind])}; nothing written."
            )
    negative_notes = (
        Posting.objects.filter(session=session, kind__in=[Account.NOTE, Account.NOTE_HELD])
        .values("note", "kind").annotate(total=Sum("amount")).order_by()
    )
    for row in negative_notes:
        if natural(row["kind"], row["total"]) < 0:
            raise LedgerError("That would leave a bank note below zero; nothing written.")
