from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = "Bank and THE BOOK"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Re-install the append-only triggers after every migrate/flush (ledger/triggers.py)
        # and register the ledger's system checks.
        from . import checks, triggers  # noqa: F401
