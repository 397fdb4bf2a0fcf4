"""What the command line's commands share (the ledger's and the tables app's): bad input is one
line on stderr and exit code 2."""

from django.core.management.base import CommandError
from django.db import DatabaseError

from ledger.models import House, PokerSession
from ledger.numbers import read_whole_number
from ledger.scoping import every_house


def fail(message: str) -> CommandError:
    return CommandError(message, returncode=2)


def session_by_id(value: str) -> PokerSession:
    """The night numbered `value`, whichever its house (run the rest in `in_house` of it)."""
    try:
        with every_house():
            return PokerSession.objects.select_related("banker").get(
                pk=read_whole_number(value))
    except (ValueError, TypeError):
        raise fail(f"ID: expected a session number, got {value!r}") from None
    except PokerSession.DoesNotExist:
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
