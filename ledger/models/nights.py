"""A night of poker: its session, who held its bank when, and its dealing order."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from ledger.house_settings import HouseSettings, stored
from ledger.scoping import HouseManager, NightHouseManager

from .append_only import AppendOnlyModel, AppendOnlyNightManager
from .houses import House
from .players import Player
from .sealed import SealedRow, SealsField


class Night(SealedRow):
    """One night of poker with one banker (B1)."""

    # What gives the night's figures beside its journal (sealed.py): who banks, the date the
    # export and the history show, the surrogate book (B7), THE BOOK it opened with.
    SEALED = ("house_id", "date", "banker_id", "host_present", "book_before", "settings")
    # A night opened before settings existed keeps {} (the seed house's) and its old seals.
    SEALED_UNLESS_EMPTY = ("settings",)

    OPEN = "open"
    CLOSED = "closed"
    STATUS_CHOICES = [(OPEN, "open"), (CLOSED, "closed")]

    house = models.ForeignKey(House, on_delete=models.PROTECT, related_name="nights")
    date = models.DateField()
    banker = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="banked_nights")
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
    settings = models.JSONField(
        default=dict, blank=True,
        help_text="The house's settings as the night opened (ledger/house_settings.py): the "
                  "night follows them whatever the house changes later; empty = the seed's.",
    )
    seals = SealsField()

    objects = HouseManager()

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = "night"
        db_table = "ledger_pokersession"   # the table keeps the name it was created with
        constraints = [
            models.UniqueConstraint(fields=["house"], condition=Q(status="open"),
                                    name="one_open_night_per_house"),
        ]

    def __str__(self) -> str:
        return f"{self.date} (banker {self.banker})"

    @property
    def is_open(self) -> bool:
        return self.status == self.OPEN

    @property
    def game_settings(self) -> HouseSettings:
        """The rules this night is played by: its own copy of its house's settings."""
        cached: HouseSettings | None = self.__dict__.get("_game_settings")
        if cached is None or self.__dict__.get("_game_settings_of") is not self.settings:
            cached = stored(self.settings)
            self.__dict__["_game_settings"] = cached
            self.__dict__["_game_settings_of"] = self.settings
        return cached


class BankTenure(SealedRow, AppendOnlyModel):
    """Who held a night's bank - the tablet and the cash box - from when on (issue 10).

    Not the session's `banker` (B1: the Player whose stake the bank is, THE BOOK's party for
    it), which never changes; the holder is the banker's login, the Django user who operates
    the bank, and only they enter anything into an open night (services/holder.py).

    Each row starts a tenure that lasts until the session's next row, or until the night
    closes; rows are only ever added, so who held the bank when is never rewritten. A night
    without a row (imported, or opened before migration 0009) has a free bank: any banker
    takes it, with the "Take the bank" button or with their first entry.
    """

    SEALED = ("session_id", "holder_id", "since", "how", "made_by_id", "previous_id")
    SEALED_WITH_ID = False   # sealed as inserted; rows are never updated
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

    session = models.ForeignKey(Night, on_delete=models.PROTECT,
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
    seals = SealsField()

    objects = AppendOnlyNightManager()

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


class Seat(SealedRow):
    """A player's place in a session's dealing order; the banker deals first (B1)."""

    SEALED = ("session_id", "player_id", "position")
    SEALED_WITH_ID = False   # a seat is what it says; the import writes seats in bulk

    session = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    seals = SealsField()

    objects = NightHouseManager()

    class Meta:
        ordering = ["session", "position"]
        constraints = [
            models.UniqueConstraint(fields=["session", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["session", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.position}"


class CloseBackupRecord(models.Model):
    """The copy of the database written for a night's close (ledger/backups.py), once.

    Made when a copy of the close is claimed (under the night's row lock), completed with the
    copy's path when it is written; a claim whose copy failed is deleted, so the next start,
    close page or resent close tries again. Not money, and never in a night's figures.
    """

    night = models.OneToOneField(Night, on_delete=models.CASCADE, primary_key=True,
                                 related_name="close_backup")
    claimed_at = models.DateTimeField(default=timezone.now)
    path = models.CharField(max_length=1000, blank=True, default="",
                            help_text="Where the copy went; empty while it is being written.")
    done = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"the close copy of night {self.night_id}: {self.path or 'being written'}"
