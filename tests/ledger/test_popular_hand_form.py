"""The hand form and the odds form of the popular games (H2-H7) derive their fields from the
game's definition: baseball's extra down field, 7/27's declarations in its words, the short
deck's picker, the spade and board sides by winners."""

from ledger.forms import HandForm
from ledger.forms.fields import new_key
from ledger.forms.hands import picker_rows
from ledger.forms.odds import OddsForm
from rules.games.registry import get_game

PLAYERS = ["Ann", "Bob"]


def _form(game, data=None):
    return HandForm(data, players=PLAYERS, game=get_game(game))


def test_baseball_has_an_extra_down_field_and_a_card_too_many_goes_on_it_H2():
    form = _form("baseball")
    assert list(form.kinds) == ["down", "up", "extra"]
    attrs = form.fields["p0_extra"].widget.attrs
    assert attrs["data-extra-of"] == "id_p0_up"
    assert sorted(attrs["data-extra-cards"].split()) == ["4c", "4d", "4h", "4s"]
    assert form.field_for("players[1].down[3]") == "p1_extra"
    assert form.field_for("players[1].down[2]") == "p1_down"
    assert "p0_extra" not in _form("seven-card-stud").fields


def test_the_extra_cards_are_down_cards_after_the_game_s_H2():
    form = _form("baseball", {"mode": "cards", "key": new_key(), "p0_down": "2c 2d Kc",
                              "p0_up": "4h 8s 3d Jc", "p0_extra": "Jh",
                              "p1_down": "5c 5d 9h", "p1_up": "Qh 8c Ts 6s"})
    assert form.is_valid(), form.errors
    assert form.hand().players[0].down == ("2c", "2d", "Kc", "Jh")
    odds = OddsForm({"p0_down": "2c 2d Kc", "p0_up": "4h", "p0_extra": "Jh"},
                    players=PLAYERS, game=get_game("baseball"))
    assert odds.is_valid()
    seat = odds.question("baseball", {}, 1)["players"][0]
    assert seat == {"name": "Ann", "down": ["2c", "2d", "Kc", "Jh"], "up": ["4h"]}
    assert odds.field_for("players[0].down[3]") == "p0_extra"


def test_seven_twenty_seven_declares_in_its_own_words_H4():
    choices = _form("seven-twenty-seven").fields["p0_declare"].choices
    assert choices == [("", "—"), ("high", "27"), ("low", "7"), ("both", "both")]


def test_the_short_deck_picker_has_no_2s_to_5s_H6():
    cards = [token for row in picker_rows(get_game("short-deck-holdem")) for token, _, _ in row]
    assert len(cards) == 36 and "5s" not in cards and "6s" in cards
    assert len([t for row in picker_rows(get_game("texas-holdem")) for t, _, _ in row]) == 52


def test_by_winners_the_spade_side_and_each_board_s_H3_H7():
    assert _form("chicago").sides == ["high", "spade"]
    assert _form("double-board-holdem").sides == ["board1", "board2"]
    form = HandForm(None, players=PLAYERS, game=get_game("double-board-holdem"),
                    settings={})
    assert "p0_won_board1" in form.fields
