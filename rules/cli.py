"""`python -m rules COMMAND ...`: the command-line contracts of ARCHITECTURE.md.

Each command lives in `rules/commands/<module>.py` and exposes `register(subparsers)`,
which adds its sub-parser and sets `run(args) -> dict` as the parser's default `run`.
Output is one JSON document on stdout. Any bad input is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any, NoReturn, TypeAlias

from .errors import RulesError

COMMAND_MODULES = ("hands", "games", "settle")

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What a command module's `register` adds its sub-parser to."""
Output: TypeAlias = dict[str, Any]
"""A command's result: one JSON object."""


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own errors: one line, exit 2
        raise RulesError(f"{self.prog}: {message}")


def read_json_file(path: str) -> object:
    """A JSON document from a file, or from standard input for "-"; errors name the file."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise RulesError(f"FILE: cannot read {path}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"FILE: {path} is not JSON ({error.msg} at line {error.lineno})") from None


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="python -m rules", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_OneLineParser)
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"rules.commands.{name}")
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        result = args.run(args)
    except RulesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if isinstance(result, str):  # a plain-text listing (`games`: one id per line)
        sys.stdout.write(result)
        return 0
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
