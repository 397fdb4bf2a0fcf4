"""PostgreSQL prepares the statements a connection sends (ledger/postgresql_backend): a page's
statements are planned once per connection, not on every request. Migrations keep the
client-side binding their DDL needs (several statements in one string)."""

import pytest
from django.db import connection
from ledger_night import open_night

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's")]


def _prepared() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        return int(cursor.fetchone()[0])


def test_the_site_prepares_its_statements(players, banker_user, client):
    before = _prepared()
    tonight = open_night()
    tonight.buy("Fred", "20.00", user=banker_user)
    assert connection.settings_dict["ENGINE"] == "ledger.postgresql_backend"
    assert _prepared() > before, "no statement was prepared"


def test_a_migration_may_send_several_statements_in_one_string():
    """What Django's own schema editor does (an added column's default set, then dropped); a
    prepared statement refuses it ("cannot insert multiple commands")."""
    with connection.schema_editor() as editor:
        editor.execute("CREATE TEMPORARY TABLE several (n int); DROP TABLE several")
    with connection.cursor() as cursor:   # and the site's cursor prepares again afterwards
        cursor.execute("SELECT 1 WHERE 1 = %s", [1])
        assert cursor.fetchone() == (1,)


def test_off_for_a_pooler_in_transaction_mode(monkeypatch):
    """DJANGO_DB_PREPARED=false: Django's own backend, statements bound by the client."""
    import importlib

    from ledger import settings

    monkeypatch.setenv("DJANGO_DB_PREPARED", "false")
    try:
        off = importlib.reload(settings).DATABASES["default"]
        assert off["ENGINE"] == "django.db.backends.postgresql"
        assert "server_side_binding" not in off.get("OPTIONS", {})
    finally:
        monkeypatch.delenv("DJANGO_DB_PREPARED")
        importlib.reload(settings)
