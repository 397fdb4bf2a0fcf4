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
