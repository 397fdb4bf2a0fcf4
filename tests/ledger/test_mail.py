"""E-mail (README "E-mail", services/mail.py), through a real SMTP server started here
(aiosmtpd on 127.0.0.1): each close mails each player with an address their line of the
settle-up, once however often it is retried; a mail server that is down never fails the close,
and `manage.py remind` sends what waits, then a reminder a week at most of each debt; every
message carries the RFC 8058 one-click unsubscribe."""

from __future__ import annotations

import datetime
import email
import re
import socket
import subprocess
import sys
from email import policy
from email.message import EmailMessage
from io import StringIO
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from ledger_night import PlayedNight, named, new_key, people

from ledger import services
from ledger.forms.fields import new_key as fresh_key
from ledger.mail_url import parse_email_url
from ledger.models import MailOut, Night
from ledger.services import LedgerError

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = "http://192.168.1.20:8000"


class Inbox:
    """aiosmtpd's handler: every message the server takes."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.messages.append(email.message_from_bytes(envelope.content, policy=policy.default))
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if m["To"] == address]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class MailServer:
    """A real SMTP server on a free port, which the test can stop and start again."""

    def __init__(self) -> None:
        self.port = free_port()
        self.inbox = Inbox()
        self.controller: Controller | None = None

    def start(self) -> None:
        self.controller = Controller(self.inbox, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None


@pytest.fixture
def smtp(settings):
    server = MailServer()
    server.start()
    settings.MAIL_ON = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5
    settings.PUBLIC_URL = PUBLIC
    settings.DEFAULT_FROM_EMAIL = "banker@example.com"
    yield server
    server.stop()


@pytest.fixture
def addresses(players):
    """Fred and Ann keep addresses (Ann takes Venmo and Zelle); Gus and Mike keep none."""
    services.email_set(player=named("Fred"), email="fred@example.com", key=new_key())
    services.email_set(player=named("Ann"), email="Ann@Example.COM", key=new_key())
    services.handles_set(player=named("Ann"), venmo="@annie-k", zelle="ann@example.com",
                         key=new_key())
    return players


def played() -> PlayedNight:
    """An open night, everyone cashed out: Fred bought $20 on THE BOOK and lost it; Ann bought
    $20 in cash and turned in $40. The close: Fred pays Ann $20.00 (B8)."""
    night = PlayedNight(services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"),
                                        seating=people(["Fred", "Ann", "Gus"]),
                                        key=new_key("open")))
    night.buy("Fred", "20.00", paid="book")
    night.buy("Ann", "20.00", paid="cash")
    night.cashout("Fred")
    night.cashout("Ann", green=8)
    return night


def body(message: EmailMessage) -> str:
    return message.get_content()


def test_a_close_mails_each_player_with_an_address_their_line_once(smtp, addresses):
    night = played()
    key = new_key("close")
    services.night_close(session=night.session, key=key)
    assert len(smtp.inbox.messages) == 2   # Fred and Ann; Gus and Mike keep no address
    fred, ann = named("Fred"), named("Ann")
    [to_fred] = smtp.inbox.to("fred@example.com")
    [to_ann] = smtp.inbox.to("Ann@example.com")
    text = body(to_fred)
    assert "Your result: -$20.00" in text
    assert "THE BOOK after the night: you owe $20.00" in text
    assert "Pay Ann $20.00" in text
    assert "Venmo @annie-k: https://venmo.com/u/annie-k?txn=pay&amount=20.00" in text
    assert "Zelle ann@example.com" in text
    assert f"{PUBLIC}/p/{fred.balance_token}/" in text
    assert ann.balance_token not in text and "Ann@example.com" not in text
    text = body(to_ann)
    assert "Your result: $20.00" in text and "you won $20.00" in to_ann["Subject"]
    assert "THE BOOK after the night: you are owed $20.00" in text
    assert "Fred pays you $20.00" in text and "venmo.com" not in text
    assert f"{PUBLIC}/p/{ann.balance_token}/" in text and fred.balance_token not in text

    # The close retried (the same form again, then a new key) and the outbox sent again.
    services.night_close(session=night.session, key=key)
    with pytest.raises(LedgerError):
        services.night_close(session=Night.objects.get(pk=night.session.pk),
                               key=new_key("close"))
    services.send_queued()
    call_command("remind", stdout=StringIO())
    assert len(smtp.inbox.messages) == 2
    assert MailOut.objects.count() == 2 and not MailOut.objects.filter(sent_at=None).exists()


def test_every_message_has_the_one_click_unsubscribe(smtp, addresses):
    night = played()
    services.night_close(session=night.session, key=new_key("close"))
    for message in smtp.inbox.messages:
        header = str(message["List-Unsubscribe"]).strip()
        found = re.fullmatch(rf"<({PUBLIC}/mail/unsubscribe/([^/]+)/)>", header)
        assert found, header
        assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        assert found[1] in body(message)
    # GET asks (a scanner following the link unsubscribes nobody); the one-click POST, with
    # no CSRF token, unsubscribes.
    [to_fred] = smtp.inbox.to("fred@example.com")
    path = re.search(r"<https?://[^/]+(/[^>]+)>", to_fred["List-Unsubscribe"])[1]
    phone = Client(enforce_csrf_checks=True)
    response = phone.get(path)
    assert response.status_code == 200 and b"unsubscribe-button" in response.content
    assert named("Fred").mail_stopped_at is None
    response = phone.post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200 and b"is unsubscribed" in response.content
    assert named("Fred").mail_stopped_at is not None
    assert phone.get("/mail/unsubscribe/1:forged/").status_code == 404
    # The banker saving the address mails nobody again; the player saving it does.
    services.email_set(player=named("Fred"), email="fred@example.com", key=new_key())
    assert named("Fred").mail_stopped_at is not None
    fred = named("Fred")
    services.email_set(player=fred, email="fred@example.com", token=fred.balance_token,
                       key=new_key())
    assert named("Fred").mail_stopped_at is None


def test_an_unsubscribed_player_gets_nothing(smtp, addresses):
    services.mail_stop(named("Fred"))
    night = played()
    services.night_close(session=night.session, key=new_key("close"))
    call_command("remind", "--older", "0", stdout=StringIO())
    assert [m["To"] for m in smtp.inbox.messages] == ["Ann@example.com"]
    # queued before the unsubscribe: dropped, never sent
    smtp.stop()
    services.mail_stop(named("Ann"))
    smtp.start()
    call_command("remind", "--older", "0", stdout=StringIO())
    assert len(smtp.inbox.messages) == 1


def test_a_mail_server_down_leaves_the_close_done_and_the_mail_queued(smtp, addresses):
    night = played()
    smtp.stop()
    services.night_close(session=night.session, key=new_key("close"))
    night.refresh()
    assert night.session.status == Night.CLOSED   # the close is done
    assert MailOut.objects.filter(sent_at=None).count() == 2
    assert services.waiting_sentence(services.waiting_mail(night.session)) == (
        "2 e-mails wait for the mail server; they go with the next `manage.py remind`.")
    assert MailOut.objects.filter(sent_at=None).first().error
    smtp.start()
    out = StringIO()
    call_command("remind", stdout=out)   # Fred's debt is new: no reminder yet
    assert sorted(m["To"] for m in smtp.inbox.messages) == ["Ann@example.com",
                                                            "fred@example.com"]
    assert "Sent 2 e-mails (0 reminders" in out.getvalue()
    call_command("remind", stdout=StringIO())
    assert len(smtp.inbox.messages) == 2


def test_the_close_page_says_how_many_mails_wait(smtp, addresses, banker_client):
    night = played()
    smtp.stop()
    response = banker_client.post(reverse("night_close", args=[night.session.pk]),
                                  {"key": fresh_key(), "confirm": "on"}, follow=True)
    assert response.status_code == 200
    said = "2 e-mails wait for the mail server; they go with the next `manage.py remind`."
    assert said in response.content.decode()
    page = banker_client.get(reverse("night_close", args=[night.session.pk]))
    assert said in page.content.decode()


def test_remind_mails_each_debt_once_a_week(smtp, addresses):
    night = played()
    services.night_close(session=night.session, key=new_key("close"))
    smtp.inbox.messages.clear()
    call_command("remind", stdout=StringIO())   # owed since tonight: not older than 14 days
    assert smtp.inbox.messages == []
    call_command("remind", "--older", "0", stdout=StringIO())
    call_command("remind", "--older", "0", stdout=StringIO())   # the same week: no more
    [reminder] = smtp.inbox.messages
    assert reminder["To"] == "fred@example.com"   # Ann is owed: no reminder
    text = body(reminder)
    assert "THE BOOK says you owe $20.00" in text and "Pay Ann $20.00" in text
    assert "https://venmo.com/u/annie-k?txn=pay&amount=20.00" in text
    assert reminder["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # A week later, one more.
    MailOut.objects.filter(kind=MailOut.REMINDER).update(
        created_at=timezone.now() - datetime.timedelta(days=8))
    call_command("remind", "--older", "0", stdout=StringIO())
    assert len(smtp.inbox.messages) == 2


def test_a_malformed_address_is_refused_with_a_sentence_and_nothing_saved(smtp, players,
                                                                          banker_client):
    with pytest.raises(LedgerError, match="E-mail for Fred: write an address such as "
                                          "ann@example.com, not “fred@”."):
        services.email_set(player=named("Fred"), email="fred@", key=new_key())
    assert named("Fred").email == ""
    # The banker's edit page
    fred = named("Fred")
    response = banker_client.post(reverse("player_email", args=[fred.pk]),
                                  {"key": fresh_key(), "email": "not an address"})
    assert response.status_code == 400
    assert "E-mail for Fred: write an address such as" in response.content.decode()
    assert named("Fred").email == ""
    response = banker_client.post(reverse("player_email", args=[fred.pk]),
                                  {"key": fresh_key(), "email": "fred@example.com"})
    assert response.status_code == 302 and named("Fred").email == "fred@example.com"
    # The player's own page
    ann = named("Ann")
    phone = Client()
    page = phone.get(reverse("player_balance", args=[ann.balance_token]))
    form = page.content.decode().split('id="email-form"', 1)[1].split("</form>", 1)[0]
    key = re.search(r'name="key" value="([^"]+)"', form)[1]
    url = reverse("phone_email", args=[ann.balance_token])
    response = phone.post(url, {"key": key, "email": "ann@@example"})
    assert response.status_code == 400 and "E-mail for Ann" in response.content.decode()
    assert named("Ann").email == ""
    response = phone.post(url, {"key": fresh_key(), "email": "ann@example.com"})
    assert response.status_code == 302 and named("Ann").email == "ann@example.com"


def test_an_address_is_shown_to_nobody_else(smtp, addresses, banker_client):
    night = played()
    services.night_close(session=night.session, key=new_key("close"))
    fred = named("Fred")
    page = Client().get(reverse("player_balance", args=[fred.balance_token])).content.decode()
    assert "fred@example.com" in page and "Ann@example.com" not in page
    settle = banker_client.get(reverse("settle_up", args=[night.session.pk])).content.decode()
    assert "fred@example.com" not in settle and "Ann@example.com" not in settle


def test_a_mail_url_that_does_not_parse_is_refused_with_a_sentence():
    assert parse_email_url("smtp://mail.example.com:25")["EMAIL_PORT"] == 25
    config = parse_email_url("smtp+tls://user:secret@mail.example.com:587")
    assert (config["EMAIL_HOST"], config["EMAIL_HOST_USER"], config["EMAIL_USE_TLS"]) == (
        "mail.example.com", "user", True)
    for bad in ("mail.example.com", "http://mail.example.com", "smtp://", "smtp://h:port",
                "smtp+tls://user:secret@h:99999"):
        with pytest.raises(ValueError, match="DJANGO_EMAIL_URL must be a mail server's "
                                             "address such as") as refused:
            parse_email_url(bad)
        assert "secret" not in str(refused.value)
    # At start-up: one ImproperlyConfigured sentence, no traceback of ours.
    done = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT,
                          env={"DJANGO_EMAIL_URL": "smtp://mail.example.com:port",
                               "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "ImproperlyConfigured: DJANGO_EMAIL_URL must be a mail server's address" in \
        done.stderr


def test_without_a_mail_server_nothing_is_queued(players, settings):
    settings.MAIL_ON = False
    services.email_set(player=named("Fred"), email="fred@example.com", key=new_key())
    night = played()
    services.night_close(session=night.session, key=new_key("close"))
    assert not MailOut.objects.exists()
    out = StringIO()
    call_command("remind", stdout=out)
    assert "No mail server" in out.getvalue()



def test_make_serve_starts_the_daily_remind_in_a_process_of_its_own(settings, monkeypatch):
    from ledger.management.commands import serve_house

    started = []
    monkeypatch.setattr(serve_house.subprocess, "Popen",
                        lambda args, **kw: started.append(args[1:]))
    settings.MAIL_ON = False
    serve_house.Command(stdout=StringIO())._daily_reminders()
    assert started == []
    settings.MAIL_ON = True
    serve_house.Command(stdout=StringIO())._daily_reminders()
    assert started == [[str(ROOT / "manage.py"), "remind", "--daily"]]


def test_remind_daily_runs_then_stops_with_the_server(smtp, addresses, monkeypatch):
    from ledger.management.commands import remind

    night = played()
    smtp.stop()
    services.night_close(session=night.session, key=new_key("close"))
    smtp.start()
    parents = iter([100, 100, 1])   # the server's pid, then init's: the server stopped
    monkeypatch.setattr(remind.os, "getppid", lambda: next(parents))
    monkeypatch.setattr(remind.time, "sleep", lambda seconds: None)
    call_command("remind", "--daily", stdout=StringIO())
    assert len(smtp.inbox.messages) == 2


def test_remind_names_its_house_and_refuses_a_bad_number_of_days(smtp, addresses):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--older: expected a number of days"):
        call_command("remind", "--older", "two weeks", stdout=StringIO())
    with pytest.raises(CommandError, match="--house: there is no house 'nowhere'"):
        call_command("remind", "--house", "nowhere", stdout=StringIO())
    night = played()
    services.night_close(session=night.session, key=new_key("close"))
    smtp.inbox.messages.clear()
    out = StringIO()
    call_command("remind", "--house", night.session.house.slug, "--older", "0", stdout=out)
    assert "Sent 1 e-mail (1 reminder of a debt)." in out.getvalue()
