"""A payment confirmed from six taps at once on the receiver's phone, over real HTTP: one
payment in THE BOOK, five replays, never a 500 (as R2 for the tablet's buy-ins)."""

import re
import threading
import urllib.parse

import pytest
from ledger_night import amounts, cents, named
from test_views_concurrency import _open

from ledger import selectors, services
from ledger.models import Entry, PaymentClaim, Player
from ledger.posting.accounts import EntryKind

TAPS = 6


@pytest.mark.django_db(transaction=True)
def test_six_parallel_confirmations_write_one_payment(live_server):
    for name, note_id, extra in [("Mike", "BOG", {"is_host": True}), ("Fred", "BOF", {}),
                                 ("Ann", "BOA", {})]:
        services.player_create(name=name, note_id=note_id, key=f"p-{name}", **extra)
    services.book_opening(balances=amounts({"Fred": "-20.00", "Ann": "20.00"}), key="opening")
    fred, ann = Player.objects.get(name="Fred"), Player.objects.get(name="Ann")
    claim = services.claim_create(player=fred, token=fred.balance_token, to=named("Ann"),
                                  amount=cents("20.00"), key="fred-paid")
    url = f"{live_server.url}/p/{ann.balance_token}/"
    status, headers, page = _open(url, {})
    assert status == 200
    cookies = {}
    for set_cookie in headers.get_all("Set-Cookie"):
        name, _, rest = set_cookie.partition("=")
        cookies[name] = rest.split(";")[0]
    page = page.decode()
    action = f"/p/{ann.balance_token}/payments/{claim.pk}/confirm/"
    form = page[page.index(f'action="{action}"'):]
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
    key = re.search(r'name="key" value="([^"]+)"', form).group(1)
    body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf, "key": key}).encode()

    start = threading.Barrier(TAPS)
    results: list[int] = []
    lock = threading.Lock()

    def tap():
        start.wait()
        status, _, _ = _open(live_server.url + action, cookies, body)
        with lock:
            results.append(status)

    threads = [threading.Thread(target=tap) for _ in range(TAPS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert results == [302] * TAPS, results
    assert Entry.objects.filter(kind=EntryKind.PAY).count() == 1
    claim.refresh_from_db()
    assert claim.status == PaymentClaim.CONFIRMED and claim.answered_by_payee
    assert selectors.book_balances() == {}
