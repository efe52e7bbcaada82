"""A plain-text picture of a game for ``env.render()``, drawn from the spectator's observation.

Mole Hill gets a board diagram; every game gets its public facts as ``key: value`` lines.
Built from ``observation(None)`` only, so a rendering never shows a secret.
"""

from __future__ import annotations

import json

from molehaven.core import JSONValue, State
from molehaven.games.mole_hill.data import FILES, RANKS

_SKIPPED = frozenset({"game", "events", "last_round_events", "history"})
_WIDTH = 100


def render_text(state: State) -> str:
    """The public view of ``state`` as text."""
    observation = state.observation(None)
    lines = [f"{state.game.info.title} ({state.game.players} players)"]
    if observation.get("game") == "mole-hill":
        lines.extend(_mole_hill_grid(observation.get("visited")))
    for key, value in observation.items():
        if key in _SKIPPED:
            continue
        text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if len(text) > _WIDTH:
            text = text[: _WIDTH - 1] + "…"
        lines.append(f"{key}: {text}")
    return "\n".join(lines)


def _mole_hill_grid(visited: JSONValue) -> list[str]:
    """Squares by visit number (``.`` unvisited), rank 7 at the top."""
    order = {str(name): n for n, name in enumerate(visited, 1)} if isinstance(visited, list) else {}
    rows = ["    " + "".join(f"{f:>3}" for f in FILES)]
    for rank in reversed(RANKS):
        cells = "".join(f"{order.get(f + rank, '.'):>3}" for f in FILES)
        rows.append(f" {rank}  {cells}")
    return rows
