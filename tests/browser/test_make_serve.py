"""`make serve` for real (issue 29): started as a banker starts it, with BANKER_OWNER and
BANKER_PASSWORD set and HOST=127.0.0.2, gunicorn on a free port. Over plain HTTP, no proxy,
the owner logs in on the tablet, adds the players, opens a night and takes a buy-in; a phone
opens its link, asks for chips, and the tablet approves the ask."""

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from table_steps import SAVED, buy
from test_layout import PHONE

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.2"
PASSWORD = "a-long-house-password"
TABLET = {"width": 1024, "height": 768}
LIVE = 5_000   # ms, for the polled lists


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@pytest.fixture
def house_server(tmp_path):
    """`make serve` in a process group of its own, on a fresh database; stopped afterwards."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items()
           if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_DEBUG", "DJANGO_SECRET_KEY",
                        "DJANGO_PUBLIC_URL", "MAKEFLAGS", "MAKELEVEL")}
    env.update(HOST=HOST, PORT=str(port), BANKER_OWNER="ann", BANKER_PASSWORD=PASSWORD,
               BANKER_HOUSE="Friday at Ann's", WEB_CONCURRENCY="2",
               DATABASE_URL=f"sqlite:///{tmp_path / 'house.sqlite3'}",
               DJANGO_SECRET_KEY_FILE=str(tmp_path / "secret.key"),
               DJANGO_STATIC_ROOT=str(tmp_path / "static"),
               BANKER_BACKUP_DIR=str(tmp_path))
    log = (tmp_path / "serve.log").open("w")
    server = subprocess.Popen(["make", "serve"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://{HOST}:{port}"
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                with urllib.request.urlopen(base + "/login/", timeout=5) as answer:
                    assert answer.status == 200
                    break
            except OSError:
                assert server.poll() is None, (tmp_path / "serve.log").read_text()
                assert time.monotonic() < deadline, (tmp_path / "serve.log").read_text()
                time.sleep(0.5)
        yield base, tmp_path / "serve.log"
    finally:
        os.killpg(server.pid, signal.SIGTERM)   # make, then the gunicorn it became, and workers
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        log.close()


def test_make_serve_over_plain_http_on_the_house_network(browser, house_server, shots):
    base, log = house_server
    printed = log.read_text()
    assert f"Banker for Friday at Ann's: the tablet and the phones open {base}/" in printed
    assert "The owner ann can log in" in printed

    tablet_context = browser.new_context(viewport=TABLET)
    tablet = tablet_context.new_page()
    tablet.goto(base + "/login/")
    tablet.fill("#id_username", "ann")
    tablet.fill("#id_password", PASSWORD)
    tablet.click("button[type=submit]")
    tablet.wait_for_url(base + "/")                       # logged in over plain HTTP
    cookies = {c["name"]: c for c in tablet_context.cookies()}
    assert not cookies["sessionid"]["secure"] and not cookies["csrftoken"]["secure"]
    assert "Friday at Ann's" in tablet.inner_text("header")

    for name, note_id in (("Mike", "BOM"), ("Fred", "BOF")):
        tablet.goto(base + "/players/new/?next=/players/")
        tablet.fill("#id_name", name)
        tablet.fill("#id_note_id", note_id)
        tablet.click("text=Add the player")
        tablet.wait_for_selector(f"#players >> text={name}")
    fred_link = tablet.input_value("input[aria-label=\"Fred's private link\"]")
    assert re.fullmatch(re.escape(base) + r"/p/[\w-]+/", fred_link), fred_link

    tablet.goto(base + "/s/new/")
    tablet.fill("#id_date", "2026-11-28")
    tablet.select_option("#id_banker", label="Mike")
    tablet.check("label:has-text('Fred') input")
    tablet.click("text=Open the table")
    tablet.wait_for_url(re.compile(r"/s/\d+/$"))
    table = tablet.url
    buy(tablet, table, "Fred", "20", "Cash")
    assert "Fred bought $20.00" in tablet.inner_text("#saved")

    phone_context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = phone_context.new_page()
    phone.goto(fred_link)
    phone.fill("#ask_amount", "5")
    phone.check("input[name=paid][value=cash]")
    phone.click("#ask-send")                               # a phone's post: its CSRF works
    phone.wait_for_selector("#my-requests >> text=waiting for the banker")

    tablet.goto(table)
    tablet.wait_for_selector("[id^=request-] >> text=asks for $5.00", timeout=LIVE)
    tablet.click("[id^=approve-]")
    tablet.wait_for_url(SAVED)
    tablet.wait_for_selector("#saved >> text=Fred bought $5.00")
    phone.wait_for_selector("#my-requests >> text=approved", timeout=LIVE)
    tablet.screenshot(path=str(shots / "make-serve-table-1024x768.png"))
    served = log.read_text()
    assert '" 500 ' not in served and '" 403 ' not in served, served
    tablet_context.close()
    phone_context.close()
