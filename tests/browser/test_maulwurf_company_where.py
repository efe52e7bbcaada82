"""Die Maulwurf Company: where things are. The move log named points ("from -2+0 to +2+0")
the layer never showed: a line of the log pointed at marks its move on the layer, and the
legend can name the points. On a phone the layer's window cut movable moles in half at its
edge, and opened a finished game near. Fixed positions, drawn alone or given to a live table
page in place of its game's."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from molehaven.core import CHANCE, JSONValue, State, name_seats
from tests.browser.pages import (
    PHONE,
    fill_bots_and_start,
    open_page,
    open_table,
    show_a_fixed_position,
)
from tests.browser.test_maulwurf_company_reading import red_lifted_to_brown
from tests.browser.test_maulwurf_company_table import BOARD, DESKTOP, NAMES, SLUG, draw
from tests.games.maulwurf_company.helpers import (
    ALL_ROTATIONS_ZERO,
    EXAMPLE_SEAT_0,
    EXAMPLE_SEAT_1,
    apply_all,
    example_setup,
    new_game,
    position,
)
from tests.server.live_server import LiveServer

MARK = f"{BOARD} svg.mc-layer .mc-pointed"
NOTE = f"{BOARD} .mc-pointed-note"
BOARD_MODULE = f"/static/js/boards/{SLUG}.js"


def logged_game(moves: int = 3) -> tuple[State, list[JSONValue]]:
    """Rules example 1's setup and placements, then ``moves`` turns, each the first disc
    chance offers and the first move offered: the position and its move log, as the server
    writes it (every line public, MC-31)."""
    state = new_game(2)
    log: list[JSONValue] = []

    def play(seat: int, text: str) -> None:
        action = state.game.parse_action(text)
        words = name_seats(state.describe_action(seat, action, None), NAMES[:2])
        log.append({"n": len(log), "seat": seat, "text": text, "describe": words})
        state.apply(seat, action)

    placements = [
        f"{seat} place {point}"
        for pair in zip(EXAMPLE_SEAT_0, EXAMPLE_SEAT_1, strict=True)
        for seat, point in enumerate(pair)
    ]
    for entry in [*ALL_ROTATIONS_ZERO, "c start 0", *placements]:
        who, _, text = entry.partition(" ")
        play(CHANCE if who == "c" else int(who), text)
    moved = 0
    while moved < moves or 0 not in state.to_move():
        if state.is_chance():
            play(CHANCE, str(state.chance_outcomes()[0][0]))
            continue
        seat = state.to_move()[0]
        text = min(str(action) for action in state.legal_actions(seat))
        moved += text.startswith("move ")
        play(seat, text)
    return state, log


def mark_of(page: Page) -> dict[str, str] | None:
    marks = page.locator(MARK)
    if marks.count() == 0:
        return None
    return {
        "from": marks.get_attribute("data-from") or "",
        "to": marks.get_attribute("data-to") or "",
    }


def open_logged_table(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> tuple[Page, list[JSONValue]]:
    """A live table of Ann and a bot whose page shows Ann ``logged_game()``'s position and
    log (the bot plays on unseen)."""
    state, log = logged_game()
    page = open_table(browser, server, SLUG, viewport=viewport)
    fill_bots_and_start(page)
    legal = sorted(str(action) for action in state.legal_actions(0))
    show_a_fixed_position(page, state.observation(0), legal, log=log)
    expect(page.locator("#log li")).to_have_count(len(log))
    expect(page.locator(f"{BOARD} .mc-destination").first).to_be_attached()
    return page, log


def test_a_move_line_of_the_log_marks_its_move_on_the_layer(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """The log said "Ann moved a mole 3 steps south-west, from +3-3 to +0+0" and the layer
    showed no point's name. Hovering a move's line now marks its path on the layer, where the
    engine's words say it went; a placement's line its point; a chance line nothing, and the
    mark goes when the pointer leaves the log. The keyboard's focus on a line marks it too,
    and the arrows go from line to line. A live table page with a fixed position and log."""
    page, log = open_logged_table(browser, server, DESKTOP)
    lines = page.locator("#log li")
    entries = [entry for entry in log if isinstance(entry, dict)]
    moves = [e for e in entries if str(e["text"]).startswith("move ")]
    places = [e for e in entries if str(e["text"]).startswith("place ")]
    assert moves and places
    for entry in (moves[-1], moves[0]):
        words = str(entry["describe"])
        found = re.search(r"from (\S+) to ([^\s,;]+)", words)
        assert found, words
        line = lines.nth(int(str(entry["n"])))
        line.scroll_into_view_if_needed()
        line.hover()
        assert mark_of(page) == {"from": found[1], "to": found[2]}, words
        number = int(str(entry["n"])) + 1
        expect(page.locator(NOTE)).to_have_text(f"Move {number} is marked on the layer.")
        page.screenshot(path=str(tmp_path / f"maulwurf-company-log-hover-{entry['n']}.png"))
    placed = places[-1]
    lines.nth(int(str(placed["n"]))).hover()
    assert mark_of(page) == {"from": str(placed["text"]).split(" ")[1], "to": ""}
    chance = next(e for e in reversed(entries) if e["seat"] == CHANCE)
    lines.nth(int(str(chance["n"]))).hover()
    assert mark_of(page) is None
    expect(page.locator(NOTE)).to_have_count(0)
    page.locator("h1").hover()
    assert mark_of(page) is None
    # The keyboard: the log's line focused marks its move; Up goes to the line before.
    last = moves[-1]
    lines.nth(int(str(last["n"]))).focus()
    assert mark_of(page) is not None
    before = entries[int(str(last["n"])) - 1]
    page.keyboard.press("ArrowUp")
    expect(lines.nth(int(str(before["n"])))).to_be_focused()
    assert mark_of(page) is None  # the disc turned before it: no move of its own
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


def test_on_a_phone_a_tapped_log_line_brings_its_move_into_view(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """On a phone the log is screens below the layer, in a window of its own: a tap on a move's
    line marks it and brings the mark into view, inside the layer's window."""
    page, log = open_logged_table(browser, server, PHONE)
    entries = [entry for entry in log if isinstance(entry, dict)]
    move = next(e for e in entries if str(e["text"]).startswith("move "))
    line = page.locator("#log li").nth(int(str(move["n"])))
    line.scroll_into_view_if_needed()
    line.click()
    assert mark_of(page) is not None
    seen_now = f"""() => {{
        const mark = document.querySelector("{MARK} .mc-pointed-to").getBoundingClientRect();
        const view = document.querySelector("{BOARD} .mc-window").getBoundingClientRect();
        return {{mark: [mark.left, mark.top, mark.right, mark.bottom],
                 view: [view.left, view.top, view.right, view.bottom],
                 screen: [innerWidth, innerHeight]}};
    }}"""
    # The page and the layer's window may scroll smoothly: wait for the mark to arrive (a
    # fixed 200 ms wait would fail on a busy machine), then say where it is if it did not.
    in_view = f"""() => (seen => seen.mark[1] >= 0 && seen.mark[3] <= seen.screen[1]
        && seen.view[0] - 1 <= seen.mark[0] && seen.mark[2] <= seen.view[2] + 1)(({seen_now})())"""
    with contextlib.suppress(PlaywrightTimeoutError):  # the asserts say where it stayed
        page.wait_for_function(in_view, timeout=5_000)
    seen = page.evaluate(seen_now)
    left, top, right, bottom = seen["mark"]
    assert top >= 0 and bottom <= seen["screen"][1], seen
    assert seen["view"][0] - 1 <= left and right <= seen["view"][2] + 1, seen
    page.screenshot(path=str(tmp_path / "maulwurf-company-log-tap-390.png"))
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


LIFTS = "…; the {} layer is full and lifted away: …"
LOG_AT_BROWN: list[JSONValue] = [
    {"n": 0, "seat": 0, "text": "place +0+0", "describe": "Ann placed a mole on +0+0"},
    {"n": 1, "seat": -1, "text": "flip 3", "describe": "chance: Ann turns over a 3"},
    {"n": 2, "seat": 0, "text": "move -3+0 e", "describe": LIFTS.format("green")},
    {"n": 3, "seat": -1, "text": "flip 2", "describe": "chance: Bob turns over a 2"},
    {"n": 4, "seat": 1, "text": "move -2+0 e", "describe": LIFTS.format("red")},
    {"n": 5, "seat": -1, "text": "flip 1", "describe": "chance: Ann turns over a 1"},
    {"n": 6, "seat": 0, "text": "move -1+0 e", "describe": "Ann moved a mole 1 step east"},
]

HIGHLIGHT = f"""async ([n, log]) => {{
    const board = await import("{BOARD_MODULE}");
    board.highlightMove(n === null ? null : log[n], {{log}});
}}"""


@pytest.mark.draws_only
def test_a_logged_move_on_a_lifted_layer_says_where_it_was_and_the_points_can_be_named(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """A move made on a layer since lifted cannot be marked: the line above the layer says
    which layer it was on. One on the layer shown is marked, with the disc turned before it
    in the log. The legend's switch names every point of the layer as the log does."""
    _, after = red_lifted_to_brown()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    draw(page, after, 0)
    expect(page.locator(f"{BOARD}[data-layer='brown']")).to_have_count(1)
    page.evaluate(HIGHLIGHT, [0, LOG_AT_BROWN])
    expect(page.locator(NOTE)).to_have_text("Move 1 was on the green layer, lifted since.")
    assert mark_of(page) is None
    page.evaluate(HIGHLIGHT, [4, LOG_AT_BROWN])
    expect(page.locator(NOTE)).to_have_text("Move 5 was on the red layer, lifted since.")
    page.evaluate(HIGHLIGHT, [6, LOG_AT_BROWN])
    assert mark_of(page) == {"from": "-1+0", "to": "+0+0"}
    page.evaluate(HIGHLIGHT, [None, LOG_AT_BROWN])
    assert mark_of(page) is None
    expect(page.locator(NOTE)).to_have_count(0)
    expect(page.locator(f"{BOARD} .mc-info")).to_contain_text("Layer: brown")
    # The points' names, from the legend.
    page.locator(f"{BOARD} .mc-legend summary").click()
    page.get_by_label("Show the points' names, as the move log gives them").check()
    names = page.locator(f"{BOARD} svg.mc-layer .mc-point-names text")
    points = page.locator(f"{BOARD} svg.mc-layer [data-point]")
    expect(names).to_have_count(points.count())
    assert sorted(names.all_text_contents()) == sorted(
        points.evaluate_all("nodes => nodes.map(n => n.dataset.point)")
    )
    page.screenshot(path=str(tmp_path / "maulwurf-company-point-names-1280.png"))
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


# Which of your movable moles the phone's window cuts (partly in it), and what each side's cue
# says (null: not shown).
WINDOW_EDGES = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const view = board.querySelector(".mc-window").getBoundingClientRect();
    const cut = [...board.querySelectorAll("[data-mole]")].filter(mole => {{
        const body = mole.querySelector(".mc-mole-body").getBoundingClientRect();
        const inside = body.left >= view.left - 1 && body.right <= view.right + 1;
        const outside = body.right <= view.left + 1 || body.left >= view.right - 1;
        return !inside && !outside;
    }}).map(mole => mole.dataset.mole);
    const cue = side => {{
        const node = board.querySelector(`.mc-edge-${{side}}`);
        return node && node.offsetParent !== null ? node.textContent : null;
    }};
    return {{cut, left: cue("left"), right: cue("right")}};
}}"""


@pytest.mark.draws_only
def test_on_a_phone_no_movable_mole_is_cut_by_the_windows_edge_and_the_edge_says_more(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """At 390 x 844 green is drawn in a window that scrolls sideways, centred on the selected
    mole and its targets: a movable mole at the edge was cut in half, beside a faint shade,
    and missed. The window now also shows as many of your movable moles whole as it can with
    the selected one's targets; each side with more of the layer beyond it shows an arrow,
    and how many of your movable moles lie that way."""
    moles = {0: "+1+0 +5-2 -5+0", 1: "+0-5 -2+5"}
    state = apply_all(position(moles, layer="green", face_down={0: "1"}), "c flip 1")
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw(page, state, 0)
    expect(page.locator(f"{BOARD} .mc-mole.selected[data-at='+1+0']")).to_have_count(1)
    page.locator(f"{BOARD} .mc-window").scroll_into_view_if_needed()
    seen = page.evaluate(WINDOW_EDGES)
    assert seen == {"cut": [], "left": "‹1", "right": "›"}, seen
    page.screenshot(path=str(tmp_path / "maulwurf-company-window-edges-390.png"))
    # Scrolled by hand to the left end: the cue moves to the right.
    page.locator(f"{BOARD} .mc-window").evaluate("view => { view.scrollLeft = 0; }")
    expect(page.locator(f"{BOARD} .mc-edge-right")).to_have_text("›1")
    expect(page.locator(f"{BOARD} .mc-edge-left")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


@pytest.mark.draws_only
def test_on_a_phone_a_finished_game_shows_its_layer_whole(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """A game ended on green by the turn limit (rules example 10) opened near on a phone, a
    window's worth of it. Once over it opens whole, as Mole Majority's meadow does; the
    zoom still offers to come near."""
    played = "c flip 1, 0 move +3-3 sw, c flip 1, 1 move -5+3 e"  # rules example 10
    state = apply_all(example_setup(max_turns=2), played)
    assert state.is_terminal()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw(page, state, 0)
    stage = page.locator(f"{BOARD} .mc-stage")
    expect(stage).to_have_class(re.compile(r"\bwhole\b"))
    inside = page.evaluate(f"""() => {{
        const view = document.querySelector("{BOARD} .mc-window").getBoundingClientRect();
        return [...document.querySelectorAll("{BOARD} [data-point]")].every(point => {{
            const box = point.getBoundingClientRect();
            return box.left >= view.left - 1 && box.right <= view.right + 1;
        }});
    }}""")
    assert inside
    expect(page.get_by_role("button", name="Zoom in on the layer")).to_be_visible()
    page.screenshot(path=str(tmp_path / "maulwurf-company-over-390.png"), full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)
