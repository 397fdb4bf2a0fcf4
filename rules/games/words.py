"""A game's rules in plain words for the table, and the family it belongs to.

Everything here is read from the definition (`GameDef`), so a dealer's own game (S12) and a
game called with changed options read as they are played: what is dealt, what is wild, who
wins the pot and how it is split, what a loser pays, and what happens when everybody drops.
The catalog's `describe` texts are for people who write definitions; these are for the
people at the table.

`family` sorts a game into the groups the call page shows: stud, draw, community cards, boards
of their own shape, match pot and burn, guts.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import RulesError
from ..money import SEED_UNIT, dollars, parse_cents, unit_words
from .antes import MATCHED_POTS
from .card_words import follow_token, kill_token, listed, spec_words
from .definition import GameDef, Use
from .drops import when_everybody_drops

FAMILIES = ("Stud", "Draw", "Community cards", "Boards of their own shape",
            "Match pot and burn", "Guts")

HIGH_WORDS = {
    "high": "",
    "three": "three-card hands: three of a kind beats a straight flush, then a straight, a "
             "flush, a pair, a high card",
    "three-plain": "three-card hands: three of a kind, then a pair, then a high card",
    "three-standard": "three-card hands",
    "four": "four-card hands: four of a kind, three of a kind, two pair, a pair, a high card",
    "two": "two-card hands: only pairs and high cards count",
    "one": "one card: the highest card wins, ace high",
    "high-short": "the short deck's order: A-6-7-8-9 a straight, a flush over a full house, "
                  "three of a kind over a straight (H6)",
    "high-short-straights": "the short deck's order: A-6-7-8-9 a straight, a flush over a "
                            "full house, a straight over three of a kind (H6)",
    "count-27": "the count closest to 27, under or over (H4)",
    "count-27-bust": "the count closest to 27, and no more than 27½ (H4)",
}
LOW_WORDS = {
    "low": "the house low, S7",
    "low-a5": "ace-to-five low",
    "low-27": "deuce-to-seven low",
    "low-a6": "ace-to-six low",
    "low-8": "ace-to-five low, 8 or better",
    "doogie": "doogie low",
    "one-low": "the lowest single card",
    "two-low": "the lowest two cards",
    "badugi": "badugi: the most cards of different suits and ranks, then the lowest, aces "
              "low (H5)",
    "count-7": "the count closest to 7, under or over (H4)",
    "count-7-bust": "the count closest to 7, and no more than 7½ (H4)",
}
PIGGING_WORDS = {
    "house": "a player who declares both must win both outright, or wins nothing (P1)",
    "win-or-tie": "a player who declares both must win or tie both",
    "share-ties": "a player who declares both shares the sides tied",
    "perfect-ties": "a player who declares both may tie only with a perfect hand",
}
SIDE_PAYMENT_WORDS = {
    "forfeit": "the lowest hand shown pays a forfeit",
    "knock": "the knock payments (P15): each player who drops pays the knocker a chip, and "
             "the knocker is paid or pays 2 chips a player; bonuses for the best hands",
    "knock-deuces": "the knock payments (P15), deuces wild: bonuses for five of a kind, "
                    "straight flushes and royal flushes",
    "pokino": "points by tricks instead of money",
    "series": "the winner scores a win; the first to the agreed number of wins takes the pool",
}


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def family(game: GameDef) -> str:
    """The group a game is listed in on the call page (one of `FAMILIES`)."""
    if "guts" in game.id or "guts" in game.name.lower():
        return "Guts"
    if game.pot.kind in MATCHED_POTS:
        return "Match pot and burn"
    if game.board:
        one_row = len(game.board) == 1 and game.hand.layout == "community"
        return "Community cards" if one_row else "Boards of their own shape"
    return "Stud" if game.up else "Draw"


def _cards_each(down: int | None, up: int) -> str:
    if down is None:
        return "as many cards each as the dealer deals"
    if not up:
        return f"{_plural(down, 'card')} each, face down"
    if not down:
        return f"{_plural(up, 'card')} each, face up"
    return f"{down} down and {up} up each"


def _board(game: GameDef) -> str:
    playing = [p for p in game.board if p.plays]
    out = [p.name for p in game.board if not p.plays]
    if not playing:
        text = ""
    elif len(playing) == 1 and playing[0].name == "community":
        count = playing[0].count
        text = ("shared cards in the middle" if count is None
                else f"{_plural(count, 'shared card')} in the middle")
    else:
        parts = [p.name if p.count is None else f"{p.name} ({p.count})" for p in playing]
        text = "a board: " + ", ".join(parts)
    if out:
        text += f"{'; ' if text else ''}{', '.join(out)} turned up but in no hand"
    return text


def _takes(alternative: tuple[Use, ...]) -> str:
    parts = []
    for use in alternative:
        where = "your own cards" if use.source == "hand" else f"the {use.source}"
        if use.max is None:
            if use.min:
                parts.append(f"at least {use.min} of {where}")
        elif use.min == use.max:
            parts.append(f"exactly {use.max} of {where}")
        else:
            parts.append(f"{use.min} to {use.max} of {where}")
    return " and ".join(parts)


def dealt(game: GameDef) -> str:
    """What is dealt: cards per player, the board, the dummy hand, how a hand is made."""
    if game.rounds:
        steps = [r.describe for r in game.rounds if r.describe]
        text = f"In {len(game.rounds)} rounds: " + "; then ".join(steps) if steps else \
            f"In {len(game.rounds)} rounds"
    else:
        text = _first_up(_cards_each(game.down, game.up))
    board = _board(game)
    if board and not game.rounds:
        text += f", and {board}"
    elif board:
        text += f"; {board}"
    if game.deck != "standard":
        deck = {"joker": "a deck with a joker", "two-jokers": "a deck with two jokers",
                "royal": "a royal deck (10s to aces)",
                "short": "a short deck of 36, 6s to aces: the 2s to 5s removed",
                }.get(game.deck, game.deck)
        text += f" ({deck})"
    text += "."
    if len(game.hand.takes) == 1 and game.board and game.hand.layout == "community":
        how = _takes(game.hand.takes[0])
        if how:
            text += f" A hand uses {how}."
    if game.dummy is not None:
        size = "" if game.dummy.cards is None else f" ({_plural(game.dummy.cards, 'card')})"
        if game.dummy.when == "alone":
            text += (f" A lone player must beat {game.dummy.name}{size}, a hand dealt to "
                     "nobody (P14).")
        else:
            text += (f" {game.dummy.name}{size} is dealt to nobody: every player must beat it "
                     "to win (P9).")
    return text


def _first_up(text: str) -> str:
    return text[:1].upper() + text[1:]


def wild(game: GameDef) -> str:
    """What is wild, and what kills (P13)."""
    if game.rounds and any("wild" in r.sets for r in game.rounds):
        text = "Changes each round (see what is dealt)."
    elif spec_words(game.wild):
        where = {"down": " when dealt face down", "up": " when dealt face up"}.get(
            game.wild_where, "")
        text = f"{_first_up(spec_words(game.wild))}{where}."
    else:
        text = "No wild cards."
    if game.follow:
        follow = spec_words(game.follow, follow_token, "or")
        text += (f" The rank of the card dealt face up right after the last face-up {follow} "
                 "is wild too; if nothing is dealt face up after it, no rank is added (H1).")
    if game.extra_down:
        text += (f" Each {spec_words(game.extra_down, kill_token, 'or')[2:]} dealt face up gives "
                 "its holder one more down card; the best five of all the cards play (H2).")
    if spec_words(game.kill):
        text += (f" A player dealt {spec_words(game.kill, kill_token, 'or')} face up is dead: "
                 "loses and pays (P13).")
    return text


def _high(game: GameDef) -> str:
    scheme = game.high or "high"
    words = HIGH_WORDS.get(scheme, f"{game.name}'s own ranking")
    text = "the best high hand" + (f" ({words})" if words else "")
    if game.high_qualifier and game.high_qualifier != "count":   # a count qualifies unbust
        text += f", if it is at least {game.high_qualifier.replace('_', ' ')}"
    return text


def _low(game: GameDef) -> str:
    scheme = game.low or "low"
    kind = LOW_WORDS.get(scheme, f"{game.name}'s own low")
    if game.low_qualifier and "or better" not in kind:
        kind += f"; {game.low_qualifier} or better"
    return f"the best low hand ({kind})"


def split(game: GameDef, unit: int = SEED_UNIT) -> str:
    """Who wins the pot and how it is split; odd money moves in `unit`s (P2)."""
    odd = unit_words(unit)
    side = game.card_side
    if side is not None and game.split == "high":
        where = {"down": " in the hole", "up": " face up", "any": ""}[side.where]
        which = "highest" if side.order == "high" else "lowest"
        text = (f"Half the pot to {_high(game)}, half to the player still in holding the "
                f"{which} {side.suit[:-1]}{where} (the 2 lowest, the ace highest); one player "
                f"may take both. Nobody holding a {side.suit[:-1]}{where}: the high hand takes "
                f"the whole pot. The odd {odd} goes to the high half (P2, H3).")
    elif game.split == "high":
        text = f"{_first_up(_high(game))} takes the pot."
    elif game.split == "low":
        text = f"{_first_up(_low(game))} takes the pot."
    elif game.split == "cards-talk":
        text = (f"High-low, cards talk: {_high(game)} and {_low(game)} split the pot, the odd "
                f"{odd} to high (P2); with no low that qualifies, high takes it all.")
    else:
        sides = " or ".join(game.declarations)
        text = (f"Each player declares {sides}: {_high(game)} and {_low(game)} split the pot "
                f"among those who declared each way; {PIGGING_WORDS.get(game.pigging, '')}.")
    if game.boards:
        boards = listed(list(game.boards), "and")
        text = text.replace("the pot", "its half")
        text = (f"Each board ({boards}) plays for half the pot, the odd {odd} to the first "
                f"board's half (H7); a player may win both. On each board: {text[0].lower()}"
                f"{text[1:]}")
    if game.ties == "goal-post":
        text += " Tied players win nothing: their share stays in the pot and they pay as " \
                "losers (goal-posting, P6)."
    else:
        text += f" Ties split the pot; an odd {odd} stays in it (P2)."
    return text


def losers(game: GameDef) -> str:
    """What a loser pays."""
    pot = game.pot
    if pot.kind == "match":
        each = ("the part of the pot they contested (P12)" if pot.match == "side"
                else "the pot")
        text = f"Every loser who stayed in matches {each} into the next pot (P3)"
        if pot.match_cap is not None:
            text += f", at most {dollars(pot.match_cap)}"
        text += "; the game goes on until nobody has to match."
        if game.go_stop:
            text += " A player who says stop pays nothing (P12)."
    elif pot.kind == "burn":
        if pot.burn == "fixed":
            each = dollars(pot.burn_amount)
        elif pot.burn == "fraction":
            each = f"{pot.burn_percent}% of the pot"
        else:
            each = f"as much as the pot, at most {dollars(pot.burn_amount)},"
            if pot.burn_step:
                each = (f"as much as the pot, at most {dollars(pot.burn_amount)} (more by "
                        f"{dollars(pot.burn_step)} each round),")
        text = (f"Every loser who stayed in burns {each} into the next pot (P4); the game goes "
                "on until nobody burns.")
    else:
        text = "Losers pay nothing more: the winner takes what was bet."
    if pot.legs:
        text += (f" A lone player in, or a tie of everybody in, takes a leg instead of the pot; "
                 f"{pot.legs} legs take the pot (P10).")
    if pot.kind in MATCHED_POTS:
        text += " On the last round, losers pay the winners directly (P5)."
    extra = [SIDE_PAYMENT_WORDS[name] for name in game.side_payments
             if name in SIDE_PAYMENT_WORDS]
    if extra:
        text += " Besides the pot: " + "; ".join(extra) + "."
    return text


def plain_words(game: GameDef, settings: Mapping[str, object] | None = None, *,
                unit: int = SEED_UNIT) -> list[tuple[str, str]]:
    """The game's rules as (topic, sentence) pairs: dealt, wild, wins, losers pay, and
    everybody drops where that can happen. `settings` are the called options' settings
    (`apply_options`), for the wimp rule and the ante; `unit` the smallest chip (P2)."""
    settings = dict(settings or {})
    words = [("Dealt", dealt(game)), ("Wild", wild(game)), ("Wins", split(game, unit)),
             ("Losers pay", losers(game))]
    try:
        drop = when_everybody_drops(game, settings)
    except RulesError:
        drop = ""
    if drop:
        words.append(("Everybody drops", drop))
    ante = settings.get("ante")
    if isinstance(ante, str):
        try:
            cents = parse_cents(ante, field="ante")
        except RulesError:
            cents = None
        if cents and game.pot.kind in MATCHED_POTS:
            words.append(("Ante", f"{dollars(cents)} a player before the first deal and every "
                          "re-ante; later hands start from what the losers paid in (P7)."))
        elif cents:
            words.append(("Ante", f"{dollars(cents)} a player before the deal (P7)."))
    return words
