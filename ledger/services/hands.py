"""The table's record: warnings, penalties and hands. They move no money in the bank.

Chips change hands at the table without the banker, so a recorded hand (its pot, awards, what
carries, who owes what into the next pot) and a penalty are entries without postings: checked,
stored, shown and exported, never a limit on a cash-out.

The first jump of the bet in a night gets the session's one warning (`warning_record`, B11).
Penalties are not refused without it, so files from elsewhere still import, but the dashboard
says whether the warning is used.

A hand's declared `pot` = awards + carry (P2/P3); the carry cannot be negative.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import timedelta

from django.utils import timezone
from django.utils.text import slugify

from ledger import selectors  # the table's state; read when a hand is entered
from ledger.models import Entry, HouseGame, Player, PokerSession, Seat
from ledger.types import Banker
from rules.errors import RulesError
from rules.games.definition import GameDef
from rules.games.hand_types import HandInput, HandResult, JSONObject, settle, typed_problems
from rules.games.options import apply_options
from rules.games.registry import get_game
from rules.games.showdown_input import game_of
from rules.games.table import TableError, TableState, game_name, hand_defaults, rules_game
from rules.money import dollars as money
from rules.money import format_cents

from .amounts import nickels
from .errors import LedgerError, PossibleDuplicate
from .idempotency import idempotent
from .journal import Journal, entered_by, lock_session

PENALTY = 20  # jumping the bet costs $0.20 (B11)


@idempotent("warning_record")
def warning_record(*, session: PokerSession, player: Player, key: str,
                   user: Banker = None) -> Entry:
    """The night's one warning for jumping the bet, before any penalty (B11). Moves no money.

    Only one per session, not one per player; after it every jump costs the penalty.
    """
    session = lock_session(session, user=user)
    given = Entry.objects.filter(session=session, kind=Entry.WARNING).select_related(
        "player").first()
    if given is not None:
        raise LedgerError(f"The night's one warning was already given (to {given.player}); "
                          "jumping the bet now costs the $0.20 penalty (B11).", field="player")
    return Journal(session).write(
        kind=Entry.WARNING, key=key, user=user, player=player,
        payload={"type": "warning", "player": player.name},
        memo=f"{player.name} jumped the bet: the night's one warning (B11)",
    )


@idempotent("penalty_record")
def penalty_record(*, session: PokerSession, player: Player, amount: int = PENALTY, key: str,
                   user: Banker = None) -> Entry:
    """A $0.20 penalty for jumping the bet, straight into the pot (B11); the table's record."""
    session = lock_session(session, user=user)
    amount = nickels(amount)
    if amount != PENALTY:
        raise LedgerError(f"The penalty for jumping the bet is {money(PENALTY)} (B11), "
                          f"not {money(amount)}.", field="amount")
    return Journal(session).write(
        kind=Entry.PENALTY, key=key, user=user, player=player, amount=amount,
        payload={"type": "penalty", "player": player.name, "amount": format_cents(amount)},
        memo=f"{player.name} jumped the bet (B11)",
    )


def _amounts(mapping: Mapping[Player, int], field: str) -> dict[Player, int]:
    """Each player's amount for the awards or the owes, in whole white chips (B10)."""
    if not isinstance(mapping, Mapping):
        raise LedgerError(f"Give each player's amount for the {field}.", field=field)
    result: dict[Player, int] = {}
    for player, amount in mapping.items():
        if not isinstance(player, Player):
            raise LedgerError(f"There is no player {player!r}.", field=field)
        result[player] = nickels(amount, field=f"{field} for {player.name}")
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
            raise LedgerError(f"{player.name} is listed twice in the {field}.", field=field)
        result[player] = amount
    return result


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


@idempotent("hand_record")
def hand_record(*, session: PokerSession, pot: int, awards: Mapping[Player, int],
                owes: Mapping[Player, int] | None = None, carry: int | None = None,
                game: str | Mapping[str, object] = "", key: str, user: Banker = None) -> Entry:
    """Record a hand as the table played it: awards + carry must make the pot (P2, P3).
    Amounts in cents; `carry` None is what the awards leave of the pot."""
    return _typed_hand(lock_session(session, user=user), pot=pot, awards=awards, owes=owes,
                       carry=carry, game=game, key=key, user=user)


def _typed_hand(session: PokerSession, *, pot: int | None, awards: Mapping[Player, int],
                owes: Mapping[Player, int] | None, carry: int | None,
                game: str | Mapping[str, object], key: str, user: Banker) -> Entry:
    """The old form of a hand, only its pot, awards and owes: the arithmetic is checked.
    `pot` is as the caller gave it (a typed hand may lack one): `nickels` refuses it."""
    pot = nickels(pot, field="pot")
    won = _amounts(awards, "awards")
    staked = _amounts(owes or {}, "owes")
    people = {p.name: p.pk for p in [*won, *staked]}
    payload = typed_hand_payload(pot=pot, won={p.name: a for p, a in won.items()},
                                 staked={p.name: a for p, a in staked.items()}, carry=carry,
                                 game=game_json(game), ids=people)
    return Journal(session).write(kind=Entry.HAND, key=key, user=user, amount=pot, payload=payload,
                         memo=typed_hand_memo(payload["game"]))


def typed_hand_memo(game: object) -> str:
    return f"hand of {game_name(game)}" if game else "hand"


def typed_hand_payload(*, pot: int, won: Mapping[str, int], staked: Mapping[str, int],
                       carry: int | None, game: str | dict[str, object],
                       ids: Mapping[str, int | None]) -> dict[str, object]:
    """A typed hand's stored event, its arithmetic checked: awards + carry make the pot (P2,
    P3). `won` and `staked` are by name; `ids` names the people (the journal keeps ids);
    `carry` None is what the awards leave of the pot."""
    if carry is None:
        carried = pot - sum(won.values())
    elif carry == 0:
        carried = 0
    else:
        carried = nickels(carry, field="carry")
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
    payload[IDS] = dict(ids)
    return payload


# What an entry's payload keeps beside the event: the id of each person it names, so an export
# names them as they are called when it is written (a rename, a new player under an old name).
IDS = "ids"


# -- hands resolved by the rules: by cards, by winners, and the called game ----------------

def seated_ids(session: PokerSession) -> dict[str, int]:
    """Tonight's table by name: each seated player's id."""
    return dict(Seat.objects.filter(session=session).values_list("player__name", "player_id"))


def at_the_table(seated: Mapping[str, object], hand: HandInput) -> None:
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
        result = settle(filled)
        problems = typed_problems(filled, result)
    except RulesError as error:
        game = rules_game(filled.game)     # read already by the defaults above
        raise LedgerError(in_words(str(error), filled.to_json(("players",)).get("players"),
                                   one_field=not (game.down and game.up),
                                   dummy=game.dummy.name if game.dummy else "the dummy",
                                   game=game),
                          field=refused_field(str(error))) from None
    if problems:
        raise LedgerError(" ".join(problems) + " Nothing was written.", field="awards")
    return result, filled


_ABOUT = re.compile(r"^(?P<path>players\[(?P<index>\d+)\](?:\.(?P<field>\w+))?"
                    r"|board\.(?P<position>\w+)|dummy(?:\.(?P<dummy>\w+))?)(?:\[\d+\])?: ")
_PLACE = re.compile(r"players\[(\d+)\]\.(down|up)|board\.(\w+)|dummy\.(?:down|up)")
FIELD_WORDS = {"down": "down cards", "up": "up cards", "declare": "declaration",
               "go": "go or stop", "won": "sides won", "in": "staying in", "best": "best hand"}
CARD_HINT = "type rank then suit: As, 10h, Kd; JK for a joker"


def _player_name(players: object, index: int) -> str | None:
    if not isinstance(players, list) or index >= len(players):
        return None
    player = players[index]
    name = player.get("name") if isinstance(player, Mapping) else None
    return name.strip() if isinstance(name, str) and name.strip() else None


def _place_words(match: re.Match[str], players: object, one_field: bool,
                 dummy: str) -> str | None:
    """"players[1].down" -> "Ann's down cards" ("Ann's cards" where a player holds one kind),
    "board.flop" -> "the board's flop", "dummy.down" -> "Old Man's cards"."""
    if match[1] is not None:
        name = _player_name(players, int(match[1]))
        if name is None:
            return None
        return f"{name}'s cards" if one_field else f"{name}'s {FIELD_WORDS[match[2]]}"
    if match[3] is not None:
        return "the shared cards" if match[3] == "community" else f"the board's {match[3]}"
    return f"{dummy}'s cards"


def in_words(message: str, players: object, *, one_field: bool = False,
             dummy: str = "the dummy", game: GameDef | None = None) -> str:
    """A rules refusal as the table says it: "players[1].declare: missing" becomes "Bob's
    declaration: missing", "players[0].down[2]: unknown card '1x'" becomes "Ann's down cards:
    '1x' is not a card" (the banker never sees the input's list). `one_field`: the players'
    cards are in one field (a game with no up cards, or no down cards)."""
    if game is not None:       # the game by its name: "but Brag deals 3", not "brag"
        message = re.sub(rf"(?<![\w-]){re.escape(game.id)}(?![\w-])", lambda _: game.name,
                         message)
    found = _ABOUT.match(message)
    if found is None:
        return message
    rest = message[found.end():]
    rest = re.sub(r"^unknown card ('[^']*'|\S+): expected.*$", rf"\1 is not a card ({CARD_HINT})",
                  rest)
    rest = re.sub(r"^card ('[^']*'|\S+): expected a string.*$",
                  rf"\1 is not a card ({CARD_HINT})", rest)
    rest = re.sub(r"^card (\S+) is seen twice", r"\1 is entered twice", rest)

    def place(match: re.Match[str]) -> str:
        return _place_words(match, players, one_field, dummy) or match[0]

    rest = _PLACE.sub(place, rest)
    if found["index"] is not None:
        name = _player_name(players, int(found["index"]))
        if name is None:
            return message
        field = found["field"]
        if field in ("down", "up"):
            subject = f"{name}'s cards" if one_field else f"{name}'s {FIELD_WORDS[field]}"
        elif field:
            subject = f"{name}'s {FIELD_WORDS.get(field, field)}"
        else:
            subject = name
    elif found["position"] is not None:
        subject = ("The shared cards" if found["position"] == "community"
                   else f"The board's {found['position']}")
    else:
        subject = f"{dummy}'s cards"
    return f"{subject}: {rest}"


def refused_field(message: str) -> str:
    """Where a rules refusal points in the hand: "players[1].down", "players[0]", "board.flop",
    "dummy"; "hand" when it names no one place."""
    found = _ABOUT.match(message)
    if found is None:
        return "hand"
    if found["index"] is not None:
        field = found["field"]
        return f"players[{found['index']}]" + (f".{field}" if field else "")
    if found["position"] is not None:
        return f"board.{found['position']}"
    return "dummy"


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


DUPLICATE_HAND_WINDOW = timedelta(minutes=3)   # R15, as for buy-ins: a hand saved twice
NOT_THE_HAND = ("type", "result", "pot", IDS)  # what an identical hand may differ in


def _check_duplicate_hand(session: PokerSession, entered: Mapping[str, object],
                          key: str) -> None:
    """The browser's back button restores the ticked boxes, and one tap saves the same hand
    again: a hand identical to the night's last one (the same players, the same winners or
    cards, the same typed figures; its pot aside, since the antes of the next deal change it),
    saved a few minutes ago under another key, is asked about first (PossibleDuplicate)."""
    last = (Entry.objects.filter(session=session, reversed_by__isnull=True,
                                 kind__in=[Entry.HAND, Entry.CALL, Entry.END_GAME])
            .exclude(key=key).order_by("-id").first())
    if last is None or last.kind != Entry.HAND \
            or last.created_at < timezone.now() - DUPLICATE_HAND_WINDOW:
        return
    before = {k: v for k, v in last.payload.items() if k not in NOT_THE_HAND}
    if before != {k: v for k, v in entered.items() if k not in NOT_THE_HAND}:
        return
    seconds = int((timezone.now() - last.created_at).total_seconds())
    ago = "just now" if seconds < 5 else f"{seconds} second{'' if seconds == 1 else 's'} ago"
    if seconds >= 120:
        ago = f"{seconds // 60} minutes ago"
    won = [f"{a['name']} took ${a['amount']}" for a in
           (last.payload.get("result") or {}).get("awards") or []]
    what = ", ".join(won) if won else "nobody took the pot"
    raise PossibleDuplicate(
        f"The same hand was saved {ago} ({what}). Was it played again? Confirm to save it "
        "a second time.", code="possible_duplicate")


@idempotent("hand_enter")
def hand_enter(*, session: PokerSession, hand: HandInput, key: str,
               user: Banker = None, confirm_duplicate: bool = False) -> Entry:
    """Record a hand by cards or by winners: the rules compute who wins what, what carries
    and who owes what into the next pot; typed awards/owes are checked against them. A hand
    identical to the last one, saved minutes ago, is asked about first unless
    `confirm_duplicate` (an import takes hands as recorded)."""
    session = lock_session(session, user=user)
    if not isinstance(hand, HandInput):
        raise LedgerError("A hand is an object with the game, the pot and the players.",
                          field="hand")
    entered = hand.to_json()
    if not confirm_duplicate:
        _check_duplicate_hand(session, entered, key)
    if hand.kind == "typed":
        return _typed_hand(session, pot=hand.pot, awards=_by_name(hand.awards, "awards"),
                           owes=_by_name(hand.owes, "owes"), carry=hand.carry,
                           game=hand.game or "", key=key, user=user)
    state = selectors.table_game(session)
    if state.called and state.over and hand.game in (None, state.game):
        raise LedgerError(f"The game of {state.name} is over: call the next game first.",
                          field="game")
    seated = seated_ids(session)
    at_the_table(seated, hand)
    result, filled = resolve_hand(hand, state)
    payload = hand_payload(entered, filled, result)
    payload[IDS] = {n: seated[n] for n in sorted(hand_names(payload)) if n in seated}
    return Journal(session).write(
        kind=Entry.HAND, key=key, user=user, amount=filled.pot or 0,
        payload=payload, memo=hand_memo(filled.game, list(result.explain)))


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


@idempotent("game_call")
def game_call(*, session: PokerSession, game: str | Mapping[str, object],
              dealer: Player, options: Mapping[str, object] | None = None,
              save_as: str = "", key: str, user: Banker = None) -> Entry:
    """The dealer calls a game (an id or the dealer's own definition, S12) with its options;
    the hands after it are its hands. The pot on the table stays (P3). `save_as` keeps a
    catalog game with these options for the house under that name and calls it as saved, in
    the same transaction: a call refused saves no house game."""
    session = lock_session(session, user=user)
    if not Seat.objects.filter(session=session, player=dealer).exists():
        raise LedgerError(f"{dealer.name} is not at the table tonight.", field="dealer")
    options = dict(options or {})
    if save_as:
        game = _save_house_game(name=save_as, game=str(game), options=options, user=user,
                                field="save_as").definition
        options = {}
    try:
        apply_options(game_of({"game": game, "round": 1}), options)
    except RulesError as error:
        raise LedgerError(str(error), field="game") from None
    game_json = game if isinstance(game, str) else dict(game)
    payload = {"type": "call", "game": game_json, "dealer": dealer.name}
    if options:
        payload["options"] = options
    return Journal(session).write(kind=Entry.CALL, key=key, user=user, player=dealer,
                                  payload=payload, memo=call_memo(dealer.name, game_json))


@idempotent("game_end")
def game_end(*, session: PokerSession, key: str, user: Banker = None) -> Entry:
    """The banker ends the game before the rules do; the pot stays on the table (P3)."""
    session = lock_session(session, user=user)
    state = selectors.table_game(session)
    if state.game is None:
        raise LedgerError("No game is being played.", field="game")
    return Journal(session).write(kind=Entry.END_GAME, key=key, user=user,
                                  payload={"type": "end_game"},
                                  memo=f"the game of {state.name} ended; the pot stays")


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
    return HouseGame.objects.create(name=name, definition=definition,
                                    created_by=entered_by(user))
