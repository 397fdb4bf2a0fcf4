import math
import os
import tempfile
from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import settings as hypothesis_settings

# ---- the journal's key (ledger/integrity/key.py): a fixed one for the test run ----
# Set here rather than left to the key file, so a test run never writes a key into the checkout
# (and commands the tests start in subprocesses get the same key through the environment).
TEST_LEDGER_KEY = "test-only-ledger-key-0123456789abcdef0123456789abcdef"
os.environ.setdefault("DJANGO_LEDGER_KEY", TEST_LEDGER_KEY)
settings.LEDGER_KEY = os.environ["DJANGO_LEDGER_KEY"]
# The witness of the journal's head (ledger/integrity/witness.py): one per test process, outside the
# checkout; removed with the database it vouches for when a transactional test flushes it.
settings.LEDGER_WITNESS = os.path.join(
    tempfile.gettempdir(), f"banker-test-{os.getpid()}.witness")

# A night closed through its page writes a backup (ledger/backups.py): into a folder of the
# test run's own, never into the checkout.
settings.BACKUP_DIR = tempfile.mkdtemp(prefix="banker-test-backups-")

# ---- the pages' translations: compiled (Babel) when a .mo is missing or older than its .po ----
from ledger.languages import compile_catalogs  # noqa: E402

compile_catalogs()

# ---- Hypothesis: every example in CI, a quarter of them on a developer's machine ----
# HYPOTHESIS_PROFILE picks the profile; unset, "ci" when CI is true (.ci/run sets "ci"), else
# "dev". A test's own count (@settings(max_examples=...)) is a quarter of it under "dev" too
# (at least 10), so the long property tests keep their proportions.
DEV_SHARE = 4
hypothesis_settings.register_profile("ci")  # the counts as written; Hypothesis's defaults
hypothesis_settings.register_profile("dev", max_examples=100 // DEV_SHARE)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or (
    "ci" if os.environ.get("CI", "").strip().lower() in ("1", "true", "yes") else "dev")
hypothesis_settings.load_profile(HYPOTHESIS_PROFILE)


def pytest_collection_modifyitems(items):
    """Under "dev", a quarter of the examples of each test that sets its own count. Hypothesis
    keeps a test's settings on the function (its own pytest plugin rewrites them the same way);
    a parametrized test is one function, scaled once."""
    if HYPOTHESIS_PROFILE != "dev":
        return
    profile_count = hypothesis_settings.default.max_examples
    scaled = set()
    for item in items:
        function = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
        chosen = getattr(function, "_hypothesis_internal_use_settings", None)
        if chosen is None or id(function) in scaled or chosen.max_examples == profile_count:
            continue
        scaled.add(id(function))
        fewer = max(min(chosen.max_examples, 10), math.ceil(chosen.max_examples / DEV_SHARE))
        function._hypothesis_internal_use_settings = hypothesis_settings(
            chosen, max_examples=fewer)


# ---- passwords: a fast hash for the test run ----
# Django's PBKDF2 (a million rounds) costs about a second a password here, paid by every
# banker the tests make and every login they type. The site keeps its default; the tests that
# start the site in a subprocess (test_security.py) run with it.
settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# ---- web layer (H2): a logged-in banker ----
BANKER_PASSWORD = "correct-horse-battery-staple"


@pytest.fixture
def banker_user(django_user_model):
    """The banker's login: a user in the bankers group (ledger/permissions.py)."""
    from ledger.permissions import make_banker

    user = django_user_model.objects.create_user(username="mike", password=BANKER_PASSWORD)
    make_banker(user)
    return user


@pytest.fixture
def banker_client(client, banker_user):
    """A test client logged in as the banker."""
    client.force_login(banker_user)
    return client


@pytest.fixture(autouse=True)
def _test_bodies_see_every_house():
    """A test's own queries (its setup and its checks) see every house, on purpose; each request
    it makes runs in the scope of its URL's house (ledger/middleware.py HouseMiddleware), so a
    page that forgot its house fails here. Tests of more than one house scope their own
    service calls with `in_house`."""
    from ledger.scoping import every_house

    with every_house():
        yield


# ---- money domain (H1): journal triggers vs. the flush between transactional tests ----
@pytest.fixture(autouse=True)
def _nothing_kept_from_another_test():
    """Parts of pages are kept in Django's cache under the nights' versions (ledger/services/
    versions.py); a test's rolled-back database can give the next test the same versions."""
    from django.core.cache import cache

    cache.clear()
    Path(settings.LEDGER_WITNESS).unlink(missing_ok=True)   # of a database rolled back


@pytest.fixture(autouse=True)
def _ledger_triggers_off_for_flush(request):
    """The append-only triggers would refuse the flush after a `transaction=True` test (SQLite's
    DELETE FROM, PostgreSQL's TRUNCATE); drop them just before it. flush sends post_migrate,
    which puts them back (ledger/integrity/triggers.py)."""
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
    from ledger.integrity.triggers import drop_append_only_triggers

    drop_append_only_triggers()
    Path(settings.LEDGER_WITNESS).unlink(missing_ok=True)   # of the database flushed next


# ---- SQLite test databases (H2): one file per test process (ledger/settings.py) ----
# Each pytest-xdist worker is a process of its own: its file is .test-db.sqlite3-<pid>_gw<n>
# (pytest-django adds the worker's suffix first; on PostgreSQL, test_<name>_gw<n>).
@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """Before the test database is created, remove what a killed run left behind: a stale
    -wal file next to a new database of the same name would be replayed into it."""
    import os
    import re

    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"] not in ("django.db.backends.sqlite3", "ledger.sqlite_backend"):
        return
    name = Path(database.get("TEST", {}).get("NAME") or "")
    if not name.name:
        return
    pattern = re.compile(r"^\.test-db\.sqlite3-(\d+)(_gw\d+)?(-wal|-shm|-journal)?$")
    for leftover in name.parent.glob(".test-db.sqlite3-*"):
        match = pattern.match(leftover.name)
        if not match:
            continue
        pid = int(match.group(1))
        if pid != os.getpid() and _process_alive(pid):
            continue  # another test run in this checkout is using it
        if leftover != name:
            leftover.unlink(missing_ok=True)


def _process_alive(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
