"""Who is paid and who owes after a showdown (RULES.md P1-P15), on already-ranked hands.

This module never looks at cards: each `Entrant` carries a key per side (a hand's `Key`, or
the payout's one-number keys; larger is better, None = no hand that can win that side), so
every rule here is tested with plain comparable values. `rules.games.showdown` turns cards
into entrants and the outcome into JSON.

Money is integer cents; the unit of play is `Table.unit` (the smallest chip; the seed house's
white chip, 5 cents, B10): halves, shares and fractional burns come out in whole units (P2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..evaluator import HandValue
from ..evaluator.values import Key
from ..money import SEED_UNIT, format_cents, unit_words

# The table's values (pot_table.py), read here and by the callers of `pots`.
from .pot_table import SIDE_PAYMENTS as SIDE_PAYMENTS
from .pot_table import SIDES as SIDES
from .pot_table import Award as Award
from .pot_table import DummyHand as DummyHand
from .pot_table import Entrant as Entrant
from .pot_table import Outcome as Outcome
from .pot_table import Owe as Owe
from .pot_table import SideContext as SideContext
from .pot_table import SidePayment as SidePayment
from .pot_table import Table as Table

# -- money arithmetic (P2) -----------------------------------------------------------------


def halves(amount: int, unit: int = SEED_UNIT) -> tuple[int, int]:
    """(high half, low half): the odd unit (the seed house's white chip) goes to the high
    half (P2)."""
    low = (amount // (2 * unit)) * unit
    return amount - low, low


def shares(amount: int, count: int, unit: int = SEED_UNIT) -> tuple[int, int]:
    """(each share, remainder) splitting among tied players in whole units; the remainder
    stays in the pot for the next game (P2)."""
    each = (amount // count // unit) * unit
    return each, amount - each * count


def _names(entrants: Sequence[Entrant]) -> str:
    names = [entrant.name for entrant in entrants]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# -- who wins each side ----------------------------------------------------------------------


def _best(candidates: Sequence[Entrant], side: str) -> list[Entrant]:
    """The candidates holding the best key for a side (several on a tie)."""
    keyed = [(key, c) for c in candidates if (key := c.key(side)) is not None]
    if not keyed:
        return []
    top = max(key for key, _ in keyed)
    return [c for key, c in keyed if key == top]


def _beats_dummy(entrant: Entrant, side: str, dummy: DummyHand | None) -> bool:
    theirs = None if dummy is None else dummy.key(side)
    if theirs is None:
        return True
    mine = entrant.key(side)
    return mine is not None and mine > theirs


def _pigger_qualifies(pigger: Entrant, candidates: dict[str, list[Entrant]],
                      dummy: DummyHand | None, strict: bool,
                      perfect: Mapping[str, Key]) -> bool:
    """A pigger must win each side outright (strict, P1) or win or tie it (variants); with
    `perfect` keys, a tie holding the best possible hand of a side is allowed (Doogie)."""
    for side in SIDES:
        mine = pigger.key(side)
        if mine is None or not _beats_dummy(pigger, side, dummy):
            return False
        best = perfect.get(side)
        tie_ok = not strict or (best is not None and mine >= best)
        for other in candidates[side]:
            theirs = other.key(side)
            if other is pigger or theirs is None:
                continue
            if theirs > mine or (theirs == mine and not tie_ok):
                return False
    return True


class _Resolver:
    """Works out the winners of each side for one showdown, writing the explanation."""

    def __init__(self, table: Table, entrants: Sequence[Entrant]):
        self.table = table
        self.game = table.game
        self.stayed = [e for e in entrants if e.stayed]
        self.live = [e for e in self.stayed if not e.dead]
        self.goers = [e for e in self.live if e.go or not self.game.go_stop]
        self.explain: list[str] = []
        self.dummy = table.dummy if self._dummy_plays() else None
        self.unqualified: list[str] = []     # sides in the running that no hand qualifies for
        self.quiet = False                   # the explanation already says nothing qualifies

    def _dummy_plays(self) -> bool:
        spec = self.game.dummy
        if spec is None or self.table.dummy is None:
            return False
        return spec.when == "always" or len(self.goers) == 1

    def sides(self) -> list[str]:
        """The sides the pot is split into (one side takes the whole pot)."""
        split = self.game.split
        if split in ("high", "low"):
            return [split]
        if split == "cards-talk":
            has_low = any(e.low is not None for e in self.goers)
            if not has_low and any(e.high is not None for e in self.goers):
                self.explain.append("Nobody has a low that qualifies: high takes the whole pot.")
            elif not has_low:
                self.explain.append("Nobody has a hand that qualifies, high or low: the whole "
                                    "pot stays.")
                self.quiet = True
            return ["high", "low"] if has_low else ["high"]
        declared = [side for side in SIDES if any(e.seeks(side) for e in self.live)]
        if len(declared) == 1:
            self.explain.append(f"Everybody declared {declared[0]}: that side is the whole pot.")
        return declared or ["high"]

    def candidates(self, sides: list[str]) -> dict[str, list[Entrant]]:
        if self.game.split == "declare":
            return {side: [e for e in self.goers if e.seeks(side)] for side in SIDES}
        return {side: list(self.goers) if side in sides else [] for side in SIDES}

    def winners(self, sides: list[str]) -> tuple[dict[str, list[Entrant]], Entrant | None]:
        """Side -> winners (empty: nobody wins it, the money stays), and a pigger who
        scooped the whole pot, if any."""
        candidates = self.candidates(sides)
        if self.game.split == "declare" and len(sides) == 2:
            piggers = [e for e in self.goers if e.declare == "both"]
            strict = self.game.pigging in ("house", "perfect-ties")
            perfect = self.table.perfect if self.game.pigging == "perfect-ties" else {}
            qualified = [p for p in piggers
                         if _pigger_qualifies(p, candidates, self.dummy, strict, perfect)]
            if self.game.pigging == "house" and qualified:
                pig = qualified[0]
                self.explain.append(f"{pig.name} went both ways and won each side outright: "
                                    "the whole pot (P1).")
                return {side: [pig] for side in sides}, pig
            for pigger in piggers:
                if pigger not in qualified:
                    rule = "win each side outright" if strict else "win or tie each side"
                    self.explain.append(f"{pigger.name} went both ways without managing to "
                                        f"{rule}, and wins nothing (P1).")
            candidates = {side: [c for c in candidates[side]
                                 if c.declare != "both" or c in qualified] for side in SIDES}
        result = {side: self._side(side, candidates[side]) for side in sides}
        if len(self.unqualified) == 2:
            self.explain.append("Nobody has a hand that qualifies, high or low: the whole pot "
                                "stays.")
        for side in self.unqualified if len(self.unqualified) == 1 and not self.quiet else ():
            other = [s for s in sides if s != side and result[s]]
            if other:
                self.explain.append(f"Nobody has a {side} hand that qualifies: the {other[0]} "
                                    "side takes the whole pot.")
            else:
                self.explain.append(f"Nobody has a {side} hand that can win: the {side} "
                                    "money stays.")
        return result, None

    def whole_pot_side(self, sides: list[str], winners: dict[str, list[Entrant]]) -> str | None:
        """The side that takes the whole pot because nobody qualifies for the other one (as
        "no qualifying low: high takes all", and the same the other way round), or None."""
        if len(sides) != 2 or len(self.unqualified) != 1:
            return None
        other = [side for side in sides if side != self.unqualified[0]]
        return other[0] if winners[other[0]] else None

    def _side(self, side: str, candidates: list[Entrant]) -> list[Entrant]:
        if not candidates:
            return self._nobody_went(side)
        best = _best(candidates, side)
        if not best:
            self.unqualified.append(side)
            return []
        if self.dummy is not None and not all(_beats_dummy(b, side, self.dummy) for b in best):
            rule = "P9" if self.game.dummy and self.game.dummy.when == "always" else "P14"
            if self.game.split in ("high", "low"):
                self.explain.append(f"{self.dummy.name} is not beaten ({rule}): the pot stays.")
            else:
                self.explain.append(f"{self.dummy.name} is not beaten for {side} ({rule}): the "
                                    f"{side} half stays in the pot.")
            return self._dummy_kept(side)
        if len(best) > 1 and self.game.ties == "goal-post":
            self.explain.append(f"{_names(best)} tie for {side} and goal-post (P6): nobody "
                                "wins that share, it stays, and they count as losers.")
            return []
        self.explain.append(self._won_text(side, best))
        return best

    def _won_text(self, side: str, best: list[Entrant]) -> str:
        """Who wins a side; a game with one side only has "the best hand"."""
        if self.game.split in ("high", "low"):
            what = "the best hand" if self.game.split == "high" else "the best low"
            if len(best) == 1:
                return f"{best[0].name} has {what}."
            return f"{_names(best)} tie for {what}."
        if len(best) == 1:
            return f"{best[0].name} wins {side}."
        return f"{_names(best)} tie for {side}."

    def _declarers(self, side: str) -> list[Entrant]:
        return [e for e in self.live if e.seeks(side)]

    def _nobody_went(self, side: str) -> list[Entrant]:
        """P12: when nobody goes for a side, its declarers (who stopped) share it."""
        declarers = self._declarers(side)
        if any(e in self.goers for e in declarers):     # someone went, and lost their claim
            self.explain.append(f"Nobody who went for {side} can take it: that money stays.")
            return self._dummy_kept(side)
        if self.game.go_stop and declarers:
            self.explain.append(f"Nobody went for {side}: it is shared by those who declared "
                                f"it ({_names(declarers)}, P12).")
            return declarers
        if self.game.split == "declare":
            self.explain.append(f"No one in the running for {side}: that money stays (P1).")
        return []

    def _dummy_kept(self, side: str) -> list[Entrant]:
        """On the last round the money cannot stay: those who stopped on that side share it."""
        if self.table.last_round and self.game.go_stop:
            stopped = [e for e in self._declarers(side) if not e.go]
            if stopped:
                self.explain.append(f"This is the last round: the {side} money is shared by "
                                    f"{_names(stopped)}.")
                return stopped
        return []


# -- the whole settlement --------------------------------------------------------------------


def settle(table: Table, entrants: Sequence[Entrant], *,
           players: Sequence[Mapping[str, object]] = (),
           values: Mapping[str, HandValue | None] | None = None) -> Outcome:
    """Resolve the pot: awards, carry, legs and what every loser owes."""
    game = table.game
    resolver = _Resolver(table, entrants)
    outcome = Outcome(explain=resolver.explain)
    if not resolver.stayed:
        outcome.carry = table.pot
        outcome.game_over = game.pot.kind == "winner-takes"
        outcome.explain.append("Nobody stayed in: the pot stays.")
    else:
        _resolve(table, resolver, outcome)
    context = SideContext(table, entrants, outcome, players, values or {})
    for name in game.side_payments:
        outcome.owes.extend(SIDE_PAYMENTS.lookup(name)(context))
    if not resolver.stayed and not any(owe.reason == "wimp" for owe in outcome.owes):
        outcome.explain.append("Everyone re-antes (P14).")
    _next_pot_line(outcome)
    return outcome


def _next_pot_line(outcome: Outcome) -> None:
    """One closing sentence: what the next hand's pot starts with, and where it comes from."""
    if outcome.next_pot <= 0:
        return
    owed = outcome.next_pot - outcome.carry
    parts = [f"{format_cents(outcome.carry)} left in this pot"] if outcome.carry else []
    if owed:
        parts.append(f"{format_cents(owed)} owed into it")
    outcome.explain.append(f"The next pot starts at {format_cents(outcome.next_pot)}: "
                           f"{' plus '.join(parts)}.")


def _resolve(table: Table, resolver: _Resolver, outcome: Outcome) -> None:
    game = table.game
    sides = resolver.sides()
    winners, scooper = resolver.winners(sides)
    if game.pot.legs and _legs(table, resolver, winners, outcome, game.pot.legs):
        return
    whole = resolver.whole_pot_side(sides, winners)
    if game.card_side is not None and scooper is None and sides == ["high"]:
        sides = _card_side(table, resolver, winners)
    if whole is not None:
        money = {whole: table.pot}
    elif len(sides) == 2:
        money = dict(zip(sides, halves(table.pot, table.unit), strict=True))
    else:
        money = {sides[0]: table.pot}
    if scooper is not None:
        outcome.awards.append(Award(scooper.name, table.pot, "both"))
        outcome.explain.append(f"{scooper.name} takes {format_cents(table.pot)} (the whole pot).")
    else:
        _pay_sides(money, winners, outcome, table.unit)
    outcome.winners = {side: [w.name for w in winners[side]] for side in sides}
    paid = {award.name for award in outcome.awards}
    stopped = {e.name for e in resolver.stayed if game.go_stop and not e.go}   # P12: pay nothing
    outcome.losers = [e.name for e in resolver.stayed if e.name not in paid | stopped
                      and (e.dead or e in resolver.goers)]
    _obligations(table, resolver, sides, winners, outcome)


def _pay_sides(money: dict[str, int], winners: dict[str, list[Entrant]], outcome: Outcome,
               unit: int) -> None:
    by_name: dict[str, list[Award]] = {}
    for side, amount in money.items():
        takers = winners[side]
        if not takers:
            outcome.carry += amount
            continue
        each, rest = shares(amount, len(takers), unit)
        outcome.carry += rest
        if rest:
            part = f"The {side} half" if len(money) == 2 else "The pot"
            outcome.explain.append(f"{part} of {format_cents(amount)} does not split evenly "
                                   f"among {len(takers)}: {format_cents(rest)} stays in the pot "
                                   "(P2).")
        for taker in takers:
            by_name.setdefault(taker.name, []).append(Award(taker.name, each, side))
    for name, awards in by_name.items():
        award = (awards[0] if len(awards) == 1
                 else Award(name, sum(a.amount for a in awards), "both"))
        outcome.awards.append(award)
        what = _award_text(name, [a.side for a in awards], winners, len(money))
        outcome.explain.append(f"{name} takes {format_cents(award.amount)} ({what}).")
    if len(money) == 2:
        other = [side for side in money if side != "high"][0]
        high, low = money["high"], money[other]
        if high != low:
            outcome.explain.insert(0, f"The pot splits {format_cents(high)} high and "
                                      f"{format_cents(low)} {other}: {_odd_goes_high(unit)} "
                                      "(P2).")


def _odd_goes_high(unit: int) -> str:
    """P2's words for the odd unit of a split pot: the seed house's "the odd white chip goes
    high", any other unit "the odd $1.00 goes to the high half"."""
    if unit == SEED_UNIT:
        return "the odd white chip goes high"
    return f"the odd {unit_words(unit)} goes to the high half"


def _award_text(name: str, sides_won: list[str], winners: dict[str, list[Entrant]],
                sides: int) -> str:
    """What one player's award is, in words: the whole pot, a half, or shares split with
    others (never "the whole pot" when anybody else shares it)."""
    others = {side: [w for w in winners[side] if w.name != name] for side in sides_won}
    if sides == 1:
        side = sides_won[0]
        return (f"a share of the pot, split with {_names(others[side])}" if others[side]
                else "the whole pot")
    if len(sides_won) == 2 and not any(others.values()):
        return "the whole pot"
    first, second = (sides_won + sides_won)[:2]
    if len(sides_won) == 2 and [o.name for o in others[first]] == [o.name for o in others[second]]:
        return f"a share of each half, split with {_names(others[first])}"
    parts = []
    for side in sides_won:
        parts.append(f"a share of the {side} half, split with {_names(others[side])}"
                     if others[side] else f"the {side} half")
    return "; ".join(parts)


def _card_side(table: Table, resolver: _Resolver, winners: dict[str, list[Entrant]]) -> list[str]:
    """H3 (Chicago): half the pot to the player still in holding the best card of the card
    side (the highest spade in the hole), half to the high hand; nobody holding one, the high
    hand takes the whole pot. Adds the side's winners; returns the sides the pot splits into."""
    side = table.game.card_side
    assert side is not None
    holders = _best(resolver.goers, side.name)
    what = f"{'high' if side.order == 'high' else 'low'}est {side.suit[:-1]}"
    where = {"down": " in the hole", "up": " face up", "any": ""}[side.where]
    if not holders:
        resolver.explain.append(f"Nobody still in holds a {side.suit[:-1]}{where}: the high "
                                "hand takes the whole pot (H3).")
        return ["high"]
    cards = [str(key[-1]) for e in holders if (key := e.card) and isinstance(key[-1], str)]
    card = f", the {cards[0]}" if len(cards) == 1 else ""
    verb = "holds" if len(holders) == 1 else "hold"
    resolver.explain.append(f"{_names(holders)} {verb} the {what}{where}{card}: the "
                            f"{side.name} half (H3).")
    winners[side.name] = holders
    return ["high", side.name]


def _legs(table: Table, resolver: _Resolver, winners: dict[str, list[Entrant]],
          outcome: Outcome, needed: int) -> bool:
    """P10: a lone player, or players who all tie, take a leg instead of the pot."""
    stayed = resolver.stayed
    all_tied = len(stayed) > 1 and all(
        {w.name for w in winners[side]} == {e.name for e in stayed} for side in winners)
    if len(stayed) != 1 and not all_tied:
        return False
    outcome.legs = [e.name for e in stayed]
    reached = [e for e in stayed if table.legs_before.get(e.name, 0) + 1 >= needed]
    if reached:
        each, rest = shares(table.pot, len(reached), table.unit)
        outcome.awards.extend(Award(e.name, each, "pot") for e in reached)
        outcome.carry = rest
        outcome.game_over = True
        verb = "reaches" if len(reached) == 1 else "reach"
        how = "takes the pot" if len(reached) == 1 else "share the pot"
        outcome.explain.append(f"{_names(reached)} {verb} {needed} legs and {how}; the game is "
                               "over (P10).")
    else:
        outcome.carry = table.pot
        outcome.game_over = False
        if len(stayed) == 1:
            text = f"{stayed[0].name} is the only one in: a leg instead of the pot"
        else:
            text = f"{_names(stayed)} tie: each takes a leg instead of the pot"
        outcome.explain.append(f"{text}, which stays (P10).")
    return True


def _contested(table: Table, entrant: Entrant, sides: list[str]) -> int:
    """The matchable pot (without penalties, B11) or, for `match="side"`, the part of it the
    loser was contesting (P12)."""
    base = table.pot - table.penalties
    rule = table.game.pot
    if rule.match != "side" or len(sides) == 1 or entrant.declare in (None, "both"):
        return base
    high, low = halves(base, table.unit)
    return high if entrant.declare == "high" else low


def _burn(table: Table) -> int:
    rule = table.game.pot
    base = table.pot - table.penalties
    cap = rule.burn_amount + (max(table.round, 1) - 1) * rule.burn_step
    if rule.burn == "fixed":
        return cap
    if rule.burn == "fraction":
        return (base * rule.burn_percent // 100 // table.unit) * table.unit
    return min(base, cap)


def _obligations(table: Table, resolver: _Resolver, sides: list[str],
                 winners: dict[str, list[Entrant]], outcome: Outcome) -> None:
    """What each loser owes: match (P3), burn (P4), or, on the last round, straight to the
    winner (P5)."""
    rule = table.game.pot
    if rule.kind == "winner-takes":
        outcome.game_over = True
        return
    entrants = {e.name: e for e in resolver.stayed}
    for name in outcome.losers:
        loser = entrants[name]
        if rule.kind == "match":
            amount = _contested(table, loser, sides)
            if rule.match_cap is not None:
                amount = min(amount, rule.match_cap)
        else:
            amount = _burn(table)
        if amount <= 0:
            continue
        if table.last_round:
            _pay_direct(loser, amount, sides, winners, outcome, table.unit)
        else:
            outcome.owes.append(Owe(name, amount, rule.kind))
            verb, rule_id = ("matches", "P3") if rule.kind == "match" else ("burns", "P4")
            outcome.explain.append(f"{name} wins nothing and {verb} {format_cents(amount)} "
                                   f"for the next hand ({rule_id}).")
    outcome.game_over = table.last_round or not any(o.reason in ("match", "burn")
                                                    for o in outcome.owes)


def _pay_direct(loser: Entrant, amount: int, sides: list[str],
                winners: dict[str, list[Entrant]], outcome: Outcome, unit: int) -> None:
    """P5: on the last round a loser pays the winners of what they contested directly."""
    contested = [s for s in sides if loser.declare in (None, "both") or loser.seeks(s)] or sides
    payees: list[Entrant] = []
    for side in contested:
        payees.extend(w for w in winners.get(side, []) if w not in payees and w is not loser)
    if not payees:
        outcome.explain.append(f"{loser.name} lost on the last round, but nobody won what they "
                               "contested: nothing to pay.")
        return
    each, rest = shares(amount, len(payees), unit)
    for index, payee in enumerate(payees):
        part = each + (rest if index == 0 else 0)
        if not part:        # fewer units than winners: the first is paid them all (P2)
            continue
        outcome.owes.append(Owe(loser.name, part, "last round", payee.name))
        outcome.explain.append(f"Last round: {loser.name} pays {payee.name} "
                               f"{format_cents(part)} directly (P5).")


# -- built-in side payments ----------------------------------------------------------------


@SIDE_PAYMENTS.register("wimp")
def wimp(context: SideContext) -> list[Owe]:
    """P11 (Guts): when everybody drops, the best hand pays the pot or a set amount into it."""
    setting = str(context.table.settings.get("wimp", "none"))
    if setting == "none" or any(e.stayed for e in context.entrants):
        return []
    ranked = [(e.high, e) for e in context.entrants if e.high is not None]
    if not ranked:
        return []
    best = max(ranked, key=lambda ranked_entrant: ranked_entrant[0])[1]
    if setting == "pot":
        amount = context.table.pot - context.table.penalties
    else:
        from ..money import parse_cents
        amount = parse_cents(setting, field="options.wimp")
    context.outcome.explain.append(f"Everybody dropped: {best.name} holds the best hand and "
                                   f"pays {format_cents(amount)} into the pot (wimp rule, P11).")
    return [Owe(best.name, amount, "wimp")]

