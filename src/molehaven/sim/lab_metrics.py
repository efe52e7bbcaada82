"""What the designer's lab measures in one game: length, lead, choice and each game's own facts.

Everything is read through the public game API (``scores()``, ``legal_actions``, the public
observation at the end), so the lab holds no rule of any game. The few game-specific facts
(how a game ended, prizes taken, convictions) are read from each game's final public
observation by name.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from molehaven.core import CHANCE, CLOCK, JSONValue, Observation, State

CURVE_POINTS = 11  # the score margin at 0%, 10%, … 100% of a game


@dataclass(slots=True)
class Tracker:
    """Watches one game being played (``sim.driver.play_game``'s observer)."""

    leaders: list[int | None] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)
    scores: list[tuple[float, ...]] = field(default_factory=list)
    decisions: int = 0
    choices: int = 0
    branching: int = 0

    def __call__(self, state: State) -> None:
        # Scores are kept where a seat decides and at the end: a share "of the game" is a
        # share of its decisions, not of its dice rolls and deals too.
        if state.is_terminal():
            self.scores.append(tuple(state.scores()))
            return
        if state.is_chance() or not state.to_move():
            return
        self.scores.append(tuple(state.scores()))
        for seat in state.to_move():
            count = len(state.legal_actions(seat))
            self.decisions += 1
            self.branching += count
            self.choices += count > 1


def sole_leader(scores: Sequence[float]) -> int | None:
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def lead_changes(history: Sequence[tuple[float, ...]]) -> int:
    """How often the sole leader by score changed hands (ties are no leader)."""
    changes = 0
    previous: int | None = None
    for scores in history:
        leader = sole_leader(scores)
        if leader is not None:
            if previous is not None and leader != previous:
                changes += 1
            previous = leader
    return changes


def leads_for_good_from(history: Sequence[tuple[float, ...]], winner: int) -> float | None:
    """The share of the decisions (0 = from the start, 1 = only at the end) after which ``winner``
    is the sole leader by score at every later step; ``None`` if the winner is not the sole
    leader by score at the end (won some other way, as by Mole Park's Crown), which no share
    describes."""
    if not history or sole_leader(history[-1]) != winner:
        return None
    steps = len(history)
    start = steps - 1
    while start > 0 and sole_leader(history[start - 1]) == winner:
        start -= 1
    return start / max(1, steps - 1)


def margin_curve(history: Sequence[tuple[float, ...]], winner: int) -> tuple[float, ...]:
    """The eventual winner's score minus the best other score, at evenly spaced points."""
    steps = len(history)
    curve = []
    for point in range(CURVE_POINTS):
        scores = history[round(point * (steps - 1) / (CURVE_POINTS - 1))]
        others = [score for seat, score in enumerate(scores) if seat != winner]
        curve.append(scores[winner] - max(others))
    return tuple(curve)


def ranks(scores: Sequence[float], returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's finishing place (1 = first), by returns then scores; ties share the mean
    of their places."""
    keys = [(returns[seat], scores[seat]) for seat in range(len(scores))]
    places: list[float] = []
    for key in keys:
        better = sum(other > key for other in keys)
        equal = sum(other == key for other in keys)
        places.append(better + (equal + 1) / 2)
    return tuple(places)


# ------------------------------------------------------------------ each game's own facts

EndReader = Callable[[Observation, State], str]
ExtraReader = Callable[[Observation, State], dict[str, float]]


def _int(value: JSONValue) -> int:
    return value if isinstance(value, int) else 0


def _list(value: JSONValue) -> list[JSONValue]:
    return list(value) if isinstance(value, list) else []


def _end_reason(final: Observation, state: State) -> str:
    """The engine's own words for how the game ended (``end_reason`` in its final view), up
    to a colon: what follows one explains the result to players ("the round limit was
    reached: the highest score wins"), and a table of counts wants the label."""
    reason = final.get("end_reason")
    return str(reason).split(":", 1)[0] if reason else "over"


def _mole_park_extra(final: Observation, state: State) -> dict[str, float]:
    seats = [seat for seat in _list(final.get("seats")) if isinstance(seat, dict)]
    prizes = sum(len(_list(seat.get("prizes"))) for seat in seats)
    return {"prizes taken": float(prizes), "rounds": float(_int(final.get("round")))}


# What a per-game figure can be, which bounds its interval: every game's extra figure is a
# count or a share of rounds, never negative, and a share is at most 1.
SHARE = (0.0, 1.0)
AT_LEAST_0 = (0.0, math.inf)
EXTRA_SHARES = frozenset({"conviction rate", "mole names the location"})


def extra_range(name: str) -> tuple[float, float]:
    """The values a game's extra figure ``name`` can take (``EXTRA_READERS``)."""
    return SHARE if name in EXTRA_SHARES else AT_LEAST_0


# The game's own count of turns, from its final public view: "turns per game" counts seat
# actions, and one turn of Mole Majority is several of them (a card, moves, breeds, the end).
RULES_TURNS = "turns by the rules"


def _maulwurf_extra(final: Observation, state: State) -> dict[str, float]:
    return {RULES_TURNS: float(_int(final.get("turns")))}  # turns played (MC-25)


def _mole_majority_extra(final: Observation, state: State) -> dict[str, float]:
    return {RULES_TURNS: float(_int(final.get("turn")))}  # turns finished (MM-40)


def _the_mole_rounds(final: Observation) -> list[dict[str, JSONValue]]:
    return [entry for entry in _list(final.get("history")) if isinstance(entry, dict)]


def _the_mole_end(final: Observation, state: State) -> str:
    return "target score"


def _the_mole_extra(final: Observation, state: State) -> dict[str, float]:
    rounds = _the_mole_rounds(final)
    if not rounds:
        return {}
    convicted = sum(
        entry.get("end") == "vote" and entry.get("accused") == entry.get("mole") for entry in rounds
    )
    named = sum(
        entry.get("end") == "guess" and entry.get("guess") == entry.get("location")
        for entry in rounds
    )
    return {
        "rounds": float(len(rounds)),
        "conviction rate": convicted / len(rounds),
        "mole names the location": named / len(rounds),
    }


def _mole_hill_extra(final: Observation, state: State) -> dict[str, float]:
    return {"rounds": float(_int(final.get("round")))}


END_READERS: Mapping[str, EndReader] = {
    "maulwurf-company": _end_reason,
    "mole-park": _end_reason,
    "mole-majority": _end_reason,
    "the-mole": _the_mole_end,
}
EXTRA_READERS: Mapping[str, ExtraReader] = {
    "mole-hill": _mole_hill_extra,
    "maulwurf-company": _maulwurf_extra,
    "mole-park": _mole_park_extra,
    "mole-majority": _mole_majority_extra,
    "the-mole": _the_mole_extra,
}


def end_condition(state: State) -> str:
    reader = END_READERS.get(state.game.slug)
    return reader(state.observation(None), state) if reader else "game over"


def game_extras(state: State) -> dict[str, float]:
    reader = EXTRA_READERS.get(state.game.slug)
    return reader(state.observation(None), state) if reader else {}


def turns_taken(state: State) -> int:
    """Actions by real seats (chance and clock events are not turns)."""
    return sum(seat not in (CHANCE, CLOCK) for seat, _ in state.history())
