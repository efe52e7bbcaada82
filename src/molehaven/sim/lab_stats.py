"""The lab's statistics: per-variant summaries and paired differences between variants.

Intervals are 95%. Win shares per variant use Wilson's interval; means use the normal
approximation. A difference between two variants is computed game by game (game ``k`` of
each variant shares its seed), and its interval is the normal approximation on those paired
differences, which is what common random numbers make narrow.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from molehaven.sim.lab import GameMetrics
from molehaven.sim.lab_metrics import AT_LEAST_0, CURVE_POINTS, SHARE, extra_range
from molehaven.sim.stats import Z_95, Distribution, Estimate, mean_interval, wilson_interval

FEW_GAMES = 30

# Each figure's name, one for the per-variant table and the paired differences alike (and so
# for the report, the JSON's ``metric`` and docs/lab.md): a designer reads across the two.
SHARED_WINS = "share of games with a shared win or draw"
ACTIONS = "actions per game"
TURNS = "turns per game"
WINNER_LEADS = "winner leads for good from (share of the decisions)"
LEAD_CHANGES = "lead changes"
BRANCHING = "branching factor (legal actions per decision)"
REAL_CHOICES = "share of decisions with a real choice"


@dataclass(frozen=True, slots=True)
class VariantSummary:
    name: str
    games: int
    win_shares: tuple[Estimate, ...]
    first_seat_advantage: float
    average_ranks: tuple[Estimate, ...]
    draws: int
    actions: Distribution
    turns: Distribution
    end_shares: dict[str, float]
    decided_from: Estimate | None
    # Games with one winner whom no share describes (not the sole leader on score at the
    # end), which ``decided_from`` leaves out, as it and ``margin_curve`` leave out draws.
    won_behind: int
    sole_wins: int
    lead_changes: Estimate
    margin_curve: tuple[float, ...] | None
    branching: Estimate
    choice_share: Estimate
    extras: dict[str, Estimate]


@dataclass(frozen=True, slots=True)
class PairedDifference:
    """``first`` minus ``second`` for one metric, over the games both variants played."""

    first: str
    second: str
    metric: str
    games: int
    mean: float
    low: float
    high: float
    note: str

    @property
    def width(self) -> float:
        return self.high - self.low


def _mean_interval(values: Sequence[float], possible: tuple[float, float]) -> Estimate:
    """A mean with its interval; of one value, with no interval (NaN ends, shown as such):
    one game shows no spread, and a zero-width interval would read as certainty, as the
    paired differences already say."""
    if len(values) == 1:
        return Estimate(values[0], math.nan, math.nan)
    return mean_interval(values, possible)


def summarise(name: str, games: Sequence[GameMetrics]) -> VariantSummary:
    if not games:
        raise ValueError(f"variant {name!r} has no games")
    players = len(games[0].returns)
    decided = [game.winner_leads_from for game in games if game.winner_leads_from is not None]
    curves = [game.margins for game in games if game.margins is not None]
    ends = Counter(game.end for game in games)
    extra_names = sorted({key for game in games for key in game.extras})
    win_shares = tuple(
        wilson_interval(sum(game.returns[seat] for game in games), len(games))
        for seat in range(players)
    )
    return VariantSummary(
        name=name,
        games=len(games),
        win_shares=win_shares,
        first_seat_advantage=win_shares[0].mean - 1 / players,
        average_ranks=tuple(
            _mean_interval([game.ranks[seat] for game in games], (1, players))
            for seat in range(players)
        ),
        draws=sum(sum(share > 0 for share in game.returns) > 1 for game in games),
        actions=Distribution.of([float(game.actions) for game in games]),
        turns=Distribution.of([float(game.turns) for game in games]),
        end_shares={end: count / len(games) for end, count in ends.most_common()},
        decided_from=_mean_interval(decided, SHARE) if decided else None,
        won_behind=len(curves) - len(decided),
        sole_wins=len(curves),
        lead_changes=_mean_interval([float(game.lead_changes) for game in games], AT_LEAST_0),
        margin_curve=(
            tuple(
                statistics.fmean(curve[point] for curve in curves) for point in range(CURVE_POINTS)
            )
            if curves
            else None
        ),
        branching=_mean_interval([game.branching for game in games], AT_LEAST_0),
        choice_share=_mean_interval([game.choice_share for game in games], SHARE),
        extras={
            key: _mean_interval(
                [game.extras[key] for game in games if key in game.extras], extra_range(key)
            )
            for key in extra_names
        },
    )


def _mean_curve(curves: Sequence[tuple[float, ...]]) -> tuple[float, ...]:
    return tuple(
        statistics.fmean(curve[point] for curve in curves) for point in range(CURVE_POINTS)
    )


Metric = Callable[[GameMetrics], float | None]


def paired_metrics(players: int, extra_names: Sequence[str]) -> dict[str, Metric]:
    """The metrics compared game by game between two variants."""
    metrics: dict[str, Metric] = {}
    for seat in range(players):
        metrics[f"seat {seat} win share"] = _seat_share(seat)
    for seat in range(players):
        metrics[f"seat {seat} average rank"] = _seat_rank(seat)
    metrics[SHARED_WINS] = lambda game: float(sum(share > 0 for share in game.returns) > 1)
    metrics[ACTIONS] = lambda game: float(game.actions)
    metrics[TURNS] = lambda game: float(game.turns)
    metrics[WINNER_LEADS] = lambda game: game.winner_leads_from
    metrics[LEAD_CHANGES] = lambda game: float(game.lead_changes)
    metrics[BRANCHING] = lambda game: game.branching
    metrics[REAL_CHOICES] = lambda game: game.choice_share
    for key in extra_names:
        metrics[key] = _extra(key)
    return metrics


def _seat_share(seat: int) -> Metric:
    return lambda game: game.returns[seat]


def _seat_rank(seat: int) -> Metric:
    return lambda game: game.ranks[seat]


def _extra(key: str) -> Metric:
    return lambda game: game.extras.get(key)


def paired_difference(
    first: Sequence[GameMetrics], second: Sequence[GameMetrics], metric: str, value: Metric
) -> PairedDifference:
    """``first`` minus ``second`` on ``metric``, pairing games by index (the same seed)."""
    by_index = {game.index: game for game in second}
    differences = []
    for game in first:
        twin = by_index.get(game.index)
        if twin is None:
            continue
        mine, theirs = value(game), value(twin)
        if mine is not None and theirs is not None:
            differences.append(mine - theirs)
    names = (first[0].variant if first else "?", second[0].variant if second else "?")
    if not differences:
        return PairedDifference(*names, metric, 0, math.nan, math.nan, math.nan, "no games")
    mean = statistics.fmean(differences)
    if len(differences) < 2:
        # One pair shows no spread to measure; a zero-width interval would read as certainty.
        return PairedDifference(
            *names, metric, 1, mean, math.nan, math.nan, "only 1 game: no interval"
        )
    spread = statistics.stdev(differences)
    margin = Z_95 * spread / math.sqrt(len(differences))
    return PairedDifference(
        *names,
        metric,
        len(differences),
        mean,
        mean - margin,
        mean + margin,
        _note(len(differences), mean, spread, margin),
    )


# Beyond this many games a paired difference is called too small to resolve, not counted.
MOST_GAMES_TOLD = 1_000_000


def _note(games: int, mean: float, spread: float, margin: float) -> str:
    notes = []
    if games < FEW_GAMES:
        # Said even when every game agreed: a handful of equal differences is no proof.
        notes.append(f"only {games} games: a rough interval")
    if spread == 0.0:
        same = "identical in every game" if mean == 0.0 else "the same difference in every game"
        return "; ".join([*notes, same])
    if abs(mean) <= margin:
        if mean != 0.0:
            needed = math.ceil((Z_95 * spread / abs(mean)) ** 2)
            if needed > MOST_GAMES_TOLD:  # "≈646,591,235 games" for a difference shown as 0
                notes.append("unresolved: too small a difference for any run to resolve")
            else:
                notes.append(f"unresolved: ≈{needed:,} games would resolve a difference this size")
        else:
            notes.append("unresolved")
    return "; ".join(notes)


def compare(results: Sequence[GameMetrics], variants: Sequence[str]) -> list[PairedDifference]:
    """Every pair of variants on every paired metric."""
    grouped = {name: [game for game in results if game.variant == name] for name in variants}
    players = len(results[0].returns) if results else 0
    extra_names = sorted({key for game in results for key in game.extras})
    metrics = paired_metrics(players, extra_names)
    return [
        paired_difference(grouped[first], grouped[second], metric, value)
        for first, second in combinations(variants, 2)
        for metric, value in metrics.items()
    ]


def pairs_alike_in_every_game(
    differences: Sequence[PairedDifference],
) -> list[tuple[str, str, int]]:
    """The pairs of variants whose every paired metric came out the same in every game (at
    least two), with their game count: the rules they differ in never changed a figure, so
    their differences measure nothing about those rules."""
    by_pair: dict[tuple[str, str], list[PairedDifference]] = {}
    for difference in differences:
        by_pair.setdefault((difference.first, difference.second), []).append(difference)
    return [
        (first, second, max(d.games for d in pair))
        for (first, second), pair in by_pair.items()
        if all(d.games >= 2 and d.mean == d.low == d.high == 0.0 for d in pair)
    ]


def alike_text(first: str, second: str, games: int, agents: Sequence[str] = ()) -> str:
    """The notice for two variants that measured the same in every game; ``agents`` (one
    per seat) lets it say when the agents cannot notice the rule at all."""
    text = (
        f"{first} and {second} measured the same in all {games} games: with these agents and"
        " seeds the rules they differ in never changed a figure. Try more games (-n), other"
        " agents (-a), more players or a larger change."
    )
    if agents and all(agent == "random" for agent in agents):
        # A designer's walk: reveal_home_tokens under random play, told to try more games.
        text += (
            " The random agent ignores what it sees: a rule that changes only what players"
            " see (a token shown face up) never changes its play, however many games; agents"
            " that look (-a easy) can show it."
        )
    return text


def widest_interval(results: Sequence[GameMetrics], variants: Sequence[str]) -> float:
    """What ``--until-ci`` watches: the widest 95% interval of the seat-0 win share (for one
    variant) or of its paired differences (for several).

    A pair whose games all differed alike (most often: not one game changed by the rule, so
    every difference is 0) has a normal interval of width 0, which says nothing about how
    often a later game would differ: it counts as unbounded, so the run goes on (found in a
    designer's walk: a rule that moves the share stopped a run after 100 games as "reached").
    Variants that never differ run to ``-n``, and the lab's notice says they measured alike."""
    grouped = {name: [game for game in results if game.variant == name] for name in variants}
    if any(len(games) < 2 for games in grouped.values()):
        return math.inf
    if len(variants) == 1:
        share = summarise(variants[0], grouped[variants[0]]).win_shares[0]
        return share.high - share.low
    widths = [
        paired_difference(grouped[a], grouped[b], "seat 0 win share", lambda g: g.returns[0]).width
        for a, b in combinations(variants, 2)
    ]
    return max(math.inf if width == 0 else width for width in widths)
