"""The table chat in real browsers: two players talk, a watcher reads, and on a phone a line
said while the chat is out of view shows at the bottom of the screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import (
    PHONE,
    SCROLL_TO_THE_END,
    click_action,
    open_page,
    open_table,
    resize,
    targets,
)
from tests.server.live_server import LiveServer

LAPTOP_800 = {"width": 1280, "height": 800}


def said(text: str) -> re.Pattern[str]:
    """A chat line as shown: the time it was said (as the browser's locale writes it: "14:02"
    or "02:02 PM"), then who said what."""
    return re.compile(r"^\d\d:\d\d(\s?[AP]M)? " + re.escape(text) + "$")


def sit_as_bob(page: Page) -> None:
    """Take seat 1 as "Bob" on a table's page."""
    page.fill("#join-name", "Bob")
    page.click('[data-sit="1"]')
    expect(page.locator("#table")).to_have_attribute("data-you", "1")


def test_players_talk_and_a_watcher_reads(browser: Browser, server: LiveServer) -> None:
    ann = open_table(browser, server, "mole-hill")
    bob = open_page(browser, ann.url, viewport=PHONE)
    sit_as_bob(bob)
    watcher = open_page(browser, ann.url)
    expect(watcher.locator("#chat")).to_contain_text("Nothing said yet.")
    expect(watcher.locator("#chat-form")).to_be_hidden()  # a spectator reads only
    expect(watcher.locator("#chat-readonly")).to_be_visible()  # and is told why
    expect(ann.locator("#chat-readonly")).to_be_hidden()

    ann.fill("#chat-text", "Ready when you are, Bob <b>!</b>")
    ann.press("#chat-text", "Enter")
    expect(ann.locator("#chat-text")).to_have_value("")
    for page in (ann, bob, watcher):
        line = page.locator("#chat li[data-number='0']")
        # Text stays text: nothing a player types becomes markup on another's page.
        expect(line).to_have_text(said("Ann: Ready when you are, Bob <b>!</b>"))
        assert page.locator("#chat b").count() == 0
        # The time shows without hovering (a phone cannot), and machines can read it.
        expect(line.locator("time")).to_have_attribute("datetime", re.compile(r"^\d{4}-"))
    expect(ann.locator("#chat li.you")).to_have_count(1)

    # Bob's phone shows the top of the page, the chat far below: Ann's next line is shown at
    # the bottom of his screen, and a tap on it brings him to the chat.
    bob.evaluate("() => window.scrollTo(0, 0)")
    ann.fill("#chat-text", "Your move first?")
    ann.click("#chat-form button")
    toast = bob.locator("#chat-toast")
    expect(toast).to_have_text("Ann: Your move first?")
    # (A tap in the toast's first 0.6 s is taken as one meant for the game under it.)
    bob.wait_for_timeout(700)
    toast.click()
    expect(toast).to_be_hidden()
    expect(bob.locator("#chat-text")).to_be_in_viewport()
    bob.fill("#chat-text", "   ")  # nothing to say is not sent
    bob.press("#chat-text", "Enter")
    bob.fill("#chat-text", "Go ahead")
    bob.press("#chat-text", "Enter")
    expect(watcher.locator("#chat li")).to_have_count(3)
    expect(watcher.locator("#chat li").last).to_have_text(said("Bob: Go ahead"))
    for page in (ann, bob, watcher):
        assert page.errors == []  # type: ignore[attr-defined]


def test_say_keeps_the_cursor_and_a_refused_line_comes_back(
    browser: Browser, server: LiveServer
) -> None:
    ann = open_table(browser, server, "mole-hill")
    # A click on "Say" leaves the cursor in the box, ready for the next line.
    ann.fill("#chat-text", "hello")
    ann.click("#chat-form button")
    expect(ann.locator("#chat li[data-number='0']")).to_have_text(said("Ann: hello"))
    expect(ann.locator("#chat-text")).to_be_focused()

    # Lines sent faster than the others can read are refused: the first refused one is put
    # back in the box, to be said again, and is not in the chat.
    ann.evaluate(
        """() => { const input = document.querySelector("#chat-text");
        for (let n = 1; n <= 8; n += 1) {
            input.value = `line ${n}`;
            document.querySelector("#chat-form").requestSubmit();
        } }"""
    )
    expect(ann.locator("#chat-error")).to_have_text(
        "you are writing faster than the others can read"
    )
    refused = ann.locator("#chat-text").input_value()
    assert refused.startswith("line "), refused
    assert refused not in ann.locator("#chat").inner_text()
    assert ann.errors == []  # type: ignore[attr-defined]


def test_a_reconnection_leaves_the_lines_shown_as_they_were(
    browser: Browser, server: LiveServer
) -> None:
    """When a watcher sits, the page reconnects and the whole chat comes again: the lines
    already shown stay (a screen reader would read each one out again)."""
    ann = open_table(browser, server, "mole-hill")
    for n in range(3):
        ann.fill("#chat-text", f"line {n}")
        ann.press("#chat-text", "Enter")
    bob = open_page(browser, ann.url)
    expect(bob.locator("#chat li")).to_have_count(3)
    bob.evaluate("() => { document.querySelector('#chat li').dataset.kept = 'yes'; }")
    sit_as_bob(bob)
    expect(bob.locator("#chat-form")).to_be_visible()
    ann.fill("#chat-text", "welcome, Bob")
    ann.press("#chat-text", "Enter")
    expect(bob.locator("#chat li")).to_have_count(4)
    expect(bob.locator("#chat li").last).to_have_text(said("Ann: welcome, Bob"))
    expect(bob.locator("#chat li[data-kept='yes']")).to_have_count(1)
    assert bob.errors == []  # type: ignore[attr-defined]


SMALL_PHONE = {"width": 375, "height": 667}
# Where the chat's toast and the turn bar stand in one frame (null for one not shown).
TOAST_AND_BAR = """() => {
    const box = id => {
        const node = document.getElementById(id);
        if (!node || node.hidden) return null;
        const {top, bottom} = node.getBoundingClientRect();
        return {top, bottom};
    };
    return {toast: box("chat-toast"), bar: box("turn-bar"), height: innerHeight};
}"""


def test_a_line_said_while_the_turn_bar_shows_stands_above_it(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone both the chat's toast and the turn bar sit at the bottom of the screen: a
    line said while the bar shows rises above it, whole, instead of covering the bar's
    "Go to your move" (or hiding under it)."""
    ann = open_table(browser, server, "mole-hill")
    bob = open_page(browser, ann.url, viewport=SMALL_PHONE)
    sit_as_bob(bob)
    ann.click("#start")
    expect(bob.locator("#table")).to_have_attribute("data-status", "running")
    if ann.locator("#table").get_attribute("data-my-turn") == "true":
        assert click_action(ann, targets(ann)[0])
    # Bob reads the rules at the page's end, the board and the chat out of view, as his
    # move comes: the bar shows.
    bob.locator("#how-to-play summary").click()
    bob.evaluate(SCROLL_TO_THE_END)
    expect(bob.locator("#turn-bar")).to_be_visible()
    bob.evaluate(SCROLL_TO_THE_END)  # the page grew under the bar
    ann.fill("#chat-text", "Take your time")
    ann.press("#chat-text", "Enter")
    expect(bob.locator("#chat-toast")).to_have_text("Ann: Take your time")
    shown = bob.evaluate(TOAST_AND_BAR)
    assert shown["toast"] and shown["bar"], shown
    assert shown["toast"]["bottom"] <= shown["bar"]["top"], shown
    assert shown["toast"]["top"] >= 0 and shown["bar"]["bottom"] <= shown["height"], shown
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]


# How much of the chat box's placeholder its box shows, as the browser lays it out: the text's
# width in the box's font, and the room inside the box.
PLACEHOLDER = """() => {
    const box = document.querySelector("#chat-text");
    const style = getComputedStyle(box);
    const context = document.createElement("canvas").getContext("2d");
    context.font = style.font;
    return {
        text: box.placeholder,
        width: context.measureText(box.placeholder).width,
        room: box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
}"""


@pytest.mark.parametrize(
    "game", ["mole-hill", "mole-majority", "mole-park", "the-mole", "maulwurf-company"]
)
def test_the_chat_box_shows_its_whole_placeholder(
    browser: Browser, server: LiveServer, game: str
) -> None:
    """Beside Mole Majority's wide board at 1280x800 the side column is narrow, and the chat
    box read "Say something to the": its placeholder was cut off. It is short enough to be
    read whole beside every game's board, on a laptop and on a phone."""
    page = open_table(browser, server, game, viewport=LAPTOP_800)
    expect(page.locator("#chat-form")).to_be_visible()
    for viewport in (LAPTOP_800, PHONE):
        resize(page, viewport)
        shown = page.evaluate(PLACEHOLDER)
        assert shown["width"] <= shown["room"], (viewport, shown)
    assert page.errors == []  # type: ignore[attr-defined]
