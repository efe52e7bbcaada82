"""A plain-text picture of a game for ``env.render()``: the board the terminal shows a
spectator (``molehaven.boards``), without colours.

Drawn from ``observation(None)`` only, so a rendering never shows a secret.
"""

from __future__ import annotations

import io

from rich.console import Console

from molehaven.boards import render
from molehaven.core import State

WIDTH = 100


def render_text(state: State) -> str:
    """The public view of ``state`` as text, under a line naming the game and its player
    count where the board does not open with the game's name."""
    game = state.game
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, force_terminal=False)
    console.print(render(game.slug, state.observation(None), None))
    board = "\n".join(line.rstrip() for line in out.getvalue().rstrip().splitlines())
    if board.startswith(game.info.title):
        return board
    return f"{game.info.title} ({game.players} players)\n{board}"
