"""`python -m rules games [--json]`, `python -m rules showdown FILE|-` and
`python -m rules payout FILE|-` (ARCHITECTURE.md)."""

from __future__ import annotations

import argparse

from ..cli import Output, Subparsers, read_json_file


def register(subparsers: Subparsers) -> None:
    games = subparsers.add_parser("games", help="list the game catalog's ids")
    games.add_argument("--json", action="store_true", help="print every full definition")
    games.set_defaults(run=run_games)
    showdown = subparsers.add_parser("showdown", help="resolve a showdown from JSON")
    showdown.add_argument("file", help="a JSON file, or - for standard input")
    showdown.set_defaults(run=run_showdown)
    payout = subparsers.add_parser("payout", help="compute and check a payout from who won")
    payout.add_argument("file", help="a JSON file, or - for standard input")
    payout.set_defaults(run=run_payout)


def run_games(args: argparse.Namespace) -> Output | str:
    from ..games.registry import all_games

    games = all_games()
    if args.json:
        return {"games": [game.to_json() for game in games.values()]}
    return "".join(f"{game_id}\n" for game_id in games)   # one id per line


def run_showdown(args: argparse.Namespace) -> Output:
    from ..games.showdown import resolve

    return resolve(read_json_file(args.file))


def run_payout(args: argparse.Namespace) -> Output:
    from ..games.payout import payout

    return payout(read_json_file(args.file))
