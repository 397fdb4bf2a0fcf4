"""Hands at the table through the ledger: by cards (a showdown) and by winners (a payout), in a
called game whose pot, round and legs follow from the previous hand; typed awards checked;
hands are the table's record, so they move no money (P1-P15, B11)."""

import copy
import json
from pathlib import Path

import pytest
from ledger_night import named, new_key

from ledger import selectors, services
from ledger.models import Entry, Posting
from ledger.night_file import export_session, import_session
from ledger.posting.accounts import EntryKind
from ledger.posting.hand_words import in_words
from ledger.services import LedgerError
from rules.errors import RulesError
from rules.games.hand_types import HandInput
from rules.games.table import next_antes
from rules.money import format_cents, parse_cents

pytestmark = pytest.mark.django_db
hand_of = HandInput.from_json   # the hand as the hand page would give it

FIXTURES = Path(__file__).resolve().parents[1] / "rules" / "fixtures"
OLD_MAN = json.loads((FIXTURES / "old_man.json").read_text())["cases"]
HOUSE = json.loads((FIXTURES / "house_rules.json").read_text())["showdown"]


def night_of(names, events, banker=None):
    banker = banker or names[0]
    players = [{"name": n, "note_id": f"N{i}", "regular": True, **({"host": True} if i == 0
                                                                    else {})}
               for i, n in enumerate(names)]
    return {"format": "banker-session/1",
            "session": {"date": "2026-11-21", "banker": banker, "host_present": True},
            "players": players, "book_before": {}, "events": events}


def amounts(rows):
    """Awards or owes by name, added up, as decimal strings."""
    totals: dict[str, int] = {}
    for row in rows:
        totals[row["name"]] = totals.get(row["name"], 0) + parse_cents(row["amount"])
    return {name: format_cents(cents) for name, cents in totals.items()}


def old_man_night():
    first, second = (copy.deepcopy(case["input"]) for case in OLD_MAN)
    for hand in (first, second):
        hand.pop("game")
        hand["type"] = "hand"
    second.pop("pot")            # computed: the 18.00 carried nothing, two losers matched 18.00
    first["awards"] = {"Ashley": "18.00"}
    first["owes"] = {"Eric": "18.00", "Bottoms": "18.00"}
    second["awards"] = {"Ashley": "36.00"}
    names = ["Jim", "Eric", "Bottoms", "Ashley", "Nas", "Fredo"]
    return night_of(names, [
        {"type": "call", "game": "old-man", "dealer": "Jim"}, first, second])


def test_the_old_man_rounds_come_out_through_the_ledger_P3_P9_P12():
    session = import_session(old_man_night())
    hands = list(Entry.objects.filter(session=session, kind=EntryKind.HAND).order_by("id"))
    first, second = (hand.payload["result"] for hand in hands)
    assert amounts(first["awards"]) == OLD_MAN[0]["expect"]["awards"]
    assert amounts(first["owes"]) == OLD_MAN[0]["expect"]["owes"]
    assert first["next_pot"] == "36.00"
    assert hands[1].payload["pot"] == "36.00"          # computed from the first hand
    assert amounts(second["awards"]) == {"Ashley": "36.00"} and second["owes"] == []
    assert second["game_over"] is True
    assert not Posting.objects.filter(entry__kind=EntryKind.HAND).exists()   # the table's record
    state = selectors.table_game(session)
    assert (state.game, state.over, state.pot) == ("old-man", True, 0)


def test_typed_awards_that_break_the_rules_refuse_the_whole_import_P2():
    night = old_man_night()
    night["events"][1]["awards"] = {"Ashley": "17.00"}
    with pytest.raises(LedgerError, match="events\\[1\\] \\(hand\\): awards: typed Ashley 17.00"):
        import_session(night)
    assert not Entry.objects.exists()


def test_a_hand_in_a_game_that_is_over_is_refused():
    night = old_man_night()
    night["events"].append(copy.deepcopy(night["events"][2]))
    night["events"][-1]["pot"] = "5.00"
    with pytest.raises(LedgerError, match="The game of Old Man is over"):
        import_session(night)


def test_a_player_not_at_the_table_is_refused():
    night = old_man_night()
    night["session"]["seating"] = ["Jim", "Eric", "Bottoms", "Ashley", "Nas"]   # no Fredo
    with pytest.raises(LedgerError, match="Fredo is not at the table tonight"):
        import_session(night)


def test_the_export_writes_each_hand_as_entered_with_its_result_and_imports_again(tmp_path):
    session = import_session(old_man_night())
    document = export_session(session)
    hands = [e for e in document["events"] if e["type"] == "hand"]
    assert "pot" in hands[1] and hands[1]["result"]["next_pot"] == "0.00"
    assert set(hands[0]["result"]) == {"awards", "carry", "owes", "legs", "next_pot",
                                       "game_over", "explain"}
    assert document["events"][0] == {"type": "call", "game": "old-man", "dealer": "Jim"}
    from test_exchange import restore_into_fresh_database
    restored = restore_into_fresh_database(document, tmp_path)
    assert restored["audit_ok"]


@pytest.mark.parametrize("case", HOUSE, ids=[case["name"][:40] for case in HOUSE])
def test_the_house_rules_examples_come_out_through_the_ledger(case):
    hand = {"type": "hand", **copy.deepcopy(case["input"]), "awards": case["expect"]["awards"]}
    names = sorted({p["name"] for p in hand["players"]})
    session = import_session(night_of(["Host", *names], [hand], banker="Host"))
    result = Entry.objects.get(session=session, kind=EntryKind.HAND).payload["result"]
    assert amounts(result["awards"]) == case["expect"]["awards"]
    assert result["carry"] == case["expect"]["carry"]


@pytest.fixture
def table(night):
    night.buy("Fred", "20.00")
    night.buy("Ann", "20.00")
    night.buy("Gus", "20.00")
    services.game_call(session=night.session, game="draw-match-pot", dealer=named("Fred"),
                       key=new_key())
    return night


def winners(**sides):
    names = ["Fred", "Ann", "Gus"]
    return [{"name": n, "won": [s for s, who in sides.items() if n in who]} for n in names]


def test_a_called_match_pot_game_by_winners_follows_from_hand_to_hand_P3(table):
    s = table.session
    services.hand_enter(session=s, hand=hand_of({"pot": "3.00", "players": winners(high=["Fred"])}),
                        key=new_key())
    state = selectors.table_game(s)
    assert (state.pot, state.over, state.hands) == (600, False, 1)   # Ann and Gus match 3.00
    services.penalty_record(session=s, player=named("Gus"), key=new_key())
    entry = services.hand_enter(session=s, hand=hand_of({"players": winners(high=["Ann"])}),
                                key=new_key())
    result = entry.payload["result"]
    assert entry.payload["pot"] == "6.20" and entry.payload.get("penalties") is None
    assert [(o["name"], o["amount"]) for o in result["owes"]] == [("Fred", "6.00"),
                                                                 ("Gus", "6.00")]   # B11
    assert selectors.night_dashboard(s).table_pot == 1200


def test_ending_a_game_keeps_the_pot_on_the_table_P3(table):
    s = table.session
    services.hand_enter(session=s, hand=hand_of({"pot": "3.00", "players": winners(high=["Fred"])}),
                        key=new_key())
    services.game_end(session=s, key=new_key())
    state = selectors.table_game(s)
    assert (state.game, state.pot) == (None, 600)
    with pytest.raises(LedgerError, match="Name the game"):
        services.hand_enter(session=s, hand=hand_of({"players": winners(high=["Fred"])}),
                            key=new_key())


def test_a_winner_who_folded_is_refused_and_nothing_is_written(table):
    before = Entry.objects.count()
    players = winners(high=["Fred"])
    players[0]["folded"] = True
    with pytest.raises(LedgerError, match="Fred folded and cannot win high"):
        services.hand_enter(session=table.session, key=new_key(),
                            hand=hand_of({"pot": "3.00", "players": players}))
    assert Entry.objects.count() == before


def test_a_card_entered_twice_is_refused(table):
    hand = {"pot": "3.00", "players": [
        {"name": "Fred", "down": ["As", "Ks", "Qs", "Js", "Ts"]},
        {"name": "Ann", "down": ["As", "2d", "3c", "4h", "6s"]}]}
    with pytest.raises(LedgerError, match="As"):
        services.hand_enter(session=table.session, hand=hand_of(hand), key=new_key())


def test_the_deal_goes_left_and_returns_left_of_the_caller_after_a_match_game_B1_B13_B14(
        table):
    s = table.session          # seats: Mike (banker), Fred, Ann, Gus; Fred called the game
    assert selectors.deal_state(s).next_dealer == "Fred"
    services.hand_enter(session=s, hand=hand_of({"pot": "3.00", "players": winners(high=["Fred"])}),
                        key=new_key())   # Fred called draw-match-pot and deals its first hand
    deal = selectors.deal_state(s)
    assert deal.dealt == {"Fred": 1} and deal.next_dealer == "Ann"
    services.hand_enter(session=s, hand=hand_of({"players": winners(high=["Ann", "Gus"])}),
                        key=new_key())   # a tie: they split, Fred matches, the game goes on
    services.hand_enter(session=s, hand=hand_of({"players": [
        {"name": "Fred", "folded": True}, {"name": "Ann", "won": ["high"]},
        {"name": "Gus", "folded": True}]}), key=new_key())     # nobody matches: over (P3)
    deal = selectors.deal_state(s)
    assert selectors.table_game(s).over
    assert deal.next_dealer == "Ann"          # left of Fred, who called the game (B14)
    assert deal.dealt == {"Fred": 1, "Ann": 1, "Gus": 1}
    assert deal.may_leave                     # Gus, the last dealer, has dealt 1; Mike 0


def test_nobody_leaves_before_the_last_dealer_has_dealt_as_many_as_the_first_B13(night):
    s = night.session          # seats: Mike (banker), Fred, Ann, Gus
    services.game_call(session=s, game="five-card-draw", dealer=named("Mike"), key=new_key())
    services.hand_enter(session=s, hand=hand_of({"pot": "1.00", "players": winners(high=["Ann"])}),
                        key=new_key())
    deal = selectors.deal_state(s)
    assert (deal.next_dealer, deal.dealt, deal.may_leave) == ("Fred", {"Mike": 1}, False)


def test_a_house_game_called_inline_round_trips_through_export_S12(night, tmp_path):
    s = night.session
    house = services.house_game_save(name="Deuces Hi-Lo", game="five-card-draw",
                                     options={"wild": "2", "split": "cards-talk",
                                              "low": "8-or-better"}, key=new_key())
    services.game_call(session=s, game=house.definition, dealer=named("Fred"), key=new_key())
    hand = {"pot": "2.05", "players": [
        {"name": "Fred", "down": ["2s", "3d", "4h", "5c", "7s"]},
        {"name": "Ann", "down": ["Ks", "Kd", "Qh", "Jc", "9s"]}]}
    result = services.hand_enter(session=s, hand=hand_of(hand), key=new_key()).payload["result"]
    assert result["awards"] == [{"name": "Fred", "amount": "2.05", "side": "both"}]
    document = export_session(s)
    assert document["events"][0]["game"]["name"] == "Deuces Hi-Lo"
    from test_exchange import restore_into_fresh_database
    assert restore_into_fresh_database(document, tmp_path)["audit_ok"]


def test_the_next_pot_adds_the_antes_and_the_winner_antes_for_the_table_P7(night):
    s = night.session          # seats: Mike (banker), Fred, Ann, Gus
    services.game_call(session=s, game="five-card-draw", dealer=named("Mike"), key=new_key())
    first = services.hand_enter(session=s, hand=hand_of({"players": winners(high=["Ann"])}),
                                key=new_key())
    assert first.payload["pot"] == "0.15"          # the night's first deal: everybody antes
    services.game_call(session=s, game="five-card-draw", dealer=named("Fred"), key=new_key())
    state = selectors.table_game(s)
    due = next_antes(state, ["Fred", "Ann", "Gus"])
    assert due == {"Fred": 0, "Ann": 15, "Gus": 0}   # Baltimore: Ann won the last pot
    second = services.hand_enter(session=s, hand=hand_of({"players": winners(high=["Gus"])}),
                                 key=new_key())
    assert second.payload["pot"] == "0.15"


def test_brag_is_anted_by_its_caller_alone_the_dealers_edge_002(night):
    s = night.session
    services.game_call(session=s, game="brag", dealer=named("Gus"), key=new_key())
    state = selectors.table_game(s)
    assert next_antes(state, ["Fred", "Ann", "Gus"]) == \
        {"Fred": 0, "Ann": 0, "Gus": 5}
    hand = services.hand_enter(session=s, hand=hand_of({"players": winners(high=["Ann"])}),
                               key=new_key())
    assert hand.payload["pot"] == "0.05"


@pytest.mark.parametrize("message, said", [
    ("players[1].declare: missing; expected one of high, low, both",
     "Ann's declaration: missing; expected one of high, low, both"),
    ("players[0]: 6 cards, but brag deals 3 (3 down, 0 up)",
     "Fred: 6 cards, but brag deals 3 (3 down, 0 up)"),
    ("players[2].down: 'Zz' is not a card", "Gus's down cards: 'Zz' is not a card"),
    ("players[1].down[0]: unknown card '1x': expected rank then suit, e.g. 'As', '10h', 'JK'",
     "Ann's down cards: '1x' is not a card (type rank then suit: As, 10h, Kd; JK for a joker)"),
    ("players[1].up: card Ah is seen twice (also in players[0].down)",
     "Ann's up cards: Ah is entered twice (also in Fred's down cards)"),
    ("board.community: card Ah is seen twice (also in players[2].up)",
     "The shared cards: Ah is entered twice (also in Gus's up cards)"),
    ("players[7].down: missing", "players[7].down: missing"),
    ("pot: expected money", "pot: expected money"),
])
def test_a_refusal_about_a_player_names_the_player_not_the_list(message, said):
    players = [{"name": "Fred"}, {"name": "Ann"}, {"name": " Gus "}]
    assert in_words(RulesError(message), players) == said


def test_a_hand_page_refusal_names_the_player(night):
    s = night.session
    services.game_call(session=s, game="old-man", dealer=named("Mike"), key=new_key())
    hand = {"players": [{"name": "Fred", "up": ["Kd", "Qc", "Tc", "Ks"], "declare": "high",
                         "go": True},
                        {"name": "Ann", "up": ["Qh", "8h", "5h", "4c"], "go": True}],
            "board": {"center": ["5s"]},
            "dummy": {"down": ["2d", "3d", "6h", "8s", "Ad", "Ac"]}}
    with pytest.raises(LedgerError, match="^Ann's declaration: missing"):
        services.hand_enter(session=s, hand=hand_of(hand), key=new_key())


def test_the_table_names_a_catalog_game_by_its_name(night):
    services.game_call(session=night.session, game="old-man", dealer=named("Mike"), key=new_key())
    assert selectors.table_game(night.session).name == "Old Man"
