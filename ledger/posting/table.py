"""The table's record: the night's one warning, penalties, games called and ended, hands.
They move no money in the bank.

Chips change hands at the table without the banker, so a recorded hand (its pot, awards, what
carries, who owes what into the next pot) and a penalty are entries without postings: checked
by the rules, stored, shown and exported, never a limit on a cash-out. A hand by cards or by
winners is resolved by `rules`; the old typed form (only pot, awards, owes) has its arithmetic
checked: awards + carry = pot (P2, P3), the carry never negative.

The first jumps of the bet in a night get the night's warnings (B11: the house says how many,
the seed house one); penalties are not refused without them, so files from elsewhere still
import.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ledger.house_settings import SEED, HouseSettings
from rules.errors import RulesError
from rules.games.hand_types import HandInput, HandResult, JSONObject, settle, typed_problems
from rules.games.options import apply_options, house_defaults
from rules.games.showdown_input import game_of
from rules.games.table import TableError, TableState, game_name, hand_defaults, rules_game
from rules.money import format_cents

from . import payloads
from .accounts import EntryKind
from .amounts import units
from .draft import Draft, finish
from .errors import LedgerError
from .hand_words import in_words, refused_field
from .night import NightState, Person

# What an entry's payload keeps beside the event: the id of each person it names, so an export
# names them as they are called when it is written (a rename, a new player under an old name).
IDS = "ids"


def warning(night: NightState, *, player: Person) -> Draft:
    """A warning for jumping the bet, before any penalty (B11): the house's number a night
    (the seed house's one), not a player; after them every jump costs the penalty."""
    rules, given = night.settings, night.warned()
    if rules.penalty_amount == 0:
        raise LedgerError("This house has no penalty for jumping the bet, so no warning "
                          "either (B11).", field="player")
    if len(given) >= rules.penalty_warnings:
        raise LedgerError(f"{warnings_given(rules.penalty_warnings, given)}; jumping the bet "
                          f"now costs the {rules.money(rules.penalty_amount)} penalty (B11).",
                          field="player")
    what = ("the night's one warning" if rules.penalty_warnings == 1
            else f"warning {len(given) + 1} of {rules.penalty_warnings} tonight")
    return finish(night, Draft(EntryKind.WARNING, payloads.Warning(player.name),
                               f"{player.name} jumped the bet: {what} (B11)",
                               player=player.name))


def warnings_given(allowed: int, given: Sequence[str]) -> str:
    """Why no warning is left: "The night's one warning was already given (to Ann)"."""
    if allowed == 0:
        return "This house gives no warning for jumping the bet"
    if allowed == 1:
        return f"The night's one warning was already given (to {given[0]})"
    return f"The night's {allowed} warnings were already given"


def penalty(night: NightState, *, player: Person, amount: int | None = None) -> Draft:
    """The house's penalty for jumping the bet (the seed house's $0.20), straight into the
    pot (B11); `amount` None is the house's."""
    rules = night.settings
    if rules.penalty_amount == 0:
        raise LedgerError("This house has no penalty for jumping the bet (B11).",
                          field="amount")
    amount = units(rules.penalty_amount if amount is None else amount, settings=rules)
    if amount != rules.penalty_amount:
        raise LedgerError(f"The penalty for jumping the bet is "
                          f"{rules.money(rules.penalty_amount)} (B11), "
                          f"not {rules.money(amount)}.", field="amount")
    return finish(night, Draft(EntryKind.PENALTY, payloads.Penalty(player.name, amount),
                               f"{player.name} jumped the bet (B11)", player=player.name,
                               amount=amount))


def listed_twice(name: str, field: str) -> LedgerError:
    """A typed hand's awards or owes name someone twice: the tablet's and the file's words."""
    return LedgerError(f"{name} is listed twice in the {field}.", field=field)


def call(night: NightState, *, game: str | Mapping[str, object], dealer: Person,
         options: Mapping[str, object] | None = None) -> Draft:
    """The dealer calls a game (an id or the dealer's own definition, S12) with its options;
    the hands after it are its hands, and the pot on the table stays (P3)."""
    dealer_seated(night, dealer)
    rules = night.settings
    try:
        definition = game_of({"game": game, "round": 1})
        chosen = {**house_defaults(definition, pigging=rules.pigging, ties=rules.ties,
                                   burn_cap=rules.burn_cap), **dict(options or {})}
        apply_options(definition, chosen, unit=rules.unit)
    except RulesError as error:
        raise LedgerError(str(error), field="game") from None
    stored = game if isinstance(game, str) else dict(game)
    return finish(night, Draft(EntryKind.CALL, payloads.Call(stored, dealer.name, chosen),
                               call_memo(dealer.name, stored), player=dealer.name))


def dealer_seated(night: NightState, dealer: Person) -> None:
    if dealer.name not in night.seats():
        raise LedgerError(f"{dealer.name} is not at the table tonight.", field="dealer")


def end_game(night: NightState) -> Draft:
    """The banker ends the game before the rules do; the pot stays on the table (P3)."""
    state = night.table()
    if state.game is None:
        raise LedgerError("No game is being played.", field="game")
    return finish(night, Draft(EntryKind.END_GAME, payloads.Marker("end_game"),
                               f"the game of {state.name} ended; the pot stays"))


def hand(night: NightState, *, hand: HandInput, order: Sequence[str] | None = None) -> Draft:
    """A hand by cards or by winners: the rules compute who wins what, what carries and who
    owes what into the next pot; typed awards and owes must agree with them (P1-P15).
    `order`: the keys as the hand was entered (a file's), for the stored event."""
    state = night.table()
    if state.called and state.over and hand.game in (None, state.game):
        raise LedgerError(f"The game of {state.name} is over: call the next game first.",
                          field="game")
    seats = night.seats()
    at_the_table(seats, hand)
    result, filled = resolve_hand(hand, state)
    entered = hand.to_json()
    if order is not None:
        entered = {key: entered[key] for key in order if key in entered}
    data = hand_payload(entered, filled, result)
    return finish(night, Draft(
        EntryKind.HAND, payloads.Hand(data), hand_memo(filled.game, list(result.explain)),
        amount=filled.pot or 0, ids=tuple(sorted(n for n in hand_names(data) if n in seats))))


def typed_hand(night: NightState, *, pot: int | None, awards: Mapping[Person, int],
               owes: Mapping[Person, int] | None = None, carry: int | None = None,
               game: object = "") -> Draft:
    """The old form of a hand, only its pot, awards and owes: the arithmetic is checked (P2,
    P3). Amounts in cents; `carry` None is what the awards leave of the pot."""
    rules = night.settings
    pot = units(pot, field="pot", settings=rules)
    won = {p.name: units(a, field=f"awards for {p.name}", settings=rules)
           for p, a in awards.items()}
    staked = {p.name: units(a, field=f"owes for {p.name}", settings=rules)
              for p, a in (owes or {}).items()}
    data = typed_hand_payload(pot=pot, won=won, staked=staked, carry=carry,
                              game=game_json(game), settings=rules)
    return finish(night, Draft(EntryKind.HAND, payloads.Hand(data),
                               typed_hand_memo(data["game"]), amount=pot,
                               ids=tuple(sorted({*won, *staked}))))


def game_json(game: object) -> str | dict[str, object]:
    """A hand's or a call's game as stored: an id, or an inline definition kept as JSON (never
    Python's text of a dict); an inline definition is read by the rules first."""
    if isinstance(game, Mapping):
        try:
            game_of({"game": dict(game), "round": 1})
        except RulesError as error:
            raise LedgerError(str(error), field="game") from None
        return dict(game)
    return "" if game is None else str(game)


def typed_hand_memo(game: object) -> str:
    return f"hand of {game_name(game)}" if game else "hand"


def typed_hand_payload(*, pot: int, won: Mapping[str, int], staked: Mapping[str, int],
                       carry: int | None, game: str | dict[str, object],
                       settings: HouseSettings = SEED) -> dict[str, object]:
    """A typed hand's stored event, its arithmetic checked: awards + carry make the pot (P2,
    P3). `won` and `staked` are by name; `carry` None is what the awards leave of the pot."""
    money = settings.money
    if carry is None:
        carried = pot - sum(won.values())
    elif carry == 0:
        carried = 0
    else:
        carried = units(carry, field="carry", settings=settings)
    if sum(won.values()) + carried != pot:
        raise LedgerError(
            f"{money(sum(won.values()))} awarded plus {money(carried)} carried does not "
            f"make the pot of {money(pot)}.", field="awards",
        )
    if carried < 0:
        raise LedgerError(f"{money(sum(won.values()))} awarded is more than the pot of "
                          f"{money(pot)}.", field="awards")
    payload: dict[str, object] = {
        "type": "hand", "game": game, "pot": format_cents(pot),
        "awards": {name: format_cents(a) for name, a in won.items()},
        "owes": {name: format_cents(a) for name, a in staked.items()},
    }
    if carry is not None:
        payload["carry"] = format_cents(carried)
    payload["result"] = _typed_result(pot, won, staked, carried)
    return payload


def at_the_table(seated: Sequence[str], hand: HandInput) -> None:
    """Refuse a hand that deals someone not seated tonight."""
    for index, name in enumerate(hand.names()):
        if name and name.strip() not in seated:
            raise LedgerError(f"{name} is not at the table tonight (players[{index}]).",
                              field="players")


def hand_names(hand: Mapping[str, object]) -> set[str]:
    """Every name a hand's stored event gives a person: its players, typed awards and owes,
    legs, next best, and the computed result's awards, owes (and who is paid) and legs."""
    names: set[str] = set()
    for player in _listed(hand.get("players")):
        if isinstance(player, Mapping) and isinstance(player.get("name"), str):
            names.add(player["name"])
    for field in ("awards", "owes", "legs"):
        named = hand.get(field)
        if isinstance(named, Mapping):
            names |= {n for n in named if isinstance(n, str)}
    next_best = hand.get("next_best")
    if isinstance(next_best, Mapping):
        names |= {n for n in next_best.values() if isinstance(n, str)}
    result = hand.get("result")
    if isinstance(result, Mapping):
        for field in ("awards", "owes"):
            for line in _listed(result.get(field)):
                if isinstance(line, Mapping):
                    names |= {line[k] for k in ("name", "to") if isinstance(line.get(k), str)}
        names |= {n for n in _listed(result.get("legs")) if isinstance(n, str)}
    return names


def _listed(value: object) -> list[object]:
    return list(value) if isinstance(value, list) else []


def resolve_hand(hand: HandInput,
                 state: TableState) -> tuple[HandResult, HandInput]:
    """The rules' result for a hand by cards or by winners, and the input they read (the
    defaults filled); typed awards and owes must agree with it (P1-P15), or nothing is
    written."""
    try:
        filled = hand_defaults(hand, state)
    except TableError as error:
        raise LedgerError(str(error), field=error.field) from None
    try:
        result = settle(filled, unit=state.unit)
        problems = typed_problems(filled, result, unit=state.unit)
    except RulesError as error:
        game = rules_game(filled.game)     # read already by the defaults above
        raise LedgerError(in_words(error, filled.to_json(("players",)).get("players"),
                                   one_field=not (game.down and game.up),
                                   dummy=game.dummy.name if game.dummy else "the dummy",
                                   game=game),
                          field=refused_field(error)) from None
    if problems:
        raise LedgerError(" ".join(problems) + " Nothing was written.", field="awards")
    return result, filled


def _typed_result(pot: int, won: Mapping[str, int], staked: Mapping[str, int],
                  carried: int) -> dict[str, object]:
    owed = sum(staked.values())
    # By name: the typed mappings' order does not survive every database's JSON column.
    won = dict(sorted(won.items()))
    staked = dict(sorted(staked.items()))
    return {
        "awards": [{"name": name, "amount": format_cents(a), "side": "pot"}
                   for name, a in won.items()],
        "carry": format_cents(carried),
        "owes": [{"name": name, "amount": format_cents(a), "reason": "owes"}
                 for name, a in staked.items()],
        "legs": [], "next_pot": format_cents(carried + owed), "game_over": not owed,
        "explain": [f"{name} takes {format_cents(a)}." for name, a in won.items()]
        + ([f"{format_cents(carried)} stays in the pot."] if carried else []),
    }


def hand_payload(entered: JSONObject, filled: HandInput, result: HandResult
                 ) -> dict[str, object]:
    """A resolved hand's stored event: what was entered, its pot as the rules read it (the
    antes filled in where none was typed) and the rules' result."""
    entered = {**entered, "pot": format_cents(filled.pot or 0)}
    return {"type": "hand", **entered, "result": result.to_json()}


def hand_memo(game: object, explain: list[str]) -> str:
    """A resolved hand in the journal: its game by name and the whole explanation."""
    return f"hand of {game_name(game)}: " + " ".join(explain)


def call_memo(dealer: str, game: object) -> str:
    return f"{dealer} calls {game_name(game)}"
