"""``molehaven replay``: what each seat is shown, and clear errors for bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import molehaven
from molehaven.cli.main import app
from molehaven.cli.replaying import seat_names, states_of, step_text
from molehaven.core import CHANCE, State, address_seat, name_seats
from molehaven.core.conformance import random_step

runner = CliRunner()
HIDDEN_GAMES = [slug for slug in molehaven.list_games() if slug != "mole-hill"]
STEPS = 120


def random_record(slug: str, seed: int, steps: int = STEPS) -> State:
    game = molehaven.make(slug)
    state = game.initial_state()
    rng = random.Random(seed)
    while not state.is_terminal() and state.num_actions < steps:
        random_step(state, rng)  # applies the step it picks
    return state


def indistinguishable(before: State, seat: int, viewer: int, actual_after: State) -> list[str]:
    """The other actions ``seat`` could have taken that ``viewer`` could not tell apart."""
    options = (
        [action for action, _ in before.chance_outcomes()]
        if seat == CHANCE
        else before.legal_actions(seat)
    )
    seen = actual_after.observation(viewer)
    alike = []
    for action in options:
        after = before.clone()
        after.apply(seat, action)
        if after.observation(viewer) == seen:
            alike.append(str(action))
    return alike


@pytest.mark.parametrize("slug", HIDDEN_GAMES)
def test_replay_as_a_seat_prints_nothing_that_seat_could_not_tell_apart(slug: str) -> None:
    """Issue 19: ``replay --seat`` printed hidden chance outcomes (The Mole's location and
    Mole to seat 1). Each step's line must read the same for every action the seat could not
    tell from the one taken, so it tells that seat nothing its own view did not."""
    states = states_of(random_record(slug, seed=3).record())
    game = states[0].game
    checked = 0
    for viewer in range(game.players):
        names = seat_names(game.players, viewer)
        for step in range(1, len(states)):
            seat, _ = states[step].history()[-1]
            if seat == viewer or seat < CHANCE:
                continue
            before = states[step - 1]
            shown = step_text(states, step, viewer)
            for other in indistinguishable(before, seat, viewer, states[step]):
                words = before.describe_action(seat, game.parse_action(other), viewer)
                twin = name_seats(address_seat(words, viewer), names)
                assert twin == shown, (step, viewer, other)
                checked += 1
    assert checked > 0


def test_replay_as_the_spy_hides_the_location_and_the_mole(tmp_path: Path) -> None:
    """TM-25 and the visibility table: a spy replaying the first round's deal never reads the
    location or who the Mole is (``replay --seat 1`` printed ``chance: location lighthouse``
    and ``chance: mole 1``)."""
    state = random_record("the-mole", seed=11, steps=12)
    secrets = [str(action) for seat, action in state.history() if seat == CHANCE]
    mole = next(int(text.split()[1]) for text in secrets if text.startswith("mole "))
    spy = (mole + 1) % state.game.players
    path = tmp_path / "mole.json"
    path.write_text(json.dumps(state.record()))
    result = runner.invoke(app, ["replay", str(path), "--seat", str(spy), "--no-pause"])
    assert result.exit_code == 0, result.output
    hidden = [text for text in secrets if text.startswith(("mole ", "location "))]
    assert len(hidden) == 2
    for text in hidden:
        assert text not in result.output


def test_replay_negative_step_counts_from_the_end(tmp_path: Path) -> None:
    state = random_record("mole-hill", seed=1, steps=10)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(state.record()))
    result = runner.invoke(app, ["replay", str(path), "--step", "-3", "--no-pause"])
    assert result.exit_code == 0, result.output
    assert "step 8 of 10" in result.output
    assert "step 7 of 10" not in result.output
    assert result.output.count("step 10 of 10") == 1
    too_far = runner.invoke(app, ["replay", str(path), "--step", "-12"])
    assert too_far.exit_code == 1
    assert "--step must be between -11 and 10" in too_far.output


def test_replay_of_a_finished_game_ends_with_the_result(tmp_path: Path) -> None:
    state = random_record("mole-hill", seed=2, steps=10_000)
    assert state.is_terminal()
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(state.record()) + "\n" + json.dumps(state.record()) + "\n")
    result = runner.invoke(app, ["replay", str(path), "--index", "1", "--step", "-1"])
    assert result.exit_code == 0, result.output
    # --index counts from 0: the second game of two
    assert "game 2 of 2 (--index 1; 0 is the first)" in result.output
    assert "game over:" in result.output
    assert "scores: seat 0" in result.output


def test_replay_names_the_game_as_index_picks_it(tmp_path: Path) -> None:
    records = [random_record("mole-hill", seed=seed, steps=3).record() for seed in range(4)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    first = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert f"{path}: game 1 of 4 (--index 0; 0 is the first)" in first.output
    fourth = runner.invoke(app, ["replay", str(path), "--index", "3", "--no-pause"])
    assert f"{path}: game 4 of 4 (--index 3; 0 is the first)" in fourth.output
    beyond = runner.invoke(app, ["replay", str(path), "--index", "4"])
    assert beyond.exit_code == 1
    assert "holds 4 games; --index must be between -4 and 3" in beyond.output


def test_replay_negative_index_counts_from_the_end_as_step_does(tmp_path: Path) -> None:
    """--step -1 showed the last step, but --index -1 was refused ('--index must be 0-3')."""
    records = [random_record("mole-hill", seed=seed, steps=3).record() for seed in range(4)]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    for negative, game in [("-1", 3), ("-4", 0)]:
        shown = runner.invoke(app, ["replay", str(path), "--index", negative, "--no-pause"])
        assert shown.exit_code == 0, shown.output
        assert f"game {game + 1} of 4 (--index {game}; 0 is the first)" in shown.output
        counted = runner.invoke(app, ["replay", str(path), "--index", str(game), "--no-pause"])
        assert shown.output == counted.output
    before_the_first = runner.invoke(app, ["replay", str(path), "--index", "-5"])
    assert before_the_first.exit_code == 1
    assert " ".join(before_the_first.output.split()) == (
        f"error: {path} holds 4 games; --index must be between -4 and 3"
        " (0 is the first, -1 the last)"
    )


def test_replay_index_of_a_file_holding_one_game_names_its_range(tmp_path: Path) -> None:
    """A record saved by play --save is one game on many lines: --index 1 was read as its
    second line ('line 2, is not JSON'), and --index -1 was refused."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(random_record("mole-hill", seed=5, steps=3).record(), indent=1))
    last = runner.invoke(app, ["replay", str(path), "--index", "-1", "--no-pause"])
    assert last.exit_code == 0, last.output
    assert f"{path}: the game it holds" in last.output
    beyond = runner.invoke(app, ["replay", str(path), "--index", "1"])
    assert beyond.exit_code == 1
    assert "holds 1 game; --index must be between -1 and 0" in beyond.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "is empty"),
        (b"\n\n", "is empty"),
        (b"\xff\xfe\x00garbage", "is not a text file"),
        (b"{not json", "is not JSON"),
        (b"[1, 2]", "does not hold a game record"),
    ],
)
def test_replay_of_a_bad_file_is_one_clear_line(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_replay_of_a_missing_file_or_a_directory_says_so_in_words(tmp_path: Path) -> None:
    """Not Python's "[Errno 2] No such file or directory: 'missing.jsonl'"."""
    missing = tmp_path / "missing.jsonl"
    for path, reason in [
        (missing, "no such file"),
        (tmp_path, "it is a directory, not a record file"),
    ]:
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 1
        assert " ".join(result.output.split()) == f"error: cannot read {path}: {reason}"
