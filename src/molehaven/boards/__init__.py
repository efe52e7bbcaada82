"""Terminal drawings of each game, keyed by slug; any game without one gets the generic view.

A board module exposes ``render(observation, viewer) -> rich renderable``. It draws from the
observation alone (never the state), so the terminal shows exactly what that seat may know.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import RenderableType

from molehaven.boards import (
    generic,
    maulwurf_company,
    mole_hill,
    mole_majority,
    mole_park,
    the_mole,
)
from molehaven.core import Observation, Seat

Renderer = Callable[[Observation, Seat | None], RenderableType]

RENDERERS: dict[str, Renderer] = {
    "mole-hill": mole_hill.render,
    "maulwurf-company": maulwurf_company.render,
    "mole-park": mole_park.render,
    "mole-majority": mole_majority.render,
    "the-mole": the_mole.render,
}


def render(slug: str, observation: Observation, viewer: Seat | None) -> RenderableType:
    return RENDERERS.get(slug, generic.render)(observation, viewer)
