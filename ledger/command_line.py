"""What the command line's commands share (the ledger's and the tables app's): bad input is one
line on stderr and exit code 2."""

import json
import sys

from django.core.management.base import CommandError
from django.db import DatabaseError

from ledger.house_settings import HouseSettings, SettingsError
from ledger.models import House, Night
from ledger.numbers import read_whole_number
from ledger.scoping import every_house


def fail(message: str) -> CommandError:
    return CommandError(message, returncode=2)


def night_by_id(value: str) -> Night:
    """The night numbered `value`, whichever its house (run the rest in `in_house` of it)."""
    try:
        with every_house():
            return Night.objects.select_related("banker").get(
                pk=read_whole_number(value))
    except (ValueError, TypeError):
        raise fail(f"ID: expected a session number, got {value!r}") from None
    except Night.DoesNotExist:
        raise fail(f"ID: there is no session {value}") from None
    except DatabaseError as error:
        raise fail(f"the database is not ready ({error}); run `manage.py migrate`") from None


def house_named(slug: str | None) -> House:
    """The house `--house SLUG` names; without it, the site's only house (made when the site
    has none); a site with several houses needs it."""
    from ledger.house import house_in_use

    try:
        if slug:
            found = House.objects.filter(slug=slug).first()
            if found is None:
                raise fail(f"--house: there is no house {slug!r} (slugs: {_slugs()})")
            return found
        if House.objects.count() > 1:
            raise fail(f"--house: this site keeps several houses; name one ({_slugs()})")
        return house_in_use()
    except DatabaseError as error:
        raise fail(f"the database is not ready ({error}); run `manage.py migrate`") from None


def makes_first_house(slug: str | None) -> bool:
    """Whether `house_named(slug)` makes the site's first house (then make it in the
    transaction of what it is made for: a refused write leaves no house behind)."""
    try:
        return not slug and not House.objects.exists()
    except DatabaseError as error:
        raise fail(f"the database is not ready ({error}); run `manage.py migrate`") from None


def _slugs() -> str:
    return ", ".join(House.objects.values_list("slug", flat=True)) or "none yet"


MAX_SETTINGS_BYTES = 64 * 1024   # a house's settings are a few hundred bytes


def settings_file(path: str, option: str, base: HouseSettings | None = None) -> HouseSettings:
    """The settings a JSON file (`-`: stdin) names, the keys it leaves out as in `base` (the
    seed house's when None); refused in one line naming the option and the key."""
    named = "stdin" if path == "-" else path
    try:
        if path == "-":
            raw = sys.stdin.read(MAX_SETTINGS_BYTES + 1)
        else:
            with open(path, encoding="utf-8") as handle:
                raw = handle.read(MAX_SETTINGS_BYTES + 1)
    except OSError as error:
        raise fail(f"{option}: cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise fail(f"{option}: {named} is not JSON (not UTF-8 text)") from None
    if len(raw) > MAX_SETTINGS_BYTES:
        raise fail(f"{option}: {named} is larger than a house's settings can be "
                   f"({MAX_SETTINGS_BYTES // 1024} KB)")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as error:
        raise fail(f"{option}: {named} is not JSON ({error})") from None
    try:
        return HouseSettings.from_json(data, base=base)
    except SettingsError as error:
        raise fail(f"{option}: {error.message}") from None


def settings_json(settings: HouseSettings) -> str:
    """The settings as the commands print them: the JSON form, indented by 2."""
    return json.dumps(settings.to_json(), indent=2, ensure_ascii=False)
