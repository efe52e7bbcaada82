"""``molehaven play``: a game in the terminal, hot-seat or against agents."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.rule import Rule

from molehaven.agents import Agent, SeatView
from molehaven.agents.base import interjectors
from molehaven.boards import render
from molehaven.cli.errors import CliError, os_reason
from molehaven.cli.replaying import result_text
from molehaven.core import (
    CHANCE,
    CLOCK,
    Action,
    Game,
    IllegalActionError,
    Seat,
    State,
    address_seat,
    counted,
    name_seats,
)
from molehaven.core.clock import RoundClock
from molehaven.core.play import sample_outcome

Ask = Callable[[str], str]

HELP = (
    "Type an action in notation (e.g. the ones listed by '?'), or the number of an action in "
    "the last '?' list. Commands: '?' lists your legal actions, numbered, 'board' redraws the "
    "board, 'wait' (or just Enter) lets another seat act first when several may act, 'quit' "
    "ends the game."
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
    now: Callable[[], float] = time.monotonic  # the clock of real-time games, in seconds
    _viewer: Seat | None = field(default=None)
    _listing: tuple[Seat, int, list[Action]] | None = None  # seat, step, the last '?' list
    _clock: RoundClock | None = None

    def show(self, state: State, seat: Seat | None) -> None:
        self.console.print(render(self.game.slug, state.observation(seat), seat))

    @property
    def log_viewer(self) -> Seat | None:
        """Whose eyes the move log is written for: the one human, else a spectator."""
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def act(self, state: State, seat: Seat, action: Action) -> None:
        """Apply ``action`` and log it as the viewer may read it (words chosen beforehand).

        At a hot-seat table the person who just acted is the one at the screen (it is cleared
        before the keyboard passes on), so their own action reads in full.
        """
        viewer = seat if seat in self.humans else self.log_viewer
        # "You set the mole down on e4", as the web's log reads to a seat.
        words = address_seat(state.describe_action(seat, action, viewer), viewer)
        state.apply(seat, action)
        style = "dim" if seat in (CHANCE, CLOCK) else "bold"
        names = [seat_label(s, viewer) for s in range(self.game.players)]
        self.console.print(name_seats(words, names), style=style, markup=False, highlight=False)

    def list_legal(self, state: State, seat: Seat) -> None:
        """Every legal action, numbered: typing a number then picks one."""
        legal = state.legal_actions(seat)
        self._listing = (seat, state.num_actions, legal)
        self.console.print(
            f"[bold]{counted(len(legal), 'legal action')}[/] (type a number or the text):"
        )
        self.console.print(
            Columns(
                [f"{number:>2} {action}" for number, action in enumerate(legal, 1)], padding=(0, 3)
            ),
            markup=False,
            highlight=False,
        )

    def listed(self, state: State, seat: Seat, text: str) -> Action | None:
        """The action numbered ``text`` in the last '?' list, if it is still this seat's list.

        Raises:
            ValueError: no list is current, or the number is out of range.
        """
        if not text.isdigit():
            return None
        if self._listing is None or self._listing[:2] != (seat, state.num_actions):
            raise ValueError("numbers pick from the last '?' list: type ? to list your actions now")
        legal = self._listing[2]
        number = int(text)
        if not 1 <= number <= len(legal):
            raise ValueError(f"pick a number from 1 to {len(legal)} (type ? to see the list)")
        return legal[number - 1]

    def countdown(self, state: State) -> str:
        if self._clock is None:
            return ""
        self._clock.follow(state)
        left = self._clock.remaining()
        if left is None:
            return ""
        minutes, seconds = divmod(int(left + 0.999), 60)
        return f" [{minutes}:{seconds:02d} left]"

    def clock_tick(self, state: State) -> bool:
        """Apply the clock's event if the round's time has run out; whether it did."""
        event = self._clock.due_event(state) if self._clock is not None else None
        if event is None:
            return False
        self.act(state, CLOCK, event)
        return True

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
            text = self.ask(f"seat {seat}{self.countdown(state)}{hint} > ").strip()
            if self.clock_tick(state):
                if text:
                    self.console.print(f"time ran out before {text!r} was played", style="yellow")
                return True
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
                listed = self.listed(state, seat, text)
                action = self.game.parse_action(text) if listed is None else listed
                state.check(seat, action)
            except IllegalActionError as error:
                legal = len(state.legal_actions(seat))
                self.console.print(f"{error}", style="red", markup=False, highlight=False)
                which = "it" if legal == 1 else f"all {legal}, numbered"
                self.console.print(f"type ? to list {which}", style="dim")
                continue
            except ValueError as error:  # a mistype: say what is wrong, list nothing
                self.console.print(f"{error}", style="red", markup=False, highlight=False)
                continue
            self.act(state, seat, action)
            return True

    def play(self) -> State:
        """Play to the end (or until a human quits, raising ``QuitGame``)."""
        state = self.state = self.game.initial_state()
        if self.game.info.has_clock:
            self._clock = RoundClock(self.game, now=self.now)
        waiting: set[Seat] = set()
        turn = -1
        while not state.is_terminal():
            if state.is_chance():
                self.act(state, CHANCE, sample_outcome(state.chance_outcomes(), self.rng))
                continue
            if self.clock_tick(state):
                continue
            to_move = state.to_move()
            if self.secret_turns:
                turn = (turn + 1) % self.game.players
                if turn in self.humans:
                    if turn in to_move:
                        self.human_turn(state, turn)
                    else:
                        self.idle_turn(state, turn)
                elif turn in interjectors(state, self.agents):
                    self.offer_interjection(state, turn)
                elif turn in to_move:
                    self.bot_turn(state, turn)
                continue
            humans = [s for s in to_move if s in self.humans and s not in waiting]
            if humans:
                if self.human_turn(state, humans[0]):
                    waiting.clear()
                else:
                    waiting.add(humans[0])
                continue
            # The people let others act first: bots that may act without being awaited choose
            # whether to (TM-26), and only then is a bot play waits for made to act. Made to
            # act, a Mole that nobody awaits had nothing to do but guess (TM-25).
            optional = interjectors(state, self.agents)
            self.rng.shuffle(optional)
            if any(self.offer_interjection(state, seat) for seat in optional):
                waiting.clear()
                continue
            bots = [s for s in to_move if s not in self.humans and s not in optional]
            if not bots:  # every human waited and nobody else will act: ask again
                self.console.print(self.nobody_else(state), style="yellow")
                waiting.clear()
                continue
            self.bot_turn(state, self.rng.choice(bots))
            waiting.clear()
        self.finish(state)
        return state

    def bot_turn(self, state: State, seat: Seat) -> None:
        with self.console.status(f"seat {seat} is thinking…"):
            action = self.agents[seat].act(SeatView.of(state, seat))
        self.act(state, seat, action)

    def nobody_else(self, state: State) -> str:
        """What to say when the people let others act first and nobody else will: who play
        waits for, where that is a person (a seat's own business here: with secret turns
        this is never asked)."""
        waited_for = [seat for seat in state.awaited() if seat in self.humans]
        if not waited_for:
            return "everyone waited: someone must act now"
        names = " or ".join(seat_label(seat, self.log_viewer) for seat in waited_for)
        return f"nobody else will act now: play waits for {names}"

    def offer_interjection(self, state: State, seat: Seat) -> bool:
        """Offer a bot that may act but need not the chance to; whether it acted."""
        offer = getattr(self.agents[seat], "interjection")  # noqa: B009 (see interjectors)
        with self.console.status(f"seat {seat} is thinking…"):
            action: Action | None = offer(SeatView.of(state, seat))
        if action is None:
            return False
        self.act(state, seat, action)
        return True

    def finish(self, state: State) -> None:
        self.console.print(Rule("game over"))
        self.show(state, None)
        self.console.print(name_you(result_text(state), self.humans), style="bold green")


def save_record(console: Console, state: State, path: Path) -> None:
    """Write the record of ``state`` (finished or not) to ``path`` and say so."""
    try:
        path.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot save the record to {path}: {os_reason(error)}") from None
    if state.is_terminal():
        console.print(f"record saved to {path}", highlight=False)
    else:
        moves = counted(state.num_actions, "action")
        console.print(
            f"record of the unfinished game ({moves} so far) saved to {path}", highlight=False
        )


def seat_label(seat: Seat, you: Seat | None) -> str:
    """``seat 2``, or ``seat 2 (you)`` for the human the log is written for."""
    return f"seat {seat}" + (" (you)" if seat == you else "")


def name_you(text: str, humans: frozenset[Seat]) -> str:
    """Mark the human seats in a result line: ``seat 0`` becomes ``seat 0 (you)``."""
    if len(humans) != 1:
        return text
    (seat,) = humans
    return re.sub(rf"\bseat {seat}\b", f"seat {seat} (you)", text)
