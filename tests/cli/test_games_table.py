"""``molehaven games`` shows every option name whole: people copy them into ``-o``."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from typer.testing import CliRunner

import molehaven
from molehaven.cli.catalogue import games_table
from molehaven.cli.main import app
from molehaven.games import REGISTRY

runner = CliRunner()


def option_texts() -> list[str]:
    """``name=default`` of every option of every game, as the table writes it."""
    texts = []
    for slug in molehaven.list_games():
        for spec in REGISTRY.game_class(slug).option_specs():
            default = spec.default
            shown = str(default).lower() if isinstance(default, bool) else str(default)
            texts.append(f"{spec.name}={shown}")
    return texts


@pytest.mark.parametrize("width", [60, 80, 100, 160])
def test_every_option_name_is_whole_at_any_common_width(width: int) -> None:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(games_table(width))
    text = out.getvalue()
    assert "…" not in text
    assert max(len(line) for line in text.splitlines()) <= width
    for option in option_texts():
        assert option in text, (width, option)
    for slug in molehaven.list_games():
        assert slug in text


def test_the_games_command_at_80_columns() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "…" not in result.output
    for option in option_texts():
        assert option in result.output
