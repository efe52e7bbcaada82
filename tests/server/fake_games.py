"""A small test double of a game with what the real ones spread over several: hidden
information, a secret ``to_move`` (like The Mole, TM-25), chance, and a clock.

Whisper: chance deals each seat a secret number 0-2, one node per seat. Then every seat whose
number is odd may ``say`` it or ``skip`` (who may act is secret: it depends on the numbers);
the game ends when all of them have acted, or when the clock plays ``time-up``.
"""

from __future__ import annotations

from dataclasses import dataclass

from molehaven.core import Action, Game, GameInfo, NotationError, Observation, Seat, State, option


@dataclass(frozen=True, slots=True)
class Deal(Action):
    number: int

    def __str__(self) -> str:
        return f"deal {self.number}"


@dataclass(frozen=True, slots=True)
class Say(Action):
    number: int

    def __str__(self) -> str:
        return f"say {self.number}"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    def __str__(self) -> str:
        return "time-up"


@dataclass(frozen=True, slots=True)
class WhisperOptions:
    round_seconds: float = option(600.0, minimum=0.01, maximum=3600.0, help="the clock")


@dataclass(slots=True)
class WhisperState(State):
    secrets: tuple[int, ...] = ()
    acted: frozenset[int] = frozenset()
    time_up: bool = False
    players: int = 2

    def is_terminal(self) -> bool:
        return len(self.secrets) == self.players and (self.time_up or not self._movers())

    def is_chance(self) -> bool:
        return len(self.secrets) < self.players

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(Deal(n), 1 / 3) for n in range(3)] if self.is_chance() else []

    def _movers(self) -> list[Seat]:
        return [s for s, n in enumerate(self.secrets) if n % 2 == 1 and s not in self.acted]

    def to_move(self) -> list[Seat]:
        if self.is_chance() or self.is_terminal():
            return []
        return self._movers()

    def _seat_actions(self, seat: Seat) -> list[Action]:
        return [Say(self.secrets[seat]), Skip()]

    def _clock_actions(self) -> list[Action]:
        return [] if self.is_chance() or self.time_up else [TimeUp()]

    def _apply(self, seat: Seat, action: Action) -> None:
        if isinstance(action, Deal):
            self.secrets = (*self.secrets, action.number)
        elif isinstance(action, TimeUp):
            self.time_up = True
        else:
            self.acted = self.acted | {seat}

    def _copy(self) -> WhisperState:
        return WhisperState(self.secrets, self.acted, self.time_up, self.players)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        return [1.0 / self.players] * self.players

    def scores(self) -> list[float]:
        return [float(len(self.acted))] * self.players

    def _observe(self, seat: Seat | None) -> Observation:
        dealt = len(self.secrets) == self.players
        return {
            "game": "whisper",
            "secret": self.secrets[seat] if seat is not None and seat < len(self.secrets) else None,
            "acted": len(self.acted),
            "timer": {
                "running": dealt and not self.time_up and not self.is_terminal(),
                "round": 1,
                "seconds": self.game.options_dict()["round_seconds"],
                "time_up": self.time_up,
            },
            "scores": self.scores(),
        }


class WhisperGame(Game[WhisperOptions]):
    info = GameInfo(
        slug="whisper",
        title="Whisper",
        min_players=2,
        max_players=4,
        has_chance=True,
        has_clock=True,
        simultaneous=True,
        perfect_information=False,
        summary="A test double: secret numbers, secret turns, a clock.",
    )
    options_type = WhisperOptions

    def initial_state(self) -> WhisperState:
        return WhisperState(players=self.players)._bind(self)

    def parse_action(self, text: str) -> Action:
        words = text.lower().split()
        if words == ["skip"]:
            return Skip()
        if words == ["time-up"]:
            return TimeUp()
        if len(words) == 2 and words[0] in ("say", "deal") and words[1] in ("0", "1", "2"):
            number = int(words[1])
            return Say(number) if words[0] == "say" else Deal(number)
        raise NotationError(f"{text!r}: expected 'say <0-2>', 'skip', 'deal <0-2>' or 'time-up'")

    def max_length(self) -> int:
        return 3 * self.players + 1
