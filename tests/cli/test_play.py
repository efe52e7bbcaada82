"""``molehaven play``: the terminal play loop (issue 19: clock, friction, numbered moves, save)."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from rich.console import Console
from typer.testing import CliRunner

import molehaven
from molehaven.agents import Agent, RandomAgent, SeatView, make_agent
from molehaven.agents.base import interjects
from molehaven.cli import main
from molehaven.cli.main import app
from molehaven.cli.play import QuitGame, Table, seat_label
from molehaven.core import CLOCK, Action, Game, State, address_seat, name_seats
from molehaven.games import REGISTRY

runner = CliRunner()


def scripted(lines: list[str]) -> Callable[[str], str]:
    """An ``ask`` that types ``lines`` in order, then quits."""
    typed: Iterator[str] = iter(lines)

    def ask(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise QuitGame
        return line

    return ask


def mole_hill_table(lines: list[str], console: Console) -> Table:
    game = molehaven.make("mole-hill")
    return Table(
        game, frozenset({0}), {1: RandomAgent(7)}, random.Random(3), console, scripted(lines), False
    )


def test_an_illegal_move_says_why_once_and_a_mistype_lists_nothing() -> None:
    console = Console(record=True, width=100)
    table = mole_hill_table(["move e4", "fly away"], console)
    with contextlib.suppress(QuitGame):
        table.play()
    text = console.export_text()
    assert "move e4 is not legal for seat 0 now; legal: place a1" in text
    assert "(63 in all)" in text
    assert text.count("place a1") == 1  # the engine's reason, not a second list of moves
    assert "type ? to list all 63, numbered" in text
    after_mistype = text.split("unknown action 'fly'")[1]
    assert "place a1" not in after_mistype


def test_a_number_plays_that_action_from_the_last_list() -> None:
    console = Console(record=True, width=100)
    table = mole_hill_table(["3", "?", "3", "?", "99"], console)
    with contextlib.suppress(QuitGame):
        table.play()
    text = console.export_text()
    assert "numbers pick from the last '?' list" in text  # no list yet
    assert " 3 place c1" in text
    assert "You set the mole down on c1" in text  # the engine's words, addressed
    assert "pick a number from 1 to" in text
    assert table.state is not None
    assert table.state.history()[0] == (0, table.game.parse_action("place c1"))


def test_a_number_from_an_old_list_is_refused() -> None:
    console = Console(record=True, width=100)
    table = mole_hill_table(["?", "place e4", "1"], console)
    with contextlib.suppress(QuitGame):
        table.play()
    assert "numbers pick from the last '?' list" in console.export_text()


def _descriptions(state: State, viewer: int) -> list[str]:
    replayed = state.game.initial_state()
    names = [seat_label(seat, viewer) for seat in range(state.game.players)]
    lines = []
    for seat, action in state.history():
        words = address_seat(replayed.describe_action(seat, action, viewer), viewer)
        lines.append(name_seats(words, names))
        replayed.apply(seat, action)
    return lines


def test_the_log_is_each_action_as_the_human_may_read_it() -> None:
    """Hidden information: the terminal prints ``describe_action`` for the human's seat, so
    nothing hidden from it shows (the same words as the web log, which addresses that seat:
    "You asked…", "seat 2 asked you…")."""
    console = Console(record=True, width=160)
    game = molehaven.make("the-mole", 4)
    rng = random.Random(11)
    table: Table

    def ask(prompt: str) -> str:
        assert table.state is not None
        if table.state.num_actions > 60:
            raise QuitGame
        return str(rng.choice(table.state.legal_actions(0)))

    agents = {seat: RandomAgent(seat) for seat in (1, 2, 3)}
    table = Table(game, frozenset({0}), agents, random.Random(2), console, ask, True)
    with contextlib.suppress(QuitGame):
        table.play()
    assert table.state is not None
    text = console.export_text()
    position = 0
    for line in _descriptions(table.state, 0):
        found = text.find(line, position)
        assert found >= 0, line
        position = found + len(line)
    assert "has acted" not in text
    assert "asked you" in text and "seat 0 (you) asked" not in text
    location = next(str(a) for s, a in table.state.history() if str(a).startswith("location"))
    assert (location in text) == (location in " ".join(_descriptions(table.state, 0)))


def _mole_table(now: Callable[[], float], console: Console) -> tuple[Table, list[str]]:
    game: Game[object] = molehaven.make("the-mole", 4, question_limit=0, round_seconds=60)
    rng = random.Random(4)
    table: Table

    def ask(prompt: str) -> str:
        assert table.state is not None
        prompts.append(prompt)
        if table.state.num_actions > 150:
            raise QuitGame
        return str(rng.choice(table.state.legal_actions(0)))

    prompts: list[str] = []
    agents = {seat: RandomAgent(seat) for seat in (1, 2, 3)}
    table = Table(game, frozenset({0}), agents, random.Random(2), console, ask, True, now=now)
    return table, prompts


def test_tm_8_the_round_clock_runs_in_real_seconds_and_applies_time_up() -> None:
    """TM-8 at the terminal: the prompt counts down the round's seconds, and once they have
    passed the clock's ``time-up`` is applied, as on the server."""
    seconds = [0.0]

    def now() -> float:
        seconds[0] += 7.0  # every look at the clock is seven seconds later
        return seconds[0]

    console = Console(record=True, width=160)
    ticking, prompts = _mole_table(now, console)
    with contextlib.suppress(QuitGame):
        ticking.play()
    assert ticking.state is not None
    assert any(seat == CLOCK for seat, _ in ticking.state.history())
    text = console.export_text()
    assert "clock: time is up" in text  # the engine's words for TM-19
    assert any(prompt.startswith("seat 0 [0:") and " left]" in prompt for prompt in prompts)

    frozen, _ = _mole_table(lambda: 0.0, Console(record=True, width=160))
    with contextlib.suppress(QuitGame):
        frozen.play()
    assert frozen.state is not None
    assert not any(seat == CLOCK for seat, _ in frozen.state.history())


def test_bots_show_that_they_are_thinking() -> None:
    console = Console(record=True, width=100, force_terminal=True)
    table = mole_hill_table(["place e4"], console)
    with contextlib.suppress(QuitGame):
        table.play()
    assert "seat 1 is thinking…" in console.export_text()


def test_save_writes_the_record_even_when_the_game_is_quit(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "mole-hill", "--seed", "3", "--save", str(path)],
        input="place e4\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "unfinished game (2 actions so far) saved to" in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert REGISTRY.replay(record).num_actions == 2
    replayed = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert replayed.exit_code == 0
    assert "place e4" in replayed.output


def test_ctrl_c_saves_the_record_and_still_ends_as_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = iter(["place c1"])

    def ask_then_ctrl_c(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    monkeypatch.setattr(main, "_ask", ask_then_ctrl_c)
    path = tmp_path / "int.json"
    result = runner.invoke(app, ["play", "mole-hill", "--seed", "1", "--save", str(path)])
    assert result.exit_code == 130, result.output
    assert "unfinished game (2 actions so far) saved to" in result.output
    record = json.loads(path.read_text(encoding="utf-8"))
    assert REGISTRY.replay(record).history()[0] == (
        0,
        REGISTRY.make("mole-hill").parse_action("place c1"),
    )


def test_the_end_of_a_game_names_the_winner_and_scores() -> None:
    rng = random.Random(5)
    console = Console(record=True, width=120)
    table: Table

    def ask(prompt: str) -> str:
        assert table.state is not None
        return str(rng.choice(table.state.legal_actions(0)))

    game = molehaven.make("mole-hill")
    table = Table(game, frozenset({0}), {1: RandomAgent(7)}, random.Random(1), console, ask, False)
    final = table.play()
    text = console.export_text()
    scores = final.scores()
    assert f"(scores: seat 0 (you) {scores[0]:g}, seat 1 {scores[1]:g})" in text
    assert "wins" in text or "draw" in text


def test_at_a_hot_seat_table_your_own_action_reads_in_full() -> None:
    console = Console(record=True, width=160)
    game = molehaven.make("the-mole", 4)
    rng = random.Random(8)
    table: Table

    def ask(prompt: str) -> str:
        assert table.state is not None
        if table.state.num_actions > 40:
            raise QuitGame
        if not prompt.startswith("seat ") or "nothing for you to do" in prompt:
            return ""
        seat = int(prompt.split()[1])
        return str(rng.choice(table.state.legal_actions(seat)))

    table = Table(game, frozenset(range(4)), {}, random.Random(2), console, ask, True)
    with contextlib.suppress(QuitGame):
        table.play()
    assert table.state is not None
    text = console.export_text()
    replayed = game.initial_state()
    own = 0
    for seat, action in table.state.history():
        if seat >= 0:
            names = [seat_label(s, seat) for s in range(4)]
            words = address_seat(replayed.describe_action(seat, action, seat), seat)
            assert name_seats(words, names) in text
            own += 1
        replayed.apply(seat, action)
    assert own > 0


def test_a_record_that_cannot_be_saved_says_why_in_the_systems_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk full as the record is written (the path itself was checked before the game):
    the system's reason in lower case, as every other command's system errors read ("No space
    left on device" was printed as it came)."""
    path = tmp_path / "game.json"

    def disk_full(*args: object, **kwargs: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Path, "write_text", disk_full)
    result = runner.invoke(
        app, ["play", "mole-hill", "--seed", "3", "--save", str(path)], input="quit\n"
    )
    assert result.exit_code == 1
    flat = " ".join(result.output.split())  # the console wraps long lines
    assert flat.endswith(f"error: cannot save the record to {path}: no space left on device")


class _Watched:
    """An ``easy`` bot that notes every time it is made to act where play does not wait
    for its seat (``State.awaited``)."""

    def __init__(self, seed: int, forced: list[tuple[int, int]]) -> None:
        self.inner = make_agent("easy", seed)
        self.name = self.inner.name
        self.forced = forced
        self.table: Table | None = None

    def interjects(self, game: Game[object]) -> bool:
        return interjects(self.inner, game)

    def interjection(self, view: SeatView) -> Action | None:
        return cast(Any, self.inner).interjection(view)  # type: ignore[no-any-return]

    def act(self, view: SeatView) -> Action:
        assert self.table is not None and self.table.state is not None
        state = self.table.state
        if len(state.to_move()) > 1 and view.seat not in state.awaited():
            self.forced.append((view.seat, state.num_actions))
        return self.inner.act(view)


@pytest.mark.parametrize("humans", [(0,), (0, 1)], ids=["one person", "hot seat"])
def test_tm_26_a_person_who_lets_others_act_first_never_makes_a_bot_act_unawaited(
    humans: tuple[int, ...],
) -> None:
    """TM-25/TM-26: pressing Enter used to make a random bot in ``to_move()`` act, awaited or
    not: a spy bot spent its nomination, then the Mole, the only one left, guessed the place
    with nothing heard. Bots that need not act are offered their interjection instead."""
    game: Game[object] = molehaven.make("the-mole", 4)
    forced: list[tuple[int, int]] = []
    bots = {seat: _Watched(seat, forced) for seat in range(4) if seat not in humans}
    table: Table
    last_position = [-1]

    def ask(prompt: str) -> str:
        state = table.state
        assert state is not None
        if state.round > 1 or state.num_actions > 40:
            raise QuitGame
        asked = re.match(r"seat (\d+)", prompt)
        assert asked is not None, prompt
        seat = int(asked.group(1))
        legal = state.legal_actions(seat)
        # Enter first at every position ("let others act first"), then the first action.
        if last_position[0] != state.num_actions or not legal:
            last_position[0] = state.num_actions
            return ""
        return str(legal[0])

    agents = cast(dict[int, Agent], bots)
    table = Table(
        game, frozenset(humans), agents, random.Random(5), Console(file=io.StringIO()), ask, False
    )
    for bot in bots.values():
        bot.table = table
    with contextlib.suppress(QuitGame):
        table.play()
    assert table.state is not None
    assert table.state.num_actions > 20, "the game went nowhere"
    assert forced == []


def test_a_person_play_waits_for_is_told_so_after_letting_others_act_first() -> None:
    """Pressing Enter when asked a question (The Mole, one person): the bots that may call a
    vote do not, and the person hears that play waits for them, not that "someone" must act."""
    result = runner.invoke(
        app,
        ["play", "the-mole", "--opponent", "easy", "--seed", "3"],
        input="\n" * 9 + "quit\n",
    )
    assert "asked you" in result.output
    assert "nobody else will act now: play waits for seat 0 (you)" in result.output
    assert "everyone waited" not in result.output
