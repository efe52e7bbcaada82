"""How does The Mole's belief bot do? Spies' convictions and the Mole's correct guesses.

    .venv/bin/python benchmarks/the_mole_belief.py [--rounds N] [--players P] [--seed S]

Plays N single rounds (``target_score=1``, so every game is one round) for each pairing of who
plays the Mole and who plays the spies: each seat holds a bot for either role and acts as the
one its card says. Interjections are offered as the rules allow (TM-26): before the obliged seat
acts, every other seat in ``to_move()`` is offered, in random order, the chance to nominate or
guess. The belief bot answers through ``interjection``; a random bot takes an offer with
probability ``--random-rate`` (its action then uniformly random among its legal ones). Votes and
final-vote pointings are asked of every voter. Round g uses seed S + g for chance and for every
bot, the same for each pairing, so the pairings see the same deals (common random numbers).

Printed per pairing: how often the spies convict the Mole (a passed vote or the final vote on
it), how often the Mole names the location, and how often the Mole scores at all (guess, a spy
accused, or no agreement), with 95% intervals.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping

import molehaven
from molehaven.agents import Agent, RandomAgent, SeatView
from molehaven.agents.the_mole_belief import TheMoleBeliefAgent
from molehaven.core import CHANCE, Action, State
from molehaven.core.play import sample_outcome
from molehaven.sim.stats import wilson_interval

BOTS = ("random", "belief")


class RoleBot:
    """One seat: the Mole's bot when the seat's card is the Mole card, else the spies' bot."""

    def __init__(self, mole: Agent, spy: Agent, rate: float, rng: random.Random) -> None:
        self.mole = mole
        self.spy = spy
        self.rate = rate
        self.rng = rng

    def agent(self, view: SeatView) -> Agent:
        card = view.observation.get("card")
        return self.mole if isinstance(card, Mapping) and card.get("mole") is True else self.spy

    def act(self, view: SeatView) -> Action:
        return self.agent(view).act(view)

    def interjection(self, view: SeatView) -> Action | None:
        agent = self.agent(view)
        if isinstance(agent, TheMoleBeliefAgent):
            return agent.interjection(view)
        return agent.act(view) if self.rng.random() < self.rate else None


def make_bot(name: str, seed: int) -> Agent:
    return TheMoleBeliefAgent(seed) if name == "belief" else RandomAgent(seed)


def play_round(seats: list[RoleBot], players: int, rng: random.Random) -> Mapping[str, object]:
    game = molehaven.make("the-mole", players=players, target_score=1)
    state: State = game.initial_state()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        public = state.observation(None)
        to_move = state.to_move()
        if public["phase"] in ("ask", "answer"):
            obliged = public["asker"] if public["phase"] == "ask" else public["answerer"]
            others = [seat for seat in to_move if seat != obliged]
            rng.shuffle(others)
            for seat in others:
                action = seats[seat].interjection(SeatView.of(state, seat))
                if action is not None:
                    state.apply(seat, action)
                    break
            else:
                assert isinstance(obliged, int)
                state.apply(obliged, seats[obliged].act(SeatView.of(state, obliged)))
            continue
        seat = rng.choice(to_move)
        state.apply(seat, seats[seat].act(SeatView.of(state, seat)))
    history = state.observation(None)["history"]
    assert isinstance(history, list) and history
    last = history[-1]
    assert isinstance(last, Mapping)
    return last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="rounds per pairing (200)")
    parser.add_argument("--players", type=int, default=4, help="players, 3-8 (default 4)")
    parser.add_argument("--seed", type=int, default=0, help="first round's seed (default 0)")
    parser.add_argument(
        "--random-rate",
        type=float,
        default=0.05,
        help="chance a random bot takes an offer to interject (default 0.05)",
    )
    args = parser.parse_args()
    print(f"{args.rounds} rounds of {args.players} players per pairing, seeds {args.seed}…")
    print(
        f"{'Mole':<8} {'spies':<8} {'Mole convicted':<22} {'Mole names location':<22} Mole scores"
    )
    for mole_bot, spy_bot in [(m, s) for m in BOTS for s in BOTS]:
        convicted = named = scored = 0
        for index in range(args.rounds):
            seed = args.seed + index
            rng = random.Random(seed)
            seats = [
                RoleBot(
                    make_bot(mole_bot, seed * 10 + seat),
                    make_bot(spy_bot, seed * 10 + seat),
                    args.random_rate,
                    random.Random(seed * 10 + seat),
                )
                for seat in range(args.players)
            ]
            last = play_round(seats, args.players, rng)
            mole = last["mole"]
            convicted += last["accused"] == mole
            named += last["guess"] is not None and last["guess"] == last["location"]
            points = last["points"]
            assert isinstance(points, list) and isinstance(mole, int)
            scored += points[mole] > 0
        print(
            f"{mole_bot:<8} {spy_bot:<8} {wilson_interval(convicted, args.rounds)!s:<22}"
            f" {wilson_interval(named, args.rounds)!s:<22} {wilson_interval(scored, args.rounds)}"
        )


if __name__ == "__main__":
    main()
