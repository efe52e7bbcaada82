"""The lab's HTML report renders in a real browser with its plots (issue 17)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from molehaven.sim.lab import LocalRunner, Variant, lab_games, run_lab
from molehaven.sim.lab_report import render_html
from molehaven.sim.lab_stats import compare, summarise


def test_the_lab_report_renders_with_its_plots(browser: Browser, tmp_path: Path) -> None:
    variants = [Variant("jump", {}), Variant("nojump", {"centre_start_jump": False})]
    specs = lab_games(
        "mole-hill", players=2, variants=variants, agents=("random", "random"), seed=1,
        indices=range(30),
    )  # fmt: skip
    results = run_lab(LocalRunner(1), specs)
    names = [variant.name for variant in variants]
    summaries = [summarise(name, [r for r in results if r.variant == name]) for name in names]
    report = tmp_path / "lab.html"
    report.write_text(
        render_html({"game": "mole-hill"}, summaries, compare(results, names), results)
    )
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(report.as_uri())
        loaded = page.evaluate(
            "() => [...document.images].map(image => image.complete && image.naturalWidth > 0)"
        )
        assert len(loaded) == 4
        assert all(loaded)
        headings = page.locator("h2").all_inner_texts()
        assert headings[:2] == ["Plots", "Each variant (95% intervals)"]
        assert page.locator("table").count() >= 3
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 1280  # no horizontal scrolling
        artifacts = Path("test-artifacts")
        artifacts.mkdir(exist_ok=True)
        page.screenshot(path=str(artifacts / "lab-report-1280.png"), full_page=True)
    finally:
        page.close()
