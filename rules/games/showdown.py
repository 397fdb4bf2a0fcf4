"""Showdown resolution: the `python -m rules showdown` JSON in, the result JSON out.

`resolve(data)` reads the input (`showdown_input.read`: ARCHITECTURE.md's game, pot, board,
players, dummy, options, round, legs, last_round, checked against the game's definition),
evaluates every hand from the cards (`rules.evaluator`), and hands the ranked hands to the pot
rules (`rules.games.pots`).
Output beyond the contract: `next_pot` (carry + what losers put in) and `winners` per side.

`resolve_showdown(show)` is the typed inside of it: a `Resolved` (the hands evaluated, the
pot's outcome, the explanation) whose `result` is the `HandResult` the site keeps, in integer
cents; `resolve` writes the same `Resolved` as the command line's JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from ..cards import Card
from ..errors import CardError, RulesError, TooFewCards
from ..evaluator import (
    HandValue,
    Source,
    WildRule,
    WildSet,
    best_hand,
    category_rank,
    evaluate,
    parse_wild,
)
from ..evaluator.values import Key
from ..evaluator.wildspec import Reasons
from ..money import format_cents
from . import adjustments, pots, up_cards
from .definition import GameDef, Use
from .layouts import View, get_layout
from .result import HandResult, result_of
from .showdown_input import Cards, Seat, Showdown, cards_of, read

SUIT_WORDS = {"spades": "s", "hearts": "h", "diamonds": "d", "clubs": "c"}
NO_WILD = WildSet()     # no card the whole deal makes wild (a game without a follow card)


# -- evaluating hands --------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _wild_parts(spec: str) -> tuple[WildRule | None, str]:
    """(the `rules.evaluator.parse_wild` rule for ranks/cards/joker/lowest/center, suits wild by
    word)."""
    tokens = [token.strip() for token in spec.replace(" ", ",").split(",") if token.strip()]
    suits = "".join(SUIT_WORDS[t.lower()] for t in tokens if t.lower() in SUIT_WORDS)
    rest = ",".join(t for t in tokens if t.lower() not in SUIT_WORDS)
    try:
        return (parse_wild(rest) if rest else None), suits
    except RulesError as error:
        raise RulesError(f"wild: {error}") from None


def _wild_cards(game: GameDef, seat: Seat, board: Mapping[str, Cards],
                center: Cards, table: WildSet = NO_WILD) -> WildSet:
    """The specific cards wild for this player with this selection's center card; `table`:
    the wild cards the whole table's deal names (a follow card's rank, H1)."""
    if not game.wild:
        return table
    if table:
        own = _wild_cards(game, seat, board, center)
        return WildSet(own | table, {**own.reasons, **table.reasons})
    rule, suits = _wild_parts(game.wild)
    wild: set[Card] = set()
    reasons: Reasons = {}
    if rule is not None:
        resolved = rule.resolve(seat.down, seat.up, center=center[0] if center else None)
        wild |= set(resolved)
        reasons = dict(resolved.reasons)
    if suits:
        wild |= {Card(rank, suit) for rank in range(2, 15) for suit in suits}
    if game.wild_where != "any":
        mine = set(seat.down if game.wild_where == "down" else seat.up)
        wild = {card for card in wild if card in mine}
    return WildSet(wild, reasons)


def _lowest_rank(cards: Cards) -> int | None:
    ranks = [card.rank for card in cards if not card.is_joker]
    if not ranks:
        return None
    non_aces = [rank for rank in ranks if rank != 14]
    return min(non_aces) if non_aces else 14


def _killed(game: GameDef, seat: Seat) -> str | None:
    """Why an up card kills this player (P13), or None."""
    if not game.kill or not seat.up:
        return None
    for token in (t.strip() for t in game.kill.replace(" ", ",").split(",") if t.strip()):
        word = token.lower()
        if word == "lowest":
            low = _lowest_rank(seat.down + seat.up)
            if low is not None and any(card.rank == low for card in seat.up):
                return "the lowest card is face up"
            continue
        if word in SUIT_WORDS:
            hit = [c for c in seat.up if c.suit == SUIT_WORDS[word]]
        else:
            rule = _kill_rule(token)
            hit = [c for c in seat.up if c.rank in rule.ranks or c in rule.cards]
        if hit:
            return f"the {hit[0]} is dealt face up"
    return None


@lru_cache(maxsize=64)
def _kill_rule(token: str) -> WildRule:
    try:
        return parse_wild(token)
    except RulesError:
        raise RulesError(f"kill: unknown token {token!r}; expected a rank, a card, a suit "
                         "word or 'lowest'") from None


def _sources(selection: Mapping[str, Cards], uses: Sequence[Use]) -> list[Source] | None:
    sources = []
    for use in uses:
        cards = selection.get(use.source)
        if cards is None:
            if use.min > 0:
                return None
            continue
        if len(cards) < use.min:
            return None
        sources.append(Source(tuple(cards), use.min, use.max))
    return sources


def _choices(game: GameDef, seat: Seat, board: Mapping[str, Cards],
             others_up: Cards, table: WildSet = NO_WILD) -> list[tuple[list[Source], WildSet]]:
    """Every (sources, wild cards) a hand may be built from: one per layout selection and
    `takes` alternative. Computed once per player and used for high and low alike."""
    playing = tuple(p.name for p in game.board if p.plays)
    view = View(board, playing, seat.down, seat.up, others_up, game.hand.params)
    choices = []
    wild_by_center: dict[Cards, WildSet] = {}
    for selection in get_layout(game.hand.layout)(view):
        selection = {"hand": seat.down + seat.up, **selection}
        center = tuple(selection.get("center") or ())
        if center not in wild_by_center:
            wild_by_center[center] = _wild_cards(game, seat, board, center, table)
        for uses in game.hand.takes:
            sources = _sources(selection, uses)
            if sources is not None:
                choices.append((sources, wild_by_center[center]))
    return choices


def _best(choices: Sequence[tuple[list[Source], WildSet]], seat: Seat, scheme: str,
          qualifier: int | None) -> HandValue | None:
    """The best hand of a scheme over every choice."""
    best: HandValue | None = None
    for sources, wild in choices:
        try:
            value = best_hand(sources, scheme, wild, qualifier=qualifier)
        except TooFewCards:
            continue   # this choice of sources cannot make a hand of the scheme
        except CardError as error:
            raise RulesError(f"{seat.name}: {error}") from None
        if value is not None and (best is None or value.key > best.key):
            best = value
    return best


@dataclass(frozen=True)
class Evaluated:
    seat: Seat
    high: HandValue | None
    low: HandValue | None
    dead: bool
    death: str | None = None


def _evaluate(game: GameDef, seat: Seat, board: Mapping[str, Cards], others_up: Cards,
              table: WildSet = NO_WILD) -> Evaluated:
    high = low = None
    if seat.down or seat.up or game.hand.layout == "others-up":
        choices = _choices(game, seat, board, others_up, table)
        if game.high:
            high = _best(choices, seat, game.high, None)
        if game.low:
            low = _best(choices, seat, game.low, game.low_qualifier)
            if low is not None and low.category is None:
                low = None      # a low that does not qualify cannot win low
    death = _killed(game, seat)
    return Evaluated(seat, high, low, seat.dead or death is not None, death)


def _high_key(game: GameDef, value: HandValue | None) -> Key | None:
    if value is None:
        return None
    if game.high_qualifier and value.category is not None and game.high is not None:
        if category_rank(game.high, value.category) < category_rank(game.high, game.high_qualifier):
            return None
    return value.key


def resolve(data: object) -> dict[str, object]:
    """Resolve one showdown from its JSON object; see ARCHITECTURE.md for both formats."""
    return _output(resolve_showdown(read(data)))


@dataclass(frozen=True)
class Resolved:
    """A showdown resolved: every hand evaluated, the dummy's, the pot's outcome and the whole
    explanation (the hands in words, the adjustments, the pot's)."""

    game: GameDef
    hands: list[Evaluated]
    dummy: Evaluated | None
    outcome: pots.Outcome
    explain: list[str]

    @property
    def result(self) -> HandResult:
        """The rules' answer for the hand, as the site keeps it."""
        return result_of(self.outcome, self.explain)


def resolve_showdown(show: Showdown) -> Resolved:
    """Resolve a showdown already read (`read`), typed."""
    results, dummy, outcome, adjusted = settle_showdown(show)
    _, noted = _table_wild(show.game, show.seats)     # which ranks the deal made wild (H1)
    hands = [] if show.game.boards else _explain_hands(show.game, results, dummy)  # H7: each
    explain = noted + hands + list(adjusted) + outcome.explain                    # board's own
    return Resolved(show.game, results, dummy, outcome, explain)


def settle_showdown(show: Showdown) -> tuple[list[Evaluated], Evaluated | None, pots.Outcome,
                                            list[str]]:
    """Every hand evaluated and the pot settled for a showdown already read (`read`): the
    odds (`rules.odds`) run this on every completed deal."""
    if show.game.boards:
        return _settle_boards(show)
    game, seats = show.game, show.seats
    dealt_wild, _ = _table_wild(game, seats)
    results = []
    for seat in seats:
        others = tuple(card for other in seats if other is not seat and other.stayed
                       for card in other.up)
        results.append(_evaluate(game, seat, show.board, others, dealt_wild))
    dummy = _evaluate(game, show.dummy, show.board, ()) if show.dummy else None
    for index, result in enumerate(results):
        if _contending(game, result) and result.high is None and result.low is None:
            raise RulesError(f"players[{index}]: {result.seat.name}'s cards make no hand in "
                             f"{game.id}; expected the cards dealt ({game.down} down, "
                             f"{game.up} up)")
    results, adjusted = _adjust(show, results)
    entrants = [pots.Entrant(r.seat.name, _high_key(game, r.high), r.low.key if r.low else None,
                             r.seat.declare, r.seat.go, r.dead, r.seat.stayed,
                             card_key(game, r.seat)) for r in results]
    dummy_hand = None
    if dummy is not None:
        dummy_hand = pots.DummyHand(dummy.seat.name, _high_key(game, dummy.high),
                                    dummy.low.key if dummy.low else None)
    table = pots.Table(game, show.pot, show.penalties, dummy_hand, show.legs, show.round,
                       show.last_round, show.settings, _perfect_keys(game), show.unit)
    outcome = pots.settle(table, entrants, players=[s.raw or {} for s in seats],
                          values={r.seat.name: r.high for r in results})
    return results, dummy, outcome, adjusted


def _settle_boards(show: Showdown) -> tuple[list[Evaluated], Evaluated | None, pots.Outcome,
                                           list[str]]:
    """H7 (double board): the pot halves, the odd unit to the first board's half, and each
    board is a showdown of its own for its half (each half split high-low when the game is),
    a player taking what they win on each. The hands returned are the first board's; the
    explanation says every board's."""
    game = show.game
    parts = pots.halves(show.pot, show.unit)
    penalties = pots.halves(show.penalties, show.unit)
    merged = pots.Outcome()
    first: list[Evaluated] = []
    for index, name in enumerate(game.boards[:2]):
        board_game = board_of(game, name)
        board_show = replace(show, game=board_game, pot=parts[index], penalties=penalties[index],
                             board={"community": show.board[name]})
        results, _, outcome, adjusted = settle_showdown(board_show)
        if index == 0:
            first = results
        merge_board(merged, board_game, name, index, parts,
                    _explain_hands(board_game, results, None) + list(adjusted), outcome)
    return first, None, merged, []


def board_of(game: GameDef, name: str) -> GameDef:
    """One board of a game played on several (H7), as a game of one `community` board."""
    return replace(game, boards=(), board=tuple(replace(position, name="community")
                                                for position in game.board
                                                if position.name == name))


def board_side(game: GameDef, name: str, side: str) -> str:
    """A side's name on a board (H7): "board1" when the board's half goes to one hand (or one
    player scoops it), "board1 high" / "board1 low" when it splits."""
    return name if game.split in ("high", "low") or side == "both" else f"{name} {side}"


def merge_board(merged: pots.Outcome, board_game: GameDef, name: str, index: int,
                parts: tuple[int, int], lines: list[str], outcome: pots.Outcome) -> None:
    """Add one board's outcome (for its part of the pot) to the whole hand's (H7)."""
    for award in outcome.awards:
        merged.awards.append(pots.Award(award.name, award.amount,
                                        board_side(board_game, name, award.side)))
    for side, names in outcome.winners.items():
        merged.winners[board_side(board_game, name, side)] = names
    merged.carry += outcome.carry
    merged.owes.extend(outcome.owes)
    merged.losers.extend(n for n in outcome.losers if n not in merged.losers)
    odd = " (the odd unit goes to the first board, H7)" if index == 0 and parts[0] != parts[1] \
        else " (H7)"
    merged.explain.append(f"Board `{name}` plays for {format_cents(parts[index])}{odd}:")
    half = f"all of {name}'s half"
    merged.explain.extend(line.replace("the whole pot", half).replace("a share of the pot",
                                                                      f"a share of {name}'s half")
                          for line in lines + outcome.explain)


def _table_wild(game: GameDef, seats: Sequence[Seat]) -> tuple[WildSet, list[str]]:
    """The wild cards the whole deal names (a follow card's rank, H1) and the sentence saying
    which ranks are wild and why; nothing for a game without a follow card."""
    if not game.follow:
        return WildSet(), []
    named = up_cards.table_followed(game.follow, game.wild, game.down, game.up,
                                    [(seat.name, seat.up) for seat in seats])
    return named.wild(), [named.reason]


def card_key(game: GameDef, seat: Seat) -> Key | None:
    """The key of a player's card for the card side (H3, Chicago: the highest spade in the
    hole; with `order="low"` the lowest, the 2 lowest and the ace highest): (rank or minus
    rank, the card), None when they hold no such card."""
    side = game.card_side
    if side is None:
        return None
    cards = {"down": seat.down, "up": seat.up, "any": seat.down + seat.up}[side.where]
    suit = SUIT_WORDS[side.suit]
    held = [card for card in cards if not card.is_joker and card.suit == suit]
    if not held:
        return None
    card = max(held, key=lambda c: c.rank) if side.order == "high" else \
        min(held, key=lambda c: c.rank)
    return (card.rank if side.order == "high" else -card.rank, str(card))


def _contending(game: GameDef, result: Evaluated) -> bool:
    """In the showdown for the money: still in, not dead, and (P12) said go."""
    return result.seat.stayed and not result.dead and (result.seat.go or not game.go_stop)


def _adjust(show: Showdown, results: list[Evaluated]) -> tuple[list[Evaluated], list[str]]:
    """Run the game's showdown adjustments (e.g. Breaker) on every evaluated hand."""
    if not show.game.adjustments:
        return results, []
    players = [adjustments.Player(r.seat.name, r.seat.down, r.seat.up, r.high, r.low,
                                  _contending(show.game, r)) for r in results]
    context = adjustments.AdjustContext(show.game, show.board, players, show.settings)
    players, explain = adjustments.run(context, show.game.adjustments)
    changed = [replace(r, high=p.high, low=p.low) for r, p in zip(results, players, strict=True)]
    return changed, explain


def _perfect_keys(game: GameDef) -> dict[str, Key]:
    """The keys of the best possible hand of each side the definition names (`perfect`)."""
    keys = {}
    for side, tokens in game.perfect.items():
        scheme = game.high if side == "high" else game.low
        if scheme is None:
            raise RulesError(f"game {game.id}: perfect.{side}: the game has no {side} side")
        cards = cards_of(list(tokens), f"game {game.id}: perfect.{side}")
        qualifier = game.low_qualifier if side == "low" else None
        keys[side] = evaluate(cards, scheme, qualifier=qualifier).key
    return keys


def _hand_json(value: HandValue | None) -> dict[str, object] | None:
    return value.to_json() if value is not None else None


def _explain_hands(game: GameDef, results: Sequence[Evaluated],
                   dummy: Evaluated | None) -> list[str]:
    lines = []
    for result in results:
        seat = result.seat
        shown = _shown(game, result)
        if not seat.stayed:
            lines.append(f"{seat.name} folded: out of the showdown, in no side of the pot"
                         + (f" (cards entered: {shown})." if shown else "."))
            continue
        if result.dead:
            lines.append(f"{seat.name} is dead: {result.death or 'declared dead'} (P13).")
            continue
        declared = f" (declared {seat.declare})" if seat.declare else ""
        if game.go_stop and not seat.go:
            lines.append(f"{seat.name}{declared} said stop: pays nothing (P12)"
                         f"{f'; cards entered: {shown}' if shown else ''}.")
            continue
        lines.append(f"{seat.name}{declared}: {shown}.")
    if dummy is not None:
        parts = [f"high {dummy.high.describe}"] if dummy.high else []
        if game.low:
            parts.append(f"low {dummy.low.describe}" if dummy.low else "no low")
        lines.append(f"{dummy.seat.name}: {'; '.join(parts)}.")
    return _wild_note_once(lines)


WILD_NOTE = " — "      # rules.evaluator appends what is wild after this mark to every describe


def _wild_note_once(lines: list[str]) -> list[str]:
    """Say once, first, what is wild when every hand repeats the same note ("fives are wild
    (the center card is the 5s)"), instead of on every hand."""
    notes = set()
    for line in lines:
        for part in line.rstrip(".").split("; "):
            if WILD_NOTE in part:
                notes.add(part.split(WILD_NOTE, 1)[1])
    if len(notes) != 1:
        return lines
    note = notes.pop()
    stripped = [line.replace(WILD_NOTE + note, "") for line in lines]
    return [note[0].upper() + note[1:] + "."] + stripped


def _shown(game: GameDef, result: Evaluated) -> str:
    """What a player's cards make, in words ("" when no cards were entered)."""
    if not (result.seat.down or result.seat.up):
        return ""
    declared = result.seat.declare
    parts = []
    if game.high and declared in (None, "high", "both"):
        parts.append(f"high {result.high.describe}" if result.high else "no high")
    if game.low and declared in (None, "low", "both"):
        parts.append(f"low {result.low.describe}" if result.low else "no low")
    return "; ".join(parts)


def _output(resolved: Resolved) -> dict[str, object]:
    """The command line's showdown output (ARCHITECTURE.md)."""
    dummy = resolved.dummy
    out: dict[str, object] = {
        "game": resolved.game.id,
        "players": [{"name": r.seat.name, "high": _hand_json(r.high), "low": _hand_json(r.low),
                     "dead": r.dead} for r in resolved.hands],
    }
    if dummy is not None:
        out["dummy"] = {"name": dummy.seat.name, "high": _hand_json(dummy.high),
                        "low": _hand_json(dummy.low)}
    out.update(outcome_json(resolved.outcome))
    out["explain"] = list(resolved.explain)
    return out


def outcome_json(outcome: pots.Outcome) -> dict[str, object]:
    """The pot's result in the contract's shapes (shared by the showdown and the payout)."""
    return {
        "awards": [{"name": a.name, "amount": format_cents(a.amount), "side": a.side}
                   for a in outcome.awards],
        "carry": format_cents(outcome.carry),
        "owes": [_owe_json(o) for o in outcome.owes],
        "legs": outcome.legs,
        "game_over": outcome.game_over,
        "next_pot": format_cents(outcome.next_pot),
        "winners": outcome.winners,
        "explain": list(outcome.explain),
    }


def _owe_json(owe: pots.Owe) -> dict[str, object]:
    entry: dict[str, object] = {"name": owe.name, "amount": format_cents(owe.amount),
                                "reason": owe.reason}
    if owe.to is not None:
        entry["to"] = owe.to
    return entry
