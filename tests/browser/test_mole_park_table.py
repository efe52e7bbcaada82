"""A person plays Mole Park at the drawn table against bots, by clicks only, on a laptop and
on a phone; screenshots of each kind of prompt go to ``test-artifacts/mole-park/``
(git-ignored) for a person to look at."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

import molehaven
from tests.browser.pages import (
    NEXT_TURN,
    PHONE,
    click_only,
    describe,
    fill_bots_and_start,
    open_page,
)
from tests.server.live_server import LiveServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "mole-park"
LAPTOP_800 = {"width": 1280, "height": 800}
PLAYERS = 3
HAND_LIMIT = 3
DIE_TITLES = ("Boxing Glove", "Frying Pan", "Giant Mallet")
# How many of seat 0's own moves the log shows (they read "Ann (seat 0): glove").
MY_MOVES = """() => [...document.querySelectorAll("#log li")]
    .filter(item => item.innerText.includes("(seat 0): ")).length"""


def create_mole_park_table(
    page: Page, server: LiveServer, players: int, options: dict[str, str]
) -> str:
    """The lobby's form, as ``pages.create_table`` fills it, with a player count and typed
    options."""
    page.goto(f"{server.url}/")
    page.wait_for_selector("#game option[value='mole-park']", state="attached")
    page.select_option("#game", "mole-park")
    page.select_option("#players", str(players))
    for option, value in options.items():
        page.fill(f"#option-{option}", value)
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return page.url.rsplit("/", 1)[-1]


def assert_fits(page: Page, width: int) -> None:
    """No horizontal scrolling: not the page, not the board, not any part of the board."""
    sizes = page.evaluate(
        """() => {
        const board = document.querySelector("#board");
        const drawn = document.querySelector("[data-board]").getBoundingClientRect();
        return {page: document.documentElement.scrollWidth, board: board.scrollWidth,
                boardBox: board.clientWidth, right: drawn.right};
    }"""
    )
    assert sizes["page"] <= width, sizes
    assert sizes["board"] <= sizes["boardBox"] + 1, sizes  # sub-pixel rounding
    assert sizes["right"] <= width, sizes


def shoot(page: Page, name: str) -> None:
    """Screenshots at 1280 px and at 390 px of the same moment, each checked for fit."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for viewport in (LAPTOP_800, PHONE):
        page.set_viewport_size(viewport)  # type: ignore[arg-type]
        path = ARTIFACTS / f"{name}-{viewport['width']}.png"
        page.screenshot(path=path, full_page=True, animations="disabled")
        assert_fits(page, viewport["width"])
        if viewport is PHONE:  # what a phone shows first, at full resolution
            page.screenshot(path=ARTIFACTS / f"{name}-390-screen.png", animations="disabled")
    page.set_viewport_size(LAPTOP_800)  # type: ignore[arg-type]


def pick(offered: list[str], rng: random.Random, hand_size: int) -> str:
    """A person's plain strategy: go for the Crown when allowed, cash in a full hand (so
    whacking often goes over the limit and asks for discards), take the best prize in reach,
    else anything offered."""
    for wanted in ("declare",):
        if wanted in offered:
            return wanted
    if "prize" in offered and hand_size >= HAND_LIMIT:
        return "prize"
    takes = [action for action in offered if action.startswith("take ")]
    if takes:
        return takes[-1]  # the stands are offered cheapest first
    return rng.choice(offered)


def test_a_person_plays_mole_park_at_the_drawn_table(browser: Browser, server: LiveServer) -> None:
    page = open_page(browser, f"{server.url}/", viewport=LAPTOP_800)
    # A hand limit of 3 (MP-20) makes discards common enough to be played; a round limit
    # (MP-35) keeps the game to seconds when nobody reaches the Crown.
    options = {"hand_limit": str(HAND_LIMIT), "round_limit": "20"}
    table_id = create_mole_park_table(page, server, PLAYERS, options)
    fill_bots_and_start(page)
    board = page.locator("[data-board=mole-park]")
    expect(board).to_be_visible()
    expect(board.locator(".mp-hole")).to_have_count(5)
    expect(board.locator(".mp-stand")).to_have_count(6)
    expect(board.locator(".mp-player")).to_have_count(PLAYERS)

    rng = random.Random("mole-park table")
    seen: dict[int, list[str]] = {}  # version → what the board offered then
    shot: set[str] = set()
    before: str | None = None
    while True:
        turn = page.evaluate(NEXT_TURN, [before, 20])
        assert turn is not None, f"nothing offered and no end in 20 s: {describe(page)}"
        if turn["status"] == "over":
            break
        offered: list[str] = turn["offered"]
        verb = offered[0].split(" ")[0]
        kind = "choose" if verb in ("glove", "pan", "mallet", "prize") else verb
        hand = board.locator(".mp-hand .mp-mole").count()
        if kind == "choose":
            prompt = board.locator(".mp-prompt")
            for title in DIE_TITLES:  # the words come from the engine's public data
                expect(prompt).to_contain_text(title)
            # The others' secret choices show only as "chosen" (they choose without waiting);
            # a declarer is committed to the prize die in public (MP-15).
            for seat in range(1, PLAYERS):
                player = board.locator(f".mp-player[data-seat='{seat}']")
                if not player.locator(".crown-bid").count():
                    expect(player.locator(".mp-die-status")).to_have_text("chosen ✓")
        if kind not in shot and (kind != "choose" or board.locator(".mp-reveal").count()):
            shot.add(kind)
            shoot(page, kind)
        seen[int(turn["version"])] = offered
        action = pick(offered, rng, hand)
        mine = page.evaluate(MY_MOVES)
        if click_only(page, action):
            # A bot's move can arrive before ours is taken in: wait for ours in the log.
            page.wait_for_function(f"before => ({MY_MOVES})() > before", arg=mine, polling=10)
        before = None

    expect(board.locator(".mp-waiting.over")).to_contain_text("Game over")
    expect(page.locator("#result")).not_to_be_empty()
    shoot(page, "over")
    page.click("#how-to-play summary")
    expect(page.locator("#how-to-play-body")).to_contain_text("Giant Mallet")
    board.locator(".mp-legend summary").click()
    expect(board.locator(".mp-legend")).to_contain_text("holes 4, 2, 2, 4, 1")
    shoot(page, "help")
    page.click("#replay-first")  # the replay draws the table before anything happened
    expect(page.locator("#replay-step")).to_contain_text("0 / ")
    expect(board.locator(".mp-hole")).to_have_count(5)
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_contain_text("1 / ")
    assert page.errors == []  # type: ignore[attr-defined]
    assert "choose" in shot, shot

    # A spectator gets the same table without a hand or a prompt.
    spectator = open_page(browser, f"{server.url}/tables/{table_id}", viewport=PHONE)
    watched = spectator.locator("[data-board=mole-park]")
    expect(watched.locator(".mp-player")).to_have_count(PLAYERS)
    assert watched.locator(".mp-your-hand, .mp-prompt, [data-action]").count() == 0
    assert spectator.errors == []  # type: ignore[attr-defined]  # the other prompts depend on the dice

    # Every click was a legal action, and the board offered exactly the legal actions.
    response = page.request.get(f"{server.url}/api/tables/{table_id}/record")
    assert response.ok
    record = response.json()
    state = molehaven.make("mole-park", players=PLAYERS, **record["options"]).initial_state()
    played = 0
    for number, entry in enumerate(record["actions"]):
        if number in seen:
            legal = sorted(str(action) for action in state.legal_actions(0))
            assert sorted(seen[number]) == legal, number
        if entry["seat"] == 0:
            played += 1
        state.apply(entry["seat"], entry["action"])
    assert played > 0 and seen
