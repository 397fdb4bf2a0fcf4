"""PostgreSQL's row locks never block a row that only refers to the locked one.

A buy-in holds its night's lock until it commits, and its foreign keys are checked at the
commit, each taking a KEY SHARE lock on the player it names. A phone's ask took its player's row
FOR UPDATE, which KEY SHARE waits for, and then waited for the night: the two deadlocked (once
in 250 buy-ins under the busy-night bench). Every lock here is FOR NO KEY UPDATE, which queues
the writers of one row all the same and lets the rows that refer to it be checked."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from ledger_night import cents, new_key, open_night

from ledger import services

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks")]


def test_every_lock_of_a_night_and_a_phone_is_no_key(players, banker_user):
    fred = players["Fred"]
    with CaptureQueriesContext(connection) as queries:
        tonight = open_night()
        tonight.buy("Fred", "20.00", user=banker_user)
        asked = services.request_ask(player=fred, token=fred.balance_token,
                                     amount=cents("10.00"), paid="cash", key=new_key())
        services.request_approve(session=tonight.session, request=asked, user=banker_user,
                                 confirm_duplicate=True)
        services.player_update(player=fred, name="Freddie", note_id="BOF", key=new_key())
    locks = [q["sql"] for q in queries.captured_queries if "FOR " in q["sql"]]
    assert locks, "no row was locked"
    plain = [sql for sql in locks if re.search(r"FOR UPDATE", sql)]
    assert not plain, f"a lock that blocks the rows referring to it: {plain[0]}"
    night = [sql for sql in locks if "ledger_pokersession" in sql.split("FROM")[1][:40]]
    assert night and all('OF "ledger_pokersession"' in sql for sql in night)
