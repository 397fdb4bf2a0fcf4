"""Odds for the game called, on the tablet (from the call page) and on each player's phone: the
cards seen typed per seat, each seat's chance in words, at the table's speed; a bad card is the
rules' sentence on its field (a 400, never a 500); the phone's odds are of the night's called
game and its seats' names only, and nothing is written (views/odds.py)."""

import re
import time
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from ledger_night import named

from ledger import services
from ledger.forms import new_key
from ledger.views.odds import odds_words, percent

pytestmark = pytest.mark.django_db

# the seats: Mike (the banker) 0, Fred 1, Ann 2, Gus 3
AA_KK_FLOP = {"p0_down": "As Ah", "p1_down": "Kd Kc", "p2_folded": "on", "p3_folded": "on",
              "board_community": "2c 7d 9h"}


def _call(night, game="texas-holdem", **options):
    services.game_call(session=night.session, game=game, dealer=named("Mike"), key=new_key(),
                       options=options or None)


def _odds(client, night, data=None, **headers):
    return client.get(reverse("game_odds", args=[night.session.pk]), data or {}, **headers)


def _phone_odds(client, player, data=None):
    return client.get(reverse("phone_odds", args=[player.balance_token]), data or {})


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_call_page_offers_odds_for_the_game_called(banker_client, night):
    call = reverse("game_call", args=[night.session.pk])
    assert 'id="odds-link"' not in banker_client.get(call).content.decode()
    _call(night)
    html = banker_client.get(call).content.decode()
    assert 'id="odds-link"' in html and reverse("game_odds", args=[night.session.pk]) in html
    assert "Odds: Texas Hold&#x27;em" in html or "Odds: Texas Hold'em" in html


def test_the_odds_page_has_the_fields_of_the_game_called(banker_client, night):
    _call(night)
    page = _odds(banker_client, night)
    html = page.content.decode()
    assert page.status_code == 200
    for index in range(4):
        assert f'name="p{index}_down"' in html and f'name="p{index}_folded"' in html
    assert 'name="p0_up"' not in html     # hold'em: one field of cards a seat
    assert 'name="board_community"' in html and 'name="dead"' in html
    form = html[html.index('<form method="get"'):]
    assert 'name="csrfmiddlewaretoken"' not in form[:form.index("</form>")]
    for name in ("Mike", "Fred", "Ann", "Gus"):
        assert f'<th scope="row">{name}</th>' in html


def test_stud_has_down_and_up_cards(banker_client, night):
    _call(night, "seven-card-stud")
    html = _odds(banker_client, night).content.decode()
    assert 'name="p0_down"' in html and 'name="p0_up"' in html
    assert 'name="board_community"' not in html


def test_an_exact_answer_in_words(banker_client, night):
    _call(night)
    page = _odds(banker_client, night, AA_KK_FLOP)
    assert page.status_code == 200
    text = _text(page.content.decode())
    # 990 turns and rivers: Fred's two kings out of 44 on the turn, and so on (test_odds_exact)
    assert "Mike 92% · Fred 8%" in text
    assert "split" not in text.split("Exact")[0]
    assert "Exact: all 990 deals." in text
    assert "Ann folded" in text and "Gus folded" in text
    assert 'value="As Ah"' in page.content.decode()    # the cards typed stay in their fields


def test_a_sampled_answer_says_its_error_and_comes_at_the_tables_speed(banker_client, night):
    _call(night, "seven-card-stud", wild="2")     # wild cards: the showdown engine, sampled
    start = time.perf_counter()
    page = _odds(banker_client, night, {"p0_down": "As Ad", "p0_up": "Ah"})
    elapsed = time.perf_counter() - start
    text = _text(page.content.decode())
    assert page.status_code == 200
    found = re.search(r"Sampled: ([\d,]+) deals, ± (\d+\.\d)% \(two standard errors\)\.", text)
    assert found is not None, text
    assert Decimal(found[2]) > 0
    assert elapsed < 2.0          # the rules have 0.7 s; the rest is the page (a busy machine)


def test_a_split_pot_is_said(banker_client, night):
    _call(night)
    page = _odds(banker_client, night, {"p0_down": "2c 3d", "p1_down": "4h 5s",
                                        "p2_folded": "on", "p3_folded": "on",
                                        "board_community": "As Ks Qs Js Ts"})
    assert "split 100%" in _text(page.content.decode())


@pytest.mark.parametrize(("data", "field", "sentence"), [
    ({"p0_down": "As Kd", "p1_down": "As"}, "p1_down",
     "Fred's cards: card As is seen twice (also in Mike's cards)"),
    ({"p0_down": "As Xx"}, "p0_down", "Mike's cards: unknown card 'Xx'"),
    ({"p0_down": "As Kd Qh"}, "p0_down",
     "Mike's cards: 3 cards, but texas-holdem deals 2 (2 down, 0 up)"),
    ({"board_community": "2c 3c 4c 5c 6c 7c"}, "board_community",
     "The shared cards: 6 cards, but texas-holdem deals 5 there"),
    ({"p0_down": "As Kd", "dead": "Kd"}, "dead",
     "The dead cards: card Kd is seen twice (also in Mike's cards)"),
])
def test_bad_cards_are_the_rules_sentence_on_their_field(banker_client, night, data, field,
                                                         sentence):
    _call(night)
    page = _odds(banker_client, night, data)
    html = page.content.decode().replace("&#x27;", "'")
    assert page.status_code == 400
    assert sentence in html
    # on the field: the error follows its input, before the next seat's row or field
    after = html[html.index(f'name="{field}"'):]
    assert sentence in after[:after.index("</td>" if field.startswith("p") else "</div>")]
    assert 'id="odds-answer"' not in html


def test_no_game_called_says_so(banker_client, night, players):
    page = _odds(banker_client, night)
    assert page.status_code == 200 and 'id="no-game"' in page.content.decode()
    phone = _phone_odds(banker_client, players["Fred"], {"p0_down": "As Ah"})
    assert phone.status_code == 200 and 'id="no-game"' in phone.content.decode()


def test_the_banker_page_needs_a_banker(client, night):
    _call(night)
    page = _odds(client, night)
    assert page.status_code == 302 and "/login/" in page.url


def test_odds_are_read_only_gets(banker_client, night, players):
    _call(night)
    assert banker_client.post(reverse("game_odds", args=[night.session.pk])).status_code == 405
    assert banker_client.post(reverse("phone_odds", args=[players["Ann"].balance_token])
                              ).status_code == 405


def test_htmx_gets_the_odds_section_alone(banker_client, night):
    _call(night)
    page = _odds(banker_client, night, AA_KK_FLOP, HTTP_HX_REQUEST="true")
    html = page.content.decode()
    assert html.lstrip().startswith("{%") is False and "<html" not in html
    assert 'id="odds"' in html and "Mike 92% · Fred 8%" in _text(html)


# -- the phone ----------------------------------------------------------------------------

def test_the_phone_offers_odds_for_the_game_called(client, night, players):
    page = reverse("player_balance", args=[players["Ann"].balance_token])
    assert 'id="phone-odds-link"' not in client.get(page).content.decode()
    _call(night)
    html = client.get(page).content.decode()
    assert 'id="phone-odds-link"' in html
    assert reverse("phone_odds", args=[players["Ann"].balance_token]) in html


def test_the_phone_answers_for_the_nights_game_and_seats_and_writes_nothing(client, night,
                                                                           players):
    _call(night)
    # a game or a name in the request is not read: the night's called game and seats are
    with CaptureQueriesContext(connection) as queries:
        page = _phone_odds(client, players["Ann"], {**AA_KK_FLOP, "game": "old-man",
                                                    "p9_down": "Qs Qh", "players": "Zed"})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Mike 92% · Fred 8%" in _text(html) and "Zed" not in html
    assert "Texas Hold" in html and "Old Man" not in html
    assert page["Referrer-Policy"] == "same-origin" and "no-cache" in page["Cache-Control"]
    written = [q["sql"] for q in queries.captured_queries
               if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    assert written == [] and queries.captured_queries


def test_the_phone_refuses_a_bad_card_on_its_field(client, night, players):
    _call(night)
    page = _phone_odds(client, players["Gus"], {"p0_down": "As Ah", "p3_down": "Ah 2c"})
    assert page.status_code == 400
    assert "Gus&#x27;s cards: card Ah is seen twice (also in Mike&#x27;s cards)" in \
        page.content.decode()


def test_an_unknown_link_is_a_404(client, night):
    _call(night)
    assert client.get(reverse("phone_odds", args=["not-a-token"])).status_code == 404


# -- the words ----------------------------------------------------------------------------

def _result(*players, exact=True, trials=990, stderr="0.0000"):
    return {"players": [{"name": n, "share": s, "high": h, "low": low, "scoop": sc}
                        for n, s, h, low, sc in players],
            "trials": trials, "exact": exact, "stderr": stderr, "explain": ""}


def test_words_give_each_seat_its_whole_pots_and_the_rest_split():
    words = odds_words(_result(("Ann", "0.6700", "0.7000", "0.6000", "0.6100"),
                               ("Bob", "0.3300", "0.3200", "0.4100", "0.2700")))
    assert words.line == "Ann 61% · Bob 27% · split 12%"
    assert words.how == "Exact: all 990 deals."
    assert words.has_high and words.has_low


def test_words_say_when_the_pot_can_stay_and_leave_out_the_folded():
    words = odds_words(_result(("Ann", "0.4000", "0.4000", None, "0.4000"),
                               ("Bob", "0.0000", "0.0000", None, "0.0000"),
                               ("Cal", "0.3500", "0.3500", None, "0.3500"),
                               exact=False, trials=4213, stderr="0.0061"),
                       frozenset({"Bob"}))
    assert words.line == "Ann 40% · Cal 35% · split or stays 25%"
    assert words.how == "Sampled: 4,213 deals, ± 1.2% (two standard errors)."
    assert [s.folded for s in words.seats] == [False, True, False]


def test_a_chance_that_is_there_is_never_zero_or_sure():
    assert percent(Decimal("0.0003")) == "under 1%"
    assert percent(Decimal("0.9990")) == "over 99%"
    assert percent(Decimal("0")) == "0%" and percent(Decimal("1")) == "100%"
    assert percent(Decimal("0.6150")) == "62%"


@pytest.mark.parametrize("game", ["old-man", "double-elevator", "five-card-draw",
                                  "indian-poker", "big-sol", "three-five-seven"])
def test_any_called_game_answers_from_its_first_street(banker_client, night, game):
    # a dummy and a center card, eleven board positions, a draw, up cards only, down and up
    # cards declared, a game in rounds: nothing seen yet
    _call(night, game)
    page = _odds(banker_client, night, {"dead": ""})
    assert page.status_code == 200, page.content.decode()[:2000]
    text = _text(page.content.decode())
    assert re.search(r"(Sampled: [\d,]+ deals, ± \d+\.\d%|Exact: all [\d,]+ deals)", text)
    assert all(name in text.split("Exact")[0].split("Sampled")[0]
               for name in ("Mike", "Fred", "Ann", "Gus"))


def test_everybody_folded_leaves_the_pot(banker_client, night):
    _call(night)
    page = _odds(banker_client, night, {f"p{i}_folded": "on" for i in range(4)})
    assert page.status_code == 200
    assert "split or stays 100%" in _text(page.content.decode())
