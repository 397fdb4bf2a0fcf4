"""Everybody dropped: a hand where nobody stayed in (P11, P14; seed 000).

In the match-pot and burn games of seed 000 (3-5-7 and 6-7-8, the guts family, the deadlies,
Piranha, Evolution, Draw match pot, Two more inches, Omaha Burns ...) staying in is a choice
made before the showdown: "1-2-3-drop", "do you want another card?", "are you burning?". A
loser pays (matches or burns), so everybody may drop, and the seed says what happens then:

- "If nobody stayed in, then everyone re-antes, and another hand is dealt" (Guts; the same
  words for Deadly 69s, Draw match pot, Two more inches). The pot stays on the table, the game
  goes on, and everybody dealt in antes again (P14).
- The wimp rule (Guts and Four-card guts, option `wimp`, P11): "If all players drop, then the
  player with the best hand must match pot or pay some set amount instead of each player
  re-anteing." Nobody re-antes; the best hand's holder pays into the pot.

A game where the winner simply takes the pot has no such hand: the last player in wins it
uncontested. Old Man's go and stop (P12) has its own rule for a side nobody went for.

The result of a dropped hand is the payout of a hand where every player folded
(`rules.games.payout`): nothing here changes it. With the wimp rule and no cards entered, the
holder of the best hand is marked `"best": true` among the folded players, so the wimp rule
knows who pays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..money import dollars, parse_cents
from .antes import MATCHED_POTS
from .definition import GameDef


def lets_everybody_drop(game: GameDef) -> bool:
    """Can every player drop out of a hand of `game`? (A match-pot or burn game without
    Old Man's go and stop.)"""
    return game.pot.kind in MATCHED_POTS and not game.go_stop


def wimp_rule(game: GameDef, settings: Mapping[str, object]) -> str:
    """The wimp rule in force (P11): "none", "pot" or an amount such as "1.00"."""
    if "wimp" not in game.side_payments:
        return "none"
    return str(settings.get("wimp", game.option_defaults().get("wimp", "none")))


def when_everybody_drops(game: GameDef, settings: Mapping[str, object]) -> str:
    """What happens to the pot when everybody drops, in the table's words ("" for a game
    where it cannot happen)."""
    if not lets_everybody_drop(game):
        return ""
    wimp = wimp_rule(game, settings)
    if wimp == "pot":
        return ("If everybody drops, the pot stays and the player with the best hand matches "
                "it (the wimp rule, P11); nobody re-antes.")
    if wimp != "none":
        return (f"If everybody drops, the pot stays and the player with the best hand pays "
                f"{dollars(parse_cents(wimp, field='options.wimp'))} into it (the wimp "
                "rule, P11); nobody re-antes.")
    return ("If everybody drops, the pot stays on the table, everybody re-antes and the hand "
            "is dealt again (P14).")


def dropped_players(names: Sequence[str], best: str | None = None) -> list[dict[str, object]]:
    """The players of a hand everybody dropped, as the payout reads them: every one folded,
    and the holder of the best hand marked when the wimp rule needs to know who pays."""
    players: list[dict[str, object]] = []
    for name in names:
        player: dict[str, object] = {"name": name, "folded": True}
        if best is not None and name == best:
            player["best"] = True
        players.append(player)
    return players
