"""The table's hands on the tablet: call a game, enter each hand by who won or by the cards,
see what the rules make of it (who wins what, who owes what into the next pot, why), end the
game. Hands are the table's record: they move no money in the bank."""

from __future__ import annotations

from functools import partial
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from ledger import services
from ledger.forms import GameCallForm, HandForm, KeyedForm, whole_number
from ledger.house_settings import HouseSettings
from ledger.kept import kept_page
from ledger.models import Entry, HouseGame, Night
from ledger.pages import KeyedWrite, call_service
from ledger.permissions import banker_required
from ledger.selectors import (
    deal_state,
    games_called,
    house_games,
    saved_hand,
    seated_roster,
    table_game,
    table_record,
)
from ledger.types import Banker
from rules.errors import RulesError
from rules.games.drops import when_everybody_drops
from rules.games.options import apply_options
from rules.games.registry import all_games
from rules.games.search import Searched, searched
from rules.games.showdown_input import game_of
from rules.games.table import playable
from rules.games.words import FAMILIES, family, plain_words

from .common import dashboard_url, get_open_night, holder_required


def _hand_url(session: Night, entry: Entry | None = None) -> str:
    url = reverse("hand", args=[session.pk])
    return f"{url}?saved={entry.pk}" if entry is not None else url


def _words(definition: object, rules: HouseSettings) -> list[tuple[str, str]]:
    """A game's rules in plain words (rules/games/words.py) in the night's unit and currency;
    nothing for one the rules cannot read."""
    try:
        game, settings = apply_options(game_of({"game": definition, "round": 1}), {},
                                       unit=rules.unit)
    except RulesError:
        return []
    return [(topic, rules.in_currency(sentence))
            for topic, sentence in plain_words(game, settings, unit=rules.unit)]


class GameChoices:
    """The games the dealer calls from: grouped by family, the ones called tonight first, the
    house's own next, each with its rules in plain words."""

    def __init__(self, called: list[str | dict[str, Any]], rules: HouseSettings) -> None:
        self.game_rules = rules
        house: dict[str, HouseGame] = {f"house:{g.pk}": g for g in house_games()}
        self.house = house
        catalog = [g for g in all_games().values() if g.defined]
        names: dict[str, str] = {value: f"{g.name} (house)" for value, g in house.items()}
        names.update((g.id, g.name) for g in catalog)
        self.families: dict[str, str] = {value: "The house's games" for value in house}
        self.families.update((g.id, family(g)) for g in catalog)
        by_name = {str(g.definition.get("name")): value for value, g in house.items()}
        tonight = []
        for game in called[:5]:
            value = game if isinstance(game, str) else by_name.get(str(game.get("name")))
            if value in names and value not in tonight:
                tonight.append(value)
        groups: list[tuple[str, list[tuple[str, str]]]] = []
        if tonight:
            groups.append(("Called tonight", [(value, names[value]) for value in tonight]))
        if house:
            groups.append(("The house's games", [(v, names[v]) for v in house]))
        for name in FAMILIES:
            members = sorted((g.name.lower(), g.id) for g in catalog if family(g) == name)
            groups.append((name, [(value, names[value]) for _, value in members]))
        self.groups = groups
        self.names = names

    def rules(self) -> dict[str, dict[str, Any]]:
        """value -> {"name", "family", "words", "search"} for the page's search and rules
        panel; "search" is what rules/games/search.py ranks by, for the page's script."""
        return {value: {**entry, "search": self.searched(value, entry).page()}
                for value, entry in self._entries().items()}

    def _entries(self) -> dict[str, dict[str, Any]]:
        out = {}
        for value, name in self.names.items():
            definition: object = self.house[value].definition if value in self.house else value
            out[value] = {"name": name, "family": self.families[value],
                          "words": _words(definition, self.game_rules)}
        return out

    def searched(self, value: str, entry: dict[str, Any]) -> Searched:
        # a house game by its own name (the page's "(house)" is no name it goes by)
        name = str(self.house[value].name) if value in self.house else entry["name"]
        words = [" ".join(pair) for pair in entry["words"]]
        return searched(value, name, [entry["family"], *words])

    def search(self) -> list[Searched]:
        """The games as the call page's script searches them, in the select's order (the
        games called tonight first): rules/games/search.py ranks these for the tests."""
        entries = self._entries()
        order = [value for _, options in self.groups for value, _ in options]
        return [self.searched(value, entries[value]) for value in order]

    def definition(self, value: str) -> str | dict[str, Any]:
        return self.house[value].definition if value in self.house else value


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def game_call(request: HttpRequest, pk: int) -> HttpResponse:
    """The dealer calls the next game (B14: the deal moves left of whoever called the last)."""
    session = get_open_night(pk)
    record = table_record(session)   # one read for the state, the deal and the games called
    choices = GameChoices(games_called(session, record=record), session.game_settings)
    roster = seated_roster(session)
    deal = deal_state(session, record=record, seats=[name for _, name in roster])
    dealer = next((pk for pk, name in roster if name == deal.next_dealer), None)
    form = GameCallForm(request.POST or None, roster=roster, games=choices.groups,
                        initial={"dealer": dealer})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        save_as = data["save_as"] if data["game"] not in choices.house else ""
        # the dealer's own game, kept for the house (S12) and called as saved, in one write
        game = data["game"] if save_as else choices.definition(data["game"])
        outcome = call_service(request, form, partial(services.game_call, session=session,
            game=game, dealer=data["dealer"], options=form.options(), save_as=save_as))
        if outcome.result is not None:
            return redirect(_hand_url(session))
    state = table_game(session, record=record)
    chosen = form["game"].value() or ""
    chosen_words = (_words(choices.definition(chosen), session.game_settings)
                    if chosen in choices.names else [])
    return render(request, "ledger/game_call.html",
                  {"session": session, "form": form, "state": state,
                   "rules": choices.rules(), "chosen_words": chosen_words,
                   "next_dealer": deal.next_dealer,
                   "uncalled": state.hands and not state.called,
                   "dashboard_url": dashboard_url(session)},
                  status=400 if form.is_bound else 200)


@banker_required
@holder_required
@require_POST
def game_end(request: HttpRequest, pk: int) -> HttpResponse:
    """The banker ends the game before the rules do; the pot stays on the table (P3)."""
    session = get_open_night(pk)
    form = KeyedForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, partial(services.game_end, session=session))
        if outcome.result is not None:
            return redirect(dashboard_url(session, outcome.result))
    return redirect(_hand_url(session))


def _on_the_form(form: HandForm, write: KeyedWrite[Entry]) -> KeyedWrite[Entry]:
    """The service, its refusals pointed at the form's fields: the rules name a place in the
    hand ("players[1].down"), the form knows which field that is."""

    def run(*, key: str, user: Banker) -> Entry:
        try:
            return write(key=key, user=user)
        except services.LedgerError as error:
            if type(error) is not services.LedgerError:
                raise           # a duplicate, a used key, another banker's bank: as they are
            raise services.LedgerError(str(error), field=form.field_for(error.field)) from None

    return run


RESENT = ("csrfmiddlewaretoken", "confirm_duplicate", "preview", "save")


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
@kept_page
def hand(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter a hand of the game at the table; preview the rules' payout, then save it."""
    session = get_open_night(pk)
    state = table_game(session)
    saved = None
    saved_pk = whole_number(request.GET.get("saved"))
    if request.method == "GET" and saved_pk is not None:
        saved = saved_hand(session, saved_pk)
    context: dict[str, Any] = {"session": session, "state": state, "saved": saved,
                               "dashboard_url": dashboard_url(session), "end_form": KeyedForm()}
    players = [name for _, name in seated_roster(session)]
    table = playable(state, players)
    if table is None:
        # No game to play (none called, the game over, or hands typed in a game the rules do
        # not know): the call comes first; after a saved hand, the page shows it and offers it.
        if saved is None or request.method == "POST":
            return redirect("game_call", session.pk)
        return render(request, "ledger/hand.html", context)
    game, settings, antes = table
    ante = {name: cents for name, cents in antes.items() if cents}
    form = HandForm(request.POST or None, players=players, game=game, settings=settings,
                    initial={"pot": state.pot + sum(ante.values())})
    words = plain_words(game, settings, unit=session.game_settings.unit)
    context.update(game=game, form=form, antes=ante, words=words,
                   drop_words=when_everybody_drops(game, settings))
    if request.method == "POST" and form.is_valid():
        typed = "use_computed" not in request.POST
        entered = form.hand(typed=typed)
        if "preview" in request.POST:
            try:
                context["preview"] = services.hand_preview(entered, state).to_json()
            except services.LedgerError as error:
                form.add_error(form.field_for(error.field), str(error))
        else:
            outcome = call_service(request, form, _on_the_form(form, partial(
                services.hand_enter, session=session, hand=entered,
                confirm_duplicate=form.cleaned_data["confirm_duplicate"])))
            if outcome.result is not None:
                return redirect(_hand_url(session, outcome.result))
            if outcome.duplicate:
                context["duplicate"] = outcome.duplicate
                context["resend"] = [(name, value) for name, values in request.POST.lists()
                                     if name not in RESENT for value in values]
            context["offer_computed"] = typed and entered.awards is not None
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "ledger/hand.html", context, status=status)


