"""Every Molehaven game as an OpenSpiel Python game.

Importing this module registers ``molehaven_<slug with underscores>`` for each game
(``molehaven_mole_hill``, ``molehaven_the_mole``, …), so ``pyspiel.load_game`` and OpenSpiel's
algorithms (MCTS, IS-MCTS, evaluation, random simulation) run on them. The engine stays the one
rules authority: each OpenSpiel state wraps a Molehaven state.

- Parameters: ``players`` (default the minimum), every game option with its default and,
  for games with simultaneous choices, ``simultaneous`` (default true).
- Seat actions are indices into ``game.action_space()``; chance outcomes are indices into the
  game's ``chance_space()`` (``games/<pkg>/actions.py``), listed with their probabilities.
- Dynamics: simultaneous for the games that have simultaneous choices (Mole Park's dice, The
  Mole's votes), sequential for the others. Where every seat in ``to_move()`` must choose
  (the engine awaits them all) the node is a simultaneous node: the seats that choose have
  their legal indices, every other seat has one action, ``NO_ACTION`` (the last index,
  ``num_distinct_actions() - 1``), and the joint action is applied in seat order. Where
  seats *may* act in real time (The Mole: anyone may call a vote while the asker asks, TM-26),
  the node stays sequential, asked round-robin as below: a race is not a joint choice.
  With the parameter ``simultaneous=False`` (which OpenSpiel's MCTS and IS-MCTS bots need)
  those games are sequential too: the seats are asked one at a time, round-robin from the
  seat after the last one that acted; the engine hides each choice until all are in, so the
  sequential game has the same information sets as the simultaneous one (the usual
  turn-based reduction), and there is no ``NO_ACTION``.
- The wait action: in a game where seats may act but need not (``GameInfo.optional_movers``),
  index ``game.action_space().size`` (the envs' wait index) means "wait: let play go on
  without me" (``action_to_string`` says ``wait``). It is legal exactly for the seats in
  ``to_move()`` that ``awaited()`` does not list, never reaches the engine, and each such seat
  is asked once per position, round-robin, before the seat play waits for; so such a game has
  one action more, and ``max_game_length`` is ``max_length()`` times the player count. In The
  Mole's simultaneous form ``NO_ACTION`` stays the last index, after the wait. Waits are in
  the history but in no information-state string: nobody is told of a seat doing nothing.
- Utility: constant-sum, ``1/k`` to each of ``k`` winners (sum 1).
- Observation string and tensor: ``observation(seat)`` as JSON and as the seat's tensor
  (``molehaven.rl.encoders``). Information-state string: perfect recall, the current
  observation plus everything the seat was told of each action so far
  (``State.describe_action``). The information-state tensor is the observation tensor.
  A public observer (``private_info=PrivateInfoType.NONE``) gives the spectator's view
  instead, as strings only.
- ``resample_from_infostate`` (for IS-MCTS) draws the hidden parts anew with
  ``State.resample_hidden``; in the world drawn, the other seats recall what a spectator was
  told, and the engine's record is left behind.
"""

from __future__ import annotations

import json
import math
import random
from types import ModuleType
from typing import Any

import numpy as np
import pyspiel

import molehaven
from molehaven.core import CHANCE, Game, IllegalActionError, Seat, State
from molehaven.core.action_space import ActionSpace
from molehaven.games.maulwurf_company import actions as maulwurf_company_actions
from molehaven.games.mole_hill import actions as mole_hill_actions
from molehaven.games.mole_majority import actions as mole_majority_actions
from molehaven.games.mole_park import actions as mole_park_actions
from molehaven.games.the_mole import actions as the_mole_actions
from molehaven.rl.encoders import encoder
from molehaven.rl.table import next_asked, optional_movers

_C_INT_MAX = 2**31 - 1
_ACTION_MODULES: dict[str, ModuleType] = {
    "mole-hill": mole_hill_actions,
    "maulwurf-company": maulwurf_company_actions,
    "mole-park": mole_park_actions,
    "mole-majority": mole_majority_actions,
    "the-mole": the_mole_actions,
}


def spiel_name(slug: str) -> str:
    """The registered OpenSpiel name of a game: ``molehaven_mole_hill`` for ``mole-hill``."""
    return "molehaven_" + slug.replace("-", "_")


def chance_space(game: Game[object]) -> ActionSpace:
    """Every chance outcome of ``game`` numbered once (OpenSpiel's chance actions)."""
    space: ActionSpace = _ACTION_MODULES[game.slug].chance_space(game.players)
    return space


def _game_type(slug: str, *, simultaneous: bool = True) -> pyspiel.GameType:
    """The game's OpenSpiel type; ``simultaneous=False`` gives the turn-based form of a game
    with simultaneous choices (the registered type is the simultaneous one)."""
    game = molehaven.make(slug)
    info = game.info
    parameters: dict[str, Any] = {"players": info.min_players, **game.options_dict()}
    if info.simultaneous:
        parameters["simultaneous"] = True
    return pyspiel.GameType(
        short_name=spiel_name(slug),
        long_name=f"Molehaven {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS
        if info.simultaneous and simultaneous
        else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if info.has_chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION
        if info.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class MolehavenSpielGame(pyspiel.Game):
    """A Molehaven game behind OpenSpiel's ``Game`` interface (one subclass per slug)."""

    slug = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_game_type(self.slug).parameter_specification, **(params or {})}
        simultaneous = bool(merged.get("simultaneous", False))
        game_type = _game_type(self.slug, simultaneous=simultaneous)
        options = {k: v for k, v in merged.items() if k not in ("players", "simultaneous")}
        game = molehaven.make(self.slug, int(merged["players"]), **options)
        actions, chance = game.action_space(), chance_space(game)
        waits = game.info.optional_movers
        info = pyspiel.GameInfo(
            # The wait action for seats that need not act; the simultaneous form adds
            # NO_ACTION for seats that do not choose at a simultaneous node.
            num_distinct_actions=actions.size + waits + simultaneous,
            max_chance_outcomes=chance.size,
            num_players=game.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            # OpenSpiel keeps the bound in a C int: a game without one (The Mole with no
            # question limit) reports the largest it can hold.
            # Each engine action may follow up to ``players - 1`` waits, one per optional seat.
            max_game_length=min(game.max_length() * (game.players if waits else 1), _C_INT_MAX),
        )
        # pybind11 objects keep Python attributes only once the base class is initialised.
        super().__init__(game_type, info, merged)
        self.molehaven_game: Game[object] = game
        self.simultaneous = simultaneous
        # The index of "wait", for seats that may act but need not (None: this game has none).
        self.wait: int | None = actions.size if waits else None
        # The index of "no action", for seats that do not choose at a simultaneous node.
        self.no_action = actions.size + waits
        self.actions = actions
        self.chance = chance
        self.encoder = encoder(self.slug, game.players)

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        # pyspiel rebuilds a pickled Python game without calling ``__init__``, so the
        # attributes set there were missing; loading it again by name and parameters sets them.
        return pyspiel.load_game, (spiel_name(self.slug), self.get_parameters())

    def new_initial_state(self) -> MolehavenSpielState:
        return MolehavenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MolehavenObserver | None:
        """An observer of the seat's own view (the default), or of the public view only
        (``private_info=PrivateInfoType.NONE``: the spectator's ``observation(None)`` and
        what the spectator was told, as strings; no tensor, since the tensors are laid out
        per seat). ``None`` where the type cannot be honoured: every player's private
        information at once (``ALL_PLAYERS``) in a game with hidden information."""
        if iig_obs_type is None:
            return MolehavenObserver(self, perfect_recall=False)
        private = iig_obs_type.private_info
        hidden = not self.molehaven_game.info.perfect_information
        if hidden and private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return None
        public_only = hidden and private == pyspiel.PrivateInfoType.NONE
        return MolehavenObserver(
            self, perfect_recall=bool(iig_obs_type.perfect_recall), public_only=public_only
        )


class _Held:
    """A Molehaven state held so that OpenSpiel's clone (a deep copy) uses the cheap
    ``State.clone`` instead of copying the record's linked list node by node."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return _Held(self.state.clone())


class MolehavenSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a Molehaven state.

    Only plain data lives in the instance (OpenSpiel clones a Python state by deep-copying its
    attributes); the game is reached with ``get_game()``.
    """

    def __init__(self, game: MolehavenSpielGame, inner: State | None = None) -> None:
        super().__init__(game)
        self.held = _Held(game.molehaven_game.initial_state() if inner is None else inner)
        self.last_seat: Seat = -1
        self.told: list[tuple[str, ...]] = [() for _ in range(game.molehaven_game.players)]
        # What a spectator was told: the public observer's recall, and every other seat's in
        # a world resampled for one seat (``resample_from_infostate``).
        self.public: tuple[str, ...] = ()
        # The seats that waited at the position of ``waited_at`` actions (the engine's count).
        self.waited: tuple[Seat, ...] = ()
        self.waited_at = -1

    @property
    def inner(self) -> State:
        """The wrapped Molehaven state."""
        return self.held.state

    @property
    def spiel_game(self) -> MolehavenSpielGame:
        game: MolehavenSpielGame = self.get_game()
        return game

    def current_player(self) -> int:
        inner = self.inner
        if inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if inner.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        movers = inner.to_move()
        if not movers:
            raise RuntimeError(f"{inner.game.slug}: no seat can act and the game is not over")
        if self._choosing_together(movers):
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return next_asked(movers, self._optional(), self._waited_here(), self.last_seat)

    def _optional(self) -> list[Seat]:
        """The seats that may act now but need not, so may wait (none without the wait)."""
        return [] if self.spiel_game.wait is None else optional_movers(self.inner)

    def _waited_here(self) -> tuple[Seat, ...]:
        """The seats that have waited at the current position."""
        return self.waited if self.waited_at == self.inner.num_actions else ()

    def _choosing_together(self, movers: list[Seat]) -> bool:
        """Whether this is a simultaneous node: several seats, all of them awaited."""
        return len(movers) > 1 and self.spiel_game.simultaneous and self.inner.awaited() == movers

    def _legal_actions(self, player: int) -> list[int]:
        current = self.current_player()
        if current == pyspiel.PlayerId.SIMULTANEOUS:
            if player == pyspiel.PlayerId.SIMULTANEOUS:  # ``legal_actions()`` of the node
                return list(range(math.prod(len(legal) for legal in self._joint_legal())))
            if player not in self.inner.to_move():
                return [self.spiel_game.no_action]
        elif player != current:
            return []
        legal = self.spiel_game.actions.legal_indices(self.inner, player)
        wait = self.spiel_game.wait
        if wait is not None and current >= 0 and player in self._optional():
            legal.append(wait)  # the engine's indices are all below it: still ascending
        return legal

    def _joint_legal(self) -> list[list[int]]:
        """Every player's legal actions at a simultaneous node, in player order."""
        return [self._legal_actions(seat) for seat in range(self.num_players())]

    def _joint(self, flat: int) -> list[int]:
        """The joint action a flat joint action stands for: OpenSpiel's mixed radix, player
        0's choice the least significant digit, over each player's legal actions.

        Raises:
            IndexError: no joint action has that number.
        """
        joint, rest = [], int(flat)
        legal_lists = self._joint_legal()
        if not 0 <= rest < math.prod(len(legal) for legal in legal_lists):
            raise IndexError(f"no joint action has the number {flat} here")
        for legal in legal_lists:
            rest, digit = divmod(rest, len(legal))
            joint.append(legal[digit])
        return joint

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self.spiel_game.chance.index
        return sorted((index(action), p) for action, p in self.inner.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        if self.inner.is_terminal():
            # Else OpenSpiel's TERMINAL player id (-4) reached the engine as a seat number.
            raise IllegalActionError(f"the game is over: action {action} cannot be applied")
        player = self.current_player()
        if player == pyspiel.PlayerId.SIMULTANEOUS:  # a flat joint action
            self._apply_actions(self._joint(action))
            return
        if player >= 0 and action == self.spiel_game.wait:
            if player not in self._optional():
                raise IllegalActionError(f"seat {player} cannot wait: play waits for it")
            # Nothing reaches the engine; the seat is not asked again at this position.
            self.waited = (*self._waited_here(), player)
            self.waited_at = self.inner.num_actions
            self.last_seat = player
            return
        self._apply_seat(CHANCE if player == pyspiel.PlayerId.CHANCE else player, action)

    def _apply_actions(self, actions: list[int]) -> None:
        """A simultaneous node's joint action: each choosing seat's, in seat order (the engine
        resolves them together once the last is in).

        Raises:
            ValueError: not one action per player.
        """
        if len(actions) != self.num_players():
            raise ValueError(
                f"a joint action has one action per player ({self.num_players()}),"
                f" got {len(actions)}: {list(actions)}"
            )
        for seat in self.inner.to_move():
            self._apply_seat(seat, actions[seat])

    def _apply_seat(self, seat: Seat, action: int) -> None:
        space = self.spiel_game.chance if seat == CHANCE else self.spiel_game.actions
        chosen = space.at(int(action))
        describe = self.inner.describe_action
        self.told = [
            (*told, describe(seat, chosen, viewer)) for viewer, told in enumerate(self.told)
        ]
        self.public = (*self.public, describe(seat, chosen, None))
        self.inner.apply(seat, chosen)
        if seat >= 0:
            self.last_seat = seat

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(self.spiel_game.chance.at(int(action)))
        if player == pyspiel.PlayerId.SIMULTANEOUS:
            joint = self._joint(action)
            return f"[{', '.join(self._action_to_string(p, a) for p, a in enumerate(joint))}]"
        if action == self.spiel_game.wait:
            return "wait"
        if self.spiel_game.simultaneous and action == self.spiel_game.no_action:
            return "no action"
        return str(self.spiel_game.actions.at(int(action)))

    def is_terminal(self) -> bool:
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        return self.inner.returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any
    ) -> MolehavenSpielState:
        """A state ``player_id`` cannot tell from this one, hidden parts drawn anew (IS-MCTS).

        ``probability_sampler()`` gives a number in [0, 1) (OpenSpiel's convention); it seeds
        the engine's own draw among everything the rules allow. The copy tells nothing
        ``player_id`` does not know: the engine's record (every chance outcome, hidden ones
        too) is left behind, as a search sample's is (``SeatView.sample_state``), and every
        other seat's recall is what a spectator was told, since what they were told in
        private belongs to the true world, not to the one drawn.
        """
        seed = int(float(probability_sampler()) * 2**32)
        inner = self.inner.resample_hidden(player_id, random.Random(seed))
        inner._history = None
        copy = MolehavenSpielState(self.spiel_game, inner)
        copy.last_seat = self.last_seat
        copy.told = [
            told if seat == player_id else self.public for seat, told in enumerate(self.told)
        ]
        copy.public = self.public
        copy.waited, copy.waited_at = self.waited, self.waited_at
        return copy

    def __str__(self) -> str:
        # OpenSpiel's ``ToString`` is the whole state, hidden parts included (as its poker
        # games show every card), so two states a seat cannot tell apart still print apart.
        # The engine's own text is that, and far cheaper than the public board the envs'
        # ``render()`` lays out with Rich, which ``random_sim_test`` asked for at every step.
        return str(self.inner)


class MolehavenObserver:
    """OpenSpiel's observer protocol over ``observation(seat)`` and the seat's tensor, or,
    ``public_only``, over the spectator's ``observation(None)`` with no tensor (``None``,
    OpenSpiel's way of saying so)."""

    def __init__(
        self, game: MolehavenSpielGame, *, perfect_recall: bool, public_only: bool = False
    ) -> None:
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.public_only = public_only
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if not public_only:
            self.tensor = np.zeros(self.encoder.shape, np.float32)
            self.dict["observation"] = self.tensor

    def set_from(self, state: MolehavenSpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.encoder.encode_state(state.inner, player)

    def string_from(self, state: MolehavenSpielState, player: int) -> str:
        viewer = None if self.public_only else player
        text = json.dumps(state.inner.observation(viewer), sort_keys=True, ensure_ascii=False)
        if self.perfect_recall:
            told = state.public if self.public_only else state.told[player]
            return "\n".join((text, *told))
        return text


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for slug in molehaven.list_games():
        name = spiel_name(slug)
        if name in registered:
            continue
        game_class = type(
            f"MolehavenSpielGame_{slug.replace('-', '_')}", (MolehavenSpielGame,), {"slug": slug}
        )
        pyspiel.register_game(_game_type(slug), game_class)


_register()
