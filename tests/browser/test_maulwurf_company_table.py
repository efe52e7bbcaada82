"""People play Die Maulwurf Company on the drawn table, by clicks only.

The board offers exactly the seat's legal actions: places as points, a move as a mole (which
only selects) and then a destination carrying the full legal action, the bonus flip as a
prompt. A person plays a whole short game against a bot; two people play until the green
layer is lifted, which the page shows as a sequence. Screenshots at 1280 and 390 px are saved
in each test's ``tmp_path`` (the paths are printed) for people to look at.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import molehaven
from molehaven.core import State
from tests.browser.pages import (
    MOVE_OFFERED_AT,
    NEXT_TURN,
    PHONE,
    VERSION_ABOVE,
    click_only,
    draw_alone,
    fill_bots_and_start,
    open_page,
    open_table,
    resize,
    until,
    version,
    wait_for,
)
from tests.games.maulwurf_company.helpers import apply_all, example_setup, position
from tests.games.maulwurf_company.test_examples import example_6_state
from tests.server.live_server import LiveServer

SLUG = "maulwurf-company"
DESKTOP = {"width": 1280, "height": 800}
BOARD = "[data-board='maulwurf-company']"
FULL_CHECKS = 3  # move turns on which every mole is selected in turn
SIDEWAYS = {"width": 844, "height": 390}  # a phone on its side
TOUCH_PX = 40  # the least width of a touch area on a phone (Mole Majority's too)


def create_short_table(
    page: Page, server: LiveServer, max_turns: int, *, tournament: bool = False
) -> str:
    """The lobby's form with a small turn limit (MC-25), so that a game takes seconds."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(f"#game option[value='{SLUG}']", state="attached")
    page.select_option("#game", SLUG)
    page.fill("#option-max_turns", str(max_turns))
    page.set_checked("#option-tournament", tournament)
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return page.url.rsplit("/", 1)[-1]


def record_state(page: Page, table_id: str) -> molehaven.core.State:  # type: ignore[name-defined]
    origin = page.url.split("/tables/")[0]
    response = page.request.get(f"{origin}/api/tables/{table_id}/record")
    assert response.ok, f"{response.status} {response.text()[:200]}"
    return molehaven.replay(response.json())


def offered_on_board(page: Page) -> list[str]:
    offered: list[str] = page.evaluate(
        f"""() => [...document.querySelectorAll("{BOARD} [data-action]")]
            .map(element => element.dataset.action)"""
    )
    return offered


def destinations(page: Page) -> list[dict[str, object]]:
    found: list[dict[str, object]] = page.evaluate(
        f"""() => [...document.querySelectorAll("{BOARD} .mc-destination")].map(node => ({{
            action: node.dataset.action, hole: node.hasAttribute("data-hole")}}))"""
    )
    return found


def all_destinations(page: Page) -> set[str]:
    """Select each movable mole in turn (a click that only selects) and collect where the
    board lets it go."""
    moles = page.locator(f"{BOARD} [data-mole]")
    seen: set[str] = set()
    for index in range(moles.count()):
        moles.nth(index).click()
        seen.update(str(target["action"]) for target in destinations(page))
    return seen


def hopeful(state: molehaven.core.State, seat: int, action: str) -> int:  # type: ignore[name-defined]
    """How a person judges a move: into a hole is best, then onto a special field for a bonus,
    else the more empty holes lie in a straight line up to four steps away, the better."""
    after = state.clone()
    after.apply(seat, after.game.parse_action(action))
    seen = state.observation(seat)
    moles = seen["moles"]
    assert isinstance(moles, dict) and isinstance(seen["holes"], list)
    landed = next(point for point in after.observation(seat)["moles"] if point not in moles)
    if landed in seen["holes"]:
        return 100
    if landed in seen["specials"] and not seen["bonus_move"]:  # type: ignore[operator]
        return 50
    empty = {hole for hole in seen["holes"] if hole not in moles}
    q, r = int(landed[:2]), int(landed[2:])
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    return sum(f"{q + k * dq:+d}{r + k * dr:+d}" in empty for dq, dr in steps for k in range(1, 5))


def seen_holes(state: molehaven.core.State) -> tuple[int, int]:  # type: ignore[name-defined]
    """How many holes of the layer hold a mole, and how many it has."""
    seen = state.observation(0)
    holes, moles = seen["holes"], seen["moles"]
    assert isinstance(holes, list) and isinstance(moles, dict)
    return sum(hole in moles for hole in holes), len(holes)


LAYER_BOXES = f"""() => {{
    const box = selector => {{
        const node = document.querySelector(selector);
        if (!node) return null;
        const {{x, y, width, height}} = node.getBoundingClientRect();
        return {{x, y, width, height}};
    }};
    return {{window: box("{BOARD} .mc-window"), layer: box("{BOARD} svg.mc-layer")}};
}}"""


def board_fits(page: Page, width: int, height: int | None, shot: str) -> None:
    """Nothing is wider than the screen, nor is the layer's window (on a phone the layer
    scrolls inside it); with ``height``, the whole layer shows unscrolled."""
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width, shot
    expect(page.locator(f"{BOARD} svg.mc-layer")).to_be_visible()
    # Both boxes in one step of the page: measured one after the other, a redraw between
    # them (a message from the server) left the first one's element detached (None).
    boxes = page.evaluate(LAYER_BOXES)
    window, layer = boxes["window"], boxes["layer"]
    assert window is not None and layer is not None, shot
    assert window["x"] >= 0 and window["x"] + window["width"] <= width, shot
    if height is not None:
        assert layer["x"] >= 0 and layer["x"] + layer["width"] <= width, shot
        assert layer["y"] + layer["height"] <= height, f"{shot}: the board needs scrolling"


def shoot(page: Page, folder: Path, name: str) -> list[Path]:
    """Screenshots at 1280 x 800 and at a 390 px phone, back to the desktop size after."""
    shots = []
    for label, size in (("1280", DESKTOP), ("390", PHONE)):
        resize(page, size)
        page.wait_for_timeout(150)
        path = folder / f"maulwurf-company-{name}-{label}.png"
        page.screenshot(path=str(path), full_page=label == "390")
        board_fits(page, size["width"], size["height"] if size == DESKTOP else None, path.name)
        if size == PHONE:
            # A finger needs more than the 10-15 px a target is drawn at on a phone: it takes
            # taps over nearly a whole lattice step (see the phone's own test, below). Only the
            # layer's: the legend's sample target is 16 px, which this once measured.
            smallest = page.evaluate(
                f"""() => Math.min(...[...document.querySelectorAll(
                    "{BOARD} svg.mc-layer .mc-target")]
                    .map(node => node.getBoundingClientRect().width))"""
            )
            assert smallest >= TOUCH_PX, f"{path.name}: a target is {smallest:.0f} px at 390 px"
        shots.append(path)
    resize(page, DESKTOP)
    return shots


# Every layer the page shows being lifted, in order, recorded as it happens.
# The layers lifted, in the order the page showed them, and the moles each lifted layer showed
# leaving and saved when it appeared (read then: on a busy machine the 1.6 s show can be over
# before a test's next look).
WATCH_LIFTS = """() => {
    window.mcLifted = [];
    window.mcLiftMarks = {};
    new MutationObserver(() => {
        const board = document.querySelector("[data-board='maulwurf-company']");
        const lifting = board && board.dataset.lifting;
        if (lifting && window.mcLifted.at(-1) !== lifting) window.mcLifted.push(lifting);
        if (lifting && !(lifting in window.mcLiftMarks)) window.mcLiftMarks[lifting] = {
            leaving: board.querySelectorAll(".mc-mole.leaving").length,
            saved: board.querySelectorAll(".mc-mole.saved").length,
        };
    }).observe(document.querySelector("#board"), {subtree: true, attributes: true,
        attributeFilter: ["data-lifting"], childList: true});
}"""


ASKED = {
    "place": "Place a mole on a white target.",
    "keep": "Keep one of the two discs you turned.",
    "move": " step",  # "Move one of your moles 3 steps …" or "Bonus move: a mole 1 step …"
    "bonus": "Take a bonus disc (its move is then compulsory), or end your turn.",
}


class Player:
    """A person at one seat: sees what the board offers, checks it against the engine's legal
    actions, and clicks a sensible one; takes screenshots the first time each kind of choice
    comes up."""

    def __init__(
        self, page: Page, seat: int, folder: Path, seed: int, *, shots: bool = True
    ) -> None:
        self.page, self.seat, self.folder = page, seat, folder
        self.screenshots = shots
        self.rng = random.Random(seed)
        self.shots: list[Path] = []
        self.shot: set[str] = set()
        self.verbs: set[str] = set()
        self.move_turns = 0

    def shoot_once(self, name: str) -> None:
        if name not in self.shot and (self.screenshots or name == "bonus"):
            self.shot.add(name)
            self.shots += shoot(self.page, self.folder, f"{name}-seat{self.seat}")

    def play_turn(self, state: molehaven.core.State) -> str:  # type: ignore[name-defined]
        """One decision, by clicks on the board; returns the action played."""
        page, seat = self.page, self.seat
        legal = sorted(str(action) for action in state.legal_actions(seat))
        verb = legal[0].split(" ")[0]
        self.verbs.add(verb)
        # The turn line above the table says what is asked, in words.
        expect(page.locator("#asked")).to_contain_text(ASKED[verb])
        if verb == "move":
            if self.move_turns < FULL_CHECKS:  # every legal move, and nothing else, is offered
                assert sorted(all_destinations(page)) == legal
            self.move_turns += 1
            scores = {action: hopeful(state, seat, action) for action in legal}
            best = max(scores.values())
            action = self.rng.choice([action for action in legal if scores[action] == best])
            mole = action.split(" ")[1]
            page.locator(f'{BOARD} [data-mole="{mole}"]').click()  # only selects it
            from_this_mole = [a for a in legal if a.split(" ")[1] == mole]
            assert sorted(str(t["action"]) for t in destinations(page)) == from_this_mole
        else:
            # places, bonus or decline, keep: exactly the legal actions are offered
            assert sorted(offered_on_board(page)) == legal
            action = "bonus" if verb == "bonus" else self.rng.choice(legal)
        if verb == "bonus":
            expect(page.locator(f"{BOARD} .mc-prompt")).to_contain_text("special field")
            # No disc beside the question: the one just used read as the bonus disc's value.
            assert page.locator(f"{BOARD} .mc-prompt .mc-prompt-disc").count() == 0
        self.shoot_once(verb)
        # Only this seat may act now, so the action stays offered until it is clicked.
        assert click_only(page, action, seconds=15), action
        return action


def fills_the_layer(state: molehaven.core.State, seat: int, action: str) -> bool:  # type: ignore[name-defined]
    filled, holes = seen_holes(state)
    return action.startswith("move") and hopeful(state, seat, action) == 100 and filled + 1 == holes


def test_a_person_plays_a_whole_game_against_a_bot_by_clicking(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    page = open_page(browser, f"{server.url}/", viewport=DESKTOP)
    table_id = create_short_table(page, server, max_turns=30, tournament=True)
    page.select_option("#bot-agent", "random")
    page.click("#fill-bots")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    expect(page.locator("#table")).not_to_have_attribute("data-status", "open")
    ann = Player(page, 0, tmp_path, seed=14)
    before: str | None = None
    while True:
        seen = page.evaluate(NEXT_TURN, [before, 15])
        assert seen is not None, "the page offered nothing and the game did not end in 15 s"
        if seen["status"] == "over":
            break
        state = record_state(page, table_id)
        if str(state.num_actions) != seen["version"] or 0 not in state.to_move():
            before = None  # the page moved on while we read the record
            continue
        ann.play_turn(state)
        before = seen["version"]
    final = record_state(page, table_id)
    assert final.is_terminal()
    expect(page.locator(f"{BOARD} .mc-prompt.over")).to_contain_text("Game over")
    # No points in this game (MC-30): the result says why the winner won, not a score.
    expect(page.locator("#result")).to_contain_text(str(final.observation(None)["end_reason"]))
    expect(page.locator("#result")).not_to_contain_text("score")
    expect(page.locator("#scores")).to_contain_text("No points in this game")
    turns = final.observation(None)["turns"]
    expect(page.locator(f"{BOARD} .mc-info")).to_contain_text(f"{turns} turns played")
    page.click(f"{BOARD} .mc-legend summary")  # every mark explained
    expect(page.locator(f"{BOARD} .mc-legend li").first).to_be_visible()
    page.click("#replay-prev")  # a redraw keeps the legend open
    expect(page.locator("#table")).to_have_attribute("data-replay-step", str(final.num_actions - 1))
    expect(page.locator(f"{BOARD} .mc-legend li").first).to_be_visible()
    expect(page.locator(f"{BOARD} [data-action]")).to_have_count(0)  # a replay offers nothing
    ann.shoot_once("over")
    assert {"place", "keep", "move"} <= ann.verbs
    assert version(page) == final.num_actions
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots:", *ann.shots, sep="\n  ")


def next_decision(players: list[Player], table_id: str) -> tuple[Player, molehaven.core.State]:  # type: ignore[name-defined]
    """Whose decision it is now, once their page offers it."""
    state = record_state(players[0].page, table_id)
    assert not state.is_terminal(), "the game ended too soon"
    player = players[state.to_move()[0]]
    now = state.num_actions
    until(player.page, MOVE_OFFERED_AT, now)
    return player, state


def test_two_people_see_the_green_layer_lifted_as_a_sequence(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """MC-15, MC-16: when the last green hole is filled, both pages show green with its
    moles leaving or saved, then red with the dropped moles marked, and say so in words."""
    ann_page = open_page(browser, f"{server.url}/", viewport=DESKTOP)
    table_id = create_short_table(ann_page, server, max_turns=120)
    bob_page = open_page(browser, ann_page.url, viewport=DESKTOP)
    bob_page.fill("#join-name", "Bob")
    bob_page.click('[data-sit="1"]')
    expect(bob_page.locator("#table")).to_have_attribute("data-you", "1")
    for page in (ann_page, bob_page):
        page.evaluate(WATCH_LIFTS)
    ann_page.click("#start")
    expect(ann_page.locator("#table")).to_have_attribute("data-status", "running")
    players = [
        Player(ann_page, 0, tmp_path, seed=5),
        Player(bob_page, 1, tmp_path, seed=6, shots=False),
    ]
    while True:
        player, state = next_decision(players, table_id)
        if state.observation(None)["layer"] != "green":
            break
        now = state.num_actions
        action = player.play_turn(state)
        if fills_the_layer(state, player.seat, action):
            # The mover's page shows green a moment longer: moles leave, moles in holes wait.
            marks = player.page.wait_for_function("() => window.mcLiftMarks.green").json_value()
            assert marks["leaving"] > 0, marks
            assert marks["saved"] == 13, marks
            path = tmp_path / "maulwurf-company-lifting-1280.png"
            player.page.screenshot(path=str(path))
            player.shots.append(path)
        until(ann_page, VERSION_ABOVE, now)
        until(bob_page, VERSION_ABOVE, now)
    for player in players:
        page = player.page
        expect(page.locator(f"{BOARD}")).to_have_attribute("data-layer", "red")
        expect(page.locator(f"{BOARD} .mc-events li")).to_have_count(1)
        expect(page.locator(f"{BOARD} .mc-events li")).to_contain_text(
            "The green layer is full and lifted away"
        )
        assert page.evaluate("() => window.mcLifted") == ["green"]
        assert page.errors == []  # type: ignore[attr-defined]
    # The lifts come from the move log, so a page opened later (a spectator, a reload) lists
    # them too; it used to list only what it had watched happen.
    watcher = open_page(browser, ann_page.url, viewport=DESKTOP)
    expect(watcher.locator(f"{BOARD} .mc-events li")).to_have_count(1)
    expect(watcher.locator("#log")).to_contain_text("the green layer is full and lifted away")
    players[0].shoot_once("after-lift")
    # MC-20: on red, a person who lands on a special field is asked about a bonus disc.
    for _ in range(40):
        if any("bonus" in player.verbs for player in players):
            break
        player, state = next_decision(players, table_id)
        player.play_turn(state)  # takes the bonus when it is offered
        until(ann_page, VERSION_ABOVE, state.num_actions)
        until(bob_page, VERSION_ABOVE, state.num_actions)
    assert any("bonus" in player.verbs for player in players)
    print("screenshots:", *players[0].shots, *players[1].shots, sep="\n  ")


# The board drawn alone for one seat (tests/browser/pages.py), at a running table: before the
# host starts a game the board offers nothing, and the drawn-alone table has no status.
DRAW_RUNNING = draw_alone(SLUG, "null").replace("seats};", 'seats, status: "running"};')
NAMES = ["Ann", "Bea", "Cy", "Dan"]


def draw(page: Page, state: State, viewer: int) -> None:
    assert 'status: "running"' in DRAW_RUNNING, "draw_alone's table changed"
    legal = sorted(str(action) for action in state.legal_actions(viewer))
    seen = state.observation(viewer)
    players = seen["players"]
    assert isinstance(players, int)
    page.evaluate(DRAW_RUNNING, [seen, legal, viewer, NAMES[:players]])


# The paint of what the board draws, as the browser computed it, with stroke widths in screen
# pixels: every seat's moles, the ground, the selected mole's strokes (its body's rim and
# anything around it), and the marks of the points it may go to.
PAINT = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const layer = board.querySelector("svg.mc-layer");
    const scale = layer.getBoundingClientRect().width / layer.viewBox.baseVal.width;
    const style = (node) => getComputedStyle(node);
    const strokes = (nodes) => nodes.map(node => ({{
        colour: style(node).stroke, width: parseFloat(style(node).strokeWidth) * scale}}))
        .filter(stroke => stroke.colour !== "none" && stroke.width > 0);
    const selected = board.querySelector(".mc-mole.selected");
    const seats = {{}};
    for (const mole of layer.querySelectorAll(".mc-mole[data-seat]")) {{
        seats[mole.dataset.seat] = style(mole.querySelector(".mc-mole-body")).fill;
    }}
    const marks = [...board.querySelectorAll(".mc-destination circle:not(.mc-tap-area)")];
    return {{
        seats,
        ground: style(board.querySelector(".mc-ground")).fill,
        selected: selected && selected.dataset.seat,
        rim: strokes([...selected.querySelectorAll("circle:not(.mc-hit)")]),
        targets: marks.flatMap(node => [style(node).fill, style(node).stroke])
            .filter(paint => paint !== "none"),
    }};
}}"""


def rgb(paint: str) -> tuple[int, int, int]:
    """``rgb(…)`` or ``rgba(…)`` as the browser computes it; the alpha is left aside."""
    found = re.match(r"rgba?\((\d+), (\d+), (\d+)", paint)
    assert found, paint
    red, green, blue = (int(part) for part in found.groups())
    return red, green, blue


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""

    def luminance(paint: str) -> float:
        linear = [
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
            for c in (part / 255 for part in rgb(paint))
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def distance(one: str, other: str) -> float:
    return float(sum((a - b) ** 2 for a, b in zip(rgb(one), rgb(other), strict=True)) ** 0.5)


# Four seats on red, each with moles outside the holes; whoever turns a 2 can move.
FOUR_SEATS = {0: "-3+0 -1+1 +2+0", 1: "-2-1 +1-3 +3-3", 2: "+0+3 -3+3", 3: "+1+0 +0-1 -1+0"}


@pytest.mark.draws_only
def test_the_selected_mole_and_its_targets_stand_out_whatever_the_seat_colour(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """Seat 3's yellow moles used to vanish among the yellow targets and yellow 'movable' rims,
    and the selected mole's orange rim on a red mole: for every seat to move (red, blue,
    green, yellow) the selected mole's rim contrasts with both its own colour and the
    ground, and no target is painted in a colour near any seat's."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    for mover in range(4):
        state = position(FOUR_SEATS, players=4, layer="red", current=mover,
                         face_down={mover: "2"})  # fmt: skip
        apply_all(state, "c flip 2")
        draw(page, state, mover)
        paint = page.evaluate(PAINT)
        assert paint["selected"] == str(mover) and len(paint["seats"]) == 4
        colour = paint["seats"][str(mover)]
        wide = [stroke["colour"] for stroke in paint["rim"] if stroke["width"] >= 2.5]
        assert any(contrast(rim, colour) >= 3 for rim in wide), (colour, paint["rim"])
        assert any(contrast(rim, paint["ground"]) >= 3 for rim in wide), paint["rim"]
        assert paint["targets"], "no target drawn"
        for target in paint["targets"]:
            for seat, seat_colour in paint["seats"].items():
                assert distance(target, seat_colour) >= 100, (target, seat, seat_colour)
        page.screenshot(path=str(tmp_path / f"maulwurf-company-targets-seat{mover}-1280.png"))
    resize(page, PHONE)
    path = tmp_path / "maulwurf-company-targets-seat3-390.png"
    page.screenshot(path=str(path), full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots:", *sorted(tmp_path.glob("*.png")), sep="\n  ")


def golden_shovel() -> State:
    """MC-22: Bea's 1 takes her mole into the blue layer's centre hole."""
    state = position({1: "+0+1", 0: "-2+0 +2-2"}, layer="blue", current=1, face_down={1: "1"})
    return apply_all(state, "c flip 1, 1 move +0+1 nw")


def last_with_moles() -> State:
    """Rules example 6 (MC-23): red is lifted with none of Bea's moles in a hole."""
    return apply_all(example_6_state(), "0 move -2-1 e")


def turn_limit() -> State:
    """Rules example 10 (MC-25): two turns played of at most two, a shared win."""
    state = example_setup(max_turns=2)
    return apply_all(state, "c flip 1, 0 move +3-3 sw, c flip 1, 1 move -5+3 e")


@pytest.mark.draws_only
@pytest.mark.parametrize("ending", [golden_shovel, last_with_moles, turn_limit])
def test_the_board_says_game_over_and_leaves_who_won_and_why_to_the_result_box(
    browser: Browser, server: LiveServer, ending: Callable[[], State]
) -> None:
    """The board used to work out the ending from the view (a mole in a blue hole, the turn
    count) and say it again below the table's result box, which tells the engine's own
    ``end_reason`` and the winners (see the whole game played by clicking, above); the board
    now only says that the game is over, for each ending."""
    state = ending()
    assert state.is_terminal()
    reason = state.observation(0)["end_reason"]
    assert isinstance(reason, str) and reason
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    draw(page, state, 0)
    expect(page.locator(f"{BOARD} .mc-prompt.over")).to_have_text("Game over.")
    assert reason not in page.locator(BOARD).inner_text()
    assert page.errors == []  # type: ignore[attr-defined]


TABLET_UPRIGHT = {"width": 768, "height": 1024}
TABLET_SIDEWAYS = {"width": 1024, "height": 768}

# What a person sees on their turn without scrolling: the smallest target (its white disc and
# the tap area around it), the layer and the prompt's boxes, and how far anything sticks out
# to the right of the screen. Read in one frame, after a layout at the new size.
AT_A_GLANCE = f"""() => new Promise(resolve => requestAnimationFrame(() => {{
    const box = node => {{
        const {{left, top, right, bottom, width}} = node.getBoundingClientRect();
        return {{left, top, right, bottom, width}};
    }};
    const board = document.querySelector("{BOARD}");
    resolve({{
        target: Math.min(...[...board.querySelectorAll("svg.mc-layer .mc-target")]
            .map(node => box(node).width)),
        layer: box(board.querySelector("svg.mc-layer")),
        prompt: box(board.querySelector(".mc-prompt")),
        overflow: document.documentElement.scrollWidth - innerWidth,
        screen: {{width: innerWidth, height: innerHeight}},
    }});
}}))"""


def test_on_a_tablet_the_layer_is_large_and_in_view_with_the_prompt(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """On a tablet on its side (1024 x 768) the page's seats, chat and moves took a third of
    the width beside the board, which drew the layer 388 px across with targets of 32 px
    (lattice steps of 35 px) and left 170 px of the screen's height unused; they now go under
    the board once the game has started, and the layer is drawn as on a laptop. On each of a
    tablet upright, on its side and a laptop, while placing (every point a target): targets
    of at least 38 px, the whole layer and the prompt on the screen unscrolled, nothing wider
    than the screen; a target is tapped where it is drawn."""
    page = open_page(browser, f"{server.url}/", viewport=TABLET_SIDEWAYS)
    table_id = create_short_table(page, server, max_turns=30)
    page.select_option("#bot-agent", "random")
    page.click("#fill-bots")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    expect(page.locator(f"{BOARD} .mc-target").first).to_be_visible()
    for viewport in (TABLET_UPRIGHT, TABLET_SIDEWAYS, DESKTOP):
        resize(page, viewport)
        seen = page.evaluate(AT_A_GLANCE)
        width, screen = viewport["width"], seen["screen"]
        assert seen["target"] >= 38, f"a target is {seen['target']:.0f} px at {width} px"
        assert seen["overflow"] <= 0, f"the page is wider than the screen at {width} px"
        for name in ("layer", "prompt"):
            box = seen[name]
            assert box["top"] >= 0 and box["bottom"] <= screen["height"], (width, name, seen)
            assert box["left"] >= 0 and box["right"] <= screen["width"], (width, name, seen)
        page.screenshot(path=str(tmp_path / f"maulwurf-company-tablet-{width}.png"))
    resize(page, TABLET_SIDEWAYS)
    target = page.locator(f"{BOARD} .mc-target").first
    point = str(target.get_attribute("data-action")).split(" ")[1]
    before = version(page)
    target.click()  # where it is drawn, not forced
    wait_for(lambda: version(page) > before)
    moles = record_state(page, table_id).observation(0)["moles"]
    assert isinstance(moles, dict) and moles.get(point) == 0, f"no mole of Ann's on {point}"
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


def bonus_offered() -> State:
    """Rules example 5 (MC-20): Bea's mole has landed on a special field; bonus or decline."""
    seat_0 = "-4+4 -3+0 -2+2 -1+1 +0-2 +0+3 +0+4 +2+0 +2+2 +4-2"
    state = position(
        {0: seat_0, 1: "-3+4 -2+4 +2-3"}, layer="red", current=1, face_down={1: "1 2 2 3 4"}
    )
    return apply_all(state, "c flip 3, 1 move -2+4 ne")


@pytest.mark.draws_only
def test_the_prompts_buttons_and_the_legend_are_a_finger_high(
    browser: Browser, server: LiveServer
) -> None:
    """The bonus question's buttons were 34 px high and the legend's line 16 px, at every
    width; at 390, 768 and 1024 px each is now at least 40 px, and the buttons still answer."""
    state = bonus_offered()
    assert sorted(str(action) for action in state.legal_actions(1)) == ["bonus", "decline"]
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    for viewport in (PHONE, TABLET_UPRIGHT, TABLET_SIDEWAYS):
        resize(page, viewport)
        draw(page, state, 1)
        heights = page.evaluate(
            f"""() => [...document.querySelectorAll("{BOARD} .mc-prompt button, {BOARD} summary")]
                .map(node => [node.getBoundingClientRect().height, node.innerText])"""
        )
        assert len(heights) == 3 and min(h for h, _ in heights) >= 40, (viewport, heights)
    page.locator(f'{BOARD} .mc-prompt button[data-action="decline"]').click()
    assert page.evaluate("() => window.clicked") == ["decline"]
    assert page.errors == []  # type: ignore[attr-defined]


# What a finger meets on a phone, read in one frame with the layer's window in view: each
# touch area the board offers now (a target's, or a mole's that may be selected), its centre
# and size on the screen and whether every point of a circle 1.5 px inside its edge takes the
# tap for it (tested where that circle lies in the window and on the screen), and the window
# (the layer itself, on the old page, which had none).
TOUCH_AREAS = f"""([least]) => new Promise(resolve => {{
    const board = document.querySelector("{BOARD}");
    const view = board.querySelector(".mc-window") || board.querySelector("svg.mc-layer");
    view.scrollIntoView({{block: "nearest"}});
    requestAnimationFrame(() => {{
        const frame = view.getBoundingClientRect();
        const owners = "[data-action], [data-mole]";
        const areas = [...board.querySelectorAll(
            "[data-action] > .mc-tap-area, [data-mole] > .mc-hit")].map(area => {{
            const owner = area.closest(owners);
            const box = area.getBoundingClientRect();
            const x = box.left + box.width / 2, y = box.top + box.height / 2;
            const reach = least / 2 - 1.5;
            const shown = x - reach >= Math.max(frame.left, 0)
                && x + reach <= Math.min(frame.right, innerWidth)
                && y - reach >= Math.max(frame.top, 0)
                && y + reach <= Math.min(frame.bottom, innerHeight);
            const takes = !shown ? null : Array.from({{length: 16}}, (_, k) => {{
                const hit = document.elementFromPoint(
                    x + reach * Math.cos(k * Math.PI / 8), y + reach * Math.sin(k * Math.PI / 8));
                return Boolean(hit) && hit.closest(owners) === owner;
            }}).every(Boolean);
            return {{what: owner.dataset.action || `select ${{owner.dataset.mole}}`,
                     x, y, width: Math.min(box.width, box.height), takes}};
        }});
        const {{left, right, top, bottom}} = frame;
        resolve({{areas, window: {{left, right, top, bottom}},
                  page: document.documentElement.scrollWidth}});
    }});
}})"""


def check_touch_areas(page: Page, shot: str, least: float = TOUCH_PX) -> list[dict[str, object]]:
    """At least ``least`` px across each, none overlapping another, each taking its taps where
    it is drawn, the window on the screen; returns the areas."""
    seen = page.evaluate(TOUCH_AREAS, [least])
    areas = seen["areas"]
    assert areas, f"{shot}: nothing offered on the board"
    smallest = min(areas, key=lambda area: area["width"])
    assert smallest["width"] >= least, f"{shot}: {smallest['what']} {smallest['width']:.1f} px"
    for index, one in enumerate(areas):
        for other in areas[index + 1 :]:
            apart = ((one["x"] - other["x"]) ** 2 + (one["y"] - other["y"]) ** 2) ** 0.5
            assert apart >= (one["width"] + other["width"]) / 2, (shot, one, other, apart)
    tested = [area for area in areas if area["takes"] is not None]
    assert tested, f"{shot}: no touch area lies whole in the window"
    assert all(area["takes"] for area in tested), [a["what"] for a in tested if not a["takes"]]
    width = (page.viewport_size or PHONE)["width"]
    assert seen["page"] <= width, f"{shot}: the page is wider than the screen"
    assert seen["window"]["left"] >= 0 and seen["window"]["right"] <= width, shot
    return list(areas)


def tap_off_centre(page: Page, action: str) -> None:
    """A finger lands 16 px to the side of the target's point, where the old board took it
    for a neighbour; a real click (Playwright scrolls it into the window and checks that the
    target, not something over it, takes it)."""
    target = page.locator(f'{BOARD} [data-action="{action}"]')
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box is not None
    side = -16 if box["x"] + box["width"] / 2 + 16 > (page.viewport_size or PHONE)["width"] else 16
    target.click(position={"x": box["width"] / 2 + side, "y": box["height"] / 2})


@pytest.mark.parametrize("viewport", [PHONE, SIDEWAYS], ids=["390x844", "844x390"])
def test_on_a_phone_every_target_and_mole_is_a_finger_wide_and_a_tap_plays_it(
    browser: Browser, server: LiveServer, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """At 390 x 844 the whole green layer drew its points 32 px apart and took taps 29 px
    across: a thumb hit the wrong one. The layer is now drawn larger in a window that scrolls
    sideways. While placing, and on move turns with each movable mole selected in turn, every
    touch area offered is at least 40 px across, none overlaps another, each takes its taps,
    and exactly the legal actions are offered; a tap 16 px off a target's point plays that
    target's move. The whole layer can still be seen, on demand. The same on a phone on its
    side (844 x 390), which drew the whole layer at the screen's width, taps about 27 px
    across: it now draws the layer at the phone's scale or larger, beside the prompt (see the
    test after this one)."""
    page = open_page(browser, f"{server.url}/", viewport=viewport)
    size = f"{viewport['width']}x{viewport['height']}"
    table_id = create_short_table(page, server, max_turns=40)
    page.select_option("#bot-agent", "random")
    page.click("#fill-bots")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    expect(page.locator("#table")).not_to_have_attribute("data-status", "open")
    rng = random.Random(3)
    before: str | None = None
    placed = moved = 0
    shots: list[Path] = []
    while moved < 2:
        seen = page.evaluate(NEXT_TURN, [before, 15])
        assert seen is not None, "the page offered nothing and the game did not end in 15 s"
        assert seen["status"] != "over", "the game ended before two of Ann's moves"
        state = record_state(page, table_id)
        if str(state.num_actions) != seen["version"] or 0 not in state.to_move():
            before = None  # the page moved on while we read the record
            continue
        legal = sorted(str(action) for action in state.legal_actions(0))
        verb = legal[0].split(" ")[0]
        if verb == "place":
            if placed in (0, 9):  # the first and the last, with every point a target or not
                areas = check_touch_areas(page, f"place {placed}")
                assert sorted(str(area["what"]) for area in areas) == legal
            if placed == 0:
                shots.append(tmp_path / f"maulwurf-company-phone-place-{size}.png")
                page.screenshot(path=str(shots[-1]))
            action = rng.choice(legal)
            page.locator(f'{BOARD} [data-action="{action}"]').click()  # a real click
            placed += 1
        elif verb == "move":
            moles = sorted({action.split(" ")[1] for action in legal})
            offered: set[str] = set()
            for mole in moles:
                page.locator(f'{BOARD} [data-mole="{mole}"]').click()  # only selects it
                selected = page.locator(f'{BOARD} .mc-mole.selected[data-at="{mole}"]')
                expect(selected).to_have_count(1)
                areas = check_touch_areas(page, f"move {moved}, mole {mole}")
                shown = {str(area["what"]) for area in areas}
                assert {f"select {m}" for m in moles} <= shown
                offered |= {what for what in shown if what.startswith("move ")}
            assert sorted(offered) == legal
            action = rng.choice(legal)
            mole = action.split(" ")[1]
            page.locator(f'{BOARD} [data-mole="{mole}"]').click()
            to = page.locator(f'{BOARD} [data-action="{action}"]').get_attribute("data-to")
            assert to is not None
            shots.append(tmp_path / f"maulwurf-company-phone-move{moved}-{size}.png")
            page.screenshot(path=str(shots[-1]))
            now = version(page)
            tap_off_centre(page, action)
            until(page, VERSION_ABOVE, now)
            after = record_state(page, table_id).observation(0)["moles"]
            # The bot may have answered by then, landing a mole of its own where Ann's left.
            assert isinstance(after, dict) and after.get(to) == 0 and after.get(mole) != 0, action
            moved += 1
        else:  # a bonus question (a special field on red): no board target, a button
            action = "decline" if "decline" in legal else rng.choice(legal)
            assert click_only(page, action, seconds=15), action
        before = seen["version"]
    # The whole layer on demand: every point on the screen at once; and back.
    page.get_by_role("button", name="Show the whole layer").click()
    expect(page.locator(f"{BOARD} svg.mc-layer")).to_be_visible()
    # Both boxes in one step of the page: measured one after the other, a redraw between
    # them (a message from the server) left the first one's element detached (None).
    boxes = page.evaluate(LAYER_BOXES)
    window, layer = boxes["window"], boxes["layer"]
    assert window is not None and layer is not None, size
    assert window["x"] <= layer["x"] <= layer["x"] + layer["width"] <= window["x"] + window["width"]
    shots.append(tmp_path / f"maulwurf-company-phone-whole-{size}.png")
    page.screenshot(path=str(shots[-1]))
    tap = f"{BOARD} :is([data-action] > .mc-tap-area, [data-mole] > .mc-hit)"
    whole = page.locator(tap).first.bounding_box()
    page.get_by_role("button", name="Zoom in on the layer").click()
    near = page.locator(tap).first.bounding_box()
    assert whole is not None and near is not None and near["width"] > whole["width"]
    layer = page.locator(f"{BOARD} svg.mc-layer").bounding_box()
    if viewport == PHONE:  # on its side the layer at a phone's scale fits the width
        assert layer is not None and layer["width"] > window["width"]
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots:", *shots, sep="\n  ")


SIDEWAYS_SMALL = {"width": 812, "height": 375}  # a smaller phone on its side
# Phones on their side narrower than 700 px (an iPhone SE's 667 x 375, many Androids' 640 x
# 360): green, beside the prompt's column, is drawn a little under the phone's scale there.
SIDEWAYS_SE = {"width": 667, "height": 375}
SIDEWAYS_NARROW = {"width": 640, "height": 360}

# What a phone on its side shows once the page is scrolled to the layer's top: the layer's
# window, the layer and the prompt, and which points, moles and touch areas the window cuts
# (partly outside its box: a window that scrolls hid them under its edge).
SIDEWAYS_VIEW = f"""() => new Promise(resolve => {{
    const board = document.querySelector("{BOARD}");
    const view = board.querySelector(".mc-window");
    window.scrollBy(0, view.getBoundingClientRect().top);
    requestAnimationFrame(() => {{
        const box = node => {{
            const {{left, top, right, bottom, width, height}} = node.getBoundingClientRect();
            return {{left, top, right, bottom, width, height}};
        }};
        const frame = box(view);
        const parts = [...board.querySelectorAll(
            "svg.mc-layer [data-point], svg.mc-layer .mc-mole-body, "
            + "[data-action] > .mc-tap-area, [data-mole] > .mc-hit")];
        const cut = parts.filter(node => {{
            const part = box(node);
            return part.left < frame.left - 0.5 || part.right > frame.right + 0.5
                || part.top < frame.top - 0.5 || part.bottom > frame.bottom + 0.5;
        }}).map(node => node.closest("[data-point], [data-at], [data-to]").outerHTML.slice(0, 90));
        resolve({{window: frame, layer: box(board.querySelector("svg.mc-layer")),
                  prompt: box(board.querySelector(".mc-prompt")), parts: parts.length, cut,
                  screen: {{width: innerWidth, height: innerHeight}},
                  page: document.documentElement.scrollWidth}});
    }});
}})"""


def sideways_green() -> tuple[State, str, str]:
    """Green with two players: Ann turned a 1, her moles on the top and the bottom rows."""
    moles = {0: "+2-5 -2+5 +0+0", 1: "+0-5 +5-5 -5+5"}
    state = position(moles, layer="green", face_down={0: "1"})
    return apply_all(state, "c flip 1"), "+2-5", "-2+5"


def sideways_red() -> tuple[State, str, str]:
    """Red with four players: Ann turned a 1, her moles on the top and the bottom rows."""
    moles = {0: "+2-4 -2+4", 1: "+0-4 +4-4", 2: "-4+4 +0+4", 3: "-1+0 +1+0"}
    state = position(moles, players=4, layer="red", face_down={0: "1"})
    return apply_all(state, "c flip 1"), "+2-4", "-2+4"


@pytest.mark.draws_only
@pytest.mark.parametrize(
    ("viewport", "least"),
    [(SIDEWAYS, TOUCH_PX), (SIDEWAYS_SMALL, TOUCH_PX), (SIDEWAYS_SE, 38), (SIDEWAYS_NARROW, 36)],
    ids=["844x390", "812x375", "667x375", "640x360"],
)
@pytest.mark.parametrize("drawn", [sideways_green, sideways_red], ids=["green", "red"])
def test_on_a_phone_on_its_side_the_layer_fills_the_height_beside_the_prompt(
    browser: Browser,
    server: LiveServer,
    tmp_path: Path,
    viewport: dict[str, int],
    least: int,
    drawn: Callable[[], tuple[State, str, str]],
) -> None:
    """At 844 x 390 the layer, drawn at the phone's scale, sat in a window as wide as the
    screen with blank beside it, under the prompt, 310 px high (green's layer is 434, red's
    354) and centred, so its top row was cut by the window's edge. Now the prompt stands
    beside the layer, the window is as wide as the layer and clips none of its points, moles
    and touch areas, the layer is as tall as the screen (less a little) and shows with the
    prompt once the page is scrolled to it; touch areas stay 40 px or more, and a mole on the
    top row and one on the bottom row are selected and moved by real taps. On green and on
    red, at 844 x 390 and 812 x 375; and at 667 x 375 and 640 x 360, which kept the upright
    phone's layout (the prompt above a layer 577 px high, never on the screen together),
    with touch areas of 38 and 36 px on green, drawn a little under the phone's scale so
    that it fits beside the prompt."""
    state, top, bottom = drawn()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=viewport)
    draw(page, state, 0)
    size = f"{viewport['width']}x{viewport['height']}"
    shot = tmp_path / f"maulwurf-company-sideways-{state.observation(0)['layer']}-{size}.png"
    seen = page.evaluate(SIDEWAYS_VIEW)
    page.screenshot(path=str(shot))
    window, layer, prompt, screen = seen["window"], seen["layer"], seen["prompt"], seen["screen"]
    assert seen["parts"] > 30 and seen["cut"] == [], (shot.name, seen["cut"][:4])
    assert window["width"] <= layer["width"] + 1, f"{shot.name}: blank beside the layer"
    assert prompt["left"] >= layer["right"], f"{shot.name}: the prompt is not beside the layer"
    # Within a pixel's rounding: the page scrolls by whole pixels to a box that may begin
    # between two.
    assert prompt["top"] >= -0.5 and prompt["bottom"] <= screen["height"], (shot.name, prompt)
    assert layer["top"] == pytest.approx(0, abs=1) and layer["left"] >= 0, (shot.name, layer)
    assert layer["height"] >= screen["height"] - 17, f"{shot.name}: {layer['height']:.0f} px high"
    assert seen["page"] <= screen["width"], f"{shot.name}: the page is wider than the screen"
    check_touch_areas(page, shot.name, least)
    legal = sorted(str(action) for action in state.legal_actions(0))
    played = []
    for mole in (top, bottom):
        page.locator(f'{BOARD} [data-mole="{mole}"]').click()  # a real tap: it only selects
        expect(page.locator(f'{BOARD} .mc-mole.selected[data-at="{mole}"]')).to_have_count(1)
        action = next(action for action in legal if action.split(" ")[1] == mole)
        page.locator(f'{BOARD} [data-action="{action}"]').click()
        played.append(action)
    assert page.evaluate("() => window.clicked") == played
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshot:", shot)


def brown_layer() -> tuple[State, str, str]:
    """Brown with two players: Ann turned a 1."""
    state = position({0: "+0-3 -3+3 +0+0", 1: "+3-3 -3+0"}, layer="brown", face_down={0: "1"})
    return apply_all(state, "c flip 1"), "+0-3", "-3+3"


def blue_layer() -> tuple[State, str, str]:
    """Blue with two players: Ann turned a 1."""
    state = position({0: "-2+0 +2-2", 1: "+0+0"}, layer="blue", face_down={0: "1"})
    return apply_all(state, "c flip 1"), "-2+0", "+2-2"


# Where "Show the whole layer" changes what is drawn: on a phone upright green and red are
# wider than the screen at the phone's scale, brown and blue are not; on its side only green
# is larger at the phone's scale than as tall as the screen.
ZOOMS = {
    (390, 844): {"green": True, "red": True, "brown": False, "blue": False},
    (812, 375): {"green": True, "red": False, "brown": False, "blue": False},
    (667, 375): {"green": True, "red": False, "brown": False, "blue": False},
}


@pytest.mark.draws_only
@pytest.mark.parametrize(
    "drawn",
    [sideways_green, sideways_red, brown_layer, blue_layer],
    ids=["green", "red", "brown", "blue"],
)
def test_the_zoom_button_shows_only_where_it_changes_the_layer(
    browser: Browser, server: LiveServer, drawn: Callable[[], tuple[State, str, str]]
) -> None:
    """'Show the whole layer' changed nothing where the layer already showed whole at the
    phone's scale (brown and blue on a phone upright; red, brown and blue on its side), yet
    was offered. It is now offered only where the two views draw the layer at sizes more than
    5% apart, measured as the page is drawn and again when the screen turns (one page,
    turned from size to size): there a click changes the layer's drawn scale by that much,
    and 'Zoom in on the layer' brings it back."""
    state, _, _ = drawn()
    layer_name = str(state.observation(0)["layer"])
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw(page, state, 0)
    show = page.get_by_role("button", name="Show the whole layer")
    # Screen pixels a unit of the layer, as drawn (a box made wider than its drawing by a
    # maximum height counts at the drawing's width).
    scale = f"""() => {{
        const layer = document.querySelector("{BOARD} svg.mc-layer");
        const box = layer.getBoundingClientRect(), units = layer.viewBox.baseVal;
        return Math.min(box.width / units.width, box.height / units.height);
    }}"""
    for (width, height), offered in ZOOMS.items():
        resize(page, {"width": width, "height": height})
        size = f"{layer_name} at {width}x{height}"
        if not offered[layer_name]:
            expect(show, size).to_be_hidden()
            expect(page.locator(f"{BOARD} .mc-zoom"), size).to_be_hidden()
            continue
        expect(show, size).to_be_visible()
        near = page.evaluate(scale)
        show.click()
        back = page.get_by_role("button", name="Zoom in on the layer")
        expect(back, size).to_be_visible()
        whole = page.evaluate(scale)
        assert whole < 0.95 * near, (size, near, whole)
        back.click()
        expect(show, size).to_be_visible()
        assert page.evaluate(scale) == pytest.approx(near, rel=0.01), size
    assert page.errors == []  # type: ignore[attr-defined]


# The layer's window on a phone: whether it is drawn whole, the zoom button's words, whether
# the window scrolls, and whether every point of the layer lies inside it.
LAYER_WINDOW = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const view = board.querySelector(".mc-window");
    const frame = view.getBoundingClientRect();
    const points = [...view.querySelectorAll("[data-point]")];
    return {{
        whole: board.querySelector(".mc-stage").classList.contains("whole"),
        button: board.querySelector(".mc-zoom").getAttribute("aria-label"),
        scrolls: view.scrollWidth > view.clientWidth || view.scrollHeight > view.clientHeight,
        points: points.length,
        inside: points.every(point => {{
            const box = point.getBoundingClientRect();
            return box.left >= frame.left - 1 && box.right <= frame.right + 1
                && box.top >= frame.top - 1 && box.bottom <= frame.bottom + 1;
        }}),
    }};
}}"""


def test_before_the_start_a_phone_shows_the_whole_layer(
    browser: Browser, server: LiveServer
) -> None:
    """Before the start a phone opened the empty green layer near, a corner of it in a window
    to scroll ("Show the whole layer"), though nothing can be tapped until the game starts. A
    table still gathering its players now shows the whole layer (the button offers to zoom
    in); once started it opens near, for placing the moles, as before. A live table."""
    page = open_table(browser, server, "maulwurf-company", viewport=PHONE)
    expect(page.locator(f"{BOARD} svg.mc-layer")).to_be_visible()
    seen = page.evaluate(LAYER_WINDOW)
    assert seen["whole"] and not seen["scrolls"], seen
    assert seen["points"] > 0 and seen["inside"], seen
    assert seen["button"] == "Zoom in on the layer", seen
    expect(page.locator(f"{BOARD} .mc-zoom-bar")).to_be_visible()
    fill_bots_and_start(page)
    expect(page.locator(f"{BOARD} .mc-stage")).to_have_class(re.compile(r"\bnear\b"))
    expect(page.get_by_role("button", name="Show the whole layer")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]
