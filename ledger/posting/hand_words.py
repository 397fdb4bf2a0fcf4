"""A rules refusal of a hand said as the table says it: "Bob's declaration: missing" rather
than "players[1].declare: missing", and the place in the hand it points at."""

from __future__ import annotations

import re
from collections.abc import Mapping

from rules.errors import RulesError
from rules.games.definition import GameDef

# The places of a hand a refusal's path may name: a player or a field of theirs, a board
# position, the dummy (a card's index after them is the same place).
_ABOUT = re.compile(r"players\[(?P<index>\d+)\](?:\.(?P<field>\w+))?"
                    r"|board\.(?P<position>\w+)|dummy(?:\.(?P<dummy>\w+))?")
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


def in_words(error: RulesError, players: object, *, one_field: bool = False,
             dummy: str = "the dummy", game: GameDef | None = None) -> str:
    """A rules refusal as the table says it: "players[1].declare: missing" becomes "Bob's
    declaration: missing", "players[0].down[2]: unknown card '1x'" becomes "Ann's down cards:
    '1x' is not a card" (the banker never sees the input's list). `one_field`: the players'
    cards are in one field (a game with no up cards, or no down cards)."""
    message, rest = str(error), error.reason
    if game is not None:       # the game by its name: "but Brag deals 3", not "brag"
        def named(text: str) -> str:
            return re.sub(rf"(?<![\w-]){re.escape(game.id)}(?![\w-])", lambda _: game.name,
                          text)
        message, rest = named(message), named(rest)
    found = _place(error.path)
    if found is None:
        return message
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


def refused_field(error: RulesError) -> str:
    """Where a rules refusal points in the hand: "players[1].down", "players[0]", "board.flop",
    "dummy"; "hand" when it names no one place."""
    found = _place(error.path)
    if found is None:
        return "hand"
    if found["index"] is not None:
        field = found["field"]
        return f"players[{found['index']}]" + (f".{field}" if field else "")
    if found["position"] is not None:
        return f"board.{found['position']}"
    return "dummy"


def _place(path: str) -> re.Match[str] | None:
    """The place of the hand a refusal's path names ("players[1].down[0]": player 1's down
    cards), or None."""
    return _ABOUT.fullmatch(re.sub(r"(\.\w+)\[\d+\]$", r"\1", path))
