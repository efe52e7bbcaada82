"""The lab's outputs: a self-contained HTML report with plots, a CSV of every game and a JSON
summary. Plots are drawn with matplotlib's object API (no global pyplot state) and embedded
as PNG data, so the page opens anywhere, offline."""

from __future__ import annotations

import base64
import csv
import dataclasses
import html
import io
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from molehaven.sim.lab import GameMetrics
from molehaven.sim.lab_metrics import CURVE_POINTS
from molehaven.sim.lab_stats import (
    ACTIONS,
    BRANCHING,
    LEAD_CHANGES,
    REAL_CHOICES,
    SHARED_WINS,
    TURNS,
    WINNER_LEADS,
    PairedDifference,
    VariantSummary,
    alike_text,
    pairs_alike_in_every_game,
)
from molehaven.sim.stats import NO_SD, Distribution, Estimate, wilson_interval

if TYPE_CHECKING:
    from matplotlib.axis import Axis
    from matplotlib.figure import Figure

COLOURS = ("#1f6f8b", "#e07a1f", "#4a9a3b", "#b0413e", "#7a5aa6", "#8c6d31", "#d4589c", "#555")
METHOD = (
    "Game k of every variant is played on the same seed (common random numbers): chance and "
    "the agents draw from the same streams and the seats hold the same agents. Win shares per "
    "variant carry Wilson 95% intervals (a k-way draw counts 1/k for each); other means carry "
    "normal-approximation 95% intervals. A difference between two variants is taken game by "
    "game and its 95% interval is the normal approximation on those paired differences."
)


def _figure(width: float, height: float) -> Figure:
    # matplotlib takes about a second to import: every command of the CLI, the server among
    # them, would pay it at start-up, and only a lab report draws.
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height))


def _integer_ticks(axis: Axis) -> None:
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(integer=True))


def _png(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def _colour(number: int) -> str:
    return COLOURS[number % len(COLOURS)]


def plot_win_shares(summaries: Sequence[VariantSummary]) -> Figure:
    figure = _figure(7, 3.6)
    axes = figure.subplots()
    players = len(summaries[0].win_shares)
    width = 0.8 / len(summaries)
    for number, summary in enumerate(summaries):
        xs = [seat + (number - (len(summaries) - 1) / 2) * width for seat in range(players)]
        means = [share.mean for share in summary.win_shares]
        errors = [
            [share.mean - share.low for share in summary.win_shares],
            [share.high - share.mean for share in summary.win_shares],
        ]
        axes.bar(
            xs, means, width, yerr=errors, capsize=3, label=summary.name, color=_colour(number)
        )
    axes.axhline(1 / players, color="#444", linestyle="--", linewidth=1, label="even share")
    axes.set_xticks(range(players), [f"seat {seat}" for seat in range(players)])
    axes.set_ylabel("win share (95% interval)")
    # Up to a little over the highest interval, not always to 1: at 8 players every bar sat
    # in the panel's bottom sixth and seats could not be told apart (a designer's walk).
    highest = max(share.high for summary in summaries for share in summary.win_shares)
    axes.set_ylim(0, min(1.0, max(highest, 1 / players) * 1.15))
    axes.set_title("Win share per seat")
    axes.legend(fontsize="small")
    return figure


LINE_STYLES = ("-", "--", ":", "-.")
MOST_BINS = 40


def _line_style(number: int) -> str:
    return LINE_STYLES[number % len(LINE_STYLES)]


def length_bins(lengths: Sequence[int]) -> list[int]:
    """Histogram edges for whole-number lengths: every bin holds the same count of lengths.

    Splitting the range into a fixed number of bins gave some bins two lengths and their
    neighbours one, a saw-tooth (and gaps) that the games never had.
    """
    low, high = min(lengths), max(lengths)
    per_bin = math.ceil((high - low + 1) / MOST_BINS)
    return list(range(low, high + per_bin + 1, per_bin))


def plot_lengths(results: Sequence[GameMetrics], variants: Sequence[str]) -> Figure:
    figure = _figure(7, 3.6)
    axes = figure.subplots()
    lengths = {
        name: [game.actions for game in results if game.variant == name] for name in variants
    }
    edges = length_bins([value for values in lengths.values() for value in values])
    for number, name in enumerate(variants):
        # Each variant has its own dash, so one that plays exactly like another still shows
        # under it instead of vanishing (a rule that changes nothing is a common finding).
        axes.hist(
            lengths[name],
            bins=edges,
            histtype="step",
            linewidth=1.8,
            linestyle=_line_style(number),
            label=name,
            color=_colour(number),
        )
    _integer_ticks(axes.yaxis)
    axes.set_xlabel("actions per game (chance included)")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    axes.legend(fontsize="small")
    return figure


def _curve_label(summary: VariantSummary) -> str:
    """A variant's name, and over how many games its margin curve runs if a draw or a
    shared win (no one winner to follow) left some out."""
    if summary.sole_wins == summary.games:
        return summary.name
    return f"{summary.name} ({summary.sole_wins} of {summary.games} games: one winner)"


def plot_lead(summaries: Sequence[VariantSummary], results: Sequence[GameMetrics]) -> Figure:
    figure = _figure(9, 3.6)
    margin_axes, change_axes = figure.subplots(1, 2)
    progress = [100 * point / (CURVE_POINTS - 1) for point in range(CURVE_POINTS)]
    for number, summary in enumerate(summaries):
        if summary.margin_curve is not None:
            margin_axes.plot(
                progress,
                summary.margin_curve,
                marker="o",
                markersize=3,
                linestyle=_line_style(number),
                label=_curve_label(summary),
                color=_colour(number),
            )
    margin_axes.axhline(0, color="#444", linewidth=0.8)
    margin_axes.set_xlabel("share of the decisions made (%)")
    margin_axes.set_ylabel("winner's score minus best other")
    margin_axes.set_title("Score margin of the eventual winner")
    margin_axes.legend(fontsize="small")
    most = max((game.lead_changes for game in results), default=0)
    width = 0.8 / len(summaries)
    for number, summary in enumerate(summaries):
        games = [game for game in results if game.variant == summary.name]
        counts = [
            sum(game.lead_changes == k for game in games) / len(games) for k in range(most + 1)
        ]
        xs = [k + (number - (len(summaries) - 1) / 2) * width for k in range(most + 1)]
        change_axes.bar(xs, counts, width, label=summary.name, color=_colour(number))
    _integer_ticks(change_axes.xaxis)
    # With one count only (no game changed its leader, as where scores come only at the end)
    # the bars spread over the whole panel under ticks of -0.4 … 0.4.
    change_axes.set_xlim(-0.6, most + 0.6)
    if most == 0:
        change_axes.set_xticks([0])
    change_axes.legend(fontsize="small")
    change_axes.set_xlabel("lead changes in a game")
    change_axes.set_ylabel("share of games")
    change_axes.set_title("Lead changes" + (": no game changed its leader" if most == 0 else ""))
    return figure


def plot_differences(differences: Sequence[PairedDifference]) -> Figure | None:
    shown = [d for d in differences if d.metric.endswith("win share") and not math.isnan(d.low)]
    if not shown:
        return None
    figure = _figure(7, 0.45 * len(shown) + 1.2)
    axes = figure.subplots()
    for row, difference in enumerate(shown):
        axes.errorbar(
            [difference.mean],
            [row],
            xerr=[[difference.mean - difference.low], [difference.high - difference.mean]],
            fmt="o",
            color=_colour(0),
            capsize=3,
        )
    axes.axvline(0, color="#444", linestyle="--", linewidth=1)
    axes.set_yticks(range(len(shown)), [f"{d.first} − {d.second}: {d.metric}" for d in shown])
    axes.invert_yaxis()
    axes.set_xlabel("paired difference (95% interval)")
    axes.set_title("Win share differences between variants")
    return figure


# ------------------------------------------------------------------------------- tables


def _estimate(value: Estimate | None, digits: int = 3) -> str:
    if value is None:
        return "—"
    if math.isnan(value.low):  # a mean of one game
        return f"{value.mean:.{digits}f} (1 game: no interval)"
    return f"{value.mean:.{digits}f} ({value.low:.{digits}f}–{value.high:.{digits}f})"


def summary_rows(summary: VariantSummary) -> list[tuple[str, str]]:
    rows = [("games", str(summary.games))]
    for seat, share in enumerate(summary.win_shares):
        rows.append((f"seat {seat} win share", _estimate(share)))
    # The seat-0 share's own interval, moved by the even share: the figure that answers "does
    # the first player have an advantage?" needs its interval as much as the share does.
    even = 1 / len(summary.win_shares)
    first = summary.win_shares[0]
    rows.append(
        (
            "first-seat advantage (seat 0 share − even share)",
            f"{_signed(summary.first_seat_advantage)}"
            f" ({_signed(first.low - even)} to {_signed(first.high - even)})",
        )
    )
    for seat, rank in enumerate(summary.average_ranks):
        rows.append((f"seat {seat} average rank", _estimate(rank, 2)))
    rows.append((SHARED_WINS, _estimate(wilson_interval(summary.draws, summary.games))))
    rows.append((f"{ACTIONS}: {DISTRIBUTION}", _distribution(summary.actions)))
    rows.append((f"{TURNS}: {DISTRIBUTION}", _distribution(summary.turns)))
    rows.append(
        (
            "how games ended",
            ", ".join(f"{end} {_percent(share)}" for end, share in summary.end_shares.items()),
        )
    )
    rows.append((WINNER_LEADS, _estimate(summary.decided_from, 2) + _left_out(summary)))
    rows.append((LEAD_CHANGES, _estimate(summary.lead_changes, 2)))
    rows.append((BRANCHING, _estimate(summary.branching, 1)))
    rows.append((REAL_CHOICES, _estimate(summary.choice_share, 2)))
    for key, value in summary.extras.items():
        rows.append((key, _estimate(value, 2)))
    return rows


def _left_out(summary: VariantSummary) -> str:
    """Which games the lead measure leaves out, and why, if any: it describes a winner who
    ends alone at the top of the scores, and a share over fewer games than the row above
    says must not pass for all of them."""
    shared = summary.games - summary.sole_wins
    reasons = []
    if summary.won_behind:
        reasons.append(f"{summary.won_behind} won without leading on score at the end")
    if shared:
        reasons.append(f"{shared} shared or drawn")
    if not reasons:
        return ""
    counted = summary.sole_wins - summary.won_behind
    return f"; over {counted} of {summary.games} games ({', '.join(reasons)})"


def _signed(value: float) -> str:
    """A difference to three places with its sign; one that rounds to nothing is +0.000, not
    "-0.000"."""
    text = f"{value:+.3f}"
    return "+0.000" if text == "-0.000" else text


def _percent(share: float) -> str:
    """A share as a whole percentage, never rounded to 0% or 100% unless it is: "won 100%,
    the round limit 0%" read as if the limit was never reached when it was, once."""
    if 0 < share < 0.005:
        return "<1%"
    if 0.995 <= share < 1:
        return ">99%"
    return f"{share:.0%}"


def side_by_side(summaries: Sequence[VariantSummary]) -> list[tuple[str, ...]]:
    """One row per metric, one column per variant ('—' where a variant lacks the metric)."""
    rows = [dict(summary_rows(summary)) for summary in summaries]
    metrics = list(dict.fromkeys(metric for variant_rows in rows for metric in variant_rows))
    return [
        (metric, *(variant_rows.get(metric, "—") for variant_rows in rows)) for metric in metrics
    ]


DISTRIBUTION = "mean, sd, min, median, max"  # the layout of ``_distribution``'s text


def _distribution(value: Distribution) -> str:
    mean, spread, *rest = (
        f"{number:.1f}"
        for number in (value.mean, value.stdev, value.minimum, value.median, value.maximum)
    )
    if math.isnan(value.stdev):  # one game: no spread to measure, as means have no interval
        return ", ".join([mean, "—", *rest]) + f" ({NO_SD})"
    return ", ".join([mean, spread, *rest])


def difference_rows(differences: Sequence[PairedDifference]) -> list[tuple[str, ...]]:
    return [
        (
            f"{d.first} − {d.second}",
            d.metric,
            str(d.games),
            "—" if math.isnan(d.mean) else _signed(d.mean),
            "—" if math.isnan(d.low) else f"{_signed(d.low)} to {_signed(d.high)}",
            d.note,
        )
        for d in differences
    ]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem auto; max-width: 64rem;
       padding: 0 1rem; color: #1d1d1d; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: left; vertical-align: top; }
thead th { background: #f1efe8; }
img { max-width: 100%; height: auto; display: block; margin: 0.75rem 0; }
.variants { display: flex; flex-wrap: wrap; gap: 1.5rem; }
.meta { color: #555; }
.notice { border-left: 4px solid #b0413e; background: #fbeeee; padding: 0.5rem 0.75rem; }
"""


def figures(
    summaries: Sequence[VariantSummary],
    differences: Sequence[PairedDifference],
    results: Sequence[GameMetrics],
) -> list[tuple[str, str, Figure]]:
    """Every plot of a report: (file stem, title, figure)."""
    variants = [summary.name for summary in summaries]
    drawn = [
        ("win-shares", "Win share per seat", plot_win_shares(summaries)),
        ("lengths", "Game length", plot_lengths(results, variants)),
        ("lead", "Lead and score margin", plot_lead(summaries, results)),
    ]
    forest = plot_differences(differences)
    if forest is not None:
        drawn.append(("differences", "Paired differences in win share", forest))
    return drawn


def save_plots(
    folder: Path,
    summaries: Sequence[VariantSummary],
    differences: Sequence[PairedDifference],
    results: Sequence[GameMetrics],
) -> list[Path]:
    """Write every plot as a PNG file in ``folder``; returns the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for stem, _, figure in figures(summaries, differences, results):
        path = folder / f"{stem}.png"
        figure.savefig(path, format="png", dpi=100, bbox_inches="tight")
        paths.append(path)
    return paths


def render_html(
    meta: Mapping[str, object],
    summaries: Sequence[VariantSummary],
    differences: Sequence[PairedDifference],
    results: Sequence[GameMetrics],
    *,
    notice: str | None = None,
    agents: Sequence[str] = (),
) -> str:
    """The report page; ``notice`` is a warning shown above everything else (e.g. that
    ``--until-ci``'s width was not reached); ``agents``, one per seat, for the notice on
    variants that measured alike (``alike_text``)."""
    variants = [summary.name for summary in summaries]
    warning = f'<p class="notice">{html.escape(notice)}</p>' if notice else ""
    images = "".join(
        f'<img alt="{html.escape(title)}" src="data:image/png;base64,{_png(figure)}">'
        for _, title, figure in figures(summaries, differences, results)
    )
    meta_rows = [(key, str(value)) for key, value in meta.items()]
    variant_tables = _table(("metric", *variants), side_by_side(summaries))
    pairs = (
        _table(
            ("pair", "metric", "games", "difference", "95% interval", "note"),
            difference_rows(differences),
        )
        if differences
        else "<p>One variant: nothing to compare.</p>"
    )
    alike = "".join(
        f'<p class="notice">{html.escape(alike_text(*pair, agents))}</p>'
        for pair in pairs_alike_in_every_game(differences)
    )
    title = f"Molehaven lab: {meta.get('game', '')}"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>{STYLE}</style></head><body>
<h1>{html.escape(title)}</h1>
{warning}{_table(("setting", "value"), meta_rows)}
<p class="meta">{html.escape(METHOD)}</p>
<h2>Plots</h2>{images}
<h2>Each variant (95% intervals)</h2>{variant_tables}
<h2>Paired differences</h2>{alike}{pairs}
</body></html>
"""


def write_csv(path: Path, results: Sequence[GameMetrics]) -> None:
    """One row per game: variant, index, per-seat returns, scores and ranks, and metrics."""
    players = len(results[0].returns) if results else 0
    extra_names = sorted({key for game in results for key in game.extras})
    header = [
        "variant",
        "game",
        "actions",
        "turns",
        "end",
        "lead_changes",
        "winner_leads_from",
        "branching",
        "choice_share",
    ]
    header += [f"{kind}_{seat}" for kind in ("return", "score", "rank") for seat in range(players)]
    header += extra_names
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        for game in results:
            writer.writerow(
                [
                    game.variant,
                    game.index,
                    game.actions,
                    game.turns,
                    game.end,
                    game.lead_changes,
                    "" if game.winner_leads_from is None else f"{game.winner_leads_from:.4f}",
                    f"{game.branching:.4f}",
                    f"{game.choice_share:.4f}",
                    *game.returns,
                    *game.scores,
                    *game.ranks,
                    *(game.extras.get(key, "") for key in extra_names),
                ]
            )


def summary_json(
    meta: Mapping[str, object],
    summaries: Sequence[VariantSummary],
    differences: Sequence[PairedDifference],
    *,
    until_ci: Mapping[str, object] | None = None,
) -> str:
    """The summary as JSON; ``until_ci`` (target, reached, widest, games per variant) is
    included when the run stopped on an interval width."""

    def clean(value: object) -> object:
        if isinstance(value, float) and math.isnan(value):
            return None
        if isinstance(value, dict):
            return {key: clean(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [clean(item) for item in value]
        return value

    data = {
        "meta": dict(meta),
        "variants": [clean(dataclasses.asdict(summary)) for summary in summaries],
        "differences": [clean(dataclasses.asdict(difference)) for difference in differences],
    }
    if until_ci is not None:
        data["until_ci"] = dict(until_ci)
    return json.dumps(data, indent=2, ensure_ascii=False)
