"""`manage.py house_settings SLUG [--set FILE]`: print a house's settings as JSON; with `--set`,
change the keys the file (or `-`, stdin) names, keep the others, and print the new settings.

The house's next night plays by them; an open or closed night keeps the settings it opened
with. Bad input (not JSON, an unknown key, a bad value, an unknown house) is one line naming
the key, exit code 2, and nothing written.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ledger.command_line import fail, settings_file, settings_json
from ledger.models import House
from ledger.services.houses import house_settings_change


class Command(BaseCommand):
    help = ("Print a house's settings as JSON; --set FILE (or - for stdin) changes the keys "
            "the file names and prints the new settings.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", metavar="SLUG")
        parser.add_argument("--set", metavar="FILE", dest="set_file",
                            help="a JSON file of the keys to change (- for stdin)")

    def handle(self, *args: Any, **options: Any) -> None:
        slug = options["slug"]
        house = House.objects.filter(slug=slug).first()
        if house is None:
            slugs = ", ".join(House.objects.values_list("slug", flat=True)) or "none yet"
            raise fail(f"SLUG: there is no house {slug!r} (slugs: {slugs})")
        settings = house.game_settings
        if options["set_file"] is not None:
            settings = settings_file(options["set_file"], "--set", base=settings)
            house = house_settings_change(house=house, settings=settings)
        self.stdout.write(settings_json(settings))
