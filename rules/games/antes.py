"""Antes: what each player puts in before the next deal (RULES.md P7, P14, P3; seed 004).

P7: a game that needs an ante takes the lowest unit, one chip of the smallest value (the seed
house's white chip, 5 cents; `unit=`), from each player before the first card, unless the game
says otherwise. Two named options carry it, in the
showdown's `options` like the rest of the vocabulary and in the settings `apply_options`
returns (`options.HOUSE_SETTINGS`):

- `ante` (a decimal string, default one unit, the seed house's "0.05"): a game whose text
  sets another ante names its own `ante` option in its definition (Old Man and Ponsi $1.00,
  the fixed-stake games' $1.00 stake, Swiss Hold'em "0.00": blinds and no ante).
- `baltimore` (true/false, default true): the Baltimore Exception.
- `ante_by` ("everyone", the default; "dealer"; "all-but-winners"): who antes. Brag's text
  (002) has the dealer alone ante (the dealer's edge), every deal; Island Pineapple's Arcade
  Ante variation (003) has everybody but the winner of the last hand ante. Neither spreads
  anything over the table, so the Baltimore exception does not apply to them.

How the seed reads (004, the ante paragraph): only the first ante and re-antes are paid by
everybody; "subsequent antes are paid by the winner(s) of the last pot", so as not to add
insult to injury. The note after it says the exception now applies in Bethesda, the house's
game, and the host likes it: the house plays it by default (`baltimore` true).

"The antes" are the ones everybody would have paid: after a won pot the winner pays the whole
table's ante (one ante for every player dealt in, the winner's own included), and the losers pay
nothing. Reading it as "only the winner antes his own chip" would leave a one-chip pot and
would not spare the losers anything they would not have paid anyway; the plural "antes" and
the reason given say the winner pays for everybody. Winners of a tied (or split) pot share the
table's ante in whole units (white chips); an odd chip is paid by the first winner listed (list the
high winner first, as the odd chip of the pot went to the high half, P2).

The rest of the readings:
- First hand of a game and re-antes (P14: nobody stayed in, everyone re-antes) are paid by
  everybody dealt in, with or without the exception.
- A pot nobody won (it stayed in the middle: goal-posting P6, piggers tying P1) has no winner to
  pay: everybody antes, as for a re-ante.
- A winner of the last pot who is not dealt in this hand pays nothing; when no winner is dealt
  in, everybody antes.
- Match-pot and burn games (P3, P4: `pot.kind` "match" or "burn") ante only for their first
  hand and re-antes: later hands start with what the losers matched or burned ("When the pot is
  matched there is no anteing", 001).

`antes` is a pure function of plain values; the showdown and payout JSON are unchanged (the
ledger calls it to build the next hand's pot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import RulesError
from ..money import SEED_UNIT, format_cents
from .definition import GameDef
from .options import ANTE_BY, HOUSE_SETTINGS, read_ante, read_flag

MATCHED_POTS = ("match", "burn")   # pot kinds whose later hands start from the matched pot


def setting(game: GameDef, settings: Mapping[str, object], name: str,
            unit: int = SEED_UNIT) -> object:
    """A house setting: from `settings` (as `apply_options` returns them, or the raw options),
    else the game's own option of that name, else the house default (the ante: one unit)."""
    if name in settings:
        return settings[name]
    default = HOUSE_SETTINGS[name]
    if name == "ante" and unit != SEED_UNIT:
        default = format_cents(unit)
    return game.option_defaults().get(name, default)


def _names(value: object, where: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise RulesError(f"{where}: expected a list of player names")
    names = list(value)
    for index, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise RulesError(f"{where}[{index}]: expected a player's name, got {name!r}")
    if len(set(names)) != len(names):
        repeated = next(name for name in names if names.count(name) > 1)
        raise RulesError(f"{where}: {repeated!r} is listed twice")
    return names


def antes(game: GameDef, settings: Mapping[str, object], *, players: Sequence[str],
          winners: Sequence[str], first_hand: bool, reante: bool,
          new_game: bool = False, dealer: str | None = None,
          unit: int = SEED_UNIT) -> dict[str, int]:
    """Cents each player dealt in puts in before the next deal (every player listed, zeros
    included, in the order of `players`).

    `game` is the definition as played (after `apply_options`); `settings` its settings (or
    the options); `winners` the last pot's winners (empty when nobody won it); `first_hand`
    true for a game's first deal, `reante` true when everybody re-antes (P14). `new_game` true
    for the first deal of a game called after a won pot of another game: a match-pot game's
    first deal is anted like any other (by the last pot's winners under the exception).
    `dealer` is who deals the next hand; a game anted by the dealer alone needs it. `unit` is
    the smallest chip (cents): the default ante, and what winners share the antes in.
    """
    dealt = _names(players, "players")
    if not dealt:
        raise RulesError("players: expected at least one player dealt in")
    won = _names(winners, "winners")
    first = read_flag(first_hand, "first_hand")
    again = read_flag(reante, "reante")
    ante = read_ante(setting(game, settings, "ante", unit), "options.ante", unit)
    baltimore = read_flag(setting(game, settings, "baltimore"), "options.baltimore")
    by = setting(game, settings, "ante_by")
    if by not in ANTE_BY:
        raise RulesError(f"options.ante_by: {by!r} is not one of {', '.join(ANTE_BY)}")
    nobody = dict.fromkeys(dealt, 0)
    everybody = dict.fromkeys(dealt, ante)
    if by == "dealer":
        return _dealer_alone(game, nobody, dealer, ante)
    if first or again:
        return everybody
    if game.pot.kind in MATCHED_POTS and not new_game:
        return nobody
    payers = [name for name in won if name in nobody]
    if not payers:
        return everybody
    if by == "all-but-winners":
        return {name: 0 if name in payers else ante for name in dealt}
    if not baltimore:
        return everybody
    chips, odd = divmod(ante * len(dealt) // unit, len(payers))
    due = dict(nobody)
    for index, name in enumerate(payers):
        due[name] = (chips + (1 if index < odd else 0)) * unit
    return due


def _dealer_alone(game: GameDef, nobody: dict[str, int], dealer: str | None,
                  ante: int) -> dict[str, int]:
    """The dealer's edge (Brag, 002): the dealer antes for every deal, nobody else."""
    if dealer not in nobody:
        raise RulesError(f"dealer: {game.name} is anted by the dealer alone; name the dealer, "
                         f"one of the players dealt in (got {dealer!r})")
    return {**nobody, dealer: ante}
