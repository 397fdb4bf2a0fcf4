"""Upgrading to house settings keeps everything (ARCHITECTURE.md, "A house's own game"): a
database with whole nights, taken back to the schema before settings (migration 0022: no
settings, the database's checks of 5¢ amounts, $5 bank buy-ins and BOG) and migrated again,
gives every house and night the seed house's settings and every figure as before."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from ledger_night import PlayedNight
from test_houses import _audit_says, _figures, open_night_for_upgrade

from ledger.house_settings import SEED
from ledger.models import House, Night


@pytest.mark.django_db(transaction=True)
def test_an_upgraded_database_plays_the_seed_houses_game_with_every_figure_kept(
        banker_client):
    from test_history import play_host_away_night
    from test_worked_night import play_worked_night

    play_worked_night(PlayedNight(open_night_for_upgrade()))
    play_host_away_night()
    for night in Night.objects.all():   # as the code before settings kept them
        night.settings = {}
        night.save(update_fields=["settings"])
    before = _figures()
    pages = {night.pk: banker_client.get(f"/s/{night.pk}/settle/?_export=csv").content
             for night in Night.objects.all()}
    try:
        call_command("migrate", "ledger", "0022", verbosity=0)
    finally:   # whatever happens, the next test of this worker finds today's schema
        call_command("migrate", verbosity=0)
    assert all(house.game_settings == SEED for house in House.objects.all())
    assert all(night.game_settings == SEED for night in Night.objects.all())
    assert _figures() == before
    assert _audit_says() == "The ledger is whole"
    for pk, page in pages.items():
        assert banker_client.get(f"/s/{pk}/settle/?_export=csv").content == page
