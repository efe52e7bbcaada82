"""``molehaven games`` and ``molehaven rules``: what can be played, and how."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from molehaven.cli.errors import CliError
from molehaven.docs import rules_page
from molehaven.games import REGISTRY


def games_table() -> Table:
    table = Table(title="Molehaven games", show_lines=True)
    table.add_column("game", style="bold cyan", no_wrap=True)
    table.add_column("players", justify="center")
    table.add_column("about")
    table.add_column("options (default; allowed)")
    for slug in REGISTRY.list_games():
        game_class = REGISTRY.game_class(slug)
        info = game_class.info
        counts = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players}"
        )
        options = "\n".join(
            f"[bold]{spec.name}[/]={_shown(spec.default)} ({spec.allowed_text()}): {spec.help}"
            for spec in game_class.option_specs()
        )
        table.add_row(f"{slug}\n[dim]{info.title}[/]", counts, info.summary, options or "none")
    return table


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_text(slug: str) -> str:
    """The project's rules page for a game, shipped inside the package.

    Raises:
        CliError: the page is missing from this installation.
    """
    REGISTRY.game_class(slug)  # an unknown slug fails here, naming the valid ones
    try:
        return rules_page(slug)
    except FileNotFoundError as error:
        raise CliError(str(error)) from None


def print_rules(console: Console, slug: str, *, plain: bool) -> None:
    text = rules_text(slug)
    if plain:
        # Byte for byte: the console would wrap long lines again at the terminal's width.
        console.file.write(text)
        console.file.flush()
    else:
        console.print(Markdown(text))
