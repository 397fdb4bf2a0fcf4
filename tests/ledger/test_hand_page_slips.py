"""The hand page and the game call made for a noisy table: an empty hand refused, everybody
dropped (P11, P14), no server error in any night state, a hand saved twice asked about (R15),
errors that name the player and the field, a page that has the fields of the game, and the call
page's groups, search data, next dealer and rules in plain words."""

import json
import re

import pytest
from django.urls import reverse
from ledger_night import named, new_key

from ledger import selectors, services
from ledger.models import Entry
from ledger.night_file import export_session, import_session
from ledger.posting.accounts import EntryKind
from rules.games.hand_types import HandInput
from rules.games.table import next_antes

pytestmark = pytest.mark.django_db


def _key(response) -> str:
    return re.search(r'name="key" value="([^"]+)"', response.content.decode()).group(1)


def _call(night, game, dealer="Mike", **options):
    services.game_call(session=night.session, game=game, dealer=named(dealer),
                       options=options or None, key=new_key())


def _post(client, night, data, key=None):
    url = reverse("hand", args=[night.session.pk])
    page = client.get(url)
    assert page.status_code == 200, page.status_code
    return client.post(url, {"key": key or _key(page), "mode": "winners", **data})


def _hands() -> int:
    return Entry.objects.filter(kind=EntryKind.HAND).count()


# ---- an empty hand ------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["winners", "cards"])
def test_an_empty_hand_is_refused_and_nothing_is_saved(banker_client, night, mode):
    _call(night, "five-card-draw")
    response = _post(banker_client, night, {"mode": mode, "pot": "1.00", "save": "1"})
    assert response.status_code == 400
    assert "Mark who won, or enter the cards" in response.content.decode()
    assert _hands() == 0 and not selectors.table_game(night.session).over


def test_everybody_folding_where_the_last_one_in_takes_the_pot_is_refused(banker_client, night):
    _call(night, "five-card-draw")
    folded = {f"p{i}_folded": "on" for i in range(4)}
    response = _post(banker_client, night, {**folded, "pot": "1.00", "save": "1"})
    assert response.status_code == 400 and "Everybody folded" in response.content.decode()
    assert _hands() == 0


def test_old_man_with_nobody_going_is_not_an_empty_hand_P12(banker_client, night):
    _call(night, "old-man")
    data = {"pot": "4.00", "save": "1", "p0_folded": "on", "p3_folded": "on",
            "p1_declare": "high", "p2_declare": "high"}         # Fred and Ann both stop
    response = _post(banker_client, night, data)
    assert response.status_code == 302 and _hands() == 1


# ---- everybody dropped (P11, P14) ----------------------------------------------------------

def test_the_drop_games_offer_everybody_dropped_and_the_pot_stays_P14(banker_client, night):
    _call(night, "draw-match-pot")
    page = banker_client.get(reverse("hand", args=[night.session.pk])).content.decode()
    assert 'value="dropped"' in page and "Everybody dropped" in page
    assert "everybody re-antes" in page
    response = _post(banker_client, night, {"mode": "dropped", "pot": "2.00", "save": "1"})
    assert response.status_code == 302
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert result["carry"] == "2.00" and result["awards"] == [] and not result["game_over"]
    assert "Everyone re-antes (P14)." in result["explain"]
    state = selectors.table_game(night.session)
    assert state.reante and state.pot == 200 and not state.over
    assert next_antes(state, ["Mike", "Fred", "Ann", "Gus"]) == dict.fromkeys(
        ["Mike", "Fred", "Ann", "Gus"], 5)                   # everybody antes again


def test_a_game_the_winner_takes_has_no_everybody_dropped(banker_client, night):
    _call(night, "five-card-draw")
    page = banker_client.get(reverse("hand", args=[night.session.pk])).content.decode()
    assert 'value="dropped"' not in page
    refused = _post(banker_client, night, {"mode": "dropped", "pot": "1.00", "save": "1"})
    assert refused.status_code == 400 and _hands() == 0


def test_with_the_wimp_rule_the_best_hand_pays_instead_of_a_re_ante_P11(banker_client, night):
    _call(night, "guts", wimp="1.00")
    asked = _post(banker_client, night, {"mode": "dropped", "pot": "2.00", "save": "1"})
    assert asked.status_code == 400 and "Who held the best hand?" in asked.content.decode()
    assert _hands() == 0
    saved = _post(banker_client, night, {"mode": "dropped", "pot": "2.00", "best": "Ann",
                                         "save": "1"})
    assert saved.status_code == 302
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert result["owes"] == [{"name": "Ann", "amount": "1.00", "reason": "wimp"}]
    assert result["next_pot"] == "3.00"


# ---- no server error in any night state ------------------------------------------------------

def _typed(night, **hand):
    services.hand_enter(session=night.session, hand=HandInput.from_json(hand), key=new_key())


STATES = {
    "empty": lambda night: None,
    "called": lambda night: _call(night, "draw-match-pot"),
    "called in rounds": lambda night: _call(night, "three-five-seven"),
    "typed, over, no call": lambda night: _typed(night, pot="2.00", awards={"Fred": "2.00"},
                                                 game="draw-match-pot"),
    "typed, going on, no call": lambda night: _typed(night, pot="2.00", awards={"Fred": "1.00"},
                                                     owes={"Ann": "1.00"},
                                                     game="draw-match-pot"),
    "typed in an unknown game": lambda night: _typed(night, pot="2.00", awards={"Fred": "1.00"},
                                                     owes={"Ann": "1.00"}, game="Holdem"),
    "typed without a game": lambda night: _typed(night, pot="2.00", awards={"Fred": "1.00"},
                                                 owes={"Ann": "1.00"}),
    "game over": lambda night: (_call(night, "five-card-draw"), _typed(
        night, players=[{"name": "Fred", "won": ["high"]}, {"name": "Ann"}])),
    "closed": lambda night: night.close(),
}


@pytest.mark.parametrize("state", list(STATES))
def test_the_hand_and_call_pages_answer_in_every_night_state(banker_client, night, state):
    STATES[state](night)
    pk = night.session.pk
    for name in ("hand", "game_call"):
        response = banker_client.get(reverse(name, args=[pk]))
        assert response.status_code < 500, (name, response.status_code)
        if state != "closed" and name == "game_call":
            assert response.status_code == 200
    hand = banker_client.get(reverse("hand", args=[pk]))
    if state == "closed":
        return
    if hand.status_code == 302:      # no game to play: the page offers the call
        assert hand.url == reverse("game_call", args=[pk])
        call = banker_client.get(hand.url).content.decode()
        assert "Call the game" in call
    else:
        assert hand.status_code == 200 and 'id="hand-form"' in hand.content.decode()
    posted = banker_client.post(reverse("hand", args=[pk]), {"key": new_key(), "mode": "winners",
                                                            "p1_won_high": "on", "save": "1"})
    assert posted.status_code < 500


def test_hands_typed_without_a_call_lead_to_the_call_with_a_word_why(banker_client, night):
    STATES["typed in an unknown game"](night)
    pk = night.session.pk
    hand = banker_client.get(reverse("hand", args=[pk]))
    assert hand.status_code == 302
    call = banker_client.get(hand.url).content.decode()
    assert 'id="uncalled"' in call and "Holdem" in call


# ---- a hand saved twice (R15) ------------------------------------------------------------------

def test_the_same_hand_again_asks_possible_duplicate_then_saves_on_confirm_R15(
        banker_client, night):
    _call(night, "draw-match-pot")
    data = {"pot": "2.00", "p1_won_high": "on", "p0_folded": "on", "save": "1"}
    assert _post(banker_client, night, data).status_code == 302
    again = _post(banker_client, night, data)                     # back, and save again
    html = again.content.decode()
    assert again.status_code == 200 and "Possible duplicate?" in html
    assert "Fred took $2.00" in html and _hands() == 1
    resend = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">',
                             html.split('id="duplicate"')[1].split("</form>")[0]))
    assert resend["confirm_duplicate"] == "on" and resend["p1_won_high"] == "on"
    confirmed = banker_client.post(reverse("hand", args=[night.session.pk]),
                                   {**resend, "save": "1"})
    assert confirmed.status_code == 302 and _hands() == 2


def test_another_hand_or_a_hand_after_a_call_is_no_duplicate(banker_client, night):
    _call(night, "draw-match-pot")
    first = {"pot": "2.00", "p1_won_high": "on", "save": "1"}
    assert _post(banker_client, night, first).status_code == 302
    assert _post(banker_client, night, {**first, "p1_won_high": "", "p2_won_high": "on"}
                 ).status_code == 302
    assert _hands() == 2


def test_an_import_takes_hands_as_recorded_without_the_question(banker_client, night):
    _call(night, "draw-match-pot")
    hand = {"pot": "2.00", "players": [{"name": "Fred", "won": ["high"]}, {"name": "Ann"}]}
    services.hand_enter(session=night.session, hand=HandInput.from_json(hand), key=new_key())
    with pytest.raises(services.PossibleDuplicate):
        services.hand_enter(session=night.session, hand=HandInput.from_json(hand), key=new_key())
    services.hand_enter(session=night.session, hand=HandInput.from_json(hand), key=new_key(),
                        confirm_duplicate=True)
    night.close()
    exported = export_session(night.session)
    assert [e["type"] for e in exported["events"]].count("hand") == 2
    exported["session"]["date"] = "2026-11-28"          # the same hands on another night
    imported = import_session(json.loads(json.dumps(exported)))
    assert Entry.objects.filter(session=imported, kind=EntryKind.HAND).count() == 2


# ---- errors in the banker's words, on the field --------------------------------------------------

def test_a_card_that_is_not_a_card_names_the_player_and_marks_the_field(banker_client, night):
    _call(night, "seven-card-stud")
    response = _post(banker_client, night, {
        "mode": "cards", "pot": "1.00", "p0_folded": "on", "p3_folded": "on",
        "p1_down": "As Ks Qs", "p1_up": "Js Ts 9s 8s", "p2_down": "1x 2d 3d",
        "p2_up": "4d 5d 6d 7d", "save": "1"})
    html = response.content.decode()
    assert response.status_code == 400 and _hands() == 0
    assert "Ann&#x27;s down cards: &#x27;1x&#x27; is not a card" in html
    field = re.search(r'<input[^>]*name="p2_down"[^>]*>', html)[0]
    assert 'aria-invalid="true"' in field and "invalid" in field and 'value="1x 2d 3d"' in field
    assert 'value="Js Ts 9s 8s"' in html                          # what was typed is kept
    assert "players[" not in html


def test_a_card_entered_twice_is_marked_on_the_second_field(banker_client, night):
    _call(night, "five-card-draw")
    response = _post(banker_client, night, {
        "mode": "cards", "pot": "1.00", "p0_folded": "on", "p3_folded": "on",
        "p1_down": "As Ad Ac 7d 2c", "p2_down": "As Kd Qh Jc 9s", "save": "1"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Ann&#x27;s cards: As is entered twice (also in Fred&#x27;s cards)" in html
    field = re.search(r'<input[^>]*name="p2_down"[^>]*>', html)[0]
    assert 'aria-invalid="true"' in field


# ---- the page has the fields of the game -----------------------------------------------------

@pytest.mark.parametrize("game, has, has_not", [
    ("five-card-draw", ["p1_down"], ["p1_up", "board_", "dummy_cards"]),
    ("seven-card-stud", ["p1_down", "p1_up"], ["board_", "dummy_cards"]),
    ("texas-holdem", ["p1_down", "board_community"], ["p1_up", "dummy_cards"]),
    ("indian-poker", ["p1_up"], ["p1_down", "board_"]),
    ("old-man", ["p1_down", "p1_up", "board_center", "dummy_cards"], []),
])
def test_the_hand_page_has_the_fields_the_game_has(banker_client, night, game, has, has_not):
    _call(night, game)
    html = banker_client.get(reverse("hand", args=[night.session.pk])).content.decode()
    for name in has:
        assert f'name="{name}' in html, name
    for name in has_not:
        assert f'name="{name}' not in html, name
    assert 'id="game-words"' in html and "Dealt" in html and "Losers pay" in html


def test_the_card_fields_carry_how_many_cards_the_picker_fills(banker_client, night):
    _call(night, "seven-card-stud")
    html = banker_client.get(reverse("hand", args=[night.session.pk])).content.decode()
    down = re.search(r'<input[^>]*name="p1_down"[^>]*>', html)[0]
    up = re.search(r'<input[^>]*name="p1_up"[^>]*>', html)[0]
    assert 'data-count="3"' in down and 'data-count="4"' in up
    assert "Fred&#x27;s down cards" in down


# ---- the game call -----------------------------------------------------------------------------

def test_the_call_page_groups_the_games_and_preselects_the_next_dealer(banker_client, night,
                                                                        players):
    url = reverse("game_call", args=[night.session.pk])
    html = banker_client.get(url).content.decode()
    for family in ("Stud", "Draw", "Community cards", "Match pot and burn", "Guts"):
        assert f'<optgroup label="{family}">' in html
    assert 'id="game-search"' in html
    dealer = re.search(r'<select name="dealer".*?</select>', html, re.S)[0]
    assert f'<option value="{players["Mike"].pk}" selected>' in dealer    # the banker (B1)
    rules = json.loads(re.search(r'id="game-rules-data" type="application/json">(.*?)</script>',
                                 html, re.S)[1])
    assert rules["guts"]["family"] == "Guts"
    assert dict(rules["deadly-69s"]["words"])["Wild"].startswith("6s and 9s")


def test_the_games_called_tonight_come_first(banker_client, night, players):
    _call(night, "omaha-burns", dealer="Fred")
    services.game_end(session=night.session, key=new_key())
    _call(night, "guts", dealer="Ann")
    services.game_end(session=night.session, key=new_key())
    html = banker_client.get(reverse("game_call", args=[night.session.pk])).content.decode()
    first = re.search(r"<optgroup label=\"([^\"]+)\">(.*?)</optgroup>", html, re.S)
    assert first[1] == "Called tonight"
    assert re.findall(r'value="([^"]+)"', first[2]) == ["guts", "omaha-burns"]
    dealer = re.search(r'<select name="dealer".*?</select>', html, re.S)[0]
    assert f'<option value="{players["Gus"].pk}" selected>' in dealer    # left of Ann (B14)


def test_a_chosen_game_shows_its_rules_without_javascript(banker_client, night, players):
    url = reverse("game_call", args=[night.session.pk])
    page = banker_client.get(url)
    refused = banker_client.post(url, {"key": _key(page), "game": "deadly-69s", "dealer": ""})
    html = refused.content.decode()
    assert refused.status_code == 400
    panel = html.split('id="call-rules"')[1].split("</div>")[0]
    assert "6s and 9s when dealt face down" in panel


def test_a_typed_award_that_is_not_money_names_the_player(banker_client, night):
    _call(night, "five-card-draw")
    response = _post(banker_client, night, {"pot": "1.00", "p1_won_high": "on",
                                            "p2_award": "1,00", "save": "1"})
    html = response.content.decode()
    assert response.status_code == 400 and "Ann&#x27;s typed award: “1,00” has a comma" in html
    field = re.search(r'<input[^>]*name="p2_award"[^>]*>', html)[0]
    assert 'aria-invalid="true"' in field and 'value="1,00"' in field


def test_too_many_cards_for_the_game_name_the_player_once(banker_client, night):
    _call(night, "brag")
    response = _post(banker_client, night, {
        "mode": "cards", "pot": "1.00", "p0_folded": "on", "p3_folded": "on",
        "p1_down": "As Ks Qs Js", "p2_down": "2d 3d 4d", "save": "1"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "Fred: 4 cards, but Brag deals 3" in html and "Fred&#x27;s cards: Fred" not in html
    assert 'aria-invalid="true"' in re.search(r'<input[^>]*name="p1_down"[^>]*>', html)[0]


def test_a_game_in_rounds_is_played_from_the_hand_page_round_by_round_S4(banker_client, night):
    _call(night, "three-five-seven")
    page = banker_client.get(reverse("hand", args=[night.session.pk])).content.decode()
    assert 'data-count="3"' in re.search(r'<input[^>]*name="p1_down"[^>]*>', page)[0]
    saved = _post(banker_client, night, {"pot": "2.00", "p1_won_high": "on", "save": "1"})
    assert saved.status_code == 302
    result = Entry.objects.get(kind=EntryKind.HAND).payload["result"]
    assert [a["name"] for a in result["awards"]] == ["Fred"]
    assert selectors.table_game(night.session).round == 2
    page = banker_client.get(reverse("hand", args=[night.session.pk])).content.decode()
    assert 'data-count="5"' in re.search(r'<input[^>]*name="p1_down"[^>]*>', page)[0]
