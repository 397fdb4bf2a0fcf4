"""Issue 42, "a server that says how it is": `GET /healthz` (the process answers, no database)
and `GET /readyz` (database, cache, journal key and witness reachable: 200, else 503 with what
failed, in one line), for any monitor: no login, whatever the Host header, no https redirect,
never kept by a cache, no path or secret in the answer (ledger/health.py)."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from ledger.integrity import witness
from ledger.models.keys import record_witness_made

PATHS = ["/healthz", "/readyz"]


def _line(response) -> str:
    text = response.content.decode()
    assert text.endswith("\n") and text.count("\n") == 1   # one line
    return text.strip()


def _no_secrets(response, tmp_path=None) -> None:
    from django.conf import settings

    text = response.content.decode()
    for secret in (settings.SECRET_KEY, settings.LEDGER_KEY, str(settings.LEDGER_WITNESS),
                   str(settings.LEDGER_KEY_FILE), str(connection.settings_dict["NAME"])):
        if secret:
            assert secret not in text
    if tmp_path is not None:
        assert str(tmp_path) not in text


@pytest.mark.django_db
def test_healthz_answers_200_without_touching_the_database(client):
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/healthz")
    assert response.status_code == 200 and _line(response) == "ok"
    assert len(queries) == 0
    assert response["Cache-Control"] == "no-store"


def test_healthz_answers_while_the_database_is_unreachable(django_db_blocker):
    """No database at all for this test (pytest-django refuses every query), and then one that
    cannot be reached: /healthz answers 200 both ways, /readyz 503 naming the database."""
    assert Client().get("/healthz").status_code == 200   # any query would raise here
    with django_db_blocker.unblock(), _unreachable_database():
        response = Client().get("/healthz")
        assert response.status_code == 200 and _line(response) == "ok"
        ready = Client().get("/readyz")
        assert ready.status_code == 503
        line = _line(ready)
        assert line.startswith("not ready: ") and "database: unreachable" in line
        assert "cache" not in line and "journal key" not in line
        _no_secrets(ready)
        assert "127.0.0.1" not in line and "nowhere" not in line


class _unreachable_database:
    """The default database pointed at nothing: a closed port (PostgreSQL), a file in a
    folder that does not exist (SQLite); put back as it was after."""

    def __enter__(self):
        connection.close()
        self.saved = dict(connection.settings_dict)
        if connection.vendor == "sqlite":
            connection.settings_dict["NAME"] = "/nowhere/at/all/db.sqlite3"
        else:
            connection.settings_dict.update(HOST="127.0.0.1", PORT="1")
            connection.settings_dict.setdefault("OPTIONS", {})
            connection.settings_dict["OPTIONS"] = {
                **connection.settings_dict["OPTIONS"], "connect_timeout": 2}
        return self

    def __exit__(self, *exc):
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(self.saved)


@pytest.mark.django_db
def test_readyz_answers_200_when_everything_answers(client):
    response = client.get("/readyz")
    assert response.status_code == 200 and _line(response) == "ready"
    assert response["Cache-Control"] == "no-store"
    assert response["Content-Type"].startswith("text/plain")


@pytest.mark.django_db
@pytest.mark.parametrize("path", PATHS)
def test_no_login_any_host_and_no_https_redirect(path, settings):
    """A monitor sends no cookie, may name the machine by any name, and speaks plain HTTP to
    it: still the answer, where a page of the site is a 400 (Host) or a 301 (https)."""
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["banker.example"]
    odd = Client(HTTP_HOST="10.0.0.7:8000")
    assert odd.get(path).status_code == 200
    assert Client(HTTP_HOST="banker.example").get("/login/").status_code == 301
    assert odd.get("/login/").status_code == 400
    assert Client().head(path).status_code == 200
    assert Client().post(path).status_code == 405


@pytest.mark.django_db
def test_readyz_names_a_cache_that_keeps_nothing(client, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    response = client.get("/readyz")
    assert response.status_code == 503
    assert _line(response) == "not ready: cache: what was written could not be read back"


@pytest.mark.django_db
def test_readyz_names_a_missing_journal_key_without_its_path(client, night, settings, tmp_path):
    night.buy("Fred", "20.00")                        # a journal written under the key
    settings.LEDGER_KEY = ""
    settings.LEDGER_KEY_FILE = str(tmp_path / "ledger.key")
    response = client.get("/readyz")
    assert response.status_code == 503
    line = _line(response)
    assert line.startswith("not ready: journal key: the journal's key file is missing, and "
                           "this database was written under a key")
    _no_secrets(response, tmp_path)
    assert not (tmp_path / "ledger.key").exists()     # asking made no new key


@pytest.mark.django_db
def test_readyz_on_an_empty_database_without_a_key_file_is_ready(client, settings, tmp_path):
    """Nothing sealed yet: the key is made on the first write (ledger_key.py), not missing."""
    settings.LEDGER_KEY = ""
    settings.LEDGER_KEY_FILE = str(tmp_path / "ledger.key")
    response = client.get("/readyz")
    assert response.status_code == 200, response.content
    assert not (tmp_path / "ledger.key").exists()


@pytest.mark.django_db
def test_readyz_names_a_short_journal_key(client, settings):
    settings.LEDGER_KEY = "too short"
    response = client.get("/readyz")
    assert response.status_code == 503
    assert _line(response) == "not ready: journal key: unreadable (see `manage.py audit`)"
    _no_secrets(response)


@pytest.mark.django_db
def test_readyz_names_a_witness_gone(client, night, settings, tmp_path):
    settings.LEDGER_WITNESS = str(tmp_path / "db.witness")
    night.buy("Fred", "20.00")
    witness.refresh()
    record_witness_made()
    assert client.get("/readyz").status_code == 200
    (tmp_path / "db.witness").unlink()
    response = client.get("/readyz")
    assert response.status_code == 503
    assert _line(response) == ("not ready: witness: gone (this database had one: see "
                               "`manage.py audit`)")
    _no_secrets(response, tmp_path)


@pytest.mark.django_db
def test_readyz_names_a_witness_folder_that_cannot_be_written(client, settings, tmp_path):
    """Its folder is a file (a mount gone, a typo): no witness can be written there (a folder
    without the write permission is the same answer, but the tests may run as root)."""
    folder = tmp_path / "mount"
    folder.write_text("not a folder")
    settings.LEDGER_WITNESS = str(folder / "db.witness")
    response = client.get("/readyz")
    assert response.status_code == 503
    assert _line(response) == "not ready: witness: its folder cannot be written"
    _no_secrets(response, tmp_path)


# ---- the night list warns when the last close has no copy of the database ----

WARNING = "No copy of the database was written after the last close"


@pytest.mark.django_db(transaction=True)
def test_the_night_list_warns_when_the_last_close_got_no_copy_until_it_gets_one(
        banker_client, players, settings, tmp_path):
    from django.urls import reverse
    from test_backups_on_close import _close_by_page, _ready_to_close

    from ledger import backups

    place = tmp_path / "usb-disk"
    settings.BACKUP_DIR = str(place)                 # not plugged in: the copy fails
    night = _ready_to_close()
    assert WARNING not in banker_client.get(reverse("night_list")).content.decode()
    _close_by_page(banker_client, night)
    page = banker_client.get(reverse("night_list")).content.decode()
    assert WARNING in page
    assert night.session.date.strftime("%a %b %-d, %Y") in page
    assert reverse("night_close", args=[night.session.pk]) in page
    place.mkdir()                                     # plugged in: its close page writes it
    banker_client.get(reverse("night_close", args=[night.session.pk]))
    assert len(backups.copies(place)) == 1
    assert WARNING not in banker_client.get(reverse("night_list")).content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_night_list_says_nothing_when_the_last_close_has_its_copy(
        banker_client, players, settings, tmp_path):
    from django.urls import reverse
    from test_backups_on_close import _close_by_page, _ready_to_close

    settings.BACKUP_DIR = str(tmp_path)
    _close_by_page(banker_client, _ready_to_close())
    assert WARNING not in banker_client.get(reverse("night_list")).content.decode()


# ---- BANKER_BACKUP_COPY_DIR: a second copy of each backup, checked ----


@pytest.mark.django_db(transaction=True)
def test_a_second_copy_of_the_close_backup_goes_to_the_copy_folder_checked(
        banker_client, players, settings, tmp_path):
    import stat

    from test_backups_on_close import _close_by_page, _ready_to_close

    from ledger import backups

    settings.BACKUP_DIR = str(tmp_path / "disk")
    (tmp_path / "disk").mkdir()
    settings.BACKUP_COPY_DIR = str(tmp_path / "nas")
    (tmp_path / "nas").mkdir()
    page = _close_by_page(banker_client, _ready_to_close())
    [first] = backups.copies(tmp_path / "disk")
    [second] = backups.copies(tmp_path / "nas")
    assert second.name == first.name and second.read_bytes() == first.read_bytes()
    assert stat.S_IMODE(second.stat().st_mode) == 0o600
    if (tmp_path / "disk" / f"{first.name}.witness").exists():
        assert (tmp_path / "nas" / f"{first.name}.witness").read_bytes() == (
            tmp_path / "disk" / f"{first.name}.witness").read_bytes()
    assert f"A second copy went to {second}, checked." in page
    assert not [p for p in (tmp_path / "nas").iterdir() if p.name.startswith(".")]


@pytest.mark.django_db(transaction=True)
def test_a_missing_copy_folder_is_a_sentence_and_the_close_and_first_copy_are_done(
        banker_client, players, settings, tmp_path):
    from test_backups_on_close import _close_by_page, _ready_to_close

    from ledger import backups
    from ledger.models import Night

    settings.BACKUP_DIR = str(tmp_path / "disk")
    (tmp_path / "disk").mkdir()
    settings.BACKUP_COPY_DIR = str(tmp_path / "usb-not-plugged-in")
    night = _ready_to_close()
    page = _close_by_page(banker_client, night)
    assert Night.objects.get(pk=night.session.pk).status == Night.CLOSED
    assert len(backups.copies(tmp_path / "disk")) == 1
    assert (f"No second copy was written: the second backup folder "
            f"{tmp_path / 'usb-not-plugged-in'} does not exist (BANKER_BACKUP_COPY_DIR).") in page
    assert not (tmp_path / "usb-not-plugged-in").exists()   # not made


def test_a_second_copy_that_reads_back_different_is_removed_and_said(
        settings, tmp_path, monkeypatch):
    from ledger import backups

    source = tmp_path / "banker-20261203-080000-night-1.sqlite3"
    source.write_bytes(b"the database")
    settings.BACKUP_COPY_DIR = str(tmp_path / "nas")
    (tmp_path / "nas").mkdir()
    real = backups._digest
    monkeypatch.setattr(backups, "_digest",
                        lambda path: "bad" if path.parent.name == "nas" else real(path))
    said = backups.second_copy(source)
    assert said.startswith(f"No second copy was written to {tmp_path / 'nas'}: the copy of "
                           f"{source.name} read back differs from it")
    assert list((tmp_path / "nas").iterdir()) == []
