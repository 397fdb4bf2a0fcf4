"""Browser tests: Playwright drives Debian's Chromium (never a downloaded browser)."""

import os
import shutil
from pathlib import Path

import pytest

# The live server runs in a thread next to Playwright's event loop; Django must allow the ORM there.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path("/tmp/shots")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
        ],
    }


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where screenshots go, to be looked at by a person."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
