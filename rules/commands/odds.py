"""`python -m rules odds FILE|-` (ARCHITECTURE.md): each player's chance from the cards seen."""

from __future__ import annotations

import argparse

from ..cli import Output, Subparsers, read_json_file


def register(subparsers: Subparsers) -> None:
    odds = subparsers.add_parser("odds", help="each player's chance from the cards seen so far")
    odds.add_argument("file", help="a JSON file, or - for standard input")
    odds.set_defaults(run=run_odds)


def run_odds(args: argparse.Namespace) -> Output:
    from ..odds import odds

    return odds(read_json_file(args.file))
