"""One-time keys (R1, R3) and all-or-nothing services (R8)."""

import threading

import pytest
from django.db import connection
from ledger_night import cents, named, new_key

from ledger import selectors, services
from ledger.models import Entry, IdempotencyKey, Posting
from ledger.posting.accounts import EntryKind
from ledger.services import IdempotencyConflict, LedgerError


@pytest.mark.django_db
def test_a_repeated_submit_replays_the_first_entry_and_writes_nothing_R1(night):
    first = services.buyin_create(session=night.session, player=named("Fred"),
                                  amount=cents("20.00"),
                                  key="tap-1")
    again = services.buyin_create(session=night.session, player=named("Fred"),
                                  amount=cents("20.00"),
                                  key="tap-1")
    assert again.pk == first.pk
    assert Entry.objects.count() == 1 and Posting.objects.count() == 2


@pytest.mark.django_db
def test_the_same_key_with_a_different_amount_is_refused_R3(night):
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          key="tap-1")
    with pytest.raises(IdempotencyConflict, match="already used to save a buy-in; ") as refused:
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("25.00"),
                              key="tap-1")
    assert "buyin" not in str(refused.value) and "create" not in str(refused.value)
    assert Entry.objects.count() == 1 and night.chips_out() == 2000


@pytest.mark.django_db
def test_the_same_key_for_another_service_is_refused_R3(night):
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          key="tap-1")
    with pytest.raises(IdempotencyConflict, match="already used to save a buy-in; "):
        services.penalty_record(session=night.session, player=named("Fred"), key="tap-1")


def test_every_keyed_service_says_what_it_does_in_words_R3():
    """A refusal names what the form was used for in words, never a service's name: a service
    is keyed only with its words."""
    from ledger.services.idempotency import ACTION_WORDS, idempotent

    assert all(" " in words and "_" not in words for words in ACTION_WORDS.values())
    with pytest.raises(ValueError, match="say what it does in ACTION_WORDS"):
        idempotent("buyin_undo")


@pytest.mark.django_db
def test_a_write_without_a_key_is_refused(night):
    with pytest.raises(LedgerError, match="no one-time key"):
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                              key="")


@pytest.mark.django_db
def test_an_exception_mid_service_leaves_no_partial_rows_R8(night, monkeypatch):
    from ledger.models import BankNote
    from ledger.services import journal

    def explode(*args, **kwargs):
        raise RuntimeError("power cut")

    # The entry and the bank note are written; the postings never are.
    monkeypatch.setattr(journal._insert(Posting), "run", explode)
    with pytest.raises(RuntimeError):
        services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                              paid="note", key="k")
    assert (Entry.objects.count(), BankNote.objects.count(), IdempotencyKey.objects.filter(
        key="k").count()) == (0, 0, 0)
    monkeypatch.undo()
    services.buyin_create(session=night.session, player=named("Fred"), amount=cents("20.00"),
                          paid="note",
                          key="k")
    assert night.chips_out() == 2000


def _run_in_threads(count, target):
    barrier = threading.Barrier(count)
    results, errors = [], []

    def worker():
        try:
            barrier.wait()
            results.append(target())
        except Exception as error:  # noqa: BLE001 - the test inspects every outcome
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results, errors


@pytest.mark.django_db(transaction=True)
def test_eight_taps_with_one_key_make_exactly_one_entry_R1(players):
    from ledger_night import open_night

    night = open_night()
    results, errors = _run_in_threads(8, lambda: services.buyin_create(
        session=night.session, player=named("Fred"), amount=cents("20.00"), key="same-tap"))
    assert errors == []
    assert len({entry.pk for entry in results}) == 1
    assert Entry.objects.filter(kind=EntryKind.BUY).count() == 1
    assert night.chips_out() == 2000


@pytest.mark.django_db(transaction=True)
def test_two_cash_outs_that_together_bring_back_more_than_is_out_one_is_refused_R4(players):
    from ledger_night import open_night

    night = open_night()
    night.buy("Fred", "20.00")
    turns = iter([("Fred", "cash-out-tablet"), ("Ann", "cash-out-phone")])
    lock = threading.Lock()

    def cash_out():
        with lock:
            player, key = next(turns)
        return services.cashout_create(session=night.session, player=named(player),
                                       chips={"green": 3}, key=key)

    results, errors = _run_in_threads(2, cash_out)
    assert len(results) == 1 and len(errors) == 1
    assert isinstance(errors[0], LedgerError)
    assert "the bank has only $5.00 in chips out tonight" in str(errors[0])
    dash = selectors.night_dashboard(night.session)
    assert dash.chips_outstanding == 500 and dash.cash_box == 500
    assert selectors.audit()["ok"]


def test_new_key_helper_gives_fresh_keys():
    assert new_key() != new_key()


def test_a_typed_hand_is_fingerprinted_as_it_is_stored_R3():
    """A key keeps meaning the same hand whether the request was kept as the typed hand or as
    its JSON (keys saved before the hand was typed still replay)."""
    from ledger.services.idempotency import fingerprint
    from rules.games.hand_types import HandInput

    hand = {"game": "five-card-draw", "pot": "1.20",
            "players": [{"name": "Ann", "down": ["As", "Kd", "Qh", "Jc", "9s"]},
                        {"name": "Fred", "down": ["2s", "3c", "5h", "8c", "Ts"]}]}
    typed = HandInput.from_json(hand)
    assert fingerprint("hand_enter", {"hand": typed}) == fingerprint(
        "hand_enter", {"hand": typed.to_json()})
    other = HandInput.from_json({**hand, "pot": "1.25"})
    assert fingerprint("hand_enter", {"hand": typed}) != fingerprint("hand_enter",
                                                                     {"hand": other})
