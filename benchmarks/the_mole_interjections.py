"""How often do The Mole's bots call votes and guess, against how often they ask?

    .venv/bin/python benchmarks/the_mole_interjections.py [--agent medium] [--games 3]
        [--players 4] [--seed 0] [--budget SECONDS]

Plays seeded games of one agent in every seat through the simulator (``sim.play_game``), which
offers interjections as the rules allow (TM-26), and counts the seats' questions, nominations
and guesses. With ``--made-to-act`` the agent is wrapped so that it has no ``interjection``:
the drivers then make it act whenever its seat may, as they did for ``mcts`` and ``informed``
(so ``medium``) before 2026-11-26, when they called a vote at every chance.

Game g uses seed S + g for chance and S + 10 g + seat for each bot. A search agent's choices
depend on the machine's speed (its budget is in seconds), so the counts vary a little from run
to run; the ratio of nominations to questions is what to read.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

import molehaven
from molehaven.agents import Agent, SeatView, make_agent
from molehaven.core import Action
from molehaven.sim.driver import play_game

COUNTED = ("ask", "nominate", "guess")


class MadeToAct:
    """The agent without ``interjection``: a driver makes it act wherever its seat may."""

    def __init__(self, agent: Agent) -> None:
        self._agent = agent
        self.name = f"{agent.name} made to act"

    def act(self, view: SeatView) -> Action:
        return self._agent.act(view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agent", default="medium")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=None, help="seconds a decision")
    parser.add_argument("--made-to-act", action="store_true")
    args = parser.parse_args()
    game = molehaven.make("the-mole", players=args.players)
    counts: Counter[str] = Counter()
    started = time.perf_counter()
    for number in range(args.games):
        seed = args.seed + number
        agents: list[Agent] = []
        for seat in range(args.players):
            agent = make_agent(args.agent, 10 * seed + seat, args.budget)
            agents.append(MadeToAct(agent) if args.made_to_act else agent)
        final = play_game(game, agents, random.Random(seed))
        for seat, action in final.history():
            kind = str(action).split()[0]
            if seat >= 0 and kind in COUNTED:
                counts[kind] += 1
    elapsed = time.perf_counter() - started
    how = " (made to act)" if args.made_to_act else ""
    print(f"{args.games} games of the-mole, {args.players} players, {args.agent}{how}:")
    print(", ".join(f"{counts[kind]} {kind}" for kind in COUNTED) + f" ({elapsed:.1f} s)")


if __name__ == "__main__":
    main()
