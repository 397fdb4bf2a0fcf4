"""Django admin for every ledger model. Money rows (entries, postings, bank notes) are read-only:
a mistake is corrected by a reversing entry through the services, never edited here. So is
the record of who held each night's bank (services/bank.py hands it on)."""

from typing import TYPE_CHECKING

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from .models import (
    BankNote,
    BankTenure,
    CloseBackupRecord,
    Entry,
    House,
    HouseGame,
    IdempotencyKey,
    Invitation,
    JournalKey,
    LinkPost,
    MailOut,
    Membership,
    Night,
    PaymentClaim,
    PhoneRequest,
    Player,
    Posting,
    Seat,
)

if TYPE_CHECKING:
    # django-stubs makes the admin's classes generic in their model; at run time they are not
    # subscriptable (django_stubs_ext, which would make them so, is for development only).
    ModelAdmin = admin.ModelAdmin[Model]
    TabularInline = admin.TabularInline[Model, Model]
else:
    ModelAdmin = admin.ModelAdmin
    TabularInline = admin.TabularInline


class ReadOnlyAdmin(ModelAdmin):
    """Shows rows; refuses add, change and delete."""

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class PostingInline(TabularInline):
    model = Posting
    fields = ("kind", "player", "note", "amount")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Player)
class PlayerAdmin(ModelAdmin):
    list_display = ("name", "note_id", "regular", "invited_by", "is_host")
    list_filter = ("regular", "is_host")
    search_fields = ("name", "note_id")
    # The payment handles are set on the player's page, where their shapes are checked.
    readonly_fields = ("balance_token", "created_at", "venmo", "paypal", "cashapp", "zelle",
                       "email", "mail_stopped_at")

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False  # players are named in the journal


class SeatInline(TabularInline):
    model = Seat
    extra = 0
    fields = ("position", "player")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Night)
class NightAdmin(ReadOnlyAdmin):
    list_display = ("date", "banker", "host_present", "status", "closed_at")
    list_filter = ("status", "host_present")
    inlines = [SeatInline]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ("id", "session", "kind", "player", "counterparty", "amount", "method",
                    "created_by", "created_at", "reverses")
    list_filter = ("kind", "method")
    search_fields = ("memo", "key", "player__name")
    list_select_related = ("session__banker", "player", "counterparty", "created_by", "reverses")
    inlines = [PostingInline]


@admin.register(Posting)
class PostingAdmin(ReadOnlyAdmin):
    list_display = ("id", "entry", "kind", "session", "player", "note", "amount")
    list_filter = ("kind",)
    list_select_related = ("entry", "session__banker", "player", "note__debtor", "note__holder")


@admin.register(BankNote)
class BankNoteAdmin(ReadOnlyAdmin):
    list_display = ("id", "session", "debtor", "holder", "amount")
    list_select_related = ("session__banker", "debtor", "holder")


@admin.register(BankTenure)
class BankTenureAdmin(ReadOnlyAdmin):
    """Who held each night's bank when; a hand-over is made on the table's page, never here."""

    list_display = ("session", "since", "holder", "how", "made_by", "previous")
    list_filter = ("how",)
    list_select_related = ("session__banker", "holder", "made_by", "previous")


@admin.register(CloseBackupRecord)
class CloseBackupRecordAdmin(ReadOnlyAdmin):
    """Where each close's copy of the database went (ledger/backups.py writes it, once)."""

    list_display = ("night", "claimed_at", "done", "path")


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("session", "position", "player")


@admin.register(IdempotencyKey)
class IdempotencyKeyAdmin(ReadOnlyAdmin):
    list_display = ("key", "action", "result_model", "result_id", "created_at")
    search_fields = ("key",)


@admin.register(HouseGame)
class HouseGameAdmin(ModelAdmin):
    """The dealers' own games kept for the house (S12); a definition is edited on the tablet."""

    list_display = ("name", "created_by", "created_at")
    search_fields = ("name",)
    readonly_fields = ("definition", "created_by", "created_at")


@admin.register(PhoneRequest)
class PhoneRequestAdmin(ReadOnlyAdmin):
    """The phones' asks and counts: answered on the night's page (services/requests.py)."""

    list_display = ("id", "session", "player", "kind", "amount", "paid", "status", "created_at")
    list_filter = ("status", "kind")


@admin.register(PaymentClaim)
class PaymentClaimAdmin(ReadOnlyAdmin):
    """Payments claimed from the phones: confirmed or rejected on the phones or on THE BOOK's
    page (services/payments.py)."""

    list_display = ("id", "payer", "payee", "amount", "night", "status", "created_at", "entry")
    list_filter = ("status",)


@admin.register(LinkPost)
class LinkPostAdmin(ReadOnlyAdmin):
    """Posts from the players' links in the last minutes (the limit per minute)."""

    list_display = ("player", "at")


@admin.register(House)
class HouseAdmin(ModelAdmin):
    """The home games on this site: each one's name (in its pages' header) and slug."""

    list_display = ("name", "slug", "created_at")


@admin.register(Invitation)
class InvitationAdmin(ReadOnlyAdmin):
    """The invitation links owners made: to which house, as what, used by whom (made on the
    house's members page)."""

    list_display = ("house", "role", "made_by", "made_at", "expires_at", "used_by", "used_at")


@admin.register(Membership)
class MembershipAdmin(ModelAdmin):
    """Who has which role in which house (owners manage them on the house's members page)."""

    list_display = ("house", "user", "role")
    list_filter = ("house", "role")


@admin.register(JournalKey)
class JournalKeyAdmin(ReadOnlyAdmin):
    """The fingerprint of the journal's key (`audit` compares its key to it; `rekey` moves it)."""

    list_display = ("fingerprint", "recorded_at")


@admin.register(MailOut)
class MailOutAdmin(ReadOnlyAdmin):
    """The e-mails queued and sent (services/mail.py): `manage.py remind` sends those queued."""

    list_display = ("key", "player", "created_at", "sent_at", "dropped", "tries", "error")
    list_filter = ("kind",)
    exclude = ("body",)   # a player's figures and links: not for the admin's list
