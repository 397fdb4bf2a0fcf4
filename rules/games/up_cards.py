"""Mechanics read from the up cards as they were dealt (POPULAR_GAMES.md H1, H2).

The order of the up cards: dealing goes round the table in the order of the showdown's
`players`, one card a street to each player still in, and each player's `up` lists their up
cards in the order dealt. So the n-th up card of every player, seat after seat, is one street;
a player who folded early has fewer up cards, and those they had were seen and count.

- **A follow card** (`GameDef.follow`, H1 Follow the Queen): whenever a follow card (a rank
  such as `Q`, or cards such as `Qh,Qd`) is dealt face up, the next up card dealt names a wild
  rank, replacing any rank named before; a follow card dealt after it cancels that rank at
  once, so a follow card with no up card after it leaves no named rank, and a follow card
  followed by another follow card waits for the card after that one. A joker names no rank
  (the card after it counts). `followed(game, seats)` walks the deal and says which rank is
  named, and why.
- **Extra down cards** (`GameDef.extra_down`, H2 Baseball): every up card the spec names (a
  rank such as `4`, or cards) gives its holder one more down card; `extra_allowed` counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import RANK_NAME, RANK_PLURAL, SUITS, Card
from ..errors import RulesError
from ..evaluator import WildRule, parse_wild
from ..evaluator.wildspec import WildSet
from .card_words import wild_spec_words

STREETS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth",
           7: "seventh", 8: "eighth"}


@lru_cache(maxsize=64)
def card_spec(spec: str, field: str) -> WildRule:
    """A comma list of ranks and cards (`Q`, `Qh,Qd`, `4`); anything else is refused, naming
    the field and the token."""
    tokens = [t.strip() for t in spec.replace(" ", ",").split(",") if t.strip()]
    if not tokens:
        raise RulesError(f"{field}: expected a rank such as Q or cards such as Qh,Qd, got "
                         f"{spec!r}")
    for token in tokens:
        try:
            rule = parse_wild(token)
        except RulesError:
            rule = None
        if rule is None or not (rule.ranks or rule.cards):
            raise RulesError(f"{field}: {token!r} is not a rank or a card; expected a rank "
                             "such as Q or cards such as Qh,Qd")
    return parse_wild(",".join(tokens))


def matches(rule: WildRule, card: Card) -> bool:
    return not card.is_joker and (card.rank in rule.ranks or card in rule.cards)


def spec_words(rule: WildRule) -> str:
    """'queen', 'the Q♥ or the Q♦'."""
    symbols = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
    words = [RANK_NAME[rank] for rank in sorted(rule.ranks, reverse=True)]
    words += [f"the {str(card)[:-1]}{symbols[card.suit]}" for card in
              sorted(rule.cards, key=lambda c: (-c.rank, c.suit))]
    return " or ".join(words)


def first_up_street(down: int | None, up: int) -> int:
    """The street of a player's first up card: seven-card stud deals two down first (the
    seventh card down), five-card stud one."""
    total = (down or 0) + up
    before = (down or 0) - 1 if total >= 7 and (down or 0) >= 1 else (down or 0)
    return before + 1


def up_order(seats: Sequence[tuple[str, Sequence[Card]]]) -> list[tuple[str, int, Card]]:
    """Every up card in the order dealt: (player, street index from 0, card)."""
    order = []
    streets = max((len(up) for _, up in seats), default=0)
    for street in range(streets):
        for name, up in seats:
            if street < len(up):
                order.append((name, street, up[street]))
    return order


@dataclass(frozen=True)
class Followed:
    """The rank a follow card named (None: none), and the sentence saying why."""

    rank: int | None
    reason: str

    def wild(self) -> WildSet:
        if self.rank is None:
            return WildSet()
        cards = {Card(self.rank, suit) for suit in SUITS}
        return WildSet(cards, {self.rank: self.note})

    @property
    def note(self) -> str:
        """The short reason a hand's wild clause carries."""
        if self.rank is None:
            return ""
        return f"{RANK_PLURAL[self.rank]} are wild as the card after the last face-up follow card"


def followed(game_follow: str, seats: Sequence[tuple[str, Sequence[Card]]], *,
             first_street: int = 3, wild_words: str = "") -> Followed:
    """Walk the up cards as dealt and name the followed rank (H1)."""
    rule = card_spec(game_follow, "follow")
    what = spec_words(rule)
    named: tuple[int, str] | None = None          # (rank, sentence)
    waiting: tuple[str, int, Card] | None = None  # the follow card waiting for its next card
    for name, street, card in up_order(seats):
        if matches(rule, card):
            waiting = (name, street, card)
            named = None
            continue
        if waiting is not None and not card.is_joker:
            by, at, queen = waiting
            when = f"on {_street(at, first_street)} street"
            if at != street:
                when += f", the {card} on {_street(street, first_street)}"
            named = (card.rank,
                     f"{RANK_PLURAL[card.rank].capitalize()} are wild: {name}'s {card} was the "
                     f"next card dealt face up after {by}'s {queen}, {when}"
                     + (f"; {wild_words} are wild too" if wild_words else "") + " (H1).")
            waiting = None
    if named is not None:
        return Followed(named[0], named[1])
    base = f"only {wild_words} are wild" if wild_words else "no rank is wild by following"
    if waiting is not None:
        by, at, queen = waiting
        said = _street(at, first_street)
        return Followed(None, f"{base[0].upper()}{base[1:]}: no card was dealt face up after "
                              f"{by}'s {queen} on {said} street, so it names no rank (H1).")
    return Followed(None, f"{base[0].upper()}{base[1:]}: no {what} was dealt face up, so no "
                          "card follows one (H1).")


def _street(index: int, first_street: int) -> str:
    number = index + first_street
    return STREETS.get(number, f"street {number}")


def table_followed(game_follow: str, wild: str, down: int | None, up: int,
                   seats: Sequence[tuple[str, Sequence[Card]]]) -> Followed:
    """`followed` with the street numbers and the words of a game's own wild cards."""
    return followed(game_follow, seats, first_street=first_up_street(down, up),
                    wild_words=wild_spec_words(wild))


def extra_allowed(spec: str, up: Sequence[Card]) -> int:
    """How many extra down cards a player's up cards give (H2: one per face-up 4)."""
    if not spec:
        return 0
    rule = card_spec(spec, "extra_down")
    return sum(matches(rule, card) for card in up)


def check_dealt(game_id: str, down_dealt: int | None, up_dealt: int, extra: str,
                down: Sequence[Card], up: Sequence[Card], where: str) -> int:
    """The extra down cards a player may hold (H2), checked: a down card beyond the game's
    down cards and the extras their face-up cards give is refused, naming it. Returns how many
    down cards the player is dealt in all."""
    extras = extra_allowed(extra, up)
    if down_dealt is None:
        return len(down)
    allowed = down_dealt + extras
    if extra and len(down) > allowed:
        rule = card_spec(extra, "extra_down")
        what = spec_words(rule)
        have = (f"{extras} face-up {what}{'s' if extras != 1 else ''}" if extras
                else f"no face-up {what}")
        raise RulesError(f"{where}.down[{allowed}]: the {down[allowed]} is one down card too "
                         f"many: {game_id} deals {down_dealt} down and one more for each "
                         f"{what} dealt face up, and this player has {have} (H2)")
    return allowed
