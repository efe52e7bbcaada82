"""The Mole's prompt with its head stuck to the screen's top: the page's turn bar ("Go to your
move") and the head's line of facts, each told by what is on the screen, page scroll by page
scroll; and the page's line of what is asked, above the board. Fixed positions, at a phone's
width and a laptop's."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from molehaven.core import State
from tests.browser.pages import (
    PHONE,
    SCROLL_TO_THE_END,
    fill_bots_and_start,
    open_table,
    resize,
    show_a_fixed_position,
)
from tests.browser.test_table_page import DroppableSocket
from tests.browser.test_the_mole_prompt_head import draw_on_a_phone
from tests.browser.test_the_mole_table import (
    ARTIFACTS,
    LAPTOP_800,
    bystander_asked_to_answer,
    mole_asking,
)
from tests.browser.test_turn_bar import BAR_EVER_SHOWN
from tests.games.the_mole.helpers import asked_in_turn, p4, seat_view
from tests.server.live_server import LiveServer

FRAMES = """async () => {
    for (let i = 0; i < 3; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
}"""

# The page scrolled from its top to its end, ``step`` px at a time, a look at each place once
# the page has measured it (three frames): where the turn bar showed over a control the prompt
# offers (4 px of it or more on the screen, as a person sees a button), where it did not show
# though none of them was on the screen at all, and how many places each way were seen.
SWEEP_THE_BAR = """async step => {
    const frames = async () => {
        for (let i = 0; i < 3; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
    };
    const offered = () => [...document.querySelectorAll(
        "[data-board] .tm-prompt.task :is(button, textarea):not([disabled])")];
    const onScreen = node => {
        const box = node.getBoundingClientRect();
        return Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0));
    };
    const bar = document.querySelector("#turn-bar");
    const end = document.documentElement.scrollHeight - innerHeight;
    const over = [], missing = [];
    let shown = 0, hidden = 0;
    for (let y = 0; y <= end + step; y += step) {
        window.scrollTo(0, Math.min(y, end));
        await frames();
        const controls = offered();
        if (!controls.length) return {error: `nothing offered at ${scrollY}`};
        const seen = controls.map(onScreen);
        if (!bar.hidden) {
            shown += 1;
            const under = controls.filter((node, at) => seen[at] >= 4);
            if (under.length) over.push([scrollY, under[0].innerText || under[0].tagName]);
        } else {
            hidden += 1;
            if (seen.every(px => px === 0)) missing.push(scrollY);
        }
    }
    window.scrollTo(0, 0);
    return {over, missing, shown, hidden};
}"""

# The page scrolled so that the prompt's first control (the way to the answer box) is just
# above the screen's top; whether a ready-made answer is then whole on the screen and not
# under the prompt's head (the point at its middle belongs to it).
PAST_THE_FIRST_CONTROL = """async () => {
    const first = document.querySelector("[data-board] .tm-prompt.task button");
    window.scrollBy(0, first.getBoundingClientRect().bottom + 8);
    for (let i = 0; i < 3; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
    return [...document.querySelectorAll("[data-board] .tm-answer")].some(node => {
        const box = node.getBoundingClientRect();
        if (box.top < 0 || box.bottom > innerHeight) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !!hit && (node === hit || node.contains(hit));
    });
}"""


# At the page's next scroll, a scroll of its own by 16 px (as the prompt's head does).
SCROLLED_ON_THE_WAY = """() => addEventListener(
    "scroll", () => scrollBy({top: -16, behavior: "instant"}), {once: true})"""


def live_table_showing(
    browser: Browser, server: LiveServer, viewport: dict[str, int], state: State, seat: int
) -> Page:
    page = open_table(browser, server, "the-mole", players=state.game.players, viewport=viewport)
    fill_bots_and_start(page)
    show_a_fixed_position(page, *seat_view(state, seat))
    expect(page.locator("#table")).to_have_attribute("data-my-turn", "true")
    expect(page.locator("[data-board] .tm-prompt.task")).to_be_visible()
    return page


POSITIONS = {"answer": (bystander_asked_to_answer, 0), "ask": (mole_asking, 3)}


@pytest.mark.bot_delay(0.3)
@pytest.mark.parametrize(
    ("move", "width"), [("answer", 390), ("answer", 1280), ("ask", 390)], ids=str
)
def test_the_turn_bar_never_lies_over_the_prompts_choices(
    browser: Browser, server: LiveServer, move: str, width: int
) -> None:
    """The page watched the prompt's first control (the way to the answer box, or the first
    player to ask), and the prompt's head sticks to the screen's top while the 12 ready-made
    answers or the question cards scroll under it: once that control had scrolled off the top,
    "Go to your move" came up at the screen's foot, over the answers still on the screen. Now
    the board names every control of the prompt, and the bar shows only while none of them is
    on the screen at all: scrolled from the page's top to its end, a phone's and a laptop's,
    the bar never lies over one of them and still shows wherever none is on the screen (on a
    phone: at 1280 x 800 the page's end still shows the prompt's foot)."""
    position, seat = POSITIONS[move]
    viewport = PHONE if width == 390 else LAPTOP_800
    page = live_table_showing(browser, server, viewport, position(), seat)
    if move == "answer":
        # The way to the answer box just off the top, ready-made answers on the screen: no bar.
        assert page.evaluate(PAST_THE_FIRST_CONTROL)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"bar-past-the-first-control-{width}.png"))
        assert not page.evaluate(BAR_EVER_SHOWN, 800)
    swept = page.evaluate(SWEEP_THE_BAR, 40)
    assert swept.get("error") is None, swept
    assert swept["over"] == [] and swept["missing"] == [], swept
    assert swept["hidden"] >= 3, swept
    if width > 390:  # at 1280 x 800 the page's end still shows the prompt's foot: no bar
        assert swept["shown"] == 0, swept
        return
    assert swept["shown"] >= 3, swept

    # From the page's end "Go to your move" brings a control of the prompt into view, even
    # when the page is scrolled under its smooth scroll: the head's line of facts that comes or
    # goes on the way keeps the choices in place by scrolling the page as far (``settleFacts``),
    # which cuts a smooth scroll short, and in two whole runs the page stopped halfway, the bar
    # standing. Here that scroll comes at the first step of every smooth scroll.
    page.evaluate(SCROLL_TO_THE_END)
    expect(page.locator("#turn-bar")).to_be_visible()
    page.evaluate(SCROLLED_ON_THE_WAY)
    page.get_by_role("button", name="Go to your move").click()
    expect(page.locator("#turn-bar")).to_be_hidden()
    focused = page.locator("[data-board] .tm-prompt.task :focus")
    expect(focused).to_be_in_viewport()
    assert page.errors == []  # type: ignore[attr-defined]


# The page scrolled from its top to the prompt's end, ``step`` px at a time, a look at each
# place once the board has measured it: each fact of the prompt's head that showed though
# what it copies (the page's clock, the answers given in the round's facts, the card) was
# whole on the screen, and each that did not show though its original was not; and the
# facts line as read at the page's top.
SWEEP_THE_FACTS = """async step => {
    const frames = async () => {
        for (let i = 0; i < 3; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
    };
    const board = document.querySelector("[data-board='the-mole']");
    const originals = {
        "tm-clock-copy": () => document.querySelector("#clock"),
        "answers": () => board.querySelector(".tm-status .tm-answers-given"),
        "tm-prompt-card": () => board.querySelector(".tm-card .tm-card-title"),
    };
    const kind = fact => fact.className.includes("clock") ? "tm-clock-copy"
        : fact.className.includes("card") ? "tm-prompt-card"
        : fact.textContent.startsWith("Answers") ? "answers" : null;
    const whole = node => {
        const box = node.getBoundingClientRect();
        return box.top >= -1 && box.bottom <= innerHeight + 1;
    };
    const prompt = board.querySelector(".tm-prompt.task");
    const end = Math.min(document.documentElement.scrollHeight - innerHeight,
        prompt.getBoundingClientRect().bottom + scrollY);
    const twice = [], unsaid = [], lines = {};
    for (let y = 0; y <= end + step; y += step) {
        window.scrollTo(0, Math.min(y, end));
        await frames();
        const line = board.querySelector(".tm-prompt-facts");
        lines[scrollY] = line.checkVisibility() ? line.innerText.replace(/\\s+/g, " ") : null;
        for (const fact of line.children) {
            const what = kind(fact);
            if (!what) continue;
            const shown = fact.checkVisibility();
            const original = whole(originals[what]());
            if (shown && original) twice.push([scrollY, what]);
            if (!shown && !original) unsaid.push([scrollY, what]);
        }
    }
    window.scrollTo(0, 0);
    return {twice, unsaid, lines};
}"""


def draw_at(browser: Browser, server: LiveServer, width: int, move: str) -> Page:
    position, seat = POSITIONS[move]
    page = draw_on_a_phone(browser, server, position(), seat)
    if width != 390:
        resize(page, LAPTOP_800)
        page.evaluate(FRAMES)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.evaluate(FRAMES)
    return page


@pytest.mark.draws_only
@pytest.mark.parametrize(
    ("move", "width"), [("answer", 390), ("answer", 1280), ("ask", 390), ("ask", 1280)], ids=str
)
def test_the_prompts_head_says_no_fact_twice(
    browser: Browser, server: LiveServer, move: str, width: int
) -> None:
    """The head's line of facts ("4:05 left", "Answers: 2 of 20", "You are a spy at the
    Bakery") repeated the clock right above the card, the card right above the prompt, and on
    a laptop the round's facts beside it: with the page at its top, all of it was said twice.
    Now each fact shows only while what it copies is not whole on the screen, and the line goes
    when none shows: at a laptop's top there is no line; at a phone's, only the answers given
    (the round's facts come after the prompt); with the card scrolled away, all three.
    Scrolled down the prompt a step at a time, no fact shows whose original is whole on the
    screen, and none is missing whose original is not."""
    page = draw_at(browser, server, width, move)
    facts = page.locator("[data-board] .tm-prompt-facts")
    asking = "Asking Ann " if move == "ask" else ""
    answers = "Answers: 2 of 20" if move == "answer" else "Answers: 1 of 20"
    card = "You are a spy at the Bakery" if move == "answer" else "You are the Mole"
    if width == 390:
        expect(facts).to_have_text(f"{asking}{answers}", use_inner_text=True)
    elif asking:
        expect(facts).to_have_text(asking.strip(), use_inner_text=True)
    else:
        expect(facts).to_be_hidden()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"facts-{move}-top-{width}.png"))

    # The card and the clock scrolled away above.
    card_box = page.locator("[data-board] .tm-card").bounding_box()
    assert card_box is not None
    page.evaluate(f"() => window.scrollTo(0, {card_box['y'] + card_box['height'] + 40})")
    page.evaluate(FRAMES)
    expect(facts).to_contain_text("4:05 left", use_inner_text=True)
    expect(facts).to_contain_text(card, use_inner_text=True)
    page.screenshot(path=str(ARTIFACTS / f"facts-{move}-scrolled-{width}.png"))

    swept = page.evaluate(SWEEP_THE_FACTS, 30)
    assert swept["twice"] == [] and swept["unsaid"] == [], swept
    assert page.errors == []  # type: ignore[attr-defined]


# The page scrolled from its top to the prompt's end, ``step`` px at a time, a look at each
# place once the board has measured it: where the prompt's first choice (a ready-made answer,
# a question card) stood on the screen against where the scroll asked for put it (as far up
# as the page was asked to scroll from where it was), by more than a pixel; where the head's
# facts line showed; and how many times its height changed (it came, went, or took a line
# more or less).
SWEEP_THE_CHOICES = """async step => {
    const frames = async () => {
        for (let i = 0; i < 3; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
    };
    const board = document.querySelector("[data-board='the-mole']");
    const prompt = board.querySelector(".tm-prompt.task");
    const choice = prompt.querySelector(".tm-answer, .tm-question-card");
    const line = prompt.querySelector(".tm-prompt-facts");
    const end = Math.min(document.documentElement.scrollHeight - innerHeight,
        prompt.getBoundingClientRect().bottom + scrollY) - 40;
    const tall = () => line.getBoundingClientRect().height;
    const jumps = [], shown = [];
    let was = tall(), changes = 0;
    for (let y = step; y <= end; y += step) {
        const from = scrollY, top = choice.getBoundingClientRect().top;
        window.scrollTo(0, y);
        await frames();
        const off = choice.getBoundingClientRect().top - (top - (y - from));
        if (Math.abs(off) > 1) jumps.push([y, Math.round(off)]);
        if (line.checkVisibility()) shown.push(scrollY);
        if (Math.abs(tall() - was) >= 1) changes += 1;
        was = tall();
    }
    window.scrollTo(0, 0);
    return {jumps, shown, changes};
}"""


@pytest.mark.draws_only
@pytest.mark.parametrize("width", [390, 1280], ids=str)
def test_the_choices_stay_put_as_the_heads_facts_come_and_go(
    browser: Browser, server: LiveServer, width: int
) -> None:
    """The head's line of facts came in the head as the page was scrolled (the clock and the
    card gone off the screen's top), and pushed the ready-made answers under it a line down
    the screen (16 px on a phone, 20 at 1280 px), and back up as it went. Now the page
    scrolls with the line, as far: the answers stay where they were on the screen and the
    head grows or shrinks above them. Scrolled down the prompt a step at a time, the first
    answer moves up the screen exactly as far as the page was asked to scroll, every step,
    while the line comes, or grows, on the way. (Fails on the old page: the first answer
    jumped 16 px down a phone's screen, 20 px at 1280 px.)"""
    page = draw_at(browser, server, width, "answer")
    swept = page.evaluate(SWEEP_THE_CHOICES, 10)
    assert swept["jumps"] == [], swept
    assert swept["shown"] and swept["changes"] >= 1, swept
    assert page.errors == []  # type: ignore[attr-defined]


# The room the page's line of what is asked takes between the turn line and what follows it
# (the round's clock, or the board), beyond the turn line's own margin.
ASKED_BAND = """() => {
    const turn = document.querySelector("#turn");
    const next = [document.querySelector("#clock"), document.querySelector("#board")]
        .find(node => node.checkVisibility());
    return next.getBoundingClientRect().top - turn.getBoundingClientRect().bottom
        - parseFloat(getComputedStyle(turn).marginBottom);
}"""


@pytest.mark.bot_delay(0.3)
def test_on_a_phone_no_blank_band_waits_for_what_is_asked(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone the page's line of what is asked kept two lines (48 px) above the clock
    whether or not anything was asked: in The Mole nothing is, most of the game, and the
    line was a blank band. There the prompt, right under the card, says in full what is
    asked ("Dan asks you" and the question): the line takes no room, waiting or asked, so
    the board does not jump as a question comes either; "Go to your move" still says its
    words, and while the connection is down the line says what that means. (Fails on the old
    page: the band was 48 px high.)"""
    waiting = asked_in_turn(p4(question_limit=20), (1, 2), (2, 3))
    page = open_table(browser, server, "the-mole", players=4, viewport=PHONE)
    # Easy bots, not random ones: a random Mole guesses the place whenever it may, and once
    # the game had ended before the third tab below opened on it (a whole run, 2026-11-28).
    fill_bots_and_start(page, "easy")
    show_a_fixed_position(page, *seat_view(waiting, 0))
    expect(page.locator("#turn")).to_have_text(re.compile(r"^Waiting for"))
    expect(page.locator("[data-board] .tm-prompt")).to_be_visible()
    assert page.evaluate(ASKED_BAND) <= 1, page.evaluate(ASKED_BAND)
    expect(page.locator("#asked")).to_be_hidden()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "asked-line-waiting-390.png"))

    # The same seat, asked: another tab of the table shows it.
    asked = page.context.new_page()
    asked.set_default_timeout(15_000)
    show_a_fixed_position(asked, *seat_view(bystander_asked_to_answer(), 0), reload=False)
    asked.goto(page.url)
    expect(asked.locator("#table")).to_have_attribute("data-my-turn", "true")
    expect(asked.locator("#asked")).to_have_text("You answer the question.")
    expect(asked.locator("#asked")).to_be_hidden()
    assert asked.evaluate(ASKED_BAND) <= 1, asked.evaluate(ASKED_BAND)
    asked.screenshot(path=str(ARTIFACTS / "asked-line-asked-390.png"))
    asked.evaluate(SCROLL_TO_THE_END)
    expect(asked.locator("#turn-bar")).to_contain_text("You answer the question.")

    # The connection lost: the line says that moves cannot be sent.
    lost = page.context.new_page()
    lost.set_default_timeout(15_000)
    wire = DroppableSocket(lost)
    lost.goto(page.url)
    expect(lost.locator("[data-board] .tm-prompt")).to_be_visible()
    wire.drop()
    expect(lost.locator("#asked")).to_be_visible()
    expect(lost.locator("#asked")).to_have_text(
        "Reconnecting: your moves cannot be sent until the connection is back."
    )
    assert page.errors == []  # type: ignore[attr-defined]
