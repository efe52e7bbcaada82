"""Every registered game, in one explicit list, and the registry built from it."""

from molehaven.core.registry import Registry
from molehaven.games import maulwurf_company, mole_hill, mole_majority, mole_park, the_mole

REGISTRY = Registry(
    [
        mole_hill.GAME,
        maulwurf_company.GAME,
        mole_park.GAME,
        mole_majority.GAME,
        the_mole.GAME,
    ]
)

make = REGISTRY.make
list_games = REGISTRY.list_games
replay = REGISTRY.replay
