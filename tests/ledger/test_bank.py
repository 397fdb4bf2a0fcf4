"""Who holds a night's bank (issue 10): the opener holds it, the holder hands it to another
banker in one step, nobody else enters anything, staff take it over explicitly, and the record
of tenures says who held it when (services/bank.py, services/holder.py, selectors).

The session's banker, the Player whose stake the bank is (B1), never changes: the holder is
the login that operates the bank.
"""

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from ledger_night import PlayedNight, assert_invariants, cents, named, new_key, people

from ledger import selectors, services
from ledger.models import AppendOnlyError, BankTenure, Entry
from ledger.permissions import BANKERS, make_banker
from ledger.services import IdempotencyConflict, LedgerError, NotTheHolder

pytestmark = pytest.mark.django_db

HELD = re.compile(r"^(\w+) holds the bank since \d\d:\d\d; ask them to hand it to you\.")


def banker(username: str, **extra) -> User:
    """A banker's login, called by its first name on the pages (Ann, Bob)."""
    user = User.objects.create_user(username=username, password="x" * 20,
                                    first_name=username.capitalize(), **extra)
    if not extra.get("is_staff"):
        make_banker(user)
    return user


@pytest.fixture
def ann(db):
    return banker("ann")


@pytest.fixture
def bob(db):
    return banker("bob")


@pytest.fixture
def boss(db):
    """Staff: a banker by the site's rules (ledger/permissions.py) without the group."""
    return banker("boss", is_staff=True)


@pytest.fixture
def anns_night(players, ann) -> PlayedNight:
    """Tonight, opened on the tablet by Ann: she holds the bank; Mike is its banker (B1)."""
    return PlayedNight(services.night_open(date=datetime.date(2026, 11, 21), banker=named("Mike"),
                                       seating=people(["Fred", "Ann", "Gus"]), key=new_key("open"),
                                       user=ann))


def hand_over(night: PlayedNight, to, user, key=None) -> BankTenure:
    return services.bank_hand_over(session=night.session, to=to, user=user,
                                   key=key or new_key("hand-over"))


def buy(night: PlayedNight, user, player="Fred", amount="20.00", key=None) -> Entry:
    return services.buyin_create(session=night.session, player=named(player),
                                 amount=cents(amount),
                                 key=key or new_key("buy"), user=user, confirm_duplicate=True)


# ---- who holds the bank -------------------------------------------------------------------

def test_the_login_that_opens_a_night_holds_its_bank_and_the_banker_stays_B1(anns_night, ann):
    tenure = BankTenure.objects.get(session=anns_night.session)
    assert (tenure.holder, tenure.made_by, tenure.how, tenure.previous) == \
        (ann, ann, BankTenure.OPENED, None)
    assert anns_night.session.banker.name == "Mike"
    assert buy(anns_night, ann).created_by == ann


def test_the_holder_hands_the_bank_to_another_banker_in_one_step(anns_night, ann, bob):
    tenure = hand_over(anns_night, bob, ann)
    assert (tenure.holder, tenure.made_by, tenure.how, tenure.previous) == \
        (bob, ann, BankTenure.HANDED, ann)
    state = selectors.bank_state(anns_night.session, bob)
    assert state.mine and state.holder == "Bob" and state.may_write
    anns_night.refresh()
    assert anns_night.session.banker.name == "Mike"   # whose stake the bank is: unchanged (B1)


def test_after_the_hand_over_the_old_holder_is_refused_in_a_sentence_and_nothing_is_written(
        anns_night, ann, bob):
    buy(anns_night, ann)
    hand_over(anns_night, bob, ann)
    before = (Entry.objects.count(), BankTenure.objects.count())
    for write in (lambda: buy(anns_night, ann),
                  lambda: services.penalty_record(session=anns_night.session, player=named("Gus"),
                                                  key=new_key("pen"), user=ann),
                  lambda: services.cashout_create(session=anns_night.session, player=named("Fred"),
                                                  chips={"green": 4}, key=new_key("out"),
                                                  user=ann),
                  lambda: services.entry_reverse(entry=Entry.objects.first(), reason="oops",
                                                 key=new_key("rev"), user=ann),
                  lambda: services.night_seat(session=anns_night.session, player=named("Mike"),
                                                key=new_key("seat"), user=ann)):
        with pytest.raises(NotTheHolder) as refused:
            write()
        assert HELD.match(str(refused.value)).group(1) == "Bob"
        assert refused.value.code == "not_holder"
    assert (Entry.objects.count(), BankTenure.objects.count()) == before
    assert_invariants(anns_night.session)


def test_the_refusal_says_who_holds_the_bank_since_when(anns_night, ann, bob, monkeypatch):
    at_21_04 = timezone.make_aware(datetime.datetime(2026, 11, 21, 21, 4))
    monkeypatch.setattr(timezone, "now", lambda: at_21_04)
    hand_over(anns_night, bob, ann)
    with pytest.raises(NotTheHolder, match=r"^Bob holds the bank since 21:04; ask them to "
                                           r"hand it to you\.$"):
        buy(anns_night, ann)
    later = at_21_04 + datetime.timedelta(days=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    with pytest.raises(NotTheHolder, match=r"^Bob holds the bank since Sat Nov 21, 21:04;"):
        buy(anns_night, ann)


def test_the_new_holder_writes_and_every_entry_says_who_entered_it(anns_night, ann, bob):
    first = buy(anns_night, ann, player="Fred")
    hand_over(anns_night, bob, ann)
    second = buy(anns_night, bob, player="Gus", amount="5.00")
    assert [(e.player.name, e.created_by) for e in selectors.entries_of(anns_night.session)] == \
        [("Fred", ann), ("Gus", bob)]
    assert (first.created_by, second.created_by) == (ann, bob)
    assert_invariants(anns_night.session)


def test_a_double_tap_on_hand_over_writes_one_hand_over(anns_night, ann, bob):
    first = hand_over(anns_night, bob, ann, key="hand-over-once")
    again = hand_over(anns_night, bob, ann, key="hand-over-once")
    assert again.pk == first.pk
    assert BankTenure.objects.filter(how=BankTenure.HANDED).count() == 1


def test_the_same_key_for_another_banker_is_refused_and_writes_nothing(anns_night, ann, bob):
    cal = banker("cal")
    hand_over(anns_night, bob, ann, key="hand-over-once")
    with pytest.raises(IdempotencyConflict):
        hand_over(anns_night, cal, ann, key="hand-over-once")
    assert BankTenure.objects.count() == 2


def test_only_the_holder_hands_the_bank_on(anns_night, ann, bob):
    cal = banker("cal")
    with pytest.raises(NotTheHolder, match=HELD):
        hand_over(anns_night, cal, bob)
    with pytest.raises(NotTheHolder, match=HELD):
        hand_over(anns_night, bob, bob)   # nor takes it: Ann holds it
    assert BankTenure.objects.count() == 1


def test_the_bank_goes_only_to_an_active_banker(anns_night, ann, boss):
    player_login = User.objects.create_user(username="fred", password="x" * 20)
    gone = banker("gone")
    gone.is_active = False
    gone.save()
    for to, says in ((player_login, "fred is not a banker"), (gone, "Gone is not a banker"),
                     (ann, "You already hold the bank")):
        with pytest.raises(LedgerError, match=says) as refused:
            hand_over(anns_night, to, ann)
        assert refused.value.field == "to"
    assert hand_over(anns_night, boss, ann).holder == boss   # staff may hold it too
    assert BankTenure.objects.count() == 2


# ---- staff --------------------------------------------------------------------------------

def test_staff_do_not_write_past_the_holder_but_take_the_bank_over_explicitly(
        anns_night, ann, boss):
    with pytest.raises(NotTheHolder, match="As staff you may take it over on the table's page"):
        buy(anns_night, boss)
    tenure = hand_over(anns_night, boss, boss)   # Ann's tablet died
    assert (tenure.holder, tenure.made_by, tenure.how, tenure.previous) == \
        (boss, boss, BankTenure.TAKEN_OVER, ann)
    assert buy(anns_night, boss).created_by == boss
    with pytest.raises(NotTheHolder, match=r"^Boss holds the bank since"):
        buy(anns_night, ann)


def test_staff_may_take_the_bank_over_for_another_banker(anns_night, ann, bob, boss):
    tenure = hand_over(anns_night, bob, boss)
    assert (tenure.holder, tenure.made_by, tenure.how, tenure.previous) == \
        (bob, boss, BankTenure.TAKEN_OVER, ann)
    assert selectors.bank_tenures(anns_night.session)[-1].describe == \
        "taken over from Ann by Boss (staff)"


# ---- a free bank --------------------------------------------------------------------------

def test_a_night_opened_by_the_command_line_has_a_free_bank_the_first_bankers_entry_takes(
        night, ann, bob):
    assert not BankTenure.objects.exists()
    assert selectors.bank_state(night.session, ann).free
    buy(night, ann)
    tenure = BankTenure.objects.get()
    assert (tenure.holder, tenure.made_by, tenure.how, tenure.previous) == \
        (ann, ann, BankTenure.TAKEN, None)
    with pytest.raises(NotTheHolder, match=r"^Ann holds the bank"):
        buy(night, bob)


def test_a_free_bank_is_taken_explicitly_by_any_banker(night, bob):
    tenure = hand_over(night, bob, bob)
    assert (tenure.holder, tenure.how, tenure.previous) == (bob, BankTenure.TAKEN, None)
    assert selectors.bank_tenures(night.session)[0].describe == "took the free bank"


def test_an_entry_that_is_refused_does_not_take_the_free_bank(night, ann):
    with pytest.raises(LedgerError, match="multiples of \\$5.00"):
        buy(night, ann, amount="7.00")
    assert not BankTenure.objects.exists()


def test_a_holder_who_is_no_longer_a_banker_leaves_the_bank_free(anns_night, ann, bob):
    ann.groups.clear()
    assert selectors.bank_state(anns_night.session, bob).free
    buy(anns_night, bob)
    tenure = BankTenure.objects.order_by("id").last()
    assert (tenure.holder, tenure.how, tenure.previous) == (bob, BankTenure.TAKEN, ann)


def test_the_command_line_and_the_importer_are_not_checked(anns_night, ann):
    """`user=None` is the machine (import_session, load_demo): it writes into any night."""
    anns_night.buy("Fred", "20.00")
    assert Entry.objects.get().created_by is None
    assert BankTenure.objects.count() == 1


def test_a_login_that_is_no_banker_never_writes_nor_takes_a_bank(night):
    fred = User.objects.create_user(username="fred", password="x" * 20)
    with pytest.raises(NotTheHolder, match="Only a banker"):
        buy(night, fred)
    with pytest.raises(LedgerError, match="Only a banker"):
        hand_over(night, fred, fred)
    assert not BankTenure.objects.exists() and not Entry.objects.exists()


# ---- the record ---------------------------------------------------------------------------

def test_the_record_of_tenures_says_who_held_the_bank_when(anns_night, ann, bob, boss):
    hand_over(anns_night, bob, ann)
    hand_over(anns_night, ann, bob)
    hand_over(anns_night, boss, boss)
    for name in ("Fred", "Ann", "Gus"):
        buy(anns_night, boss, player=name, amount="5.00")
        services.cashout_create(session=anns_night.session, player=named(name), chips={"green": 1},
                                key=new_key("out"), user=boss)
    services.night_close(session=anns_night.session, key=new_key("close"), user=boss)
    anns_night.refresh()
    tenures = selectors.bank_tenures(anns_night.session)
    assert [(t.holder, t.describe) for t in tenures] == [
        ("Ann", "opened the night"), ("Bob", "handed over by Ann"),
        ("Ann", "handed over by Bob"), ("Boss", "taken over from Ann by Boss (staff)")]
    assert [t.until for t in tenures] == [t.since for t in tenures[1:]] + \
        [anns_night.session.closed_at]
    assert all(t.since <= (t.until or t.since) for t in tenures)
    # A closed night has no bank to hold: nobody is refused, nothing more is written.
    assert selectors.bank_state(anns_night.session, ann).refusal == ""
    with pytest.raises(LedgerError, match="closed"):
        hand_over(anns_night, bob, boss)


def test_the_record_is_append_only(anns_night, ann, bob):
    tenure = hand_over(anns_night, bob, ann)
    with pytest.raises(AppendOnlyError):
        tenure.save()
    with pytest.raises(AppendOnlyError):
        tenure.delete()
    with pytest.raises(AppendOnlyError):
        BankTenure.objects.filter(pk=tenure.pk).update(holder=ann)


def test_the_bankers_group_may_add_tenures():
    from django.contrib.auth.models import Group

    group = Group.objects.get(name=BANKERS)
    assert group.permissions.filter(codename="add_banktenure").exists()


def test_the_holder_is_offered_every_other_active_banker_and_staff(anns_night, ann, bob, boss):
    User.objects.create_user(username="fred", password="x" * 20)   # a login, no banker
    gone = banker("gone")
    gone.is_active = False
    gone.save()
    assert [name for _, name in selectors.bank_state(anns_night.session, ann).choices] == \
        ["Bob", "Boss"]
    assert selectors.bank_state(anns_night.session, bob).choices == []


def test_the_admin_shows_the_record_and_refuses_to_edit_it(admin_client, anns_night, ann, bob):
    from django.contrib import admin

    hand_over(anns_night, bob, ann)
    page = admin_client.get("/admin/ledger/banktenure/")
    assert page.status_code == 200 and "handed over" in page.content.decode()
    model_admin = admin.site._registry[BankTenure]
    request = page.wsgi_request
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)
