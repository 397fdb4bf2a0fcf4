"""`manage.py createhouse NAME --owner USERNAME [--config FILE | --preset NAME]`: a new house with
that login as its owner, playing by the settings of a JSON file (the keys it leaves out are the
seed house's) or of a preset (the seed house's without either); the house's slug is printed
last (its pages: /h/<slug>/). Django keeps `--settings` for itself, hence `--config`."""

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import fail, settings_file
from ledger.house_settings import PRESETS, HouseSettings
from ledger.services import LedgerError
from ledger.services.houses import house_create


class Command(BaseCommand):
    help = "Make a house (a home game) with an existing login as its owner; prints its slug."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", metavar="NAME")
        parser.add_argument("--owner", metavar="USERNAME", required=True)
        game = parser.add_mutually_exclusive_group()
        game.add_argument("--config", metavar="FILE",
                          help="a JSON file of the house's settings (- for stdin); the keys it "
                               "leaves out are the seed house's")
        game.add_argument("--preset", metavar="NAME",
                          help=f"start from a preset: {', '.join(PRESETS)}")

    def handle(self, *args: Any, **options: Any) -> None:
        settings: HouseSettings | None = None
        if options.get("preset") is not None:
            name = options["preset"]
            if name not in PRESETS:
                raise fail(f"--preset: {name!r} is not a preset; the presets are "
                           f"{', '.join(PRESETS)}")
            settings = PRESETS[name]
        elif options.get("config") is not None:
            settings = settings_file(options["config"], "--config")
        owner = get_user_model().objects.filter(username=options["owner"]).first()
        if owner is None:
            raise fail(f"--owner: there is no login {options['owner']!r}; make it first "
                       "(manage.py createsuperuser, or an owner's invitation)")
        try:
            house = house_create(name=options["name"], owner=owner, settings=settings)
        except LedgerError as error:
            raise fail(f"NAME: {error}") from None
        self.stdout.write(f"{house.name}: owner {owner.get_username()}")
        self.stdout.write(house.slug)
