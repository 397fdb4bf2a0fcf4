"""`odds(data, seconds=...)`, the site's answer at the table's speed: an exact count only when
it finishes in half the time, else a sample cut short when the time is up (rules/odds/clock.py);
what was done is said, and the seed with the trials reproduces it."""

from rules.odds import odds
from rules.odds.clock import MIN_SAMPLE


def p(name, down=""):
    return {"name": name, "down": down.split()}


HOLDEM_FLOP = {"game": "texas-holdem", "players": [p("Ann", "As Ah"), p("Bob", "Kd Kc")],
               "board": {"community": ["2c", "7d", "9h"]}}
PREFLOP = {"game": "texas-holdem", "players": [p("Ann", "As Ah"), p("Bob", "Kd Kc")]}
OLD_MAN = {"game": "old-man", "players": [p("Ann"), p("Bob"), p("Cal")], "seed": 5}


def test_a_count_that_fits_the_time_is_the_exact_answer():
    assert odds(HOLDEM_FLOP, seconds=5.0) == odds(HOLDEM_FLOP)


def test_a_count_too_long_for_the_time_is_sampled_and_says_so():
    result = odds(PREFLOP, seconds=0.0)
    assert result["exact"] is False
    assert MIN_SAMPLE <= result["trials"] < 20_000
    assert result["stderr"] != "0.0000"
    assert "Counting all 1,712,304 deals would take longer than the time allowed" \
        in result["explain"]


def test_a_sample_cut_short_says_how_many_deals_and_reproduces_with_its_trials():
    cut = odds(OLD_MAN, seconds=0.0)
    assert MIN_SAMPLE <= cut["trials"] < 20_000
    assert f"The time allowed ran out after {cut['trials']:,} of the 20,000 deals asked" \
        in cut["explain"]
    again = odds({**OLD_MAN, "trials": cut["trials"]})
    assert again["players"] == cut["players"] and again["stderr"] == cut["stderr"]


def test_a_sample_that_fits_the_time_is_the_one_asked():
    data = {**OLD_MAN, "trials": 50}
    assert odds(data, seconds=30.0) == odds(data)
