"""A phone link's limits hold when posts arrive at once (R11): at most POSTS_PER_MINUTE posts a
minute, MAX_PENDING requests waiting and MAX_PENDING payment claims waiting per link, each
counted and recorded under the player's row lock (PostgreSQL) or SQLite's write lock. Run on
both databases (DATABASE_URL)."""

import threading

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from ledger_night import amounts, cents, make_player, named, new_key, open_night

from ledger import services
from ledger.forms import new_key as form_key
from ledger.models import LinkPost, PaymentClaim, PhoneRequest, Player
from ledger.services.requests import MAX_PENDING, POSTS_PER_MINUTE, link_post_allowed

AT_ONCE = 20
pytestmark = pytest.mark.django_db(transaction=True)


def at_once(work, times=AT_ONCE) -> list:
    """Run `work(i)` in `times` threads released together; each thread's own connection."""
    start = threading.Barrier(times)
    results: list = [None] * times

    def run(i):
        try:
            start.wait()
            results[i] = work(i)
        except Exception as error:   # kept, to be named by the test
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


@pytest.fixture
def fred(db):
    make_player("Mike", "BOG", is_host=True)
    make_player("Ann", "BOA")
    return make_player("Fred", "BOF")


def test_twenty_posts_at_once_count_ten(fred):
    results = at_once(lambda i: link_post_allowed(fred))
    assert sorted(results, key=str) == [False] * (AT_ONCE - POSTS_PER_MINUTE) \
        + [True] * POSTS_PER_MINUTE
    assert LinkPost.objects.filter(player=fred).count() == POSTS_PER_MINUTE


def test_twenty_asks_posted_at_once_on_one_link_make_at_most_ten_posts(fred):
    open_night(seating=("Fred", "Ann"))
    url = reverse("phone_ask", args=[fred.balance_token])

    def post(i):
        return Client().post(url, {"key": form_key(), "amount": "5.00",
                                   "paid": "cash"}).status_code

    statuses = at_once(post)
    assert statuses.count(429) == AT_ONCE - POSTS_PER_MINUTE, statuses
    assert LinkPost.objects.filter(player=fred).count() == POSTS_PER_MINUTE
    assert PhoneRequest.objects.filter(player=fred).count() == MAX_PENDING
    assert not [status for status in statuses if status >= 500]


def test_twenty_asks_at_once_leave_at_most_three_waiting(fred):
    open_night(seating=("Fred", "Ann"))

    def ask(i):
        return services.request_ask(player=fred, token=fred.balance_token,
                                    amount=cents("5.00"), paid="cash", key=new_key("ask"))

    results = at_once(ask)
    assert PhoneRequest.objects.filter(player=fred, status="pending").count() == MAX_PENDING
    refused = [r for r in results if isinstance(r, services.LedgerError)]
    assert len(refused) == AT_ONCE - MAX_PENDING
    assert all(r.code == "too_many_pending" for r in refused)


def test_twenty_claims_at_once_leave_at_most_three_waiting(fred):
    services.book_opening(balances=amounts({"Fred": "-20.00", "Ann": "20.00"}), key="opening")
    ann = Player.objects.get(name="Ann")

    def claim(i):
        return services.claim_create(player=fred, token=fred.balance_token, to=ann,
                                     amount=cents("1.00"), key=new_key("claim"))

    results = at_once(claim)
    assert PaymentClaim.objects.filter(payer=named("Fred"), status="claimed").count() \
        == MAX_PENDING
    refused = [r for r in results if isinstance(r, services.LedgerError)]
    assert len(refused) == AT_ONCE - MAX_PENDING
