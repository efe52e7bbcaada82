"""What each seat may see of a Mole Park state (rules section 7, MP-40), and a plain-text
summary for ``str(state)``.

``observation`` is the only place secrets are filtered: hand values for their owner only, a
die choice for its owner only until the last choice arrives, the values of moles in holes, the
deck and the discard pile for nobody.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import JSONValue, Observation
from molehaven.games.mole_park import rules
from molehaven.games.mole_park.data import (
    DIE_NAMES,
    NO_DIE,
    NOT_ROLLED,
    STAND_KEYS,
    STAND_VALUES,
    STANDS,
    face_name,
    pile_size,
    pile_values,
)

if TYPE_CHECKING:
    from molehaven.games.mole_park.state import MoleParkState


def die_seen(state: MoleParkState, seat: int, viewer: int | None) -> str | None:
    """A die choice as ``viewer`` may know it (MP-16, MP-15): the one place this secret is
    filtered, for the observation and for the RL layer's tensor alike."""
    die = state.dice[seat]
    if seat in state.declared or state.phase != rules.CHOOSE:
        return None if die == NO_DIE else DIE_NAMES[die]
    if die == NO_DIE:
        return "not yet"
    return DIE_NAMES[die] if seat == viewer else "chosen"


def _seat_entry(state: MoleParkState, seat: int, viewer: int | None) -> dict[str, JSONValue]:
    die = state.dice[seat]
    showdown = bool(state.competitors)
    roll = NOT_ROLLED if die == NO_DIE or showdown else state.rolls[seat][die]
    total = state.totals[seat]
    return {
        "hand_size": pile_size(state.hands[seat]),
        "prizes": [STAND_KEYS[stand] for stand in state.prizes[seat]],
        "prize_stars": rules.prize_stars(state, seat),
        "may_declare": seat in state.eligible,
        "declared": seat in state.declared,
        "die": die_seen(state, seat, viewer),
        "roll": None if roll == NOT_ROLLED else face_name(roll),
        "laid_down": pile_values(state.laid_down[seat]) if total >= 0 else None,
        "total": total if total >= 0 else None,
    }


def _showdown_entry(state: MoleParkState) -> list[JSONValue]:
    entries: list[JSONValue] = []
    for seat in state.competitors:
        faces = state.rolls[seat]
        total = state.showdown_totals[seat]
        entries.append(
            {
                "seat": seat,
                "rolls": {
                    name: None if faces[die] == NOT_ROLLED else face_name(faces[die])
                    for die, name in enumerate(DIE_NAMES)
                },
                "moles": pile_values(state.showdown_moles[seat]),
                "total": total if total >= 0 else None,
            }
        )
    return entries


def _showdown_tie(state: MoleParkState) -> JSONValue:
    """A tied Showdown and how it was settled (MP-33), public from the tie to the end: the
    Crown makes its winner King Mole, so the seat that settled the tie is kept apart."""
    return {
        "seats": list(state.tied),
        "total": state.showdown_totals[state.tied[0]],
        "king": state.tie_king,
        "king_loses": state.tie_king in state.tied,
        # The seats King Mole picks among; empty when his leaving the tie left only one.
        "finalists": list(state.finalists),
        "pick": state.crowned if state.finalists and state.crowned >= 0 else None,
    }


def _end_reason(state: MoleParkState) -> str:
    """Why the game ended, in words for the result box: a tied Showdown says how it was settled,
    or the winner of the Crown would seem to have won on a score that others shared."""
    if state.crowned < 0:
        return "the round limit was reached: the highest score wins"
    if not state.tied:
        return "King Mole's Crown was won"
    if state.finalists:
        return "King Mole's Crown was won: King Mole picked the winner from a tied Showdown"
    # The winner is King Mole once crowned, so the page's "King Mole" is no longer the seat
    # that lost the tie: the words say who took the Crown, and that it made them King Mole.
    return (
        "King Mole's Crown was won: King Mole tied in the Showdown and, as King Mole, loses"
        " the tie; the other tied player takes the Crown and becomes King Mole"
    )


def _last_round_dice(state: MoleParkState) -> list[JSONValue]:
    """The previous round's die and roll per seat: all public since its reveal (MP-16, MP-17),
    so the table can show the reveal after the round has moved on."""
    entries: list[JSONValue] = []
    for seat, die in enumerate(state.last_dice):
        roll = NOT_ROLLED if die == NO_DIE else state.last_rolls[seat][die]
        entries.append(
            {
                "die": None if die == NO_DIE else DIE_NAMES[die],
                "roll": None if roll == NOT_ROLLED else face_name(roll),
            }
        )
    return entries


def observation(state: MoleParkState, viewer: int | None) -> Observation:
    phase = state.phase
    result: Observation = {
        "game": "mole-park",
        "players": state.players,
        "round": state.round,
        "round_limit": state.round_limit,
        "hand_limit": state.hand_limit,
        "prize_value": "highest" if state.highest_only else "full",
        "step": rules.PHASE_NAMES[phase],
        "king": None if state.king < 0 else state.king,
        "to_move": rules.to_move(state),
        "holes": [pile_size(pile) for pile in state.holes],
        "deck": pile_size(state.deck),
        "discard": pile_size(state.discard),
        "stands": {
            STAND_KEYS[stand]: {
                "value": STAND_VALUES[stand],
                "face_up": state.face_up[stand],
                "face_down": state.face_down[stand],
            }
            for stand in range(STANDS)
        },
        "seats": [_seat_entry(state, seat, viewer) for seat in range(state.players)],
        "draft": {
            "total": state.pick_total,
            "pickers": list(state.pickers),
            "king_picks_last": state.king_picks_last,
        }
        if phase in (rules.ORDER, rules.TAKE)
        else None,
        "showdown": _showdown_entry(state) if state.competitors else None,
        "finalists": list(state.finalists) if phase == rules.CROWN else None,
        "scores": rules.scores(state),
        "winners": list(state.winners),
        # The seat that won King Mole's Crown (MP-34), public as soon as it is won; None while
        # nobody has, and after a game the round limit ended (MP-35).
        "crowned": None if state.crowned < 0 else state.crowned,
        "events": list(state.events),
        "last_round_events": list(state.last_events),
        "last_round_dice": _last_round_dice(state),
    }
    if state.tied:  # only then: a key always there would change every past observation
        result["showdown_tie"] = _showdown_tie(state)
    if phase == rules.OVER:  # why the game ended, in words (MP-34 or the round limit)
        result["end_reason"] = _end_reason(state)
    if viewer is not None:
        result["seat"] = viewer
        result["hand"] = pile_values(state.hands[viewer])
    return result


def describe(state: MoleParkState) -> str:
    """A few lines of plain text for debugging: round, step, holes, stands and every seat,
    its hand values included (never show this to a player; use ``observation``)."""
    observed = observation(state, None)
    stands = " ".join(
        f"{STAND_KEYS[s]}:{'up' if state.face_up[s] else '--'}+{state.face_down[s]}"
        for s in range(STANDS)
    )
    lines = [
        f"round {state.round}/{state.round_limit}, step {observed['step']},"
        f" King Mole: seat {observed['king']}, to move: {observed['to_move']}",
        f"holes {observed['holes']}, deck {observed['deck']}, discard {observed['discard']}",
        f"stands {stands}",
    ]
    for seat in range(state.players):
        hand = " ".join(map(str, pile_values(state.hands[seat]))) or "-"
        prizes = ",".join(STAND_KEYS[s] for s in state.prizes[seat]) or "-"
        die = state.dice[seat]
        lines.append(
            f"seat {seat}: hand [{hand}], prizes {prizes} ({rules.prize_stars(state, seat)}),"
            f" die {DIE_NAMES[die] if die != NO_DIE else '-'}"
        )
    return "\n".join(lines)
