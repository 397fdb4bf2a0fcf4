"""The banker's pages over HTTP: forms call the services, keys replay, errors are words (R2, R3,
R11, R15, R16)."""

import datetime
import re

import pytest
from django.urls import reverse
from ledger_night import named, people

from ledger import selectors
from ledger.models import BankNote, Entry, Night
from ledger.posting.accounts import EntryKind

pytestmark = pytest.mark.django_db


def _key(response) -> str:
    match = re.search(r'name="key" value="([^"]+)"', response.content.decode())
    assert match, "the form carries no one-time key"
    return match.group(1)


def _entries(kind=EntryKind.BUY) -> int:
    return Entry.objects.filter(kind=kind).count()


def _buy(client, night, players, *, key=None, amount="20", paid="cash", who="Fred", **extra):
    url = reverse("buyin", args=[night.session.pk])
    key = key or _key(client.get(url))
    data = {"key": key, "player": players[who].pk, "amount": amount, "paid": paid, "seller": "",
            "save": "1", **extra}
    return client.post(url, data)


# ---- sessions ---------------------------------------------------------------------------

def test_session_list_shows_the_night(banker_client, night):
    response = banker_client.get(reverse("night_list"))
    assert response.status_code == 200
    assert reverse("night_dashboard", args=[night.session.pk]) in response.content.decode()


def test_open_a_session_seats_the_banker_first_B1(banker_client, players):
    url = reverse("night_open")
    key = _key(banker_client.get(url))
    response = banker_client.post(url, {
        "key": key, "date": "2026-11-28", "banker": players["Ann"].pk, "host_present": "on",
        "players": [players["Fred"].pk, players["Ann"].pk],
    })
    session = Night.objects.get(date="2026-11-28")
    assert response.status_code == 302
    assert response.url == reverse("night_dashboard", args=[session.pk])
    assert [s.player.name for s in session.seats.all()] == ["Ann", "Fred"]


def test_open_a_session_with_a_bad_date_says_so_R16(banker_client, players):
    url = reverse("night_open")
    response = banker_client.post(url, {"key": _key(banker_client.get(url)), "date": "31/31",
                                        "banker": players["Ann"].pk})
    assert response.status_code == 400
    assert b"Enter a valid date" in response.content
    assert not Night.objects.exists()


def test_add_a_guest_needs_an_inviter_B9(banker_client, players):
    url = reverse("player_new")
    response = banker_client.post(url, {"key": _key(banker_client.get(url)), "name": "Zed",
                                        "note_id": "BOZ", "guest": "on"})
    assert response.status_code == 400
    assert b"needs the regular who invited them" in response.content


def test_a_duplicate_note_identifier_is_refused_in_words_B4(banker_client, players):
    url = reverse("player_new")
    response = banker_client.post(url, {"key": _key(banker_client.get(url)), "name": "Zed",
                                        "note_id": "BOF"})
    assert response.status_code == 400
    assert "already Fred" in response.content.decode()


def test_bog_is_refused_for_a_non_host_B4(banker_client, players):
    url = reverse("player_new")
    response = banker_client.post(url, {"key": _key(banker_client.get(url)), "name": "Zed",
                                        "note_id": "BOG"})
    assert response.status_code == 400
    assert "BOG" in response.content.decode()


def test_dashboard_shows_chips_outstanding_and_cash_box(banker_client, night, players):
    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="note")
    response = banker_client.get(reverse("night_dashboard", args=[night.session.pk]))
    html = response.content.decode()
    assert re.search(r'id="chips-outstanding">\$30\.00<', html)
    assert re.search(r'id="cash-box">\$20\.00<', html)
    assert re.search(r'id="notes-open">\$10\.00<', html)


def test_dashboard_fragment_for_htmx_polling(banker_client, night):
    response = banker_client.get(
        reverse("night_dashboard", args=[night.session.pk]),
        headers={"HX-Request": "true", "HX-Target": "live"},
    )
    html = response.content.decode()
    assert html.startswith('<div id="live"')
    assert "<html" not in html


# ---- buy-in -----------------------------------------------------------------------------

def test_buyin_is_saved_and_the_table_says_what_was_saved(banker_client, night, players):
    response = _buy(banker_client, night, players, amount="20")
    entry = Entry.objects.get(kind=EntryKind.BUY)
    assert response.status_code == 302
    assert response.url == reverse("night_dashboard", args=[night.session.pk]) + \
        f"?saved={entry.pk}"
    assert entry.amount == 2000 and entry.method == "cash" and entry.created_by.username == "mike"
    page = banker_client.get(response.url).content.decode()
    assert "Saved:" in page and "Fred bought $20.00" in page


def test_double_submit_with_one_key_creates_one_entry_and_shows_the_first_R2(
        banker_client, night, players):
    key = _key(banker_client.get(reverse("buyin", args=[night.session.pk])))
    first = _buy(banker_client, night, players, key=key)
    second = _buy(banker_client, night, players, key=key)
    assert _entries() == 1
    assert first.status_code == second.status_code == 302
    assert first.url == second.url


def test_same_key_different_amount_is_refused_with_a_message_R3(banker_client, night, players):
    key = _key(banker_client.get(reverse("buyin", args=[night.session.pk])))
    _buy(banker_client, night, players, key=key, amount="20")
    response = _buy(banker_client, night, players, key=key, amount="25")
    assert response.status_code == 400
    assert "already used to save a buy-in" in response.content.decode()
    assert "Start a fresh form" in response.content.decode()
    assert list(Entry.objects.filter(kind=EntryKind.BUY).values_list("amount", flat=True)) == [2000]


def test_a_refused_form_can_be_fixed_and_saved_with_the_same_key(banker_client, night, players):
    key = _key(banker_client.get(reverse("buyin", args=[night.session.pk])))
    refused = _buy(banker_client, night, players, key=key, amount="7")
    assert refused.status_code == 400 and _key(refused) == key
    fixed = _buy(banker_client, night, players, key=key, amount="5")
    assert fixed.status_code == 302
    assert list(Entry.objects.filter(kind=EntryKind.BUY).values_list("amount", flat=True)) == [500]


@pytest.mark.parametrize(
    ("amount", "words"),
    [("7", "multiples of $5.00"), ("-5", "cannot be negative"), ("lots", "is not an amount"),
     ("0", "more than zero")],
)
def test_bad_buyin_amounts_are_named_and_nothing_is_written_R16(
        banker_client, night, players, amount, words):
    response = _buy(banker_client, night, players, amount=amount)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert _entries() == 0


def test_unknown_player_is_refused_R16(banker_client, night):
    url = reverse("buyin", args=[night.session.pk])
    response = banker_client.post(url, {"key": _key(banker_client.get(url)), "player": "99999",
                                        "amount": "5", "paid": "cash", "save": "1"})
    assert response.status_code == 400
    assert b"Select a valid choice" in response.content
    assert _entries() == 0


def test_five_dollar_buttons_work_without_javascript(banker_client, night, players):
    url = reverse("buyin", args=[night.session.pk])
    key = _key(banker_client.get(url))
    response = banker_client.post(url, {"key": key, "player": players["Fred"].pk,
                                        "amount": "10.00", "paid": "cash", "bump": "500"})
    assert response.status_code == 200
    assert 'value="15.00"' in response.content.decode()
    assert _key(response) == key  # still the same form
    assert _entries() == 0


def test_possible_duplicate_asks_before_writing_R15(banker_client, night, players):
    _buy(banker_client, night, players, amount="20")
    response = _buy(banker_client, night, players, amount="20")  # another device, new key
    assert response.status_code == 200
    html = response.content.decode()
    assert "Possible duplicate?" in html
    assert _entries() == 1
    confirm = _buy(banker_client, night, players, key=_key(response), amount="20",
                   confirm_duplicate="on")
    assert confirm.status_code == 302
    assert _entries() == 2


def test_chip_sale_between_players_B3(banker_client, night, players):
    night.buy("Fred", "20.00")
    url = reverse("chip_sale", args=[night.session.pk])
    response = banker_client.post(url, {
        "key": _key(banker_client.get(url)), "player": players["Gus"].pk, "amount": "5",
        "paid": "note", "seller": players["Fred"].pk, "save": "1"})
    assert response.status_code == 302
    sale = Entry.objects.filter(kind=EntryKind.BUY).last()
    assert sale.counterparty == players["Fred"] and sale.method == "note"
    assert BankNote.objects.get().holder == players["Fred"]


def test_a_chip_sale_of_any_nickel_amount_moves_no_bank_chips_B2_B3(
        banker_client, night, players):
    url = reverse("chip_sale", args=[night.session.pk])
    response = banker_client.post(url, {
        "key": _key(banker_client.get(url)), "player": players["Gus"].pk, "amount": "3.35",
        "paid": "cash", "seller": players["Fred"].pk, "save": "1"})
    assert response.status_code == 302
    assert selectors.night_dashboard(night.session).chips_outstanding == 0


def test_first_jump_gets_the_nights_warning_then_a_penalty_into_the_pot_B11(
        banker_client, night, players):
    night.buy("Fred", "5.00")
    url = reverse("penalty", args=[night.session.pk])
    page = banker_client.get(url).content.decode()
    assert "Give the night's warning" in page
    warned = banker_client.post(url, {"key": _key(banker_client.get(url)),
                                      "player": players["Ann"].pk, "amount": "0.20",
                                      "warn": "1"})
    assert warned.status_code == 302
    assert Entry.objects.filter(kind=EntryKind.PENALTY).count() == 0
    page = banker_client.get(url)
    assert "Charge the $0.20 penalty" in page.content.decode()
    response = banker_client.post(url, {"key": _key(page), "player": players["Fred"].pk,
                                        "amount": "0.20", "save": "1"})
    assert response.status_code == 302
    assert Entry.objects.filter(kind=EntryKind.PENALTY).count() == 1
    assert "used" in banker_client.get(response.url).content.decode()


# ---- cash-out -----------------------------------------------------------------------------

def _cashout(client, night, players, who="Fred", save=True, key=None, **chips):
    url = reverse("cashout", args=[night.session.pk])
    data = {"key": key or _key(client.get(url)), "player": players[who].pk, **chips}
    if save:
        data["save"] = "1"
    return client.post(url, data)


def test_cashout_pays_whole_dollars_and_odd_cents_go_to_the_final_pot_B12(
        banker_client, night, players):
    night.buy("Fred", "25.00")
    response = _cashout(banker_client, night, players, white="3", red="1", blue="2",
                        yellow="1", black="12", green="2")
    assert response.status_code == 302
    entry = Entry.objects.get(kind=EntryKind.CASHOUT)
    assert entry.amount == 2300  # $23.25 counted: $23 paid, $0.25 to the final pot
    page = banker_client.get(response.url).content.decode()
    assert "$0.25 to the final pot" in page


def test_cashout_add_up_shows_the_split_without_saving(banker_client, night, players):
    night.buy("Fred", "25.00")
    response = _cashout(banker_client, night, players, save=False, white="3", black="2",
                        add_up="1")
    html = response.content.decode()
    assert re.search(r'id="chip-total">\$2\.15<', html)
    assert re.search(r'id="chip-whole">\$2\.00<', html)
    assert re.search(r'id="chip-odd">\$0\.15<', html)
    assert _entries(EntryKind.CASHOUT) == 0


def test_chip_plus_button_works_without_javascript(banker_client, night, players):
    night.buy("Fred", "25.00")
    response = _cashout(banker_client, night, players, save=False, red="2", adjust="red:1")
    assert 'name="red" value="3"' in response.content.decode()
    assert _entries(EntryKind.CASHOUT) == 0


def test_cashout_of_more_chips_than_are_out_is_refused_R16(banker_client, night, players):
    night.buy("Fred", "5.00")
    response = _cashout(banker_client, night, players, green="2")
    assert response.status_code == 400
    assert "the bank has only $5.00 in chips out tonight" in response.content.decode()
    assert _entries(EntryKind.CASHOUT) == 0


def test_a_winner_cashes_out_more_than_they_bought_on_the_page(banker_client, night, players):
    night.buy("Fred", "5.00")
    night.buy("Ann", "5.00")
    response = _cashout(banker_client, night, players, green="1", black="3")
    assert response.status_code == 302
    assert selectors.night_dashboard(night.session).chips_outstanding == 200


def test_cashed_out_nothing_is_one_tap(banker_client, night, players):
    night.buy("Fred", "5.00")
    url = reverse("cashout", args=[night.session.pk])
    page = banker_client.get(url)
    assert "Cashed out nothing" in page.content.decode()
    response = banker_client.post(url, {"key": _key(page), "player": players["Fred"].pk,
                                        "nothing": "1"})
    assert response.status_code == 302
    assert Entry.objects.get(kind=EntryKind.CASHOUT).payload["chips"] == {}


def test_an_empty_count_saved_by_mistake_asks_for_a_count(banker_client, night, players):
    night.buy("Fred", "5.00")
    response = _cashout(banker_client, night, players)
    assert response.status_code == 400
    assert "Cashed out nothing" in response.content.decode()
    assert _entries(EntryKind.CASHOUT) == 0


@pytest.mark.parametrize("count", ["-1", "x", "1.5", "99999999999"])
def test_cashout_refuses_malformed_counts_R16(banker_client, night, players, count):
    night.buy("Fred", "5.00")
    response = _cashout(banker_client, night, players, white=count)
    assert response.status_code == 400
    assert b"white" in response.content
    assert _entries(EntryKind.CASHOUT) == 0


def test_double_tap_on_cashout_replays(banker_client, night, players):
    night.buy("Fred", "5.00")
    key = _key(banker_client.get(reverse("cashout", args=[night.session.pk])))
    first = _cashout(banker_client, night, players, key=key, black="5")
    second = _cashout(banker_client, night, players, key=key, black="5")
    assert first.status_code == second.status_code == 302 and first.url == second.url
    assert _entries(EntryKind.CASHOUT) == 1


# ---- close --------------------------------------------------------------------------------

def test_close_is_refused_while_a_buyer_has_not_cashed_out_B12(banker_client, night, players):
    night.buy("Fred", "5.00")
    url = reverse("night_close", args=[night.session.pk])
    page = banker_client.get(url).content.decode()
    assert "Not cashed out yet" in page and "Cash out Fred" in page
    assert "Finish the steps above first" in page  # no close button yet
    response = banker_client.post(url, {"key": "a-fresh-key-123456789", "confirm": "on"})
    assert response.status_code == 400
    assert "Fred has not cashed out yet" in response.content.decode()
    assert Night.objects.get().is_open


def test_the_close_page_shows_and_records_a_count_difference(banker_client, night, players):
    night.buy("Fred", "5.00")
    night.cashout("Fred", black=4, yellow=1, blue=1)        # 4.75 of 5.00
    url = reverse("night_close", args=[night.session.pk])
    page = banker_client.get(url)
    html = page.content.decode()
    assert 'id="close-chips-out">$0.25<' in html and "Record the count difference" in html
    record = reverse("count_difference", args=[night.session.pk])
    refused = banker_client.post(record, {"key": _key(page), "amount": "0.25", "reason": ""})
    assert refused.status_code == 400 and "Say why the count is off" in refused.content.decode()
    assert _entries(EntryKind.COUNT_DIFFERENCE) == 0
    done = banker_client.post(record, {"key": _key(page), "amount": "0.25",
                                       "reason": "a blue chip under the table"})
    assert done.status_code == 302
    assert selectors.night_dashboard(night.session).chips_outstanding == 0


def test_close_steps_notes_then_close_then_settle_up_B5_B8(banker_client, night, players):
    night.buy("Gus", "10.00", paid="note")
    night.buy("Fred", "5.00")
    night.cashout("Gus", black=10)  # the box pays $5 in cash; the banker owes Gus the rest
    night.cashout("Fred", black=5)
    url = reverse("night_close", args=[night.session.pk])
    page = banker_client.get(url)
    assert "BOGU" in page.content.decode()
    note = BankNote.objects.get()
    commit = banker_client.post(reverse("note_action", args=[night.session.pk]),
                                {"key": _key(page), "note": note.pk, "action": "commit"})
    assert commit.status_code == 302
    page = banker_client.get(url)
    assert "No bank notes are open" in page.content.decode()
    assert "Gus owes" in page.content.decode()
    assert "moves to Fred" in page.content.decode()  # Gus's debt goes to his inviter (B9)
    close = banker_client.post(url, {"key": _key(page), "confirm": "on"})
    assert close.status_code == 302
    assert close.url == reverse("settle_up", args=[night.session.pk])
    assert not Night.objects.get().is_open
    report = banker_client.get(close.url).content.decode()
    assert "Who pays whom" in report


def test_a_closed_session_takes_no_more_buyins(banker_client, night, players):
    night.close()
    response = _buy(banker_client, night, players, key="k" * 20)
    assert response.status_code == 302   # back to the night's page: "This night is closed"
    assert response.url == reverse("night_dashboard", args=[night.session.pk])
    assert _entries() == 0


# ---- reports ------------------------------------------------------------------------------

def test_settle_up_table_sorts_totals_and_exports_csv(banker_client, night, players):
    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="book")
    night.hand("5.00", {"Fred": "5.00"}, owes={"Ann": "5.00"})
    night.cashout("Fred", black=25)
    night.cashout("Ann", green=1)
    url = reverse("settle_up", args=[night.session.pk])
    html = banker_client.get(url, {"p-sort": "-net"}).content.decode()
    assert html.index(">Fred<") < html.index(">Ann<")  # Fred won $5, Ann lost $5
    assert "<tfoot" in html
    csv_text = banker_client.get(url, {"_export": "csv"}).content.decode()
    lines = csv_text.strip().splitlines()
    assert lines[0].startswith("Player,Bought cash")
    assert any(line.startswith("Fred,20.00,0.00,0.00,0.00,25.00") for line in lines)


def test_the_book_page_lists_balances_that_sum_to_zero_B6(banker_client, night, players):
    night.buy("Ann", "10.00", paid="book")
    html = banker_client.get(reverse("book")).content.decode()
    assert "Ann" in html and "-10.00" in html
    assert re.search(r'<tfoot.*?>0\.00<', html, re.S)


def test_journal_page_lists_entries(banker_client, night):
    night.buy("Fred", "20.00")
    html = banker_client.get(reverse("night_entries", args=[night.session.pk])).content.decode()
    assert "Fred bought $20.00" in html


# ---- the player's own page (R11) ------------------------------------------------------------

def test_player_page_by_token_shows_tonight_and_the_book(client, night, players):
    night.buy("Ann", "10.00", paid="book")
    response = client.get(reverse("player_balance", args=[players["Ann"].balance_token]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "You owe" in html and "$10.00" in html
    # Its only forms are the player's own requests, which write nothing until approved, and
    # where they take payments (their own handles) and the address they are mailed at, and the
    # phone's own language (a cookie of the device).
    token = players["Ann"].balance_token
    assert set(re.findall(r'<form[^>]*action="([^"]*)"', html)) == {
        f"/p/{token}/ask/", f"/p/{token}/count/", f"/p/{token}/handles/",
        f"/p/{token}/email/", f"/p/{token}/language/"}
    # No referrer leaves the site ("no-referrer" would send "Origin: null" with its forms).
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_player_page_refuses_any_other_token_R11(client, night, players):
    token = players["Ann"].balance_token
    for bad in [token[:-1], token + "x", players["Ann"].note_id, str(players["Ann"].pk), "x"]:
        assert client.get(f"/p/{bad}/").status_code == 404


def test_a_player_link_opens_no_banker_page_and_writes_nothing_R11(client, night, players):
    client.get(reverse("player_balance", args=[players["Ann"].balance_token]))
    for name in ["buyin", "cashout", "night_dashboard", "night_close", "settle_up"]:
        response = client.post(reverse(name, args=[night.session.pk]),
                               {"player": players["Ann"].pk, "amount": "5", "key": "k" * 20})
        assert response.status_code == 302 and "/login/" in response.url
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 0


def test_unknown_session_is_404_not_500_R16(banker_client):
    assert banker_client.get("/s/999999/").status_code == 404
    assert banker_client.get("/s/999999/buy/").status_code == 404
    assert banker_client.get("/s/abc/").status_code == 404


# ---- corrections ----------------------------------------------------------------------------

def test_a_mistake_is_corrected_by_a_reversing_entry_with_a_reason(banker_client, night, players):
    wrong = night.buy("Fred", "20.00")
    journal = banker_client.get(reverse("night_entries", args=[night.session.pk]))
    url = reverse("correction", args=[night.session.pk, wrong.pk])
    assert url in journal.content.decode()
    empty = banker_client.post(url, {"key": _key(banker_client.get(url)), "reason": ""})
    assert empty.status_code == 400 and b"This field is required" in empty.content
    response = banker_client.post(url, {"key": _key(banker_client.get(url)),
                                        "reason": "typed 20 for 10"})
    assert response.status_code == 302
    fix = Entry.objects.get(kind=EntryKind.REVERSAL)
    assert fix.reverses == wrong and "typed 20 for 10" in fix.memo
    again = banker_client.post(url, {"key": _key(banker_client.get(url)), "reason": "again"})
    assert again.status_code == 400 and b"already corrected" in again.content
    journal = banker_client.get(reverse("night_entries", args=[night.session.pk]))
    assert "corrected" in journal.content.decode()


def test_payment_moves_both_book_balances(banker_client, night, players):
    night.buy("Ann", "10.00", paid="book")
    url = reverse("payment", args=[night.session.pk])
    response = banker_client.post(url, {"key": _key(banker_client.get(url)),
                                        "player": players["Ann"].pk, "to": "",
                                        "amount": "10.00", "save": "1"})
    assert response.status_code == 302
    pay = Entry.objects.get(kind=EntryKind.PAY)
    assert pay.player == players["Ann"] and pay.counterparty == players["Mike"]
    html = banker_client.get(reverse("book")).content.decode()
    assert "THE BOOK is empty" in html


def test_players_page_gives_each_players_own_link(banker_client, players):
    html = banker_client.get(reverse("player_list")).content.decode()
    for player in players.values():
        assert f"/p/{player.balance_token}/" in html
    assert "guest of Fred" in html


def _count_queries(client, url) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("name", ["night_dashboard", "buyin", "cashout", "night_close",
                                  "settle_up", "night_entries"])
def test_pages_do_not_query_once_per_player(banker_client, night, players, name):
    from ledger_night import make_player

    url = reverse(name, args=[night.session.pk])
    night.buy("Fred", "5.00")
    small = _count_queries(banker_client, url)
    for i in range(8):
        make_player(f"Extra{i}", f"BOX{i}")
        night.buy(f"Extra{i}", "5.00")
    assert _count_queries(banker_client, url) <= small + 2


def test_player_page_after_close_shows_the_result_and_whom_to_pay_B8(client, night, players):
    night.buy("Ann", "10.00", paid="book")
    night.buy("Fred", "10.00")
    night.hand("5.00", {"Fred": "5.00"}, owes={"Ann": "5.00"})
    night.cashout("Ann", green=1)
    night.cashout("Fred", green=3)
    night.close()
    html = client.get(reverse("player_balance", args=[players["Ann"].balance_token])).content
    html = html.decode()
    assert "Last night" in html and "Night's result" in html
    assert "-$5.00" in html
    assert "You pay" in html
    fragment = client.get(reverse("player_balance", args=[players["Ann"].balance_token]),
                          headers={"HX-Request": "true"}).content.decode()
    assert fragment.startswith('<div id="live"') and "<html" not in fragment


def test_a_hostless_night_merges_its_surrogate_book_after_close_B7(banker_client, players):
    from ledger_night import open_night

    night = open_night(banker="Fred", host_present=False, seating=["Ann"])
    night.buy("Ann", "10.00", paid="book")
    night.buy("Fred", "10.00")
    night.hand("5.00", {"Fred": "5.00"}, owes={"Ann": "5.00"})
    night.cashout("Ann", green=1)
    night.cashout("Fred", green=3)
    night.close()
    assert "THE BOOK is empty" in banker_client.get(reverse("book")).content.decode()
    url = reverse("night_close", args=[night.session.pk])
    page = banker_client.get(url)
    assert "Merge into THE BOOK" in page.content.decode()
    merged = banker_client.post(reverse("surrogate_merge", args=[night.session.pk]),
                                {"key": _key(page)})
    assert merged.status_code == 302
    assert Entry.objects.filter(kind=EntryKind.MERGE).count() == 1
    assert "Merge into THE BOOK" not in banker_client.get(url).content.decode()
    assert "THE BOOK is empty" not in banker_client.get(reverse("book")).content.decode()


# ---- issue 7: one open session, seating order -------------------------------------------

def test_opening_a_second_session_is_refused_naming_the_open_one(banker_client, night, players):
    url = reverse("night_open")   # the page has no form while a night is open: a key typed
    response = banker_client.post(url, {
        "key": "a-second-night-key-0123", "date": "2026-11-28", "banker": players["Ann"].pk,
        "host_present": "on", "players": [players["Fred"].pk],
    })
    assert response.status_code == 400
    html = response.content.decode()
    assert "Saturday, November 21, 2026 (banker Mike) is still open" in html
    assert Night.objects.count() == 1


def _seat_names(session) -> list[str]:
    return [s.player.name for s in session.seats.order_by("position")]


def test_the_order_players_are_tapped_is_the_seating_order_banker_first_B1(
        banker_client, players):
    url = reverse("night_open")
    fred, ann, gus, mike = (players[n].pk for n in ("Fred", "Ann", "Gus", "Mike"))
    response = banker_client.post(url, {
        "key": _key(banker_client.get(url)), "date": "2026-11-28", "banker": mike,
        "host_present": "on",
        # the boxes arrive in the page's (name) order; app.js sends the tap order beside them
        "players": [ann, fred, gus], "order": f"{gus},{mike},{fred},{ann}",
    })
    assert response.status_code == 302
    assert _seat_names(Night.objects.get()) == ["Mike", "Gus", "Fred", "Ann"]


def test_without_javascript_the_ticked_players_sit_in_page_order_B1(banker_client, players):
    url = reverse("night_open")
    page = banker_client.get(url).content.decode()
    assert 'data-tap-order' in page and "data-seat-order" in page
    banker_client.post(url, {
        "key": _key(banker_client.get(url)), "date": "2026-11-28", "banker": players["Fred"].pk,
        "players": [players["Ann"].pk, players["Gus"].pk, players["Fred"].pk], "order": "",
    })
    assert _seat_names(Night.objects.get()) == ["Fred", "Ann", "Gus"]


def test_the_seating_page_moves_a_player_with_plain_form_posts_B1(banker_client, night, players):
    url = reverse("seating", args=[night.session.pk])
    dashboard = banker_client.get(reverse("night_dashboard", args=[night.session.pk]))
    assert url in dashboard.content.decode()
    page = banker_client.get(url)
    html = page.content.decode()
    assert f'value="{players["Ann"].pk}:up"' in html
    assert f'value="{players["Fred"].pk}:up"' not in html  # nobody moves above the banker
    order = ",".join(str(players[n].pk) for n in ("Mike", "Fred", "Ann", "Gus"))
    data = {"key": _key(page), "order": order, "move": f"{players['Gus'].pk}:up"}
    moved = banker_client.post(url, data)
    assert moved.status_code == 302 and moved.url == url
    assert _seat_names(night.session) == ["Mike", "Fred", "Gus", "Ann"]
    again = banker_client.post(url, data)  # a double tap replays, it does not move Gus again
    assert again.status_code == 302
    assert _seat_names(night.session) == ["Mike", "Fred", "Gus", "Ann"]


def test_the_seating_page_refuses_once_a_hand_is_recorded_B1(banker_client, night, players):
    url = reverse("seating", args=[night.session.pk])
    page = banker_client.get(url)
    night.buy("Fred", "5.00")
    night.hand("0.50", {"Ann": "0.50"}, {"Fred": "0.50"})
    order = ",".join(str(players[n].pk) for n in ("Mike", "Fred", "Ann", "Gus"))
    refused = banker_client.post(url, {"key": _key(page), "order": order,
                                       "move": f"{players['Gus'].pk}:up"})
    assert refused.status_code == 400
    assert "seats stay as they were dealt" in refused.content.decode()
    assert _seat_names(night.session) == ["Mike", "Fred", "Ann", "Gus"]
    dashboard = banker_client.get(reverse("night_dashboard", args=[night.session.pk]))
    assert url not in dashboard.content.decode()


# ---- issue 7: amounts --------------------------------------------------------------------

def test_a_buyin_typed_with_a_thousands_comma_is_refused_not_read_as_1000_R16(
        banker_client, night, players):
    response = _buy(banker_client, night, players, amount="1,000")
    assert response.status_code == 400
    assert "has a comma" in response.content.decode()
    assert _entries() == 0


def test_a_buyin_above_500_is_saved_only_once_the_banker_confirms_it_B2(
        banker_client, night, players):
    url = reverse("buyin", args=[night.session.pk])
    key = _key(banker_client.get(url))
    asked = _buy(banker_client, night, players, key=key, amount="1000")
    html = asked.content.decode()
    assert asked.status_code == 400 and _entries() == 0
    assert "$1000.00 is more than $500.00" in html
    assert 'name="confirm_amount" id="id_confirm_amount" value="1000.00"' in html
    saved = _buy(banker_client, night, players, key=key, amount="1000",
                 confirm_amount="1000.00")
    assert saved.status_code == 302
    bought = Entry.objects.filter(kind=EntryKind.BUY).values_list("amount", flat=True)
    assert list(bought) == [1000_00]


def test_a_chip_sale_above_500_asks_to_confirm_B3(banker_client, night, players):
    url = reverse("chip_sale", args=[night.session.pk])
    asked = banker_client.post(url, {
        "key": _key(banker_client.get(url)), "player": players["Ann"].pk, "amount": "600",
        "paid": "cash", "seller": players["Fred"].pk, "save": "1"})
    assert asked.status_code == 400 and "Yes, $600.00 is right" in asked.content.decode()
    assert _entries() == 0


def test_a_payment_above_500_asks_to_confirm(banker_client, night, players):
    night.buy("Ann", "10.00", paid="book")
    url = reverse("payment", args=[night.session.pk])
    data = {"key": _key(banker_client.get(url)), "player": players["Ann"].pk,
            "to": players["Fred"].pk, "amount": "750", "save": "1"}
    asked = banker_client.post(url, data)
    assert asked.status_code == 400 and "Yes, $750.00 is right" in asked.content.decode()
    assert _entries(EntryKind.PAY) == 0
    saved = banker_client.post(url, {**data, "confirm_amount": "750.00"})
    assert saved.status_code == 302 and _entries(EntryKind.PAY) == 1


# ---- issue 7: errors on hidden fields are shown -------------------------------------------

def test_awarding_an_empty_pot_says_the_pot_is_empty_not_fix_what_is_marked(
        banker_client, night, players):
    url = reverse("pot_award", args=[night.session.pk])
    page = banker_client.get(url)
    response = banker_client.post(url, {"key": _key(page), "pot": "0.00",
                                        "winner": players["Fred"].pk, "save": "1"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "The pot is empty: there is nothing to award." in html
    assert "fix what is marked below" not in html
    assert _entries(EntryKind.HAND) == 0


def test_a_damaged_hidden_field_shows_its_own_message(banker_client, night, players):
    url = reverse("pot_award", args=[night.session.pk])
    response = banker_client.post(url, {"key": _key(banker_client.get(url)), "pot": "lots",
                                        "winner": players["Fred"].pk, "save": "1"})
    html = response.content.decode()
    assert response.status_code == 400 and "is not an amount of money" in html
    assert "fix what is marked below" not in html


# ---- issue 7: messages that read as sentences -------------------------------------------

def test_a_cancelled_entry_shows_as_cancelled_in_the_latest_entries(banker_client, night):
    wrong = night.buy("Fred", "25.00")
    fix = night.reverse(wrong, reason="he said twenty")
    html = banker_client.get(reverse("night_dashboard", args=[night.session.pk])).content
    html = html.decode()
    assert "<s>Fred bought $25.00" in html
    assert f"cancelled by #{fix.pk}" in html and f"cancels #{wrong.pk}" in html


def test_an_open_session_reads_tonight_on_the_list_and_the_dashboard(banker_client, night):
    listing = banker_client.get(reverse("night_list")).content.decode()
    assert "Tonight: Sat Nov 21, 2026" in listing
    dashboard = banker_client.get(reverse("night_dashboard", args=[night.session.pk]))
    assert "Tonight: Saturday, November 21" in dashboard.content.decode()
    night.close()
    assert "Tonight" not in banker_client.get(reverse("night_list")).content.decode()


def test_the_player_page_shows_tonight_for_the_open_session_before_a_later_closed_one(
        client, players):
    from ledger_night import PlayedNight, new_key, open_night

    from ledger import services

    later = open_night(seating=["Ann"])  # Nov 21, played and closed
    later.close()
    tonight = PlayedNight(services.night_open(
        date=datetime.date(2026, 11, 14), banker=named("Mike"), seating=people(["Ann"]),
        key=new_key()))
    tonight.buy("Ann", "5.00")
    html = client.get(reverse("player_balance", args=[players["Ann"].balance_token])).content
    html = html.decode()
    assert "Tonight: Sat Nov 14" in html and "Last night" not in html


def test_the_journal_csv_uses_the_local_time_shown_on_screen(banker_client, players):
    """The night's time zone (its house's setting as it opened): UTC+5:30 is never the same
    clock time as UTC or New York."""
    import csv
    import io
    from zoneinfo import ZoneInfo

    from ledger_night import open_night

    from ledger.house import house_in_use
    from ledger.house_settings import SEED

    house = house_in_use()
    house.settings = SEED.changed(time_zone="Asia/Kolkata").to_json()
    house.save()
    night = open_night()
    entry = night.buy("Fred", "20.00")
    url = reverse("night_entries", args=[night.session.pk])
    local = entry.created_at.astimezone(ZoneInfo("Asia/Kolkata"))
    assert local.strftime("%H:%M") in banker_client.get(url).content.decode()
    rows = list(csv.reader(io.StringIO(banker_client.get(url, {"_export": "csv"}).content
                                       .decode())))
    when = rows[0].index("When")
    assert rows[1][when] == local.strftime("%Y-%m-%d %H:%M:%S")


def test_the_settle_up_csv_carries_who_pays_whom_after_the_players_B8(
        banker_client, night, players):
    night.buy("Fred", "20.00")
    night.buy("Ann", "10.00", paid="book")
    night.hand("5.00", {"Fred": "5.00"}, owes={"Ann": "5.00"})
    night.cashout("Fred", black=25)
    night.cashout("Ann", green=1)
    night.close()
    transfers = night.report()["transfers"]
    assert transfers
    url = reverse("settle_up", args=[night.session.pk])
    lines = banker_client.get(url, {"_export": "csv"}).content.decode().splitlines()
    at = lines.index("Who pays whom")
    assert lines[at - 1] == "" and lines[at + 1] == "From,To,Amount"
    assert lines[at + 2:] == [f"{t['from']},{t['to']},{t['amount']}" for t in transfers]
    assert lines[0].startswith("Player,Bought cash")


def test_adding_hank_beside_hank_says_why_in_words(banker_client, players):
    url = reverse("player_new")
    response = banker_client.post(url, {"key": _key(banker_client.get(url)), "name": "ann",
                                        "note_id": "BOAN"})
    assert response.status_code == 400
    assert "names that differ only in capitals count as the same" in response.content.decode()
