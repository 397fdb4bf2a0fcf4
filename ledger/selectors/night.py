"""Tonight at the table: each player's night, the dashboard, the roster, the open notes,
who the bank owes cash and the close's steps."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import (
    dataclass,
    field,
)
from functools import cached_property

from django.db.models import (
    Count,
    OuterRef,
    Subquery,
    Sum,
)

from ledger.models import (
    BankNote,
    Entry,
    HouseGame,
    Night,
    Player,
    Posting,
    Seat,
)
from ledger.posting.accounts import Account, EntryKind
from ledger.selectors.balances import (
    book_balances,
    night_totals,
    open_note_balances,
)
from ledger.selectors.book import night_book
from ledger.selectors.night_lines import (
    PlayerLine,
    add_money_row,
    live_entries,
    touched,
)
from ledger.selectors.table_state import (
    deal_state,
    table_game,
    table_record,
)
from rules.games.table import Deal, TableState


@dataclass
class Dashboard:
    session: Night
    lines: list[PlayerLine]
    cash_box: int
    table_pot: int                # the pot on the table as the recorded hands left it
    final_pot: int
    chips_outstanding: int
    note_balances: dict[int, int] = field(default_factory=dict)   # open note id -> cents
    warning_given: bool = False   # the night's one warning for jumping the bet is used (B11)
    hand_recorded: bool = False   # a hand is recorded: the seating is fixed (`hand_recorded`)
    game: TableState | None = None  # the game at the table (table_game), read once
    deal: Deal | None = None       # who deals next (deal_state), from the same rows

    @property
    def notes_open(self) -> int:
        return sum(self.note_balances.values())

    @cached_property
    def open_notes(self) -> list[tuple[BankNote, int]]:
        """The open notes themselves (debtor, holder), read only by the pages that list them."""
        return _notes_with_balances(self.note_balances)


def player_lines(session: Night, *, book_upto: int | None = None) -> list[PlayerLine]:
    """Every seated player's night, in seating order, plus anyone else the night touched."""
    seats = list(Seat.objects.filter(session=session).select_related("player"))
    lines: dict[int, PlayerLine] = {
        s.player_id: PlayerLine(player=s.player, seat=s.position) for s in seats
    }
    money_rows = list(
        live_entries(session)
        .filter(kind__in=[EntryKind.BUY, EntryKind.CASHOUT, EntryKind.FINAL_POT,
                          EntryKind.COUNT_DIFFERENCE])
        .values("kind", "player", "counterparty", "method")
        .annotate(total=Sum("amount"), n=Count("id")).order_by()
    )
    voided = list(
        Posting.objects.filter(session=session, kind=Account.NOTE, entry__kind=EntryKind.NOTE,
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
        add_money_row(lines, row)
    banker = lines.setdefault(session.banker_id, PlayerLine(player=session.banker))
    for row in voided:   # stored on the note (an asset): a voided note's value is positive
        lines[row["note__debtor"]].own_notes_voided += row["total"]
        holder = lines[row["note__holder"]] if row["note__holder"] else banker
        holder.held_notes_voided += row["total"]
    if banker.seat is None and not touched(banker):
        del lines[session.banker_id]
    book = night_book(session, upto_entry=book_upto)
    for pid, cents in book.items():
        if pid in lines:
            lines[pid].book = cents
    return sorted(lines.values(), key=lambda ln: (ln.seat is None, ln.seat or 0, ln.player.name))


def table_pot(session: Night) -> int:
    """The pot on the table as the recorded hands and penalties left it (the table's record)."""
    return table_game(session).pot


def open_notes(session: Night, debtor: Player | None = None) -> list[tuple[BankNote, int]]:
    """The session's open bank notes with what is still open on each, oldest first."""
    return _notes_with_balances(open_note_balances(session), debtor)


def _notes_with_balances(balances: dict[int, int], debtor: Player | None = None
                         ) -> list[tuple[BankNote, int]]:
    notes = BankNote.objects.filter(pk__in=balances).select_related("debtor", "holder")
    if debtor is not None:
        notes = notes.filter(debtor=debtor)
    return [(note, balances[note.pk]) for note in notes.order_by("id")]


def warning_given(session: Night) -> bool:
    """Are tonight's warnings for jumping the bet used up (B11: the house's number a night,
    the seed house's one), so every jump now costs the penalty?"""
    allowed = session.game_settings.penalty_warnings
    return Entry.objects.filter(session=session, kind=EntryKind.WARNING).count() >= allowed


def hand_recorded(session: Night) -> bool:
    """Has a hand been recorded tonight? From then on the seating order is fixed."""
    return Entry.objects.filter(session=session, kind=EntryKind.HAND).exists()


def seated_roster(session: Night) -> list[tuple[int, str]]:
    """Only the players seated tonight, in seating order: [(id, name), ...]."""
    return [(s.player_id, s.player.name) for s in session.seats.select_related("player")]


def roster(session: Night) -> list[tuple[int, str]]:
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


def saved_entry(session: Night, pk: int) -> Entry | None:
    """The entry just saved, for the dashboard's "saved" line and its undo button."""
    return (Entry.objects.filter(session=session, pk=pk)
            .select_related("reversed_by", "player", "counterparty").first())


def saved_hand(session: Night, pk: int) -> Entry | None:
    """The hand just saved, for the hand page's "saved" line; None if `pk` is no hand of the
    night."""
    return Entry.objects.filter(session=session, kind=EntryKind.HAND, pk=pk).first()


def all_players() -> list[Player]:
    """Every player with their inviter: those still playing by name, then the retired."""
    return list(Player.objects.select_related("invited_by").order_by("retired", "name"))


def players_named(names: Iterable[str]) -> dict[str, Player]:
    """The players of these names, by name (one query); a name nobody has is left out."""
    return {p.name: p for p in Player.objects.filter(name__in=list(names))}


def house_games() -> list[HouseGame]:
    """The dealers' own games kept for the house (S12), by name."""
    return list(HouseGame.objects.order_by("name"))


def effective_book(session: Night) -> dict[int, int]:
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


def guest_moves(session: Night) -> list[GuestMove]:
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


def owed_by_the_bank(session: Night) -> list[OwedCash]:
    """Each player the bank owes cash tonight (cash-outs and the final pot it could not pay
    from the cash box), by name. One query."""
    cash = (Posting.objects.filter(entry=OuterRef("pk"), kind=Account.CASH_BOX)
            .values("entry").annotate(total=Sum("amount")).values("total"))
    entries = (Entry.objects.filter(session=session,
                                    kind__in=[EntryKind.CASHOUT, EntryKind.FINAL_POT],
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


def not_cashed_out(session: Night) -> list[Player]:
    """Everyone who bought chips tonight (from the bank or a player) without a cash-out yet."""
    live = Entry.objects.filter(session=session, reversed_by__isnull=True,
                                player__isnull=False)
    return list(Player.objects.filter(pk__in=live.filter(kind=EntryKind.BUY).values("player"))
                .exclude(pk__in=live.filter(kind=EntryKind.CASHOUT).values("player"))
                .order_by("name"))   # one query


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


def close_steps(session: Night) -> CloseSteps:
    """The close page's steps for `session` (open: every step; closed: what is left to do)."""
    totals = night_totals(session)
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


def night_dashboard(session: Night) -> Dashboard:
    """Who is in, chips outstanding, the cash box, the pots, open notes, the game at the table
    and who deals next: the table's rows are read once for the game and the deal."""
    totals = night_totals(session)
    lines = player_lines(session)
    record = table_record(session)
    game = table_game(session, record=record)
    seats = [line.player.name for line in lines if line.seat is not None]  # in seating order
    # `warning_given` and `hand_recorded` in one read
    recorded = set(Entry.objects.filter(session=session,
                                        kind__in=[EntryKind.WARNING, EntryKind.HAND])
                   .order_by().values_list("kind", flat=True).distinct())
    return Dashboard(
        session=session, lines=lines, cash_box=totals.get(Account.CASH_BOX, 0),
        table_pot=game.pot, final_pot=totals.get(Account.FINAL_POT, 0),
        chips_outstanding=totals.get(Account.CHIPS, 0),
        note_balances=open_note_balances(session),
        warning_given=EntryKind.WARNING in recorded, hand_recorded=EntryKind.HAND in recorded,
        game=game, deal=deal_state(session, record=record, seats=seats),
    )
