"""`manage.py createhouse NAME --owner USERNAME`: a new house with that login as its owner; the
house's slug is printed last (its pages: /h/<slug>/)."""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import fail
from ledger.services import LedgerError
from ledger.services.houses import house_create


class Command(BaseCommand):
    help = "Make a house (a home game) with an existing login as its owner; prints its slug."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", metavar="NAME")
        parser.add_argument("--owner", metavar="USERNAME", required=True)

    def handle(self, *args: Any, **options: Any) -> None:
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise fail(f"--owner: there is no login {options['owner']!r}; make it first "
                       "(manage.py createsuperuser, or an owner's invitation)")
        try:
            house = house_create(name=options["name"], owner=owner)
        except LedgerError as error:
            raise fail(f"NAME: {error}") from None
        self.stdout.write(f"{house.name}: owner {owner.get_username()}")
        self.stdout.write(house.slug)
