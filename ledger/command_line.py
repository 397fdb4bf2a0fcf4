"""What the command line's commands share (the ledger's and the tables app's): bad input is one
line on stderr and exit code 2."""

from django.core.management.base import CommandError
from django.db import DatabaseError

from ledger.models import PokerSession
from ledger.numbers import read_whole_number


def fail(message: str) -> CommandError:
    return CommandError(message, returncode=2)


def session_by_id(value: str) -> PokerSession:
    try:
        return PokerSession.objects.select_related("banker").get(pk=read_whole_number(value))
    except (ValueError, TypeError):
        raise fail(f"ID: expected a session number, got {value!r}") from None
    except PokerSession.DoesNotExist:
        raise fail(f"ID: there is no session {value}") from None
    except DatabaseError as error:
        raise fail(f"the database is not ready ({error}); run `manage.py migrate`") from None
