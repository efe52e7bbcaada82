"""The designer's lab: common random numbers, paired statistics, Ray, reports (issue 17)."""

from __future__ import annotations

import csv
import dataclasses
import errno
import itertools
import json
import math
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

import molehaven
from molehaven.agents import Agent, RandomAgent
from molehaven.cli import lab as lab_cli
from molehaven.cli.main import app
from molehaven.core import CHANCE
from molehaven.games import REGISTRY
from molehaven.sim import lab as lab_module
from molehaven.sim.driver import play_game
from molehaven.sim.lab import (
    GameMetrics,
    LocalRunner,
    RayRunner,
    Variant,
    check_reachable,
    lab_games,
    play_lab_game,
    run_lab,
)
from molehaven.sim.lab_metrics import (
    Tracker,
    game_extras,
    lead_changes,
    leads_for_good_from,
    margin_curve,
    ranks,
    turns_taken,
)
from molehaven.sim.lab_report import (
    difference_rows,
    length_bins,
    plot_lead,
    plot_lengths,
    plot_win_shares,
    render_html,
    side_by_side,
    summary_json,
    summary_rows,
)
from molehaven.sim.lab_stats import (
    WINNER_LEADS,
    alike_text,
    compare,
    paired_difference,
    pairs_alike_in_every_game,
    summarise,
    widest_interval,
)
from molehaven.sim.stats import Estimate, wilson_interval

runner = CliRunner()
TWO = ("random", "random")


def play(variants: list[Variant], games: int, seed: int = 5, jobs: int = 1) -> list[GameMetrics]:
    specs = lab_games(
        "mole-hill", players=2, variants=variants, agents=TWO, seed=seed, indices=range(games)
    )
    return run_lab(LocalRunner(jobs), specs)


def test_two_identical_variants_differ_by_exactly_zero() -> None:
    """Common random numbers: game k of each variant has the same seed and agents, so two
    copies of one rule set play identical games and every paired difference is 0 exactly."""
    results = play([Variant("a", {"rounds": 1}), Variant("b", {"rounds": 1})], games=40)
    differences = compare(results, ["a", "b"])
    assert differences
    for difference in differences:
        if math.isnan(difference.mean):
            continue
        assert (difference.mean, difference.low, difference.high) == (0.0, 0.0, 0.0)
        assert difference.note == "identical in every game"


def test_different_rules_pair_game_by_game_and_narrow_the_interval() -> None:
    """A real rule change shows in the paired metrics: one round is shorter than two."""
    results = play([Variant("two", {}), Variant("one", {"rounds": 1})], games=120)
    two = summarise("two", [r for r in results if r.variant == "two"])
    one = summarise("one", [r for r in results if r.variant == "one"])
    assert two.extras["rounds"].mean == 2.0
    assert one.extras["rounds"].mean == 1.0
    actions = next(d for d in compare(results, ["two", "one"]) if d.metric == "actions per game")
    assert actions.mean > 0  # a two-round match is longer than one round
    assert actions.low > 0
    assert 0 < widest_interval(results, ["two", "one"]) < 1


def test_common_random_numbers_narrow_a_small_rule_change() -> None:
    """A small rule change leaves most games unchanged, so its paired interval is far
    narrower than either variant's own win-share interval: what common random numbers buy."""
    results = play([Variant("jump", {}), Variant("nojump", {"centre_start_jump": False})], 120)
    own = summarise("jump", [r for r in results if r.variant == "jump"]).win_shares[0]
    assert widest_interval(results, ["jump", "nojump"]) < (own.high - own.low) / 3


def test_the_same_seed_gives_the_same_numbers_whatever_the_jobs() -> None:
    variants = [Variant("jump", {}), Variant("nojump", {"centre_start_jump": False})]
    single = play(variants, games=30, seed=9, jobs=1)
    double = play(variants, games=30, seed=9, jobs=2)
    assert single == double
    meta = {"seed": 9}
    summaries = [summarise(v.name, [r for r in single if r.variant == v.name]) for v in variants]
    assert summary_json(meta, summaries, compare(single, ["jump", "nojump"])) == summary_json(
        meta,
        [summarise(v.name, [r for r in double if r.variant == v.name]) for v in variants],
        compare(double, ["jump", "nojump"]),
    )


@pytest.mark.slow
def test_ray_gives_the_same_results_as_a_local_run() -> None:
    variants = [Variant("park", {}), Variant("short", {"round_limit": 10})]
    specs = lab_games(
        "mole-park", players=2, variants=variants, agents=TWO, seed=4, indices=range(12)
    )
    local = run_lab(LocalRunner(1), specs)
    ray_runner = RayRunner("local", cpus=2)
    try:
        on_ray = run_lab(ray_runner, specs)
    finally:
        ray_runner.close()
    assert on_ray == local


def test_lead_metrics_on_a_known_score_history() -> None:
    history = [(0.0, 0.0), (1.0, 0.0), (1.0, 2.0), (3.0, 2.0), (5.0, 2.0)]
    assert lead_changes(history) == 2  # seat 0 leads, then seat 1, then seat 0 again
    assert leads_for_good_from(history, 0) == 3 / 4  # from step 3 of 0-4 on
    assert margin_curve(history, 0)[0] == 0.0
    assert margin_curve(history, 0)[-1] == 3.0
    assert ranks((5.0, 2.0, 2.0), (1.0, 0.0, 0.0)) == (1.0, 2.5, 2.5)


def test_the_lead_share_leaves_out_a_winner_not_alone_on_top_of_the_scores() -> None:
    """A winner level on score at the end (a tie broken otherwise) or behind (a win by other
    means) has no share after which they lead: it read 1.0, "only at the end"."""
    assert leads_for_good_from([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)], 1) is None
    assert leads_for_good_from([(0.0, 0.0), (1.0, 0.0), (2.0, 1.0)], 1) is None
    assert leads_for_good_from([(0.0, 0.0), (1.0, 0.0), (2.0, 1.0)], 0) == 1 / 2


def test_lead_measures_count_decisions_not_dice() -> None:
    """The share of the game is a share of the seats' decisions: Die Maulwurf Company's disc
    draws (chance) stretched "the game" between one decision and the next."""
    tracker = Tracker()
    game = REGISTRY.make("maulwurf-company", 2)
    rng = random.Random(2)
    state = play_game(game, [RandomAgent(1), RandomAgent(2)], rng, observer=tracker)
    assert any(seat == CHANCE for seat, _ in state.history())
    assert len(tracker.scores) == turns_taken(state) + 1  # each decision, and the end


def test_the_lead_row_and_margin_curve_say_which_games_they_leave_out() -> None:
    results = play([Variant("v", {})], games=20)
    sole = [index for index, game in enumerate(results) if game.sole_winner is not None]
    drawn = len(results) - len(sole)
    for index in sole[:2]:
        results[index] = dataclasses.replace(results[index], winner_leads_from=None)
    summary = summarise("v", results)
    assert (summary.won_behind, summary.sole_wins) == (2, len(sole))
    row = dict(summary_rows(summary))[WINNER_LEADS]
    expected = f"; over {len(sole) - 2} of 20 games (2 won without leading on score at the end"
    assert expected in row
    assert (f"{drawn} shared or drawn" in row) == (drawn > 0)
    legend = plot_lead([summary], results).axes[0].get_legend()
    label = legend.get_texts()[0].get_text()
    assert label == (f"v ({len(sole)} of 20 games: one winner)" if drawn else "v")


def test_paired_difference_notes_a_small_unresolved_sample() -> None:
    results = play([Variant("a", {}), Variant("b", {"centre_start_jump": False})], games=12)
    grouped = {name: [r for r in results if r.variant == name] for name in ("a", "b")}
    difference = paired_difference(grouped["a"], grouped["b"], "actions", lambda g: g.actions)
    assert difference.games == 12
    assert difference.note.startswith("only 12 games: a rough interval")


def test_a_few_games_never_read_as_certain() -> None:
    """One game gives no interval at all (it showed one of width zero), and a few games that
    agree are still called few (they read 'the same difference in every game' alone)."""
    results = play([Variant("two", {}), Variant("one", {"rounds": 1})], games=1)
    rounds = {d.metric: d for d in compare(results, ["two", "one"])}["rounds"]
    assert (rounds.games, rounds.mean) == (1, 1.0)
    assert math.isnan(rounds.low) and math.isnan(rounds.high)
    assert rounds.note == "only 1 game: no interval"
    assert difference_rows([rounds])[0][3:] == ("+1.000", "—", "only 1 game: no interval")
    results = play([Variant("two", {}), Variant("one", {"rounds": 1})], games=5)
    rounds = {d.metric: d for d in compare(results, ["two", "one"])}["rounds"]
    assert rounds.note == "only 5 games: a rough interval; the same difference in every game"


def test_a_variant_of_one_game_shows_its_means_with_no_interval(tmp_path: Path) -> None:
    """Each variant's means of one game read "1.00 (1.00–1.00)", an interval of width zero
    that looks certain, where the paired differences already said "no interval"."""
    results = play([Variant("v", {})], games=1)
    summary = summarise("v", results)
    assert math.isnan(summary.average_ranks[0].low) and math.isnan(summary.branching.high)
    rows = dict(side_by_side([summary]))
    assert rows["seat 0 average rank"].endswith("(1 game: no interval)")
    assert rows["lead changes"].endswith("(1 game: no interval)")
    assert "no interval" not in rows["seat 0 win share"]  # Wilson's interval holds for one
    data = json.loads(summary_json({}, [summary], []))
    assert data["variants"][0]["average_ranks"][0]["low"] is None
    out = tmp_path / "one.json"
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "1", "-j", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.lstrip().startswith("mole-hill: 1 game per variant,")  # not "1 games"
    assert "no interval" in result.output


def test_a_variant_of_one_game_shows_no_standard_deviation() -> None:
    """ "actions per game" of one game read "66.0, 0.0, 66.0, ...": an sd of 0.0, as if the
    games never varied, where one game has no spread to measure."""
    summary = summarise("v", play([Variant("v", {})], games=1))
    assert math.isnan(summary.actions.stdev) and math.isnan(summary.turns.stdev)
    rows = dict(side_by_side([summary]))
    actions = rows["actions per game: mean, sd, min, median, max"]
    mean = f"{summary.actions.mean:.1f}"
    assert actions == f"{mean}, —, {mean}, {mean}, {mean} (1 game: no sd)"
    assert json.loads(summary_json({}, [summary], []))["variants"][0]["actions"]["stdev"] is None
    two = dict(side_by_side([summarise("v", play([Variant("v", {})], games=2))]))
    assert "no sd" not in two["actions per game: mean, sd, min, median, max"]


def test_the_first_line_says_what_ran_not_what_jobs_allowed() -> None:
    """One game is played in this process whatever -j is; the line said "2 local processes"."""
    one = runner.invoke(app, ["lab", "mole-hill", "-n", "1", "-j", "2"])
    assert one.exit_code == 0, one.output
    text = " ".join(one.output.split())
    assert ", 1 local process (too few games for workers)," in text
    three = " ".join(runner.invoke(app, ["lab", "mole-hill", "-n", "3", "-j", "2"]).output.split())
    assert ", 2 local processes," in three


def test_intervals_reach_past_the_games_seen_up_to_what_is_possible() -> None:
    """Seat 0 ranked 1, 1.5 and 1.5 (1.5: a shared win): its mean rank may well be above 1.5,
    and the interval used to stop at the highest rank seen."""
    (game,) = play([Variant("v", {})], games=1)
    games = [
        dataclasses.replace(game, ranks=(rank, 3 - rank), choice_share=share, lead_changes=0)
        for rank, share in [(1.0, 0.5), (1.5, 1.0), (1.5, 1.0)]
    ]
    summary = summarise("v", games)
    seat_0 = summary.average_ranks[0]
    assert seat_0.mean == pytest.approx(4 / 3)
    assert 1.5 < seat_0.high < 2
    assert summary.choice_share.high == 1.0  # nor a share above 1
    assert summary.lead_changes == Estimate(0.0, 0.0, 0.0)
    # A game's own figures are bounded too: counts at 0, shares at 0 and 1 (with no bound at
    # all, The Mole's conviction rate of 0, 0 and 1 read -0.32 to 0.99).
    rated = summarise(
        "v",
        [
            dataclasses.replace(game, extras={"conviction rate": rate, "rounds": rate})
            for rate in (0.0, 0.0, 1.0)
        ],
    )
    assert rated.extras["conviction rate"].low == 0.0
    assert rated.extras["rounds"].low == 0.0
    low_rate = summarise(
        "v",
        [dataclasses.replace(game, extras={"conviction rate": rate}) for rate in (1.0, 1.0, 0.0)],
    )
    assert low_rate.extras["conviction rate"].high == 1.0


def test_lab_command_writes_report_csv_and_json(tmp_path: Path) -> None:
    report, table, summary = tmp_path / "lab.html", tmp_path / "games.csv", tmp_path / "s.json"
    result = runner.invoke(
        app,
        [
            "lab", "mole-hill", "-v", "two", "-v", "one=rounds=1", "-n", "20", "-j", "1",
            "--seed", "2", "--report", str(report), "--csv", str(table), "--json", str(summary),
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "paired differences" in result.output
    page = report.read_text()
    assert page.count("data:image/png;base64,") >= 3
    rows = list(csv.DictReader(table.open()))
    assert len(rows) == 40
    assert {row["variant"] for row in rows} == {"two", "one"}
    data = json.loads(summary.read_text())
    assert [variant["name"] for variant in data["variants"]] == ["two", "one"]
    assert data["meta"]["games per variant"] == 20


def test_repeated_agents_fill_the_seats_in_order_as_a_comma_list_does(tmp_path: Path) -> None:
    """A second -a used to replace the first: greedy played every seat."""
    summaries = []
    for agents in (["-a", "random", "-a", "greedy"], ["-a", "random,greedy"]):
        summary = tmp_path / f"{len(agents)}.json"
        result = runner.invoke(
            app, ["lab", "mole-hill", "-n", "2", "-j", "1", *agents, "--json", str(summary)]
        )
        assert result.exit_code == 0, result.output
        summaries.append(json.loads(summary.read_text())["meta"]["agents"])
    assert summaries == ["seat 0: random, seat 1: greedy"] * 2


def test_until_ci_stops_once_the_interval_is_narrow_enough() -> None:
    result = runner.invoke(
        app,
        ["lab", "mole-hill", "-v", "a", "-v", "b=rounds=1", "-n", "1000", "-j", "1",
         "--until-ci", "10"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "100 games per variant" in result.output
    assert "--until-ci 10 reached: the widest 95% interval is" in " ".join(result.output.split())
    # What was compared is said with the tables (a designer's walk found it only in files).
    assert "agents: seat 0: random, seat 1: random" in result.output
    assert "variants: a: defaults; b: rounds=1" in result.output


def test_until_ci_says_plainly_when_games_ran_out_first(tmp_path: Path) -> None:
    report, summary = tmp_path / "lab.html", tmp_path / "lab.json"
    result = runner.invoke(
        app,
        ["lab", "mole-hill", "-v", "a", "-v", "b=rounds=1", "-n", "20",
         "-j", "1", "--until-ci", "0.01", "--report", str(report), "--json", str(summary)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert "--until-ci 0.01 not reached within -n 20: the widest 95% interval is 0." in words
    assert "wider than 0.01; try a larger -n (about " in words
    status = json.loads(summary.read_text())["until_ci"]
    assert status["reached"] is False
    assert status["target"] == 0.01
    assert status["widest"] > 0.01
    assert status["games per variant"] == 20
    assert '<p class="notice">--until-ci 0.01 not reached within -n 20' in report.read_text()


def test_too_few_games_for_any_interval_is_said_too() -> None:
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "1", "-j", "1", "--until-ci", "0.5"])
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert "--until-ci 0.5 not reached: 1 game per variant cannot measure an interval" in words


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["-v", "x=rounds=7"], "rounds"),
        (["-v", "x=nonsense=1"], "unknown option 'nonsense'"),
        (["-v", "=rounds=1"], "a variant is NAME=option=value"),
        # The name forgotten, the option read as the name (was: "write options as name=value,
        # got '1'").
        (["-v", "rounds=1"], "'rounds=1' has no name before the option; give one, e.g. -v mine="),
        (["-v", "a", "-v", "a"], "variant names must differ"),
        (["-v", "x=rounds=1,rounds=2"], "option 'rounds' given twice (1, then 2)"),
        (["-v", "x=rounds=1,centre-start-jump=no,centre_start_jump=yes"], "given twice"),
        (["--agents", "random,genius"], "unknown agent 'genius'; choose from random, mcts"),
        (["-a", "genius"], "unknown agent 'genius'"),
        (
            ["-a", "random,random,random"],
            "give one --agents for all seats, or one per seat (2); got 3: random, random, random",
        ),
        (
            ["-a", "random,greedy", "-a", "random"],
            "one per seat (2); got 3: random, greedy, random",
        ),
        (["--budget", "0"], "--budget must be a positive number of seconds, got 0.0"),
    ],
)
def test_bad_lab_input_is_one_clear_line(arguments: list[str], message: str) -> None:
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "2", "-j", "1", *arguments])
    assert result.exit_code == 1
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_report_html_escapes_names() -> None:
    results = play([Variant("<b>", {})], games=3)
    page = render_html({"game": "mole-hill"}, [summarise("<b>", results)], [], results)
    assert "<b>" not in page.replace("<body>", "")
    assert "&lt;b&gt;" in page


def test_end_conditions_are_read_from_each_games_final_view() -> None:
    """MP-35: a Mole Park game cut short by its round limit ends on totals, not the crown."""
    results = play_slug("mole-park", [Variant("short", {"round_limit": 2})], games=3)
    assert {game.end for game in results} == {"the round limit was reached"}
    mole = play_slug("the-mole", [Variant("tm", {"target_score": 2})], games=3, players=3)
    assert all(0 <= game.extras["conviction rate"] <= 1 for game in mole)


def test_turns_by_the_rules_are_each_games_own_count_of_turns() -> None:
    """MC-25 (``turns``: completed turns) and MM-40 (the turn counter), read from the final
    public view. One Mole Majority turn is several seat actions (a card, moves, breeds, the
    end), so "turns per game", which counts seat actions, overstates it."""
    rng = random.Random(4)
    for slug, options, field in (
        ("maulwurf-company", {"max_turns": 40}, "turns"),
        ("mole-majority", {"turn_limit": 8}, "turn"),
    ):
        state = molehaven.make(slug, 2, **options).initial_state()
        while not state.is_terminal():
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state.apply(CHANCE, rng.choices(*zip(*outcomes, strict=True))[0])
            else:
                seat = state.to_move()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        counted = game_extras(state)["turns by the rules"]
        assert counted == getattr(state, field) >= 1, slug
        if slug == "mole-majority":
            assert counted < turns_taken(state)


def play_slug(
    slug: str, variants: list[Variant], games: int, players: int = 2
) -> list[GameMetrics]:
    specs = lab_games(
        slug, players=players, variants=variants, agents=("random",) * players, seed=3,
        indices=range(games),
    )  # fmt: skip
    return run_lab(LocalRunner(1), specs)


@pytest.fixture
def closed_port() -> Iterator[int]:
    """A loopback port that refuses connections: bound here, never listening."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        yield holder.getsockname()[1]


def test_a_ray_address_nobody_answers_at_fails_at_once(closed_port: int) -> None:
    """Ray itself would retry for many minutes, printing a warning every few seconds."""
    started = time.monotonic()
    result = runner.invoke(
        app, ["lab", "mole-hill", "-n", "10", "--ray", f"127.0.0.1:{closed_port}"]
    )
    assert time.monotonic() - started < 10
    assert result.exit_code == 1
    assert result.output.strip() == (
        f"error: cannot reach Ray at 127.0.0.1:{closed_port}: connection refused"
    )


def test_a_ray_address_that_is_not_host_and_port_is_refused() -> None:
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "10", "--ray", "nowhere"])
    assert result.exit_code == 1
    assert "a Ray address is host:port, ray://host:port, auto or local; got 'nowhere'" in (
        result.output
    )


def test_a_ray_client_address_is_checked_too(closed_port: int) -> None:
    with pytest.raises(ConnectionError, match="connection refused"):
        check_reachable(f"ray://127.0.0.1:{closed_port}", seconds=2)


def test_error_lines_are_printed_as_written() -> None:
    """``bogus:1234: reason`` once printed as ``bogus🔢 reason`` (``:1234:`` is a Rich emoji
    code), and brackets would have been read as markup."""
    result = runner.invoke(app, ["lab", "mole-hill", "-n", "1", "--agents", "[b]:1234:"])
    assert result.exit_code == 1
    assert "unknown agent '[b]:1234:'" in result.output


@pytest.mark.parametrize("trials", [1, 3, 7, 10, 30])
def test_a_win_share_interval_holds_its_share_even_at_the_ends(trials: int) -> None:
    """At a share of 1, rounding put the upper end below it and the plot of the report
    failed ('yerr' must not contain negative values)."""
    for successes in (0, trials):
        share = wilson_interval(successes, trials)
        assert share.low <= share.mean <= share.high


def test_plots_of_a_seat_that_won_every_game(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["lab", "mole-hill", "-n", "3", "-j", "1", "--plots", str(tmp_path / "plots")]
    )
    assert result.exit_code == 0, result.output
    assert "1.000 (0.439–1.000)" in result.output  # seat 0 won all 3 (seed 0)
    assert (tmp_path / "plots" / "win-shares.png").exists()


@pytest.mark.parametrize(("low", "high"), [(24, 86), (94, 665), (3, 9), (500, 500), (0, 39)])
def test_length_bins_hold_the_same_number_of_whole_lengths(low: int, high: int) -> None:
    """Forty equal bins over 24-86 held one or two lengths each: a false saw-tooth."""
    edges = length_bins([low, high])
    widths = {right - left for left, right in itertools.pairwise(edges)}
    assert len(widths) == 1 and widths.pop() >= 1
    assert edges[0] == low and edges[-2] <= high < edges[-1]
    assert len(edges) - 1 <= 40


def test_a_variant_that_plays_like_another_still_shows_in_the_line_plots() -> None:
    """Two identical variants drew the same line in different colours: the second hid the
    first. Each now has its own dash."""
    results = play([Variant("a", {}), Variant("b", {}), Variant("c", {"rounds": 1})], games=10)
    axes = plot_lengths(results, ["a", "b", "c"]).axes[0]
    styles = [patch.get_linestyle() for patch in axes.patches]
    assert len(styles) == 3 and len(set(styles)) == 3
    summaries = [summarise(name, [r for r in results if r.variant == name]) for name in "abc"]
    margin_axes = plot_lead(summaries, results).axes[0]
    assert len({line.get_linestyle() for line in margin_axes.get_lines()[:3]}) == 3


def test_the_report_writes_option_values_as_they_are_typed(tmp_path: Path) -> None:
    """'centre_start_jump=False' (Python's spelling) was shown for what is typed as false."""
    summary = tmp_path / "s.json"
    arguments = ["lab", "mole-hill", "-v", "a", "-v", "b=centre-start-jump=no,rounds=1"]
    result = runner.invoke(app, [*arguments, "-n", "2", "-j", "1", "--json", str(summary)])
    assert result.exit_code == 0, result.output
    variants = json.loads(summary.read_text())["meta"]["variants"]
    assert variants == "a: defaults; b: centre_start_jump=false, rounds=1"


def test_budget_gives_search_agents_that_many_seconds_per_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[tuple[str, float | None]] = []
    real_make_agent = lab_module.make_agent

    def recording_make_agent(name: str, seed: int | None, seconds: float | None = None) -> Agent:
        asked.append((name, seconds))
        return real_make_agent(name, seed, seconds)

    monkeypatch.setattr(lab_module, "make_agent", recording_make_agent)
    (spec,) = lab_games(
        "mole-hill",
        players=2,
        variants=[Variant("one", {"rounds": 1})],
        agents=("mcts", "random"),
        seed=3,
        indices=range(1),
        budget=0.002,
    )
    play_lab_game(spec)
    assert asked == [("mcts", 0.002), ("random", 0.002)]


def test_a_budget_leaves_agents_without_one_exactly_reproducible() -> None:
    """random and greedy take no budget: with --budget their games are the same as without,
    and the same for any number of jobs."""
    variants = [Variant("two", {}), Variant("one", {"rounds": 1})]

    def played(budget: float | None, jobs: int) -> list[GameMetrics]:
        specs = lab_games(
            "mole-hill",
            players=2,
            variants=variants,
            agents=("greedy", "random"),
            seed=4,
            indices=range(6),
            budget=budget,
        )
        return run_lab(LocalRunner(jobs), specs)

    assert played(0.01, jobs=1) == played(None, jobs=1) == played(0.01, jobs=2)


def test_lab_budget_reads_as_the_arenas_and_is_reported(tmp_path: Path) -> None:
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    helps = {
        command: {param.name: getattr(param, "help", None) for param in commands[command].params}
        for command in ("lab", "arena")
    }
    assert helps["lab"]["budget"] == helps["arena"]["budget"]
    caveat = "(with a time budget, search agents also depend on the machine's speed)"
    assert caveat in helps["lab"]["seed"] and caveat in helps["arena"]["seed"]
    summary = tmp_path / "summary.json"
    arguments = ["lab", "mole-hill", "-v", "one=rounds=1", "-a", "mcts", "-n", "1", "-j", "1"]
    result = runner.invoke(app, [*arguments, "--budget", "0.002", "--json", str(summary)])
    assert result.exit_code == 0, result.output
    assert "0.002 s per decision" in result.output
    assert json.loads(summary.read_text())["meta"]["time budget"] == "0.002 s per decision"


def test_both_tables_name_each_figure_alike() -> None:
    """The paired differences use the per-variant table's names ('share of decisions with a
    real choice' in both, not 'share of turns with a choice' in one), and a shared win or
    draw is a share of games in both (a count beside a difference of shares read wrong)."""
    names = ["two", "one"]
    results = play([Variant("two", {}), Variant("one", {"rounds": 1})], games=4)
    summaries = [summarise(name, [r for r in results if r.variant == name]) for name in names]
    rows = {row[0]: row[1:] for row in side_by_side(summaries)}
    # A per-variant name may go on to say how its value is laid out ('…: mean, sd, …').
    variant_names = {name.split(":")[0] for name in rows}
    paired_names = {difference.metric for difference in compare(results, names)}
    assert paired_names <= variant_names, paired_names - variant_names
    shares = tuple(f"{summary.draws / summary.games:.3f} (" for summary in summaries)
    shown = rows["share of games with a shared win or draw"]
    assert all(text.startswith(share) for text, share in zip(shown, shares, strict=True))


def test_variants_alike_in_every_game_are_named_with_what_to_try() -> None:
    """A limit no game reaches changes no figure: the lab says so once per pair, in the
    terminal and on the report, instead of leaving a designer to read rows of zeros."""
    result = runner.invoke(
        app,
        [
            "lab", "mole-hill", "-v", "twice", "-v", "again=rounds=2", "-v", "once=rounds=1",
            "-n", "12", "-j", "1", "--report", "/dev/null",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "twice and again measured the same in all 12 games" in said
    assert "twice and once measured" not in said and "again and once measured" not in said
    assert said.count("measured the same in all") == 1
    # Random agents never notice a rule of what players see, however many games (a
    # designer's walk: reveal_home_tokens under random play was told to try more games).
    assert "The random agent ignores what it sees" in said
    assert "ignores what it sees" not in alike_text("a", "b", 12, ["random", "greedy"])


def test_only_pairs_alike_in_every_metric_and_game_are_alike() -> None:
    results = play([Variant("a", {"rounds": 1}), Variant("b", {"rounds": 1})], games=6)
    differences = compare(results, ["a", "b"])
    assert pairs_alike_in_every_game(differences) == [("a", "b", 6)]
    summaries = [summarise(name, [r for r in results if r.variant == name]) for name in "ab"]
    page = render_html({"game": "mole-hill"}, summaries, differences, results)
    assert "a and b measured the same in all 6 games" in page
    one_apart = [dataclasses.replace(differences[0], mean=0.5, low=0.5, high=0.5)]
    assert pairs_alike_in_every_game(one_apart + differences[1:]) == []
    one_game = [dataclasses.replace(d, games=1) for d in differences]
    assert pairs_alike_in_every_game(one_game) == []


def test_until_ci_never_stops_on_a_batch_in_which_no_game_differed() -> None:
    """Found in a designer's walk: when no game of the first batch was changed by the rule,
    every paired difference was 0, the interval's width 0, and the run stopped after 100
    games as "reached", though the rule moves the share in a longer run. A width measured
    from differences that never varied now counts as unbounded."""
    same = {
        "scores": (1.0, 0.0), "ranks": (1.0, 2.0), "actions": 40, "turns": 20, "end": "over",
        "lead_changes": 0, "winner_leads_from": 0.0, "margins": None, "branching": 3.0,
        "choice_share": 1.0, "extras": {},
    }  # fmt: skip
    games = [
        GameMetrics(variant=name, index=index, returns=(1.0, 0.0), **same)
        for index in range(100)
        for name in ("a", "b")
    ]
    assert widest_interval(games, ["a", "b"]) == math.inf
    games[-1] = dataclasses.replace(games[-1], returns=(0.0, 1.0))  # one game of b differs
    assert 0 < widest_interval(games, ["a", "b"]) < math.inf


def test_until_ci_says_when_the_variants_never_differed() -> None:
    result = runner.invoke(
        app,
        ["lab", "mole-hill", "-v", "a", "-v", "b", "-n", "10", "-j", "1", "--until-ci", "0.5"],
    )
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    assert "--until-ci 0.5 not reached: in 10 games per variant the variants' seat-0" in words
    assert "reached: the widest" not in words


def test_the_first_seat_advantage_has_its_interval_and_no_end_rounds_to_nothing() -> None:
    """A designer's walk: "does the first player have an advantage?" was answered with a bare
    number, and one game in 1,500 ending on the round limit read "round limit 0%"."""
    results = play([Variant("a", {})], games=40)
    summary = summarise("a", results)
    rows = dict(summary_rows(summary))
    share = summary.win_shares[0]
    advantage = rows["first-seat advantage (seat 0 share − even share)"]
    assert advantage == (
        f"{share.mean - 0.5:+.3f} ({share.low - 0.5:+.3f} to {share.high - 0.5:+.3f})"
    )
    rare = dataclasses.replace(summary, end_shares={"crown won": 0.999, "round limit": 0.001})
    assert dict(summary_rows(rare))["how games ended"] == "crown won >99%, round limit <1%"


def test_the_lead_changes_plot_reads_where_no_game_changed_its_leader() -> None:
    """A designer's walk: where every game had 0 lead changes, the panel's ticks read -0.4 …
    0.4 and the bars filled it; it had no legend of its own either."""
    results = play([Variant("a", {}), Variant("b", {"rounds": 1})], games=6)
    results = [dataclasses.replace(game, lead_changes=0) for game in results]
    summaries = [summarise(name, [r for r in results if r.variant == name]) for name in "ab"]
    changes = plot_lead(summaries, results).axes[1]
    assert list(changes.get_xticks()) == [0]
    assert changes.get_xlim() == (-0.6, 0.6)
    assert changes.get_title() == "Lead changes: no game changed its leader"
    legend = changes.get_legend()
    assert legend is not None and [t.get_text() for t in legend.get_texts()] == ["a", "b"]


def test_a_difference_too_small_to_show_is_not_given_a_count_of_games_or_a_minus_sign() -> None:
    """A designer's walk: "unresolved: ≈646,591,235 games would resolve a difference this
    size" beside a difference shown as +0.000, and intervals such as "-0.000 to +0.001"."""
    same = {
        "returns": (1.0, 0.0), "scores": (1.0, 0.0), "ranks": (1.0, 2.0), "actions": 40,
        "turns": 20, "end": "over", "lead_changes": 0, "winner_leads_from": 0.0,
        "margins": None, "choice_share": 1.0, "extras": {},
    }  # fmt: skip
    first = [GameMetrics(variant="a", index=i, branching=3.0, **same) for i in range(50)]
    second = [
        GameMetrics(
            variant="b",
            index=i,
            branching=3.0 + (0.01 if i % 2 else -0.01) + (5e-6 if i == 0 else 0),
            **same,
        )
        for i in range(50)
    ]
    difference = paired_difference(first, second, "branching", lambda game: game.branching)
    assert "too small a difference for any run to resolve" in difference.note
    assert "≈" not in difference.note
    (row,) = difference_rows([difference])
    assert "-0.000" not in row[3] + row[4]


def test_a_file_that_cannot_be_written_after_the_games_costs_only_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A designer's walk: one file that failed after the games (its folder removed meanwhile,
    a disk full) lost the tables and every file after it. The others are written, the
    tables printed, and the command fails naming the file."""

    def disk_full(path: Path, results: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(lab_cli, "write_csv", disk_full)
    games, summary = tmp_path / "games.csv", tmp_path / "lab.json"
    result = runner.invoke(
        app,
        ["lab", "mole-hill", "-n", "4", "-j", "1", "--csv", str(games), "--json", str(summary)],
    )
    assert result.exit_code == 1
    assert summary.exists()  # written after the CSV
    assert "seat 0 win share" in result.output  # the tables
    words = " ".join(result.output.split())
    assert f"error: cannot write {games}: no space left on device" in words


def test_the_win_share_plot_reaches_just_above_its_highest_interval() -> None:
    """A designer's walk: the axis always ran to 1, so at 8 players every bar sat in the
    bottom sixth of the panel."""
    summary = summarise("a", play([Variant("a", {})], games=20))
    share = Estimate(0.125, 0.05, 0.2)
    eight = dataclasses.replace(summary, win_shares=(share,) * 8)
    low, high = plot_win_shares([eight]).axes[0].get_ylim()
    assert (low, high) == (0, pytest.approx(0.2 * 1.15))
    low, high = plot_win_shares([summary]).axes[0].get_ylim()
    assert high <= 1.0
