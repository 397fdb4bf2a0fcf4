"""`python -m rules settle|showdown`: any input gives one line and exit 2, never a traceback (R16).

Odd files (Latin-1, nested too deeply, a number too long to convert, a name that cannot be
printed) are refused by the shared reader (rules/cli.py); money is a decimal string of ASCII
digits (ARCHITECTURE.md, Money); and whatever a command's reader lets through still ends as one
line (the last-resort `internal error reading the input`).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.cli import main
from rules.errors import RulesError

ROOT = Path(__file__).resolve().parents[2]
SHOWDOWN = {"game": "five-card-draw", "pot": "2.00",
            "players": [{"name": "Ann", "down": ["As", "Ks", "Qs", "Js", "Ts"]},
                        {"name": "Bob", "down": ["2c", "3d", "4h", "5s", "7c"]}]}


def _run(command: str, data: bytes) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", command, "-"], input=data, cwd=ROOT,
                          capture_output=True, timeout=60)


def _one_line(done: subprocess.CompletedProcess, *words: str) -> None:
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, err
    assert "Traceback" not in err and err.count("\n") == 1 and err.startswith("error: "), err
    assert done.stdout == b""
    for word in words:
        assert word in err, err


def _cli(monkeypatch, capsys, command: str, text: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main([command, "-"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["settle", "showdown"])
def test_a_latin1_file_is_one_line_not_a_traceback(tmp_path, command):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"balances": {"José": "1.00", "Bob": "-1.00"}}'.encode("latin-1"))
    done = subprocess.run([sys.executable, "-m", "rules", command, str(path)], cwd=ROOT,
                          capture_output=True, timeout=60)
    _one_line(done, "not UTF-8")


@pytest.mark.parametrize("command", ["settle", "showdown"])
def test_deeply_nested_json_is_one_line(command):
    _one_line(_run(command, b"[" * 100_000 + b"]" * 100_000), "nested too deeply")


@pytest.mark.parametrize("command", ["settle", "showdown"])
def test_an_integer_of_more_than_4300_digits_is_one_line(command):
    _one_line(_run(command, b'{"balances": {"A": ' + b"9" * 5000 + b"}}"), "too long")


def test_a_lone_surrogate_in_a_name_prints_nothing_but_one_line():
    # The transfers would be computed, and printing them fails half-way on the name.
    done = _run("settle", b'{"balances": {"Bob": "-5.00", "\\ud800": "5.00"}}')
    _one_line(done, "cannot be written")


@pytest.mark.parametrize("amount", [5, 500, 5.0, True, None, ["5.00"], "\u0665.00", "\uff15.00",
                                    "5.00\u0660", "1" * 20])
def test_settle_reads_money_only_as_decimal_strings_of_ascii_digits(monkeypatch, capsys, amount):
    text = json.dumps({"balances": {"Ann": amount, "Bob": "-5.00"}})
    code, out, err = _cli(monkeypatch, capsys, "settle", text)
    assert code == 2 and out == ""
    assert 'balances.Ann: write the amount as a decimal string such as "18.05"' in err
    assert err.count("\n") == 1


def test_settle_still_reads_decimal_strings(monkeypatch, capsys):
    code, out, _ = _cli(monkeypatch, capsys, "settle",
                        '{"balances": {"Ann": "5", "Bob": "-5.00", "Cy": " 0.5", "Dee": "-0.50"}}')
    assert code == 0
    assert json.loads(out)["transfers"] == [{"from": "Bob", "to": "Ann", "amount": "5.00"},
                                            {"from": "Dee", "to": "Cy", "amount": "0.50"}]


# Inline game definitions with a field of the wrong type: one line naming the field.
BROKEN_FIELDS = [
    ("hand", 5, "game.hand: expected an object"),
    ("pot", None, "game.pot: expected an object"),
    ("wild", 5, "game.wild: expected a string, got 5"),
    ("options", None, "game.options: expected a list of options"),
    ("rounds", None, "game.rounds: expected a list of rounds"),
    ("low_qualifier", "x", "game.low_qualifier: expected a whole number or null, got 'x'"),
    ("side_payments", [{}], "game.side_payments: expected a list of strings, got [{}]"),
    ("hand", {"layout": [5]}, "game.hand.layout: expected a string, got [5]"),
]


@pytest.mark.parametrize("field, value, message", BROKEN_FIELDS)
def test_a_broken_inline_game_names_the_field(monkeypatch, capsys, field, value, message):
    from rules.games.registry import all_games

    game = all_games()["five-card-draw"].to_json()
    game.update({"id": "mine", field: value})
    code, out, err = _cli(monkeypatch, capsys, "showdown", json.dumps({**SHOWDOWN, "game": game}))
    assert (code, out, err) == (2, "", f"error: {message}\n")


def test_an_unexpected_exception_in_a_command_is_one_line(monkeypatch, capsys):
    import rules.commands.settle as settle

    def broken(document):
        raise KeyError("a bug")

    monkeypatch.setattr(settle, "balances_from_json", broken)
    code, out, err = _cli(monkeypatch, capsys, "settle", '{"balances": {}}')
    assert code == 2 and out == ""
    assert err == "error: internal error reading the input (KeyError)\n"


@pytest.mark.parametrize(("raised", "path", "reason"), [
    (RulesError("players[1].down[0]: unknown card 'Kx'"), "players[1].down[0]",
     "unknown card 'Kx'"),
    (RulesError("missing", path="players[2].declare"), "players[2].declare", "missing"),
    (RulesError("card JK: no joker here"), "", "card JK: no joker here"),
    (RulesError("game: unknown game 'x'"), "game", "unknown game 'x'"),
])
def test_a_refusal_carries_the_field_it_refuses_and_its_sentence(raised, path, reason):
    """The site shows the sentence on the field it names, without reading the text."""
    assert (raised.path, raised.reason) == (path, reason)
    assert str(raised) == (f"{path}: {reason}" if path else reason)
