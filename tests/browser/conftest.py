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


# Debian's Chromium; BANKER_CHROMIUM points elsewhere (the set-up tests use it to play "missing").
CHROMIUM = os.environ.get("BANKER_CHROMIUM") or "/usr/bin/chromium"
# Screenshots for a person to look at: test-screenshots/ in the work tree (git ignores it), so
# two work trees never overwrite each other's; BANKER_SHOTS puts them elsewhere.
SHOTS = Path(os.environ.get("BANKER_SHOTS")
             or Path(__file__).resolve().parents[2] / "test-screenshots")
NO_TESTS_RAN = 5  # pytest's exit code when every collected test was set aside
_SET_ASIDE = pytest.StashKey[int]()


def _chromium() -> str | None:
    """The Chromium to drive: CHROMIUM, else `chromium` on the PATH; None when missing."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    return None if "BANKER_CHROMIUM" in os.environ else shutil.which("chromium")


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def pytest_collection_modifyitems(config, items):
    """Without Chromium on a developer's machine the browser tests are skipped with ONE line
    in the summary, not one per test. In CI (.ci/run installs it) they run and fail."""
    if _chromium() is not None or _in_ci():
        return
    browser = [item for item in items if item.get_closest_marker("browser")]
    if browser:
        items[:] = [item for item in items if not item.get_closest_marker("browser")]
        config.hook.pytest_deselected(items=browser)
        config.stash[_SET_ASIDE] = len(browser)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    count = config.stash.get(_SET_ASIDE, 0)
    if count:
        terminalreporter.write_line(
            f"Chromium not found at {CHROMIUM}: {count} browser test{'' if count == 1 else 's'} "
            "skipped; apt-get install chromium", yellow=True, bold=True)


def pytest_sessionfinish(session, exitstatus):
    """Skipped browser tests are not a failed run, even when they were all that was asked."""
    if exitstatus == NO_TESTS_RAN and session.config.stash.get(_SET_ASIDE, 0):
        session.exitstatus = 0


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    chromium = _chromium()
    if chromium is None:  # only in CI: elsewhere the browser tests were set aside
        pytest.fail(f"Chromium not found at {CHROMIUM}: CI needs it (.ci/run installs it with "
                    "apt-get install chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": chromium,
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
def regulars(transactional_db):
    """The house's four regulars (Mike the host, Fred, Ann, Dan), by name."""
    from ledger import services

    made = {}
    for name, note_id, extra in [("Mike", "BOG", {"is_host": True}), ("Fred", "BOF", {}),
                                 ("Ann", "BOA", {}), ("Dan", "BOD", {})]:
        made[name] = services.player_create(name=name, note_id=note_id, key=f"p-{name}",
                                            **extra)
    return made


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
        if "invited_by" in extra:
            extra["invited_by"] = made[extra["invited_by"]]
        made[name] = services.player_create(name=name, note_id=note_id, key=f"p-{name}", **extra)
    made["session"] = services.night_open(
        date=datetime.date(2026, 11, 21), banker=made["Mike"],
        seating=[made["Fred"], made["Ann"], made["Gus"]], key="open-night",
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
