"""Teach Mole Hill's mole to dig with REINFORCE, in NumPy, in about a minute on one core.

The mole (seat 0 of a one-round game, ``rounds=1``) learns against a random gardener through
``molehaven.rl.gym.SingleSeatEnv``. The policy is linear: a logit per action, the dot product
of that action's weights with the observation tensor, softmax over the legal actions only
(the mask). The learning signal is the mole's round score (MH-22) at the end of the round,
less a running-average baseline. The learned mole is then compared with the random agent and
the MCTS agent in the mole's seat, over the same seeded games.

Run (about a minute for training, longer for the MCTS comparison)::

    python examples/mole_hill_reinforce.py --plot docs/img/mole-hill-reinforce.png
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from matplotlib.figure import Figure

from molehaven.agents import AGENTS, SeatView
from molehaven.rl.gym import SingleSeatEnv

Floats = npt.NDArray[np.float64]
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


def _features(observation: dict[str, npt.NDArray[np.float32]]) -> Floats:
    return np.append(observation["observation"].astype(np.float64), 1.0)  # a bias input


def mole_score(env: SingleSeatEnv) -> float:
    return float(env.table.state.scores()[MOLE])


def train(
    episodes: int, *, seed: int, learning_rate: float = 0.02
) -> tuple[LinearPolicy, list[float]]:
    """REINFORCE with a running baseline; returns the policy and each episode's score."""
    env = SingleSeatEnv("mole-hill", seat=MOLE, opponents="random", rounds=1)
    size = env.action_space.n
    policy = LinearPolicy(
        int(size), env.observation_space["observation"].shape[0], np.random.default_rng(seed)
    )
    baseline, curve = 0.0, []
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
    return policy, curve


def evaluate(
    choose: Callable[[SingleSeatEnv, dict[str, npt.NDArray[np.float32]]], int],
    games: int,
    seed: int,
) -> list[float]:
    """The mole's score over ``games`` seeded games against a random gardener."""
    env = SingleSeatEnv("mole-hill", seat=MOLE, opponents="random", rounds=1)
    scores = []
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            observation, _, terminated, truncated, _ = env.step(choose(env, observation))
            done = terminated or truncated
        scores.append(mole_score(env))
    return scores


def agent_chooser(
    name: str, seed: int
) -> Callable[[SingleSeatEnv, dict[str, npt.NDArray[np.float32]]], int]:
    """A Molehaven agent from ``AGENTS`` playing the mole through the same env."""
    agent = AGENTS[name](seed)

    def choose(env: SingleSeatEnv, observation: dict[str, npt.NDArray[np.float32]]) -> int:
        action = agent.act(SeatView.of(env.table.state, MOLE))
        return env.table.game.action_index(action)

    return choose


def plot(curve: list[float], references: dict[str, float], path: str, window: int = 100) -> None:
    figure = Figure(figsize=(7, 4), dpi=110)
    axes = figure.add_subplot()
    smoothed = np.convolve(curve, np.ones(window) / window, mode="valid")
    axes.plot(
        np.arange(window, len(curve) + 1), smoothed, label=f"learning mole ({window}-game mean)"
    )
    for (name, value), style in zip(references.items(), ("--", ":", "-."), strict=False):
        axes.axhline(value, linestyle=style, color="grey", label=f"{name}: {value:.2f}")
    axes.set_xlabel("training game")
    axes.set_ylabel("mole's round score vs a random gardener")
    axes.set_title("Mole Hill (rounds=1): REINFORCE with a linear policy")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=2000, help="training games")
    parser.add_argument("--eval-games", type=int, default=300, help="games per evaluated player")
    parser.add_argument("--mcts-games", type=int, default=60, help="games for the (slow) MCTS mole")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="mole-hill-reinforce.png", help="where to save the PNG")
    args = parser.parse_args()
    policy, curve = train(args.episodes, seed=args.seed)
    held_out = 10**6  # evaluation games never seen in training
    learned = evaluate(
        lambda env, obs: policy.greedy(_features(obs), obs["action_mask"]),
        args.eval_games,
        held_out,
    )
    results = {
        "learned (greedy)": learned,
        "random": evaluate(agent_chooser("random", 1), args.eval_games, held_out),
        "mcts": evaluate(agent_chooser("mcts", 1), args.mcts_games, held_out),
    }
    for name, scores in results.items():
        spread = statistics.stdev(scores) / len(scores) ** 0.5
        print(
            f"{name:>17}: mean score {statistics.fmean(scores):5.2f} ± {spread:.2f}"
            f" over {len(scores)} games"
        )
    plot(curve, {name: statistics.fmean(s) for name, s in results.items()}, args.plot)
    print(f"learning curve saved to {args.plot}")


if __name__ == "__main__":
    main()
