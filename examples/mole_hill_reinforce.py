"""Teach Mole Hill's mole to dig with REINFORCE, in NumPy: training takes seconds, the MCTS
comparison a few minutes of one core.

The mole (seat 0 of a one-round game, ``rounds=1``) learns against a random gardener through
``molehaven.rl.gym.SingleSeatEnv``. The policy is linear: a logit per action, the dot product
of that action's weights with the observation tensor, softmax over the legal actions only
(the mask). The learning signal is the mole's round score (MH-22) at the end of the round,
less a running-average baseline. The learned mole is then compared with the random, greedy
and MCTS agents in the mole's seat, over the same seeded games (the MCTS agent on fewer: it
takes most of a second a game).

Run (seconds for training, a minute or more of CPU for the MCTS comparison; progress goes to
standard error every few seconds, the results to standard output)::

    python examples/mole_hill_reinforce.py --plot /tmp/mole-hill-reinforce.png
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from matplotlib.figure import Figure

from molehaven.agents import AGENTS, SeatView
from molehaven.rl.gym import SingleSeatEnv

Floats = npt.NDArray[np.float64]
# The env's observation: the float32 tensor under "observation", the int8 mask under "action_mask".
Observation = dict[str, npt.NDArray[Any]]
MOLE = 0


class LinearPolicy:
    """Softmax over masked linear logits ``weights @ features``."""

    def __init__(self, actions: int, features: int, rng: np.random.Generator) -> None:
        self.weights: Floats = np.zeros((actions, features + 1))
        self.rng = rng

    def probabilities(self, features: Floats, mask: npt.NDArray[np.int8]) -> Floats:
        legal = np.flatnonzero(mask)
        logits = self.weights[legal] @ features
        logits -= logits.max()
        exp = np.exp(logits)
        full = np.zeros(len(mask))
        full[legal] = exp / exp.sum()
        return full

    def sample(self, features: Floats, mask: npt.NDArray[np.int8]) -> int:
        return int(self.rng.choice(len(mask), p=self.probabilities(features, mask)))

    def greedy(self, features: Floats, mask: npt.NDArray[np.int8]) -> int:
        return int(np.argmax(np.where(mask > 0, self.probabilities(features, mask), -1.0)))


class Progress:
    """A line on standard error every few seconds and at the end, so that a run of minutes
    is not silent: games done, time so far and about how long is left."""

    def __init__(self, label: str, total: int, every: float = 5.0) -> None:
        self.label, self.total, self.every = label, total, every
        self.started = self.shown = time.perf_counter()
        print(f"{label}: {total} games ...", file=sys.stderr, flush=True)

    def update(self, done: int, extra: str = "") -> None:
        now = time.perf_counter()
        if done < self.total and now - self.shown < self.every:
            return
        self.shown = now
        elapsed = now - self.started
        left = (
            f", about {elapsed / done * (self.total - done):.0f} s left"
            if done < self.total
            else ""
        )
        print(
            f"{self.label}: {done}/{self.total} games{extra}, {elapsed:.0f} s{left}",
            file=sys.stderr,
            flush=True,
        )


def _features(observation: Observation) -> Floats:
    return np.append(observation["observation"].astype(np.float64), 1.0)  # a bias input


def mole_score(env: SingleSeatEnv) -> float:
    return float(env.table.state.scores()[MOLE])


def train(
    episodes: int, *, seed: int, learning_rate: float = 0.02, progress: bool = False
) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE with a running baseline; returns the policy and each episode's score.
    ``progress``: report on standard error every few seconds."""
    env = SingleSeatEnv("mole-hill", seat=MOLE, opponents="random", rounds=1)
    tensor = env.observation_space["observation"].shape
    assert tensor is not None  # a Box always has its shape
    policy = LinearPolicy(int(env.action_space.n), tensor[0], np.random.default_rng(seed))
    baseline, curve = 0.0, []
    shown = Progress("training", episodes) if progress else None
    for episode in range(episodes):
        observation, _ = env.reset(seed=seed + episode)
        steps: list[tuple[Floats, npt.NDArray[np.int8], int]] = []
        done = False
        while not done:
            features, mask = _features(observation), observation["action_mask"]
            action = policy.sample(features, mask)
            steps.append((features, mask, action))
            observation, _, terminated, truncated, _ = env.step(action)
            done = terminated or truncated
        score = mole_score(env)
        advantage = score - baseline
        baseline += 0.05 * (score - baseline)
        for features, mask, action in steps:
            probabilities = policy.probabilities(features, mask)
            # d log pi(a) / d w_b = (1[a = b] - pi(b)) * features, for every legal b
            gradient_scale = -probabilities
            gradient_scale[action] += 1.0
            legal = np.flatnonzero(mask)
            policy.weights[legal] += (
                learning_rate * advantage * np.outer(gradient_scale[legal], features)
            )
        curve.append(score)
        if shown is not None:
            recent = curve[-100:]
            shown.update(episode + 1, f", last-{len(recent)} mean {statistics.fmean(recent):.2f}")
    return policy, curve


def evaluate(
    choose: Callable[[SingleSeatEnv, Observation], int],
    games: int,
    seed: int,
    label: str | None = None,
) -> list[float]:
    """The mole's score over ``games`` seeded games against a random gardener; with a
    ``label``, progress on standard error every few seconds."""
    env = SingleSeatEnv("mole-hill", seat=MOLE, opponents="random", rounds=1)
    scores = []
    shown = Progress(f"evaluating {label}", games) if label else None
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            observation, _, terminated, truncated, _ = env.step(choose(env, observation))
            done = terminated or truncated
        scores.append(mole_score(env))
        if shown is not None:
            shown.update(game + 1)
    return scores


def agent_chooser(name: str, seed: int) -> Callable[[SingleSeatEnv, Observation], int]:
    """A Molehaven agent from ``AGENTS`` playing the mole through the same env."""
    agent = AGENTS[name](seed)

    def choose(env: SingleSeatEnv, observation: Observation) -> int:
        action = agent.act(SeatView.of(env.table.state, MOLE))
        return env.table.game.action_index(action)

    return choose


def standard_error(scores: list[float]) -> float:
    return statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else float("nan")


def describe(scores: list[float]) -> str:
    """``20.26 ± 0.08 over 300 games`` (± one standard error; none for one game)."""
    games = f"{len(scores)} game{'' if len(scores) == 1 else 's'}"
    if len(scores) < 2:
        return f"{statistics.fmean(scores):.2f} over {games} (no standard error)"
    return f"{statistics.fmean(scores):.2f} ± {standard_error(scores):.2f} over {games}"


def plot(
    curve: list[float], references: dict[str, list[float]], path: str, window: int = 100
) -> Figure:
    """The learning curve, and a line per reference player at its mean score, labelled with
    its standard error and its number of games (the MCTS mole's are few: they are slow)."""
    figure = Figure(figsize=(7.5, 5.5), dpi=110, layout="constrained")
    axes = figure.add_subplot()
    smoothed = np.convolve(curve, np.ones(window) / window, mode="valid")
    axes.plot(
        np.arange(window, len(curve) + 1), smoothed, label=f"learning mole ({window}-game mean)"
    )
    styles = ("--", ":", "-.", (0, (5, 2, 1, 2, 1, 2)))
    for number, (name, scores) in enumerate(references.items()):
        axes.axhline(
            statistics.fmean(scores),
            linestyle=styles[number % len(styles)],
            color=f"C{number + 1}",
            label=f"{name}: {describe(scores)}",
        )
    axes.set_xlabel("training game")
    axes.set_ylabel("mole's round score vs a random gardener")
    axes.set_title("Mole Hill (rounds=1): REINFORCE with a linear policy")
    figure.legend(  # below the axes, where it hides no line
        loc="outside lower center", ncols=2, fontsize="small", title="± one standard error"
    )
    figure.savefig(path)
    return figure


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--episodes", type=int, default=2000, help="training games")
    parser.add_argument(
        "--eval-games", type=int, default=300, help="games per evaluated player, MCTS aside"
    )
    parser.add_argument(
        "--mcts-games",
        type=int,
        default=100,
        help="games for the MCTS mole (most of a second each)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the training games and policy")
    parser.add_argument("--plot", default="mole-hill-reinforce.png", help="where to save the PNG")
    args = parser.parse_args()
    started, cpu = time.perf_counter(), time.process_time()
    policy, curve = train(args.episodes, seed=args.seed, progress=True)
    held_out = 10**6  # evaluation games never seen in training
    results = {
        "learned (argmax)": evaluate(
            lambda env, obs: policy.greedy(_features(obs), obs["action_mask"]),
            args.eval_games,
            held_out,
            "learned (argmax)",
        ),
        "random agent": evaluate(agent_chooser("random", 1), args.eval_games, held_out, "random"),
        "greedy agent": evaluate(agent_chooser("greedy", 1), args.eval_games, held_out, "greedy"),
        "mcts agent": evaluate(agent_chooser("mcts", 1), args.mcts_games, held_out, "mcts"),
    }
    for name, scores in results.items():
        print(f"{name:>16}: mean score {describe(scores)}")
    plot(curve, results, args.plot)
    print(f"learning curve saved to {args.plot}")
    print(
        f"{time.process_time() - cpu:.0f} s of CPU, {time.perf_counter() - started:.0f} s"
        " wall-clock",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
