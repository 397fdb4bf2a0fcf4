"""Fixtures that run `python -m rules showdown FILE` in-process, for the CLI contract tests."""

import json

import pytest

from rules.cli import main


def _run_cli(tmp_path, capsys, data):
    path = tmp_path / "showdown.json"
    path.write_text(json.dumps(data))
    code = main(["showdown", str(path)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def showdown(tmp_path, capsys):
    """Run `rules showdown FILE` in-process; assert the exit code (`expect`) and return the
    stdout JSON, or the one stderr line when the input is refused."""

    def run(game, players, *, pot="1.00", board=None, expect=0, **extra):
        data = {"game": game, "pot": pot, "players": players, **extra}
        if board is not None:
            data["board"] = board
        code, out, err = _run_cli(tmp_path, capsys, data)
        assert code == expect, err or out
        if expect:
            assert out == "" and len(err.strip().splitlines()) == 1
            return err.strip()
        return json.loads(out)

    return run


@pytest.fixture
def showdown_run(tmp_path, capsys):
    """Run `python -m rules showdown FILE` in-process, the board given as card strings per
    position: (exit code, JSON or the error line). See `cli_helpers.ok` and `refused`."""

    def run(game, players, *, board=None, pot="1.00", **extra):
        data = {"game": game, "pot": pot, "players": players, **extra}
        if board is not None:
            data["board"] = {name: cards.split() for name, cards in board.items()}
        code, out, err = _run_cli(tmp_path, capsys, data)
        if code == 0:
            return code, json.loads(out)
        return code, err

    return run
