from pathlib import Path

import pytest

# CI and every developer have the shared documents beside the project's root.
SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    assert SHARED_DIR.is_dir(), f"the shared documents are missing: {SHARED_DIR}"
    return SHARED_DIR


# ---- web layer (H2): a logged-in banker ----
BANKER_PASSWORD = "correct-horse-battery-staple"


@pytest.fixture
def banker_user(django_user_model):
    """The banker's login (a plain Django user)."""
    return django_user_model.objects.create_user(username="mike", password=BANKER_PASSWORD)


@pytest.fixture
def banker_client(client, banker_user):
    """A test client logged in as the banker."""
    client.force_login(banker_user)
    return client


# ---- money domain (H1): journal triggers vs. the flush between transactional tests ----
@pytest.fixture(autouse=True)
def _ledger_triggers_off_for_flush(request):
    """SQLite's append-only triggers would refuse the DELETE FROM that `flush` runs after a
    `transaction=True` test; drop them just before it. flush sends post_migrate, which puts
    them back (ledger/signals.py). PostgreSQL flushes with TRUNCATE, which they allow."""
    marker = request.node.get_closest_marker("django_db")
    by_marker = marker is not None and bool(
        marker.kwargs.get("transaction") or (marker.args and marker.args[0])
    )
    by_fixture = {"transactional_db", "live_server"} & set(request.fixturenames)
    if not (by_marker or by_fixture):
        yield
        return
    request.getfixturevalue("_django_db_helper" if by_marker else "transactional_db")
    yield
    from django.db import connection

    if connection.vendor == "sqlite":
        from ledger.signals import drop_append_only_triggers

        drop_append_only_triggers()
