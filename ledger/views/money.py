"""The banker's money forms: buy-in and chip sale, penalty, cash-out, the pots.

Each is a plain HTML form first. GET renders it with a fresh one-time key; POST either adjusts
the form without writing (the +$5 buttons, the chip counter's "add up"), or calls one service
and redirects to the table with what was saved.
"""

from __future__ import annotations

from functools import partial

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_http_methods

from ledger import services
from ledger.forms import (
    QUICK_AMOUNT,
    BuyInForm,
    CashOutForm,
    CorrectionForm,
    FinalPotForm,
    PaymentForm,
    PenaltyForm,
    PotAwardForm,
    whole_number,
)
from ledger.house_settings import HouseSettings, shown
from ledger.kept import kept_page
from ledger.models import Entry
from ledger.pages import call_service
from ledger.permissions import banker_required
from ledger.selectors import (
    PlayerLine,
    night_dashboard,
    roster,
    seated_roster,
    warning_given,
)
from ledger.selectors.keys import key_used
from rules.money import whole_dollars_and_odd_cents

from .common import dashboard_url, get_open_night, holder_required, saved_redirect

STEPS = (1, 2, 4)  # the buy-in buttons in the night's steps: +$5, +$10, +$20 in the seed's (B2)


def money(cents: int) -> str:
    """An amount in the currency of the night on the page."""
    return shown().money(cents)


def buy_in_steps(settings: HouseSettings) -> list[dict[str, object]]:
    """The buy-in buttons: their amounts in cents and labels ("$5", "€10", "¥1000")."""
    return [{"cents": n * settings.buy_in_step,
             "label": settings.money(n * settings.buy_in_step).removesuffix(".00")}
            for n in STEPS]


def _bumped(form_data: QueryDict, bump: str, settings: HouseSettings) -> QueryDict:
    """The submitted form with its amount moved by a step button (no JavaScript needed)."""
    data = form_data.copy()
    if bump == "clear":
        data["amount"] = ""
        return data
    step = whole_number(bump)
    if step is None or step not in [s["cents"] for s in buy_in_steps(settings)]:
        return data  # only the page's own buttons move the amount
    try:
        current = BuyInForm.base_fields["amount"].to_python(data.get("amount")) or 0
    except ValidationError:  # an unreadable amount starts again from zero
        current = 0
    data["amount"] = settings.amount_text(max(0, current + step))
    return data


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
@kept_page
def buyin(request: HttpRequest, pk: int, sale: bool = False) -> HttpResponse:
    """Chips bought from the bank (or, with `sale`, from another player), paid three ways."""
    session = get_open_night(pk)
    rules = session.game_settings
    players = roster(session)
    context = {
        "session": session,
        "dashboard_url": dashboard_url(session),
        "steps": buy_in_steps(rules),
    }
    if request.method == "POST" and "bump" in request.POST and "save" not in request.POST:
        form = BuyInForm(_bumped(request.POST, request.POST["bump"], rules), roster=players,
                         sale=sale, settings=rules)
        form.errors.clear()  # an unfinished form: no complaints until "save"
        return render(request, "ledger/buyin.html", {**context, "form": form})
    if request.method == "POST":
        form = BuyInForm(request.POST, roster=players, sale=sale, settings=rules)
        if form.is_valid():
            data = form.cleaned_data
            outcome = call_service(request, form, partial(services.buyin_create, session=session,
                player=data["player"], amount=data["amount"], paid=data["paid"],
                seller=data["seller"], confirm_duplicate=bool(data.get("confirm_duplicate"))))
            if outcome.result is not None:
                return saved_redirect(session, outcome.result)
            context["duplicate"] = outcome.duplicate
        status = 200 if context.get("duplicate") else 400
        return render(request, "ledger/buyin.html", {**context, "form": form}, status=status)
    initial: dict[str, int] = {}
    chosen = None
    chosen_pk = whole_number(request.GET.get("player"))
    if chosen_pk is not None:
        initial["player"] = chosen_pk
        chosen = dict(players).get(initial["player"])
    form = BuyInForm(roster=players, sale=sale, initial=initial, settings=rules)
    if chosen is not None and not sale:
        # The row's buy-in button: one more tap saves $5, $10 or $20, paid as the form's one
        # "Paid by" says (cash unless another way is ticked first). The quick amounts are
        # submit buttons of the same form (forms.money.QUICK_AMOUNT), its one key included.
        context["quick"] = {"name": chosen, "field": QUICK_AMOUNT}
    return render(request, "ledger/buyin.html", {**context, "form": form})


@banker_required
def chip_sale(request: HttpRequest, pk: int) -> HttpResponse:
    """A chip sale between players: the buy-in form with a seller (B3)."""
    return buyin(request, pk, sale=True)


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def penalty(request: HttpRequest, pk: int) -> HttpResponse:
    """A player jumped the bet: the night's one warning first, then $0.20 into the pot (B11)."""
    session = get_open_night(pk)
    warned = warning_given(session)
    form = PenaltyForm(request.POST or None, roster=seated_roster(session),
                       settings=session.game_settings)
    if request.method == "POST" and form.is_valid():
        player = form.cleaned_data["player"]
        if "warn" in request.POST:
            outcome = call_service(request, form, partial(services.warning_record, session=session,
                player=player))
        else:
            outcome = call_service(request, form, partial(services.penalty_record, session=session,
                player=player, amount=form.cleaned_data["amount"]))
        if outcome.result is not None:
            return saved_redirect(session, outcome.result)
    return render(
        request, "ledger/penalty.html",
        {"session": session, "form": form, "dashboard_url": dashboard_url(session),
         "warned": warned, "rules": session.game_settings},
        status=400 if form.is_bound else 200,
    )


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
@kept_page
def cashout(request: HttpRequest, pk: int) -> HttpResponse:
    """Chips turned in by colour; whole dollars paid, odd cents to the final pot (B10, B12)."""
    session = get_open_night(pk)
    rules = session.game_settings
    dash = night_dashboard(session)
    # The bank does not know who holds its chips: anyone at the table may turn in any count.
    # The label says what the bank does know, "bought - cashed out so far", named as that.
    players = [(ln.player.pk, _cashout_label(ln)) for ln in dash.lines if ln.seat is not None]
    initial = {}
    chosen_pk = whole_number(request.GET.get("player"))
    if chosen_pk is not None:
        initial["player"] = chosen_pk
    nothing = request.method == "POST" and "nothing" in request.POST
    saving = request.method == "POST" and ("save" in request.POST or nothing)
    data: QueryDict | None = request.POST or None
    if data is not None and "adjust" in data and not saving:
        data = _adjusted(data, request.POST["adjust"], rules.colours)
    form = CashOutForm(data, roster=players, initial=initial, nothing=nothing, settings=rules)
    preview = None
    if form.is_bound:
        preview = services.chip_total(form.counts_so_far(), rules)
        if saving and form.is_valid() and not _asks_again(form, dash.lines):
            outcome = call_service(request, form, partial(services.cashout_create, session=session,
                player=form.cleaned_data["player"], chips={} if nothing else form.chips()))
            if outcome.result is not None:
                return saved_redirect(session, outcome.result)
        elif not saving:
            form.errors.clear()  # still counting: no complaints until "save"
    context = {
        "session": session, "form": form, "dashboard_url": dashboard_url(session),
        "preview": _split(preview, dash.cash_box, rules), "chips_out": dash.chips_outstanding,
        "cash_box": dash.cash_box, "pad_keys": PAD_KEYS,
    }
    status = 400 if saving and not form.again else 200
    return render(request, "ledger/cashout.html", context, status=status)


def _asks_again(form: CashOutForm, lines: list[PlayerLine]) -> bool:
    """A second cash-out of a player the same night is asked about first, as a hand entered
    twice is: the question goes on the form until the banker says yes (`confirm_again`)."""
    if form.cleaned_data.get("confirm_again") or key_used(form.cleaned_data["key"]):
        return False   # answered yes, or the same form again: the service replays it
    player = form.cleaned_data["player"]
    line = next((ln for ln in lines if ln.player.pk == player.pk), None)
    if line is None or not line.cashed_out_yet:
        return False
    form.again = (f"{player.name} already cashed out {money(line.cashed_out)} tonight "
                  "— another?")
    return True


def _cashout_label(line: PlayerLine) -> str:
    done = " · cashed out" if line.cashed_out_yet else ""
    return (f"{line.player.name} (bought − cashed out so far "
            f"{money(line.bought_less_cashed_out)}{done})")


def _adjusted(form_data: QueryDict, adjust: str, colours: tuple[str, ...]) -> QueryDict:
    """The submitted counter with one colour moved by a +/- button (no JavaScript needed)."""
    data = form_data.copy()
    colour, _, delta = adjust.partition(":")
    if colour in colours and delta in ("1", "-1"):
        count = whole_number(data.get(colour) or 0) or 0
        data[colour] = str(max(0, count + (1 if delta == "1" else -1)))
    return data


# The chip counter's number pad, in its order on the page (two rows of six).
PAD_KEYS = ("1", "2", "3", "4", "5", "back", "6", "7", "8", "9", "0", "clear")


def _split(total: int | None, cash_box: int, settings: HouseSettings
           ) -> dict[str, int] | None:
    """The counter's numbers: total, whole dollars paid, odd cents to the final pot, and of
    the whole dollars what the cash box pays and what the bank will owe (services.cashout)."""
    if total is None:
        return None
    whole, odd = whole_dollars_and_odd_cents(total, cash_unit=settings.cash_unit)
    cash = min(whole, max(cash_box, 0))
    return {"total": total, "whole": whole, "odd": odd, "cash": cash, "owed": whole - cash}


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def final_pot(request: HttpRequest, pk: int) -> HttpResponse:
    """The last hand's winner takes the final pot of odd cents (B12)."""
    session = get_open_night(pk)
    form = FinalPotForm(request.POST or None, roster=seated_roster(session))
    if request.method == "POST" and form.is_valid():
        outcome = call_service(request, form, partial(services.final_pot_award, session=session,
            winner=form.cleaned_data["winner"]))
        if outcome.result is not None:
            return saved_redirect(session, outcome.result)
    return render(
        request, "ledger/final_pot.html",
        {"session": session, "form": form, "dashboard_url": dashboard_url(session),
         "dash": night_dashboard(session)},
        status=400 if form.is_bound else 200,
    )


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def pot_award(request: HttpRequest, pk: int) -> HttpResponse:
    """Chips left in the table's pot (penalties, a carried pot) go to the hand's winner."""
    session = get_open_night(pk)
    dash = night_dashboard(session)
    # The pot's amount travels in the form, so a repeated tap asks for the same thing.
    form = PotAwardForm(request.POST or None, roster=seated_roster(session),
                        initial={"pot": session.game_settings.amount_text(dash.table_pot)})
    if request.method == "POST" and form.is_valid():
        pot = form.cleaned_data["pot"]
        outcome = call_service(request, form, partial(services.hand_record, session=session,
            pot=pot, awards={form.cleaned_data["winner"]: pot}, game="pot awarded"))
        if outcome.result is not None:
            return saved_redirect(session, outcome.result)
    return render(
        request, "ledger/pot_award.html",
        {"session": session, "form": form, "dashboard_url": dashboard_url(session), "dash": dash},
        status=400 if form.is_bound else 200,
    )


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def correction(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    """A mistake is fixed by a reversing entry with a reason, never by editing (append-only)."""
    session = get_open_night(pk)
    entry = get_object_or_404(Entry, pk=entry_pk, session=session)
    form = CorrectionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        outcome = call_service(request, form, partial(services.entry_reverse, entry=entry,
            reason=form.cleaned_data["reason"]))
        if outcome.result is not None:
            return saved_redirect(session, outcome.result)
    return render(
        request, "ledger/correction.html",
        {"session": session, "entry": entry, "form": form, "dashboard_url": dashboard_url(session)},
        status=400 if form.is_bound else 200,
    )


@banker_required
@holder_required
@require_http_methods(["GET", "POST"])
def payment(request: HttpRequest, pk: int) -> HttpResponse:
    """Cash handed over to settle a debt in THE BOOK: moves both balances (B6)."""
    session = get_open_night(pk)
    form = PaymentForm(request.POST or None, roster=roster(session))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        outcome = call_service(request, form, partial(services.payment_record, session=session,
            player=data["player"], to=data["to"], amount=data["amount"]))
        if outcome.result is not None:
            return saved_redirect(session, outcome.result)
    return render(
        request, "ledger/payment.html",
        {"session": session, "form": form, "dashboard_url": dashboard_url(session)},
        status=400 if form.is_bound else 200,
    )
