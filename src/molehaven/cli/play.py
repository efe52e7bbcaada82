"""``molehaven play``: a game in the terminal, hot-seat or against agents."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule

from molehaven.agents import Agent, SeatView
from molehaven.cli.boards import render
from molehaven.core import CHANCE, Action, Game, Seat, State
from molehaven.core.play import sample_outcome

Ask = Callable[[str], str]

HELP = (
    "Type an action in notation (e.g. the ones listed by '?'). Commands: "
    "'?' lists your legal actions, 'board' redraws the board, 'wait' (or just Enter) lets "
    "another seat act first when several may act, 'quit' ends the game."
)


class QuitGame(Exception):
    """The player typed ``quit``."""


@dataclass(slots=True)
class Table:
    """A game at the terminal: who sits where and how to talk to the humans."""

    game: Game[object]
    humans: frozenset[Seat]
    agents: dict[Seat, Agent]
    rng: random.Random
    console: Console
    ask: Ask
    privacy: bool
    state: State | None = None  # the game in progress, once play() has started
    _viewer: Seat | None = field(default=None)

    @property
    def public(self) -> bool:
        return self.game.info.perfect_information

    def show(self, state: State, seat: Seat | None) -> None:
        self.console.print(render(self.game.slug, state.observation(seat), seat))

    def announce(self, seat: Seat, action: Action) -> None:
        """Log an action without revealing what the viewer may not know."""
        if seat == CHANCE:
            if self.public:
                self.console.print(f"[dim]chance: {action}[/]")
            return
        who = f"seat {seat}" + (" (you)" if seat in self.humans else "")
        if self.public or (seat in self.humans and len(self.humans) == 1):
            self.console.print(f"[bold]{who}:[/] {action}")
        else:
            self.console.print(f"[bold]{who}[/] has acted")

    def list_legal(self, state: State, seat: Seat) -> None:
        legal = [str(action) for action in state.legal_actions(seat)]
        self.console.print(f"[bold]{len(legal)} legal actions:[/]")
        self.console.print(Columns(legal, padding=(0, 3)))

    def hand_over(self, seat: Seat) -> None:
        """In hot-seat games with secrets, hide the screen until the next player is ready."""
        if self.privacy and len(self.humans) > 1 and self._viewer != seat:
            self.console.clear()
            self.ask(f"Pass the keyboard to seat {seat} and press Enter (others look away) ")
            self.console.clear()
        self._viewer = seat

    @property
    def secret_turns(self) -> bool:
        """Whether who may act is itself a secret (real-time games with hidden roles, TM-25).

        Then a hot-seat table hands the keyboard to every person in turn, whether or not they
        may act, so the order of the prompts shows nothing.
        """
        info = self.game.info
        return info.has_clock and not info.perfect_information and len(self.humans) > 1

    def idle_turn(self, state: State, seat: Seat) -> None:
        """A hot-seat turn for a seat with nothing to do, indistinguishable from outside."""
        self.hand_over(seat)
        self.show(state, seat)
        self.ask(f"seat {seat}: nothing for you to do right now; press Enter to pass on ")

    def human_turn(self, state: State, seat: Seat) -> bool:
        """Prompt ``seat`` until it acts (True) or waits (False)."""
        self.hand_over(seat)
        self.show(state, seat)
        others_may_act = self.secret_turns or len(state.to_move()) > 1
        hint = " (Enter: let others act first)" if others_may_act else ""
        while True:
            text = self.ask(f"seat {seat}{hint} > ").strip()
            command = text.lower()
            if command in ("quit", "exit"):
                raise QuitGame
            if command in ("?", "help", "legal"):
                self.console.print(HELP, style="dim")
                self.list_legal(state, seat)
                continue
            if command == "board":
                self.show(state, seat)
                continue
            if command in ("wait", ""):
                if others_may_act:
                    return False
                self.console.print(
                    "nobody else can act now: type your action ('?' lists them)", style="yellow"
                )
                continue
            try:
                action = self.game.parse_action(text)
                state.apply(seat, action)
            except ValueError as error:
                self.console.print(f"[red]{error}[/]", highlight=False)
                self.list_legal(state, seat)
                continue
            self.announce(seat, action)
            return True

    def play(self) -> State:
        """Play to the end (or until a human quits, raising ``QuitGame``)."""
        state = self.state = self.game.initial_state()
        waiting: set[Seat] = set()
        turn = -1
        while not state.is_terminal():
            if state.is_chance():
                action = sample_outcome(state.chance_outcomes(), self.rng)
                state.apply(CHANCE, action)
                self.announce(CHANCE, action)
                continue
            to_move = state.to_move()
            if self.secret_turns:
                turn = (turn + 1) % self.game.players
                if turn in self.humans:
                    if turn in to_move:
                        self.human_turn(state, turn)
                    else:
                        self.idle_turn(state, turn)
                elif turn in to_move:
                    self.bot_turn(state, turn)
                continue
            humans = [s for s in to_move if s in self.humans and s not in waiting]
            bots = [s for s in to_move if s not in self.humans]
            if humans:
                if self.human_turn(state, humans[0]):
                    waiting.clear()
                else:
                    waiting.add(humans[0])
                continue
            if not bots:  # every human waited and nobody else may act: ask again
                self.console.print("everyone waited: someone must act now", style="yellow")
                waiting.clear()
                continue
            self.bot_turn(state, self.rng.choice(bots))
            waiting.clear()
        self.finish(state)
        return state

    def bot_turn(self, state: State, seat: Seat) -> None:
        with self.console.status(f"seat {seat} is thinking…"):
            action = self.agents[seat].act(SeatView.of(state, seat))
        state.apply(seat, action)
        self.announce(seat, action)

    def finish(self, state: State) -> None:
        self.console.print(Rule("game over"))
        self.show(state, None)
        returns = state.returns()
        winners = [seat for seat, value in enumerate(returns) if value > 0]
        scores = ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(state.scores()))
        self.console.print(f"[bold]scores[/] {scores}")
        if len(winners) == len(returns):
            self.console.print("[bold]a draw[/]")
        else:
            names = " and ".join(
                f"seat {s}" + (" (you)" if s in self.humans else "") for s in winners
            )
            self.console.print(f"[bold green]winner: {names}[/]")
