"""KRG (003): a series of wins instead of a pot per hand. Side payment `series`: every hand's
winner scores a win; the first to the number of wins agreed takes the pool (the pot),
otherwise the pool stays."""

from __future__ import annotations

from rules.games.options import read_whole_number
from rules.games.pots import SIDE_PAYMENTS, Award, Owe, SideContext, shares
from rules.money import format_cents


@SIDE_PAYMENTS.register("series")
def series(context: SideContext) -> list[Owe]:
    """KRG: the hand's winner(s) score a win instead of taking the pool; the first to the
    agreed number of wins (option `wins`) takes it and the series is over."""
    outcome = context.outcome
    winners = [award.name for award in outcome.awards]
    if not winners:
        return []
    needed = read_whole_number(context.table.settings.get("wins", 3), "options.wins", 1)
    before = context.table.legs_before
    reached = [name for name in winners if before.get(name, 0) + 1 >= needed]
    pool = context.table.pot
    outcome.legs = winners
    outcome.awards.clear()
    # the pot rules said who "takes" the pot; in a series nobody takes it for the hand alone
    taking = tuple(f"{name} takes " for name in winners)
    outcome.explain[:] = [line for line in outcome.explain if not line.startswith(taking)]
    if reached:
        each, rest = shares(pool, len(reached), context.table.unit)
        outcome.awards.extend(Award(name, each, "pot") for name in reached)
        outcome.carry, outcome.game_over = rest, True
        verb = "reaches" if len(reached) == 1 else "reach"
        how = "takes the pool" if len(reached) == 1 else "share the pool"
        outcome.explain.append(f"{' and '.join(reached)} {verb} {needed} wins and {how} of "
                               f"{format_cents(pool)}; the series is over.")
    else:
        outcome.carry, outcome.game_over = pool, False
        outcome.explain.append(f"{' and '.join(winners)} score a win (field `legs`); the pool "
                               f"stays until someone has {needed} wins.")
    return []
