"""The refusal the posting core (and every service) raises: a sentence a banker can read, and
the field it is about; nothing was written."""

from django.core.exceptions import ValidationError


class LedgerError(ValidationError):
    """A write refused because it breaks a rule; nothing was written.

    A ValidationError, so a form can show it as is; `str()` is the plain message.
    """

    def __init__(self, message: str, *, code: str = "invalid", field: str | None = None):
        super().__init__(message, code=code)
        self.field = field

    def __str__(self) -> str:
        return str(self.message)
