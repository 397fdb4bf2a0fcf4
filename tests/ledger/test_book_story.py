"""THE BOOK explained on the phone: each change of the player's balance with its night and its
reason, read from the journal (B5, B6, B9), so "You owe $39.00" comes with the lines that
make it up."""

import datetime

import pytest
from django.urls import reverse
from ledger_night import PlayedNight, make_player, named, new_key, people

from ledger import selectors, services

pytestmark = pytest.mark.django_db


def _night(date, seating) -> PlayedNight:
    return PlayedNight(services.night_open(date=date, banker=named("Mike"), seating=people(seating),
                                       key=new_key("open")))


@pytest.fixture
def two_nights(players):
    """Nov 14: Ann loses $10 bought on THE BOOK. Nov 21: Ann loses $20 more on THE BOOK; her
    guest Zed loses $10 on THE BOOK and pays $1 of it back: the $9 he owes moves to her at
    close (B9). Gus's $5 bank note is committed (B5) and moves to Fred; Fred pays the bank $5."""
    make_player("Zed", "BOZ", regular=False, invited_by=players["Ann"])
    first = _night(datetime.date(2026, 11, 14), ["Ann", "Fred"])
    first.buy("Ann", "10.00", paid="book")
    first.buy("Fred", "10.00")
    first.cashout("Ann")
    first.cashout("Fred", green=4)
    first.close()
    second = _night(datetime.date(2026, 11, 21), ["Fred", "Ann", "Gus", "Zed"])
    second.buy("Ann", "20.00", paid="book")
    second.buy("Zed", "10.00", paid="book")
    second.buy("Gus", "5.00", paid="note")
    second.buy("Fred", "20.00")
    second.cashout("Ann")
    second.cashout("Zed")
    second.pay("Zed", "bank", "1.00")
    second.cashout("Gus")
    second.cashout("Fred", green=10, black=5)
    second.commit("Gus")
    second.pay("Fred", "bank", "5.00")
    second.close()
    return first, second


def _lines(player):
    story = selectors.book_story(player)
    return [(line.date.day if line.date else None, line.reason, line.amount)
            for line in story.lines], story


def test_anns_39_dollars_are_her_nights_and_her_guests_debt_B9(two_nights, players):
    lines, story = _lines(players["Ann"])
    assert lines == [
        (14, "the night's play: bought on THE BOOK", -1000),
        (21, "the night's play: bought on THE BOOK", -2000),
        (21, "guest Zed's debt moved to you (B9)", -900),
    ]
    assert story.total == selectors.player_book_balance(players["Ann"]) == -3900


def test_the_close_keeps_the_guests_debt_moves_it_made_B9(two_nights):
    """The close's payload records each guest's move (read back typed, never from the memo);
    the night's file leaves them out: a replayed close computes them again."""
    from ledger.models import Entry
    from ledger.night_file.export import export_session
    from ledger.posting.accounts import EntryKind
    from ledger.posting.payloads import Close, GuestMove

    close = Entry.objects.filter(kind=EntryKind.CLOSE).order_by("-id").first()
    assert Close.from_json(close.payload).moves == (GuestMove("Gus", "Fred", 500),
                                                    GuestMove("Zed", "Ann", 900))
    assert close.payload["moves"][1] == {"guest": "Zed", "inviter": "Ann", "amount": "9.00"}
    document = export_session(close.session)
    assert document["events"][-1] == {"type": "close"}


def test_a_close_of_before_the_moves_were_kept_reads_as_none():
    from ledger.posting.payloads import Close

    assert Close.from_json({"type": "close"}).moves == ()
    assert Close.from_json({"type": "close", "moves": ["junk", {"guest": 3}]}).moves == ()


def test_a_guests_debt_leaves_the_guest_a_committed_note_and_a_payment(two_nights, players):
    zed = selectors.players_named(["Zed"])["Zed"]
    lines, story = _lines(zed)
    assert lines[-1] == (21, "your debt moved to Ann (B9)", 900) and story.total == 0
    gus, _ = _lines(players["Gus"])
    assert (21, "your bank note committed into THE BOOK (B5)", -500) in gus
    assert (21, "your debt moved to Fred (B9)", 500) in gus
    fred, story = _lines(players["Fred"])
    assert (21, "guest Gus's debt moved to you (B9)", -500) in fred
    assert (21, "you paid Mike", 500) in fred
    assert story.total == selectors.player_book_balance(players["Fred"])


def test_the_banker_reads_the_banks_side(two_nights, players):
    lines, story = _lines(players["Mike"])
    assert lines[0] == (14, "the night's play: the bank's chips bought on THE BOOK +$10.00; "
                        "cash-outs the cash box could not pay -$10.00", 0)
    assert (21, "Gus's bank note the bank held, committed into THE BOOK (B5)", 500) in lines
    assert (21, "Fred paid you", -500) in lines
    assert story.total == selectors.player_book_balance(players["Mike"])


def test_a_corrected_buy_in_is_told_with_its_night(night, players):
    entry = night.buy("Ann", "10.00", paid="book")
    night.reverse(entry)
    night.buy("Ann", "5.00", paid="book")
    lines, story = _lines(players["Ann"])
    assert lines == [(21, "the night's play: bought on THE BOOK", -500)]
    assert story.total == -500


def test_the_oldest_lines_are_summed_as_earlier(two_nights, players):
    story = selectors.book_story(players["Fred"], keep=2)
    assert len(story.lines) == 2 and story.earlier_count >= 1
    assert story.total == selectors.player_book_balance(players["Fred"])


def test_the_phone_follows_you_owe_with_the_lines(client, two_nights, players):
    html = client.get(reverse("player_balance", args=[players["Ann"].balance_token])
                      ).content.decode()
    assert "You owe" in html and "$39.00" in html
    story = html[html.index('id="book-story"'):]
    # words on the phone, not the rule's id (B9)
    assert "Guest Zed&#x27;s debt moved to you" in story and "(B9)" not in story
    assert "-$9.00" in story
    assert "Nov 14" in story and "-$10.00" in story and "-$39.00" in story

