"""The ``molehaven`` command line, driven through Typer's test runner."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import molehaven
from molehaven.agents import AGENTS, RandomAgent
from molehaven.cli import lab as lab_command
from molehaven.cli.console import PipeSafeConsole
from molehaven.cli.main import app
from molehaven.cli.play import QuitGame, Table

runner = CliRunner()


def test_games_lists_every_game_with_options() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for slug in molehaven.list_games():
        assert slug in result.output
    assert "centre_start_jump" in result.output


def test_rules_prints_the_rules_page() -> None:
    result = runner.invoke(app, ["rules", "mole-hill", "--plain"])
    assert result.exit_code == 0
    assert "MH-18" in result.output
    assert "centre jump" in result.output


def test_unknown_game_is_one_clear_line() -> None:
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 1
    assert "error: unknown game 'chess'; valid:" in result.output
    assert "Traceback" not in result.output


def test_bad_option_is_one_clear_line() -> None:
    result = runner.invoke(app, ["play", "mole-hill", "-o", "rounds=3"])
    assert result.exit_code == 1
    assert "option 'rounds' must be one of 1, 2, got 3" in result.output
    result = runner.invoke(app, ["simulate", "mole-hill", "-o", "depth=3"])
    assert "unknown option 'depth'; valid: rounds, centre_start_jump" in result.output


def test_illegal_move_is_answered_with_the_legal_ones_and_play_goes_on() -> None:
    result = runner.invoke(
        app, ["play", "mole-hill", "--seed", "3"], input="move e4\nfly away\nplace e4\nquit\n"
    )
    assert result.exit_code == 0
    assert "move e4 is not legal for seat 0 now" in result.output
    assert "(63 in all)" in result.output
    assert "unknown action 'fly'" in result.output
    assert "You set the mole down on e4" in result.output  # addressed, as on the web
    assert "seat 1 put a rod between" in result.output  # the random agent answered
    assert "game abandoned" in result.output


def test_a_human_plays_mole_hill_to_the_end_against_the_random_agent() -> None:
    """The play loop finishes a whole match with a human at seat 0 typing legal moves
    (after a few help requests and a bad move)."""
    console = Console(record=True, width=120)
    junk = iter(["?", "board", "wait", "move z9"])
    rng = random.Random(5)

    def ask(prompt: str) -> str:
        extra = next(junk, None)
        if extra is not None:
            return extra
        assert table.state is not None
        return str(rng.choice(table.state.legal_actions(0)))

    game = molehaven.make("mole-hill")
    table = Table(game, frozenset({0}), {1: RandomAgent(7)}, random.Random(1), console, ask, False)
    final = table.play()
    assert final.is_terminal()
    text = console.export_text()
    assert "game over" in text
    assert " wins (scores: " in text or "draw" in text or "shared win" in text
    assert "nobody else can act now" in text
    assert "'z9' is not a square" in text


def test_simulate_prints_statistics_and_saves_records(tmp_path: Path) -> None:
    save = tmp_path / "records.jsonl"
    result = runner.invoke(
        app, ["simulate", "mole-hill", "-n", "30", "--seed", "4", "-j", "1", "--save", str(save)]
    )
    assert result.exit_code == 0, result.output
    assert "30 games of mole-hill" in result.output
    assert "win share" in result.output
    assert "game length" in result.output
    lines = save.read_text().splitlines()
    assert len(lines) == 30
    first = json.loads(lines[0])
    assert molehaven.replay(first).returns() == first["returns"]


def test_replay_steps_through_a_record(tmp_path: Path) -> None:
    game = molehaven.make("mole-hill", rounds=1)
    state = game.initial_state()
    for seat, text in [(0, "place b2"), (1, "rod a1 b1"), (0, "move a1"), (1, "rod a1 a2")]:
        state.apply(seat, game.parse_action(text))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()))
    result = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    assert "step 4 of 4" in result.output
    assert "seat 1: rod a1 a2" in result.output


def test_replay_reports_a_broken_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "mole-hill", "actions": [{"seat": 0, "action": "fly"}]}))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert "action 0 ('fly' by seat 0)" in result.output
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 1
    assert "error:" in missing.output


def test_simulate_with_agents_per_seat() -> None:
    result = runner.invoke(
        app, ["simulate", "mole-hill", "-n", "2", "-j", "1", "-a", "random", "-a", "random"]
    )
    assert result.exit_code == 0, result.output
    assert "seat 1: random" in result.output
    bad = runner.invoke(app, ["simulate", "mole-hill", "-n", "2", "-a", "genius"])
    assert bad.exit_code == 1
    flat = " ".join(bad.output.split())  # the console wraps long lines
    assert flat == f"error: unknown agent 'genius'; choose from {', '.join(AGENTS)}"
    three = ["-a", "random", "-a", "greedy", "-a", "random"]
    bad = runner.invoke(app, ["simulate", "mole-hill", "-n", "2", *three])
    assert bad.exit_code == 1
    assert "give one --agent for all seats, or one per seat (2); got 3: random, greedy, random" in (
        " ".join(bad.output.split())
    )


def test_simulate_takes_agents_comma_separated_as_lab_and_arena_do() -> None:
    result = runner.invoke(
        app, ["simulate", "mole-hill", "-n", "2", "-j", "1", "-a", "greedy,random"]
    )
    assert result.exit_code == 0, result.output
    assert "agents: seat 0: greedy, seat 1: random" in result.output


def test_simulate_takes_one_agent_for_every_seat() -> None:
    """As lab and arena do."""
    result = runner.invoke(app, ["simulate", "mole-hill", "-n", "2", "-j", "1", "-a", "greedy"])
    assert result.exit_code == 0, result.output
    assert "agents: seat 0: greedy, seat 1: greedy" in result.output


def test_hot_seat_with_secret_turns_prompts_every_person_in_turn() -> None:
    """TM-25 at the terminal: in hot-seat The Mole, the keyboard goes round every seat, those
    with nothing to do included, so the order of prompts never shows who the Mole is."""
    console = Console(record=True, width=120)
    order: list[int] = []
    idle = 0
    rng = random.Random(2)

    def ask(prompt: str) -> str:
        nonlocal idle
        if prompt.startswith("Pass the keyboard"):
            return ""
        if len(order) >= 90:
            return "quit"
        seat = int(prompt.split()[1].rstrip(":"))
        order.append(seat)
        if "nothing for you" in prompt:
            idle += 1
            return ""
        assert table.state is not None
        return str(rng.choice(table.state.legal_actions(seat)))

    game = molehaven.make("the-mole", players=3, target_score=20)
    table = Table(game, frozenset({0, 1, 2}), {}, random.Random(1), console, ask, True)
    with contextlib.suppress(QuitGame):
        table.play()
    assert len(order) >= 30
    assert order == [seat % 3 for seat in range(len(order))]
    assert idle > 0


def test_dash_h_is_help_everywhere() -> None:
    """Issue 19: ``play mole-hill -h`` asked for an argument (``-h`` was ``--human``)."""
    for command in (["-h"], ["play", "-h"], ["simulate", "-h"], ["replay", "-h"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 0, (command, result.output)
        assert "Usage" in result.output


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["simulate", "mole-hill", "-n", "x"], "error: invalid value for '--games'"),
        (["serve", "--port", "99999"], "error: invalid value for '--port'"),
        (["games", "--bogus"], "error: unknown option --bogus (see 'molehaven games --help')"),
        (["rules"], "error: missing argument 'game' (see"),
        (["lab", "mole-hill", "--bogus"], "error: unknown option --bogus (see"),
        (["lab", "mole-hill", "--jbos", "2"], "unknown option --jbos; did you mean --jobs? (see"),
        (["lab", "mole-hill", "--see", "2"], "unknown option --see; did you mean --seed? (see"),
        (["arena", "mole-hill", "-a", "greedy,random", "-n", "0"], "invalid value for '--games'"),
        (["lab", "mole-hill", "-n", "0"], "error: invalid value for '--games'"),
        (["arena", "mole-hill", "-a", "greedy,random", "-j", "0"], "invalid value for '--jobs'"),
    ],
)
def test_usage_errors_are_one_line(arguments: list[str], message: str) -> None:
    """Issue 19: Typer's boxed usage panels became one line like every other error."""
    result = runner.invoke(app, arguments)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: ")
    assert message in lines[0]
    assert "--help" in lines[0]


def test_simulate_counts_in_words() -> None:
    result = runner.invoke(app, ["simulate", "mole-hill", "-n", "1", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "1 game of mole-hill" in result.output
    assert "1 process:" in result.output


def test_simulate_says_what_ran_and_no_sd_for_one_game() -> None:
    """``-j 2`` said "2 jobs" when no worker was started, and one game printed sd 0.00 and
    0.0 as if scores and lengths never varied."""
    result = runner.invoke(app, ["simulate", "mole-hill", "-n", "1", "-j", "2"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "jobs" not in text
    assert "1 process (workers not worth starting):" in text
    assert "1 game: no sd" in text
    assert " sd 0.0" not in text and "│ — │" in text  # the sd column
    assert "mean 66.0 (1 game: no sd), min 66" in text
    two = " ".join(
        runner.invoke(app, ["simulate", "mole-hill", "-n", "2", "-j", "1"]).output.split()
    )
    assert "no sd" not in two and ", sd " in two


@pytest.mark.parametrize("value", ["x", "3"])
def test_option_errors_use_the_engines_wording(value: str) -> None:
    """A value the command line cannot read and one the engine refuses read the same way."""
    result = runner.invoke(app, ["play", "mole-hill", "-o", f"rounds={value}"])
    assert result.exit_code == 1
    assert "error: option 'rounds' must be one of 1, 2, got " in result.output


@pytest.mark.parametrize("command", [["simulate"], ["arena", "-a", "random,greedy"]])
def test_an_option_given_twice_is_refused(command: list[str]) -> None:
    """The last value used to win silently: a run of other rules than the ones asked for."""
    arguments = [*command[:1], "mole-hill", *command[1:], "-o", "rounds=1", "-o", "rounds=2"]
    result = runner.invoke(app, [*arguments, "-n", "1", "-j", "1"])
    assert result.exit_code == 1
    assert result.output.strip() == ("error: option 'rounds' given twice (1, then 2); give it once")


def test_mole_majority_counts_cards_in_words() -> None:
    from molehaven.boards.mole_majority import _turn

    for draws, words in ((1, "draws 1 card."), (2, "draws 2 cards.")):
        observation = {
            "phase": "draw",
            "active": 1,
            "current": {"action": None, "draws_left": draws},
        }
        turn = _turn(observation)
        assert turn is not None
        assert words in turn.plain


def test_simulate_takes_a_budget_for_search_agents_and_says_it() -> None:
    arguments = ["simulate", "mole-hill", "-n", "1", "-j", "1", "-o", "rounds=1"]
    result = runner.invoke(app, [*arguments, "-a", "mcts,random", "--budget", "0.005"])
    assert result.exit_code == 0, result.output
    assert "agents: seat 0: mcts, seat 1: random; 0.005 s per decision" in result.output
    refused = runner.invoke(app, [*arguments, "--budget", "0"])
    assert refused.exit_code == 1
    assert refused.output.strip() == (
        "error: --budget must be a positive number of seconds, got 0.0"
    )


def test_the_arena_names_its_budget_option_when_refusing_it() -> None:
    result = runner.invoke(app, ["arena", "mole-hill", "-a", "random,greedy", "--budget", "-1"])
    assert result.exit_code == 1
    assert result.output.strip() == "error: --budget must be a positive number of seconds, got -1.0"


def test_lab_differences_read_at_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """At 80 columns the differences' six-column table wrapped each note over about five
    lines ("unresolved: / ≈75 games / would / resolve a / ..."). A narrow terminal now gets
    each pair's figures a line each, the note whole on the next; a wide one the table."""
    command = ["lab", "mole-hill", "-v", "a", "-v", "b=rounds=1", "-n", "12", "-j", "1"]
    # The lab's console is made once, at import, and keeps the COLUMNS of that moment (in a
    # parallel run, another test's): each screen gets a console of its own width.
    monkeypatch.setattr(lab_command, "console", PipeSafeConsole(width=80))
    narrow = runner.invoke(app, command)
    assert narrow.exit_code == 0, narrow.output
    lines = narrow.output.splitlines()
    differences = lines[next(i for i, line in enumerate(lines) if "paired" in line) :]
    assert all(len(line) <= 80 for line in differences)
    assert "a − b (12 games)" in differences
    assert "  seat 0 win share: -0.292 (-0.546 to -0.037)" in differences
    assert "    only 12 games: a rough interval" in differences
    fewer = (
        "winner leads for good from (share of the decisions): +0.056 (-0.138 to +0.250), 11 games"
    )
    assert fewer in " ".join(narrow.output.split())  # a figure of fewer games says so
    monkeypatch.setattr(lab_command, "console", PipeSafeConsole(width=200))
    wide = runner.invoke(app, command)
    assert "┃ note" in wide.output
    assert "only 12 games: a rough interval; unresolved: ≈47 games would resolve" in wide.output


@pytest.mark.parametrize("command", [["simulate", "-j", "1"], ["arena", "-a", "random,greedy"]])
def test_simulate_and_arena_say_which_options_they_measured(command: list[str]) -> None:
    """A designer's walk: "300 games of mole-park with 3 players" said nothing of the
    hand limit given, so a table pasted elsewhere lost what it measured. The options that
    differ from the defaults are said; the defaults are not."""
    arguments = [command[0], "mole-hill", "-n", "2", *command[1:]]
    result = runner.invoke(app, [*arguments, "-o", "rounds=1"])
    assert result.exit_code == 0, result.output
    assert "options: rounds=1" in result.output
    plain = runner.invoke(app, [*arguments, "-o", "rounds=2"])  # the default
    assert plain.exit_code == 0, plain.output
    assert "options:" not in plain.output
