"""The arena: a schedule of rotated seats over shared chance streams, reproducible from its
seed whatever the number of processes, ranked by win share, rank and rating."""

from __future__ import annotations

import pytest

from molehaven.sim.arena import (
    AgentStanding,
    ArenaGame,
    ArenaRecord,
    lineups,
    play_arena_game,
    ranks_of,
    run_arena,
    schedule,
)


def quick_specs(games: int = 2, seed: int = 5) -> list[ArenaGame]:
    return schedule(
        "mole-hill",
        ["greedy", "random"],
        players=None,
        games=games,
        seed=seed,
        options={"rounds": 1},
    )


def test_the_same_seed_replays_the_same_run_on_one_or_two_processes() -> None:
    one: list[ArenaRecord] = []
    two: list[ArenaRecord] = []
    run_arena(quick_specs(), jobs=1, on_record=one.append)
    run_arena(quick_specs(), jobs=2, on_record=two.append)
    assert [r.line() for r in one] == [r.line() for r in two]
    other: list[ArenaRecord] = []
    run_arena(quick_specs(seed=6), jobs=1, on_record=other.append)
    assert [r.record for r in other] != [r.record for r in one]


def test_seats_rotate_and_every_lineup_shares_the_chance_streams() -> None:
    """Game k of a lineup turns it by k seats; games k and k+1 of a 2-player lineup (both
    rotations) and game k of every lineup draw chance from the same stream."""
    specs = schedule("mole-park", ["greedy", "random", "mcts"], players=2, games=2, seed=1)
    assert [s.seats for s in specs[:2]] == [("greedy", "random"), ("random", "greedy")]
    assert {s.lineup for s in specs} == {0, 1, 2}
    random_only = [
        play_arena_game(
            ArenaGame(
                s.slug, 2, s.options, s.index, s.lineup, s.round, ("random", "random"), s.seed, None
            )
        )
        for s in specs
        if s.round == 0
    ]
    openings = [record.record["actions"][:6] for record in random_only]  # type: ignore[index]
    assert openings[0] == openings[1] == openings[2]  # king and the first deal, before any choice


def test_lineups_cover_every_table_and_pairs_fill_larger_tables() -> None:
    assert lineups(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert lineups(["a", "b"], 3) == [("a", "b", "a"), ("b", "a", "b")]
    assert len(lineups(["a", "b", "c", "d"], 3)) == 4


def test_ranks_break_ties_by_score_and_share_exact_ties() -> None:
    assert ranks_of([1.0, 0.0, 0.0], [5.0, 7.0, 3.0]) == (1.0, 2.0, 3.0)
    assert ranks_of([0.5, 0.5, 0.0], [4.0, 4.0, 1.0]) == (1.5, 1.5, 3.0)


def test_summary_counts_wins_ranks_meetings_and_ratings() -> None:
    summary = run_arena(quick_specs(games=4))
    assert summary.games == 4
    greedy, random_agent = summary.standings["greedy"], summary.standings["random"]
    assert greedy.games == random_agent.games == 4
    assert greedy.wins + random_agent.wins == pytest.approx(4)
    ahead = summary.head_to_head("greedy", "random").mean
    assert ahead + summary.head_to_head("random", "greedy").mean == pytest.approx(1)
    assert (greedy.mu > random_agent.mu) == (greedy.wins > random_agent.wins)
    assert (
        next(s.name for s in summary.table())
        == max(summary.standings.values(), key=lambda s: s.ordinal).name
    )


@pytest.mark.parametrize(
    ("agents", "games", "budget", "message"),
    [
        (["greedy"], 1, None, "at least two agents"),
        (["greedy", "greedy"], 1, None, "named twice"),
        (["greedy", "genius"], 1, None, "unknown agent 'genius'"),
        (["greedy", "random"], 0, None, "at least 1"),
        (["greedy", "random"], 1, 0.0, "positive"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(
    agents: list[str], games: int, budget: float | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        schedule("mole-hill", agents, players=None, games=games, seed=0, budget=budget)


def test_an_average_rank_interval_reaches_past_the_ranks_seen_to_the_last_seat() -> None:
    """It used to stop at the highest rank seen: 1.01-1.50 for ranks 1, 1.5 and 1.5."""
    standing = AgentStanding("hard", games=3, ranks=[1.0, 1.5, 1.5])
    rank = standing.average_rank(3)
    assert 1.5 < rank.high < 2
    assert AgentStanding("hard", games=2, ranks=[2.0, 3.0]).average_rank(3).high == 3
