from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = "Bank and THE BOOK"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Re-install the append-only triggers after every migrate/flush (integrity/triggers.py),
        # write the witness after each commit of entries (integrity/witness.py) and register the
        # ledger's system checks: modules that read the models, imported once they are loaded.
        from . import checks  # noqa: F401
        from .integrity import triggers, witness  # noqa: F401
