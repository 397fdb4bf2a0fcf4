"""Fixtures shared by the report and table tests: the worked night of tests/ledger."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "ledger"))
from ledger_night import PlayedNight, make_player, open_night  # noqa: E402
from test_worked_night import play_worked_night  # noqa: E402


@pytest.fixture
def worked(db) -> PlayedNight:
    """The worked night (tests/ledger/test_worked_night.py), played and closed."""
    make_player("Mike", "BOG", is_host=True)
    fred = make_player("Fred", "BOF")
    make_player("Ann", "BOA")
    make_player("Gus", "BOGU", regular=False, invited_by=fred)
    night = open_night()
    play_worked_night(night)
    return night
