"""The match's shapes: WebSocket messages from clients, and replay steps over HTTP.

Client messages are validated strictly (no unknown fields): a message naming a ``seat`` is
malformed, because a connection acts only for the seat its token proved.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HelloData(Strict):
    token: str | None = Field(None, max_length=128)


class Hello(Strict):
    """First message: prove a seat with its token, or watch as a spectator (no token)."""

    type: Literal["hello"]
    data: HelloData = HelloData(token=None)
    ref: str | None = Field(None, max_length=64)


class ActData(Strict):
    action: str = Field(min_length=1, max_length=2000)


class Act(Strict):
    """An action in the game's notation; ``version`` (optional) must be the current one."""

    type: Literal["act"]
    version: Annotated[StrictInt, Field(ge=0)] | None = None  # "3" and true are not versions
    data: ActData
    ref: str | None = Field(None, max_length=64)


class Resign(Strict):
    """Give up the seat: a bot plays it to the end, and this connection only watches."""

    type: Literal["resign"]
    ref: str | None = Field(None, max_length=64)


class SayData(Strict):
    text: str = Field(min_length=1, max_length=1000)  # the chat's own limit is checked after


class Say(Strict):
    """A line of table chat from a seated person (``matches.chat``)."""

    type: Literal["say"]
    data: SayData
    ref: str | None = Field(None, max_length=64)


class Ping(Strict):
    type: Literal["ping"]
    ref: str | None = Field(None, max_length=64)


ClientMessage = Annotated[Hello | Act | Resign | Say | Ping, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | Resign | Say | Ping] = TypeAdapter(ClientMessage)


class LoggedAction(BaseModel):
    seat: int
    text: str = Field(description="the action's notation")
    describe: str = Field(description="the action in words, with the players' names")


class ReplayStep(BaseModel):
    step: int = Field(description="actions applied, 0 = the start")
    total: int
    seat: int | None = Field(description="whose observation; null = a spectator's")
    action: LoggedAction | None = Field(description="the action that led to this step")
    observation: dict[str, Any]
    scores: list[float] = Field(description="every seat's points at this step")
    result: dict[str, Any] | None = Field(description="how the game ended, at the last step")
