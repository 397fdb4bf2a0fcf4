"""Payouts from who won: the `python -m rules payout` JSON in, the pot arithmetic out.

When the banker knows who won each side but the cards are not entered, the same pot rules as a
showdown (`rules.games.pots.settle`, one implementation) run on entrants whose keys say only who
won: a winner of a side holds the best key, a player who stayed and lost a lower one, a folded
player none. So pigging (P1), odd-chip halves and shares (P2), match and burn (P3, P4), the last
round (P5), goal-posting (P6), the dummy (P9, P14) and legs (P10) come out exactly as in a
showdown with the same winners.

`pay_out(table, entrants, players)` is the typed inside of `payout`: the `HandResult` the
site keeps, in integer cents; `payout` writes the same outcome as the command line's JSON.

`check_figures` compares awards and owes the banker typed (cents) with the rules' result,
naming the rules and the right figures; the ledger uses it for hands entered by cards too.
`check_typed` is the same check on the JSON's decimal strings.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..errors import RulesError
from ..evaluator.values import Key
from ..money import SEED_UNIT, format_cents, read_money, require_units, unit_words
from . import pots
from .definition import GameDef
from .options import apply_options
from .result import Award, HandResult, Owe, result_of
from .showdown import board_of, board_side, merge_board, outcome_json
from .showdown_input import (
    POT_MISSING,
    Stakes,
    declare_of,
    flag_of,
    game_of,
    legs_of,
    mapping_of,
    name_of,
    player_of,
    round_of,
    unit_of,
)

WON, LOST, NEXT_BEST = (2,), (0,), (1,)   # keys: a winner beats the next best, beats the rest
RULE_ID = re.compile(r"\((?:[^()]*\b)?([PB]\d+)\)")
AWARD_RULES = ("P2", "P1", "P6", "P9", "P10", "P14")
OWE_RULES = ("P3", "P4", "P5", "P11", "P12", "P13")


def money_of(value: object, field: str, unit: int = SEED_UNIT) -> int:
    """A decimal string in whole units (rules.money.read_money; the seed's white chips)."""
    return require_units(read_money(value, field=field), field=field, unit=unit)


def _sides_won(data: Mapping[str, object], game: GameDef, where: str) -> tuple[str, ...]:
    won = data.get("won", [])
    if isinstance(won, str):
        won = [won]
    if not isinstance(won, list) or not all(isinstance(side, str) for side in won):
        raise RulesError(f"{where}.won: expected a list of sides such as [\"high\"]")
    allowed = game_sides(game)
    for side in won:
        if side not in allowed:
            raise RulesError(f"{where}.won: {game.id} has no {side!r} side; expected "
                             + " or ".join(allowed))
    return tuple(dict.fromkeys(won))


def game_sides(game: GameDef) -> tuple[str, ...]:
    """The sides a player may win in a hand by winners: high and low (or the one), the card
    side (H3: \"spade\"), each board's (H7: \"board1\", \"board1 high\")."""
    if game.boards:     # H7: "board1", or "board1 high" and "board1 low" when the halves split
        sides = (game.split,) if game.split in ("high", "low") else pots.SIDES
        return tuple(board_side(game, name, side) for name in game.boards for side in sides)
    card = (game.card_side.name,) if game.card_side is not None else ()   # H3: "spade"
    if game.split in ("high", "low"):
        return (game.split, *card)
    return (*pots.SIDES, *card)


def _entrant(value: object, index: int, game: GameDef, next_best: Mapping[str, str],
             contested: set[str]) -> pots.Entrant:
    where = f"players[{index}]"
    name = name_of(value, where)
    data = player_of(value, where)
    folded = flag_of(data, "folded", False, where) or not flag_of(data, "in", True, where)
    won = _sides_won(data, game, where)
    if folded and won:
        raise RulesError(f"{where}.won: {name} folded and cannot win {' or '.join(won)}")
    declare = declare_of(data, game, where, not folded)
    for side in won:
        if game.split == "declare" and declare not in (side, "both"):
            raise RulesError(f"{where}.won: {name} declared {declare} and cannot win {side}")
    go = flag_of(data, "go", True, where)
    if game.go_stop and not folded and "go" not in data:
        raise RulesError(f"{where}.go: missing; {game.id} needs go (true) or stop (false)")
    # A side nobody won (no qualifying hand, P7/P8) leaves every key None, as in a showdown.
    keys = {side: _key(name, side, won, next_best) if not folded and side in contested
            else None for side in pots.SIDES}
    if flag_of(data, "best", False, where):
        # Everybody dropped and the wimp rule asks who held the best hand (P11, drops.py).
        if not folded:
            raise RulesError(f"{where}.best: only a player who dropped is marked as holding "
                             "the best hand (the wimp rule, P11)")
        keys["high"] = WON
    card = None
    if game.card_side is not None and not folded and game.card_side.name in won:
        card = WON           # H3: the holder of the card that takes its side
    return pots.Entrant(name, keys["high"], keys["low"], declare, go,
                        flag_of(data, "dead", False, where), not folded, card)


def _contested(players: Sequence[object], dummy: object) -> set[str]:
    """The sides somebody (a player or the dummy) won or tied."""
    sides: set[str] = set()
    for item in [*players, dummy]:
        won = item.get("won", []) if isinstance(item, Mapping) else []
        won = [won] if isinstance(won, str) else won if isinstance(won, list) else []
        sides.update(side for side in won if isinstance(side, str))
    return sides & set(pots.SIDES)


def _key(name: str, side: str, won: Sequence[str], next_best: Mapping[str, str]) -> Key:
    if side in won:
        return WON
    return NEXT_BEST if next_best.get(side) == name else LOST


def _dummy(data: Mapping[str, object], game: GameDef, names: set[str]) -> pots.DummyHand | None:
    value = data.get("dummy")
    if value is None:
        return None
    if game.dummy is None:
        raise RulesError(f"dummy: {game.id} plays without a dummy hand; expected no dummy, "
                         "or options.kitty true")
    if not isinstance(value, Mapping):
        raise RulesError("dummy: expected an object {\"name\", \"won\"}")
    name = value.get("name", game.dummy.name)
    if not isinstance(name, str) or name in names:
        raise RulesError(f"dummy.name: expected a name no player has, got {name!r}")
    won = _sides_won(value, game, "dummy")
    # The dummy must be beaten: when it "won" (or tied) a side, no player's key is above it.
    return pots.DummyHand(name, WON if "high" in won else None, WON if "low" in won else None)


def _next_best(data: Mapping[str, object], game: GameDef) -> dict[str, str]:
    next_best: dict[str, str] = {}
    for side, name in mapping_of(data, "next_best").items():
        if side not in game_sides(game) or not isinstance(name, str):
            raise RulesError(f"next_best.{side}: expected a side of {game.id} and a player's name")
        next_best[side] = name
    return next_best


def _check_next_best(entrants: Sequence[pots.Entrant], game: GameDef,
                     next_best: Mapping[str, str]) -> None:
    """A forfeited side (P1) needs to know who comes next when several others declared it."""
    names = {e.name for e in entrants}
    for side, name in next_best.items():
        if name not in names:
            raise RulesError(f"next_best.{side}: {name!r} is not one of the players")
    if game.split != "declare":
        return
    piggers = [e for e in entrants if e.stayed and e.declare == "both"]
    for side in pots.SIDES:
        others = [e for e in entrants if e.stayed and e.declare == side]
        forfeits = any(p.key(side) == WON for p in piggers) and not any(
            e.key(side) == WON for e in others)
        if piggers and forfeits and len(others) >= 2 and side not in next_best:
            raise RulesError(f"next_best.{side}: missing; when a pigger forfeits {side} (P1), "
                             f"say who of {', '.join(e.name for e in others)} takes it")


def _payout_object(data: object) -> Mapping[str, object]:
    if not isinstance(data, Mapping):
        raise RulesError("payout: expected a JSON object")
    return data


def read(value: object, stakes: Stakes | None = None
         ) -> tuple[pots.Table, list[pots.Entrant], list[Mapping[str, object]]]:
    """Read and check the payout JSON; every error names its field. With `stakes` the pot and
    penalties (and the unit) are those cents, and the JSON's are not read."""
    data = _payout_object(value)
    unit = unit_of(data, stakes)
    game, settings = apply_options(game_of(data), mapping_of(data, "options"), unit=unit)
    if stakes is None:
        if "pot" not in data:
            raise RulesError(POT_MISSING)
        pot = money_of(data["pot"], "pot", unit)
        penalties = money_of(data.get("penalties", "0.00"), "penalties", unit)
    else:
        if stakes.pot is None:
            raise RulesError(POT_MISSING)
        pot = require_units(stakes.pot, field="pot", unit=unit)
        penalties = require_units(stakes.penalties or 0, field="penalties", unit=unit)
    if not 0 <= penalties <= pot or pot < 0:
        raise RulesError("penalties: expected an amount between 0.00 and the pot")
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise RulesError("players: missing; expected a list of players")
    next_best = _next_best(data, game)
    contested = _contested(players, data.get("dummy"))
    entrants = [_entrant(item, index, game, next_best, contested)
                for index, item in enumerate(players)]
    names = [e.name for e in entrants]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise RulesError(f"players[{index}].name: {name!r} appears twice")
    marked = [index for index, item in enumerate(players)
              if isinstance(item, Mapping) and item.get("best") is True]
    if len(marked) > 1:
        raise RulesError(f"players[{marked[1]}].best: only one player holds the best hand")
    if marked and any(e.stayed for e in entrants):
        raise RulesError(f"players[{marked[0]}].best: somebody stayed in; the best hand is "
                         "marked only when everybody dropped (the wimp rule, P11)")
    _check_next_best(entrants, game, next_best)
    number, last_round = round_of(data)
    table = pots.Table(game, pot, penalties, _dummy(data, game, set(names)), legs_of(data),
                       number, last_round, settings, {}, unit)
    return table, entrants, [p for p in players if isinstance(p, Mapping)]


def payout(value: object) -> dict[str, object]:
    """Resolve a hand from its winners; with typed `awards`/`owes`, check them."""
    table, entrants, players = read(value)
    data = _payout_object(value)
    outcome = _settle(table, entrants, players)
    result = outcome_json(outcome)
    if "awards" in data or "owes" in data:
        problems = check_typed(result_of(outcome, outcome.explain), data.get("awards"),
                               data.get("owes"), table.pot, unit=table.unit)
        result["check"] = {"ok": not problems, "problems": problems}
    return result


def pay_out(table: pots.Table, entrants: Sequence[pots.Entrant],
            players: Sequence[Mapping[str, object]]) -> HandResult:
    """The result of a payout already read (`read`), typed."""
    outcome = _settle(table, entrants, players)
    return result_of(outcome, outcome.explain)


def _settle(table: pots.Table, entrants: Sequence[pots.Entrant],
            players: Sequence[Mapping[str, object]]) -> pots.Outcome:
    """The pot rules' outcome, its explanation opened by who folded and the dummy's sides."""
    if table.game.boards:
        return _settle_boards(table, entrants, players)
    outcome = pots.settle(table, entrants, players=players)
    return replace(outcome, explain=_who_won(table, entrants) + outcome.explain)


def _settle_boards(table: pots.Table, entrants: Sequence[pots.Entrant],
                   players: Sequence[Mapping[str, object]]) -> pots.Outcome:
    """H7: each board's half settled from who won on that board (`won: ["board1"]`, or
    "board1 high" / "board1 low" when the halves split), the odd unit to the first board."""
    game = table.game
    parts = pots.halves(table.pot, table.unit)
    penalties = pots.halves(table.penalties, table.unit)
    won = {str(p.get("name", "")).strip(): _won_list(p) for p in players}
    merged = pots.Outcome()
    for index, name in enumerate(game.boards[:2]):
        board_game = board_of(game, name)
        contested = {side for side in pots.SIDES
                     if any(board_side(board_game, name, side) in sides
                            for sides in won.values())}
        board_entrants = []
        for entrant in entrants:
            mine = won.get(entrant.name, [])
            keys = {side: (WON if board_side(board_game, name, side) in mine else LOST)
                    if entrant.stayed and side in contested else None for side in pots.SIDES}
            board_entrants.append(replace(entrant, high=keys["high"], low=keys["low"]))
        board_table = replace(table, game=board_game, pot=parts[index],
                              penalties=penalties[index])
        outcome = pots.settle(board_table, board_entrants, players=players)
        merge_board(merged, board_game, name, index, parts, [], outcome)
    merged.explain[:0] = _who_won(table, entrants)
    return merged


def _won_list(player: Mapping[str, object]) -> list[str]:
    won = player.get("won", [])
    return [won] if isinstance(won, str) else [s for s in won if isinstance(s, str)] \
        if isinstance(won, list) else []


def _who_won(table: pots.Table, entrants: Sequence[pots.Entrant]) -> list[str]:
    lines = []
    for entrant in entrants:
        if not entrant.stayed:
            lines.append(f"{entrant.name} folded: out of the showdown, in no side of the pot.")
    if table.dummy is not None:
        sides = [s for s in pots.SIDES if table.dummy.key(s) is not None]
        if sides:
            lines.append(f"{table.dummy.name} is not beaten for {' and '.join(sides)}.")
    return lines


# -- typed figures checked ----------------------------------------------------------------


def _typed(value: object, field: str, unit: int) -> dict[str, int] | None:
    """Typed figures from the JSON's decimal strings (None: none typed)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise RulesError(f"{field}: expected each player's amount, e.g. {{\"Ann\": \"3.05\"}}")
    typed = {}
    for name, amount in value.items():
        cents = money_of(amount, f"{field}.{name}", unit)
        if cents:
            typed[str(name)] = cents
    return typed


def typed_figures(amounts: Mapping[str, int] | None, field: str,
                  unit: int = SEED_UNIT) -> dict[str, int] | None:
    """Typed figures in cents, each whole units (B10); the zeros left out."""
    if amounts is None:
        return None
    return {name: cents for name, cents in amounts.items()
            if require_units(cents, field=f"{field}.{name}", unit=unit)}


def _figures(amounts: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {format_cents(cents)}" for name, cents in amounts.items()) or "none"


def _rules(explain: Sequence[str], wanted: Sequence[str]) -> str:
    found = [rule for line in explain for rule in RULE_ID.findall(line) if rule in wanted]
    return ", ".join(dict.fromkeys(found)) or wanted[0]


def _by_name(rows: Sequence[Award] | Sequence[Owe]) -> dict[str, int]:
    total: dict[str, int] = {}
    for row in rows:
        total[row.name] = total.get(row.name, 0) + row.amount
    return total


def _right_awards(result: HandResult, pot: int | None, unit: int) -> str:
    """The computed awards in words, with the split rule they follow."""
    awards = _by_name(result.awards)
    text = f"the rules give {_figures(awards)}"
    sides = {a.side for a in result.awards}
    if pot is not None and sides == {"high", "low"}:
        chips = pot // unit
        odd = unit_words(unit)
        even = "evenly" if chips % 2 == 0 else f"with the odd {odd} to the high half"
        count = (f"{chips} white chips" if unit == SEED_UNIT
                 else f"{chips} unit{'s' if chips != 1 else ''} of {odd}")
        text = (f"the pot of {format_cents(pot)} ({count}) splits {even} "
                f"({_rules(result.explain, AWARD_RULES)}): {_figures(awards)}")
    else:
        text += f" ({_rules(result.explain, AWARD_RULES)})"
    carry = result.carry
    return text + (f"; {format_cents(carry)} stays in the pot" if carry else "; nothing carries")


def _right_owes(result: HandResult) -> str:
    if not result.owes:
        return "nobody owes anything"
    parts = []
    for owe in result.owes:
        verb = {"match": "matches", "burn": "burns"}.get(owe.reason, "owes")
        where = f" to {owe.to}" if owe.to else " into the next pot"
        parts.append(f"{owe.name} {verb} {format_cents(owe.amount)}{where}")
    return ", ".join(parts) + f" ({_rules(result.explain, OWE_RULES)})"


def check_typed(result: HandResult, awards: object, owes: object,
                pot: int | None = None, *, unit: int = SEED_UNIT) -> list[str]:
    """`check_figures` on the awards and owes of a JSON input (decimal strings)."""
    return check_figures(result, _typed(awards, "awards", unit), _typed(owes, "owes", unit),
                         pot, unit=unit)


def check_figures(result: HandResult, awards: Mapping[str, int] | None,
                  owes: Mapping[str, int] | None, pot: int | None = None, *,
                  unit: int = SEED_UNIT) -> list[str]:
    """The differences between typed awards/owes (cents) and the rules' result, as sentences
    naming the rule and the right figures (empty when they agree; None: not typed); `unit`
    is the smallest chip the figures are whole units of (B10)."""
    awards = typed_figures(awards, "awards", unit)
    owes = typed_figures(owes, "owes", unit)
    problems = []
    if awards is not None and awards != _by_name(result.awards):
        problems.append(f"awards: typed {_figures(awards)}; "
                        f"{_right_awards(result, pot, unit)}; {_right_owes(result)}.")
    if owes is not None and owes != _by_name(result.owes):
        problems.append(f"owes: typed {_figures(owes)}; the rules say "
                        f"{_right_owes(result)}.")
    return problems
