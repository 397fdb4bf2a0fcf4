"""`manage.py remind [--house SLUG] [--older DAYS]`: the e-mails (README "E-mail").

First every message still queued (a close's e-mails the mail server did not take), then a
reminder to each player with an address whose THE BOOK balance has been below zero longer than
DAYS (default 14): at most one a week each, however often it runs. Without --house, every
house. Nothing is mailed without DJANGO_EMAIL_URL (one line says so).

`make serve` runs it once a day in a process of its own (serve_house starts it with
`--daily`: it runs now, then every 24 hours, and stops when the server does).
"""

from __future__ import annotations

import os
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connections

from ledger import services
from ledger.command_line import fail, house_named
from ledger.models import House
from ledger.scoping import every_house, in_house
from ledger.services.mail import REMIND_AFTER_DAYS

DAY = 24 * 60 * 60


class Command(BaseCommand):
    help = "Send the queued e-mails, then remind the players who owe on THE BOOK."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--house", default=None, help="one house's slug (default: all)")
        parser.add_argument("--older", default=str(REMIND_AFTER_DAYS),
                            help=f"remind debts older than DAYS days (default "
                                 f"{REMIND_AFTER_DAYS})")
        parser.add_argument("--daily", action="store_true",
                            help="run now and every 24 hours until the parent process ends "
                                 "(make serve)")

    def handle(self, *args: Any, **options: Any) -> None:
        older = str(options["older"]).strip()
        if not older.isdigit():
            raise fail(f"--older: expected a number of days, got {options['older']!r}")
        if not settings.MAIL_ON:
            self.stdout.write("No mail server: set DJANGO_EMAIL_URL (smtp://host:port) to mail "
                              "the players; nothing was sent.")
            return
        if not options["daily"]:
            self._once(options["house"], int(older))
            return
        parent = os.getppid()
        while True:
            try:
                self._once(options["house"], int(older))
            except Exception as error:   # tomorrow again; the server keeps serving
                self.stderr.write(f"remind: {error}")
            connections.close_all()
            for _ in range(DAY // 60):
                time.sleep(60)
                if os.getppid() != parent:
                    return   # the server stopped

    def _once(self, slug: str | None, older: int) -> None:
        if slug:
            houses = [house_named(slug)]
        else:
            with every_house():
                houses = list(House.objects.order_by("pk"))
        sent = waiting = reminded = 0
        error = ""
        for house in houses:
            with in_house(house.pk):
                first = services.send_queued(house.pk)
                reminded += services.queue_reminders(older_days=older)
                after = services.send_queued(house.pk)
            sent += first.sent + after.sent
            waiting = waiting + after.waiting
            error = after.error or first.error or error
        self.stdout.write(f"Sent {sent} e-mail{'s' if sent != 1 else ''} "
                          f"({reminded} reminder{'s' if reminded != 1 else ''} of a debt).")
        if waiting:
            self.stderr.write(f"{services.waiting_sentence(waiting)} ({error})")
