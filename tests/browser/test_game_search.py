"""The call page's search in Chromium ranks as rules/games/search.py ranks (issue 37: "7 card
stud" chose Big Sol; "hi-lo" and "high-low" chose Big Sol among 29): the game chosen and the
buttons offered, for queries typed into the page, are the Python ranking's on the page's own
data."""

import json

import pytest

from rules.games.search import Searched, best, rank

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUERIES = ["7 card stud", "seven-card stud", "Seven Card Stud", "hi-lo", "high-low", "stud",
           "guts", "omaha", "omah", "3-5-7", "three five seven", "deadly sevens", "forty three",
           "texas hold 'em", "holdem", "tnt", "snookie", "kansas tornado", "declare",
           "8-or-better", "sev", "card", "one man's trash", "chicago"]


def _games(page) -> list[Searched]:
    """The page's games, in its select's order, as the Python search sees them."""
    data = json.loads(page.inner_text("#game-rules-data"))
    values = page.eval_on_selector_all("#id_game option", "os => os.map(o => o.value)")
    return [Searched(value=v, names=tuple(data[v]["search"]["names"]),
                     raw=tuple(data[v]["search"]["raw"]), text=data[v]["search"]["text"])
            for v in values if v]


def test_the_page_chooses_the_game_the_python_ranking_chooses(banker_page, live_server, table):
    page = banker_page
    page.goto(f"{live_server.url}/s/{table['session'].pk}/game/")
    games = _games(page)
    for query in QUERIES:
        page.fill("#game-search", "")
        page.type("#game-search", query)                   # typed, a key at a time
        expected = best(query, games) or ""
        assert page.input_value("#id_game") == expected, query
        buttons = page.eval_on_selector_all("[data-game-matches] button",
                                            "bs => bs.map(b => b.dataset.game)")
        assert buttons == [g.value for _, g in rank(query, games)][:8], query


def test_a_name_is_chosen_before_a_rules_match(banker_page, live_server, table):
    page = banker_page
    page.goto(f"{live_server.url}/s/{table['session'].pk}/game/")
    page.fill("#game-search", "7 card stud")
    assert page.input_value("#id_game") == "seven-card-stud"
    first = page.locator("[data-game-matches] button").first
    assert first.get_attribute("data-game") == "seven-card-stud"   # the name before rules
    for split in ("hi-lo", "high-low"):
        page.fill("#game-search", split)
        assert page.input_value("#id_game") == ""          # many games play it: none chosen
        assert page.locator("[data-game-matches] button").count() == 8
    page.fill("#game-search", "snookie")                   # Big Sol by another name
    assert page.input_value("#id_game") == "big-sol"
    assert "Big Sol" in page.inner_text("[data-game-matches]")
