"""What a cluster's process keeps of the others' notices, and tells of its own failures,
checked without Redis: its dispatch and answers are fed directly."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

from molehaven.server.cluster import Cluster
from tests.server.helpers import run_apart


class Member:
    """A process's authority that hears everything and does nothing, but fail when asked."""

    async def serve_request(self, request: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("duplicate key value violates unique constraint, password=hunter2")

    async def apply_notice(self, notice: dict[str, Any]) -> None:
        pass

    async def presence_changed(self, table_id: str) -> None:
        pass

    async def chat_heard(self, table_id: str, data: dict[str, Any]) -> None:
        pass

    async def lease_lost(self, table_id: str) -> None:
        pass

    async def take_over(self, table_id: str) -> None:
        pass

    async def live_ids(self) -> Iterable[str]:
        return []


def presence(table_id: str, seats: list[int], node: str = "other") -> dict[str, Any]:
    return {"kind": "presence", "table": table_id, "seats": seats, "host": False, "node": node}


def test_a_table_nobody_is_at_through_another_process_is_forgotten() -> None:
    """A process kept an entry for every table anyone was ever at through another process,
    for as long as it ran (an empty one once they left): a slow leak as large as the
    cluster's history. Gone once nobody is at it there, by a notice or with the process."""

    async def scenario() -> tuple[dict[str, Any], dict[str, Any], set[int]]:
        cluster = Cluster("redis://127.0.0.1:9/0")
        cluster._member = Member()
        for number in range(100):
            cluster._dispatch(presence(f"t{number}", [0]))
            cluster._dispatch(presence(f"t{number}", []))
        after_leaving = dict(cluster.remote_seats)
        cluster._dispatch(presence("kept", [1], node="third"))
        cluster._dispatch(presence("gone", [0], node="dying"))
        cluster._dispatch({"kind": "presence-gone", "node": "dying"})
        after_dying = dict(cluster.remote_seats)
        kept = cluster.seats_elsewhere("kept")
        await asyncio.sleep(0)  # the presence notices' follow-ups run
        await cluster.redis.aclose()
        return after_leaving, after_dying, kept

    after_leaving, after_dying, kept = run_apart(scenario())
    assert after_leaving == {}
    assert list(after_dying) == ["kept"] and kept == {1}


def test_a_forwarded_request_that_failed_tells_the_client_nothing_of_why() -> None:
    """The owner's exception text went back to the process that forwarded the request, and
    from there to the client (its error's words): whatever the exception held, such as a
    database's words about its tables and values. It says that it failed, and no more."""

    async def scenario() -> dict[str, Any]:
        cluster = Cluster("redis://127.0.0.1:9/0")
        cluster._member = Member()
        await cluster._answer({"op": "join", "table": "t", "args": {}, "id": "r1", "reply": "n"})
        _channel, message = cluster._outbox.get_nowait()
        await cluster.redis.aclose()
        answer: dict[str, Any] = json.loads(message)
        return answer

    answer = run_apart(scenario())
    assert answer["answer"] == "r1"
    assert answer["error"]["code"] == "server-error" and answer["error"]["status"] == 500
    assert "hunter2" not in answer["error"]["message"]
    assert "unique constraint" not in answer["error"]["message"]
