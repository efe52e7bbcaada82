"""What an action would do, before a person commits it: the seat's own action applied to a clone
of the live state, and that seat's observation of the clone.

Only games whose seat actions mostly reveal nothing hidden may be previewed (a
perfect-information game, or one listed in ``PREVIEWABLE``), and of those only the actions the
engine says reveal nothing (``State.action_reveals``: Mole Majority's Make A Home shows the
face-down token taken, MM-28, so previewing it would let a seat look before it takes). Chance
is never applied to the clone, so no card, tile or token is drawn; and an action that would
end the game is not shown, since a finished game's observation opens every hand.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from molehaven.core.errors import MolehavenError
from molehaven.server.deps import AuthorityDep, SeatToken
from molehaven.server.lobby.routes import ERRORS
from molehaven.server.matches.refusals import Rejected

router = APIRouter(tags=["matches"])

# Hidden-information games whose boards ask for previews (their actions are checked one by one).
PREVIEWABLE = frozenset({"mole-majority"})
MAX_ACTION_CHARS = 200


class PreviewRequest(BaseModel):
    action: str = Field(max_length=MAX_ACTION_CHARS, description="a legal action, as notation")


class Preview(BaseModel):
    action: str = Field(description="the action, as the game writes it")
    ends: bool = Field(description="the action would end the game (no observation is given)")
    observation: dict[str, Any] | None = Field(
        description="the requesting seat's observation after the action, chance not applied"
    )


@router.post("/api/tables/{table_id}/preview", response_model=Preview, responses=ERRORS)
async def preview(
    body: PreviewRequest,
    authority: AuthorityDep,
    seat_token: SeatToken = None,
    table_id: str = Path(max_length=16, description="the table's id, as in its link"),
) -> Preview:
    """Apply one of your legal actions to a copy of the game and show what you would see."""
    table = await authority.require(table_id)
    game = table.game
    if not (game.info.perfect_information or game.slug in PREVIEWABLE):
        raise Rejected("no-preview", f"{game.info.title} offers no preview", status=404)
    if not table.is_running:
        raise Rejected("not-running", "the game is not running")
    proved = authority.seat_of(table, seat_token)
    if proved is None:
        raise Rejected("not-seated", "only a seated player can preview an action", status=403)
    seat = proved[0]
    async with table.lock:
        trial = table.state.clone()
    try:
        action = game.parse_action(body.action)
        if trial.action_reveals(seat, action):
            raise Rejected("reveals", f"{action} uncovers something hidden: no preview", status=409)
        trial.apply(seat, action)
    except MolehavenError as error:
        raise Rejected("illegal", str(error), status=422) from None
    if trial.is_terminal():
        return Preview(action=str(action), ends=True, observation=None)
    return Preview(action=str(action), ends=False, observation=dict(trial.observation(seat)))
