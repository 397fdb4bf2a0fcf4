from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = "Bank and THE BOOK"
    default_auto_field = "django.db.models.BigAutoField"
