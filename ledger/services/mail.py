"""E-mail to the players (README "E-mail"): the night's settle-up at each close, reminders of
a debt, the one-click unsubscribe.

Nothing is mailed without DJANGO_EMAIL_URL (settings.MAIL_ON). A message is a row of the
outbox (`MailOut`), written inside the transaction that decides it - the close - under a key
unique per (kind, night, player), so a close retried queues nothing twice; it is sent after
the commit (`send_queued`), outside every transaction, and a mail server that is down leaves
it queued for the next `manage.py remind`. A close never fails for the mail.

A player's address is theirs: it is mailed to and shown on their own page and on the banker's
edit page, nowhere else (never in a settle-up, an export or another player's page).
"""

from __future__ import annotations

import datetime
import logging
import smtplib
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage, get_connection
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from ledger.house_settings import HouseSettings
from ledger.models import MailOut, Night, Player, Posting
from ledger.posting.accounts import Account
from ledger.selectors.night import players_named
from ledger.selectors.phone import last_closed_night, pay_links, settle_transfers
from ledger.selectors.reports import SettleUp, settle_up_report
from ledger.types import Banker
from rules.money import parse_cents

from .errors import LedgerError
from .idempotency import idempotent
from .requests import link_sender

log = logging.getLogger(__name__)

REMIND_AFTER_DAYS = 14   # `remind --older`: a debt older than this is reminded
REMIND_EVERY = datetime.timedelta(days=7)   # at most one reminder a week per player
UNSUBSCRIBE_SALT = "ledger.mail.unsubscribe"


# ---- the address ---------------------------------------------------------------------------


def clean_email(value: object, *, name: str) -> str:
    """The address as kept ("" for none); a malformed one is refused in one sentence."""
    typed = " ".join(str(value or "").split())
    if not typed:
        return ""
    try:
        if len(typed) > 254:
            raise ValidationError("too long")
        validate_email(typed)
    except ValidationError:
        raise LedgerError(f"E-mail for {name}: write an address such as ann@example.com, "
                          f"not “{typed[:60]}”.", field="email") from None
    local, domain = typed.rsplit("@", 1)
    return f"{local}@{domain.lower()}"


@idempotent("email_set")
def email_set(*, player: Player, email: str = "", token: str | None = None, key: str,
              user: Banker = None) -> Player:
    """Keep the address `player` is mailed at ("" clears it). From the player's own phone
    (`token` given) the link must be their current one; an address the player saves there
    themselves mails them again after an unsubscribe."""
    with transaction.atomic():
        if token is not None:
            row = link_sender(player, token)
        else:
            row = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
        row.email = clean_email(email, name=row.name)
        fields = ["email"]
        if token is not None and row.email and row.mail_stopped_at is not None:
            row.mail_stopped_at = None
            fields.append("mail_stopped_at")
        row.save(update_fields=fields)
        return row


def mailed(player: Player) -> bool:
    """Whether `player` is mailed: they keep an address and have not unsubscribed."""
    return bool(player.email) and player.mail_stopped_at is None


# ---- links in a message ----------------------------------------------------------------------


def site_link(path: str) -> str:
    """`path` on the site's public address (DJANGO_PUBLIC_URL), as a mail links it."""
    return f"{settings.PUBLIC_URL or 'http://localhost:8000'}{path}"


def unsubscribe_token(player: Player) -> str:
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign(str(player.pk))


def unsubscribed_player(token: str) -> Player | None:
    """The player an unsubscribe link names, or None for a link that is not one of ours."""
    try:
        pk = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign(token)
    except signing.BadSignature:
        return None
    return Player._base_manager.filter(pk=int(pk)).first() if pk.isdigit() else None


def unsubscribe_link(player: Player) -> str:
    return site_link(reverse("mail_unsubscribe", args=[unsubscribe_token(player)]))


def phone_link(player: Player) -> str:
    return site_link(reverse("player_balance", args=[player.balance_token]))


def mail_stop(player: Player) -> Player:
    """The one-click unsubscribe: nothing more is mailed to `player`, queued mails included."""
    with transaction.atomic():
        row = Player._base_manager.select_for_update().get(pk=player.pk)
        if row.mail_stopped_at is None:
            row.mail_stopped_at = timezone.now()
            row.save(update_fields=["mail_stopped_at"])
        MailOut._base_manager.filter(player=row, sent_at=None, dropped="").update(
            dropped="unsubscribed")
        return row


def _footer(player: Player) -> str:
    return (f"\nYour own page: {phone_link(player)}\n"
            "(it is your private link: keep it to yourself)\n\n"
            "--\nYou get this because your address is kept at the house game's bank.\n"
            f"To get no more of these e-mails: {unsubscribe_link(player)}\n")


def _book_words(cents: int, money: str) -> str:
    if cents < 0:
        return f"you owe {money.lstrip('-')}"
    if cents > 0:
        return f"you are owed {money}"
    return "you are square"


# ---- the close ---------------------------------------------------------------------------


def _night_players(session: Night) -> list[Player]:
    return list(Player.objects.filter(Q(seats__session=session) | Q(pk=session.banker_id))
                .distinct().order_by("name"))


def close_message(session: Night, player: Player, report: SettleUp,
                  people: dict[str, Player]) -> tuple[str, str]:
    """The subject and the text of `player`'s line of the night's settle-up."""
    rules: HouseSettings = session.game_settings
    money = rules.money
    line = next((row for row in report["players"] if row["name"] == player.name), None)
    net = parse_cents(line["net"]) if line else 0
    book = parse_cents(line["book_after"]) if line else 0
    day = session.date.strftime("%A %d %B %Y").replace(" 0", " ")
    result = "won" if net > 0 else "lost" if net < 0 else "broke even"
    amount = f" {money(abs(net))}" if net else ""
    subject = f"The night of {session.date:%d %b %Y}: you {result}{amount}"
    text = [f"Hello {player.name},", "",
            f"The night of {day} is closed.", "",
            f"Your result: {money(net)}",
            f"THE BOOK after the night: {_book_words(book, money(book))}", ""]
    mine = [t for t in report["transfers"] if player.name in (t["from"], t["to"])]
    if mine:
        text.append("To settle up:")
    for t in mine:
        cents = parse_cents(t["amount"])
        if t["from"] == player.name:
            text.append(f"  Pay {t['to']} {money(cents)}")
            payee = people.get(t["to"])
            links = pay_links(payee, cents, rules) if payee is not None else []
            for link in links:
                text.append(f"    {link.app} {link.handle}" + (f": {link.url}" if link.url
                                                                   else ""))
            if not links:
                text.append(f"    (ask {t['to']} how they take payments)")
        else:
            text.append(f"  {t['from']} pays you {money(cents)}")
    if not mine:
        text.append("Nothing to settle from this night.")
    return subject, "\n".join(text) + "\n" + _footer(player)


def queue_close_mail(session: Night) -> int:
    """Queue each player of the closed night who is mailed their line of the settle-up (in
    the close's transaction); sent after the commit. Returns how many were queued now."""
    if not settings.MAIL_ON:
        return 0
    players = [p for p in _night_players(session) if mailed(p)]
    if not players:
        return 0
    report = settle_up_report(session)
    names = {t["from"] for t in report["transfers"]} | {t["to"] for t in report["transfers"]}
    people = players_named(names)
    queued = 0
    for player in players:
        key = f"{MailOut.CLOSE}:{session.pk}:{player.pk}"
        if MailOut._base_manager.filter(key=key).exists():
            continue
        subject, body = close_message(session, player, report, people)
        MailOut.objects.create(house_id=session.house_id, key=key, kind=MailOut.CLOSE,
                               player=player, session=session, subject=subject, body=body)
        queued += 1
    house = session.house_id
    transaction.on_commit(lambda: send_queued_quietly(house), robust=True)
    return queued


# ---- reminders ---------------------------------------------------------------------------


def owed_since(player_ids: list[int]) -> dict[int, tuple[int, datetime.datetime]]:
    """Each player who owes on THE BOOK now: what they owe (cents, positive) and since when
    their balance has been below zero without a break. One query."""
    rows = (Posting.objects.filter(kind=Account.BOOK, player__in=player_ids)
            .order_by("player", "entry_id")
            .values_list("player", "amount", "entry__created_at"))
    balance: dict[int, int] = {}
    since: dict[int, datetime.datetime] = {}
    for pid, amount, at in rows:
        before = balance.get(pid, 0)
        balance[pid] = before + amount
        if balance[pid] < 0 <= before:
            since[pid] = at
    return {pid: (-cents, since[pid]) for pid, cents in balance.items() if cents < 0}


def reminder_message(player: Player, owed: int, since: datetime.datetime,
                     rules: HouseSettings) -> tuple[str, str]:
    money = rules.money
    night = last_closed_night(player)
    text = [f"Hello {player.name},", "",
            f"THE BOOK says you owe {money(owed)}, since "
            f"{timezone.localtime(since):%d %B %Y}.".replace(" 0", " ")]
    lines = [t for t in settle_transfers(night, viewer=player) if t.payer.pk == player.pk
             and t.left] if night is not None else []
    if lines:
        text += ["", f"From the settle-up of {night.date:%d %B %Y}:" if night else ""]
        for t in lines:
            text.append(f"  Pay {t.payee.name} {money(t.left)}")
            for link in t.links:
                text.append(f"    {link.app} {link.handle}" + (f": {link.url}" if link.url
                                                                   else ""))
    text += ["", "Paid already? Say so on your page: the one you paid confirms it there."]
    return f"A reminder: you owe {money(owed)} on THE BOOK", "\n".join(text) + "\n" \
        + _footer(player)


def queue_reminders(*, older_days: int = REMIND_AFTER_DAYS,
                    now: datetime.datetime | None = None) -> int:
    """Queue a reminder for each mailed player of the house in scope whose THE BOOK balance
    has been below zero longer than `older_days`, at most one a week each."""
    from ledger.house import house_game

    if not settings.MAIL_ON:
        return 0
    now = now or timezone.now()
    players = {p.pk: p for p in Player.objects.filter(mail_stopped_at=None).exclude(email="")}
    if not players:
        return 0
    rules = house_game()
    queued = 0
    for pid, (owed, since) in owed_since(list(players)).items():
        if since > now - datetime.timedelta(days=older_days):
            continue
        player = players[pid]
        earlier = MailOut._base_manager.filter(player=player, kind=MailOut.REMINDER)
        if earlier.filter(created_at__gt=now - REMIND_EVERY).exists():
            continue
        number = earlier.count() + 1   # two runs at once: one of them queues it
        subject, body = reminder_message(player, owed, since, rules)
        try:
            with transaction.atomic():
                MailOut.objects.create(
                    house_id=player.house_id, key=f"{MailOut.REMINDER}:{pid}:{number}",
                    kind=MailOut.REMINDER, player=player, subject=subject, body=body)
        except IntegrityError:   # another run queued this one already
            continue
        queued += 1
    return queued


# ---- sending -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    sent: int
    waiting: int
    error: str = ""


def waiting_mail(session: Night | None = None) -> int:
    """The messages still queued (of `session`'s close, with one)."""
    rows = MailOut._base_manager.filter(sent_at=None, dropped="")
    if session is not None:
        rows = rows.filter(session=session)
    return rows.count()


def waiting_sentence(count: int) -> str:
    if not count:
        return ""
    mails = "1 e-mail waits" if count == 1 else f"{count} e-mails wait"
    return (f"{mails} for the mail server; they go with the next `manage.py remind`."
            if count > 1 else f"{mails} for the mail server; it goes with the next "
            "`manage.py remind`.")


def _message(row: MailOut, player: Player) -> EmailMessage:
    link = unsubscribe_link(player)
    return EmailMessage(
        subject=row.subject, body=row.body, from_email=settings.DEFAULT_FROM_EMAIL,
        to=[player.email],
        headers={"List-Unsubscribe": f"<{link}>",
                 "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"})


def send_queued(house_id: int | None = None) -> Sent:
    """Send every queued message (of one house, with `house_id`), outside any transaction.
    Each row is taken before it is sent (sent_at written where it was empty), so two senders
    at once never send one message twice; a server that refuses or is down puts the row back
    queued with the error, and the rest wait for the next run."""
    rows = MailOut._base_manager.filter(sent_at=None, dropped="").select_related("player")
    if house_id is not None:
        rows = rows.filter(house_id=house_id)
    sent = 0
    error = ""
    connection = None
    try:
        for row in list(rows.order_by("id")):
            player = row.player
            if not mailed(player):
                MailOut._base_manager.filter(pk=row.pk, sent_at=None).update(
                    dropped="no address" if not player.email else "unsubscribed")
                continue
            taken = timezone.now()
            if not MailOut._base_manager.filter(pk=row.pk, sent_at=None, dropped="").update(
                    sent_at=taken):
                continue   # another sender has it
            try:
                if connection is None:
                    connection = get_connection(fail_silently=False)
                    connection.open()
                connection.send_messages([_message(row, player)])
            except (OSError, smtplib.SMTPException) as problem:
                error = f"{type(problem).__name__}: {problem}"[:300]
                refused = isinstance(problem, smtplib.SMTPRecipientsRefused)
                MailOut._base_manager.filter(pk=row.pk).update(
                    sent_at=None, tries=row.tries + 1, error=error,
                    dropped="the server refused the address" if refused else "")
                if refused:
                    continue   # this address only
                break   # the server: the rest wait for the next run
            sent += 1
    finally:
        if connection is not None:
            try:
                connection.close()
            except (OSError, smtplib.SMTPException):
                pass
    waiting = MailOut._base_manager.filter(sent_at=None, dropped="")
    if house_id is not None:
        waiting = waiting.filter(house_id=house_id)
    return Sent(sent=sent, waiting=waiting.count(), error=error)


def send_queued_quietly(house_id: int | None = None) -> None:
    """`send_queued` after a close's commit: whatever happens, the close is done."""
    try:
        result = send_queued(house_id)
    except Exception:   # the close is committed: a mail is never its failure
        log.exception("The queued e-mails could not be sent; they wait for `manage.py remind`.")
        return
    if result.error:
        log.warning("%d e-mails wait for the mail server (%s).", result.waiting, result.error)
