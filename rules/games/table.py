"""The game at the table, computed from the night's calls, hands, ends of game and penalties,
and what it means for the next hand: its game and rules, its antes, its defaults.

`table_state(events)` walks the night's events (typed: `Called`, `Played`, `GameEnded`,
`PenaltyPaid`) to a frozen `TableState`: the called game, its dealer and options, the hands
played in it, the round, the legs, the pot on the table (the last hand's carry, what losers
owe into it, the penalties since: B11, P3, P4), whether the game is over, the last pot's
winners and whether everyone re-antes. The pot stays on the table from one game to the next
(P3). The site reads the events from its journal; nothing here knows where they come from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from rules.errors import RulesError
from rules.games.antes import antes
from rules.games.definition import GameDef
from rules.games.hand_types import JSON, Game, HandInput, HandResult
from rules.games.options import Settings, apply_options
from rules.games.registry import get_game
from rules.games.showdown_input import game_of
from rules.money import SEED_UNIT

Options = Mapping[str, JSON]


class TableError(RulesError):
    """The table's state refuses a hand or a call; `field` is what the table should fix
    ("game", "players")."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


# -- the night's events, as the table sees them ------------------------------------------

@dataclass(frozen=True)
class Called:
    """The dealer called a game (an id or the dealer's own definition, S12)."""

    game: Game | None
    dealer: str = ""
    options: Options = field(default_factory=dict)


@dataclass(frozen=True)
class GameEnded:
    """The banker ended the game before the rules did; the pot stays (P3)."""


@dataclass(frozen=True)
class PenaltyPaid:
    """A penalty paid into the pot (B11), in cents."""

    amount: int


@dataclass(frozen=True)
class Played:
    """A recorded hand: the game it named (None: the one at the table), the round and legs
    it was played with where it said, and the rules' result."""

    result: HandResult
    game: Game | None = None
    round: int | None = None
    legs: Mapping[str, int] | None = None
    names: tuple[str, ...] = ()    # who was part of it: its players, typed awards and owes


TableEvent = Called | GameEnded | PenaltyPaid | Played


@dataclass(frozen=True)
class TableState:
    """The game at the table as the recorded hands leave it (see the module's docstring).

    `game` is the called game or None between games; `pot` is what the next hand starts with
    before its antes and bets; `winners` is None before any pot was played tonight."""

    game: Game | None = None
    dealer: str = ""
    options: Options = field(default_factory=dict)
    called: bool = False
    hands: int = 0
    round: int = 1
    legs: Mapping[str, int] = field(default_factory=dict)
    pot: int = 0
    penalties: int = 0
    over: bool = False
    winners: list[str] | None = None
    reante: bool = False               # nobody stayed in the last hand: everyone re-antes
    unit: int = SEED_UNIT              # the night's smallest chip, in cents (B10, P2, P7)

    @property
    def name(self) -> str:
        """The game's name as the catalog or the dealer's own rules give it ("Old Man")."""
        return game_name(self.game)

    def continues(self, game: object) -> bool:
        """Is a hand of `game` (None: not named) the next hand of this game?"""
        return self.game is not None and not self.over and game in (None, self.game)


def game_name(game: object) -> str:
    """A game as the table names it: the catalog's name ("Draw match pot"), the name of the
    dealer's own or the house's game ("Big Sol"), "" for none."""
    if isinstance(game, Mapping):
        return str(game.get("name") or game.get("id") or "the dealer's own game")
    if not game:
        return ""
    try:
        return get_game(str(game)).name
    except RulesError:
        return str(game)


def table_state(events: Iterable[TableEvent], start: TableState | None = None) -> TableState:
    """Where the table stands after the night's events, oldest first."""
    state = TableState() if start is None else start
    for event in events:
        state = table_step(state, event)
    return state


def table_step(state: TableState, event: TableEvent) -> TableState:
    """Where the table stands after one more event."""
    between = TableState(pot=state.pot, penalties=state.penalties, winners=state.winners,
                         reante=state.reante, unit=state.unit)   # what stays between games
    if isinstance(event, PenaltyPaid):
        return replace(state, pot=state.pot + event.amount,
                       penalties=state.penalties + event.amount)
    if isinstance(event, Called):
        return replace(between, game=event.game, dealer=event.dealer,
                       options=dict(event.options), called=True)
    if isinstance(event, GameEnded):
        return between
    return _after_hand(state, event, between)


def _after_hand(state: TableState, hand: Played, between: TableState) -> TableState:
    game = hand.game or state.game
    if not state.continues(game):
        state = replace(between, game=game)
    result = hand.result
    legs = dict(state.legs if hand.legs is None else hand.legs)
    for name in result.legs:
        legs[name] = legs.get(name, 0) + 1
    played = state.round if hand.round is None else hand.round
    return replace(state, hands=state.hands + 1, round=played + 1, legs=legs,
                   pot=result.next_pot, penalties=0, over=result.game_over,
                   winners=result.winners(),
                   reante=any("re-ante" in line for line in result.explain))


# -- the next hand: its game, its rules, its antes, its defaults -------------------------

def rules_game(value: object) -> GameDef:
    """The game's definition; a game played in rounds as in its first round (its `rounds`
    kept, so `for_round` picks another)."""
    try:
        return game_of({"game": value, "round": 1})
    except RulesError as error:
        raise TableError(str(error), field="game") from None


def game_rules(state: TableState) -> GameDef:
    """The rules of the game at the table, for the round its next hand plays, with the
    called options (the dealer's own game, S12)."""
    return table_rules(state)[0]


def table_rules(state: TableState) -> tuple[GameDef, Settings]:
    """`game_rules` and the settings of the called options (the wimp rule, the ante)."""
    game = rules_game(state.game)
    if game.rounds:
        game = game.for_round(min(state.round, len(game.rounds)))
    try:
        return apply_options(game, state.options, unit=state.unit)
    except RulesError as error:
        raise TableError(str(error), field="game") from None


def playable(state: TableState, players: list[str]
             ) -> tuple[GameDef, Settings, dict[str, int]] | None:
    """The game the next hand is played in, its settings and the antes of its deal; None
    when there is none to play: no game called, the game over, or hands typed in a game the
    rules do not know (an import, hands entered before a game was called). The hand page
    then offers the call instead."""
    if state.game is None or state.over:
        return None
    try:
        game, settings = table_rules(state)
        return game, settings, next_antes(state, players)
    except TableError:
        return None


def next_antes(state: TableState, players: list[str], game: object = None) -> dict[str, int]:
    """What each player dealt in antes before the next hand (P7 with the Baltimore exception,
    P14 re-antes): nothing while a match-pot game goes on, since the matched pot is the stake.
    A game anted by the dealer alone (Brag) is anted by the one who called it."""
    continuing = state.continues(game)
    rules = game_rules(state) if continuing else rules_game(game)
    settings = state.options if continuing else {}
    try:
        return antes(rules, settings, players=players, winners=state.winners or [],
                     first_hand=state.winners is None, reante=state.reante,
                     new_game=not continuing or state.hands == 0,
                     dealer=state.dealer if continuing and state.dealer else None,
                     unit=state.unit)
    except RulesError as error:
        raise TableError(str(error), field="players") from None


def hand_defaults(hand: HandInput, state: TableState) -> HandInput:
    """The hand as the rules read it: the called game's options, round, legs and pot filled in
    where the table did not give them (the hands of one game follow each other)."""
    continuing = state.continues(hand.game)
    game = hand.game
    if game is None:
        if state.game is None:
            raise TableError("Name the game this hand was played in, or call a game first.",
                             field="game")
        game = state.game
    hand = replace(hand, game=game)
    if continuing:
        rounds = len(rules_game(game).rounds)
        hand = replace(
            hand, options={**state.options, **(hand.options or {})},
            legs=state.legs if hand.legs is None else hand.legs,
            round=hand.round if hand.round is not None
            else min(state.round, rounds) if rounds else state.round)
    if hand.pot is None:   # the pot on the table and the antes of this deal (P7)
        dealt = hand.names()
        ante = sum(next_antes(state, dealt, game).values()) if dealt else 0
        hand = replace(hand, pot=state.pot + ante)
    if hand.penalties is None and 0 < state.penalties <= (hand.pot or 0):
        hand = replace(hand, penalties=state.penalties)   # never counted in a match (B11)
    return hand


# -- what the night's hands mean for one player, and who deals ---------------------------

@dataclass(frozen=True)
class PlayedHand:
    """One recorded hand as a player sees it on their phone: told as the hand page tells it
    (the game's name, the whole explanation) with what it meant for this player."""

    number: int
    game: str                # the game's name ("Draw match pot")
    explain: list[str]       # the rules' whole explanation, as the hand page shows it
    won: int
    owes: int                # what this player owes into the next pot (match, burn)
    pays: list[tuple[str, int]]     # on a last round: whom this player pays directly (P5)
    paid_by: list[tuple[str, int]]  # on a last round: who pays this player directly (P5)
    next_pot: int


def player_hands(events: Iterable[TableEvent], player: str) -> list[PlayedHand]:
    """The night's hands this player was part of, oldest first, numbered among all hands."""
    hands = []
    state = TableState()
    number = 0
    for event in events:
        if isinstance(event, Played):
            number += 1
            game = game_name(event.game or state.game) or "a game not named"
            if player in event.names:
                hands.append(_as_seen_by(player, number, game, event.result))
        state = table_step(state, event)
    return hands


def _as_seen_by(player: str, number: int, game: str, result: HandResult) -> PlayedHand:
    return PlayedHand(
        number=number, game=game, explain=list(result.explain), won=result.won_by(player),
        owes=sum(o.amount for o in result.owes if o.name == player and not o.to),
        pays=[(o.to, o.amount) for o in result.owes if o.name == player and o.to],
        paid_by=[(o.name, o.amount) for o in result.owes if o.to == player],
        next_pot=result.next_pot)


@dataclass
class Deal:
    """Who deals, as far as the recorded calls and hands tell (B1, B13, B14)."""

    seats: list[str]
    dealt: dict[str, int]
    next_dealer: str | None
    last_dealer_rule: bool = True     # the house plays by B13 (a house's setting)

    @property
    def first(self) -> str:
        return self.seats[0]          # the banker deals first (B1)

    @property
    def last(self) -> str:
        return self.seats[-1]         # the player on the banker's right

    @property
    def may_leave(self) -> bool:
        """B13: nobody leaves before the last dealer has dealt as many hands as the first."""
        if not self.last_dealer_rule:
            return True
        return self.dealt.get(self.last, 0) >= self.dealt.get(self.first, 0)


def _left_of(seats: list[str], name: str | None) -> str | None:
    if not seats:
        return None
    if name not in seats:
        return seats[0]
    return seats[(seats.index(name) + 1) % len(seats)]


def _is_match_game(game: object) -> bool:
    try:
        return game_of({"game": game, "round": 1}).pot.kind != "winner-takes"
    except RulesError:
        return False


def deal_state(events: Iterable[TableEvent], seats: list[str]) -> Deal:
    """The deal goes left from the banker, one hand each; a called game is dealt by its
    caller; after a match-pot game ends the deal moves to the left of its caller (B14).
    `seats` are the seated names in seating order."""
    deal = Deal(seats=seats, dealt={}, next_dealer=seats[0] if seats else None)
    caller, match = None, False
    for event in events:
        if isinstance(event, PenaltyPaid):
            continue
        if isinstance(event, Called):
            caller = event.dealer or deal.next_dealer
            match = _is_match_game(event.game)
            deal.next_dealer = caller
        elif isinstance(event, GameEnded):
            deal.next_dealer = _left_of(seats, caller) if match else deal.next_dealer
            caller, match = None, False
        else:
            dealer = deal.next_dealer
            if dealer is not None:
                deal.dealt[dealer] = deal.dealt.get(dealer, 0) + 1
            if event.result.game_over and match and caller is not None:
                deal.next_dealer = _left_of(seats, caller)
                caller, match = None, False
            else:
                deal.next_dealer = _left_of(seats, dealer)
    return deal
