"""Sentences for the table: what the hand is and which cards were wild, and why."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from ..cards import Card, rank_name, rank_plural

_COUNT_WORD = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}
_CATEGORY_WORDS = {
    "five_of_a_kind": "five of a kind", "straight_flush": "straight flush",
    "four_of_a_kind": "four of a kind", "full_house": "full house", "flush": "flush",
    "straight": "straight", "three_of_a_kind": "three of a kind", "two_pair": "two pair",
    "pair": "pair", "high_card": "no pair",
}


def _symbol(rank: int) -> str:
    return "A" if rank in (1, 14) else "  23456789TJQK"[rank]


def high_headline(category: str, display: Sequence[int]) -> str:
    """'Five jacks', 'Kings full of sevens', 'Ace-high flush' ... from the reading order."""
    first = display[0]
    if category == "five_of_a_kind":
        text = f"five {rank_plural(first)}"
    elif category == "straight_flush":
        text = ("royal flush" if first == 14 and len(display) == 5
                else f"{rank_name(first)}-high straight flush")
    elif category == "four_of_a_kind":
        text = f"four {rank_plural(first)}"
    elif category == "full_house":
        text = f"full house, {rank_plural(first)} full of {rank_plural(display[-1])}"
    elif category == "flush":
        text = f"{rank_name(first)}-high flush"
    elif category == "straight":
        text = f"{rank_name(first)}-high straight"
    elif category == "three_of_a_kind":
        text = f"three {rank_plural(first)}"
    elif category == "two_pair":
        counts = Counter(display)
        pairs = [rank for rank in dict.fromkeys(display) if counts[rank] == 2]
        text = f"two pair, {rank_plural(pairs[0])} and {rank_plural(pairs[1])}"
    elif category == "pair":
        text = f"pair of {rank_plural(first)}"
    elif category == "high_card":
        text = f"{rank_name(first)} high"
    else:
        raise KeyError(category)
    return text[0].upper() + text[1:]


def low_headline(category: str | None, display: Sequence[int],
                 qualifier: int | None = None) -> str:
    if category is None:
        needed = f" ({qualifier} or better)" if qualifier else ""
        return f"No qualifying low{needed}"
    text = "-".join(_symbol(rank) for rank in display) + " low"
    if category != "high_card":
        text += f", counting as {_CATEGORY_WORDS[category]}"
    return text


def wild_clause(pairs: Sequence[tuple[Card, Card]],
                reasons: Mapping[int | str, str] | None = None) -> str:
    """'(three wild aces, a wild joker) — aces are wild because ... (S13)' or ''."""
    if not pairs:
        return ""
    held = Counter(("joker" if card.is_joker else card.rank) for card, _ in pairs)
    parts = []
    for what, count in held.items():
        if isinstance(what, str):   # "joker"
            parts.append(f"{_COUNT_WORD.get(count, count)} wild joker" + ("s" if count > 1 else ""))
        else:
            word = rank_plural(what) if count > 1 else rank_name(what)
            parts.append(f"{_COUNT_WORD.get(count, count)} wild {word}")
    text = " (" + ", ".join(parts) + ")"
    notes = [reasons[what] for what in held if reasons and what in reasons]
    if notes:
        text += " — " + "; ".join(dict.fromkeys(notes))
    return text
