"""The bank's books: players, poker sessions, and an append-only double-entry journal.

Money is integer cents (BigIntegerField). Every money event is one `Entry` with two or more
`Posting` rows that sum to zero. A posting names its account by columns (kind + player / note /
session) instead of a separate account table, so every balance is one SUM query.

Sign convention (stored amounts): a posting is a credit when positive. Accounts are of two sorts:

* assets of the bank - the cash box and open bank notes (what debtors owe on them). Their
  natural balance is the NEGATED sum: a cash buy-in of $20 stores -2000 on the cash box.
* claims - the chips the bank has out tonight, the odd chips in the final pot, a person's BOOK
  balance (positive = is owed, as in `banker-session/1`), the holder's side of a bank note held by
  a player, and the bank party's stake in the bank. Their natural balance is the sum itself.

The bank knows the chips it sold and the chips it bought back, never who holds them in between:
chips change hands at the table in every pot without the banker. So `chips` is one balance per
session, and hands and penalties (the table's record) are entries without postings.

An entry balances when the change in assets equals the change in claims. `ACCOUNT_SIGN` turns a
natural amount into a stored one; services only speak natural amounts (see services/journal.py).

The bank's BOOK party is the session's banker: the banker holds the cash box, so what the bank
cannot pay in cash at cash-out the banker owes the player in THE BOOK, and what players owe the
bank (book buy-ins, committed bank notes) they owe the banker. The `bank` account is that
party's running stake in the bank during a night; it returns to zero at close.

Rows of `Entry`, `Posting` and `BankNote` are never updated or deleted: the querysets and models
refuse it here, and database triggers (ledger/triggers.py) refuse it for raw SQL too. A mistake is
corrected by a reversing entry with a reason (services/corrections.py).
"""

from __future__ import annotations

import secrets
from typing import Any, TypeVar

from django.conf import settings
from django.db import models
from django.db.models import F, Q, Value
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.utils import timezone

from rules.money import FIVE_DOLLARS, NICKEL, format_cents


def new_balance_token() -> str:
    """An unguessable token for a player's phone page."""
    return secrets.token_urlsafe(24)


class AppendOnlyError(Exception):
    """Raised when code tries to change or remove a row of the journal."""


_M = TypeVar("_M", bound=models.Model)


class AppendOnlyQuerySet(models.QuerySet[_M]):
    """Refuses bulk UPDATE and DELETE: money rows are only ever added."""

    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: add a reversing entry")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{self.model.__name__} rows are append-only: add a reversing entry")

    # bulk_update goes through update(); bulk_create is allowed.


class AppendOnlyModel(models.Model):
    """A model whose rows can be inserted once and never changed."""

    objects = AppendOnlyQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise AppendOnlyError(
                f"{type(self).__name__} rows are append-only: add a reversing entry"
            )
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError(f"{type(self).__name__} rows are append-only: add a reversing entry")


class Player(models.Model):
    """Someone who plays, or has played, at the house game."""

    name = models.CharField(max_length=40, unique=True)
    note_id = models.CharField(
        "bank-note identifier", max_length=8, unique=True,
        help_text="Written on the player's bank notes, e.g. BOF. BOG is the host's (B4).",
    )
    regular = models.BooleanField(default=True)
    invited_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="guests",
        help_text="A guest's inviter, who takes over the guest's unpaid debt (B9).",
    )
    is_host = models.BooleanField(default=False)
    retired = models.BooleanField(
        default=False,
        help_text="No longer offered for new nights; kept in THE BOOK and the history.",
    )
    balance_token = models.CharField(
        max_length=64, unique=True, default=new_balance_token, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The name sealed with the player's id under the journal's key (ledger/chain.py): the
    # journal points at ids, so a name edited or two names swapped behind the site's back
    # would move money between people; the audit names it. Kept up to date by save().
    name_seal = models.CharField(max_length=64, blank=True, default="", editable=False)
    # Where the player takes payments (services/payments.py checks the shapes): shown only to
    # someone who owes them a transfer, on the banker's settle-up and on the player's own page.
    venmo = models.CharField("Venmo", max_length=30, blank=True, default="",
                             help_text="A Venmo username, without the @.")
    paypal = models.CharField("PayPal.me", max_length=20, blank=True, default="",
                              help_text="A PayPal.me name.")
    cashapp = models.CharField("Cash App", max_length=20, blank=True, default="",
                               help_text="A Cash App $cashtag, without the $.")
    zelle = models.CharField("Zelle", max_length=254, blank=True, default="",
                             help_text="The e-mail address or US phone number Zelle knows.")

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(note_id="BOG") | Q(is_host=True), name="bog_is_the_hosts_note_id"
            ),
            models.CheckConstraint(
                condition=Q(regular=True) | Q(invited_by__isnull=False), name="guest_has_inviter"
            ),
            models.UniqueConstraint(
                fields=["is_host"], condition=Q(is_host=True), name="one_host"
            ),
            models.UniqueConstraint(
                models.functions.Lower("name"), name="player_name_unique_ignoring_case"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save, and seal the name with the id (known only after the first insert)."""
        from ledger.chain import name_seal

        update_fields = kwargs.get("update_fields")
        if self.pk is not None:
            self.name_seal = name_seal(self.pk, self.name)
            if update_fields is not None and "name" in update_fields:
                kwargs["update_fields"] = {*update_fields, "name_seal"}
            super().save(*args, **kwargs)
            return
        super().save(*args, **kwargs)
        self.name_seal = name_seal(self.pk, self.name)
        type(self).objects.filter(pk=self.pk).update(name_seal=self.name_seal)


class PokerSession(models.Model):
    """One night of poker with one banker (B1)."""

    OPEN = "open"
    CLOSED = "closed"
    STATUS_CHOICES = [(OPEN, "open"), (CLOSED, "closed")]

    date = models.DateField()
    banker = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="banked_sessions")
    host_present = models.BooleanField(
        default=True, help_text="When the host is away, book entries go to a surrogate book (B7)."
    )
    status = models.CharField(max_length=6, choices=STATUS_CHOICES, default=OPEN)
    opened_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    book_before = models.JSONField(
        default=dict, blank=True,
        help_text="THE BOOK when the session opened: name -> decimal string (non-zero only).",
    )
    settlement = models.JSONField(
        default=dict, blank=True, help_text="The consolidation computed at close (B8)."
    )
    import_digest = models.CharField(
        max_length=64, blank=True, default="", editable=False,
        help_text="SHA-256 of the events of the file this night was imported from, if any: "
                  "the same file is not imported twice (ledger/night_file/importing.py).",
    )
    version = models.PositiveBigIntegerField(
        default=0, editable=False,
        help_text="Counts the writes to this night (services/versions.py): what the pages' "
                  "caches and the phones' conditional requests compare. Not money.",
    )

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = "poker session"

    def __str__(self) -> str:
        return f"{self.date} (banker {self.banker})"

    @property
    def is_open(self) -> bool:
        return self.status == self.OPEN


class BankTenure(AppendOnlyModel):
    """Who held a night's bank - the tablet and the cash box - from when on (issue 10).

    Not the session's `banker` (B1: the Player whose stake the bank is, THE BOOK's party for
    it), which never changes; the holder is the banker's login, the Django user who operates
    the bank, and only they enter anything into an open night (services/holder.py).

    Each row starts a tenure that lasts until the session's next row, or until the night
    closes; rows are only ever added, so who held the bank when is never rewritten. A night
    without a row (imported, or opened before migration 0009) has a free bank: any banker
    takes it, with the "Take the bank" button or with their first entry.
    """

    OPENED = "opened"
    HANDED = "handed"
    TAKEN = "taken"
    TAKEN_OVER = "taken_over"
    HOW_CHOICES = [
        (OPENED, "opened the night"),
        (HANDED, "handed over"),
        (TAKEN, "took the free bank"),
        (TAKEN_OVER, "taken over by staff"),
    ]

    session = models.ForeignKey(PokerSession, on_delete=models.PROTECT,
                                related_name="bank_tenures")
    holder = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="bank_tenures")
    since = models.DateTimeField(default=timezone.now, editable=False)
    how = models.CharField(max_length=10, choices=HOW_CHOICES)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="bank_changes",
        help_text="Who made the change: the holder who handed the bank on, the banker who "
                  "took a free bank, the staff member who took it over.",
    )
    previous = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="+", help_text="Who held the bank before (none when it was free).",
    )

    class Meta:
        ordering = ["session", "id"]
        constraints = [
            models.CheckConstraint(condition=~Q(holder=F("previous")),
                                   name="a_hand_over_changes_the_holder"),
            models.CheckConstraint(condition=~Q(how="opened") | Q(previous__isnull=True),
                                   name="an_opened_bank_had_no_holder"),
        ]

    def __str__(self) -> str:
        return f"{self.holder} holds the bank of {self.session.date} from {self.since:%H:%M}"


class Seat(models.Model):
    """A player's place in a session's dealing order; the banker deals first (B1)."""

    session = models.ForeignKey(PokerSession, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position}"


class Entry(AppendOnlyModel):
    """One money event: a balanced set of postings, who entered it, when and why."""

    OPENING = "opening"
    BUY = "buy"
    WARNING = "warning"
    PENALTY = "penalty"
    CALL = "call"
    HAND = "hand"
    END_GAME = "end_game"
    CASHOUT = "cashout"
    COUNT_DIFFERENCE = "count_difference"
    FINAL_POT = "final_pot"
    NOTE = "note"
    PAY = "pay"
    MERGE = "merge"
    CLOSE = "close"
    REVERSAL = "reverse"
    KIND_CHOICES = [
        (OPENING, "THE BOOK brought in"),
        (BUY, "chips bought"),
        (WARNING, "warning for jumping the bet"),
        (PENALTY, "penalty"),
        (CALL, "game called"),
        (HAND, "hand"),
        (END_GAME, "game ended"),
        (CASHOUT, "cash-out"),
        (COUNT_DIFFERENCE, "count difference"),
        (FINAL_POT, "final pot"),
        (NOTE, "bank note committed or voided"),
        (PAY, "payment"),
        (MERGE, "surrogate book merged"),
        (CLOSE, "session closed"),
        (REVERSAL, "correction"),
    ]
    CASH = "cash"
    BY_NOTE = "note"
    BY_BOOK = "book"
    METHOD_CHOICES = [(CASH, "cash"), (BY_NOTE, "bank note"), (BY_BOOK, "THE BOOK")]

    session = models.ForeignKey(
        PokerSession, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    kind = models.CharField(max_length=20, choices=KIND_CHOICES)
    # The person the event is about (buyer, casher, debtor, payer) and the other party
    # (seller, note holder, payee); null for the bank.
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
    )
    counterparty = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="counter_entries"
    )
    amount = models.BigIntegerField(default=0, help_text="Cents: the event's headline amount.")
    method = models.CharField(max_length=4, choices=METHOD_CHOICES, blank=True)
    payload = models.JSONField(default=dict, help_text="The event as banker-session/1 writes it.")
    memo = models.TextField(blank=True)
    reverses = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reversed_by"
    )
    key = models.CharField("idempotency key", max_length=100, unique=True, null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="ledger_entries",
    )
    # Set before the insert (not auto_now_add) because the entry's hash seals it.
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    # The hash chain (ledger/chain.py): 1, 2, 3 ... and SHA-256 of the previous entry's chain
    # and this entry's content; the audit recomputes it to find a lost or edited row.
    sequence = models.PositiveBigIntegerField(unique=True, null=True, editable=False)
    chain = models.CharField(max_length=64, blank=True, default="", editable=False)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "entries"
        constraints = [
            models.CheckConstraint(condition=Q(amount__gte=0), name="entry_amount_not_negative"),
            models.CheckConstraint(
                condition=~Q(kind="buy") | Q(counterparty__isnull=False)
                | (Q(amount__gt=0) & Q(Exact(Mod(F("amount"), Value(FIVE_DOLLARS)), Value(0)))),
                name="bank_buy_in_whole_five_dollars",
            ),
            models.CheckConstraint(
                condition=Exact(Mod(F("amount"), Value(NICKEL)), Value(0)),
                name="entry_amount_whole_nickels",
            ),
            models.CheckConstraint(
                condition=~Q(kind="reverse") | Q(reverses__isnull=False),
                name="correction_names_its_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_kind_display()}"


class BankNote(AppendOnlyModel):
    """An IOU written at the table: an amount and the debtor's identifier (B4).

    Its state is not a column: the note's account balance says how much is still open.
    `holder` null means the bank holds it.
    """

    session = models.ForeignKey(PokerSession, on_delete=models.PROTECT, related_name="notes")
    debtor = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="notes_owed")
    holder = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="notes_held"
    )
    amount = models.BigIntegerField()
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="bank_note")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0) & Q(Exact(Mod(F("amount"), Value(NICKEL)), Value(0))),
                name="note_amount_positive_nickels",
            ),
        ]

    def __str__(self) -> str:
        holder = self.holder.name if self.holder is not None else "the bank"
        return f"{self.debtor.note_id} {format_cents(self.amount)} held by {holder}"


class Account:
    """Posting kinds (accounts) and how their balance reads."""

    CASH_BOX = "cash_box"        # asset: cash in the bank's box
    NOTE = "note"                # asset: what the debtor still owes on an open bank note
    CHIPS = "chips"              # claim: chips the bank has out tonight (one per session)
    FINAL_POT = "final_pot"      # claim: odd chips turned in at cash-out (B12)
    BOOK = "book"                # claim: THE BOOK, positive = is owed (B6)
    SURROGATE = "surrogate"      # claim: the surrogate book of a host-less night (B7)
    NOTE_HELD = "note_held"      # claim: a player's right to a bank note they hold
    BANK = "bank"                # claim: the banker's stake in the bank
    CHOICES = [
        (CASH_BOX, "cash box"), (NOTE, "bank note"), (CHIPS, "chips out"),
        (FINAL_POT, "final pot"), (BOOK, "THE BOOK"), (SURROGATE, "surrogate book"),
        (NOTE_HELD, "bank note held"), (BANK, "banker's stake"),
    ]
    ASSETS = frozenset({CASH_BOX, NOTE})
    PER_PLAYER = frozenset({BOOK, SURROGATE})
    PER_NOTE = frozenset({NOTE, NOTE_HELD})

    @classmethod
    def sign(cls, kind: str) -> int:
        """Multiply a natural amount by this to store it (and a stored sum to read it)."""
        return -1 if kind in cls.ASSETS else 1


class Posting(AppendOnlyModel):
    """One leg of an entry: `amount` cents on one account (see the module docstring)."""

    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="postings")
    kind = models.CharField(max_length=10, choices=Account.CHOICES)
    session = models.ForeignKey(
        PokerSession, null=True, blank=True, on_delete=models.PROTECT, related_name="postings"
    )
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="postings"
    )
    note = models.ForeignKey(
        BankNote, null=True, blank=True, on_delete=models.PROTECT, related_name="postings"
    )
    amount = models.BigIntegerField()

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["kind", "player"], name="posting_kind_player"),
            models.Index(fields=["session", "kind"], name="posting_session_kind"),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="posting_not_zero"),
            models.CheckConstraint(
                condition=Exact(Mod(F("amount"), Value(NICKEL)), Value(0)),
                name="posting_whole_nickels",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=sorted(Account.PER_PLAYER)) | Q(player__isnull=False),
                name="posting_player_account_names_player",
            ),
            models.CheckConstraint(
                condition=~Q(kind__in=sorted(Account.PER_NOTE)) | Q(note__isnull=False),
                name="posting_note_account_names_note",
            ),
            models.CheckConstraint(
                condition=Q(kind="book") | Q(session__isnull=False),
                name="posting_session_account_names_session",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}"


class HouseGame(models.Model):
    """A dealer's own game saved for the house (S12): a catalog game with the dealer's changes,
    kept as an inline definition in the catalog's own format, so calls and exports carry it."""

    name = models.CharField(max_length=60, unique=True)
    definition = models.JSONField(help_text="The game in the format of `rules games --json`.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="house_games",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class IdempotencyKey(models.Model):
    """A write's one-time key, what was asked, and what it produced (R1, R3)."""

    key = models.CharField(max_length=100, unique=True)
    action = models.CharField(max_length=40)
    fingerprint = models.CharField(max_length=64)
    result_model = models.CharField(max_length=40)
    result_id = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.action} {self.key}"


class PhoneRequest(models.Model):
    """A player's ask for chips, or their own count of their chips, sent from their phone.

    Not money: nothing is in the journal until the holder of the night's bank approves it;
    then `entry` is the buy-in or cash-out the tablet's own form would have written
    (services/requests.py). A pending request may be approved or declined; an answered one
    stays as it was answered.
    """

    ASK = "ask"
    COUNT = "count"
    KIND_CHOICES = [(ASK, "asks for chips"), (COUNT, "counted their chips")]
    PENDING = "pending"
    APPROVED = "approved"
    DECLINED = "declined"
    STATUS_CHOICES = [(PENDING, "pending"), (APPROVED, "approved"), (DECLINED, "declined")]

    session = models.ForeignKey(PokerSession, on_delete=models.PROTECT,
                                related_name="phone_requests")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="phone_requests")
    kind = models.CharField(max_length=5, choices=KIND_CHOICES)
    amount = models.BigIntegerField(
        default=0, help_text="Cents: the chips asked for, or what the count comes to.")
    paid = models.CharField(max_length=4, choices=Entry.METHOD_CHOICES, blank=True)
    chips = models.JSONField(default=dict, blank=True, help_text="A count: colour -> chips.")
    status = models.CharField(max_length=8, choices=STATUS_CHOICES, default=PENDING)
    reason = models.CharField(max_length=200, blank=True,
                              help_text="Why it was declined, shown to the player.")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="answered_phone_requests",
    )
    entry = models.OneToOneField(Entry, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="phone_request")

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["session", "status"], name="phone_request_session_status"),
            models.Index(fields=["player", "status"], name="phone_request_player_status"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="ask") | (
                    Q(amount__gt=0) & Q(Exact(Mod(F("amount"), Value(FIVE_DOLLARS)), Value(0)))
                    & Q(paid__in=["cash", "note", "book"])),
                name="phone_ask_in_five_dollar_steps",
            ),
            models.CheckConstraint(condition=Q(amount__gte=0), name="phone_request_not_negative"),
            models.CheckConstraint(
                condition=(Q(status="approved") & Q(entry__isnull=False))
                | (~Q(status="approved") & Q(entry__isnull=True)),
                name="phone_request_approved_has_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.get_kind_display()} ({self.status})"


class LinkPost(models.Model):
    """One post from a player's private link, kept a few minutes to limit a flood (at most
    PHONE_POSTS_PER_MINUTE a minute per link; views/phone.py)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["player", "at"], name="link_post_player_at")]

    def __str__(self) -> str:
        return f"{self.player} posted at {self.at:%H:%M:%S}"


class PaymentClaim(models.Model):
    """A player says, from their phone, that they paid another player: "I paid Ann $20".

    Not money: THE BOOK moves only when the receiver (on their phone) or a banker confirms it
    (services/payments.py). Then `entry` is the payment: a `pay` event of the night open at
    that moment, written by the tablet's own payment service, or, with no night open, an entry
    of THE BOOK alone (no session), which the next night's `book_before` carries. `night` is
    the closed night whose settle-up the transfer came from, when the claim answers one.
    """

    CLAIMED = "claimed"
    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    STATUS_CHOICES = [(CLAIMED, "waiting for confirmation"), (CONFIRMED, "confirmed"),
                      (REJECTED, "rejected")]

    payer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_claimed")
    payee = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="payments_to_confirm")
    amount = models.BigIntegerField(help_text="Cents.")
    night = models.ForeignKey(
        PokerSession, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="The night whose settle-up listed the transfer, if any.")
    status = models.CharField(max_length=9, choices=STATUS_CHOICES, default=CLAIMED)
    reason = models.CharField(max_length=200, blank=True, help_text="Why it was rejected.")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
        related_name="answered_payment_claims", help_text="The banker who answered, if any.")
    answered_by_payee = models.BooleanField(
        default=False, help_text="The receiver answered on their own phone.")
    entry = models.OneToOneField(Entry, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="payment_claim")

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["status", "payer"], name="payment_claim_status_payer"),
            models.Index(fields=["status", "payee"], name="payment_claim_status_payee"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0) & Q(Exact(Mod(F("amount"), Value(NICKEL)), Value(0))),
                name="payment_claim_positive_nickels",
            ),
            models.CheckConstraint(condition=~Q(payer=F("payee")),
                                   name="payment_claim_between_two_people"),
            models.CheckConstraint(
                condition=(Q(status="confirmed") & Q(entry__isnull=False))
                | (~Q(status="confirmed") & Q(entry__isnull=True)),
                name="payment_claim_confirmed_has_entry",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payer} paid {self.payee} {format_cents(self.amount)} ({self.status})"
