"""One-time keys (R1, R3) and all-or-nothing services (R8)."""

import threading

import pytest
from django.db import connection
from ledger_night import new_key

from ledger import selectors, services
from ledger.models import Entry, IdempotencyKey, Posting
from ledger.services import IdempotencyConflict, LedgerError


@pytest.mark.django_db
def test_a_repeated_submit_replays_the_first_entry_and_writes_nothing_R1(night):
    first = services.buyin_create(session=night.session, player="Fred", amount="20.00",
                                  key="tap-1")
    again = services.buyin_create(session=night.session, player="Fred", amount="20.00",
                                  key="tap-1")
    assert again.pk == first.pk
    assert Entry.objects.count() == 1 and Posting.objects.count() == 2


@pytest.mark.django_db
def test_the_same_key_with_a_different_amount_is_refused_R3(night):
    services.buyin_create(session=night.session, player="Fred", amount="20.00", key="tap-1")
    with pytest.raises(IdempotencyConflict, match="already used for a different buyin create"):
        services.buyin_create(session=night.session, player="Fred", amount="25.00", key="tap-1")
    assert Entry.objects.count() == 1 and night.chips("Fred") == 2000


@pytest.mark.django_db
def test_the_same_key_for_another_service_is_refused_R3(night):
    services.buyin_create(session=night.session, player="Fred", amount="20.00", key="tap-1")
    with pytest.raises(IdempotencyConflict):
        services.penalty_record(session=night.session, player="Fred", key="tap-1")


@pytest.mark.django_db
def test_a_write_without_a_key_is_refused(night):
    with pytest.raises(LedgerError, match="no one-time key"):
        services.buyin_create(session=night.session, player="Fred", amount="20.00", key="")


@pytest.mark.django_db
def test_an_exception_mid_service_leaves_no_partial_rows_R8(night, monkeypatch):
    from ledger.models import BankNote

    def explode(*args, **kwargs):
        raise RuntimeError("power cut")

    # The entry and the bank note are written; the postings never are.
    monkeypatch.setattr(Posting.objects, "bulk_create", explode)
    with pytest.raises(RuntimeError):
        services.buyin_create(session=night.session, player="Fred", amount="20.00",
                              paid="note", key="k")
    assert (Entry.objects.count(), BankNote.objects.count(), IdempotencyKey.objects.filter(
        key="k").count()) == (0, 0, 0)
    monkeypatch.undo()
    services.buyin_create(session=night.session, player="Fred", amount="20.00", paid="note",
                          key="k")
    assert night.chips("Fred") == 2000


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
        session=night.session.pk, player="Fred", amount="20.00", key="same-tap"))
    assert errors == []
    assert len({entry.pk for entry in results}) == 1
    assert Entry.objects.filter(kind=Entry.BUY).count() == 1
    assert night.chips("Fred") == 2000


@pytest.mark.django_db(transaction=True)
def test_two_cash_outs_of_the_same_chips_at_once_one_is_refused_R4(players):
    from ledger_night import open_night

    night = open_night()
    night.buy("Fred", "20.00")
    keys = iter(["cash-out-tablet", "cash-out-phone"])
    lock = threading.Lock()

    def cash_out():
        with lock:
            key = next(keys)
        return services.cashout_create(session=night.session.pk, player="Fred",
                                       chips={"green": 4}, key=key)

    results, errors = _run_in_threads(2, cash_out)
    assert len(results) == 1 and len(errors) == 1
    assert isinstance(errors[0], LedgerError) and "Fred holds $0.00" in str(errors[0])
    dash = selectors.session_dashboard(night.session)
    assert dash.chips_outstanding == 0 and dash.cash_box == 0
    assert selectors.audit()["ok"]


def test_new_key_helper_gives_fresh_keys():
    assert new_key() != new_key()
