"""The players' phones: their requests for chips and counts, the transfers to settle, what THE
BOOK lets one player pay another (services/payments.py checks a claim against it) and the
payments claimed and made."""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import (
    Iterable,
    Mapping,
)
from dataclasses import (
    dataclass,
    field,
)
from urllib.parse import quote

from django.db.models import Q, Sum
from django.utils.translation import gettext, pgettext

from ledger.house_settings import SEED, HouseSettings
from ledger.languages import colour_label
from ledger.models import (
    Entry,
    Night,
    PaymentClaim,
    PhoneRequest,
    Player,
)
from ledger.posting.accounts import EntryKind
from ledger.selectors.balances import book_and_surrogate
from ledger.selectors.night import players_named
from rules.money import parse_cents, whole_dollars_and_odd_cents

# ---- requests from the players' phones (services/requests.py) --------------------------

PHONE_REQUESTS_SHOWN = 8   # a player's latest requests on their phone


def pending_requests(session: Night) -> list[PhoneRequest]:
    """The night's requests waiting for the banker, oldest first (one query)."""
    return list(PhoneRequest.objects.filter(session=session, status=PhoneRequest.PENDING)
                .select_related("player", "session").order_by("id"))


def player_requests(player: Player) -> list[PhoneRequest]:
    """A player's latest requests and their answers, newest first (one query)."""
    return list(PhoneRequest.objects.filter(player=player).select_related("player", "session")
                .order_by("-id")[:PHONE_REQUESTS_SHOWN])


def requests_signature(requests: Iterable[PhoneRequest]) -> str:
    """A short mark that changes whenever a request shown arrives or is answered: a polled
    list compares it with the one it shows and is sent again only when it differs."""
    return ".".join(f"{r.pk}{r.status[0]}" for r in requests) or "none"


def request_summary(row: PhoneRequest) -> str:
    """What the request asks, as the banker and the player read it."""
    rules = row.session.game_settings
    money = rules.money
    if row.kind == PhoneRequest.ASK:
        return gettext("%(amount)s in chips, paid by %(method)s") % {
            "amount": money(row.amount), "method": pgettext("paid by", row.get_paid_display())}
    whole, odd = whole_dollars_and_odd_cents(row.amount, cash_unit=rules.cash_unit)
    if not row.amount:
        return gettext("counted no chips: cashes out nothing")
    chips = ", ".join(f"{row.chips[c]} {colour_label(c).lower()}" for c in rules.colours
                      if row.chips.get(c))
    return (gettext("counted %(amount)s (%(chips)s): pays %(whole)s") % {
        "amount": money(row.amount), "chips": chips, "whole": money(whole)}
        + (gettext(", %(odd)s to the final pot") % {"odd": money(odd)}
           if rules.has_final_pot else ""))


@dataclass(frozen=True)
class RequestLine:
    """A request as the tablet and the phone show it."""

    pk: int
    name: str
    kind: str
    summary: str
    status: str
    reason: str
    created_at: datetime.datetime
    answered_at: datetime.datetime | None
    night: datetime.date


def request_lines(requests: Iterable[PhoneRequest]) -> list[RequestLine]:
    """`pending_requests` or `player_requests` in words (no query of its own)."""
    return [RequestLine(pk=r.pk, name=r.player.name, kind=r.kind,
                        summary=request_summary(r), status=r.status,
                        reason=r.reason, created_at=r.created_at, answered_at=r.answered_at,
                        night=r.session.date)
            for r in requests]


# ---- paying what THE BOOK says (services/payments.py) ------------------------------------

PAYMENTS_SHOWN = 20   # the latest payments on THE BOOK's page
PHONE_PAYMENTS_SHOWN = 6   # a player's latest payments and claims on their phone


@dataclass(frozen=True)
class Owed:
    """What THE BOOK lets `payer` pay `payee` now (cents)."""

    payer_owes: int          # what the payer owes on THE BOOK (0 when nothing)
    payee_is_owed: int       # what the payee is owed on THE BOOK (0 when nothing)
    waiting_out: int         # the payer's claims still waiting for a confirmation
    waiting_in: int          # claims to the payee still waiting

    @property
    def most(self) -> int:
        """The most a new claim may say: what is owed between them, less what waits."""
        return max(0, min(self.payer_owes - self.waiting_out,
                          self.payee_is_owed - self.waiting_in))


def owed_between(payer: Player, payee: Player, *, leave_out: int | None = None) -> Owed:
    """THE BOOK now between `payer` and `payee`, and the claims waiting on either side
    (`leave_out`: a claim not to count, the one being confirmed)."""
    book = book_and_surrogate([payer.pk, payee.pk])
    waiting = PaymentClaim.objects.filter(status=PaymentClaim.CLAIMED)
    if leave_out is not None:
        waiting = waiting.exclude(pk=leave_out)
    out = waiting.filter(payer=payer).aggregate(total=Sum("amount"))["total"] or 0
    into = waiting.filter(payee=payee).aggregate(total=Sum("amount"))["total"] or 0
    return Owed(payer_owes=max(0, -book.get(payer.pk, 0)),
                payee_is_owed=max(0, book.get(payee.pk, 0)), waiting_out=out, waiting_in=into)


@dataclass(frozen=True)
class PayLink:
    """One way to pay a receiver: the app, the handle as the app shows it, and the address
    that opens the app with the amount filled in (none for Zelle: its apps take no link)."""

    app: str
    handle: str
    url: str


# The apps that pay in US dollars only: offered on a night in USD, never on another.
DOLLAR_APPS = ("Venmo", "Cash App")


def pay_links(payee: Player, cents: int, settings: HouseSettings = SEED) -> list[PayLink]:
    """The receiver's handles as pay links for `cents` in the night's currency (`settings`;
    the only place a handle is shown to anyone else: to someone who owes them that transfer).
    Venmo and Cash App pay dollars only: a night in another currency offers neither; a
    PayPal.me link then names the currency after the amount ("12.50EUR")."""
    amount = settings.amount_text(cents)
    dollars = settings.currency == "USD"
    links = []
    if payee.venmo and dollars:
        links.append(PayLink("Venmo", f"@{payee.venmo}", "https://venmo.com/u/"
                             f"{quote(payee.venmo)}?txn=pay&amount={amount}"))
    if payee.paypal:
        paypal_amount = amount if dollars else f"{amount}{settings.currency}"
        links.append(PayLink("PayPal.me", f"paypal.me/{payee.paypal}",
                             f"https://paypal.me/{quote(payee.paypal)}/{paypal_amount}"))
    if payee.cashapp and dollars:
        links.append(PayLink("Cash App", f"${payee.cashapp}",
                             f"https://cash.app/${quote(payee.cashapp)}/{amount}"))
    if payee.zelle:
        links.append(PayLink("Zelle", payee.zelle, ""))
    return links


@dataclass
class TransferLine:
    """A settle-up transfer and how far it is paid (cents): `confirmed` by claims answering
    this night's settle-up, `waiting` for a confirmation, and `left` to pay now: the rest,
    never more than THE BOOK now says is owed between the two. `links` are the receiver's
    handles as pay links for `left`, filled only for those who may see them."""

    payer: Player
    payee: Player
    amount: int
    confirmed: int = 0
    waiting: int = 0
    left: int = 0
    links: list[PayLink] = field(default_factory=list)


def settle_transfers(session: Night, *, viewer: Player | None = None,
                     people: Mapping[str, Player] | None = None) -> list[TransferLine]:
    """The closed night's transfers (its settle-up, B8) with what is paid and left, in three
    queries whatever their number (two when the caller gives the `people`, by name). With
    `viewer` (a player's phone), only the transfers they pay or receive, and pay links only on
    those they pay; without (the banker), all of them, each with the receiver's pay links."""
    transfers = (session.settlement or {}).get("transfers", []) if not session.is_open else []
    if viewer is not None:
        transfers = [t for t in transfers if viewer.name in (t["from"], t["to"])]
    if not transfers:
        return []
    if people is None:   # (`people`: the caller already read them, by name)
        people = players_named({t["from"] for t in transfers} | {t["to"] for t in transfers})
    transfers = [t for t in transfers if t["from"] in people and t["to"] in people]
    ids = [p.pk for p in people.values()]
    book = book_and_surrogate(ids)
    # One read for the claims: those waiting (they hold back what is left) and this night's.
    claims = list(PaymentClaim.objects.filter(
        Q(status=PaymentClaim.CLAIMED, payer__in=ids) | Q(status=PaymentClaim.CLAIMED,
                                                          payee__in=ids)
        | Q(night=session, status=PaymentClaim.CONFIRMED)).order_by("id"))
    out: dict[int, int] = defaultdict(int)
    into: dict[int, int] = defaultdict(int)
    for claim in claims:
        if claim.status == PaymentClaim.CLAIMED:
            out[claim.payer_id] += claim.amount
            into[claim.payee_id] += claim.amount
    lines = []
    for t in transfers:
        payer, payee = people[t["from"]], people[t["to"]]
        line = TransferLine(payer=payer, payee=payee, amount=parse_cents(t["amount"]))
        for claim in claims:
            if (claim.night_id == session.pk and claim.payer_id == payer.pk
                    and claim.payee_id == payee.pk):
                if claim.status == PaymentClaim.CONFIRMED:
                    line.confirmed += claim.amount
                else:
                    line.waiting += claim.amount
        owed = Owed(
            payer_owes=max(0, -book.get(payer.pk, 0)), payee_is_owed=max(0, book.get(payee.pk, 0)),
            waiting_out=out[payer.pk], waiting_in=into[payee.pk])
        line.left = max(0, min(line.amount - line.confirmed - line.waiting, owed.most))
        if line.left and (viewer is None or viewer.pk == payer.pk):
            line.links = pay_links(payee, line.left, session.game_settings)
        lines.append(line)
    return lines


def last_closed_night(player: Player) -> Night | None:
    """The last closed night the player sat at: what they may still have to settle while
    tonight's night is open."""
    return (Night.objects.filter(status=Night.CLOSED, seats__player=player)
            .order_by("-date", "-id").first())


def waiting_claims() -> list[PaymentClaim]:
    """Every payment claimed and not yet confirmed or rejected, oldest first (one query):
    the banker's list on THE BOOK's page."""
    return list(PaymentClaim.objects.filter(status=PaymentClaim.CLAIMED)
                .select_related("payer", "payee", "night").order_by("id"))


def player_claims(player: Player) -> tuple[list[PaymentClaim], list[PaymentClaim]]:
    """The payments others say they made to `player`, waiting for their confirmation (oldest
    first), and the player's own latest claims with their answers (newest first). One query:
    the waiting ones to them, and their own."""
    rows = list(PaymentClaim.objects.filter(Q(payee=player, status=PaymentClaim.CLAIMED)
                                            | Q(payer=player))
                .select_related("payer", "payee").order_by("-id"))
    to_confirm = [c for c in reversed(rows) if c.payee_id == player.pk]
    sent = [c for c in rows if c.payer_id == player.pk][:PHONE_PAYMENTS_SHOWN]
    return to_confirm, sent


def payments_made(player: Player | None = None, *, count: int = PAYMENTS_SHOWN) -> list[Entry]:
    """The latest payments in the journal (the tablet's, and the confirmed claims'), newest
    first, each with its night (none: THE BOOK alone) and the claim it came from, if any.
    With `player`, only those they paid or received."""
    rows = (Entry.objects.filter(kind=EntryKind.PAY, reversed_by__isnull=True)
            .select_related("player", "counterparty", "session", "payment_claim")
            .order_by("-id"))
    if player is not None:
        rows = rows.filter(Q(player=player) | Q(counterparty=player))
    return list(rows[:count])
