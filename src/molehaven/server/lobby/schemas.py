"""The lobby's HTTP shapes: what clients send (``*Create``, ``*Join``) and get (``*Public``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from molehaven.server.matches.table import BOT_WORD, passes_for_a_bot
from molehaven.server.text import readable

OptionValue = bool | int | float | str
NAME_LENGTH = 32


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class OptionPublic(BaseModel):
    name: str
    label: str = Field(description="the option's name as people read it")
    summary: str = Field(description="the help text without decision ids")
    decisions: list[str] = Field(description="the rules decisions (ids) the option follows")
    rules_url: str = Field(description="the game's rules page; append #<id> for a decision")
    type: str = Field(description="bool, int, float or str")
    default: OptionValue
    help: str
    choices: list[OptionValue] | None
    minimum: float | None
    maximum: float | None
    allowed: str = Field(description="the allowed values in words")


class GamePublic(BaseModel):
    slug: str
    title: str
    summary: str
    min_players: int
    max_players: int
    has_chance: bool
    has_clock: bool
    simultaneous: bool
    perfect_information: bool
    options: list[OptionPublic]


class GameGuide(BaseModel):
    """What a table page shows beside the board: the short rules and the game's printed texts."""

    slug: str
    title: str
    how_to_play_html: str = Field(description="the rules page's 'How to play' section as HTML")
    rules_html: str = Field(description="the whole rules page as HTML")
    data: dict[str, Any] = Field(description="the game's public content (Game.public_data())")
    options: list[OptionPublic] = Field(
        description="the game's options, as in the catalogue: a table names those it changes"
    )


class Catalogue(BaseModel):
    games: list[GamePublic]
    agents: list[str] = Field(description="bots that can fill a seat")


class SeatJoin(Strict):
    name: str = Field(min_length=1, max_length=NAME_LENGTH)

    @field_validator("name")
    @classmethod
    def _printable(cls, name: str) -> str:
        name = readable(name, "a name")
        if passes_for_a_bot(name):
            raise ValueError(
                f'a name may not hold the word "{BOT_WORD}": the table marks its bots with it'
            )
        return name


class SeatJoined(BaseModel):
    seat: int
    token: str = Field(description="the seat's secret; send it in the WebSocket hello")


class TableCreate(Strict):
    game: Annotated[str, Field(max_length=64, examples=["mole-hill"])]
    players: int | None = Field(None, ge=1, le=64, description="default: the game's minimum")
    options: dict[str, OptionValue] = Field(default_factory=dict, max_length=32)
    away_seconds: float | None = Field(
        None,
        ge=1,
        le=86_400,
        description="how long a seated person may be disconnected before the table's bot plays"
        " their seat until they return (default: the server's, 180 s)",
    )
    listed: bool = Field(
        True,
        description="list the table in the lobby, where anyone may take a free seat; an"
        " unlisted table is reached by its link only (invite only)",
    )
    sit: SeatJoin | None = Field(
        None,
        description="take seat 0 under this name in the same request (nobody can take it"
        " between creating the table and sitting down); the answer holds its token",
    )


class SeatPublic(BaseModel):
    seat: int
    kind: str = Field(description="empty, human or bot")
    name: str
    label: str = Field(
        description="the name pages show: a name several seats share gets the seat's number"
        ' counted from 1, as people count ("hard bot 3" at seat 2)'
    )
    agent: str | None
    connected: bool = Field(
        default=False,
        description="its person is connected to the table now (open and running tables)",
    )
    at_rematch: bool = Field(
        default=False,
        description="once the game is over: its person is at the table its players went on to"
        " (``rematch``), connected there or on their way a moment after asking to play again",
    )
    stand_in: bool = Field(False, description="a bot plays this person's seat while they are away")
    resigned: bool = Field(False, description="a bot plays this seat because its person resigned")


class TablePublic(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, OptionValue]
    status: str = Field(description="open, running, over, abandoned or expired")
    version: int = Field(description="how many events the table's log holds")
    seats: list[SeatPublic]
    away_seconds: float = 180.0
    result: dict[str, Any] | None = Field(None, description="how the game ended, once it has")
    rematch: str | None = Field(
        None, description="the id of the table this one's players went on to, once it ended"
    )
    host_seat: int | None = Field(
        None,
        description="the seat the host sits at (who may fill seats and start), if they sit:"
        " the seat they took sending the host token, until they leave it",
    )
    length_cap: int | None = Field(
        None,
        description="the most actions this server plays, when the options allow a longer game"
        " (one that reaches it ends abandoned); null when every game ends sooner",
    )


class TableCreated(BaseModel):
    table: TablePublic
    host_token: str = Field(description="lets its holder add bots and start; keep it secret")
    join_url: str
    seat: SeatJoined | None = Field(None, description="seat 0 and its token, when ``sit`` asked")


class RematchAsked(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pass_first_seat: bool = Field(
        False,
        description="everyone moves one seat down: the second seat's player sits first, the"
        " first's last (heeded only from the player whose request creates the rematch)",
    )


class RematchJoined(BaseModel):
    table_id: str = Field(description="the rematch's table (the same for every player)")
    seat: int | None = Field(
        description="your seat there: the same as at the finished table, or one down"
        " when its creator passed the first seat on; null if you hold none there (its host"
        " removed you before the start): you may watch"
    )
    host_token: str | None = Field(
        None, description="to the player whose request created the rematch only: its host's"
    )
    join_url: str


class TableSummary(BaseModel):
    id: str
    game: str
    title: str
    players: int
    status: str
    version: int
    seats: list[SeatPublic]
    updated_at: float
    result: dict[str, Any] | None = Field(
        description="returns, scores, winners and summary (the same words the table shows)"
    )
    host_seat: int | None = Field(
        None,
        description="the seat the host sits at, if they sit (as the table's own ``host_seat``):"
        " the lobby names who starts a full table",
    )
    options: dict[str, bool | int | float | str] = Field(
        default_factory=dict,
        description="the game's options at this table, every one (the lobby names those that"
        " differ from the game's defaults)",
    )
    present: int = Field(
        default=0,
        description="how many of its seated people are connected to it now (open and running)",
    )
    host_here: bool = Field(
        default=False,
        description="open tables: its host is connected to it, seated or not (a host who has"
        " not sat down waits there for players)",
    )
    seen_ago: float | None = Field(
        default=None,
        description="seconds since one of its seated people or its host was last connected: 0"
        " while one is; at a table nobody has been at, since its seats last changed; null once"
        " it is over",
    )
    moved_ago: float | None = Field(
        default=None,
        description="running tables: seconds since the last move (a person's, a bot's, chance's"
        " or the clock's), or since the start before any; else null",
    )
    deserted: bool = Field(
        default=False,
        description="an open table nobody has been at for a few minutes (``seen_ago`` over the"
        " server's ``deserted_seconds``, 5 minutes): listed after the others, the lobby shows"
        " it apart, as a seat taken there may wait long",
    )


class TableList(BaseModel):
    open: list[TableSummary]
    running: list[TableSummary]
    over: list[TableSummary]


class BotsAdd(Strict):
    agent: str = Field("hard", max_length=32)
    seats: list[int] | None = Field(None, max_length=64, description="default: every empty seat")


class Problem(BaseModel):
    detail: str
    code: str
