"""`manage.py serve_house --host HOST --port PORT`: the real site for a home game (`make serve`).

On this one machine, for the house network: production settings (`make serve` sets
DJANGO_DEBUG=false and BANKER_HOUSE_NETWORK=true), the database migrated, static files
collected, gunicorn. Plain HTTP is served only on a loopback or private address (the settings
relax the HTTPS-only cookies only there); any other HOST or DJANGO_PUBLIC_URL is refused in one
sentence, exit 2.

First start: the house's name and its owner's login, asked for when the input is a terminal,
otherwise taken from BANKER_HOUSE (default "Home game"), BANKER_OWNER and BANKER_PASSWORD; no
prompt ever when the input is not a terminal (then a missing owner is one line, exit 2). The
owner is a superuser in the bankers group. Then it prints the address the tablet and the
phones open, with its QR code, and becomes gunicorn (`--setup-only` stops before that). With
DJANGO_EMAIL_URL set it first starts `manage.py remind --daily` beside it (README "E-mail").
"""

from __future__ import annotations

import getpass
import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import segno
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connections
from django.db.models import Count, Window

from ledger.backups import close_backup, missing_close_backups
from ledger.command_line import fail
from ledger.house import DEFAULT_NAME
from ledger.integrity.key import key_problem
from ledger.models import House
from ledger.permissions import make_banker
from ledger.public_url import LOOPBACK, house_refusal, lan_address
from ledger.services import LedgerError
from ledger.services.houses import house_create, house_rename

ANY_INTERFACE = ("0.0.0.0", "::", "[::]")


def workers() -> int:
    """WEB_CONCURRENCY (gunicorn's own variable), else (2 x cores) + 1 sync workers (README,
    Production), at most 9 for a home game."""
    given = os.environ.get("WEB_CONCURRENCY", "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    return min(9, 2 * (os.cpu_count() or 1) + 1)


def served_address(host: str, port: str) -> str:
    """The address the tablet and the phones open."""
    if settings.PUBLIC_URL:
        return f"{settings.PUBLIC_URL}/"
    if host in ANY_INTERFACE:
        host = lan_address()
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def gunicorn_command(host: str, port: str, workers: int) -> list[str]:
    """gunicorn serving the house network. No proxy stands in front of it, so no client is
    trusted to say the request came over https (`X-Forwarded-Proto`): gunicorn trusts that
    header from 127.0.0.1 by default (forwarded_allow_ips), here from no address."""
    return [
        sys.executable, "-m", "gunicorn", "ledger.wsgi", "--bind",
        f"[{host}]:{port}" if ":" in host and not host.startswith("[") else f"{host}:{port}",
        "--workers", str(workers), "--access-logfile", "-", "--forwarded-allow-ips", "",
    ]


class Command(BaseCommand):
    help = "Serve the site for a home game on the house network (make serve)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", default=os.environ.get("PORT", "8000"))
        parser.add_argument("--workers", type=int, default=workers())
        parser.add_argument("--setup-only", action="store_true",
                            help="migrate, collect static files and make the owner; no server")

    def handle(self, *args: Any, **options: Any) -> None:
        host, port = str(options["host"]), str(options["port"])
        self._refuse_outside_the_house(host, port)
        call_command("migrate", "--noinput", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
        owner = self._owner()
        name = self._house(owner)
        self._copies_of_closes()
        address = served_address(host, port)
        out = self.stdout.write
        out(f"Banker for {name}: the tablet and the phones open {address}")
        missing = key_problem()   # the site reads, but writes nothing without its key
        if missing:
            self.stderr.write(f"problem: {missing}")
        code = io.StringIO()
        segno.make(address, error="m").terminal(out=code, compact=True)
        out(code.getvalue(), ending="")
        if options["setup_only"]:
            return
        connections.close_all()
        self._daily_reminders()
        sys.stdout.flush()
        os.execv(sys.executable, gunicorn_command(host, port, options["workers"]))

    def _daily_reminders(self) -> None:
        """With a mail server (DJANGO_EMAIL_URL), `manage.py remind --daily` in a process of
        its own: the queued e-mails and the reminders once a day, never inside a request. It
        is gunicorn's child after the exec and stops when gunicorn does."""
        if not settings.MAIL_ON:
            return
        subprocess.Popen([sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "remind",
                          "--daily"], stdin=subprocess.DEVNULL)
        self.stdout.write("E-mail: the queued e-mails and the reminders go once a day "
                          "(manage.py remind).")

    def _refuse_outside_the_house(self, host: str, port: str) -> None:
        if settings.DEBUG:
            raise fail("serve_house runs with production settings: start it with `make serve` "
                       "(it sets DJANGO_DEBUG=false and BANKER_HOUSE_NETWORK=true)")
        refusal = house_refusal(host, settings.PUBLIC_URL)
        if refusal:
            raise fail(refusal)
        if not settings.HOUSE_NETWORK:
            raise fail("serve_house needs BANKER_HOUSE_NETWORK=true (make serve sets it)")
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise fail(f"PORT: expected a port number, got {port!r}")
        if host not in (*LOOPBACK, *ANY_INTERFACE) and host not in settings.ALLOWED_HOSTS \
                and "*" not in settings.ALLOWED_HOSTS and not settings.PUBLIC_URL:
            raise fail(f"HOST {host}: set DJANGO_PUBLIC_URL=http://{host}:{port} or "
                       "DJANGO_ALLOWED_HOSTS so the site answers on it")

    def _copies_of_closes(self) -> None:
        """A close saved without its copy of the database (the site stopped between the two)
        gets it now, once."""
        for night in missing_close_backups():
            copy = close_backup(night)
            if copy is not None:
                self.stdout.write(f"Night {night} was closed without a copy of the database: "
                                  f"{copy.sentence()}")

    def _ask_owner(self, username: str, password: str) -> tuple[str, str]:
        """The owner's username and password, asked for in the terminal where not given."""
        while not username:
            username = self._ask("The owner's username: ")
        while not password:
            password = getpass.getpass("The owner's password: ")
            if password != getpass.getpass("The same password again: "):
                self.stderr.write("The two passwords differ; again.")
                password = ""
        return username, password

    def _ask(self, question: str) -> str:
        if not sys.stdin.isatty():
            return ""
        try:
            return input(question).strip()
        except EOFError:   # Ctrl-D: nothing more will be answered
            raise fail("Stopped: the first start's questions were not answered") from None

    def _house(self, owner: User | None) -> str:
        """The first house: BANKER_HOUSE names it (or renames a site's only house), else it is
        asked for, else "Home game". Its owner is the owner made on the first start."""
        given = os.environ.get("BANKER_HOUSE", "").strip()
        # The first two houses, each with the site's count of houses (one query).
        houses = list(House.objects.annotate(site_houses=Window(Count("pk"))).order_by("pk")[:2])
        try:
            if not houses:
                name = given or self._ask(f"The house's name [{DEFAULT_NAME}]: ") or DEFAULT_NAME
                return house_create(name=name, owner=owner).name
            if given and len(houses) == 1 and houses[0].name != given:
                return house_rename(house=houses[0], name=given).name
        except LedgerError as error:
            raise fail(f"BANKER_HOUSE: {error}") from None
        if len(houses) == 1:
            return houses[0].name
        return f"{houses[0].site_houses} houses"

    def _owner(self) -> User | None:
        """The owner's login, made on the first start (a superuser: owner of every house)."""
        users = get_user_model().objects
        if users.filter(is_superuser=True, is_active=True).exists():
            return None
        username = os.environ.get("BANKER_OWNER", "").strip()
        password = os.environ.get("BANKER_PASSWORD", "")
        asking = sys.stdin.isatty()
        while True:
            if asking:
                username, password = self._ask_owner(username, password)
            if not username or not password:
                raise fail("No owner yet: set BANKER_OWNER and BANKER_PASSWORD (the owner's "
                           "login for the first start), or start make serve in a terminal to "
                           "be asked")
            user = users.model(username=username, is_staff=True, is_superuser=True)
            try:
                user.full_clean(exclude=["password"])
            except ValidationError as error:
                if not asking:
                    raise fail(f"BANKER_OWNER: {' '.join(error.messages)}") from None
                self.stderr.write(f"{' '.join(error.messages)} Choose another username.")
                username = ""
                continue
            try:
                validate_password(password, user)
            except ValidationError as error:
                if not asking:
                    raise fail(f"BANKER_PASSWORD: {' '.join(error.messages)}") from None
                # In a terminal the owner is asked again, not sent to variables nobody set.
                self.stderr.write(f"{' '.join(error.messages)} Choose another password.")
                password = ""
                continue
            break
        user.set_password(password)
        user.save()
        make_banker(user)
        self.stdout.write(f"The owner {username} can log in (a banker and the admin).")
        return user
