from django.apps import AppConfig


class TablesConfig(AppConfig):
    name = "tables"
    label = "reports"
    verbose_name = "Reports"
