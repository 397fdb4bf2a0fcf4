"""The game at the table, replayed from the night's calls and hands: the pot, whose deal,
which games were called, a player's hands."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import (
    dataclass,
    field,
    replace,
)
from typing import Any

from ledger.models import (
    Entry,
    Player,
    PokerSession,
    Seat,
)
from ledger.selectors.night_lines import (
    cents_of,
    live_entries,
)
from rules.errors import RulesError
from rules.games.registry import get_game
from rules.games.showdown import game_of
from rules.money import format_cents


@dataclass
class TableGame:
    """The game at the table as the recorded hands leave it (the table's record, no money).

    `game` is the called game (an id or an inline definition) or None between games; `pot` is
    what the next hand starts with before its antes and bets: the last hand's carry, what
    losers owe into it, and the penalties since (B11, P3, P4). The pot stays on the table
    from one game to the next (P3).
    """

    game: str | dict[str, Any] | None = None
    dealer: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    called: bool = False
    hands: int = 0
    round: int = 1
    legs: dict[str, int] = field(default_factory=dict)
    pot: int = 0
    penalties: int = 0
    over: bool = False
    winners: list[str] | None = None   # the last pot's winners (None: no pot played tonight)
    reante: bool = False               # nobody stayed in the last hand: everyone re-antes

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
    if isinstance(game, dict):
        return str(game.get("name") or game.get("id") or "the dealer's own game")
    if not game:
        return ""
    try:
        return get_game(str(game)).name
    except RulesError:
        return str(game)


def hand_result(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A hand's computed result; hands stored before results were kept get the arithmetic of
    their typed figures (awards out of the pot, the rest carried)."""
    result = payload.get("result")
    if isinstance(result, dict):
        return result
    pot = cents_of(payload.get("pot"))
    awarded = sum(cents_of(v) for v in (payload.get("awards") or {}).values())
    return {"carry": format_cents(pot - awarded), "next_pot": format_cents(pot - awarded),
            "legs": [], "game_over": True}


TableRow = tuple[str, int, dict[str, Any]]   # (kind, amount, payload) of one entry


def table_rows(session: PokerSession) -> list[TableRow]:
    """The night's live calls, ends of game, hands and penalties, oldest first, as (kind,
    amount, payload): one query for everything `table_game`, `deal_state` and `player_hands`
    walk, so a page that shows several of them reads the rows once."""
    return list(live_entries(session)
                .filter(kind__in=[Entry.CALL, Entry.END_GAME, Entry.HAND, Entry.PENALTY])
                .order_by("id").values_list("kind", "amount", "payload"))


def table_game(session: PokerSession, *, rows: list[TableRow] | None = None) -> TableGame:
    """Walk the night's calls, hands and penalties to where the table stands now (`rows`:
    `table_rows(session)` when the caller already has them)."""
    state = TableGame()
    for kind, amount, payload in table_rows(session) if rows is None else rows:
        state = table_step(state, kind, amount, payload)
    return state


def table_step(state: TableGame, kind: str, amount: int, payload: Mapping[str, Any]
               ) -> TableGame:
    """Where the table stands after one more live call, end of game, hand or penalty."""
    if kind == Entry.PENALTY:
        return replace(state, pot=state.pot + amount, penalties=state.penalties + amount)
    if kind == Entry.CALL:
        return TableGame(game=payload.get("game"), dealer=payload.get("dealer", ""),
                         options=dict(payload.get("options") or {}), called=True,
                         pot=state.pot, penalties=state.penalties,
                         winners=state.winners, reante=state.reante)
    if kind == Entry.END_GAME:
        return TableGame(pot=state.pot, penalties=state.penalties, winners=state.winners,
                         reante=state.reante)
    return _after_hand(state, payload)


def hand_game(state: TableGame, payload: Mapping[str, Any]) -> object:
    """The game a hand was played in: the one it names, else the one at the table before it."""
    return payload.get("game") or state.game


def _after_hand(state: TableGame, payload: Mapping[str, Any]) -> TableGame:
    game = payload.get("game") or state.game
    if not state.continues(game):
        state = TableGame(game=game, pot=state.pot, penalties=state.penalties,
                          winners=state.winners, reante=state.reante)
    result = hand_result(payload)
    before = payload.get("legs")
    legs = dict(before) if isinstance(before, dict) else dict(state.legs)
    for name in result.get("legs") or []:
        legs[name] = legs.get(name, 0) + 1
    played = payload.get("round", state.round)
    return TableGame(game=state.game, dealer=state.dealer, options=state.options,
                     called=state.called, hands=state.hands + 1,
                     round=played + 1 if isinstance(played, int) else state.round, legs=legs,
                     pot=cents_of(result.get("next_pot")), penalties=0,
                     over=bool(result.get("game_over")),
                     winners=list(dict.fromkeys(a["name"] for a in result.get("awards") or []
                                                if cents_of(a.get("amount")) > 0)),
                     reante=any("re-ante" in line for line in result.get("explain") or []))


@dataclass
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


def player_hands(session: PokerSession, player: Player, *,
                 rows: list[TableRow] | None = None) -> list[PlayedHand]:
    """Tonight's recorded hands this player was part of, oldest first (the table's record;
    `rows`: `table_rows(session)` when the caller already has them)."""
    hands = []
    state = TableGame()
    number = 0
    for kind, amount, payload in table_rows(session) if rows is None else rows:
        if kind != Entry.HAND:
            state = table_step(state, kind, amount, payload)
            continue
        number += 1
        game = game_name(hand_game(state, payload)) or "a game not named"
        state = table_step(state, kind, amount, payload)
        result = hand_result(payload)
        names = {p.get("name") for p in payload.get("players") or [] if isinstance(p, dict)}
        names |= set(payload.get("awards") or {}) | set(payload.get("owes") or {})
        if player.name not in names:
            continue
        owes = [o for o in result.get("owes") or [] if isinstance(o, dict)]
        hands.append(PlayedHand(
            number=number,
            game=game,
            explain=[str(line) for line in result.get("explain") or []],
            won=sum(cents_of(a["amount"]) for a in result.get("awards") or []
                    if a.get("name") == player.name),
            owes=sum(cents_of(o.get("amount")) for o in owes
                     if o.get("name") == player.name and not o.get("to")),
            pays=[(str(o["to"]), cents_of(o.get("amount"))) for o in owes
                  if o.get("name") == player.name and o.get("to")],
            paid_by=[(str(o.get("name")), cents_of(o.get("amount"))) for o in owes
                     if o.get("to") == player.name],
            next_pot=cents_of(result.get("next_pot")),
        ))
    return hands


@dataclass
class Deal:
    """Who deals, as far as the recorded calls and hands tell (B1, B13, B14)."""

    seats: list[str]
    dealt: dict[str, int]
    next_dealer: str | None

    @property
    def first(self) -> str:
        return self.seats[0]          # the banker deals first (B1)

    @property
    def last(self) -> str:
        return self.seats[-1]         # the player on the banker's right

    @property
    def may_leave(self) -> bool:
        """B13: nobody leaves before the last dealer has dealt as many hands as the first."""
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


def deal_state(session: PokerSession, *, rows: list[TableRow] | None = None,
               seats: list[str] | None = None) -> Deal:
    """The deal goes left from the banker, one hand each; a called game is dealt by its
    caller; after a match-pot game ends the deal moves to the left of its caller (B14).

    `rows` (`table_rows`) and `seats` (the seated names in seating order) when the caller
    already has them."""
    if seats is None:
        seats = list(Seat.objects.filter(session=session).order_by("position")
                     .values_list("player__name", flat=True))
    deal = Deal(seats=seats, dealt={}, next_dealer=seats[0] if seats else None)
    caller, match = None, False
    for kind, _, payload in table_rows(session) if rows is None else rows:
        if kind == Entry.PENALTY:
            continue
        if kind == Entry.CALL:
            caller = payload.get("dealer") or deal.next_dealer
            match = _is_match_game(payload.get("game"))
            deal.next_dealer = caller
        elif kind == Entry.END_GAME:
            deal.next_dealer = _left_of(seats, caller) if match else deal.next_dealer
            caller, match = None, False
        else:
            dealer = deal.next_dealer
            if dealer is not None:
                deal.dealt[dealer] = deal.dealt.get(dealer, 0) + 1
            over = bool(hand_result(payload).get("game_over"))
            if over and match and caller is not None:
                deal.next_dealer = _left_of(seats, caller)
                caller, match = None, False
            else:
                deal.next_dealer = _left_of(seats, dealer)
    return deal


def games_called(session: PokerSession, *, rows: list[TableRow] | None = None
                 ) -> list[str | dict[str, Any]]:
    """The games called tonight, the last one first, each once (a catalog id or the dealer's
    own definition)."""
    called: list[str | dict[str, Any]] = []
    for kind, _, payload in reversed(table_rows(session) if rows is None else rows):
        game = payload.get("game")
        if kind == Entry.CALL and isinstance(game, str | dict) and game not in called:
            called.append(game)
    return called
