"""The words of a table: the move log as each viewer may read it, and how a game ended.

The engine decides what each viewer may know of an action (``State.describe_action``), so the
server never guesses. Descriptions are computed once, when an action is applied (on the state
before it), for every viewer (a spectator and each seat), and kept with the table; a message
only fills in the players' names.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from molehaven.core import Action, JSONValue, Seat, State, and_list, name_seats

log = logging.getLogger("molehaven.server")


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action: who, its notation, and its description for each viewer
    (``described[0]`` a spectator's, ``described[seat + 1]`` that seat's)."""

    seat: Seat
    notation: str
    described: tuple[str, ...]

    def for_viewer(self, viewer: Seat | None) -> str:
        return self.described[0 if viewer is None else viewer + 1]

    def after_the_end(self) -> str:
        """Once the game is over the whole record is public: the actor's own words; for
        chance and the clock, the words of the seat that read the most (the one a card was
        dealt to), else everyone's. An outcome nobody saw keeps the words it had in play
        ("the location is drawn in secret"); the entry's notation tells it."""
        if self.seat >= 0:
            return self.described[self.seat + 1]
        everyone = self.described[0]
        return next((words for words in self.described[1:] if words != everyone), everyone)


def describe(state: State, seat: Seat, action: Action) -> LogEntry:
    """``seat`` applying ``action`` to ``state`` (not yet applied), for every viewer."""
    viewers: list[Seat | None] = [None, *range(state.game.players)]
    described = []
    for viewer in viewers:
        try:
            described.append(state.describe_action(seat, action, viewer))
        except Exception:  # an engine's description must never stop its game
            log.exception("describe_action failed for %s", state.game.slug)
            mine = viewer is not None and viewer == seat
            described.append(f"{{s{seat}}}: {action}" if mine else f"{{s{seat}}} acted")
    return LogEntry(seat, str(action), tuple(described))


def named(text: str, names: Sequence[str]) -> str:
    return name_seats(text, names)


def result_of(state: State, names: Sequence[str]) -> dict[str, JSONValue]:
    """The end of a finished game, in words everyone reads the same way: who won, the final
    scores, and why (the engine's ``end_reason`` when it gives one, else what the returns and
    scores show)."""
    returns, scores = state.returns(), state.scores()
    best = max(returns) if returns else 0.0
    winners = [seat for seat, value in enumerate(returns) if value > 0 and value == best]
    final = ", ".join(f"{names[seat]} {_number(score)}" for seat, score in enumerate(scores))
    reason = state.observation(None).get("end_reason")
    # The engine's own words ("the turn limit was reached", "every tile is claimed") stand alone.
    has_reason = isinstance(reason, str) and reason
    why = str(reason) if has_reason else _derived_reason(winners, scores)
    if not winners:
        headline = "Nobody won."
    elif len(winners) == len(returns):
        headline = "A draw: every seat shares the win."
    else:
        headline = f"Won by {and_list([names[seat] for seat in winners])}."
    lines = [headline, f"Why: {why}."]
    # A game without points (Die Maulwurf Company: the winners score 1, the rest 0, MC-30)
    # has no scores worth reading out: "Final scores: Ann 0, Bob 1" only says who won again.
    if state.game.info.keeps_points:
        lines.append(f"Final scores: {final}.")
    # ``lines``: the summary's sentences, who won first, for a page that sets them apart.
    return {
        "returns": returns,
        "scores": scores,
        "winners": winners,
        "summary": " ".join(lines),
        "lines": lines,
    }


def _derived_reason(winners: Sequence[Seat], scores: Sequence[float]) -> str:
    if not winners:
        return "no seat met the rules' winning condition"
    top = max(scores)
    winning_scores = {scores[seat] for seat in winners}
    at_top = [seat for seat, score in enumerate(scores) if score == top]
    if winning_scores == {top} and sorted(at_top) == sorted(winners):
        if len(winners) == 1:
            return f"the highest final score ({_number(top)})"
        return f"they share the highest final score ({_number(top)})"
    return "the rules' end condition (the winners are not decided by the score alone)"


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
