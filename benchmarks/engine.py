"""Engine speed for every registered game: playouts per second and per-operation costs.

    .venv/bin/python benchmarks/engine.py [--game SLUG] [--players N] [--games G] [--runs R]
                                          [--rounds K]

Prints, per game, the median over R runs of: random playouts per second (chance sampled),
mean actions per game, microseconds per ``legal_actions`` + ``apply`` (replaying recorded
games, so no random choice is timed) and microseconds per ``clone``. Medians, because the
machines are shared and noisy; compare ratios between runs on one machine, not absolutes.

Then, in the same run, Mole Hill random rounds per second through the public API (``to_move``,
``legal_actions``, checked ``apply``) beside the bitboard reference kept outside the project
(``../shared/bench/molehill_bits.py`` relative to the repository), runs interleaved so both see
the same machine load, and their ratio (when Mole Hill is among the games measured). Without
the reference that part is skipped with a note.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import molehaven
from molehaven.core import Action, Game, Seat, State
from molehaven.core.play import random_playout
from molehaven.games import REGISTRY


@dataclass(frozen=True, slots=True)
class RunFigures:
    playouts_per_second: float
    actions_per_game: float
    legal_apply_us: float
    clone_us: float


def measure(game: Game[object], games: int, seed: int) -> RunFigures:
    rng = random.Random(seed)
    started = time.perf_counter()
    finals = [random_playout(game, rng) for _ in range(games)]
    elapsed = time.perf_counter() - started
    histories: list[list[tuple[Seat, Action]]] = [state.history() for state in finals]
    actions = sum(len(history) for history in histories)

    samples: list[State] = []
    started = time.perf_counter()
    for history in histories:
        state = game.initial_state()
        for index, (seat, action) in enumerate(history):
            state.legal_actions(seat)
            state.apply(seat, action)
            if index % 8 == 0:
                samples.append(state)
    replay_elapsed = time.perf_counter() - started
    # ``samples`` holds the same object several times per game; clone costs do not depend on it
    mid_game = [game_state.clone() for game_state in samples]
    repeats = max(1, 20000 // max(1, len(mid_game)))
    started = time.perf_counter()
    for _ in range(repeats):
        for game_state in mid_game:
            game_state.clone()
    clone_elapsed = time.perf_counter() - started
    return RunFigures(
        playouts_per_second=games / elapsed,
        actions_per_game=actions / games,
        legal_apply_us=replay_elapsed / actions * 1e6,
        clone_us=clone_elapsed / (repeats * len(mid_game)) * 1e6,
    )


def median_figures(runs: list[RunFigures]) -> RunFigures:
    return RunFigures(
        statistics.median(r.playouts_per_second for r in runs),
        statistics.median(r.actions_per_game for r in runs),
        statistics.median(r.legal_apply_us for r in runs),
        statistics.median(r.clone_us for r in runs),
    )


REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "bench" / "molehill_bits.py"
RoundPlayer = Callable[[random.Random], int]


def load_reference() -> RoundPlayer | None:
    """``play_random_round`` from the bitboard reference, or None when it is not there."""
    if not REFERENCE.is_file():
        return None
    spec = importlib.util.spec_from_file_location("molehill_bits", REFERENCE)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    player: RoundPlayer = module.play_random_round
    return player


def engine_round_player() -> RoundPlayer:
    """One random Mole Hill round through the public API; returns the actions applied."""
    game = molehaven.make("mole-hill", rounds=1)

    def play(rng: random.Random) -> int:
        state = game.initial_state()
        rand = rng.random  # the reference's sampler, so only the engines differ
        while not state.is_terminal():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rand() * len(legal))])
        return state.num_actions

    return play


def rounds_per_second(play: RoundPlayer, rounds: int, seed: int) -> tuple[float, float]:
    """Rounds per second and mean actions per round."""
    rng = random.Random(seed)
    started = time.perf_counter()
    actions = sum(play(rng) for _ in range(rounds))
    return rounds / (time.perf_counter() - started), actions / rounds


def compare_mole_hill(rounds: int, runs: int) -> None:
    reference = load_reference()
    if reference is None:
        print(f"\nMole Hill against the bitboard reference: skipped, {REFERENCE} is absent")
        return
    engine = engine_round_player()
    engine_rates: list[float] = []
    reference_rates: list[float] = []
    engine_actions = reference_actions = 0.0
    for seed in range(runs):  # interleaved, so both sides see the same load
        rate, engine_actions = rounds_per_second(engine, rounds, seed)
        engine_rates.append(rate)
        rate, reference_actions = rounds_per_second(reference, rounds, seed)
        reference_rates.append(rate)
    engine_rate = statistics.median(engine_rates)
    reference_rate = statistics.median(reference_rates)
    print(f"\nMole Hill random rounds, median of {runs} runs of {rounds} rounds each")
    print(f"  public API  {engine_rate:>9.0f} rounds/s  ({engine_actions:.1f} actions/round)")
    print(f"  reference   {reference_rate:>9.0f} rounds/s  ({reference_actions:.1f} actions/round)")
    print(f"  ratio       {engine_rate / reference_rate:>9.2f}  (public API / reference)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, help="player count (default: each game's minimum)")
    parser.add_argument("--games", type=int, default=200, help="playouts per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per game (default 5)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=2000,
        help="Mole Hill rounds per run against the bitboard reference (default 2000; 0 skips)",
    )
    args = parser.parse_args()
    slugs = args.game or molehaven.list_games()
    header = (
        f"{'game':<18} {'players':>7} {'playouts/s':>11} {'actions/game':>13}"
        f" {'µs legal+apply':>15} {'µs clone':>9}"
    )
    print(f"median of {args.runs} runs of {args.games} random playouts each")
    print(header)
    print("-" * len(header))
    for slug in slugs:
        players = args.players or REGISTRY.info(slug).min_players
        game = molehaven.make(slug, players=players)
        runs = [measure(game, args.games, seed) for seed in range(args.runs)]
        m = median_figures(runs)
        print(
            f"{slug:<18} {players:>7} {m.playouts_per_second:>11.0f} {m.actions_per_game:>13.1f}"
            f" {m.legal_apply_us:>15.2f} {m.clone_us:>9.2f}"
        )
    if args.rounds > 0 and "mole-hill" in slugs:
        compare_mole_hill(args.rounds, args.runs)


if __name__ == "__main__":
    main()
