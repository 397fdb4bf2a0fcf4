"""Browser tests: Playwright drives Debian's Chromium (never a downloaded browser)."""

import os
import shutil
from pathlib import Path

import pytest


@pytest.fixture(scope="session", autouse=True)
def _orm_next_to_playwright():
    """The live server and the tests' own ORM calls run next to Playwright's event loop;
    Django must allow that from the first browser test on (a deployment never sets it: the
    deploy check's subprocess drops it)."""
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if before is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


CHROMIUM = "/usr/bin/chromium"
SHOTS = Path("/tmp/shots")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        message = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get("CI"):  # .ci/run installs it: a missing browser there is a failure
            pytest.fail(message)
        pytest.skip(message)
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


TABLET = {"width": 1024, "height": 768}


@pytest.fixture
def table(transactional_db):
    """Players and an open night, made through the services: Mike (host, banker), Fred, Ann,
    and Gus, Fred's guest."""
    import datetime

    from ledger import services

    made = {}
    for name, note_id, extra in [("Mike", "BOG", {"is_host": True}), ("Fred", "BOF", {}),
                                 ("Ann", "BOA", {}), ("Gus", "BOGU", {"regular": False,
                                                                    "invited_by": "Fred"})]:
        made[name] = services.player_create(name=name, note_id=note_id, key=f"p-{name}", **extra)
    made["session"] = services.session_open(
        date=datetime.date(2026, 11, 21), banker="Mike", seating=["Fred", "Ann", "Gus"],
        key="open-night",
    )
    return made


@pytest.fixture
def banker_page(page, live_server, banker_user):
    """A tablet-sized page, logged in as the banker through the login form."""
    page.set_viewport_size(TABLET)
    page.goto(live_server.url + "/login/")
    page.fill("#id_username", banker_user.username)
    page.fill("#id_password", "correct-horse-battery-staple")
    page.click("button[type=submit]")
    page.wait_for_url(live_server.url + "/")
    return page
