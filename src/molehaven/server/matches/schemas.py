"""The match's shapes: WebSocket messages from clients, and replay steps over HTTP.

Client messages are validated strictly (no unknown fields): a message naming a ``seat`` is
malformed, because a connection acts only for the seat its token proved.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


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
    version: int | None = None
    data: ActData
    ref: str | None = Field(None, max_length=64)


class Ping(Strict):
    type: Literal["ping"]
    ref: str | None = Field(None, max_length=64)


ClientMessage = Annotated[Hello | Act | Ping, Field(discriminator="type")]
CLIENT_MESSAGE: TypeAdapter[Hello | Act | Ping] = TypeAdapter(ClientMessage)


class LoggedAction(BaseModel):
    seat: int
    text: str


class ReplayStep(BaseModel):
    step: int = Field(description="actions applied, 0 = the start")
    total: int
    seat: int | None = Field(description="whose observation; null = a spectator's")
    action: LoggedAction | None = Field(description="the action that led to this step")
    observation: dict[str, Any]
