"""What The Mole asks of a seat stays on the screen with the choices it is answered by: the
prompt's head (who asks, the question, the time left and the seat's card) sticks to the
screen's top while the ready-made answers, the question cards or the ballots pass under it.
Drawn for fixed positions, at a phone's width and a laptop's."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from molehaven.core import State
from tests.browser.pages import PHONE, draw_alone, open_page, resize
from tests.browser.test_the_mole_moves import NAMES
from tests.browser.test_the_mole_table import (
    ARTIFACTS,
    LAPTOP_800,
    bystander_asked_to_answer,
    mole_asking,
)
from tests.games.the_mole.helpers import seat_view
from tests.server.live_server import LiveServer

# Whether each selector's first node in the board is whole on the screen (1 px for subpixels:
# it is scrolled to the screen's edge) and not under something else (the point at its middle
# belongs to it), by selector.
SEEN = """selectors => Object.fromEntries(selectors.map(selector => {
    const node = document.querySelector(`[data-board] ${selector}`);
    if (!node) return [selector, false];
    const box = node.getBoundingClientRect();
    if (box.top < -1 || box.bottom > innerHeight + 1 || box.left < 0 || box.right > innerWidth) {
        return [selector, false];
    }
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return [selector, !!hit && (node === hit || node.contains(hit))];
}))"""

# Scrolls the page so that the node's middle (``at`` 0.5) or its bottom (``at`` 1) stands at
# the same height on the screen; then waits a frame.
SCROLL_TO = """async ([selector, at]) => {
    const box = document.querySelector(`[data-board] ${selector}`).getBoundingClientRect();
    window.scrollBy(0, box.top + box.height * at - innerHeight * at);
    await new Promise(resolve => requestAnimationFrame(resolve));
}"""

FRAMES = """async () => {
    for (let i = 0; i < 2; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
}"""

# The page's round clock, as table.js draws it above the board (a board drawn alone has none).
CLOCK = """text => {
    let clock = document.querySelector("#clock");
    if (!clock) {
        clock = document.createElement("p");
        clock.id = "clock";
        clock.className = "clock";
        document.querySelector("main").prepend(clock);
    }
    clock.textContent = text;
}"""


def draw_on_a_phone(browser: Browser, server: LiveServer, state: State, seat: int) -> Page:
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.evaluate(CLOCK, "Time left this round: 4:05")
    observation, offered = seat_view(state, seat)
    page.evaluate(draw_alone("the-mole", "null"), [observation, offered, seat, NAMES])
    return page


HEAD = [".tm-prompt h3", ".tm-prompt-facts"]


@pytest.mark.draws_only
def test_a_question_put_to_a_phone_player_stays_in_view_with_the_answers(
    browser: Browser, server: LiveServer
) -> None:
    """A reviewer on a phone (390 x 844) was asked a question with the page where their last
    tap had left it, in the middle of the 12 ready-made answers: the question, who asked it,
    the round's time left and their card were all scrolled away above, in a timed game of
    bluff. The page does not scroll by itself (the person may be reading); the prompt's head
    now stays at the screen's top while its answers are on the screen: with the middle answer
    at the screen's middle, and with "Send my answer" at its foot, the question, who asks,
    the time left (the round's clock, ticking, and the answers left) and the card are whole on
    the screen above the answers, and an answer pressed there is the one sent."""
    page = draw_on_a_phone(browser, server, bystander_asked_to_answer(), 0)
    head = [*HEAD, ".tm-asked"]
    expect(page.locator("[data-board] .tm-prompt h3")).to_have_text("Dan asks you")
    answers = page.locator("[data-board] .tm-answer")
    middle = answers.count() // 2
    page.evaluate(SCROLL_TO, [f".tm-answer:nth-child({middle + 1})", 0.5])
    assert page.evaluate("() => scrollY") > 0
    seen = page.evaluate(SEEN, [*head, f".tm-answer:nth-child({middle + 1})"])
    assert all(seen.values()), seen
    facts = page.locator("[data-board] .tm-prompt-facts")
    expect(facts).to_have_text(
        "4:05 left Answers: 2 of 20 You are a spy at the Bakery", use_inner_text=True
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "asked-mid-answers-390.png"))
    # The clock ticks on in the head, as above the board.
    page.evaluate(CLOCK, "Time left this round: 4:04")
    expect(facts.locator(".tm-clock-copy")).to_have_text("4:04 left")

    page.evaluate(SCROLL_TO, ["[data-own-answer]", 1])
    seen = page.evaluate(SEEN, [*head, "[data-own-answer]", "#tm-own-words"])
    assert all(seen.values()), seen
    page.screenshot(path=str(ARTIFACTS / "asked-own-words-390.png"))
    last = answers.last
    last.click()
    assert page.evaluate("() => window.clicked") == [last.get_attribute("data-action")]

    # At 1280 x 800 the answers and the box go below the first screen too.
    resize(page, LAPTOP_800)
    page.evaluate(FRAMES)  # the board fits its columns to the new size
    page.evaluate(SCROLL_TO, ["[data-own-answer]", 1])
    seen = page.evaluate(SEEN, [*head, "[data-own-answer]"])
    page.screenshot(path=str(ARTIFACTS / "asked-own-words-1280.png"))
    assert all(seen.values()), seen
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_phone_player_asking_sees_whom_they_ask_with_the_question_cards(
    browser: Browser, server: LiveServer
) -> None:
    """Asking, the whom (chips) and the what (question cards) are a screen tall on a phone:
    with the last card at the screen's foot, the prompt's head says it is this seat's turn to
    ask, whom it asks, the time left and the answers given; the card, whole on the screen
    above the prompt, is not said again (test_the_mole_bar.py)."""
    page = draw_on_a_phone(browser, server, mole_asking(), 3)
    page.evaluate(SCROLL_TO, [".tm-question-card:last-child", 1])
    seen = page.evaluate(SEEN, [*HEAD, ".tm-question-card:last-child", ".tm-card"])
    assert all(seen.values()), seen
    picked = page.locator("[data-board] .tm-chip.picked").inner_text()
    expect(page.locator("[data-board] .tm-prompt-facts")).to_have_text(
        f"Asking {picked} 4:05 left Answers: 1 of 20", use_inner_text=True
    )
    page.screenshot(path=str(ARTIFACTS / "asking-last-card-390.png"))
    assert page.errors == []  # type: ignore[attr-defined]
