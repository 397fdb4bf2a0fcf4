"""Wild-card specs ("2", "2,Kh", "joker", "3,lowest-hole", "center", "lowest") and S13."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..cards import JOKER, RANK_NAME, RANK_PLURAL, RANK_VALUE, SUITS, Card, parse_card
from ..errors import CardError, RulesError

_WORDS = ("joker", "jokers", "lowest-hole", "lowest", "center", "none")


Reasons = dict[int | str, str]
"""Why each rank (or "joker") is wild, by rank (or "joker")."""


class WildSet(frozenset[Card]):
    """The wild cards for one player, with the reason each rank (or "joker") is wild."""

    reasons: Reasons

    def __new__(cls, cards: Iterable[Card] = (),
                reasons: Mapping[int | str, str] | None = None) -> WildSet:
        made = super().__new__(cls, cards)
        made.reasons = dict(reasons or {})
        return made


@dataclass(frozen=True)
class WildRule:
    """A parsed wild spec; `resolve` gives the wild cards for one player (S10-S13)."""

    ranks: frozenset[int] = frozenset()
    cards: frozenset[Card] = frozenset()
    joker: bool = False
    lowest_hole: bool = False
    lowest: bool = False
    center: bool = False
    spec: str = ""

    @property
    def needs_hole_cards(self) -> bool:
        return self.lowest_hole or self.lowest

    def resolve(self, down: Iterable[Card | str] = (), up: Iterable[Card | str] = (),
                center: Card | str | None = None) -> WildSet:
        """The specific cards wild for a player with these hole (down) and up cards.

        Wild ranks make every card of that rank wild (in the hand, face up or on the board).
        "lowest-hole" / "lowest" (S13): the lowest eligible card's rank is wild even if that
        card is already wild for another reason; aces only when every eligible card is an ace.
        Up cards of that rank are wild too (as in Texas Reach Around, seed 003).
        """
        ranks = {rank: f"{RANK_PLURAL[rank]} are wild" for rank in self.ranks}
        if self.center:
            if center is None:
                raise RulesError("wild 'center' needs the board's center card")
            card = center if isinstance(center, Card) else parse_card(center)
            if not card.is_joker:
                ranks[card.rank] = (f"{RANK_PLURAL[card.rank]} are wild "
                                    f"(the center card is the {card})")
        if self.lowest_hole:
            _add_lowest(ranks, down, "hole card")
        if self.lowest:
            _add_lowest(ranks, tuple(down) + tuple(up), "card")
        wild = {Card(rank, suit) for rank in ranks for suit in SUITS} | set(self.cards)
        reasons: Reasons = {rank: reason for rank, reason in ranks.items()}
        if self.joker:
            wild.add(JOKER)
            reasons["joker"] = "jokers are wild"
        return WildSet(wild, reasons)


def _add_lowest(ranks: dict[int, str], cards: Iterable[Card | str], what: str) -> None:
    eligible = [_card(card) for card in cards]
    eligible = [card for card in eligible if not card.is_joker]
    if not eligible:
        return
    non_aces = [card.rank for card in eligible if card.rank != 14]
    if non_aces:
        rank = min(non_aces)
        reason = f"{RANK_PLURAL[rank]} are wild as the lowest {what} (S13)"
        if rank in ranks:  # already wild: it still is the lowest card, so no other rank is
            reason = (f"{RANK_PLURAL[rank]} are wild, and a {RANK_NAME[rank]} is the lowest "
                      f"{what}, so no other rank is (S13)")
        ranks[rank] = reason
    else:
        ranks[14] = f"aces are wild because every {what} is an ace (S13)"


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def parse_wild(spec: str | None) -> WildRule:
    """Parse a comma list of ranks (2, 10, K), cards (Kh), joker, lowest, lowest-hole, center."""
    ranks: set[int] = set()
    cards: set[Card] = set()
    flags = dict.fromkeys(("joker", "lowest_hole", "lowest", "center"), False)
    text = spec or ""
    if not isinstance(text, str):
        raise RulesError(f"wild spec {spec!r}: expected text such as '2,Kh' or 'joker'")
    for token in text.replace(" ", ",").split(","):
        word = token.strip()
        lowered = word.lower()
        if not word or lowered == "none":
            continue
        if lowered in ("joker", "jokers", "jk"):
            flags["joker"] = True
        elif lowered in ("lowest-hole", "lowest", "center"):
            flags[lowered.replace("-", "_")] = True
        elif (rank := RANK_VALUE.get("T" if word == "10" else word.upper())) is not None:
            ranks.add(rank)
        else:
            try:
                cards.add(parse_card(word))
            except CardError:
                raise RulesError(
                    f"unknown wild token {word!r} in {text!r}: expected a rank (2..A), a card "
                    f"(Kh), joker, lowest, lowest-hole or center") from None
    return WildRule(frozenset(ranks), frozenset(cards), spec=text, **flags)
