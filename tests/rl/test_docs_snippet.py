"""docs/research.md's first snippet (the action space by hand) runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def test_the_action_space_snippet_runs_and_says_what_it_shows() -> None:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    code = block.group(1)
    assert "play_chance(state" in code  # a fresh game is at a chance node: no seat acts yet
    scope: dict[str, object] = {}
    exec(compile(code, str(DOC), "exec"), scope)  # our own documentation
    state = scope["state"]
    legal = scope["legal_indices"](state, seat=0)  # type: ignore[operator]
    assert legal == [2, 3, 4]  # as the comment beside it says
