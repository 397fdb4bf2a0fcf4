"""Odds for any house game: each player's chance from the cards seen so far
(`python -m rules odds FILE|-`, ARCHITECTURE.md).

`odds(data)` reads the question (`spot`), counts the completions of the unseen cards
(`deals`), enumerates them all or samples them, resolves every deal with the showdown engine
(`engine`) — or, for the plain games where it gives the same answer, the quick evaluator
(`quick`) — and adds the results up (`tally`).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import RulesError
from . import deals, engine, quick
from .clock import Clock, OutOfTime, timed
from .spot import EXACT_LIMIT, FORCED_EXACT_LIMIT, Spot, read_spot
from .tally import Tally, probability, rate

__all__ = ["odds"]


def odds(data: object, *, seconds: float | None = None) -> dict[str, object]:
    """Answer one odds question from its JSON object; see ARCHITECTURE.md for both formats.

    `seconds` (the site's answer at the table's speed; not part of the JSON) is the time the
    answer may take: an exact count only when it finishes in half of it, else a sample cut
    short when the time is up (`clock`)."""
    clock = Clock(seconds) if seconds is not None else None
    spot = read_spot(data)
    total = deals.count(len(spot.unseen), spot.slots)
    exact = _exact(spot, total)
    if exact and clock is not None:
        try:
            return _output(spot, _tally(spot, True, total, clock), True, total)
        except OutOfTime:
            exact = False
    tally = _tally(spot, exact, total, clock)
    if clock is not None and _exact(spot, total) and not exact:
        tally.notes.append(f"Counting all {total:,} deals would take longer than the time "
                           "allowed, so they were sampled.")
    if clock is not None and clock.cut:
        tally.notes.append(f"The time allowed ran out after {tally.deals:,} of the "
                           f"{spot.trials:,} deals asked.")
    return _output(spot, tally, exact, total)


def _tally(spot: Spot, exact: bool, total: int, clock: Clock | None) -> Tally:
    """Every deal counted (exact) or the sample's, resolved and added up."""
    tally = Tally(len(spot.seats), engine.pot_units(len(spot.seats), spot.unit))
    if quick.tally(spot, tally, exact, clock, total):
        tally.notes.append("Scored by the seven-card tables' quick lane, which gives the "
                           "showdown engine's answers for plain games like this one.")
        return tally
    resolve = engine.resolver(spot)
    spare = spot.spare_cards      # the most extra down cards the up cards to come give (H2)
    chosen = (deals.every(spot.unseen, spot.slots) if exact
              else deals.sample(spot.unseen, spot.slots, spot.trials, spot.seed, spare))
    refused: list[str] = []
    for deal in timed(chosen, clock, exact=exact, total=total):
        try:
            tally.add(resolve(deal))
        except RulesError as error:     # a deal the game's rules cannot score
            refused.append(str(error))
    if refused:
        _refused(tally, refused)
    return tally


def _refused(tally: Tally, refused: list[str]) -> None:
    """Deals the engine refuses (Breaker's joker landing on the board, which plays only from
    the hole) are left out, and said; when it refuses them all, its reason is the answer."""
    if not tally.deals:
        raise RulesError(refused[0])
    tally.notes.append(f"{len(refused):,} deals the showdown engine refuses are left out "
                       f"(the first: {refused[0]}).")


def _exact(spot: Spot, total: int) -> bool:
    if spot.extra_cards:     # how many cards a deal needs depends on the deal (H2): sampled
        return False
    if spot.exact == "auto":
        return total <= EXACT_LIMIT
    if spot.exact and total > FORCED_EXACT_LIMIT:
        raise RulesError(f"exact: {total:,} completions of the unseen cards are too many to "
                         f"enumerate (at most {FORCED_EXACT_LIMIT:,}); use \"auto\" or false")
    return bool(spot.exact)


def _output(spot: Spot, tally: Tally, exact: bool, total: int) -> dict[str, object]:
    game = spot.game
    has_high = game.split in ("high", "cards-talk", "declare")
    has_low = game.split in ("low", "cards-talk", "declare")
    players: list[Mapping[str, object]] = []
    for i, seat in enumerate(spot.seats):
        players.append({
            "name": seat.name,
            "share": probability(tally.share(i)),
            "high": rate(tally.high[i], tally.deals) if has_high else None,
            "low": rate(tally.low[i], tally.deals) if has_low else None,
            "scoop": rate(tally.scoop[i], tally.deals),
        })
    stderr = 0.0 if exact else tally.stderr()
    return {"players": players, "trials": tally.deals, "exact": exact,
            "stderr": probability(stderr), "explain": _explain(spot, tally, exact, total, stderr)}


def _explain(spot: Spot, tally: Tally, exact: bool, total: int, stderr: float) -> str:
    unseen = f"{len(spot.unseen)} unseen cards of the {spot.game.deck} deck"
    if not spot.slots:
        lines = ["Every card is seen: the one showdown they make is resolved."]
    elif exact:
        lines = [f"Exact: every one of the {total:,} ways to deal the {spot.missing} missing "
                 f"cards from the {unseen} is resolved as a showdown."]
    else:
        lines = [f"Sampled: {tally.deals:,} random deals of the {spot.missing} missing cards "
                 f"from the {unseen} (seed {spot.seed}; {total:,} deals in all), each resolved "
                 f"as a showdown; a share is good to about ± {2 * stderr:.4f} "
                 "(two standard errors)."]
    if spot.cards_speak:
        lines.append(f"{spot.game.name} is a declare game and nobody gave a declaration: "
                     "scored as cards speak, each half to its best hand.")
    if spot.game.pot.legs or "series" in spot.game.side_payments:
        lines.append("Played for legs or a series of wins: each hand's winner is counted as "
                     "taking the pot (the chance to win this hand).")
    if spot.extra_cards:
        lines.append("An up card still to come may give its holder an extra down card (H2): "
                     "each sampled deal deals it from the unseen cards, so the deals are "
                     "sampled, never counted.")
    if spot.draw:
        lines.append("No draw is modelled: a hand is taken as it stands, its missing cards "
                     "dealt from the unseen cards.")
    folded = [seat.name for seat in spot.seats if not seat.stayed]
    if folded:
        lines.append(f"Folded, share 0: {', '.join(folded)}.")
    lines += tally.notes
    kept = tally.deals * tally.pot - sum(tally.parts)
    if kept > 0:
        lines.append(f"The pot, or part of it, stays (nobody wins it: a hand to beat, a tie "
                     f"that goal-posts, nothing that qualifies): "
                     f"{probability(kept / (tally.deals * tally.pot))} of it on average, so the "
                     "shares sum to less than 1.")
    return " ".join(lines)
