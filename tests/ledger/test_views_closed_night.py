"""A closed night's writing pages (the back button after close, an old tab) lead back to the
night's page, which says the night is closed: never a 404, nothing written."""

import pytest
from django.urls import reverse

from ledger.models import Entry
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db

WRITING_PAGES = ["buyin", "chip_sale", "penalty", "game_call", "game_end", "hand", "cashout",
                 "pot_award", "payment", "final_pot", "correction", "night_close",
                 "note_action", "count_difference", "seating", "bank_hand_over"]
POST_ONLY = {"game_end", "note_action", "count_difference", "bank_hand_over"}  # forms' targets


@pytest.fixture
def closed(night):
    night.buy("Fred", "20.00")
    night.cashout("Fred", green=4)
    night.close()
    return night


def _url(name, closed):
    session = closed.session
    if name == "correction":
        entry = Entry.objects.filter(session=session, kind=EntryKind.BUY).get()
        return reverse(name, args=[session.pk, entry.pk])
    return reverse(name, args=[session.pk])


@pytest.mark.parametrize(("name", "method"),
                         [(name, method) for name in WRITING_PAGES for method in ("get", "post")
                          if not (method == "get" and name in POST_ONLY)])
def test_a_closed_nights_writing_page_leads_back_to_the_night(banker_client, closed, name,
                                                              method):
    written = Entry.objects.count()
    url = _url(name, closed)
    response = getattr(banker_client, method)(url, {"key": "k" * 20, "save": "1"}
                                              if method == "post" else {})
    night_page = reverse("night_dashboard", args=[closed.session.pk])
    if name == "night_close" and method == "get":   # the close page itself says so
        assert response.status_code == 200
        assert "This night is closed" in response.content.decode()
        assert night_page in response.content.decode()
        return
    assert response.status_code == 302, (name, method, response.status_code)
    assert response.url == night_page
    page = banker_client.get(night_page)
    assert "This night is closed" in page.content.decode()
    assert Entry.objects.count() == written


def test_an_htmx_post_into_a_closed_night_loads_the_nights_page(banker_client, closed):
    response = banker_client.post(reverse("note_action", args=[closed.session.pk]),
                                  {"key": "k" * 20, "note": 1, "action": "commit"},
                                  HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == reverse("night_dashboard", args=[closed.session.pk])


def test_an_unknown_night_is_still_a_404(banker_client):
    assert banker_client.get(reverse("buyin", args=[999999])).status_code == 404
