"""Engine speed for every registered game: playouts per second and per-operation costs.

    .venv/bin/python benchmarks/engine.py [--game SLUG] [--players N] [--games G] [--runs R]

Prints, per game, the median over R runs of: random playouts per second (chance sampled),
mean actions per game, microseconds per ``legal_actions`` + ``apply`` (replaying recorded
games, so no random choice is timed) and microseconds per ``clone``. Medians, because the
machines are shared and noisy; compare ratios between runs on one machine, not absolutes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--players", type=int, help="player count (default: each game's minimum)")
    parser.add_argument("--games", type=int, default=200, help="playouts per run (default 200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per game (default 5)")
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


if __name__ == "__main__":
    main()
