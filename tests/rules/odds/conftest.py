"""Running `python -m rules odds FILE` in-process."""

import json

import pytest

from rules.cli import main


@pytest.fixture
def odds_cli(tmp_path, capsys):
    """Run `rules odds FILE`; returns (exit code, stdout JSON or the stderr text)."""

    def run(data):
        path = tmp_path / "odds.json"
        path.write_text(json.dumps(data))
        code = main(["odds", str(path)])
        out, err = capsys.readouterr()
        return code, (json.loads(out) if code == 0 else err)

    return run
