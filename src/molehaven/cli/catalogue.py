"""``molehaven games`` and ``molehaven rules``: what can be played, and how."""

from __future__ import annotations

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from molehaven.cli.errors import CliError
from molehaven.docs import rules_page
from molehaven.games import REGISTRY


def games_table(width: int = 80) -> Table:
    """Every game, its player counts, what it is about and its options, laid out to fit
    ``width`` columns."""
    slugs = REGISTRY.list_games()
    # People copy option names into -o name=value: the options column is as wide as the
    # longest name=default (Rich breaks lines at spaces only), so only prose wraps; fold, not
    # an ellipsis, is the last resort on a terminal too narrow for that.
    longest_option = max(
        (
            len(f"{spec.name}={_shown(spec.default)}")
            for slug in slugs
            for spec in REGISTRY.game_class(slug).option_specs()
        ),
        default=0,
    )
    slug_width = max(map(len, slugs), default=0)
    players_width = len("players")
    # What the two prose columns share: the width less five borders, four columns' padding
    # (one space each side) and the two narrow columns.
    shared = width - 5 - 4 * 2 - slug_width - players_width
    # Below about 70 columns the summary goes above the options, in their column.
    narrow = shared - longest_option < 16
    table = Table(title="Molehaven games", show_lines=True)
    table.add_column("game", style="bold cyan", width=slug_width, overflow="fold")
    table.add_column("players", justify="center", width=players_width)
    if not narrow:
        table.add_column("about", overflow="fold")
    # Narrow, the options column also takes the about column's border and padding (3).
    options_width = max(longest_option, shared + 3 if narrow else shared // 2)
    heading = "options (default; allowed)"
    table.add_column(
        f"about, then {heading}" if narrow else heading, width=options_width, overflow="fold"
    )
    for slug in slugs:
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
        prose = (
            [f"{info.summary}\n\n{options or 'no options'}"]
            if narrow
            else [info.summary, options or "none"]
        )
        table.add_row(f"{slug}\n[dim]{info.title}[/]", counts, *prose)
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
