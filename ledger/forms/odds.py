"""The odds of the game called: the cards seen at the table, each seat's chance (rules.odds).

The form has the card fields of the game called, as the hand page does (one field a seat in a
draw or hold'em game, down and up in stud, a field per board position, the dummy's), a
"folded" box a seat and the dead cards. It reads, it writes nothing: no key. The rules check
every card; a refusal goes on the field it is about, in the banker's words ("Bob's cards: card
As is seen twice (also in Ann's cards)").
"""

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.forms.boundfield import BoundField
from django.utils.translation import gettext_lazy as _

from rules.errors import RulesError
from rules.games.definition import GameDef

from .hands import _cards_field, _tokens, card_kinds, extra_cards, picker_rows

_PLAYER = re.compile(r"^players\[(\d+)\](?:\.(down|up)(?:\[(\d+)\])?)?")
_PLACE = re.compile(r"players\[(\d+)\]\.(down|up)\[\d+\]|board\.(\w+)\[\d+\]|dead\[\d+\]"
                    r"|dummy\.(?:down|up)\[\d+\]")


class OddsForm(forms.Form):
    """The cards seen of the game called, for its seats (`players`, the night's names)."""

    def __init__(self, *args: Any, players: Sequence[str], game: GameDef,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.game = game
        self.kinds = card_kinds(game)
        for index in range(len(self.players)):
            self.fields[f"p{index}_folded"] = forms.BooleanField(label=_("folded"), required=False)
            for kind, (label, count) in self.kinds.items():
                # the extra down cards a face-up card gives (H2), as on the hand page
                extra = {"data-extra-of": f"id_p{index}_up",
                         "data-extra-cards": extra_cards(game)} if kind == "extra" else None
                self.fields[f"p{index}_{kind}"] = _cards_field(
                    label, {"down": "down: As Kd", "up": "up: 10h 9c",
                            "extra": "extra down"}.get(label, "As Kd"),
                    count, spoken=self._words(index, kind), extra=extra)
        for position in game.board:
            self.fields[f"board_{position.name}"] = _cards_field(
                position.name, count=position.count, spoken=self._board_words(position.name))
        self.dummy = game.dummy.name if game.dummy is not None else ""
        if game.dummy is not None:
            self.fields["dummy_cards"] = _cards_field(
                self.dummy, count=game.dummy.cards or (game.down or 0) + game.up,
                spoken=f"{self.dummy}'s cards")
        self.fields["dead"] = _cards_field(
            _("Dead cards"), "folded or burned: 7c 2d", spoken="the dead cards")
        self.fields["dead"].help_text = "Cards seen folded or burned: out of the deck."

    def _words(self, index: int, kind: str) -> str:
        name = self.players[index]
        if kind == "extra":
            return f"{name}'s extra down cards"
        return f"{name}'s cards" if len(self.kinds) == 1 else f"{name}'s {kind} cards"

    @staticmethod
    def _board_words(name: str) -> str:
        return "the shared cards" if name == "community" else f"the board's {name}"

    # -- the question, and the rules' answer when they refuse it ---------------------------

    def question(self, game: object, options: Mapping[str, object],
                 round_: int) -> dict[str, object]:
        """The odds input (ARCHITECTURE.md, `rules odds`) of the cards typed."""
        data = self.cleaned_data
        players = []
        for index, name in enumerate(self.players):
            seat: dict[str, object] = {"name": name}
            for kind in self.kinds:
                seat[kind] = _tokens(data.get(f"p{index}_{kind}") or "")
            extra = seat.pop("extra", [])       # the extra down cards (H2) after the game's
            if isinstance(extra, list) and extra:
                seat["down"] = [*_tokens(data.get(f"p{index}_down") or ""), *extra]
            if data.get(f"p{index}_folded"):
                seat["folded"] = True
            players.append(seat)
        question: dict[str, object] = {
            "game": game, "options": dict(options), "round": round_, "players": players,
            "board": {p.name: _tokens(data.get(f"board_{p.name}") or "")
                      for p in self.game.board},
            "dead": _tokens(data.get("dead") or "")}
        dummy = _tokens(data.get("dummy_cards") or "")
        if dummy:
            question["dummy"] = {"name": self.dummy, "down": dummy}
        return question

    def folded(self) -> frozenset[str]:
        """The seats marked folded."""
        return frozenset(name for index, name in enumerate(self.players)
                         if self.cleaned_data.get(f"p{index}_folded"))

    def refuse(self, error: RulesError) -> None:
        """The rules' sentence on the field it is about, its places named in words."""
        field = self.field_for(error.path)
        reason = _PLACE.sub(self._place_words, error.reason)
        words = self._field_words(field)
        self.add_error(field, f"{words}: {reason}" if words else reason)

    def field_for(self, path: str) -> str | None:
        """The field a place of the rules' input is ("players[1].down[0]", "board.flop",
        "dead[2]"); None for the top of the form."""
        found = _PLAYER.match(path)
        if found is not None and int(found[1]) < len(self.players):
            kind = found[2] if found[2] in self.kinds else next(iter(self.kinds))
            if kind == "down" and found[3] is not None and "extra" in self.kinds \
                    and int(found[3]) >= (self.game.down or 0):
                kind = "extra"                  # a down card beyond the game's (H2)
            return f"p{found[1]}_{kind}"
        if path.startswith("board."):
            field = "board_" + re.split(r"[.\[]", path[len("board."):])[0]
        elif path.startswith("dummy"):
            field = "dummy_cards"
        elif path.startswith("dead"):
            field = "dead"
        else:
            return None
        return field if field in self.fields else None

    def _field_words(self, field: str | None) -> str:
        if field is None:
            return ""
        found = re.fullmatch(r"p(\d+)_(down|up|extra)", field)
        if found is not None:
            return self._words(int(found[1]), found[2])
        if field.startswith("board_"):
            words = self._board_words(field[6:])
            return words[:1].upper() + words[1:]
        return {"dead": "The dead cards", "dummy_cards": f"{self.dummy}'s cards"}.get(field, "")

    def _place_words(self, found: re.Match[str]) -> str:
        """A place in a sentence of the rules, in words: "players[0].down[1]" -> "Ann's
        cards"."""
        text = found[0]
        if found[1] is not None:
            index = int(found[1])
            if index < len(self.players):
                kind = found[2] if found[2] in self.kinds else next(iter(self.kinds))
                return self._words(index, kind)
            return text
        if found[3] is not None:
            return self._board_words(found[3])
        if text.startswith("dead"):
            return "the dead cards"
        return f"{self.dummy}'s cards"

    # -- the page's pieces -----------------------------------------------------------------

    def rows(self) -> list[dict[str, Any]]:
        """Per seat: its name, its "folded" box and its card fields."""
        return [{"name": name, "folded": self[f"p{index}_folded"],
                 "cards": [self[f"p{index}_{kind}"] for kind in self.kinds]}
                for index, name in enumerate(self.players)]

    def board_fields(self) -> list[BoundField]:
        return [self[f"board_{p.name}"] for p in self.game.board]

    def card_rows(self) -> list[list[tuple[str, str, bool]]]:
        return picker_rows(self.game)
