"""The double-entry journal: entries, their postings by account, and bank notes (see the
package's docstring for the sign convention)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from ledger.posting.accounts import Account, EntryKind, Method
from rules.money import format_cents

from .append_only import (
    AppendOnlyManager,
    AppendOnlyModel,
    AppendOnlyNightManager,
)
from .houses import House
from .nights import Night
from .players import Player


class Entry(AppendOnlyModel):
    """One money event: a balanced set of postings, who entered it, when and why."""

    KIND_CHOICES = [(kind.value, kind.label) for kind in EntryKind]
    METHOD_CHOICES = [(method.value, method.label) for method in Method]

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="entries")
    session = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.PROTECT, related_name="entries"
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
    # The hash chain (integrity/chain.py): 1, 2, 3 ... and SHA-256 of the previous entry's chain
    # and this entry's content; the audit recomputes it to find a lost or edited row.
    sequence = models.PositiveBigIntegerField(null=True, editable=False)
    chain = models.CharField(max_length=64, blank=True, default="", editable=False)

    objects = AppendOnlyManager()

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "entries"
        # The latest entries of a kind (THE BOOK's payments, a phone's): read from the end of
        # this index, not by going through every entry of the house's history.
        indexes = [
            models.Index(fields=["house", "kind", "id"], name="entry_house_kind"),
            # The corrections alone, for the join from an entry to the correction that undid
            # it (`reversed_by`): nearly every entry has no `reverses`, and SQLite's statistics
            # (ANALYZE) count those NULLs in the one-to-one's unique index as one value shared
            # by the whole table, so that the planner takes that index for useless and reads
            # every entry of every house instead. This index holds only the corrections.
            models.Index(fields=["reverses"], condition=Q(reverses__isnull=False),
                         name="entry_corrections"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["house", "sequence"],
                                    name="entry_sequence_unique_in_house"),
            models.CheckConstraint(condition=Q(amount__gte=0), name="entry_amount_not_negative"),
            # The unit of play and the bank's step are the night's settings (posting checks
            # them in its sentences); the database keeps what holds in every house.
            models.CheckConstraint(
                condition=~Q(kind="buy") | Q(counterparty__isnull=False) | Q(amount__gt=0),
                name="bank_buy_in_positive",
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

    session = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="notes")
    debtor = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="notes_owed")
    holder = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="notes_held"
    )
    amount = models.BigIntegerField()
    entry = models.OneToOneField(Entry, on_delete=models.PROTECT, related_name="bank_note")

    objects = AppendOnlyNightManager()

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gt=0), name="note_amount_positive",
            ),
        ]

    def __str__(self) -> str:
        holder = self.holder.name if self.holder is not None else "the bank"
        return f"{self.debtor.note_id} {format_cents(self.amount)} held by {holder}"


class Posting(AppendOnlyModel):
    """One leg of an entry: `amount` cents on one account (see ledger/models/__init__.py).
    Its house is its entry's, kept on the row too: THE BOOK and every balance is one indexed
    read of the house's postings, however many houses the site keeps."""

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="postings",
                              db_index=False)   # (indexed with the kind and the player)
    entry = models.ForeignKey(Entry, on_delete=models.PROTECT, related_name="postings")
    kind = models.CharField(max_length=10, choices=Account.CHOICES)
    session = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.PROTECT, related_name="postings"
    )
    player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="postings"
    )
    note = models.ForeignKey(
        BankNote, null=True, blank=True, on_delete=models.PROTECT, related_name="postings"
    )
    amount = models.BigIntegerField()

    objects = AppendOnlyManager()

    class Meta:
        ordering = ["id"]
        indexes = [
            models.Index(fields=["house", "kind", "player"], name="posting_house_kind_player"),
            models.Index(fields=["session", "kind"], name="posting_session_kind"),
        ]
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="posting_not_zero"),
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
