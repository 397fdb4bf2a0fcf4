"""The table's hands on the tablet: call a game, enter each hand by who won or by the cards,
see what the rules make of it (who wins what, who owes what into the next pot, why), end the
game. Hands are the table's record: they move no money in the bank."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from ledger import services
from ledger.forms import GameCallForm, HandForm, KeyedForm, whole_number
from ledger.models import Entry, PokerSession
from ledger.permissions import banker_required
from ledger.selectors import house_games, saved_hand, seated_roster, table_game
from ledger.services.hands import game_rules, next_antes, resolve_hand
from rules.games.registry import all_games

from .common import call_service, dashboard_url, get_open_session, holder_required


def _hand_url(session: PokerSession, entry: Entry | None = None) -> str:
    url = reverse("hand", args=[session.pk])
    return f"{url}?saved={entry.pk}" if entry is not None else url


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def game_call(request: HttpRequest, pk: int) -> HttpResponse:
    """The dealer calls the next game (B14: the deal moves left of whoever called the last)."""
    session = get_open_session(pk)
    house = {f"house:{g.pk}": g for g in house_games()}
    games = [(value, f"{g.name} (house)") for value, g in house.items()]
    games += [(g.id, g.name) for g in all_games().values() if g.defined]
    form = GameCallForm(request.POST or None, roster=seated_roster(session), games=games)
    if request.method == "POST" and form.is_valid():
        data, options = form.cleaned_data, form.options()
        game = house[data["game"]].definition if data["game"] in house else data["game"]
        if data["save_as"] and data["game"] not in house:
            try:    # the dealer's own game, kept for the house (S12); then called as saved
                game = services.house_game_save(name=data["save_as"], game=data["game"],
                                                options=options, key=f"{data['key']}-house",
                                                user=request.user).definition
                options = {}
            except services.LedgerError as error:
                form.add_error("save_as", str(error))
        if not form.errors:
            outcome = call_service(request, form, services.game_call, session=session,
                                   game=game, dealer=data["dealer"], options=options)
            if outcome.result is not None:
                return redirect(_hand_url(session))
    return render(request, "ledger/game_call.html",
                  {"session": session, "form": form, "state": table_game(session),
                   "dashboard_url": dashboard_url(session)},
                  status=400 if form.is_bound else 200)


@banker_required
@holder_required
@require_POST
def game_end(request: HttpRequest, pk: int) -> HttpResponse:
    """The banker ends the game before the rules do; the pot stays on the table (P3)."""
    session = get_open_session(pk)
    form = KeyedForm(request.POST)
    if form.is_valid():
        outcome = call_service(request, form, services.game_end, session=session)
        if outcome.result is not None:
            return redirect(dashboard_url(session, outcome.result))
    return redirect(_hand_url(session))


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def hand(request: HttpRequest, pk: int) -> HttpResponse:
    """Enter a hand of the game at the table; preview the rules' payout, then save it."""
    session = get_open_session(pk)
    state = table_game(session)
    saved = None
    saved_pk = whole_number(request.GET.get("saved"))
    if request.method == "GET" and saved_pk is not None:
        saved = saved_hand(session, saved_pk)
    context = {"session": session, "state": state, "saved": saved,
               "dashboard_url": dashboard_url(session), "end_form": KeyedForm()}
    if state.game is None or (state.called and state.over):
        if saved is None:
            return redirect("game_call", session.pk)
        return render(request, "ledger/hand.html", context)   # the last hand; call the next
    players = [name for _, name in seated_roster(session)]
    game = game_rules(state)
    ante = {name: cents for name, cents in next_antes(state, players).items() if cents}
    form = HandForm(request.POST or None, players=players, game=game,
                    initial={"pot": state.pot + sum(ante.values())})
    context.update(game=game, form=form, antes=ante)
    if request.method == "POST" and form.is_valid():
        typed = "use_computed" not in request.POST
        entered = form.hand(typed=typed)
        if "preview" in request.POST:
            try:
                context["preview"], _ = resolve_hand(entered, state)
            except services.LedgerError as error:
                form.add_error(None, str(error))
        else:
            outcome = call_service(request, form, services.hand_enter, session=session,
                                   hand=entered)
            if outcome.result is not None:
                return redirect(_hand_url(session, outcome.result))
            context["offer_computed"] = typed and "awards" in entered
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "ledger/hand.html", context, status=status)
