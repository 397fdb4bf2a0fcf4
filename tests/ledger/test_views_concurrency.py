"""R2: the same one-time key over real HTTP from six taps at once: one buy-in, five replays.

A live server (threaded, a real database file) takes six POSTs sent at the same moment from six
threads with plain urllib; none may see a 500, and all must be sent to the same result.
"""

import datetime
import re
import threading
import urllib.error
import urllib.parse
import urllib.request

import pytest
from ledger_night import named, people

from ledger import services
from ledger.models import Entry
from ledger.posting.accounts import EntryKind

TAPS = 6


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # we want to see the 302 itself


def _open(url, cookies: dict, data: bytes | None = None):
    """One request with our cookies; a redirect comes back as is, never followed."""
    header = "; ".join(f"{name}={value}" for name, value in cookies.items())
    request = urllib.request.Request(url, data=data, headers={"Cookie": header, "Referer": url})
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        response = opener.open(request, timeout=60)
    except urllib.error.HTTPError as error:
        return error.code, error.headers, b""
    return response.status, response.headers, response.read()


@pytest.mark.django_db(transaction=True)
def test_six_parallel_taps_with_one_key_make_one_buyin_R2(live_server, client, banker_user):
    fred = services.player_create(name="Fred", note_id="BOF", key="p-fred")
    services.player_create(name="Mike", note_id="BOG", is_host=True, key="p-mike")
    session = services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"),
                                    seating=people(["Fred"]),
                                    key="open")
    client.force_login(banker_user)
    cookies = {"sessionid": client.cookies["sessionid"].value}
    url = f"{live_server.url}/s/{session.pk}/buy/"
    status, headers, page = _open(url, cookies)
    assert status == 200
    for set_cookie in headers.get_all("Set-Cookie"):
        name, _, rest = set_cookie.partition("=")
        cookies[name] = rest.split(";")[0]
    page = page.decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    key = re.search(r'name="key" value="([^"]+)"', page).group(1)
    body = urllib.parse.urlencode({
        "csrfmiddlewaretoken": csrf, "key": key, "player": fred.pk, "amount": "20.00",
        "paid": "cash", "seller": "", "save": "1",
    }).encode()

    start = threading.Barrier(TAPS)
    results: list[tuple[int, str]] = []
    lock = threading.Lock()

    def tap():
        start.wait()
        status, headers, _ = _open(url, cookies, body)
        with lock:
            results.append((status, headers.get("Location", "")))

    threads = [threading.Thread(target=tap) for _ in range(TAPS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert len(results) == TAPS
    assert all(status == 302 for status, _ in results), results  # never a 500
    entry = Entry.objects.get(kind=EntryKind.BUY)  # exactly one created
    assert {location for _, location in results} == {f"/s/{session.pk}/?saved={entry.pk}"}
