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
from typing import NoReturn, TypeAlias

from .errors import RulesError

COMMAND_MODULES = ("hands", "games", "settle", "odds")

Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"
"""What a command module's `register` adds its sub-parser to."""
Output: TypeAlias = dict[str, object]
"""A command's result: one JSON object."""


class _OneLineParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own errors: one line, exit 2
        raise RulesError(f"{self.prog}: {message}")


def read_json_file(path: str) -> object:
    """A JSON document from a file, or from standard input for "-"; errors name the file.

    Every way a file can fail to be JSON is one RulesError: unreadable, not UTF-8 (a Latin-1
    file), nested too deeply for the parser, or a number too long to convert.
    """
    try:
        if path == "-":
            raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read()
        else:
            with open(path, "rb") as handle:
                raw = handle.read()
    except OSError as error:
        raise RulesError(f"FILE: cannot read {path}: {error.strerror}") from None
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as error:
        raise RulesError(f"FILE: {path} is not UTF-8 text (byte {error.start}); "
                         "save it as UTF-8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RulesError(f"FILE: {path} is not JSON ({error.msg} at line {error.lineno})") from None
    except RecursionError:
        raise RulesError(f"FILE: {path} is nested too deeply to read") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise RulesError(f"FILE: {path} holds a number too long to read "
                         "(more than 4,300 digits)") from None


def encodable_output(result: object) -> str:
    """The whole output as text, checked to encode before anything is printed.

    A lone surrogate (written as "\\ud800" in the input) would otherwise fail halfway through
    printing, after part of the document was already out.
    """
    if isinstance(result, str):
        text = result
    else:
        text = json.dumps(result, ensure_ascii=False) + "\n"
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError as error:
        bad = text[error.start:error.end]
        raise RulesError(f"input: text holds a character that cannot be written ({bad!r}, "
                         "a lone surrogate or outside the output's encoding)") from None
    except LookupError:
        pass
    return text


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="python -m rules", description=__doc__.splitlines()[0])
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_OneLineParser)
    for name in COMMAND_MODULES:
        module = importlib.import_module(f"rules.commands.{name}")
        module.register(subparsers)
    return parser


def _one_line(message: str) -> str:
    """An error as one printable line (a message may quote bad text from the input)."""
    line = " ".join(str(message).split())
    encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
    try:
        line.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        line = line.encode("ascii", "backslashreplace").decode("ascii")
    return line


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        result = args.run(args)
        # A plain-text listing (`games`: one id per line) or one JSON document, built whole
        # and checked before the first character is written.
        text = encodable_output(result)
    except RulesError as error:
        print(_one_line(f"error: {error}"), file=sys.stderr)
        return 2
    except RecursionError:
        print("error: the input is nested too deeply to read", file=sys.stderr)
        return 2
    except Exception as error:  # noqa: BLE001 - the last resort: one line, never a traceback
        # A reader below that lets an odd input through must still give one line and exit 2;
        # the reader should then be fixed to name the field (as definition.py does for every
        # field of an inline game, checked by tests/rules/games/test_games_definition_types.py).
        print(f"error: internal error reading the input ({type(error).__name__})",
              file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0
