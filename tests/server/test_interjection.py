"""The server's bots at a real-time table (TM-26): a bot that chooses when to interject is
only asked; it is never made to act while another seat is the one awaited."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

from molehaven.agents import RandomAgent
from tests.agents.test_interjection import OPEN, WaitingProbe
from tests.server.helpers import fill_bots, hello, is_over, new_table, running_app, start


def test_waiting_bots_act_only_when_awaited(sqlite_url: str, tmp_path: Path) -> None:
    log = tmp_path / "acts.jsonl"
    agents = {"random": RandomAgent, "probe": partial(WaitingProbe, log=str(log))}
    with running_app(sqlite_url, agents=agents) as client:
        table_id, host = new_table(client, "the-mole", 3, target_score=2)
        fill_bots(client, table_id, host, agent="probe")
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            hello(watcher, None)
            start(client, table_id, host)
            while not is_over(watcher.receive_json()):
                pass
    acts = [json.loads(line) for line in log.read_text().splitlines()]
    in_open_play = [act for act in acts if act["phase"] in OPEN]
    assert in_open_play
    assert all(act["seat"] == act["obliged"] for act in in_open_play)
