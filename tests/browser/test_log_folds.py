"""The move log folds a run of four or more chance events behind its first line, which offers
to show the rest ("+4 more chance events") and to hide them again. Each drawing of the page
folds the whole log again; it used to take the fold off every line and put it back, a style
pass over a thousand lines or more at each update of a long game, and each pass left a space
on a run's first line. A fixed log, given to a live table page in place of its game's."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, expect

import molehaven
from molehaven.core import CHANCE, JSONValue
from tests.browser.pages import (
    click_only,
    fill_bots_and_start,
    open_table,
    show_a_fixed_position,
)
from tests.server.live_server import LiveServer

# What happens to the log's lines from now on: class and tabindex changes, lines or toggles
# added or taken away.
WATCH_THE_LOG = """() => {
    window.logChanges = [];
    new MutationObserver((records) => {
        for (const record of records) {
            window.logChanges.push(record.type === "attributes"
                ? `${record.attributeName} of line ${record.target.dataset.n}`
                : `${record.addedNodes.length} added, ${record.removedNodes.length} removed`);
        }
    }).observe(document.querySelector("#log"), {
        attributes: true, attributeFilter: ["class", "tabindex"], childList: true, subtree: true,
    });
}"""


def chance(n: int) -> JSONValue:
    return {"n": n, "seat": CHANCE, "text": None, "describe": None}


def move(n: int, seat: int) -> JSONValue:
    who = "Ann" if seat == 0 else "Bea"  # as the server writes the log: names in place
    return {"n": n, "seat": seat, "text": "mole e4", "describe": f"{who} moved"}


def test_a_run_of_chance_events_folds_and_opens_and_a_drawing_leaves_the_lines_alone(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    state = molehaven.make("mole-hill", 2).initial_state()
    log = [move(0, 0), move(1, 1), *map(chance, range(2, 7)), move(7, 0)]
    log += [chance(n) for n in range(8, 11)]  # three: too few to fold
    page = open_table(browser, server, "mole-hill", players=2)
    fill_bots_and_start(page)
    legal = sorted(str(action) for action in state.legal_actions(0))
    show_a_fixed_position(page, state.observation(0), legal, log=log)
    lines = page.locator("#log li")
    expect(lines).to_have_count(len(log))
    folded = page.locator("#log li.folded")
    expect(folded).to_have_count(4)
    assert [int(n or -1) for n in folded.evaluate_all("ls => ls.map(l => l.dataset.n)")] == [
        3,
        4,
        5,
        6,
    ]
    for n in range(3, 7):
        expect(lines.nth(n)).to_be_hidden()
    toggle = page.locator("#log .fold-toggle")
    expect(toggle).to_have_count(1)  # the run of three is not folded
    expect(lines.nth(2).locator(".fold-toggle")).to_have_text("+4 more chance events")
    first_line = lines.nth(2).inner_text()

    # A drawing that changes nothing in the log (the page draws Ann's move on its way) leaves
    # its lines as they are.
    page.evaluate(WATCH_THE_LOG)
    assert click_only(page, legal[0])
    expect(page.locator("#turn")).to_have_text("Sending your move…")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))")
    assert page.evaluate("() => window.logChanges") == []
    assert lines.nth(2).inner_text() == first_line

    # Opened from the keyboard: the four show, and the toggle keeps the focus to close them.
    toggle.focus()
    page.keyboard.press("Enter")
    expect(folded).to_have_count(0)
    expect(toggle).to_have_text("hide the chance events")
    expect(toggle).to_be_focused()
    page.keyboard.press("Enter")
    expect(folded).to_have_count(4)
    expect(toggle).to_have_text("+4 more chance events")
    expect(toggle).to_be_focused()
    assert lines.nth(2).inner_text() == first_line
    page.locator("#log").screenshot(path=str(tmp_path / "log-folded.png"))
    print("screenshot in", tmp_path)
    assert page.errors == []  # type: ignore[attr-defined]
