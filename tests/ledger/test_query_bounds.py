"""Every page the busy-night bench hits, and the other pages of a night, reads the database a
fixed number of times (issue 10): the same count for a small night (4 players, a few buy-ins
and hands, one closed night before it) and a big one (12 players and a guest, 60 buy-ins, 12
hands, three closed nights), and no more than the page's bound. A page that reads once per
player, entry, hand or night fails the first check."""

import datetime

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from ledger_night import cents, named, people

from ledger import services
from ledger.forms import new_key
from ledger.models import Player
from rules.games.hand_types import HandInput

pytestmark = pytest.mark.django_db

SMALL = {"players": 4, "buyins": 8, "hands": 2, "closed": 1}
BIG = {"players": 12, "buyins": 60, "hands": 12, "closed": 3}

# Today's count and a little room (PostgreSQL adds its advisory lock to a save). Since houses,
# a night's page reads the night's house and the login's role in it first (HouseMiddleware).
# A banker's login is no longer written on every page (ledger.middleware.SlidingSessionMiddleware).
# Each page is counted twice: as served again while nothing was written (a page kept whole,
# ledger/kept.py, reads who asks and the house's version, the latter with the house itself, and
# nothing else; a page the bank's holder uses also reads who holds the bank), and "_cold":
# computed with nothing kept, the first visit after a write. A phone's kept page is one query:
# its house found by the token, with the house's version.
BOUNDS = {
    "dashboard": 4, "dashboard_cold": 16,    # 15 before kept pages: one for the phones'
                                            # waiting requests
    "dashboard_live": 15, "dashboard_live_cold": 15,   # the polled fragment reads what the
                                            # page reads, and the house's version (its ETag)
    "buyin_form": 6, "buyin_form_cold": 9,
    "buyin_row": 6, "buyin_row_cold": 9,   # the row's quick buy-in
    "phone": 1, "phone_cold": 26,           # THE BOOK's lines (selectors.book_story); paying
                                            # adds the player's claims, their payments, and
                                            # last night's transfers still to settle; the
                                            # latest nights (their ids, the nights, their
                                            # money, notes, seats, THE BOOK before and since)
    "phone_live": 2, "phone_live_cold": 16,  # the history is not in the polled fragment
    "hand": 6, "hand_cold": 9,
    "game_call": 10, "game_call_cold": 10,   # not kept
    "journal": 4, "journal_cold": 9,        # the calls and hands in words
    "journal_csv": 9, "journal_csv_cold": 9,   # the same words in the CSV (not kept)
    "settle_up": 4, "settle_up_cold": 12,    # the QR links in one query
    "settle_up_csv": 10, "settle_up_csv_cold": 10,
    "cashout": 6, "cashout_cold": 15,
    "close": 6, "close_cold": 15,            # the steps in aggregate reads
                                             # (selectors.close_steps), who the bank owes cash
                                             # in one query for every player
    "season": 4, "season_cold": 15,          # the closed nights, their money, notes, seats,
                                             # THE BOOK
    "book": 4, "book_cold": 8,               # the payments to confirm, the latest payments
    "players": 4, "players_cold": 5,
    "sessions": 4, "sessions_cold": 6,       # a page of nights and their number
    "buyin_save": 24,       # 22 today on SQLite, 24 on PostgreSQL: the form's reads, then the
                            # service's locks and checks (the bank holder's among them), and
                            # the night's version
}


def _night_of(size: dict) -> dict:
    """Players, `closed` closed nights and tonight's open one with money, hands and a game
    called; returns what the pages need."""
    names = [f"P{i:02d}" for i in range(size["players"])]
    for i, name in enumerate(names):
        services.player_create(name=name, note_id=f"N{i:02d}", is_host=i == 0, key=new_key())
    services.player_create(name="Guest", note_id="GST", regular=False, invited_by=named(names[1]),
                           key=new_key())
    rows = people(names)
    for night in range(size["closed"]):
        closed = services.night_open(date=datetime.date(2026, 10, 3 + 7 * night),
                                       banker=rows[0], seating=rows[1:], key=new_key())
        for n, name in enumerate(names):
            services.buyin_create(session=closed, player=named(name), amount=cents("5.00"),
                                  paid="book" if n % 2 else "cash", key=new_key())
        for name in names:
            services.cashout_create(session=closed, player=named(name), chips={"green": 1},
                                    key=new_key())
        services.night_close(session=closed, key=new_key())
    tonight = services.night_open(date=datetime.date(2026, 11, 21), banker=rows[0],
                                    seating=rows[1:], key=new_key())
    services.buyin_create(session=tonight, player=named("Guest"), amount=cents("5.00"),
                          paid="cash",
                          key=new_key())
    services.buyin_create(session=tonight, player=rows[2], amount=cents("5.00"), paid="cash",
                          seller=rows[1], key=new_key(), confirm_duplicate=True)
    for n in range(size["buyins"]):
        services.buyin_create(session=tonight, player=rows[n % len(names)], amount=cents("5.00"),
                              paid=("cash", "note", "book")[n % 3], key=new_key(),
                              confirm_duplicate=True)
    services.warning_record(session=tonight, player=rows[1], key=new_key())
    services.penalty_record(session=tonight, player=rows[2], key=new_key())
    for n in range(size["hands"]):
        services.game_call(session=tonight, game="five-card-draw",
                           dealer=rows[n % len(names)], key=new_key())
        services.hand_enter(session=tonight, key=new_key(), hand=HandInput.from_json({
            "pot": "1.00", "players": [
                {"name": names[(n + k) % len(names)], "won": ["high"] if k == 0 else []}
                for k in range(4)]}))
    services.game_call(session=tonight, game="five-card-draw", dealer=rows[0], key=new_key())
    return {"session": tonight, "player": Player.objects.get(name=names[1]),
            "row": Player.objects.get(name=names[3])}


def _pages(night: dict) -> dict:
    """Page name -> (who asks, path, extra request arguments)."""
    pk, token = night["session"].pk, night["player"].balance_token
    live = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}
    return {
        "dashboard": ("banker", reverse("night_dashboard", args=[pk]), {}),
        "dashboard_live": ("banker", reverse("night_dashboard", args=[pk]), live),
        "buyin_form": ("banker", reverse("buyin", args=[pk]), {}),
        "buyin_row": ("banker", f"{reverse('buyin', args=[pk])}?player={night['row'].pk}", {}),
        "phone": ("phone", reverse("player_balance", args=[token]), {}),
        "phone_live": ("phone", reverse("player_balance", args=[token]), live),
        "hand": ("banker", reverse("hand", args=[pk]), {}),
        "game_call": ("banker", reverse("game_call", args=[pk]), {}),
        "journal": ("banker", reverse("night_entries", args=[pk]), {}),
        "journal_csv": ("banker", f"{reverse('night_entries', args=[pk])}?_export=csv", {}),
        "settle_up": ("banker", reverse("settle_up", args=[pk]), {}),
        "settle_up_csv": ("banker", f"{reverse('settle_up', args=[pk])}?_export=csv", {}),
        "cashout": ("banker", reverse("cashout", args=[pk]), {}),
        "close": ("banker", reverse("night_close", args=[pk]), {}),
        "season": ("banker", reverse("season"), {}),
        "book": ("banker", reverse("book"), {}),
        "players": ("banker", reverse("player_list"), {}),
        "sessions": ("banker", reverse("night_list"), {}),
    }


def _counts(banker_client, size: dict) -> dict[str, int]:
    night = _night_of(size)
    phone = Client()   # no login: the player's link is the key
    counts = {}
    for name, (who, path, extra) in _pages(night).items():
        asker = banker_client if who == "banker" else phone
        asker.get(path, **extra)   # a first visit may set up the login's session and CSRF cookie
        with CaptureQueriesContext(connection) as queries:
            response = asker.get(path, **extra)
        assert response.status_code == 200, (name, response.status_code)
        counts[name] = len(queries)
        cache.clear()   # nothing kept: the first visit after a write
        with CaptureQueriesContext(connection) as queries:
            assert asker.get(path, **extra).status_code == 200
        counts[f"{name}_cold"] = len(queries)
    form = banker_client.get(reverse("buyin", args=[night["session"].pk]))
    key = form.context["form"]["key"].value()
    with CaptureQueriesContext(connection) as queries:
        response = banker_client.post(reverse("buyin", args=[night["session"].pk]), {
            "key": key, "player": night["row"].pk, "amount": "5.00", "paid": "cash",
            "confirm_duplicate": "on", "save": "1"})
    assert response.status_code == 302
    counts["buyin_save"] = len(queries)
    return counts


@pytest.mark.slow
@pytest.mark.parametrize("first", ["small", "big"])
def test_each_page_reads_the_database_a_fixed_number_of_times(banker_client, first):
    """Both sizes in one test, each in a transaction rolled back after it is counted (the
    journal cannot be emptied otherwise); counted in both orders, so nothing a first visit
    sets up (a cache, a cookie) hides a count that grows."""
    counted = {}
    for size in (first, "big" if first == "small" else "small"):
        with transaction.atomic():
            counted[size] = _counts(banker_client, SMALL if size == "small" else BIG)
            transaction.set_rollback(True)
    grew = {page: (counted["small"][page], counted["big"][page]) for page in BOUNDS
            if counted["big"][page] != counted["small"][page]}
    assert not grew, f"queries changed with players, entries, hands or nights: {grew}"
    for size, counts in counted.items():
        over = {page: n for page, n in counts.items() if n > BOUNDS[page]}
        assert not over, f"{size} night over the bound: {over} (bounds {BOUNDS})"
