"""The game API every Molehaven game implements, with no game of its own."""

from molehaven.core.describe import address_seat, and_list, counted, name_seats, quote, seat_ref
from molehaven.core.errors import (
    IllegalActionError,
    MolehavenError,
    NotationError,
    OptionsError,
    RecordError,
    UnknownGameError,
)
from molehaven.core.game import (
    CHANCE,
    CLOCK,
    Action,
    Game,
    GameInfo,
    JSONValue,
    Observation,
    Seat,
    State,
    winners_returns,
)
from molehaven.core.options import OptionSpec, build_options, option

__all__ = [
    "CHANCE",
    "CLOCK",
    "Action",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "JSONValue",
    "MolehavenError",
    "NotationError",
    "Observation",
    "OptionSpec",
    "OptionsError",
    "RecordError",
    "Seat",
    "State",
    "UnknownGameError",
    "address_seat",
    "and_list",
    "build_options",
    "counted",
    "name_seats",
    "option",
    "quote",
    "seat_ref",
    "winners_returns",
]
