"""`eval`, `compare` and `census`: the hand evaluator on the command line (ARCHITECTURE.md).

A joker typed on the command line is always wild (a joker means nothing otherwise); jokers in a
census deck are wild too.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from ..cards import JOKER, Card, check_no_duplicates, parse_cards
from ..cli import Output, Subparsers
from ..evaluator import SCHEMES, HandValue, evaluate, parse_wild
from ..evaluator.census import census
from ..evaluator.wildspec import WildSet
from ..games.catalog import load_extensions


def register(subparsers: Subparsers) -> None:
    load_extensions()   # the catalog's own rankings (brag, egyptian, ...) can be named too
    schemes = ", ".join(sorted(SCHEMES))
    common = {"scheme": dict(default="high", help=f"ranking scheme: {schemes}"),
              "wild": dict(default="", help="wild spec: ranks (2), cards (Kh), joker, "
                                            "lowest, lowest-hole, center")}

    evaluate_parser = subparsers.add_parser("eval", help="the best hand the cards make")
    _options(evaluate_parser, common)
    evaluate_parser.add_argument("--up", default="", help="face-up cards (for lowest-hole)")
    evaluate_parser.add_argument("--center", default=None, help="the board's center card")
    evaluate_parser.add_argument("cards", nargs="+", help="cards: As Kd 10h JK ...")
    evaluate_parser.set_defaults(run=run_eval)

    compare_parser = subparsers.add_parser("compare", help="rank hands under one scheme")
    _options(compare_parser, common)
    compare_parser.add_argument("hands", nargs="+", help='each hand quoted: "As Kd Qh Jc Ts"')
    compare_parser.set_defaults(run=run_compare)

    census_parser = subparsers.add_parser("census", help="exact frequency table of all hands")
    _options(census_parser, common)
    census_parser.add_argument("--size", type=int, default=5)
    census_parser.add_argument("--deck", default="standard",
                               help="standard, joker, two-jokers or royal")
    census_parser.set_defaults(run=run_census)


def _options(parser: argparse.ArgumentParser, common: dict[str, dict[str, Any]]) -> None:
    parser.add_argument("--scheme", **common["scheme"])
    parser.add_argument("--wild", **common["wild"])
    parser.add_argument("--qualifier", type=int, default=None,
                        help="highest rank a qualifying low may hold (8, 7 ...)")


def _value(cards: Sequence[Card], args: argparse.Namespace, up: Sequence[Card] = (),
           center: Card | None = None) -> HandValue:
    rule = parse_wild(args.wild)
    wild = rule.resolve(cards, up, center)
    if JOKER in cards or JOKER in up:
        wild = WildSet(set(wild) | {JOKER}, {"joker": "jokers are wild", **wild.reasons})
    return evaluate(tuple(cards) + tuple(up), SCHEMES.lookup(args.scheme).name, wild,
                    qualifier=args.qualifier)


def run_eval(args: argparse.Namespace) -> Output:
    cards = parse_cards(args.cards)
    up = parse_cards(args.up)
    check_no_duplicates(cards + up)
    center = parse_cards(args.center)[0] if args.center else None
    value = _value(cards, args, up, center)
    return {"scheme": args.scheme, **value.to_json()}


def run_compare(args: argparse.Namespace) -> Output:
    values = [_value(parse_cards(hand), args) for hand in args.hands]
    keys = sorted({value.key for value in values}, reverse=True)
    order = [[index for index, value in enumerate(values) if value.key == key] for key in keys]
    return {"order": order, "hands": [value.to_json() for value in values]}


def run_census(args: argparse.Namespace) -> Output:
    scheme = SCHEMES.lookup(args.scheme)
    total, counts = census(args.size, args.deck, parse_wild(args.wild), scheme.name,
                           args.qualifier)
    qualifier = args.qualifier if args.qualifier is not None else scheme.default_qualifier
    if scheme.kind == "low" and qualifier is not None:
        table = {"qualifying": total - counts.get(None, 0), "none": counts.get(None, 0)}
    else:
        table = {name: counts.get(name, 0) for name in scheme.categories}
        if counts.get(None):
            table["none"] = counts[None]
    return {"total": total, "counts": table}
