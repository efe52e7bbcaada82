"""The tree shows the architecture: what each part of ``molehaven`` may import.

A game imports only ``core`` (never the server, another game or anything above it); ``core``
imports no game; boards, agents, the simulator and the RL layer sit on the games; only the
server and the CLI sit above them.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SOURCE / "molehaven"
GAMES = "games.*"  # any game package, or the games registry

# Each part, and the parts it may import (itself always).
ALLOWED: dict[str, set[str]] = {
    "molehaven": {"core", GAMES},  # the top-level make() and list_games()
    "core": set(),
    GAMES: {"core"},
    "boards": {"core", GAMES},
    "agents": {"core", GAMES},
    "sim": {"core", GAMES, "agents"},
    "rl": {"molehaven", "core", GAMES, "agents", "boards"},
    "docs": {"core", GAMES},
    "server": {"core", GAMES, "agents", "docs", "sim", "boards"},
    "web": {"core"},
    "cli": {"molehaven", "core", GAMES, "agents", "boards", "sim", "docs", "server", "rl"},
    "__main__": {"cli"},  # ``python -m molehaven``: the command line, nothing else
}


def _part(module: str) -> str:
    """``molehaven.games.mole_hill.rules`` → ``games.mole_hill``; ``molehaven.rl.aec`` → ``rl``."""
    names = module.split(".")
    if len(names) == 1:
        return "molehaven"
    if names[1] == "games" and len(names) > 2:
        return f"games.{names[2]}"
    return names[1]


def _rule(part: str) -> str:
    return GAMES if part == "games" or part.startswith("games.") else part


def _imports() -> dict[str, set[tuple[str, str]]]:
    """Each part's imports of other parts, with the file that makes each."""
    found: dict[str, set[tuple[str, str]]] = defaultdict(set)
    for path in PACKAGE.rglob("*.py"):
        module = ".".join(path.with_suffix("").relative_to(SOURCE).parts).removesuffix(".__init__")
        part = _part(module)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            for name in names:
                if name == "molehaven" or name.startswith("molehaven."):
                    imported = _part(name)
                    if imported != part:
                        found[part].add((imported, str(path.relative_to(SOURCE))))
    return found


IMPORTS = _imports()


def test_every_part_of_the_package_has_a_rule() -> None:
    parts = {_rule(_part(f"molehaven.{p.name}")) for p in PACKAGE.iterdir() if p.is_dir()}
    parts -= {"__pycache__"}
    assert parts <= set(ALLOWED), f"no import rule for {sorted(parts - set(ALLOWED))}"


@pytest.mark.parametrize("part", sorted(IMPORTS))
def test_each_part_imports_only_what_sits_below_it(part: str) -> None:
    allowed = ALLOWED[_rule(part)]
    wrong = sorted(
        (imported, where) for imported, where in IMPORTS[part] if _rule(imported) not in allowed
    )
    assert not wrong, f"{part} may import only {sorted(allowed)}; found {wrong}"


def test_a_game_imports_no_other_game_and_core_no_game() -> None:
    for part, imports in IMPORTS.items():
        if part.startswith("games.") or part == "core":
            assert {imported for imported, _ in imports} <= {"core"}, part
