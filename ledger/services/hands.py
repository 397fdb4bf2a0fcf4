"""The table's record: warnings, penalties, hands, games called and ended. They move no money
in the bank; the rules are the posting core's (ledger/posting/table.py). Here the night is
locked, a hand saved twice in a row is asked about first (R15), the dealer's own game is kept
for the house (S12), and the entry written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import timedelta

from django.utils import timezone
from django.utils.text import slugify

from ledger.house import house_id_in_use
from ledger.models import Entry, HouseGame, Night, Player
from ledger.posting import table
from ledger.posting.accounts import EntryKind
from ledger.posting.night import Person
from ledger.posting.table import IDS
from ledger.selectors.night_state import StoredNight
from ledger.types import Banker
from rules.errors import MoneyError, RulesError
from rules.games.definition import GameDef
from rules.games.hand_types import HandInput, HandResult
from rules.games.options import apply_options
from rules.games.registry import get_game
from rules.games.table import TableState
from rules.money import parse_cents

from .errors import LedgerError, PossibleDuplicate
from .idempotency import idempotent
from .journal import entered_by, locked_night, write


@idempotent("warning_record")
def warning_record(*, session: Night, player: Player, key: str,
                   user: Banker = None) -> Entry:
    """A warning for jumping the bet, before any penalty (B11: the house's number a night)."""
    night = locked_night(session, user=user, players=[player])
    return write(night, table.warning(night, player=night.person_of(player)), key=key,
                 user=user)


@idempotent("penalty_record")
def penalty_record(*, session: Night, player: Player, amount: int | None = None,
                   key: str, user: Banker = None) -> Entry:
    """The house's penalty for jumping the bet, straight into the pot (B11); `amount` None is
    the night's own."""
    night = locked_night(session, user=user, players=[player])
    return write(night, table.penalty(night, player=night.person_of(player), amount=amount),
                 key=key, user=user)


@idempotent("hand_record")
def hand_record(*, session: Night, pot: int, awards: Mapping[Player, int],
                owes: Mapping[Player, int] | None = None, carry: int | None = None,
                game: str | Mapping[str, object] = "", key: str, user: Banker = None) -> Entry:
    """Record a hand as the table played it: awards + carry must make the pot (P2, P3).
    Amounts in cents; `carry` None is what the awards leave of the pot."""
    night = locked_night(session, user=user, players=[*awards, *(owes or {})])
    draft = table.typed_hand(night, pot=pot, awards=_people(night, awards, "awards"),
                             owes=_people(night, owes or {}, "owes"), carry=carry, game=game)
    return write(night, draft, key=key, user=user)


def _people(night: StoredNight, mapping: Mapping[Player, int], field: str
            ) -> dict[Person, int]:
    if not isinstance(mapping, Mapping):
        raise LedgerError(f"Give each player's amount for the {field}.", field=field)
    result: dict[Person, int] = {}
    for player, amount in mapping.items():
        if not isinstance(player, Player):
            raise LedgerError(f"There is no player {player!r}.", field=field)
        result[night.person_of(player)] = amount
    return result


def _by_name(mapping: Mapping[str, int] | None, field: str) -> dict[Player, int]:
    """A typed hand's amounts by name (the rules' HandInput names people) by player row."""
    names = [name.strip() for name in (mapping or {})]
    found = {p.name: p for p in Player.objects.filter(name__in=names)}
    result: dict[Player, int] = {}
    for name, amount in (mapping or {}).items():
        if not name.strip():
            raise LedgerError("Choose a player.", field=field)
        player = found.get(name.strip())
        if player is None:
            raise LedgerError(f"There is no player {name!r}.", field=field)
        if player in result:
            raise table.listed_twice(player.name, field)
        result[player] = amount
    return result


DUPLICATE_HAND_WINDOW = timedelta(minutes=3)   # R15, as for buy-ins: a hand saved twice
NOT_THE_HAND = ("type", "result", "pot", IDS)  # what an identical hand may differ in


def _money_of(amount: object, money: Callable[[int], str]) -> str:
    """A stored award ("2.00") as the night says it ("$2.00", "¥1500"); as it is otherwise."""
    try:
        return money(parse_cents(amount)) if isinstance(amount, str) else f"{amount}"
    except MoneyError:
        return f"{amount}"


def _check_duplicate_hand(session: Night, entered: Mapping[str, object],
                          key: str) -> None:
    """The browser's back button restores the ticked boxes, and one tap saves the same hand
    again: a hand identical to the night's last one (the same players, the same winners or
    cards, the same typed figures; its pot aside, since the antes of the next deal change it),
    saved a few minutes ago under another key, is asked about first (PossibleDuplicate)."""
    last = (Entry.objects.filter(session=session, reversed_by__isnull=True,
                                 kind__in=[EntryKind.HAND, EntryKind.CALL, EntryKind.END_GAME])
            .exclude(key=key).order_by("-id").first())
    if last is None or last.kind != EntryKind.HAND \
            or last.created_at < timezone.now() - DUPLICATE_HAND_WINDOW:
        return
    before = {k: v for k, v in last.payload.items() if k not in NOT_THE_HAND}
    if before != {k: v for k, v in entered.items() if k not in NOT_THE_HAND}:
        return
    seconds = int((timezone.now() - last.created_at).total_seconds())
    ago = "just now" if seconds < 5 else f"{seconds} second{'' if seconds == 1 else 's'} ago"
    if seconds >= 120:
        ago = f"{seconds // 60} minutes ago"
    money = session.game_settings.money
    won = [f"{a['name']} took {_money_of(a['amount'], money)}" for a in
           (last.payload.get("result") or {}).get("awards") or []]
    what = ", ".join(won) if won else "nobody took the pot"
    raise PossibleDuplicate(
        f"The same hand was saved {ago} ({what}). Was it played again? Confirm to save it "
        "a second time.", code="possible_duplicate")


@idempotent("hand_enter")
def hand_enter(*, session: Night, hand: HandInput, key: str,
               user: Banker = None, confirm_duplicate: bool = False) -> Entry:
    """Record a hand by cards or by winners: the rules compute who wins what, what carries
    and who owes what into the next pot; typed awards/owes are checked against them. A hand
    identical to the last one, saved minutes ago, is asked about first unless
    `confirm_duplicate` (an import takes hands as recorded)."""
    night = locked_night(session, user=user)
    if not isinstance(hand, HandInput):
        raise LedgerError("A hand is an object with the game, the pot and the players.",
                          field="hand")
    if not confirm_duplicate:
        _check_duplicate_hand(night.session, hand.to_json(), key)
    if hand.kind == "typed":
        awards, owes = _by_name(hand.awards, "awards"), _by_name(hand.owes, "owes")
        draft = table.typed_hand(night, pot=hand.pot, awards=_people(night, awards, "awards"),
                                 owes=_people(night, owes, "owes"), carry=hand.carry,
                                 game=hand.game or "")
    else:
        draft = table.hand(night, hand=hand)
    return write(night, draft, key=key, user=user)


def hand_preview(hand: HandInput, state: TableState) -> HandResult:
    """What the rules make of a hand before it is saved (the hand page's preview); writes
    nothing."""
    return table.resolve_hand(hand, state)[0]


@idempotent("game_call")
def game_call(*, session: Night, game: str | Mapping[str, object],
              dealer: Player, options: Mapping[str, object] | None = None,
              save_as: str = "", key: str, user: Banker = None) -> Entry:
    """The dealer calls a game (an id or the dealer's own definition, S12) with its options;
    the hands after it are its hands. The pot on the table stays (P3). `save_as` keeps a
    catalog game with these options for the house under that name and calls it as saved, in
    the same transaction: a call refused saves no house game."""
    night = locked_night(session, user=user, players=[dealer])
    table.dealer_seated(night, night.person_of(dealer))   # before a house game is saved
    options = dict(options or {})
    if save_as:
        game = _save_house_game(name=save_as, game=str(game), options=options, user=user,
                                field="save_as").definition
        options = {}
    return write(night, table.call(night, game=game, dealer=night.person_of(dealer),
                                   options=options), key=key, user=user)


@idempotent("game_end")
def game_end(*, session: Night, key: str, user: Banker = None) -> Entry:
    """The banker ends the game before the rules do; the pot stays on the table (P3)."""
    night = locked_night(session, user=user)
    return write(night, table.end_game(night), key=key, user=user)


@idempotent("house_game_save")
def house_game_save(*, name: str, game: str, options: Mapping[str, object] | None = None,
                    key: str, user: Banker = None) -> HouseGame:
    """Save a dealer's own game for the house under a name (S12): the catalog game `game`
    with `options` applied, as an inline definition in the catalog's format."""
    return _save_house_game(name=name, game=game, options=options, user=user)


def _save_house_game(*, name: str, game: str, options: Mapping[str, object] | None,
                     user: Banker, field: str = "name") -> HouseGame:
    name = " ".join(str(name or "").split())
    if not 0 < len(name) <= 60:
        raise LedgerError("Give the game a name of 1 to 60 characters.", field=field)
    if HouseGame.objects.filter(name__iexact=name).exists():
        raise LedgerError(f"The house already has a game called {name}.", field=field)
    try:
        base = get_game(str(game))
        changed, _ = apply_options(base, dict(options or {}))
        definition = changed.to_json()
        definition.update(id=f"house-{slugify(name) or 'game'}", name=name,
                          describe=f"{base.describe} The dealer's own version of {base.name}: "
                          + ", ".join(f"{k} {v}" for k, v in (options or {}).items()) + ".")
        GameDef.from_json(definition, where="game")
    except RulesError as error:
        raise LedgerError(str(error), field="game") from None
    return HouseGame.objects.create(house_id=house_id_in_use(), name=name, definition=definition,
                                    created_by=entered_by(user))
