"""Reads that combine journal rows: the dashboard, a player's night, THE BOOK, the settle-up
report and the audit; who holds a night's bank and who held it when. Each runs a fixed number
of queries, whatever the number of players.

Money comes back as integer cents except in `settle_up_report`, which is the exact JSON of
`manage.py settle_up --format json` (decimal strings).
"""

from __future__ import annotations

import datetime
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Min, OuterRef, Q, QuerySet, Subquery, Sum

from ledger.integrity import SEAL_DIGITS, audit, seal_check
from ledger.models import (
    Account,
    BankNote,
    BankTenure,
    Entry,
    HouseGame,
    PaymentClaim,
    PhoneRequest,
    Player,
    PokerSession,
    Posting,
    Seat,
)
from ledger.permissions import BANKERS, banker_name
from ledger.services import holder
from ledger.services import payments as payments_service
from ledger.services import requests as requests_service
from ledger.services.cashout import not_cashed_out
from ledger.services.journal import (
    Banker,
    book_balances,
    open_note_balances,
    session_totals,
)
from rules.errors import MoneyError, RulesError
from rules.games.registry import get_game
from rules.games.showdown import game_of
from rules.money import dollars as format_dollars
from rules.money import format_cents, parse_cents
from rules.settle import settle_balances


@dataclass
class PlayerLine:
    """One player's night so far (cents). The bank never knows the chips a player holds."""

    player: Player
    seat: int | None = None
    bought_cash: int = 0
    bought_note: int = 0
    bought_book: int = 0
    sold: int = 0
    cashed_out: int = 0
    cashouts: int = 0             # how many cash-outs (a zero count is one)
    final_pot: int = 0
    own_notes_voided: int = 0     # the player's notes voided tonight: chips never paid for
    held_notes_voided: int = 0    # notes voided while the player held them (the bank's: banker)
    count_differences: int = 0    # chips that never came back (the banker's stake keeps them)
    book: int = 0

    @property
    def bought(self) -> int:
        return self.bought_cash + self.bought_note + self.bought_book

    @property
    def bought_less_cashed_out(self) -> int:
        """Bought - cashed out so far: a figure, not the chips the player holds."""
        return self.bought - self.sold - self.cashed_out

    @property
    def cashed_out_yet(self) -> bool:
        return self.cashouts > 0

    @property
    def net(self) -> int:
        """The night's result (ARCHITECTURE.md, settle-up `net`); a closed night's sum to zero."""
        return (self.cashed_out + self.final_pot - self.bought + self.sold
                + self.own_notes_voided - self.held_notes_voided + self.count_differences)


@dataclass
class Dashboard:
    session: PokerSession
    lines: list[PlayerLine]
    cash_box: int
    table_pot: int                # the pot on the table as the recorded hands left it
    final_pot: int
    chips_outstanding: int
    note_balances: dict[int, int] = field(default_factory=dict)   # open note id -> cents
    warning_given: bool = False   # the night's one warning for jumping the bet is used (B11)
    hand_recorded: bool = False   # a hand is recorded: the seating is fixed (`hand_recorded`)
    game: TableGame | None = None  # the game at the table (table_game), read once
    deal: Deal | None = None       # who deals next (deal_state), from the same rows

    @property
    def notes_open(self) -> int:
        return sum(self.note_balances.values())

    @cached_property
    def open_notes(self) -> list[tuple[BankNote, int]]:
        """The open notes themselves (debtor, holder), read only by the pages that list them."""
        return _notes_with_balances(self.note_balances)


def _live_entries(session: PokerSession) -> QuerySet[Entry]:
    """The session's entries that have not been corrected (and are not corrections)."""
    return Entry.objects.filter(session=session, reversed_by__isnull=True).exclude(
        kind=Entry.REVERSAL
    )


def player_lines(session: PokerSession, *, book_upto: int | None = None) -> list[PlayerLine]:
    """Every seated player's night, in seating order, plus anyone else the night touched."""
    seats = list(Seat.objects.filter(session=session).select_related("player"))
    lines: dict[int, PlayerLine] = {
        s.player_id: PlayerLine(player=s.player, seat=s.position) for s in seats
    }
    money_rows = list(
        _live_entries(session)
        .filter(kind__in=[Entry.BUY, Entry.CASHOUT, Entry.FINAL_POT, Entry.COUNT_DIFFERENCE])
        .values("kind", "player", "counterparty", "method")
        .annotate(total=Sum("amount"), n=Count("id")).order_by()
    )
    voided = list(
        Posting.objects.filter(session=session, kind=Account.NOTE, entry__kind=Entry.NOTE,
                               entry__payload__action="void", entry__reversed_by__isnull=True)
        .values("note__debtor", "note__holder").annotate(total=Sum("amount")).order_by()
    )
    needed = {row["player"] for row in money_rows} | {
        row["counterparty"] for row in money_rows if row["counterparty"]}
    needed |= {row["note__debtor"] for row in voided} | {
        row["note__holder"] for row in voided if row["note__holder"]}
    for player in Player.objects.filter(pk__in=needed - set(lines)):
        lines[player.pk] = PlayerLine(player=player)
    for row in money_rows:
        _add_money_row(lines, row)
    banker = lines.setdefault(session.banker_id, PlayerLine(player=session.banker))
    for row in voided:   # stored on the note (an asset): a voided note's value is positive
        lines[row["note__debtor"]].own_notes_voided += row["total"]
        holder = lines[row["note__holder"]] if row["note__holder"] else banker
        holder.held_notes_voided += row["total"]
    if banker.seat is None and not _touched(banker):
        del lines[session.banker_id]
    book = night_book(session, upto_entry=book_upto)
    for pid, cents in book.items():
        if pid in lines:
            lines[pid].book = cents
    return sorted(lines.values(), key=lambda ln: (ln.seat is None, ln.seat or 0, ln.player.name))


_BOUGHT = {Entry.CASH: "bought_cash", Entry.BY_NOTE: "bought_note", Entry.BY_BOOK: "bought_book"}


def _add_money_row(lines: dict[int, PlayerLine], row: Mapping[str, Any]) -> None:
    line = lines[row["player"]]
    if row["kind"] == Entry.BUY:
        attr = _BOUGHT[row["method"]]
        setattr(line, attr, getattr(line, attr) + row["total"])
        if row["counterparty"]:
            lines[row["counterparty"]].sold += row["total"]
    elif row["kind"] == Entry.CASHOUT:
        line.cashed_out += row["total"]
        line.cashouts += row["n"]
    elif row["kind"] == Entry.COUNT_DIFFERENCE:
        line.count_differences += row["total"]
    else:
        line.final_pot += row["total"]


def _touched(line: PlayerLine) -> bool:
    return bool(line.bought or line.sold or line.cashouts or line.final_pot
                or line.own_notes_voided or line.held_notes_voided or line.count_differences)


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
    pot = _cents(payload.get("pot"))
    awarded = sum(_cents(v) for v in (payload.get("awards") or {}).values())
    return {"carry": format_cents(pot - awarded), "next_pot": format_cents(pot - awarded),
            "legs": [], "game_over": True}


TableRow = tuple[str, int, dict[str, Any]]   # (kind, amount, payload) of one entry


def table_rows(session: PokerSession) -> list[TableRow]:
    """The night's live calls, ends of game, hands and penalties, oldest first, as (kind,
    amount, payload): one query for everything `table_game`, `deal_state` and `player_hands`
    walk, so a page that shows several of them reads the rows once."""
    return list(_live_entries(session)
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
                     pot=_cents(result.get("next_pot")), penalties=0,
                     over=bool(result.get("game_over")),
                     winners=list(dict.fromkeys(a["name"] for a in result.get("awards") or []
                                                if _cents(a.get("amount")) > 0)),
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
            won=sum(_cents(a["amount"]) for a in result.get("awards") or []
                    if a.get("name") == player.name),
            owes=sum(_cents(o.get("amount")) for o in owes
                     if o.get("name") == player.name and not o.get("to")),
            pays=[(str(o["to"]), _cents(o.get("amount"))) for o in owes
                  if o.get("name") == player.name and o.get("to")],
            paid_by=[(str(o.get("name")), _cents(o.get("amount"))) for o in owes
                     if o.get("to") == player.name],
            next_pot=_cents(result.get("next_pot")),
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


def table_pot(session: PokerSession) -> int:
    """The pot on the table as the recorded hands and penalties left it (the table's record)."""
    return table_game(session).pot


def _cents(value: object) -> int:
    try:
        return parse_cents(value) if isinstance(value, str) else 0
    except MoneyError:
        return 0


def open_notes(session: PokerSession, debtor: Player | None = None) -> list[tuple[BankNote, int]]:
    """The session's open bank notes with what is still open on each, oldest first."""
    return _notes_with_balances(open_note_balances(session), debtor)


def _notes_with_balances(balances: dict[int, int], debtor: Player | None = None
                         ) -> list[tuple[BankNote, int]]:
    notes = BankNote.objects.filter(pk__in=balances).select_related("debtor", "holder")
    if debtor is not None:
        notes = notes.filter(debtor=debtor)
    return [(note, balances[note.pk]) for note in notes.order_by("id")]


def warning_given(session: PokerSession) -> bool:
    """Has tonight's one warning for jumping the bet been used (B11)?"""
    return Entry.objects.filter(session=session, kind=Entry.WARNING).exists()


def hand_recorded(session: PokerSession) -> bool:
    """Has a hand been recorded tonight? From then on the seating order is fixed."""
    return Entry.objects.filter(session=session, kind=Entry.HAND).exists()


def seated_roster(session: PokerSession) -> list[tuple[int, str]]:
    """Only the players seated tonight, in seating order: [(id, name), ...]."""
    return [(s.player_id, s.player.name) for s in session.seats.select_related("player")]


def roster(session: PokerSession) -> list[tuple[int, str]]:
    """Players to choose from: tonight's table in seating order, then everyone else by name.

    A player sits down by buying chips, so a buy-in may name someone not yet seated; retired
    players are not offered unless they already sit at the table.
    """
    seated = seated_roster(session)
    taken = {pk for pk, _ in seated}
    others = [(p.pk, p.name) for p in Player.objects.exclude(pk__in=taken)
              .filter(retired=False).order_by("name")]
    return seated + others


def active_players() -> list[tuple[int, str]]:
    """The players a new night can seat: everyone not retired, by name."""
    return list(Player.objects.filter(retired=False).order_by("name").values_list("pk", "name"))


def regular_players() -> list[tuple[int, str]]:
    """The regulars who can invite a guest (B9): not retired, by name."""
    return list(Player.objects.filter(regular=True, retired=False).order_by("name")
                .values_list("pk", "name"))


def saved_entry(session: PokerSession, pk: int) -> Entry | None:
    """The entry just saved, for the dashboard's "saved" line and its undo button."""
    return (Entry.objects.filter(session=session, pk=pk)
            .select_related("reversed_by").first())


def saved_hand(session: PokerSession, pk: int) -> Entry | None:
    """The hand just saved, for the hand page's "saved" line; None if `pk` is no hand of the
    night."""
    return Entry.objects.filter(session=session, kind=Entry.HAND, pk=pk).first()


def all_players() -> list[Player]:
    """Every player with their inviter: those still playing by name, then the retired."""
    return list(Player.objects.select_related("invited_by").order_by("retired", "name"))


def players_named(names: Iterable[str]) -> dict[str, Player]:
    """The players of these names, by name (one query); a name nobody has is left out."""
    return {p.name: p for p in Player.objects.filter(name__in=list(names))}


def house_games() -> list[HouseGame]:
    """The dealers' own games kept for the house (S12), by name."""
    return list(HouseGame.objects.order_by("name"))


def effective_book(session: PokerSession) -> dict[int, int]:
    """THE BOOK plus this night's unmerged surrogate book, by player id (non-zero only)."""
    balances = book_balances()
    if not session.host_present:
        for pid, cents in book_balances(kinds=[Account.SURROGATE], session=session).items():
            balances[pid] = balances.get(pid, 0) + cents
    return {pid: c for pid, c in balances.items() if c}


def regular_inviter(guest: Player) -> Player | None:
    """The regular who answers for a guest's debt (B9): the guest's inviter, or that inviter's
    own when the inviter is a guest too; None when the chain reaches no regular."""
    inviter = guest.invited_by
    seen = {guest.pk}
    while inviter is not None and not inviter.regular and inviter.pk not in seen:
        seen.add(inviter.pk)
        inviter = inviter.invited_by
    return inviter if inviter is not None and inviter.regular else None


@dataclass
class GuestMove:
    """A guest's debt in THE BOOK tonight and the regular who takes it over at close (B9)."""

    guest: Player
    debt: int
    inviter: Player | None


def guest_moves(session: PokerSession) -> list[GuestMove]:
    """What the close will move (B9), read before it: each guest who owes, by name."""
    balances = effective_book(session)
    guests = (Player.objects.filter(pk__in=balances, regular=False)
              .select_related("invited_by").order_by("name"))
    return [GuestMove(guest=g, debt=-balances[g.pk], inviter=regular_inviter(g))
            for g in guests if balances[g.pk] < 0]


@dataclass
class OwedCash:
    """What the bank owes a player because the cash box ran short (services.cashout: the box
    pays cash-outs and the final pot in order; the rest goes to THE BOOK)."""

    player: Player
    owed: int          # cents
    paid: int          # cents paid in cash
    banker: bool       # the banker's own: his stake, not a debt to anyone


def owed_by_the_bank(session: PokerSession) -> list[OwedCash]:
    """Each player the bank owes cash tonight (cash-outs and the final pot it could not pay
    from the cash box), by name. One query."""
    cash = (Posting.objects.filter(entry=OuterRef("pk"), kind=Account.CASH_BOX)
            .values("entry").annotate(total=Sum("amount")).values("total"))
    entries = (Entry.objects.filter(session=session, kind__in=[Entry.CASHOUT, Entry.FINAL_POT],
                                    reversed_by__isnull=True, player__isnull=False)
               .select_related("player").annotate(cash=Subquery(cash)).order_by("id"))
    totals: dict[int, OwedCash] = {}
    for entry in entries:
        assert entry.player is not None
        line = totals.setdefault(entry.player.pk, OwedCash(
            player=entry.player, owed=0, paid=0, banker=entry.player.pk == session.banker_id))
        # the cash box's stored posting, back in its own sense: what left the box
        paid = -Account.sign(Account.CASH_BOX) * (getattr(entry, "cash", None) or 0)
        line.paid += paid
        line.owed += entry.amount - paid
    return sorted((o for o in totals.values() if o.owed > 0), key=lambda o: o.player.name)


@dataclass
class CloseSteps:
    """What the close page checks (views/close.py), read in a few aggregate queries: the
    night's totals, its open notes, who has not cashed out, guests' debts, what the bank owes."""

    chips_outstanding: int
    final_pot: int
    notes: list[tuple[BankNote, int]]
    waiting: list[Player]
    guests: list[GuestMove]
    owed: list[OwedCash]
    surrogate_to_merge: bool


def close_steps(session: PokerSession) -> CloseSteps:
    """The close page's steps for `session` (open: every step; closed: what is left to do)."""
    totals = session_totals(session)
    surrogate = (not session.host_present
                 and bool(book_balances(kinds=[Account.SURROGATE], session=session)))
    return CloseSteps(
        chips_outstanding=totals.get(Account.CHIPS, 0),
        final_pot=totals.get(Account.FINAL_POT, 0),
        notes=open_notes(session),
        waiting=not_cashed_out(session) if session.is_open else [],
        guests=guest_moves(session) if session.is_open else [],
        owed=owed_by_the_bank(session),
        surrogate_to_merge=surrogate,
    )


def session_dashboard(session: PokerSession) -> Dashboard:
    """Who is in, chips outstanding, the cash box, the pots, open notes, the game at the table
    and who deals next: the table's rows are read once for the game and the deal."""
    totals = session_totals(session)
    lines = player_lines(session)
    rows = table_rows(session)
    game = table_game(session, rows=rows)
    seats = [line.player.name for line in lines if line.seat is not None]  # in seating order
    # `warning_given` and `hand_recorded` in one read
    recorded = set(Entry.objects.filter(session=session, kind__in=[Entry.WARNING, Entry.HAND])
                   .order_by().values_list("kind", flat=True).distinct())
    return Dashboard(
        session=session, lines=lines, cash_box=totals.get(Account.CASH_BOX, 0),
        table_pot=game.pot, final_pot=totals.get(Account.FINAL_POT, 0),
        chips_outstanding=totals.get(Account.CHIPS, 0),
        note_balances=open_note_balances(session),
        warning_given=Entry.WARNING in recorded, hand_recorded=Entry.HAND in recorded,
        game=game, deal=deal_state(session, rows=rows, seats=seats),
    )


# ---- the bank's holder (issue 10; the rule is services/holder.py) ----------------------


@dataclass(frozen=True)
class Tenure:
    """One stretch of a night during which one banker held its bank."""

    holder: str
    since: datetime.datetime
    until: datetime.datetime | None   # None: still holds it
    how: str
    made_by: str
    previous: str | None

    @property
    def describe(self) -> str:
        """How the bank came to the holder, for the list of who held it when."""
        if self.how == BankTenure.OPENED:
            return "opened the night"
        if self.how == BankTenure.HANDED:
            return f"handed over by {self.made_by}"
        if self.how == BankTenure.TAKEN_OVER:
            return f"taken over from {self.previous} by {self.made_by} (staff)"
        taker = "" if self.made_by == self.holder else f", given by {self.made_by}"
        return f"took the free bank{taker}"


def bank_tenures(session: PokerSession) -> list[Tenure]:
    """Who held the night's bank when, oldest first: each tenure lasts until the next one
    begins, the last until the night closed (or now). One query."""
    rows = list(BankTenure.objects.filter(session=session)
                .select_related("holder", "made_by", "previous").order_by("id"))
    if not rows:
        return []
    ends: list[datetime.datetime | None] = [row.since for row in rows[1:]]
    ends.append(session.closed_at)
    return [Tenure(holder=banker_name(row.holder), since=row.since, until=until, how=row.how,
                   made_by=banker_name(row.made_by) if row.made_by is not None else "",
                   previous=banker_name(row.previous) if row.previous is not None else None)
            for row, until in zip(rows, ends, strict=True)]


def banker_users(*, exclude: Iterable[int | None] = ()) -> list[tuple[int, str]]:
    """Who can hold a bank: active logins in the bankers group, and staff, by name."""
    users = (get_user_model().objects.filter(is_active=True)
             .filter(Q(is_staff=True) | Q(groups__name=BANKERS))
             .exclude(pk__in=[u for u in exclude if u is not None]).distinct())
    return sorted(((u.pk, banker_name(u)) for u in users), key=lambda c: c[1].casefold())


@dataclass(frozen=True)
class BankState:
    """The night's bank as one banker sees it on the table's page."""

    holder: str | None        # None: nobody holds it
    since: str
    mine: bool                # the viewer holds it
    free: bool                # anyone may take it
    refusal: str              # why the viewer may not enter anything, or ""
    can_take: bool            # the viewer may take it: it is free, or they are staff
    choices: list[tuple[int, str]]   # whom the holder can hand it to

    @property
    def may_write(self) -> bool:
        return not self.refusal


def bank_state(session: PokerSession, user: Banker) -> BankState:
    """Who holds the bank, since when, and what the viewing banker may do about it."""
    tenure = holder.current_tenure(session)
    if tenure is not None and isinstance(user, get_user_model()) and tenure.holder_id == user.pk:
        tenure.holder = user   # the viewer: whether they are a banker is known already
    free = holder.is_free(tenure)
    mine = holder.holds(user, tenure)
    refusal = holder.refusal(session, user, tenure) if tenure is not None else ""
    return BankState(
        holder=banker_name(tenure.holder) if tenure is not None else None,
        since=holder.since_text(tenure) if tenure is not None else "",
        mine=mine, free=free, refusal=refusal,
        can_take=session.is_open and not mine and (free or bool(getattr(user, "is_staff", False))),
        choices=banker_users(exclude=[user.pk]) if user is not None and session.is_open
        and mine else [],
    )


def close_entry_id(session: PokerSession) -> int | None:
    entry = Entry.objects.filter(session=session, kind=Entry.CLOSE).order_by("id").first()
    return entry.pk if entry else None


def night_book(session: PokerSession, *, upto_entry: int | None = None) -> dict[int, int]:
    """THE BOOK as this night left it: after its close (or now, while it is open), with the
    night's surrogate book still to merge added in. Player id -> cents, non-zero only."""
    if upto_entry is None and not session.is_open:   # only closing writes the close entry
        upto_entry = close_entry_id(session)
    balances = book_balances(upto_entry=upto_entry)
    if not session.host_present:
        surrogate = book_balances(kinds=[Account.SURROGATE], session=session,
                                  upto_entry=upto_entry)
        for pid, cents in surrogate.items():
            balances[pid] = balances.get(pid, 0) + cents
    return {pid: c for pid, c in balances.items() if c}


def book_now() -> dict[int, int]:
    """THE BOOK now, player id -> cents (non-zero only). One query."""
    return book_balances()


def the_book() -> list[tuple[Player, int]]:
    """THE BOOK now: every person with a balance (positive = is owed), by name."""
    balances = book_balances()
    players = Player.objects.filter(pk__in=balances).order_by("name")
    return [(p, balances[p.pk]) for p in players]


def player_book_balance(player: Player) -> int:
    """A person's THE BOOK balance (positive = is owed), surrogate books not yet merged aside."""
    total = Posting.objects.filter(kind=Account.BOOK, player=player).aggregate(
        total=Sum("amount"))["total"]
    return total or 0


def player_unmerged_surrogate(player: Player) -> int:
    total = Posting.objects.filter(kind=Account.SURROGATE, player=player).aggregate(
        total=Sum("amount"))["total"]
    return total or 0


def player_books(player: Player) -> tuple[int, int]:
    """`player_book_balance` and `player_unmerged_surrogate` in one query (the phone page)."""
    totals = dict(Posting.objects.filter(kind__in=[Account.BOOK, Account.SURROGATE],
                                         player=player)
                  .values("kind").annotate(total=Sum("amount")).order_by()
                  .values_list("kind", "total"))
    return totals.get(Account.BOOK) or 0, totals.get(Account.SURROGATE) or 0


@dataclass
class BookLine:
    """One change of a person's THE BOOK balance, as their phone explains it: when, why, how
    much (positive: they are owed more; negative: they owe more)."""

    date: datetime.date | None
    reason: str
    amount: int


@dataclass
class BookStory:
    """The lines that make up a person's THE BOOK balance, oldest first: the older ones summed
    in `earlier` (from nights before `earlier_until`), the newest as `lines`."""

    lines: list[BookLine]
    earlier: int = 0
    earlier_count: int = 0
    earlier_until: datetime.date | None = None

    @property
    def total(self) -> int:
        return self.earlier + sum(line.amount for line in self.lines)


# The phrases of a night's play in THE BOOK, by what moved it (see book_story).
_NIGHT_WORDS = {
    "bought": "bought on THE BOOK", "bank_sold": "the bank's chips bought on THE BOOK",
    "cashout": "cash-out the cash box could not pay",
    "bank_cashout": "cash-outs the cash box could not pay",
    "final_pot": "final pot the cash box could not pay",
    "bank_final_pot": "a final pot the cash box could not pay",
    "count_difference": "chips that never came back",
}
_GUEST_MOVE = re.compile(r"(?P<guest>[^;:]+?)'s \$[\d,.]+ to (?P<inviter>[^;(]+?)(?=;| \(B9\)|$)")


def _book_reason(pk: int, kind: str, corrected: bool, me: Player, row: Mapping[str, Any],
                 natural: int) -> tuple[str, str]:
    """(group, words) for one posting on `me`'s THE BOOK: postings of one night's play share
    the group "night" and are summed into one line; every other posting is a line of its own."""
    who, other = row["entry__player__name"], row["entry__counterparty__name"]
    mine = row["entry__player_id"] == me.pk
    payload = row["reverses_payload"] if corrected else row["entry__payload"]
    payload = payload if isinstance(payload, dict) else {}
    words: str
    if kind == Entry.BUY:
        if mine:
            words = f"bought chips from {other} on THE BOOK" if other else _NIGHT_WORDS["bought"]
        elif row["entry__counterparty_id"] == me.pk:
            words = f"sold chips to {who} on THE BOOK"
        else:
            words = _NIGHT_WORDS["bank_sold"]
        return "night", words
    if kind in (Entry.CASHOUT, Entry.FINAL_POT, Entry.COUNT_DIFFERENCE):
        key = kind if mine or kind == Entry.COUNT_DIFFERENCE else f"bank_{kind}"
        return "night", _NIGHT_WORDS[key]
    if kind == Entry.NOTE:
        holder = payload.get("holder")
        if mine:
            words = "your bank note committed into THE BOOK (B5)"
        elif holder and holder != "bank":
            words = f"{who}'s bank note you held, committed into THE BOOK (B5)"
        else:
            words = f"{who}'s bank note the bank held, committed into THE BOOK (B5)"
    elif kind == Entry.CLOSE:
        moves = [m.groupdict() for m in _GUEST_MOVE.finditer(str(row["memo"] or ""))]
        if natural > 0:
            to = next((m["inviter"] for m in moves if m["guest"].strip() == me.name), "")
            words = f"your debt moved to {to.strip() or 'your inviter'} (B9)"
        else:
            guests = [m["guest"].strip() for m in moves if m["inviter"].strip() == me.name]
            if len(guests) == 1:
                words = f"guest {guests[0]}'s debt moved to you (B9)"
            elif guests:
                words = f"guests {' and '.join(guests)}'s debts moved to you (B9)"
            else:
                words = "your guests' debts moved to you (B9)"
    elif kind == Entry.PAY:
        words = f"you paid {other}" if mine else f"{who} paid you"
    elif kind == Entry.OPENING:
        words = "THE BOOK as it stood before this app"
    elif kind == Entry.MERGE:
        words = "the surrogate book of a night without the host, merged (B7)"
    else:
        words = str(row["memo"] or kind)
    return f"entry-{pk}", words + (" (corrected)" if corrected else "")


def _signed(cents: int) -> str:
    return ("+" if cents > 0 else "") + format_dollars(cents)


def book_story(player: Player, *, keep: int = 8) -> BookStory:
    """Every change of `player`'s THE BOOK balance, read from the journal: a night's play
    (buy-ins and chip sales on THE BOOK, cash-outs the box could not pay), a guest's debt
    moved to the inviter (B9), a payment, a committed bank note (B5), a correction. The
    `keep` newest lines are listed, the older ones summed as "earlier". One query."""
    rows = (Posting.objects.filter(kind=Account.BOOK, player=player)
            .order_by("entry_id", "id")
            .values("amount", "entry_id", "entry__kind", "entry__session_id",
                    "entry__session__date", "entry__payload", "entry__memo",
                    "entry__player_id", "entry__player__name", "entry__counterparty_id",
                    "entry__counterparty__name", "entry__reverses__kind",
                    "entry__reverses__payload", "entry__reverses__player_id",
                    "entry__reverses__player__name", "entry__reverses__counterparty_id",
                    "entry__reverses__counterparty__name", "entry__reverses__memo"))
    lines: dict[tuple[object, str], tuple[datetime.date | None, dict[str, int], int]] = {}
    sign = Account.sign(Account.BOOK)
    for row in rows:
        natural = sign * row["amount"]
        corrected = row["entry__kind"] == Entry.REVERSAL and row["entry__reverses__kind"]
        view: dict[str, Any] = dict(row)
        if corrected:   # a correction is told as what it corrected
            for name in ("player_id", "player__name", "counterparty_id",
                         "counterparty__name", "memo"):
                view[f"entry__{name}"] = view[f"entry__reverses__{name}"]
        view["memo"] = view["entry__memo"]
        view["reverses_payload"] = row["entry__reverses__payload"]
        kind = row["entry__reverses__kind"] if corrected else row["entry__kind"]
        group, words = _book_reason(row["entry_id"], kind, bool(corrected), player, view,
                                    natural)
        key = (row["entry__session_id"] if group == "night" else row["entry_id"], group)
        date, parts, total = lines.get(key, (row["entry__session__date"], {}, 0))
        parts[words] = parts.get(words, 0) + natural
        lines[key] = (date, parts, total + natural)
    told = []
    for (_, group), (date, parts, total) in lines.items():
        if group == "night":
            moved = {words: cents for words, cents in parts.items() if cents}
            # one reason is the line's amount; several say each one's, so they add up by eye
            said = (list(moved) if len(moved) == 1
                    else [f"{words} {_signed(cents)}" for words, cents in moved.items()])
            reason = "the night's play" + (": " + "; ".join(said) if said else "")
        else:
            reason = next(iter(parts))
        if any(parts.values()):   # a night whose moves cancel out is told all the same
            told.append(BookLine(date=date, reason=reason, amount=total))
    older, newest = told[:-keep] if keep else told, told[-keep:] if keep else []
    return BookStory(lines=newest, earlier=sum(line.amount for line in older),
                     earlier_count=len(older),
                     earlier_until=newest[0].date if older and newest else None)


def player_night(session: PokerSession, player: Player) -> PlayerLine:
    """One player's line for the night (their phone page), as `player_lines` has it, read
    from the rows that concern them only, and their THE BOOK as the night leaves it."""
    line = _nights([session], player)[session.pk].get(player.pk) or PlayerLine(player=player)
    line.book = book_balance_after(session, player)
    return line


def book_balance_after(session: PokerSession, player: Player) -> int:
    """`night_book(session)`'s figure for one player (one or two sums)."""
    upto = None if session.is_open else close_entry_id(session)
    kinds = [Account.BOOK] + ([] if session.host_present else [Account.SURROGATE])
    rows = Posting.objects.filter(kind__in=kinds, player=player)
    if upto is not None:
        rows = rows.filter(entry_id__lte=upto)
    if not session.host_present:
        rows = rows.filter(Q(kind=Account.BOOK) | Q(session=session))
    return rows.aggregate(total=Sum("amount"))["total"] or 0


def player_latest_sessions(player: Player) -> list[PokerSession]:
    """Of the nights a player sat at, tonight's (when it is open) and the last closed one,
    newest first: what the phone's page shows, whatever the number of nights behind them."""
    sat = (PokerSession.objects.filter(seats__player=player).select_related("banker")
           .defer("book_before").order_by("-date", "-id"))
    found = [*sat.filter(status=PokerSession.OPEN)[:1], *sat.filter(status=PokerSession.CLOSED)[:1]]
    return sorted(found, key=lambda s: (s.date, s.pk), reverse=True)


def player_sessions(player: Player) -> list[PokerSession]:
    """The nights a player sat at, newest first."""
    return list(PokerSession.objects.filter(seats__player=player).select_related("banker")
                .order_by("-date", "-id"))


def settle_up_report(session: PokerSession) -> dict[str, Any]:
    """The settle-up exactly as `manage.py settle_up ID --format json` prints it."""
    lines = player_lines(session)
    book = night_book(session)
    have = {line.player.pk for line in lines}
    for player in Player.objects.filter(pk__in=set(book) - have).order_by("name"):
        lines.append(PlayerLine(player=player, book=book[player.pk]))
    names = {line.player.pk: line.player.name for line in lines}
    settlement = settle_balances({names[pid]: c for pid, c in book.items()})
    return {
        "players": [
            {
                "name": line.player.name,
                "bought_cash": format_cents(line.bought_cash),
                "bought_note": format_cents(line.bought_note),
                "bought_book": format_cents(line.bought_book),
                "sold": format_cents(line.sold),
                "cashed_out": format_cents(line.cashed_out),
                "final_pot": format_cents(line.final_pot),
                "net": format_cents(line.net),
                "book_after": format_cents(line.book),
            }
            for line in lines
        ],
        "transfers": [
            {"from": t.debtor, "to": t.creditor, "amount": format_cents(t.cents)}
            for t in settlement.transfers
        ],
        "minimal": settlement.minimal,
    }




def journal_seal(session: PokerSession | None = None) -> str:
    """The journal's seal as it stands: the newest entry's sequence number and the start of
    its chain value, "1234-3f9a12c4e5b6d7a8" (of the session's newest entry with a session).

    The chain shows a gap or an edit anywhere before its newest entry, not the loss of the
    newest entries themselves. A seal printed on a settle-up (kept on paper or in the PDF sent
    to the group) covers that: `manage.py audit --seal` finds whether the entry it names is
    still there unchanged, and the chain then vouches for everything before it.
    """
    entries = Entry.objects.exclude(sequence=None)
    if session is not None:
        entries = entries.filter(session=session)
    newest = entries.order_by("-sequence").values_list("sequence", "chain").first()
    if newest is None:
        return ""
    return f"{newest[0]}-{newest[1][:SEAL_DIGITS]}"


def sessions_list() -> QuerySet[PokerSession]:
    """Every session, newest first, with its banker (without the settlement and THE BOOK
    before it, which the list does not show)."""
    return (PokerSession.objects.select_related("banker").defer("settlement", "book_before")
            .order_by("-date", "-id"))


def entries_of(session: PokerSession) -> QuerySet[Entry]:
    """The session's journal, oldest first, with who entered each, what it corrected and the
    correction that undid it."""
    return (Entry.objects.filter(session=session)
            .select_related("session", "player", "counterparty", "created_by", "reverses",
                            "reversed_by")
            .order_by("id"))


def _options_text(options: object) -> str:
    if not isinstance(options, dict) or not options:
        return ""
    return " (" + ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in options.items()) + ")"


def journal_details(session: PokerSession) -> dict[int, str]:
    """The journal's words for the night's calls and hands, by entry id: each game by its
    name ("Fred calls Draw match pot") and each hand with the rules' whole explanation, as the
    hand page tells it (the stored memo keeps only its end). One query."""
    details: dict[int, str] = {}
    game: object = None   # the game at the table: the last call, until its end
    rows = (Entry.objects.filter(session=session,
                                 kind__in=[Entry.CALL, Entry.END_GAME, Entry.HAND])
            .order_by("id").values_list("id", "kind", "payload", "reversed_by"))
    for pk, kind, payload, reversed_by in rows:
        payload = payload if isinstance(payload, dict) else {}
        if kind == Entry.CALL:
            if reversed_by is None:
                game = payload.get("game")
            details[pk] = (f"{payload.get('dealer') or 'The dealer'} calls "
                           f"{game_name(payload.get('game')) or 'a game'}"
                           f"{_options_text(payload.get('options'))}")
        elif kind == Entry.END_GAME:
            if reversed_by is None:
                game = None
        else:
            name = game_name(payload.get("game") or game)
            explain = " ".join(str(line) for line in hand_result(payload).get("explain") or [])
            if explain:
                details[pk] = f"Hand of {name or 'a game not named'}: {explain}"
    return details


# What the journal's and the table's lists of entries do not show: not read for them.
_UNSHOWN = ("payload", "chain", "key", "reversed_by__payload", "reversed_by__chain",
            "reversed_by__key", "reversed_by__memo")


def journal_lines(session: PokerSession) -> QuerySet[Entry]:
    """The night's journal as its page lists it (tables.EntriesTable, and its CSV), oldest
    first: each entry with who entered it and the correction that undid it; the words of
    calls and hands come from `journal_details`, the night from the page."""
    return (Entry.objects.filter(session=session).select_related("created_by", "reversed_by")
            .defer(*_UNSHOWN).order_by("id"))


def recent_entries(session: PokerSession, count: int) -> list[Entry]:
    """The session's last `count` entries, newest first (the dashboard's list)."""
    return list(Entry.objects.filter(session=session).select_related("reversed_by")
                .defer(*_UNSHOWN).order_by("-id")[:count])


# ---- history: a player's nights and the season (a fixed number of queries, any number of
# nights) ----

@dataclass
class NightResult:
    """One player's closed night, as the settle-up showed it, and THE BOOK after it (cents)."""

    session: PokerSession
    line: PlayerLine
    book_after: int

    @property
    def date(self) -> datetime.date:
        return self.session.date

    @property
    def bought(self) -> int:
        return self.line.bought

    @property
    def cashed_out(self) -> int:
        return self.line.cashed_out

    @property
    def net(self) -> int:
        return self.line.net


def _nights(sessions: list[PokerSession], player: Player | None = None
            ) -> dict[int, dict[int, PlayerLine]]:
    """session id -> player id -> the night's line (as `player_lines` makes it), for every
    session given, in seven queries whatever their number. With `player`, only rows that can
    concern that player are read (the banker's own rows stay whole for the banker)."""
    ids = [s.pk for s in sessions]
    by_id = {s.pk: s for s in sessions}
    money_query = (Entry.objects.filter(session__in=ids, reversed_by__isnull=True)
                   .exclude(kind=Entry.REVERSAL)
                   .filter(kind__in=[Entry.BUY, Entry.CASHOUT, Entry.FINAL_POT,
                                     Entry.COUNT_DIFFERENCE]))
    voided_query = Posting.objects.filter(
        session__in=ids, kind=Account.NOTE, entry__kind=Entry.NOTE,
        entry__payload__action="void", entry__reversed_by__isnull=True)
    seats = Seat.objects.filter(session__in=ids)
    if player is not None:
        money_query = money_query.filter(Q(player=player) | Q(counterparty=player))
        voided_query = voided_query.filter(
            Q(note__debtor=player) | Q(note__holder=player)
            | Q(note__holder__isnull=True, session__banker=player))
        seats = seats.filter(player=player)
    money_rows = list(money_query.values("session", "kind", "player", "counterparty", "method")
                      .annotate(total=Sum("amount"), n=Count("id")).order_by())
    voided = list(voided_query.values("session", "note__debtor", "note__holder")
                  .annotate(total=Sum("amount")).order_by())
    seat_rows = list(seats.values_list("session", "player", "position"))
    wanted = {pid for _, pid, _ in seat_rows}
    wanted |= {r["player"] for r in money_rows} | {r["counterparty"] for r in money_rows}
    wanted |= {r["note__debtor"] for r in voided} | {r["note__holder"] for r in voided}
    wanted |= {s.banker_id for s in sessions}
    if player is None:
        people = {p.pk: p for p in Player.objects.filter(pk__in=wanted - {None})}
    else:   # only the player's own line is read: the others' need no name
        people = {pk: Player(pk=pk) for pk in wanted - {None}}
        people[player.pk] = player
    nights: dict[int, dict[int, PlayerLine]] = {pk: {} for pk in ids}

    def line(sid: int, pid: int) -> PlayerLine:
        lines = nights[sid]
        if pid not in lines:
            lines[pid] = PlayerLine(player=people[pid])
        return lines[pid]

    for sid, pid, position in seat_rows:
        line(sid, pid).seat = position
    for row in money_rows:
        sid = row["session"]
        line(sid, row["player"])
        if row["counterparty"]:
            line(sid, row["counterparty"])
        _add_money_row(nights[sid], row)
    for row in voided:
        sid = row["session"]
        line(sid, row["note__debtor"]).own_notes_voided += row["total"]
        holder = row["note__holder"] or by_id[sid].banker_id
        line(sid, holder).held_notes_voided += row["total"]
    for sid, lines in nights.items():
        banker = lines.get(by_id[sid].banker_id)
        if banker is not None and banker.seat is None and not _touched(banker):
            del lines[by_id[sid].banker_id]
    return nights


def _books_after(sessions: list[PokerSession], player: Player | None = None
                 ) -> dict[int, dict[int, int]]:
    """session id -> player id -> THE BOOK after that night (as `night_book` reads it), from
    at most four queries: the close entries (none when the nights were read with their
    `close_id`), THE BOOK up to the first of those closes (one sum a player), the BOOK postings
    since, and the surrogate-book postings (when a night had one). One pass over the postings,
    however many nights: a few recent nights read only what moved since them."""
    ids = [s.pk for s in sessions]
    closes = {s.pk: getattr(s, "close_id") for s in sessions  # noqa: B009 (an annotation)
              if getattr(s, "close_id", None) is not None}
    if not all(hasattr(s, "close_id") for s in sessions):   # not read with the nights
        closes = dict(Entry.objects.filter(session__in=ids, kind=Entry.CLOSE)
                      .values("session").annotate(first=Min("id"))
                      .values_list("session", "first"))
    book = Posting.objects.filter(kind=Account.BOOK)
    away = [s.pk for s in sessions if not s.host_present]   # nights with a surrogate book
    surrogate = Posting.objects.filter(kind=Account.SURROGATE, session__in=away)
    if player is not None:
        book, surrogate = book.filter(player=player), surrogate.filter(player=player)
    balances: dict[int, int] = defaultdict(int)
    first = min(closes.values()) if closes and len(closes) == len(ids) else None
    if first is not None:   # what THE BOOK held before the first of these nights closed
        for row in book.filter(entry__lte=first).values("player").annotate(
                total=Sum("amount")).order_by():
            balances[row["player"]] += row["total"]
        book = book.filter(entry__gt=first)
    book_rows = list(book.values("entry", "player").annotate(total=Sum("amount"))
                     .order_by("entry"))
    surrogate_rows: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in (surrogate.values("session", "entry", "player").annotate(total=Sum("amount"))
                .order_by("entry") if away else []):
        surrogate_rows[row["session"]].append(row)
    never = float("inf")   # a night without a close entry: THE BOOK as it is now
    result: dict[int, dict[int, int]] = {}
    done = 0
    for session in sorted(sessions, key=lambda s: closes.get(s.pk, never)):
        upto = closes.get(session.pk)
        while done < len(book_rows) and (upto is None or book_rows[done]["entry"] <= upto):
            balances[book_rows[done]["player"]] += book_rows[done]["total"]
            done += 1
        after = dict(balances)
        if not session.host_present:
            for row in surrogate_rows[session.pk]:
                if upto is None or row["entry"] <= upto:
                    after[row["player"]] = after.get(row["player"], 0) + row["total"]
        result[session.pk] = after
    return result


def _closed_sessions(year: int | None = None) -> QuerySet[PokerSession]:
    """The closed nights, oldest first, without the settlement and THE BOOK before them
    (what the history and the season do not show)."""
    sessions = (PokerSession.objects.filter(status=PokerSession.CLOSED).select_related("banker")
                .defer("settlement", "book_before")
                .annotate(close_id=Subquery(Entry.objects.filter(
                    session=OuterRef("pk"), kind=Entry.CLOSE).order_by("id").values("id")[:1])))
    if year is not None:
        sessions = sessions.filter(date__year=year)
    return sessions.order_by("date", "id")


def _played_night_ids(player: Player) -> set[int]:
    """The closed nights that can hold a line of `player`'s: where they sat, banked or bought
    or sold chips (`_nights` makes a line from nothing else). Ids only."""
    closed = {"session__status": PokerSession.CLOSED}
    seats = Seat.objects.filter(player=player, **closed).order_by().values_list("session")
    moves = (Entry.objects.filter(Q(player=player) | Q(counterparty=player), **closed)
             .order_by().values_list("session"))
    banked = (PokerSession.objects.filter(banker=player, status=PokerSession.CLOSED)
              .order_by().values_list("pk"))
    return {pk for (pk,) in seats.union(moves, banked)}   # one query


def player_history(player: Player) -> list[NightResult]:
    """The player's closed nights, oldest first: bought, cashed out, net, THE BOOK after.

    Nine queries whatever the number of nights.
    """
    return _history(player, list(_closed_sessions()))


def _history(player: Player, sessions: list[PokerSession]) -> list[NightResult]:
    if not sessions:
        return []     # the first night of all: nothing more to read
    nights = _nights(sessions, player)
    books = _books_after(sessions, player)
    return [
        NightResult(session=s, line=nights[s.pk][player.pk],
                    book_after=books[s.pk].get(player.pk, 0))
        for s in sessions if player.pk in nights[s.pk]
    ]


def player_recent_history(player: Player, last: int) -> tuple[list[NightResult], bool]:
    """The newest `last` of the player's closed nights, oldest first, as `player_history`
    has them, read without the older ones (the phone's page), and whether there are older
    ones. A fixed number of queries, and work for `last` nights, whatever the history."""
    ids = _played_night_ids(player)
    newest = _closed_sessions().filter(pk__in=ids).order_by("-date", "-id")
    found: list[NightResult] = []
    start = 0
    while True:   # a night that made no line (a banker who only banked) is read past
        sessions = list(newest[start:start + last + 1])
        start += len(sessions)
        found = _history(player, sorted(sessions, key=lambda s: (s.date, s.pk))) + found
        if len(found) > last or len(sessions) <= last:   # one older night, or no more
            return found[-last:], len(found) > last


@dataclass
class SeasonLine:
    """One player across the season's closed nights (cents)."""

    player: Player
    nights: list[NightResult] = field(default_factory=list)
    book_now: int = 0

    @property
    def played(self) -> int:
        return len(self.nights)

    @property
    def bought(self) -> int:
        return sum(n.bought for n in self.nights)

    @property
    def cashed_out(self) -> int:
        return sum(n.cashed_out for n in self.nights)

    @property
    def net(self) -> int:
        return sum(n.net for n in self.nights)


def season(year: int | None = None) -> list[SeasonLine]:
    """Every player who played a closed night (of `year`, or ever), by name, with their nights
    oldest first and THE BOOK now. Ten queries whatever the number of nights and players."""
    sessions = list(_closed_sessions(year))
    nights = _nights(sessions)
    books = _books_after(sessions)
    lines: dict[int, SeasonLine] = {}
    for s in sessions:
        for pid, night in nights[s.pk].items():
            lines.setdefault(pid, SeasonLine(player=night.player)).nights.append(
                NightResult(session=s, line=night, book_after=books[s.pk].get(pid, 0)))
    now = book_balances()
    for pid, season_line in lines.items():
        season_line.book_now = now.get(pid, 0)
    return sorted(lines.values(), key=lambda ln: ln.player.name.lower())


def season_years() -> list[int]:
    """The years that have a closed night, newest first."""
    dates = PokerSession.objects.filter(status=PokerSession.CLOSED).dates("date", "year",
                                                                          order="DESC")
    return [d.year for d in dates]


# ---- versions (services/versions.py): what conditional requests and kept parts compare ----


def night_version(pk: int) -> int | None:
    """The night's version (None: no such night). One query."""
    return (PokerSession.objects.filter(pk=pk).values_list("version", flat=True).first())


def house_version() -> tuple[int, int]:
    """The house's version: the number of nights and the sum of their versions; it moves with
    every write to any night, or to none. One query."""
    row = PokerSession.objects.aggregate(nights=Count("id"), writes=Sum("version"))
    return row["nights"], row["writes"] or 0


def closed_version() -> tuple[int, int]:
    """The closed nights' version: it moves when a night closes and with every write to a
    closed night (a correction, a merge of its surrogate book) or to no night (a rename, THE
    BOOK alone), not with tonight's buy-ins. One query."""
    row = (PokerSession.objects.filter(status=PokerSession.CLOSED)
           .aggregate(nights=Count("id"), writes=Sum("version")))
    return row["nights"], row["writes"] or 0


__all__ = [
    "Dashboard", "Deal", "NightResult", "PlayedHand", "PlayerLine", "SeasonLine", "TableGame",
    "audit", "closed_version", "deal_state", "entries_of", "hand_result", "journal_lines",
    "journal_seal", "house_version", "night_book", "night_version", "player_book_balance",
    "player_books", "player_hands", "player_history", "player_latest_sessions", "player_lines",
    "player_night", "player_recent_history", "player_sessions", "player_unmerged_surrogate",
    "season", "season_years", "seal_check", "session_dashboard", "sessions_list",
    "settle_up_report", "table_game", "table_rows", "the_book",
]




# ---- requests from the players' phones (services/requests.py) --------------------------

PHONE_REQUESTS_SHOWN = 8   # a player's latest requests on their phone


def pending_requests(session: PokerSession) -> list[PhoneRequest]:
    """The night's requests waiting for the banker, oldest first (one query)."""
    return list(PhoneRequest.objects.filter(session=session, status=PhoneRequest.PENDING)
                .select_related("player", "session").order_by("id"))


def player_requests(player: Player) -> list[PhoneRequest]:
    """A player's latest requests and their answers, newest first (one query)."""
    return list(PhoneRequest.objects.filter(player=player).select_related("player", "session")
                .order_by("-id")[:PHONE_REQUESTS_SHOWN])


def requests_signature(requests: Iterable[PhoneRequest]) -> str:
    """A short mark that changes whenever a request shown arrives or is answered: a polled
    list compares it with the one it shows and is sent again only when it differs."""
    return ".".join(f"{r.pk}{r.status[0]}" for r in requests) or "none"


@dataclass(frozen=True)
class RequestLine:
    """A request as the tablet and the phone show it."""

    pk: int
    name: str
    kind: str
    summary: str
    status: str
    reason: str
    created_at: datetime.datetime
    answered_at: datetime.datetime | None
    night: datetime.date


def request_lines(requests: Iterable[PhoneRequest]) -> list[RequestLine]:
    """`pending_requests` or `player_requests` in words (no query of its own)."""
    return [RequestLine(pk=r.pk, name=r.player.name, kind=r.kind,
                        summary=requests_service.request_summary(r), status=r.status,
                        reason=r.reason, created_at=r.created_at, answered_at=r.answered_at,
                        night=r.session.date)
            for r in requests]


# ---- paying what THE BOOK says (services/payments.py) ------------------------------------

PAYMENTS_SHOWN = 20   # the latest payments on THE BOOK's page
PHONE_PAYMENTS_SHOWN = 6   # a player's latest payments and claims on their phone


@dataclass
class TransferLine:
    """A settle-up transfer and how far it is paid (cents): `confirmed` by claims answering
    this night's settle-up, `waiting` for a confirmation, and `left` to pay now: the rest,
    never more than THE BOOK now says is owed between the two. `links` are the receiver's
    handles as pay links for `left`, filled only for those who may see them."""

    payer: Player
    payee: Player
    amount: int
    confirmed: int = 0
    waiting: int = 0
    left: int = 0
    links: list[payments_service.PayLink] = field(default_factory=list)


def settle_transfers(session: PokerSession, *, viewer: Player | None = None,
                     people: Mapping[str, Player] | None = None) -> list[TransferLine]:
    """The closed night's transfers (its settle-up, B8) with what is paid and left, in three
    queries whatever their number (two when the caller gives the `people`, by name). With
    `viewer` (a player's phone), only the transfers they pay or receive, and pay links only on
    those they pay; without (the banker), all of them, each with the receiver's pay links."""
    transfers = (session.settlement or {}).get("transfers", []) if not session.is_open else []
    if viewer is not None:
        transfers = [t for t in transfers if viewer.name in (t["from"], t["to"])]
    if not transfers:
        return []
    if people is None:   # (`people`: the caller already read them, by name)
        people = players_named({t["from"] for t in transfers} | {t["to"] for t in transfers})
    transfers = [t for t in transfers if t["from"] in people and t["to"] in people]
    ids = [p.pk for p in people.values()]
    book = payments_service.book_now(ids)
    # One read for the claims: those waiting (they hold back what is left) and this night's.
    claims = list(PaymentClaim.objects.filter(
        Q(status=PaymentClaim.CLAIMED, payer__in=ids) | Q(status=PaymentClaim.CLAIMED,
                                                          payee__in=ids)
        | Q(night=session, status=PaymentClaim.CONFIRMED)).order_by("id"))
    out: dict[int, int] = defaultdict(int)
    into: dict[int, int] = defaultdict(int)
    for claim in claims:
        if claim.status == PaymentClaim.CLAIMED:
            out[claim.payer_id] += claim.amount
            into[claim.payee_id] += claim.amount
    lines = []
    for t in transfers:
        payer, payee = people[t["from"]], people[t["to"]]
        line = TransferLine(payer=payer, payee=payee, amount=parse_cents(t["amount"]))
        for claim in claims:
            if (claim.night_id == session.pk and claim.payer_id == payer.pk
                    and claim.payee_id == payee.pk):
                if claim.status == PaymentClaim.CONFIRMED:
                    line.confirmed += claim.amount
                else:
                    line.waiting += claim.amount
        owed = payments_service.Owed(
            payer_owes=max(0, -book.get(payer.pk, 0)), payee_is_owed=max(0, book.get(payee.pk, 0)),
            waiting_out=out[payer.pk], waiting_in=into[payee.pk])
        line.left = max(0, min(line.amount - line.confirmed - line.waiting, owed.most))
        if line.left and (viewer is None or viewer.pk == payer.pk):
            line.links = payments_service.pay_links(payee, line.left)
        lines.append(line)
    return lines


def last_closed_night(player: Player) -> PokerSession | None:
    """The last closed night the player sat at: what they may still have to settle while
    tonight's night is open."""
    return (PokerSession.objects.filter(status=PokerSession.CLOSED, seats__player=player)
            .order_by("-date", "-id").first())


def waiting_claims() -> list[PaymentClaim]:
    """Every payment claimed and not yet confirmed or rejected, oldest first (one query):
    the banker's list on THE BOOK's page."""
    return list(PaymentClaim.objects.filter(status=PaymentClaim.CLAIMED)
                .select_related("payer", "payee", "night").order_by("id"))


def player_claims(player: Player) -> tuple[list[PaymentClaim], list[PaymentClaim]]:
    """The payments others say they made to `player`, waiting for their confirmation (oldest
    first), and the player's own latest claims with their answers (newest first). One query:
    the waiting ones to them, and their own."""
    rows = list(PaymentClaim.objects.filter(Q(payee=player, status=PaymentClaim.CLAIMED)
                                            | Q(payer=player))
                .select_related("payer", "payee").order_by("-id"))
    to_confirm = [c for c in reversed(rows) if c.payee_id == player.pk]
    sent = [c for c in rows if c.payer_id == player.pk][:PHONE_PAYMENTS_SHOWN]
    return to_confirm, sent


def payments_made(player: Player | None = None, *, count: int = PAYMENTS_SHOWN) -> list[Entry]:
    """The latest payments in the journal (the tablet's, and the confirmed claims'), newest
    first, each with its night (none: THE BOOK alone) and the claim it came from, if any.
    With `player`, only those they paid or received."""
    rows = (Entry.objects.filter(kind=Entry.PAY, reversed_by__isnull=True)
            .select_related("player", "counterparty", "session", "payment_claim")
            .order_by("-id"))
    if player is not None:
        rows = rows.filter(Q(player=player) | Q(counterparty=player))
    return list(rows[:count])
