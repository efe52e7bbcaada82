"""What the next action of a Mole Majority game is (rules sections 3 and 4).

Setup runs SETUP_HEX → BASE → EXTRA_HEX ⇄ PLACE → SETUP_TOKEN → DEAL; each turn runs
START → MAIN → (BONUS) with CAVE_TOKEN after a Cave-In, then DRAW, until OVER.
"""

from __future__ import annotations

from typing import Final

(
    SETUP_HEX,  # chance: the Center Hex and the ring (setup steps 2, 3)
    BASE,  # a seat places its Home Base (step 4)
    EXTRA_HEX,  # chance: an extra hex is drawn (step 5)
    PLACE,  # a seat places the drawn extra hex (step 5)
    SETUP_TOKEN,  # chance: a Home Token on the next unclaimed hex (step 6)
    DEAL,  # chance: the starting hands (step 7)
    START,  # the active seat chooses its Action (4.2)
    MAIN,  # steps, stacks, conversions, the roll, the effect (4.3)
    BONUS,  # bonus breeds only (4.4, MM-24)
    CAVE_TOKEN,  # chance: the Home Token a Cave-In earns (MM-27)
    DRAW,  # chance: end-of-turn draws (4.6 step 4)
    OVER,
) = range(12)

PHASE_NAMES: Final = (
    "setup-hex",
    "base",
    "extra-hex",
    "place",
    "setup-token",
    "deal",
    "start",
    "main",
    "bonus",
    "cave-token",
    "draw",
    "over",
)
SETUP_CHANCE_PHASES: Final = frozenset((SETUP_HEX, EXTRA_HEX, SETUP_TOKEN, DEAL))
CHANCE_PHASES: Final = SETUP_CHANCE_PHASES | {CAVE_TOKEN, DRAW}
TURN_PHASES: Final = frozenset((START, MAIN, BONUS))

# The Cave-In / Make A Home effect of a ``cavein`` Action (MM-26).
NO_EFFECT, EFFECT_AVAILABLE, EFFECT_DONE = range(3)
EFFECT_NAMES: Final = ("none", "available", "done")
