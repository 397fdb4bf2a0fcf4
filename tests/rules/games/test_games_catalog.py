"""The catalog covers GAMES.md (G): every id of the standard, seed-000 and seed-001 tables is
defined, cites its seed, and its description names its board positions and options."""

import re

import pytest

from rules.games.registry import all_games
from tests.conftest import SHARED_DIR

MY_SECTIONS = {"## Standard games": "004_", "## Match pot / burn games": "000_",
               "## Old Man": "001_"}


def _ids_by_section():
    text = (SHARED_DIR / "design" / "GAMES.md").read_text()
    found = {}
    for block in re.split(r"(?m)^(?=## )", text):
        for heading, seed in MY_SECTIONS.items():
            if block.startswith(heading):
                cells = re.findall(r"(?m)^\| ((?:`[^`]+`(?:, )?)+) \|", block)
                for cell in cells:
                    for game_id in re.findall(r"`([^`]+)`", cell):
                        found[game_id] = seed
    return found


IDS = _ids_by_section()


def test_games_md_sections_were_read():
    assert len(IDS) == 5 + 21 + 1


@pytest.mark.parametrize("game_id", sorted(IDS))
def test_game_is_defined_from_its_seed(game_id):
    game = all_games()[game_id]
    assert game.source.startswith(IDS[game_id])
    assert game.describe and game.name and game.defined


@pytest.mark.parametrize("game_id", sorted(IDS))
def test_describe_names_every_board_position_and_option(game_id):
    game = all_games()[game_id]
    for position in game.board:
        assert f"`{position.name}`" in game.describe, position.name
    for rnd in game.rounds:
        for position in rnd.sets.get("board", ()):
            assert f"`{position.name}`" in game.describe, position.name
    for option in game.options:
        assert f"`{option.name}`" in game.describe, option.name
