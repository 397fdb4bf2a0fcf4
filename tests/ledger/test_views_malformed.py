"""R16 on every banker form: whatever is posted, the answer is a page with words, never a 500,
and nothing is written."""

import pytest
from django.urls import reverse

from ledger.models import Entry, Night, Player

pytestmark = pytest.mark.django_db

JUNK = [
    {},
    {"key": "", "player": "", "amount": ""},
    {"key": "k" * 500, "player": "1", "amount": "5"},
    {"key": "'; DROP TABLE ledger_entry; --", "player": "1", "amount": "5", "save": "1"},
    {"key": "good-key-1234567890", "player": "abc", "amount": "1e9", "paid": "gold",
     "seller": "-1", "save": "1", "white": "1e3", "red": "NaN", "winner": "x", "pot": "inf",
     "note": "x", "action": "burn", "confirm": "maybe", "reason": "x" * 5000,
     "date": "9999-99-99", "banker": "0", "players": ["a", "b"], "name": "x" * 500,
     "note_id": "!!", "invited_by": "zz", "bump": "not-a-number", "adjust": "purple:9"},
    {"key": "good-key-1234567890", "player": "1", "amount": "５", "save": "1"},  # full-width 5
    {"key": "good-key-1234567890", "player": "1", "amount": "5\x00", "save": "1"},
    {"key": "good-key-1234567890", "player": "99999999999999999999999", "amount": "5",
     "save": "1"},
]

SESSION_FORMS = ["buyin", "chip_sale", "penalty", "cashout", "pot_award", "final_pot", "payment",
                 "night_close", "note_action", "surrogate_merge"]


@pytest.mark.parametrize("name", SESSION_FORMS)
@pytest.mark.parametrize("data", JUNK, ids=range(len(JUNK)))
def test_junk_posted_to_a_session_form_is_answered_in_words_R16(banker_client, night, name,
                                                               data):
    night.buy("Fred", "5.00")  # chips are out, so even a real close is refused
    before = Entry.objects.count()
    response = banker_client.post(reverse(name, args=[night.session.pk]), data)
    assert response.status_code in (200, 302, 400, 404), response.status_code
    assert Entry.objects.count() == before


@pytest.mark.parametrize("name", ["night_open", "player_new"])
@pytest.mark.parametrize("data", JUNK, ids=range(len(JUNK)))
def test_junk_posted_to_the_setup_forms_is_answered_in_words_R16(banker_client, players, name,
                                                                data):
    sessions, people = Night.objects.count(), Player.objects.count()
    response = banker_client.post(reverse(name), data)
    assert response.status_code in (200, 302, 400), response.status_code
    assert (Night.objects.count(), Player.objects.count()) == (sessions, people)


def test_junk_query_strings_on_pages_are_harmless_R16(banker_client, night):
    for url in [reverse("night_dashboard", args=[night.session.pk]) + "?saved=abc",
                reverse("night_dashboard", args=[night.session.pk])
                + "?saved=99999999999999999999",
                reverse("buyin", args=[night.session.pk]) + "?player=x",
                reverse("cashout", args=[night.session.pk]) + "?player=99999999999999999999",
                reverse("settle_up", args=[night.session.pk]) + "?p-sort=nonsense&_export=xlsx",
                reverse("book") + "?sort=balance&sort=name",
                reverse("night_entries", args=[night.session.pk]) + "?page=999&sort=-memo"]:
        assert banker_client.get(url).status_code in (200, 404), url


@pytest.mark.parametrize("body, words", [
    ({"amount": "5" * (10 * 1024 * 1024)}, "larger than this site reads (at most 2.5 MB"),
    ({f"field{i}": "1" for i in range(2000)}, "more than 1,000 fields"),
])
def test_a_body_too_large_or_too_many_fields_is_a_page_with_a_sentence_R16(
        banker_client, client, night, body, words):
    """Django will not read such a body (RequestDataTooBig, TooManyFieldsSent): the answer is
    a page that says so, never a bare "Bad Request (400)", and nothing is written."""
    before = Entry.objects.count()
    for who in (banker_client, client):   # a banker's form and the login page alike
        url = reverse("buyin", args=[night.session.pk]) if who is banker_client else "/login/"
        page = who.post(url, body)
        text = page.content.decode()
        assert page.status_code == 400 and words in text, text[:300]
        assert "Nothing was saved" in text and "Bad Request (400)" not in text
    assert Entry.objects.count() == before
