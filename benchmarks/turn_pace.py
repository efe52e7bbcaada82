"""How long does a person wait for a bot's turn? Seconds of thinking per turn, per level.

    .venv/bin/python benchmarks/turn_pace.py [--game SLUG] [--players N] [--turns N]
        [--levels medium,hard] [--seed S]

A turn is a seat's decisions in a row (``SeatView.turn_step``): in Mole Majority a card, then
moves, stacks, the end of the turn. The script plays seeded games with ``greedy`` in every
seat, takes ``--turns`` positions where a turn begins, and lets each level play that turn out
(other seats do not act in it; chance is seeded), at the level's own seconds, twice: as the
level stands (``turn``: its ``follow_up`` shortens the later decisions of a turn) and with
every decision thinking its full seconds (``each``: as every level did before 2026-11-27).
It prints the decisions per turn, those with more than one legal action (the others take no
time), and the seconds per turn (median, 90th percentile, most). ``web >=`` adds the server's
pace: a bot acts no sooner than ``bot_delay`` (0.6 s by default) after the move before, so a
turn of n actions shows for at least n times that; the server may wait longer still (it paces
quick moves like the table's recent ones, ``BotPace``, and queues bots for its workers).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import molehaven
from molehaven.agents import SeatView, make_agent
from molehaven.agents.base import decisions_in_a_row
from molehaven.agents.greedy import GreedyAgent
from molehaven.agents.levels import LEVELS, level_agent_name
from molehaven.core import CHANCE, State
from molehaven.core.play import sample_outcome
from molehaven.server.settings import Settings

BOT_DELAY = Settings(database_url="sqlite://").bot_delay  # the default pace


def turn_starts(slug: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` positions where a seat's turn begins, past the setup, from greedy games."""
    rng = random.Random(seed)
    greedy = GreedyAgent(seed)
    found: list[State] = []
    while len(found) < count:
        state = molehaven.make(slug, players=players).initial_state()
        while not state.is_terminal() and len(found) < count:
            if state.is_chance():
                state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.to_move()[0]
            if (
                state.num_actions > 30 * players
                and decisions_in_a_row(state, seat) == 0
                and rng.random() < 0.05
            ):
                found.append(state.clone())
            state.apply(seat, greedy.act(SeatView.of(state, seat)))
    return found


def play_turn(
    state: State, slug: str, level: str, follow_up: float, seed: int
) -> list[tuple[float, int]]:
    """The seconds each decision of the turn beginning in ``state`` took the level's agent,
    with its number of legal actions."""
    settings = LEVELS[slug][level]
    agent = make_agent(level_agent_name(slug, level), seed, settings.seconds, follow_up)
    state = state.clone()
    seat = state.to_move()[0]
    rng = random.Random(seed)
    spent: list[tuple[float, int]] = []
    while not state.is_terminal() and state.to_move() == [seat]:
        view = SeatView.of(state, seat)
        started = time.perf_counter()
        action = agent.act(view)
        spent.append((time.perf_counter() - started, len(view.legal_actions)))
        state.apply(seat, action)
        while state.is_chance():
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mole-majority")
    parser.add_argument("--players", type=int, default=4, help="a person and three bots")
    parser.add_argument("--turns", type=int, default=12, help="turns per level and schedule")
    parser.add_argument("--levels", default="medium,hard")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    starts = turn_starts(args.game, args.players, args.turns, args.seed)
    print(f"{args.game}, {args.players} players, {len(starts)} turns from seed {args.seed}")
    header = (
        f"{'level':<7} {'schedule':<9} {'decisions':>9} {'searched':>8}"
        f" {'s/turn':>7} {'p90':>6} {'most':>6} {'web >=':>7}"
    )
    print(header)
    print("-" * len(header), flush=True)
    for level in args.levels.split(","):
        own = LEVELS[args.game][level].follow_up
        schedules = [("turn", own), ("each", 1.0)] if own < 1 else [("each", 1.0)]
        for name, follow_up in schedules:
            turns = [
                play_turn(state, args.game, level, follow_up, args.seed + number)
                for number, state in enumerate(starts)
            ]
            seconds = sorted(sum(s for s, _ in turn) for turn in turns)
            searched = [sum(1 for _, legal in turn if legal > 1) for turn in turns]
            web = [sum(max(BOT_DELAY, s) for s, _ in turn) for turn in turns]
            print(
                f"{level:<7} {name:<9} {statistics.median(len(t) for t in turns):>9}"
                f" {statistics.median(searched):>8}"
                f" {statistics.median(seconds):>7.2f}"
                f" {seconds[int(0.9 * (len(seconds) - 1))]:>6.2f} {seconds[-1]:>6.2f}"
                f" {statistics.median(web):>7.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
