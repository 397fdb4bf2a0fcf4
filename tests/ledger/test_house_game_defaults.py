"""A house's game defaults (ARCHITECTURE.md, "A house's own game": `game_defaults`): a call that
sets no pigging (P1), ties (P6) or burn cap (P4) takes the house's, where the game keeps the
seed house's rule; the seed house's defaults add nothing, so its calls are as before."""

import datetime

import pytest
from ledger_night import named, new_key, people

from ledger import services
from ledger.house import house_in_use
from ledger.house_settings import SEED
from ledger.models import Entry
from ledger.posting.accounts import EntryKind
from rules.games.options import house_defaults
from rules.games.registry import get_game

pytestmark = pytest.mark.django_db


def _night_of(settings):
    house = house_in_use()
    house.settings = settings.to_json()
    house.save()
    return services.night_open(date=datetime.date(2026, 12, 4), banker=named("Mike"),
                                 seating=people(("Fred", "Ann")), key=new_key("open"))


def _called(session, game, **options):
    services.game_call(session=session, game=game, dealer=named("Mike"),
                       options=options or None, key=new_key())
    return Entry.objects.filter(session=session, kind=EntryKind.CALL).latest("id").payload


def test_the_seed_houses_defaults_give_no_option(players):
    for game in ("five-card-draw", "omaha-burns", "seven-card-stud"):
        assert house_defaults(get_game(game)) == {}
    payload = _called(_night_of(SEED), "five-card-draw")
    assert "options" not in payload or not payload["options"]


def test_a_goal_posting_house_calls_its_split_games_goal_posted_P6(players):
    payload = _called(_night_of(SEED.changed(ties="goal-post")), "five-card-draw")
    assert payload["options"] == {"ties": "goal-post"}


def test_a_call_that_sets_the_option_keeps_its_own_P6(players):
    payload = _called(_night_of(SEED.changed(ties="goal-post")), "five-card-draw", ties="split")
    assert payload["options"] == {"ties": "split"}


def test_the_house_burn_cap_reaches_a_burn_game_that_keeps_the_seeds_cap_P4(players):
    session = _night_of(SEED.changed(burn_cap=300))
    assert _called(session, "omaha-burns")["options"] == {"burn_cap": "3.00"}
    # the progressive game's own $1.00 cap is its rule, not the seed house's: kept
    assert not _called(session, "progressive-omaha-burns").get("options")


def test_a_games_own_pigging_rule_is_kept_and_the_houses_reaches_the_others_P1():
    assert get_game("doogie").pigging != "house"
    assert house_defaults(get_game("doogie"), pigging="win-or-tie") == {}
    assert house_defaults(get_game("five-card-draw"), pigging="win-or-tie") == {
        "pigging": "win-or-tie"}


def test_a_call_in_a_euro_house_reads_its_options_in_euro_chips_B10(players):
    """The ante defaults to one unit of the night (P7); a burn cap off the unit is refused."""
    session = _night_of(SEED.changed(currency="EUR", chips=(("white", 10), ("black", 500)),
                                     buy_in_step=1000, cash_unit=100, penalty_amount=50))
    with pytest.raises(services.LedgerError, match="0.10"):
        _called(session, "omaha-burns", burn_cap="1.05")


def test_the_call_page_says_the_games_rules_in_the_nights_currency(players, banker_client):
    """The rules engine's words ("the pot up to $5.00", P4) in a euro night's own money."""
    session = _night_of(SEED.changed(currency="EUR", chips=(("white", 10), ("black", 500)),
                                     buy_in_step=1000, cash_unit=100, penalty_amount=50))
    page = banker_client.get(f"/s/{session.pk}/game/")
    assert page.status_code == 200, page.status_code
    text = page.content.decode()
    data = text[text.index('id="game-rules-data"'):]
    assert "at most \\u20ac5.00" in data and "the odd \\u20ac0.10" in data   # JSON: "€"
    assert "$" not in data
