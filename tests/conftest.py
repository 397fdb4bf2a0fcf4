from pathlib import Path

import pytest

# CI and every developer have the shared documents beside the project's root.
SHARED_DIR = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    assert SHARED_DIR.is_dir(), f"the shared documents are missing: {SHARED_DIR}"
    return SHARED_DIR
