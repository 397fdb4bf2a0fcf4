"""`python -m rules games [--json]` and `python -m rules showdown FILE|-` (ARCHITECTURE.md)."""

from __future__ import annotations

import json
import sys

from ..errors import RulesError


def register(subparsers) -> None:
    games = subparsers.add_parser("games", help="list the game catalog's ids")
    games.add_argument("--json", action="store_true", help="print every full definition")
    games.set_defaults(run=run_games)
    showdown = subparsers.add_parser("showdown", help="resolve a showdown from JSON")
    showdown.add_argument("file", help="a JSON file, or - for standard input")
    showdown.set_defaults(run=run_showdown)


def run_games(args) -> dict | str:
    from ..games.registry import all_games

    games = all_games()
    if args.json:
        return {"games": [game.to_json() for game in games.values()]}
    return "".join(f"{game_id}\n" for game_id in games)   # one id per line


def read_json(path: str):
    """The showdown JSON from a file or standard input; errors name the file."""
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as error:
        raise RulesError(f"file {path!r}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"file {path!r}: not valid JSON ({error.msg} at line {error.lineno})") from None


def run_showdown(args) -> dict:
    from ..games.showdown import resolve

    return resolve(read_json(args.file))
