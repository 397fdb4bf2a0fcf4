"""Odds for the game called, on the tablet (from the call page) and on each player's phone: the
cards seen, typed or picked, and each seat's chance in words ("Ann 61% · Bob 27% · split 12%"),
at the table's speed (the rules answer within SECONDS: exact when the count fits, else a seeded
sample that says ± its error).

Both pages are read-only GETs: the night's called game and the names of its seats, nothing else
(no game or name comes from the request), and nothing is written - no money, no journal.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from ledger.forms.odds import OddsForm
from ledger.models import Night, Player
from ledger.permissions import banker_required
from ledger.selectors import player_latest_nights, seated_roster, table_game
from rules.errors import RulesError
from rules.games.table import playable
from rules.odds import odds

from .common import HtmxRequest, dashboard_url, get_open_night

SECONDS = 0.7        # the rules' part of an answer; the page comes back under 1 s
STAYS = Decimal("0.0005")   # less of the pot than this staying, on average, is rounding


@banker_required
@require_GET
def game_odds(request: HtmxRequest, pk: int) -> HttpResponse:
    """GET /s/<night>/game/odds/: the odds of the game called, for the tablet."""
    session = get_open_night(pk)
    return _odds_page(request, session, "ledger/odds.html", {
        "session": session, "dashboard_url": dashboard_url(session),
        "odds_url": reverse("game_odds", args=[session.pk])})


@never_cache
@require_GET
def phone_odds(request: HtmxRequest, token: str) -> HttpResponse:
    """GET /p/<token>/odds/: the odds of the game called at the player's open night."""
    player = get_object_or_404(Player, balance_token=token)
    session = next((s for s in player_latest_nights(player) if s.is_open), None)
    response = _odds_page(request, session, "ledger/phone_odds.html", {
        "player": player, "odds_url": reverse("phone_odds", args=[token])})
    # the private link's page: its token leaves the site in no referrer (phone_page.py)
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex"
    return response


def _odds_page(request: HtmxRequest, session: Night | None, template: str,
               context: dict[str, Any]) -> HttpResponse:
    """The form of the game called and, for cards sent, the answer; the form alone (with the
    answer) for htmx. A question the rules refuse comes back as a 400 with the sentence on
    the field it is about."""
    state = table_game(session) if session is not None else None
    players = [name for _, name in seated_roster(session)] if session is not None else []
    table = playable(state, players) if state is not None and players else None
    context["state"] = state
    status = 200
    if state is not None and table is not None:
        form = OddsForm(request.GET or None, players=players, game=table[0])
        if form.is_bound and form.is_valid():
            try:
                context["answer"] = odds_words(odds(
                    form.question(state.game, state.options, state.round), seconds=SECONDS),
                    form.folded())
            except RulesError as error:
                form.refuse(error)
        context["form"] = form
        status = 400 if form.errors else 200
    if request.htmx:
        template = "ledger/_odds.html"
    return render(request, template, context, status=status)


# -- the answer in words ---------------------------------------------------------------------

@dataclass(frozen=True)
class SeatOdds:
    name: str
    folded: bool
    takes_all: str          # the chance to take the whole pot
    share: str              # the expected part of the pot
    high: str | None
    low: str | None


@dataclass(frozen=True)
class OddsWords:
    line: str               # "Ann 61% · Bob 27% · split 12%"
    seats: list[SeatOdds]
    how: str                # "Exact: all 990 deals." / "Sampled: 20,000 deals, ± 0.6%."
    explain: str
    has_high: bool
    has_low: bool


def odds_words(result: dict[str, Any], folded: frozenset[str] = frozenset()) -> OddsWords:
    """The rules' odds answer (ARCHITECTURE.md) in the table's words: each seat's chance to
    take the whole pot, the likeliest first, and the chance it is split (or stays, in a game
    where it can); the seats in `folded` are left out of the line."""
    players = result["players"]
    out_of_it = [p["name"] in folded for p in players]
    scoops = [Decimal(p["scoop"]) for p in players]
    stays = 1 - sum((Decimal(p["share"]) for p in players), Decimal(0))
    split = max(1 - sum(scoops, Decimal(0)), Decimal(0))
    ahead = sorted(((scoop, p["name"]) for p, scoop, out in zip(players, scoops, out_of_it,
                                                              strict=True) if not out),
                   key=lambda seat: -seat[0])     # the likeliest first; a tie in seat order
    parts = [f"{name} {percent(scoop)}" for scoop, name in ahead]
    if split >= Decimal("0.005") or stays > STAYS:
        parts.append(f"{'split or stays' if stays > STAYS else 'split'} {percent(split)}")
    seats = [SeatOdds(p["name"], out, percent(Decimal(p["scoop"])), percent(Decimal(p["share"])),
                      None if p["high"] is None else percent(Decimal(p["high"])),
                      None if p["low"] is None else percent(Decimal(p["low"])))
             for p, out in zip(players, out_of_it, strict=True)]
    trials = int(result["trials"])
    if result["exact"]:
        how = f"Exact: all {trials:,} deals." if trials > 1 else "Exact: every card is seen."
    else:
        error = (Decimal(result["stderr"]) * 200).quantize(Decimal("0.1"), ROUND_HALF_EVEN)
        how = f"Sampled: {trials:,} deals, ± {error}% (two standard errors)."
    return OddsWords(" · ".join(parts), seats, how, str(result["explain"]),
                     any(p["high"] is not None for p in players),
                     any(p["low"] is not None for p in players))


def percent(value: Decimal) -> str:
    """A chance as a whole percent; "under 1%" and "over 99%" rather than 0% and 100% for a
    chance that is there."""
    if 0 < value < Decimal("0.005"):
        return "under 1%"
    if Decimal("0.995") <= value < 1:
        return "over 99%"
    return f"{(value * 100).quantize(Decimal(1), ROUND_HALF_EVEN)}%"
