"""Paying what THE BOOK says (services/payments.py): payment handles of checked shapes, pay
links for a transfer, "I paid" from the payer's phone, and the confirmation by the receiver or a
banker that alone moves THE BOOK (B6): once however often tapped; as the open night's `pay`
event, or with no night open as an entry of THE BOOK alone that a closed night's book never
sees and the next night's `book_before` carries."""

import datetime

import pytest
from django.contrib.auth.models import User
from ledger_night import PlayedNight, assert_invariants, cents, make_player, named, new_key, people

from ledger import selectors, services
from ledger.forms.phone import ClaimForm
from ledger.models import Entry, IdempotencyKey, Night, PaymentClaim, Player
from ledger.night_file import export_session
from ledger.permissions import make_banker
from ledger.posting.accounts import EntryKind
from ledger.selectors import owed_between, pay_links
from ledger.services import LedgerError, NotTheHolder
from ledger.services.payments import clean_handle
from ledger.services.requests import MAX_PENDING

pytestmark = pytest.mark.django_db


def banker(username: str) -> User:
    user = User.objects.create_user(username=username, password="x" * 20,
                                    first_name=username.capitalize())
    make_banker(user)
    return user


def played(day: int = 21, user=None) -> PlayedNight:
    """A closed night: Fred bought $20 on THE BOOK and lost it; Ann bought $20 in cash and
    turned in $40 (the box pays her $20, the banker owes her $20). THE BOOK after: Fred
    -20.00, Ann +20.00; the settle-up says Fred pays Ann $20.00 (B8)."""
    night = PlayedNight(services.night_open(date=datetime.date(2026, 11, day), banker=named("Mike"),
                                        seating=people(["Fred", "Ann", "Gus"]), key=new_key("open"),
                                        user=user))
    night.buy("Fred", "20.00", paid="book")
    night.buy("Ann", "20.00", paid="cash")
    night.cashout("Fred")
    night.cashout("Ann", green=8)
    night.close()
    return night


def claim(payer: Player, to="Ann", amount="20.00", night=None, key=None) -> PaymentClaim:
    payer.refresh_from_db()
    return services.claim_create(player=payer, token=payer.balance_token, to=named(to),
                                 amount=cents(amount), night=night, key=key or new_key("paid"))


def book() -> dict[str, int]:
    return {p.name: cents for p, cents in selectors.the_book()}


def journal() -> list[int]:
    return list(Entry.objects.order_by("id").values_list("id", flat=True))


# ---- handles -----------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "typed", "kept"), [
    ("venmo", "@Ann-Smith_1", "Ann-Smith_1"),
    ("venmo", "https://venmo.com/u/annsmith", "annsmith"),
    ("paypal", "paypal.me/AnnSmith", "AnnSmith"),
    ("paypal", "https://www.paypal.com/paypalme/ann2", "ann2"),
    ("cashapp", "$AnnSmith", "AnnSmith"),
    ("cashapp", "https://cash.app/$ann_s", "ann_s"),
    ("zelle", "Ann@Example.com", "ann@example.com"),
    ("zelle", "+1 (555) 123-4567", "555-123-4567"),
    ("zelle", "555.123.4567", "555-123-4567"),
    ("venmo", "  ", ""),
])
def test_handles_are_kept_in_one_shape(kind, typed, kept):
    assert clean_handle(kind, typed, name="Ann") == kept


@pytest.mark.parametrize(("kind", "typed", "words"), [
    ("venmo", "@ann", "Venmo for Ann: write the Venmo username"),
    ("venmo", "ann smith", "Venmo for Ann"),
    ("paypal", "ann.smith", "PayPal.me for Ann"),
    ("cashapp", "$1234", "Cash App for Ann"),
    ("cashapp", "$Ännie", "Cash App for Ann"),
    ("zelle", "ann@", "Zelle for Ann"),
    ("zelle", "555-1234", "Zelle for Ann"),
])
def test_a_handle_of_the_wrong_shape_is_refused_by_name(kind, typed, words):
    with pytest.raises(LedgerError, match=words) as refused:
        clean_handle(kind, typed, name="Ann")
    assert refused.value.field == kind


def test_the_banker_and_the_player_set_handles(players):
    ann = players["Ann"]
    services.handles_set(player=ann, venmo="@ann-smith", cashapp="$AnnS", key=new_key())
    ann.refresh_from_db()
    assert (ann.venmo, ann.paypal, ann.cashapp, ann.zelle) == ("ann-smith", "", "AnnS", "")
    services.handles_set(player=ann, token=ann.balance_token, zelle="ann@example.com",
                         key=new_key())
    ann.refresh_from_db()
    assert (ann.venmo, ann.zelle) == ("", "ann@example.com")   # the form sends them all
    with pytest.raises(LedgerError, match="Venmo for Ann"):
        services.handles_set(player=ann, venmo="@x", zelle="ann@example.com", key=new_key())
    ann.refresh_from_db()
    assert ann.zelle == "ann@example.com"                      # nothing saved


def test_a_retired_player_or_a_replaced_link_sets_no_handles(players):
    fred = players["Fred"]
    old = fred.balance_token
    services.player_link_renew(player=fred, key=new_key())
    with pytest.raises(LedgerError, match="link has been replaced"):
        services.handles_set(player=fred, token=old, venmo="@fred-x", key=new_key())
    zed = make_player("Zed", "BOZ")
    services.player_retire(player=zed, key=new_key())
    with pytest.raises(LedgerError, match="Zed is retired"):
        services.handles_set(player=zed, token=zed.balance_token, venmo="@zed-z",
                             key=new_key())
    assert not Player.objects.exclude(venmo="").exists()


def test_pay_links_carry_the_handle_and_the_amount():
    ann = Player(name="Ann", venmo="ann-smith", paypal="AnnSmith", cashapp="AnnS",
                 zelle="555-123-4567")
    links = {link.app: link for link in pay_links(ann, 1405)}
    assert links["Venmo"].url == "https://venmo.com/u/ann-smith?txn=pay&amount=14.05"
    assert links["PayPal.me"].url == "https://paypal.me/AnnSmith/14.05"
    assert links["Cash App"].url == "https://cash.app/$AnnS/14.05"
    assert links["Zelle"].url == "" and links["Zelle"].handle == "555-123-4567"
    assert [link.handle for link in links.values()] == [
        "@ann-smith", "paypal.me/AnnSmith", "$AnnS", "555-123-4567"]
    assert pay_links(Player(name="Bob"), 500) == []


# ---- a claim moves nothing; a confirmation moves THE BOOK once ----------------------------

def test_a_claim_writes_nothing_until_confirmed(players):
    night = played()
    before, entries = book(), journal()
    assert before == {"Ann": 2000, "Fred": -2000}
    paid = claim(players["Fred"], night=night.session)
    assert paid.status == PaymentClaim.CLAIMED and paid.night == night.session
    assert book() == before and journal() == entries
    confirmed = services.claim_confirm(claim=paid.pk, player=players["Ann"],
                                       token=players["Ann"].balance_token)
    assert confirmed.status == PaymentClaim.CONFIRMED and confirmed.answered_by_payee
    entry = confirmed.entry
    assert entry.kind == EntryKind.PAY and entry.session is None and entry.key == (
        f"payment-claim-{paid.pk}")
    assert entry.payload == {"type": "pay", "player": "Fred", "to": "Ann", "amount": "20.00"}
    assert book() == {}
    assert_invariants()


def test_confirming_twice_writes_once(players):
    played()
    paid = claim(players["Fred"], amount="5.00")
    first = services.claim_confirm(claim=paid, user=banker("bob"))
    entries = journal()
    again = services.claim_confirm(claim=paid.pk, player=players["Ann"],
                                   token=players["Ann"].balance_token)
    third = services.claim_confirm(claim=paid.pk, user=None)
    assert again.entry_id == third.entry_id == first.entry_id and journal() == entries
    assert book() == {"Ann": 1500, "Fred": -1500}
    assert first.answered_by.username == "bob" and not first.answered_by_payee


def test_a_closed_nights_book_stays_and_the_next_night_carries_the_payment(players):
    night = played()
    report = selectors.settle_up_report(night.session)
    export = export_session(night.session)
    services.claim_confirm(claim=claim(players["Fred"], amount="15.00"),
                           user=None)
    night.refresh()
    assert selectors.settle_up_report(night.session) == report        # not retroactive
    assert export_session(night.session) == export
    assert selectors.night_book(night.session) == {players["Fred"].pk: -2000,
                                                   players["Ann"].pk: 2000}
    history = selectors.player_history(players["Fred"])
    assert [n.book_after for n in history] == [-2000]
    nxt = PlayedNight(services.night_open(date=datetime.date(2026, 11, 28), banker=named("Mike"),
                                      seating=people(["Fred", "Ann"]), key=new_key("open")))
    assert export_session(nxt.session)["book_before"] == {"Ann": "5.00", "Fred": "-5.00"}
    assert nxt.session.book_before == {"Ann": "5.00", "Fred": "-5.00"}
    assert_invariants()
    assert selectors.audit()["ok"]   # a payment of THE BOOK alone is no stray posting (R5)


def test_a_payment_confirmed_while_a_night_is_open_is_its_pay_event(players):
    played()
    ann_banker = banker("ann")
    tonight = PlayedNight(services.night_open(
        date=datetime.date(2026, 11, 28), banker=named("Mike"), seating=people(["Fred", "Ann"]),
        key=new_key("open"), user=ann_banker))
    paid = claim(players["Fred"], amount="20.00")
    with pytest.raises(NotTheHolder, match="Ann holds the bank"):
        services.claim_confirm(claim=paid, user=banker("bob"))
    paid.refresh_from_db()
    assert paid.status == PaymentClaim.CLAIMED
    confirmed = services.claim_confirm(claim=paid, user=ann_banker)
    entry = confirmed.entry
    assert entry.session == tonight.session and entry.kind == EntryKind.PAY
    assert entry.created_by == ann_banker
    assert IdempotencyKey.objects.get(key=f"payment-claim-{paid.pk}").action == "payment_record"
    assert export_session(tonight.refresh().session)["events"] == [
        {"type": "pay", "player": "Fred", "to": "Ann", "amount": "20.00"}]
    assert book() == {}
    assert_invariants(tonight.session)


def test_the_receiver_confirms_on_their_phone_while_a_night_is_open(players):
    played()
    tonight = PlayedNight(services.night_open(
        date=datetime.date(2026, 11, 28), banker=named("Mike"), seating=people(["Fred", "Ann"]),
        key=new_key("open"), user=banker("ann")))
    paid = claim(players["Fred"], amount="10.00")
    confirmed = services.claim_confirm(claim=paid, player=players["Ann"],
                                       token=players["Ann"].balance_token)
    assert confirmed.entry.session == tonight.session and confirmed.entry.created_by is None
    assert book() == {"Ann": 1000, "Fred": -1000}


# ---- refusals: nothing written ------------------------------------------------------------

@pytest.mark.parametrize(("payer", "to", "amount", "words"), [
    ("Fred", "Ann", "25.00", "$25.00 is more than THE BOOK lets you pay Ann now: at most "
                             "$20.00 (you owe $20.00, Ann is owed $20.00)"),
    ("Ann", "Fred", "5.00", "THE BOOK says you owe nothing now"),
    ("Fred", "Gus", "5.00", "THE BOOK says Gus is owed nothing now"),
    ("Fred", "Fred", "5.00", "You cannot pay yourself"),
    ("Fred", "Ann", 3, "not a multiple of $0.05"),
    ("Fred", "Ann", -500, "more than $0.00"),
])
def test_a_claim_beyond_what_the_book_says_is_refused(players, payer, to, amount, words):
    played()
    with pytest.raises(LedgerError, match=words.replace("$", r"\$").replace("(", r"\(")
                       .replace(")", r"\)")):
        claim(players[payer], to=to, amount=amount)
    assert not PaymentClaim.objects.exists()


@pytest.mark.parametrize(("to", "amount", "words"), [
    ("Ann", "1,000", "has a comma"),
    ("Nobody", "5.00", "There is no player 'Nobody'."),
])
def test_the_phones_claim_form_reads_the_name_and_the_amount(players, to, amount, words):
    """The phone's form is the edge that reads a name and text (the service takes a row and
    cents)."""
    form = ClaimForm({"to": to, "amount": amount, "key": "k" * 20})
    assert not form.is_valid()
    assert words in " ".join(str(e) for errors in form.errors.values() for e in errors)


def test_claims_waiting_count_against_what_is_owed_and_the_link(players):
    played()
    claim(players["Fred"], amount="15.00")
    with pytest.raises(LedgerError, match=r"at most \$5.00 .*\$15.00 already waits"):
        claim(players["Fred"], amount="10.00")
    claim(players["Fred"], amount="0.05")
    claim(players["Fred"], amount="0.05")
    assert MAX_PENDING == 3
    with pytest.raises(LedgerError, match="3 payments waiting"):
        claim(players["Fred"], amount="0.05")
    assert PaymentClaim.objects.count() == 3


def test_a_retired_player_or_a_replaced_link_claims_nothing(players):
    played()
    fred = players["Fred"]
    old = fred.balance_token
    services.player_link_renew(player=fred, key=new_key())
    with pytest.raises(LedgerError, match="link has been replaced"):
        services.claim_create(player=fred, token=old, to=named("Ann"), amount=cents("5.00"),
                              key=new_key())
    paid = claim(fred, amount="5.00")
    ann = players["Ann"]
    stale = ann.balance_token
    services.player_link_renew(player=ann, key=new_key())
    with pytest.raises(LedgerError, match="link has been replaced"):
        services.claim_confirm(claim=paid, player=ann, token=stale)
    services.player_retire(player=ann, key=new_key())
    ann.refresh_from_db()
    with pytest.raises(LedgerError, match="Ann is retired"):
        services.claim_confirm(claim=paid, player=ann, token=ann.balance_token)
    with pytest.raises(LedgerError, match="Ann is retired"):
        services.claim_reject(claim=paid, player=ann, token=ann.balance_token)
    paid.refresh_from_db()
    assert paid.status == PaymentClaim.CLAIMED and book() == {"Ann": 2000, "Fred": -2000}


def test_only_the_receiver_answers_on_a_phone(players):
    played()
    paid = claim(players["Fred"], amount="5.00")
    for who in ("Fred", "Gus"):
        with pytest.raises(LedgerError, match=f"no payment #{paid.pk} to confirm"):
            services.claim_confirm(claim=paid, player=players[who],
                                   token=players[who].balance_token)
    with pytest.raises(LedgerError, match="no payment #999"):
        services.claim_confirm(claim=999, user=None)
    assert book() == {"Ann": 2000, "Fred": -2000}


def test_a_rejected_claim_writes_nothing_and_cannot_be_confirmed(players):
    played()
    paid = claim(players["Fred"], amount="5.00")
    entries = journal()
    rejected = services.claim_reject(claim=paid, player=players["Ann"],
                                     token=players["Ann"].balance_token, reason="  not yet ")
    assert rejected.status == PaymentClaim.REJECTED and rejected.reason == "not yet"
    with pytest.raises(LedgerError, match="already rejected"):
        services.claim_confirm(claim=paid, user=None)
    assert journal() == entries
    done = services.claim_confirm(claim=claim(players["Fred"], amount="5.00"), user=None)
    with pytest.raises(LedgerError, match="already confirmed"):
        services.claim_reject(claim=done, user=None)


def test_a_claim_the_book_no_longer_owes_stays_waiting(players):
    played()
    paid = claim(players["Fred"], amount="20.00")
    # the book moved meanwhile (a payment entered by a banker): Fred owes $19.95 now
    services.book_payment(player=named("Fred"), to=named("Ann"), amount=cents("0.05"),
                          key=new_key())
    entries = journal()
    with pytest.raises(LedgerError, match=r"\$20.00 is more than THE BOOK lets Fred pay Ann"):
        services.claim_confirm(claim=paid, user=None)
    paid.refresh_from_db()
    assert paid.status == PaymentClaim.CLAIMED and journal() == entries
    assert not IdempotencyKey.objects.filter(key=f"payment-claim-{paid.pk}").exists()


def test_a_claim_naming_a_night_must_answer_its_settle_up(players):
    night = played()
    with pytest.raises(LedgerError, match="lists no payment from Fred to Gus"):
        claim(players["Fred"], to="Gus", amount="5.00", night=night.session)
    # The phone's form reads the night's number (the service takes the row).
    form = ClaimForm({"to": "Ann", "amount": "5.00", "night": "98765", "key": "k" * 20})
    assert not form.is_valid() and "There is no session 98765." in form.errors["night"]
    other = Night.objects.create(house=players["Mike"].house, date=datetime.date(2026, 1, 1),
                                        banker=players["Mike"], status=Night.CLOSED)
    with pytest.raises(LedgerError, match="lists no payment from Fred to Ann"):
        claim(players["Fred"], amount="5.00", night=other)
    assert not PaymentClaim.objects.exists()


def test_the_settle_up_lines_say_what_is_paid_and_left(players):
    night = played()
    services.handles_set(player=players["Ann"], venmo="@ann-smith", key=new_key())
    paid = claim(players["Fred"], amount="5.00", night=night.session)
    (line,) = selectors.settle_transfers(night.session)
    assert (line.amount, line.confirmed, line.waiting, line.left) == (2000, 0, 500, 1500)
    assert line.links[0].url.endswith("amount=15.00")
    services.claim_confirm(claim=paid, user=None)
    (line,) = selectors.settle_transfers(night.session, viewer=players["Fred"])
    assert (line.confirmed, line.waiting, line.left) == (500, 0, 1500)
    (line,) = selectors.settle_transfers(night.session, viewer=players["Ann"])
    assert line.links == []                       # the receiver sees no pay links of theirs
    assert selectors.settle_transfers(night.session, viewer=players["Gus"]) == []
    owed = owed_between(players["Fred"], players["Ann"])
    assert (owed.payer_owes, owed.payee_is_owed, owed.most) == (1500, 1500, 1500)
