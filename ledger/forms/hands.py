"""The table's forms: a game called and a hand entered (the table's record, checked by the
rules)."""

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django import forms
from django.forms.boundfield import BoundField
from django.utils.translation import gettext_lazy as _

from rules.cards import deck, parse_card
from rules.errors import RulesError
from rules.games.definition import GameDef
from rules.games.drops import dropped_players, lets_everybody_drop, wimp_rule
from rules.games.hand_types import Dummy, HandInput, Seat
from rules.games.payout import game_sides
from rules.games.up_cards import card_spec, matches

from .fields import KeyedForm, MoneyField, RosterForm, _player_field

if TYPE_CHECKING:   # a lazily translated label
    from django.utils.functional import _StrPromise as Words

SPLITS = [("", "as the game says"), ("high", "high"), ("low", "low"),
          ("cards-talk", "cards talk: high and low split"), ("declare", "declare")]
LOWS = [("", "as the game says"), ("house", "house (S7)"), ("a5", "ace-to-five"),
        ("27", "deuce-to-seven"), ("a6", "ace-to-six"), ("8-or-better", "8 or better")]
POT_RULES = [("", "as the game says"), ("winner-takes", "winner takes the pot"),
             ("match", "losers match the pot"), ("burn", "losers burn")]
TIES = [("", "as the game says"), ("split", "split"), ("goal-post", "goal-post (P6)")]
PIGGING = [("", "as the game says"), ("house", "win each side outright (P1)"),
           ("win-or-tie", "win or tie each side"), ("share-ties", "share ties")]
OPTION_FIELDS = ("wild", "split", "low", "low_qualifier", "high_qualifier", "pot_rule",
                 "burn_cap", "ties", "pigging")


class GameCallForm(RosterForm):
    """The dealer calls a game: a catalog game, changed as the dealer likes (S12)."""

    game = forms.ChoiceField(label=_("Game"))
    wild = forms.CharField(label=_("Wild cards"), required=False, max_length=60,
                           help_text=_("e.g. 2, joker, lowest-hole, center"))
    split = forms.ChoiceField(label=_("Split"), choices=SPLITS, required=False)
    low = forms.ChoiceField(label=_("Low"), choices=LOWS, required=False)
    low_qualifier = forms.CharField(label=_("Low qualifier (highest card of a low)"),
                                    required=False, max_length=2)
    high_qualifier = forms.CharField(label=_("High qualifier (worst high that wins)"),
                                     required=False, max_length=30)
    pot_rule = forms.ChoiceField(label=_("Pot"), choices=POT_RULES, required=False)
    burn_cap = forms.CharField(label=_("Burn cap"), required=False, max_length=10)
    ties = forms.ChoiceField(label=_("Ties"), choices=TIES, required=False)
    pigging = forms.ChoiceField(label=_("Going both ways"), choices=PIGGING, required=False)
    save_as = forms.CharField(label=_("Save these rules for the house as"), required=False,
                              max_length=60, help_text=_("A name, to call this game again later."))

    def __init__(self, *args: Any,
                 games: Iterable[tuple[str, str | list[tuple[str, str]]]] = (),
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game"]
        assert isinstance(game, forms.ChoiceField)  # declared above
        game.choices = [("", _("— which game? —")), *games]
        self.fields["dealer"] = _player_field(_("Dealer"), self.roster, empty=_("— who deals? —"))
        self.order_fields(["game", "dealer"])

    def options(self) -> dict[str, str]:
        return {name: self.cleaned_data[name].strip() for name in OPTION_FIELDS
                if self.cleaned_data.get(name, "").strip()}


def _cards_field(label: "str | Words", example: str = "As Kd 10h", count: int | None = None,
                 spoken: str = "", extra: Mapping[str, str] | None = None) -> forms.CharField:
    attrs = {"autocomplete": "off", "autocapitalize": "off", "spellcheck": "false",
             "aria-label": spoken or f"{label} cards", "data-cards": "1",
             "placeholder": example, **(extra or {})}
    if count:
        attrs["data-count"] = str(count)     # the picker moves on once it holds this many
    return forms.CharField(label=label, required=False, max_length=120,
                           widget=forms.TextInput(attrs=attrs))


def _tokens(text: str) -> list[str]:
    return text.replace(",", " ").split()


def card_kinds(game: GameDef) -> dict[str, tuple[str, int | None]]:
    """The card fields a player has, {kind: (label, count)}: one in a draw game (or a game of
    up cards only), two in stud (down and up), and a third for the extra down cards a
    face-up card gives where the game has them (H2, baseball's face-up 4)."""
    if game.down and game.up:
        kinds: dict[str, tuple[str, int | None]] = {"down": ("down", game.down),
                                                    "up": ("up", game.up)}
        if game.extra_down:     # H2: a face-up 4 gives one more down card, in a field of its own
            kinds["extra"] = ("extra", None)
        return kinds
    if game.down == 0 and game.up:
        return {"up": ("cards", game.up)}
    return {"down": ("cards", game.down)}


def picker_rows(game: GameDef) -> list[list[tuple[str, str, bool]]]:
    """The card picker's cards, a row per suit (and the joker when the game's deck has one):
    (token, label, red) such as ("Th", "10♥", True)."""
    ranks = "AKQJT98765432"
    suits = (("s", "♠", False), ("h", "♥", True), ("d", "♦", True), ("c", "♣", False))
    held = {str(card) for card in deck(game.deck)}       # short deck (H6): no 2s to 5s
    rows = [[(f"{r}{s}", f"{'10' if r == 'T' else r}{symbol}", red) for r in ranks
             if f"{r}{s}" in held] for s, symbol, red in suits]
    if "joker" in game.deck:
        rows.append([("JK", "Joker", False)])
    return rows


EMPTY_HAND = "Mark who won, or enter the cards: nobody is marked and no card is entered."
CARD_HINT = "type rank then suit: As, 10h, Kd; JK for a joker"
_PLAYER_PATH = re.compile(r"^players\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?$")
_FIELD_OF_PLAYER = re.compile(r"^p(\d+)_(down|up|extra|award|declare|go|folded|won)")


def side_field(side: str) -> str:
    """A side as a field name's end: "high", "spade", "board1_high" (H7's "board1 high")."""
    return side.replace(" ", "_")


def declare_choices(game: GameDef) -> list[tuple[str, str]]:
    """What a player may declare, in the game's own words where it has them (H4: 7, 27)."""
    words = {side: word for word, side in game.declare_words.items()}
    return [("", "—"), *((d, words.get(d, d)) for d in game.declarations)]


def extra_cards(game: GameDef) -> str:
    """The cards of the game's deck that give an extra down card dealt face up (H2), for the
    picker: the extra field wants one card for each of them among the player's up cards."""
    rule = card_spec(game.extra_down, "extra_down")
    return " ".join(str(card) for card in deck(game.deck) if matches(rule, card))


class HandForm(KeyedForm):
    """A hand of the game at the table, entered by who won each side or by the cards; where
    everybody may drop (drops.py), "everybody dropped" is a third way.

    The page adapts to the game: a player holds one field of cards in a draw game (or a game
    of up cards only) and two, down and up, in a stud game; the board has a field per
    position and the dummy one of its own, only where the game has them."""

    MODES = [("winners", _("By who won")), ("cards", _("By the cards"))]
    DROPPED = ("dropped", _("Everybody dropped"))

    mode = forms.ChoiceField(label=_("Enter the hand"), choices=MODES, initial="winners",
                             widget=forms.RadioSelect)
    pot = MoneyField(label=_("Pot"), required=False, allow_zero=True,
                     help_text=_("What the last hand left, plus the antes and bets of this one."))
    last_round = forms.BooleanField(label=_("Last round: losers pay the winners directly (P5)"),
                                    required=False)
    confirm_duplicate = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, players: Sequence[str] = (), game: GameDef,
                 settings: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.game = game
        self.sides = list(game_sides(game))    # high, low, the spade (H3), a board's (H7)
        self.drops = lets_everybody_drop(game)
        self.wimp = wimp_rule(game, settings or {}) != "none"
        mode = self.fields["mode"]
        assert isinstance(mode, forms.ChoiceField)  # declared above
        if self.drops:
            mode.choices = [*self.MODES, self.DROPPED]
            if self.wimp:
                self.fields["best"] = forms.ChoiceField(
                    label=_("Who held the best hand? (pays by the wimp rule, P11)"),
                    required=False, choices=[("", _("— who? —")), *((n, n) for n in self.players)])
        self.kinds = card_kinds(game)
        for index in range(len(self.players)):
            for side in self.sides:
                self.fields[f"p{index}_won_{side_field(side)}"] = forms.BooleanField(
                    label=_("won %(side)s") % {"side": side} if len(self.sides) > 1
                    else _("won"), required=False)
            self.fields[f"p{index}_folded"] = forms.BooleanField(label=_("folded"), required=False)
            if game.split == "declare":
                self.fields[f"p{index}_declare"] = forms.ChoiceField(
                    label=_("declared"), required=False,
                    choices=declare_choices(game))
            if game.go_stop:
                self.fields[f"p{index}_go"] = forms.BooleanField(label=_("went"), required=False,
                                                                  initial=True)
            for kind, (label, count) in self.kinds.items():
                example = {"down": "down: As Kd", "up": "up: 10h 9c", "cards": "As Kd 10h",
                           "extra": "extra down"}
                # the extra field (H2) wants a card for each up card that gives one
                extra = {"data-extra-of": f"id_p{index}_up",
                         "data-extra-cards": extra_cards(game)} if kind == "extra" else None
                self.fields[f"p{index}_{kind}"] = _cards_field(
                    label, example[label], count, spoken=self._card_words(index, kind),
                    extra=extra)
            self.fields[f"p{index}_award"] = MoneyField(label=_("award"), required=False,
                                                        allow_zero=True)
        for position in game.board:
            self.fields[f"board_{position.name}"] = _cards_field(
                position.name, count=position.count,
                spoken="the shared cards" if position.name == "community"
                else f"the board's {position.name}")
        if game.dummy is not None:     # the old man, the kitty, the ghost hand (P9, P14)
            self.dummy = game.dummy.name
            self.fields["dummy_cards"] = _cards_field(
                game.dummy.name, count=game.dummy.cards or (game.down or 0) + game.up,
                spoken=f"{game.dummy.name}'s cards")
            for side in self.sides:
                self.fields[f"dummy_won_{side}"] = forms.BooleanField(
                    label=f"{game.dummy.name} not beaten ({side})", required=False)

    def _card_words(self, index: int, kind: str) -> str:
        """"Ann's down cards", or "Ann's cards" where a player holds one field of cards."""
        name = self.players[index]
        if kind == "extra":
            return f"{name}'s extra down cards"
        return f"{name}'s cards" if len(self.kinds) == 1 else f"{name}'s {kind} cards"

    # -- errors: in the banker's words, on the field they are about ----------------------

    def field_for(self, path: object) -> str | None:
        """The form field a refusal points at: a field name as is, or the rules' place in the
        hand ("players[1].down", "players[0]", "board.flop", "dummy"); None for the top."""
        if not isinstance(path, str):
            return None
        if path in self.fields:
            return path
        found = _PLAYER_PATH.match(path)
        if found is not None and int(found[1]) < len(self.players):
            index, part = int(found[1]), found[2]
            cards = [f"p{index}_{kind}" for kind in self.kinds if kind != "extra"]
            if part == "down" and found[3] is not None and "extra" in self.kinds \
                    and int(found[3]) >= (self.game.down or 0):
                return f"p{index}_extra"        # a down card beyond the game's: an extra (H2)
            by_cards = self.data.get("mode") == "cards" if self.is_bound else False
            candidates = {"down": cards[:1] if "down" in self.kinds else cards,
                          "up": cards[-1:] if "up" in self.kinds else cards,
                          "declare": [f"p{index}_declare"], "go": [f"p{index}_go"],
                          "won": [f"p{index}_won_{side_field(self.sides[0])}"],
                          "in": [f"p{index}_folded"], "folded": [f"p{index}_folded"],
                          "best": ["best"]}.get(part or "", cards if by_cards
                                                else [f"p{index}_won_{side_field(self.sides[0])}"])
            return next((name for name in candidates if name in self.fields), None)
        if path.startswith("board."):
            name = f"board_{path[6:]}"
            return name if name in self.fields else None
        if path.startswith("dummy") and "dummy_cards" in self.fields:
            return "dummy_cards"
        return None

    def add_error(self, field: str | None, error: Any) -> None:
        """Errors go on the field they are about (a rules place is translated), say whose it
        is ("Ann's typed award: ..."), and the field is marked: aria-invalid (Django) and the
        class `invalid`, what was typed kept."""
        name = self.field_for(field) if field is not None else None
        found = _FIELD_OF_PLAYER.match(name or "")
        if found is not None and not isinstance(error, dict):
            player = self.players[int(found[1])]
            words = {"down": "down cards", "up": "up cards", "extra": "extra down cards",
                     "award": "typed award",
                     "declare": "declaration", "go": "went", "folded": "folded"}.get(
                found[2], "win")
            if len(self.kinds) == 1 and found[2] in ("down", "up"):
                words = "cards"
            messages = error.messages if isinstance(error, forms.ValidationError) else [error]
            error = forms.ValidationError([
                str(m) if str(m).startswith((f"{player}'s ", f"{player}:"))
                else f"{player}'s {words}: {m}"
                for m in messages])
        super().add_error(name, error)
        for name in self.errors:
            if name in self.fields:
                widget = self.fields[name].widget
                classes = widget.attrs.get("class", "").split()
                if "invalid" not in classes:
                    widget.attrs["class"] = " ".join([*classes, "invalid"])

    # -- checks before the rules see the hand --------------------------------------------

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        mode = data.get("mode")
        if mode == "cards":
            self._check_cards(data)
        if mode and not self.errors:
            self._check_not_empty(data, mode)
        return data

    def _card_fields(self) -> list[tuple[str, str]]:
        """(field name, the field in the banker's words) of every field of cards."""
        named = [(f"p{index}_{kind}", self._card_words(index, kind))
                 for index in range(len(self.players)) for kind in self.kinds]
        named += [(f"board_{p.name}", "The shared cards" if p.name == "community"
                   else f"The board's {p.name}") for p in self.game.board]
        if self.game.dummy is not None:
            named.append(("dummy_cards", f"{self.game.dummy.name}'s cards"))
        return named

    def _check_cards(self, data: dict[str, Any]) -> None:
        for name, words in self._card_fields():
            for token in _tokens(data.get(name) or ""):
                try:
                    parse_card(token)
                except RulesError:
                    self.add_error(name, f"{words}: '{token}' is not a card ({CARD_HINT}).")
                    break

    def _folded(self, data: dict[str, Any], index: int) -> bool:
        return bool(data.get(f"p{index}_folded"))

    def _check_not_empty(self, data: dict[str, Any], mode: str) -> None:
        """A hand with nobody marked and no card is refused (it would end the game with
        nobody winning); so is everybody folding where the last player in takes the pot."""
        if mode == "dropped":
            if self.wimp and not data.get("best"):
                self.add_error("best", _("Who held the best hand? With the wimp rule (P11) that "
                                       "player pays into the pot."))
            return
        everyone = range(len(self.players))
        if self.players and all(self._folded(data, i) for i in everyone):
            if not self.drops:
                raise forms.ValidationError(
                    f"Everybody folded: in {self.game.name} the last player in takes the pot. "
                    "Mark who won.")
            return      # everybody dropped (drops.py): the pot stays
        if mode == "cards":
            if not any(_tokens(data.get(name) or "") for name, _ in self._card_fields()):
                raise forms.ValidationError(EMPTY_HAND)
            return
        marked = any(data.get(f"p{i}_won_{side_field(side)}") for i in everyone
                     for side in self.sides)
        marked = marked or any(data.get(f"dummy_won_{side}") for side in self.sides)
        nobody_went = self.game.go_stop and not any(
            data.get(f"p{i}_go") for i in everyone if not self._folded(data, i))
        if not marked and not nobody_went:
            raise forms.ValidationError(EMPTY_HAND)

    # -- the page's pieces ---------------------------------------------------------------

    def awards_typed(self) -> bool:
        """Were awards typed (or refused)? A phone then shows their fields from the start."""
        return self.is_bound and any(
            (self.data.get(f"p{i}_award") or "").strip() or self[f"p{i}_award"].errors
            for i in range(len(self.players)))

    def rows(self) -> list[dict[str, Any]]:
        """Per player, the bound fields the template lays out in one row."""
        rows = []
        for index, name in enumerate(self.players):
            fields = {key.split("_", 1)[1]: self[key] for key in self.fields
                      if key.startswith(f"p{index}_")}
            cards = [self[f"p{index}_{kind}"] for kind in self.kinds]
            rows.append({"name": name, **fields, "cards": cards,
                         "won": [self[f"p{index}_won_{side_field(side)}"]
                                 for side in self.sides]})
        return rows

    def card_rows(self) -> list[list[tuple[str, str, bool]]]:
        return picker_rows(self.game)

    def board_fields(self) -> list[BoundField]:
        return [self[f"board_{p.name}"] for p in self.game.board]

    def dummy_fields(self) -> list[BoundField]:
        """The dummy hand's cards and, for a hand by who won, the sides it was not beaten on."""
        if self.game.dummy is None:
            return []
        return [self["dummy_cards"], *(self[f"dummy_won_{s}"] for s in self.sides)]

    def hand(self, *, typed: bool = True) -> HandInput:
        """The hand as the rules read it (ARCHITECTURE.md: by winners or by cards)."""
        data = self.cleaned_data
        by_cards = data["mode"] == "cards"
        pot, last_round = data.get("pot"), True if data.get("last_round") else None
        if data["mode"] == "dropped":       # everybody dropped (drops.py)
            seats = dropped_players(self.players, data.get("best") or None)
            return HandInput(players=tuple(Seat.from_json(p, "players") for p in seats),
                             pot=pot, last_round=last_round)
        players, awards = [], {}
        for index, name in enumerate(self.players):
            folded = bool(data.get(f"p{index}_folded"))
            cards = {kind: tuple(_tokens(data.get(f"p{index}_{kind}") or ""))
                     for kind in ("down", "up", "extra")} if by_cards else {}
            if cards.get("extra"):          # the extra down cards (H2) after the game's
                cards["down"] += cards["extra"]
            players.append(Seat(
                name=name,
                stayed=False if folded and by_cards else None,   # the showdown's word for it
                folded=True if folded and not by_cards else None,
                declare=data.get(f"p{index}_declare") or None,
                go=bool(data.get(f"p{index}_go")) if self.game.go_stop else None,
                down=cards.get("down"), up=cards.get("up"),
                won=None if by_cards else tuple(
                    s for s in self.sides if data.get(f"p{index}_won_{side_field(s)}"))))
            if data.get(f"p{index}_award") is not None:
                awards[name] = data[f"p{index}_award"]
        board = {p.name: tuple(_tokens(data[f"board_{p.name}"])) for p in self.game.board} \
            if by_cards and self.game.board else None
        dummy = self._dummy(self.game.dummy.name, by_cards) if self.game.dummy else None
        return HandInput(players=tuple(players), board=board, dummy=dummy,
                         awards={n: a for n, a in awards.items() if a} if typed and awards
                         else None, pot=pot, last_round=last_round)

    def _dummy(self, name: str, by_cards: bool) -> Dummy | None:
        data = self.cleaned_data
        if by_cards:
            cards = _tokens(data["dummy_cards"])
            return Dummy(name=name, down=tuple(cards)) if cards else None
        won = [s for s in self.sides if data.get(f"dummy_won_{s}")]
        return Dummy(name=name, won=tuple(won)) if won else None

