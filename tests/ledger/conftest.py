"""Fixtures for the money domain: players and an open night (helpers in ledger_night.py)."""

import pytest
from ledger_night import PlayedNight, make_player, open_night


@pytest.fixture
def players(db):
    """Mike the host (BOG), regulars Fred and Ann, and Gus, Fred's guest."""
    mike = make_player("Mike", "BOG", is_host=True)
    fred = make_player("Fred", "BOF")
    ann = make_player("Ann", "BOA")
    gus = make_player("Gus", "BOGU", regular=False, invited_by=fred)
    return {"Mike": mike, "Fred": fred, "Ann": ann, "Gus": gus}


@pytest.fixture
def night(players) -> PlayedNight:
    """An open night banked by the host, Mike, with Fred, Ann and Gus seated."""
    return open_night()
