"""Each entry's event as the journal stores it and the night file writes it: one frozen
dataclass a kind, one serializer (`to_json`), so the stored JSON and the export are written in
one place. The keys and their order are those of `banker-session/1`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.money import format_cents, parse_cents

JSON = dict[str, object]


@dataclass(frozen=True)
class Buy:
    player: str
    amount: int
    paid: str
    seller: str | None = None   # None: the bank

    def to_json(self) -> JSON:
        data: JSON = {"type": "buy", "player": self.player, "amount": format_cents(self.amount),
                      "paid": self.paid}
        if self.seller is not None:
            data["from"] = self.seller
        return data


@dataclass(frozen=True)
class Cashout:
    player: str
    chips: Mapping[str, int]     # the colours counted, none of them zero

    def to_json(self) -> JSON:
        return {"type": "cashout", "player": self.player, "chips": dict(self.chips)}


@dataclass(frozen=True)
class CountDifference:
    amount: int
    reason: str

    def to_json(self) -> JSON:
        return {"type": "count_difference", "amount": format_cents(self.amount),
                "reason": self.reason}


@dataclass(frozen=True)
class FinalPot:
    winner: str

    def to_json(self) -> JSON:
        return {"type": "final_pot", "winner": self.winner}


@dataclass(frozen=True)
class Note:
    """Notes committed or voided; `holder` and `amount` name one note precisely (or `holder`
    alone the notes of one holder), so the import closes the very same notes."""

    player: str
    action: str
    holder: str | None = None
    amount: int | None = None

    def to_json(self) -> JSON:
        data: JSON = {"type": "note", "player": self.player, "action": self.action}
        if self.holder is not None:
            data["holder"] = self.holder
        if self.amount is not None:
            data["amount"] = format_cents(self.amount)
        return data


@dataclass(frozen=True)
class Pay:
    player: str
    to: str
    amount: int

    def to_json(self) -> JSON:
        return {"type": "pay", "player": self.player, "to": self.to,
                "amount": format_cents(self.amount)}


@dataclass(frozen=True)
class Warning:
    player: str

    def to_json(self) -> JSON:
        return {"type": "warning", "player": self.player}


@dataclass(frozen=True)
class Penalty:
    player: str
    amount: int

    def to_json(self) -> JSON:
        return {"type": "penalty", "player": self.player, "amount": format_cents(self.amount)}


@dataclass(frozen=True)
class Call:
    game: str | Mapping[str, object]
    dealer: str
    options: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> JSON:
        game = self.game if isinstance(self.game, str) else dict(self.game)
        data: JSON = {"type": "call", "game": game, "dealer": self.dealer}
        if self.options:
            data["options"] = dict(self.options)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Call:
        """A stored call read back; what a row of before kept otherwise reads as nothing
        (no game: ""; no dealer: ""; no options)."""
        game, dealer, options = data.get("game"), data.get("dealer"), data.get("options")
        return cls(game=game if isinstance(game, str | dict) else "",
                   dealer=dealer if isinstance(dealer, str) else "",
                   options=dict(options) if isinstance(options, dict) else {})


@dataclass(frozen=True)
class Hand:
    """A hand: what was entered and the rules' result, already in the contract's JSON."""

    data: Mapping[str, object]

    def to_json(self) -> JSON:
        return dict(self.data)


@dataclass(frozen=True)
class Reversal:
    entry: int          # the corrected entry's reference (its row id once written)
    reason: str

    def to_json(self) -> JSON:
        return {"type": "reverse", "entry": self.entry, "reason": self.reason}


@dataclass(frozen=True)
class GuestMove:
    """A guest's debt on THE BOOK moved to the regular who invited them at the close (B9)."""

    guest: str
    inviter: str
    amount: int

    def to_json(self) -> JSON:
        return {"guest": self.guest, "inviter": self.inviter, "amount": format_cents(self.amount)}


# What the journal keeps of an event beyond what the night file says: the close's debt moves
# are the close's own result, computed again when a file's close is replayed.
KEPT_BESIDE_THE_EVENT = ("moves",)


@dataclass(frozen=True)
class Close:
    """The close (B8, B9): the event has no fields of its own; the journal keeps the guests'
    debt moves it made, so a player's page names them from the payload (never the memo)."""

    moves: tuple[GuestMove, ...] = ()

    def to_json(self) -> JSON:
        data: JSON = {"type": "close"}
        if self.moves:
            data["moves"] = [move.to_json() for move in self.moves]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Close:
        """A stored close read back; a close of before the moves were kept reads as none."""
        moves = data.get("moves")
        found = []
        for move in moves if isinstance(moves, list) else []:
            if isinstance(move, Mapping) and isinstance(move.get("guest"), str) \
                    and isinstance(move.get("inviter"), str):
                found.append(GuestMove(str(move["guest"]), str(move["inviter"]),
                                       parse_cents(str(move.get("amount", "0")))))
        return cls(moves=tuple(found))


@dataclass(frozen=True)
class Marker:
    """An event with no fields of its own: end_game, merge, opening."""

    type: str

    def to_json(self) -> JSON:
        return {"type": self.type}


Payload = (Buy | Cashout | CountDifference | FinalPot | Note | Pay | Warning | Penalty | Call
           | Hand | Reversal | Close | Marker)
