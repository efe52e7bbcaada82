"""What a move log says about each Mole Majority action, to each viewer (rules section 7).

Every seat action is public: the board, the cards played and stacked, and the discard piles
(MM-47), so even a discarded hand is named. Secret are the card a seat is dealt or draws (its
owner reads the card, the others that a card was drawn), the value of a Home Token taken from
the pool or from a hex (its owner reads it, unless the token lay face up, MM-45) and the values
of the tokens laid face down at setup (nobody).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from molehaven.core import CHANCE, Action, Seat, seat_ref
from molehaven.games.mole_majority import phases
from molehaven.games.mole_majority.board import rolled_spaces
from molehaven.games.mole_majority.data import (
    CARD_TITLES,
    CONVERT,
    CORE_ORDER,
    EDGE_NAMES,
    LABELS,
    NUMBER_VALUE,
    SLOTS,
    SPACE_NAMES,
    STACK_BONUS,
    pile_cards,
)
from molehaven.games.mole_majority.notation import (
    NO_CARD,
    REPEAT,
    ROLL,
    STEP,
    Base,
    Breed,
    CardDraw,
    Cave,
    Convert,
    Discard,
    End,
    HexDraw,
    Home,
    Move,
    Pass,
    Place,
    Play,
    Roll,
    Stack,
    TokenDraw,
)
from molehaven.games.mole_majority.setup import placing_seat, token_target

if TYPE_CHECKING:
    from molehaven.games.mole_majority.state import MoleMajorityState

_CONVERT_GAINS: Final = {STEP: "+1 step", ROLL: "+1 to the roll number", REPEAT: "+1 conversion"}


def describe_action(
    state: MoleMajorityState, seat: Seat, action: Action, viewer: Seat | None
) -> str:
    who = seat_ref(seat)
    match action:
        case HexDraw(value=value):
            return _hex_draw(state, value)
        case Base(position=position):  # MM-6, MM-8
            return f"{who} put the Home Base on {LABELS[position]}"
        case Place(position=position):  # MM-7
            return f"{who} placed the {state.pending_hex}-space hex on {LABELS[position]}"
        case TokenDraw(value=value):
            return _token_draw(state, value, viewer)
        case CardDraw(kind=kind):
            return _card_draw(state, kind, viewer)
        case Play(kind=kind, number=number):
            return _play(who, kind, number)
        case Discard():  # MM-34: the discard piles are public (MM-47)
            cards = ", ".join(CARD_TITLES[kind] for kind in pile_cards(state.hands[seat]))
            return f"{who} discarded the whole hand ({cards or 'no cards'}) and ended the turn"
        case Pass():  # MM-12
            return f"{who} passed: no card could be played"
        case Stack():
            return _stack(who, action)
        case Move(source=source, target=target):  # MM-15
            return f"{who} moved a mole from {SPACE_NAMES[source]} to {SPACE_NAMES[target]}"
        case Breed(space=space):  # MM-17, MM-24
            bonus = "" if state.steps else " (a bonus breed)"
            return f"{who} bred a mole on {SPACE_NAMES[space]}{bonus}"
        case Convert(space=space):  # MM-29
            owner = seat_ref(state.spaces[space])
            return f"{who} converted {owner}'s mole on {SPACE_NAMES[space]}"
        case Roll(space=space, clockwise=clockwise):
            return _roll(state, seat, space, clockwise, viewer)
        case Cave(first=first, second=second):  # MM-27
            return f"{who} caved in the borders {EDGE_NAMES[first]} and {EDGE_NAMES[second]}"
        case Home(position=position):
            return _home(state, seat, position, viewer)
        case End():  # MM-13
            return f"{who} ended the turn"
    who = "chance" if seat == CHANCE else who
    return f"{who}: {action}"


def _hex_draw(state: MoleMajorityState, value: int) -> str:
    """Setup steps 2, 3 and 5: tiles are drawn face up."""
    if state.phase == phases.SETUP_HEX:
        return f"chance: a {value}-space hex is laid on {LABELS[CORE_ORDER[state.cursor]]}"
    return f"chance: {seat_ref(placing_seat(state))} draws a {value}-space hex to place"


def _token_draw(state: MoleMajorityState, value: int, viewer: Seat | None) -> str:
    if state.phase == phases.SETUP_TOKEN:  # MM-9: face down, seen by nobody
        return f"chance: a face-down Home Token goes on {LABELS[token_target(state)]}"
    active = state.active  # MM-27: the Cave-In's token, seen by its taker only
    if viewer == active:
        return f"chance: {seat_ref(active)} takes a Home Token worth {value} from the pool"
    return f"chance: {seat_ref(active)} takes a Home Token from the pool"


def _card_draw(state: MoleMajorityState, kind: int, viewer: Seat | None) -> str:
    if state.phase == phases.DEAL:  # MM-10
        receiver, verb = state.cursor % state.players, "is dealt"
    else:  # MM-34
        receiver, verb = state.active, "draws"
    who = seat_ref(receiver)
    if viewer == receiver:
        return f"chance: {who} {verb} {CARD_TITLES[kind]}"
    return f"chance: {who} {verb} a card"


def _play(who: str, kind: int, number: int) -> str:
    if number == NO_CARD:
        return f"{who} played {CARD_TITLES[kind]}"
    return (
        f"{who} played {CARD_TITLES[kind]} with {CARD_TITLES[number]}"
        f" as the roll number ({NUMBER_VALUE[number]})"
    )


def _roll(
    state: MoleMajorityState, seat: Seat, space: int, clockwise: bool, viewer: Seat | None
) -> str:
    """MM-31: the others read which moles were cleared; two rolls that clear the same moles
    (one mole either way, or a whole hex) leave the same board, so they read the same. The
    roller reads its own choice as well."""
    cleared = sorted(rolled_spaces(state, space, clockwise))
    names = " and ".join(SPACE_NAMES[s] for s in cleared)
    effect = f"rolled the Groundskeeper on {LABELS[space // SLOTS]}, clearing {names}"
    if viewer != seat:
        return f"{seat_ref(seat)} {effect}"
    way = "clockwise" if clockwise else "counter-clockwise"
    return f"{seat_ref(seat)} {effect} (from {SPACE_NAMES[space]}, {way})"


def _stack(who: str, action: Stack) -> str:
    """MM-22, MM-23, MM-25."""
    if action.kind == CONVERT:
        gain = _CONVERT_GAINS[action.mode]
    else:
        bonus = STACK_BONUS[action.kind]
        gain = f"+{bonus} bonus breed{'s' if bonus > 1 else ''}"
    return f"{who} stacked {CARD_TITLES[action.kind]} ({gain})"


def _home(state: MoleMajorityState, seat: Seat, position: int, viewer: Seat | None) -> str:
    """MM-28: the token's value is the taker's secret, unless it lay face up (MM-45)."""
    who = seat_ref(seat)
    taken = f"{who} made a home on {LABELS[position]} and took its"
    value = state.tokens[position]
    if state.revealed >> position & 1:
        return f"{taken} face-up Home Token worth {value}"
    if viewer == seat:
        return f"{taken} Home Token (worth {value})"
    return f"{taken} Home Token"
