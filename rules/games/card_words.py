"""Cards, ranks and wild specs in words ("queens", "the Q♥ and the Q♦", "a deuce"): what the
game's plain words (words.py) and the showdown's account of the wild cards (up_cards.py) both
say, with nothing of the game's rules, so either can read it."""

from __future__ import annotations

from collections.abc import Callable

RANK_WORDS = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "T": "10s", "10": "10s",
              "9": "9s", "8": "8s", "7": "7s", "6": "6s", "5": "5s", "4": "4s", "3": "3s",
              "2": "deuces"}
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
WILD_WORDS = {"joker": "the joker", "jokers": "the jokers", "jk": "the joker",
              "lowest": "each player's lowest card (and every card of its rank)",
              "lowest-hole": "each player's lowest card face down (and every card of its rank)",
              "center": "the center card and every card of its rank"}


def wild_token(token: str) -> str:
    lowered = token.lower()
    if lowered in WILD_WORDS:
        return WILD_WORDS[lowered]
    if lowered in SUIT_WORDS:
        return f"every {lowered[:-1]}"
    rank = "T" if token == "10" else token.upper()
    if rank in RANK_WORDS:
        return RANK_WORDS[rank]
    if len(token) == 2 and token[0].upper() in RANK_WORDS and token[1].lower() in SUIT_SYMBOLS:
        return f"the {'10' if token[0].upper() == 'T' else token[0].upper()}" \
               f"{SUIT_SYMBOLS[token[1].lower()]}"
    return token


def kill_token(token: str) -> str:
    lowered = token.lower()
    if lowered in ("lowest", "lowest-hole"):
        return "their lowest card"
    if lowered in SUIT_WORDS:
        return f"a {lowered[:-1]}"
    rank = "T" if token == "10" else token.upper()
    if rank in RANK_WORDS:
        return f"an {rank}" if rank in ("A", "8") else f"a {RANK_WORDS[rank][:-1]}"
    return wild_token(token)


def follow_token(token: str) -> str:
    """A follow card in words: 'queen', 'the Q♥'."""
    rank = "T" if token == "10" else token.upper()
    if rank in RANK_WORDS:
        return RANK_WORDS[rank][:-1]
    return wild_token(token).removeprefix("the ")


def listed(words: list[str], last: str) -> str:
    if len(words) > 1:
        return ", ".join(words[:-1]) + f" {last} " + words[-1]
    return words[0] if words else ""


def spec_words(spec: str, token: Callable[[str], str] | None = None, last: str = "and") -> str:
    tokens = [t.strip() for t in spec.replace(" ", ",").split(",") if t.strip()]
    return listed([(token or wild_token)(t) for t in tokens if t.lower() != "none"], last)


def wild_spec_words(spec: str) -> str:
    """A wild spec in words ("queens", "the Q♥ and the Q♦"), "" for none."""
    return spec_words(spec)
