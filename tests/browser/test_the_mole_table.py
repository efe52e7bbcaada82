"""The Mole's drawn table in a real browser: a person plays a whole game against bots by
clicking the table alone, with screenshots at laptop and phone widths saved under
``test-artifacts/the-mole/`` (git-ignored) for a person to look at. (An answer typed in the
player's own words, refused and then taken, goes round a live table of three people in
test_the_mole_moves.py: random bots asked the person only now and then.)
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from molehaven.core import State
from molehaven.games.the_mole.content import LOCATION_BY_ID
from tests.browser.pages import (
    CHANGED,
    OFFERED,
    PHONE,
    SCROLL_TO_THE_END,
    UNTIL,
    click_only,
    describe,
    draw_alone,
    fill_bots_and_start,
    open_page,
    resize,
)
from tests.games.the_mole.helpers import (
    apply_all,
    asked_in_turn,
    deal_round,
    first_legal,
    legal,
    new_game,
    p4,
)
from tests.server.live_server import LiveServer

# Bots at full speed could end every round before a person's first click (see test_play).
pytestmark = pytest.mark.bot_delay(0.1)

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "the-mole"
LAPTOP_800 = {"width": 1280, "height": 800}

PAGE_WIDTH = "() => document.documentElement.scrollWidth"


def create_mole_table(
    page: Page, server: LiveServer, *, players: int | None = None, question_limit: int = 2
) -> None:
    """The lobby's form with short rounds: 2 answers a round, unless said otherwise."""
    page.goto(f"{server.url}/")
    page.wait_for_selector("#game option[value='the-mole']", state="attached")
    page.select_option("#game", "the-mole")
    if players is not None:
        page.select_option("#players", str(players))
    page.fill("#option-target_score", "5")
    page.fill("#option-question_limit", str(question_limit))
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")


def shoot(page: Page, name: str) -> None:
    """Screenshots at 1280 and 390 px; neither width may scroll sideways or cut a table."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, viewport in ((1280, LAPTOP_800), (390, PHONE)):
        resize(page, viewport)
        page.evaluate("() => new Promise(resolve => requestAnimationFrame(resolve))")
        assert page.evaluate(PAGE_WIDTH) <= width, f"{name} scrolls sideways at {width} px"
        cut = page.evaluate(
            """() => [...document.querySelectorAll("[data-board] table")]
                .filter(t => t.getBoundingClientRect().right > window.innerWidth + 1).length"""
        )
        assert cut == 0, f"a table is cut off at {width} px on {name}"
        page.screenshot(path=str(ARTIFACTS / f"{name}-{width}.png"), full_page=True)
    resize(page, LAPTOP_800)


# One look at the board, taken in a single frame so that the bots cannot change it midway.
# ``notLegal``: board targets that are not among the seat's legal actions (the page's fallback
# buttons are drawn from ``legal`` in the same frame as the board, so they are the reference).
SNAPSHOT = """() => {
    const board = document.querySelector("[data-board='the-mole']");
    const text = selector => board.querySelector(selector)?.innerText ?? null;
    const legal = new Set([...document.querySelectorAll("#action-buttons button[data-action]")]
        .map(button => button.dataset.action));
    const targets = [...board.querySelectorAll("[data-action]")].map(node => node.dataset.action);
    return {
        round: board.dataset.round, title: text(".tm-prompt h3"), prompt: text(".tm-prompt"),
        asked: text(".tm-asked"), talk: text(".tm-talk"),
        mole: !!board.querySelector(".tm-card.mole"),
        accuse: !!board.querySelector("[data-open='accuse'], .tm-accuse"),
        guess: !!board.querySelector("[data-open='guess']"),
        points: [...board.querySelectorAll(".tm-point")].map(node => node.innerText),
        notLegal: targets.filter(action => !legal.has(action)),
        targets, legal: [...legal], version: document.querySelector("#table").dataset.version,
        task: board.querySelector(".tm-prompt")?.dataset.task ?? null,
        turnLit: document.querySelector("#turn").classList.contains("you"),
        sending: document.querySelector("#turn").textContent === "Sending your move…",
    };
}"""
GAMES = 8
REQUIRED = {"ask", "answer", "nominate", "vote", "point"}

# Like ``pages.NEXT_TURN``, but a vote that may be called counts as something to do while
# ``accuse`` is true: calling one is never required, so nothing else would wait for it.
NEXT_CHANCE = f"""([before, seconds, accuse]) => {{
    const table = document.querySelector("#table");
    const moved = () => before === null || ({CHANGED})(before);
    const offered = {OFFERED};
    const canAccuse = () => accuse && document.querySelector(
        "[data-board] [data-open='accuse'], [data-board] .tm-accuse") !== null;
    return ({UNTIL})(() => {{
        if (moved() && (table.dataset.status === "over" || offered().length || canAccuse())) {{
            return {{status: table.dataset.status, version: table.dataset.version}};
        }}
        return null;
    }}, seconds);
}}"""


def click_ui(page: Page, selector: str) -> bool:
    """Click a control of the board that is no game action (a choice, a note); False when the
    game moved on and it went away."""
    try:
        page.locator(f"[data-board] {selector}").first.click(timeout=2_000)
    except PlaywrightError:
        return False
    return True


def play_one_game(page: Page, rng: random.Random, done: set[str], shots: set[str]) -> None:
    """Play the game on ``page`` to its end by clicking, trying every prompt ``done`` lacks."""
    before: str | None = None
    while True:
        seen = page.evaluate(NEXT_CHANCE, [before, 20, "nominate" not in done])
        assert seen is not None, f"nothing offered and the game did not end: {describe(page)}"
        if seen["status"] == "over":
            return
        before = None  # unless an action is sent below, look again at once
        look = page.evaluate(SNAPSHOT)
        assert look["notLegal"] == [], describe(page)
        # The turn line is lit exactly when the game waits on this seat, not merely because a
        # vote may be called (the board's turn() hook words it), unless this seat's move is on
        # its way (a stale one sent again, as the update that overtook it was drawn): then it
        # says so, unlit, while the board still shows the task.
        assert look["turnLit"] == (look["task"] == "yes" and not look["sending"]), describe(page)
        offered: list[str] = look["targets"]
        seen["version"] = look["version"]
        if "nominate" not in done and look["accuse"] and not offered:
            # Call the round's one vote: a prompt that says what follows, then a seat.
            opened = page.locator("[data-board] .tm-accuse").count() > 0
            if opened or click_ui(page, "[data-open='accuse']"):
                accuse = page.evaluate(
                    "() => [...document.querySelectorAll('[data-board] .tm-accuse')]"
                    ".map(button => [button.dataset.action, button.innerText])"
                )
                if accuse:
                    action, label = accuse[0]
                    assert label.startswith("Accuse ") and action.startswith("nominate ")
                    if click_only(page, action):
                        done.add("nominate")
                        before = str(seen["version"])
            continue
        if not offered:
            continue  # the game moved on since the wait
        verb = offered[0].split(" ")[0]
        action = rng.choice(offered)
        if verb in ("answer", "vote", "point"):  # every choice of the prompt is on the table
            shown = sorted(a for a in offered if a.startswith(verb))
            assert shown == sorted(a for a in look["legal"] if a.startswith(verb))
        if verb == "ask":
            if "ask" not in shots:
                shots.add("ask")
                shoot(page, "ask")
            chips = page.locator("[data-board] [data-ask-target]")
            chip = f"[data-ask-target]:nth-child({rng.randrange(max(1, chips.count())) + 1})"
            if not click_ui(page, chip):
                continue
            picked, cards = page.evaluate(
                """() => [document.querySelector("[data-board] .tm-chip.picked")?.dataset.askTarget,
                    [...document.querySelectorAll("[data-board] .tm-question-card")]
                        .map(card => [card.dataset.action, card.innerText])]"""
            )
            if not cards:
                continue
            assert all(a.startswith(f"ask {picked} q") and len(text) >= 10 for a, text in cards)
            action = rng.choice(cards)[0]
            done.add("ask")
        elif verb == "answer":
            assert look["title"].endswith("asks you"), look
            assert look["asked"] and look["asked"] in look["talk"]
            done.add("answer")
            if "answer" not in shots:
                shots.add("answer")
                shoot(page, "answer")
        elif verb == "vote":
            # "Bea accuses Cy …", or "You accuse Cy …" when the person called the vote
            assert " accuse" in look["title"] and "of being the Mole" in look["title"], look
            assert "votes yes" in look["prompt"] and "the Mole scores 2" in look["prompt"]
            done.add("vote")
            if "vote" not in shots:
                shots.add("vote")
                shoot(page, "vote")
        elif verb == "point":
            assert "ran out of time without anyone convicted" in look["prompt"], look
            assert look["points"] and all(t.startswith("Point at ") for t in look["points"])
            done.add("point")
            if "point" not in shots:
                shots.add("point")
                shoot(page, "final-vote")
        ready_to_guess = look["mole"] and look["guess"] and "guess" not in done
        # The Mole's guess, picked on the list of places once the rest has been tried.
        if ready_to_guess and done >= REQUIRED and click_ui(page, "[data-open='guess']"):
            guesses: list[str] = page.evaluate(
                "() => [...document.querySelectorAll('[data-board] .tm-guess')]"
                ".map(button => button.dataset.action)"
            )
            if guesses:  # else the round ended meanwhile
                assert len(guesses) == 16 and all(g.startswith("guess ") for g in guesses)
                action = rng.choice(guesses)
                done.add("guess")
        if click_only(page, action):
            before = str(seen["version"])


def test_a_person_plays_the_mole_against_bots_by_clicking_the_table(
    browser: Browser, server: LiveServer
) -> None:
    page = open_page(browser, f"{server.url}/", viewport=LAPTOP_800)
    rng = random.Random(13)
    done: set[str] = set()
    shots: set[str] = set()
    # Chance deals the Mole at random and random bots cut rounds short, so a prompt may not
    # come up in one game: play another (two or three are usually enough).
    for game in range(GAMES):
        create_mole_table(page, server)
        fill_bots_and_start(page)
        board = page.locator("[data-board='the-mole']")
        expect(board.locator(".tm-grid > li")).to_have_count(16)
        if game == 0:
            expect(page.locator("#how-to-play summary")).to_have_text("How to play")
            check_notepad(page)
        play_one_game(page, rng, done, shots)
        expect(page.locator("#result")).not_to_be_empty()
        expect(board.locator(".tm-prompt h3")).to_have_text("The game is over")
        assert board.locator(".tm-history-table tbody tr").count() >= 1
        check_history(page)
        assert page.errors == []  # type: ignore[attr-defined]
        if done >= REQUIRED:
            break
    assert done >= REQUIRED, f"prompts never offered in {GAMES} games: {REQUIRED - done}"
    shoot(page, "over")


def check_history(page: Page) -> None:
    """The rounds played name each score once ("+1 to everyone but Ann", not "+1" after every
    name), and on a phone every round fits the screen's width (cards, no header row)."""
    table = page.locator(".tm-history-table")
    cells = table.locator("tbody td:nth-child(5)").all_inner_texts()  # the Points column
    assert cells
    for points in cells:
        scores = re.findall(r"\+\d+", points)
        assert len(scores) == len(set(scores)), points
    resize(page, {"width": 390, "height": 844})
    try:
        fits = page.evaluate(
            """() => [...document.querySelectorAll('.tm-history-table td')].every((cell) =>
                 cell.scrollWidth <= cell.clientWidth
                 && cell.getBoundingClientRect().right <= document.documentElement.clientWidth)"""
        )
        assert fits, "a round played overflows a phone's width"
    finally:
        resize(page, LAPTOP_800)


def check_notepad(page: Page) -> None:
    """Crossing off a place is a private note kept in this browser, not a game action."""
    board = page.locator("[data-board='the-mole']")
    round_before = board.get_attribute("data-round")
    farm = board.locator("[data-place='farm']")
    assert farm.get_attribute("data-action") is None  # a note, not a game action
    farm.click()
    crossed = board.locator("li.crossed [data-place='farm']").count()
    assert (
        crossed == 1 or board.get_attribute("data-round") != round_before
    )  # a new round, new notes
    notes = page.evaluate(
        "() => Object.entries(localStorage).filter(([key]) => key.includes('the-mole.notes'))"
        ".map(([, value]) => value).join()"
    )
    assert '"farm"' in notes


# Standard position P4 (tests/games/the_mole): seat 3 is the Mole; each position below asks
# something else of it.
def mole_asked_to_answer() -> State:
    state = apply_all(p4(), "1: ask 3 q2")
    while state.is_chance():  # the asker draws a new card
        state.apply(-1, state.chance_outcomes()[0][0])
    return state


def mole_asking() -> State:
    state = mole_asked_to_answer()
    return apply_all(state, f"3: {min(a for a in legal(state, 3) if a.startswith('answer'))}")


def mole_voting() -> State:
    return apply_all(p4(), "0: nominate 1")


def mole_pointing() -> State:
    state = apply_all(p4(question_limit=1), "1: ask 2 q2")
    while state.is_chance():
        state.apply(-1, state.chance_outcomes()[0][0])
    return apply_all(state, f"2: {min(a for a in legal(state, 2) if a.startswith('answer'))}")


# The height of every control the board shows (buttons, the answer box, the legend's line),
# the smallest first, with its words.
CONTROLS = """() => [...document.querySelectorAll(
        "[data-board] button, [data-board] summary, [data-board] textarea")]
    .filter(node => node.getClientRects().length)
    .map(node => [node.getBoundingClientRect().height, node.innerText.trim().slice(0, 30)])
    .sort((a, b) => a[0] - b[0])"""
# How close any other control comes to a Guess button, in px (the larger of the horizontal
# and the vertical gap between their boxes).
NEAREST_TO_A_GUESS = """() => {
    const boxes = selector => [...document.querySelectorAll(`[data-board] ${selector}`)]
        .map(node => [node, node.getBoundingClientRect()]);
    const gap = (a, b) => Math.max(a.left - b.right, b.left - a.right, a.top - b.bottom,
        b.top - a.bottom);
    const others = boxes("button");
    return Math.min(...boxes(".tm-guess").flatMap(([guess, a]) =>
        others.filter(([node]) => node !== guess).map(([, b]) => gap(a, b))));
}"""
TABLET_UPRIGHT = {"width": 768, "height": 1024}
TABLET_SIDEWAYS = {"width": 1024, "height": 768}


def width_id(viewport: dict[str, int]) -> str:
    return f"{viewport['width']}x{viewport['height']}"


@pytest.mark.draws_only
@pytest.mark.parametrize(
    "position", [p4, mole_asked_to_answer, mole_asking, mole_voting, mole_pointing]
)
def test_every_control_of_the_table_is_a_finger_high(
    browser: Browser, server: LiveServer, position: object
) -> None:
    """On phones and tablets a finger needs a target of about 40 px. The Mole's "Guess"
    buttons, which end the round and cannot be taken back, were 22 px high, 2 px under their
    place's note and 5 px from the place below and the Guess beside, so a finger meant for a
    note, or for one place's guess, could guess another place; the question chips, answers,
    ballots, pointing buttons and "Send my answer" were 32 px high, "Call a vote…" 31 px and
    the legend's line 16 px. Each is now at least 40 px high at 390, 768 and 1024 px, with a
    guess's choices shown; no control comes within 6 px of a Guess button, and one tapped
    where it is drawn makes that guess."""
    state = position()  # type: ignore[operator]
    seat = 3
    seen = state.observation(seat)
    offered = sorted(str(action) for action in state.legal_actions(seat))
    names = ["Ann", "Bea", "Cy", "Dan"]
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    for viewport in (PHONE, TABLET_UPRIGHT, TABLET_SIDEWAYS):
        resize(page, viewport)
        page.evaluate(draw_alone("the-mole", "null"), [seen, offered, seat, names])
        toggle = page.locator("[data-board] [data-open='guess']")
        if toggle.count():  # the Mole's choices stay open through the redraws that follow
            toggle.click()
        controls = page.evaluate(CONTROLS)
        assert controls and controls[0][0] >= 40, (viewport["width"], controls[:5])
    guess = page.locator("[data-board] .tm-guess")
    if guess.count():
        assert page.evaluate(NEAREST_TO_A_GUESS) >= 6, "a control stands close to a Guess button"
        aimed = str(guess.nth(4).get_attribute("data-action"))
        guess.nth(4).click()  # a real click at its centre, not forced
        assert page.evaluate("() => window.clicked") == [aimed]
    assert page.errors == []  # type: ignore[attr-defined]


def draw_four_seat_position(
    browser: Browser, server: LiveServer, state: State, *, seat: int
) -> Page:
    """A phone's page with The Mole's board drawn alone for ``seat`` of a 4-player ``state``
    (players Ann, Bea, Cy and Dan), offering that seat's legal actions."""
    seen = state.observation(seat)
    offered = sorted(str(action) for action in state.legal_actions(seat))
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    page.evaluate(
        draw_alone("the-mole", "null"), [seen, offered, seat, ["Ann", "Bea", "Cy", "Dan"]]
    )
    return page


@pytest.mark.draws_only
def test_each_guess_button_names_its_place_to_a_screen_reader(
    browser: Browser, server: LiveServer
) -> None:
    """The Mole's 16 "Guess" buttons all read "Guess" to a screen reader, and its two "Not
    now" buttons (closing the vote's choices and the guess's) read alike: each now says
    which place it guesses, or what it declines, and a named Guess makes that guess."""
    state = p4()  # seat 3, the Mole, may guess while seat 1 asks
    page = draw_four_seat_position(browser, server, state, seat=3)
    page.locator("[data-board] [data-open='accuse']").click()
    page.locator("[data-board] [data-open='guess']").click()
    guide = page.request.get(f"{server.url}/api/games/the-mole/guide").json()
    places = {place["id"]: place["name"] for place in guide["data"]["locations"]}
    assert len(places) == 16
    for place_id, place_name in places.items():
        button = page.get_by_role(
            "button", name=f"Guess that the place is {place_name}", exact=True
        )
        expect(button).to_have_count(1)
        expect(button).to_have_attribute("data-action", f"guess {place_id}")
    expect(page.get_by_role("button", name="Guess", exact=True)).to_have_count(0)
    expect(page.get_by_role("button", name="Not now: call no vote", exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="Not now: make no guess", exact=True)).to_have_count(1)
    page.get_by_role("button", name=f"Guess that the place is {places['farm']}").click()
    assert page.evaluate("() => window.clicked") == ["guess farm"]
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_the_ask_prompts_groups_say_what_their_buttons_choose(
    browser: Browser, server: LiveServer
) -> None:
    """The chips name only a player and the question cards only a question: their groups say
    that the chips choose whom to ask and the cards what to ask that player."""
    state = mole_asking()
    page = draw_four_seat_position(browser, server, state, seat=3)
    chips = page.get_by_role("group", name="Whom do you ask?", exact=True).get_by_role("button")
    expect(chips).to_have_count(3)
    picked = page.locator("[data-board] .tm-chip.picked").inner_text()
    cards = page.get_by_role("group", name=f"Questions to ask {picked}", exact=True)
    expect(cards.get_by_role("button").first).to_have_attribute("data-action", re.compile("^ask "))
    assert page.errors == []  # type: ignore[attr-defined]


# The turn bar and the prompt's first control as they stand in one frame: whether it is this
# seat's move with a task in the prompt, whether the bar shows, and where that control is.
TURN_BAR = """() => {
    const table = document.querySelector("#table");
    const bar = document.querySelector("#turn-bar");
    const prompt = document.querySelector("[data-board] .tm-prompt.task");
    const control = prompt && prompt.querySelector("button:not([disabled]), textarea");
    const box = node => node && node.getBoundingClientRect();
    const shown = Boolean(bar && !bar.hidden && bar.getClientRects().length);
    const go = bar && bar.querySelector("button");
    return {
        myMove: table.dataset.myTurn === "true" && table.dataset.status === "running" && !!prompt,
        shown, text: shown ? bar.innerText : "",
        barTop: shown ? box(bar).top : null, barBottom: shown ? box(bar).bottom : null,
        goHeight: shown ? box(go).height : null,
        controlTop: control ? box(control).top : null,
        controlBottom: control ? box(control).bottom : null,
        controlInView: !!control && box(control).top >= 0 && box(control).bottom <= innerHeight,
        focusInPrompt: !!prompt && prompt.contains(document.activeElement)
            && document.activeElement !== prompt,
        asked: document.querySelector("#asked").innerText,
        phase: document.querySelector("[data-board='the-mole']")?.dataset.phase,
        round: document.querySelector("[data-board='the-mole']")?.dataset.round,
        height: innerHeight,
    };
}"""
# Watches the page for ``ms`` milliseconds, a look each frame: the frames in which it was this
# seat's move with the prompt's first control in view this frame and the one before (the page
# measures in the next frame), and those of them in which the bar showed all the same.
BAR_OVER_CONTROLS = f"""async ms => {{
    const look = {TURN_BAR};
    let before = null, checked = 0, wrong = [];
    const end = performance.now() + ms;
    while (performance.now() < end) {{
        await new Promise(resolve => requestAnimationFrame(resolve));
        const now = look();
        if (now.myMove && now.controlInView && before && before.myMove && before.controlInView) {{
            checked += 1;
            if (now.shown) wrong.push(now);
        }}
        before = now;
    }}
    return {{checked, wrong: wrong.slice(0, 3)}};
}}"""
# Watches for ``ms`` milliseconds whether the bar ever shows (a spectator's page).
BAR_EVER_SHOWN = f"""async ms => {{
    const look = {TURN_BAR};
    const end = performance.now() + ms;
    while (performance.now() < end) {{
        if (look().shown) return true;
        await new Promise(resolve => requestAnimationFrame(resolve));
    }}
    return false;
}}"""


def wait_for_my_move(page: Page, condition: str, seconds: float = 60.0) -> dict[str, object]:
    """Wait, inside the page, until it is this seat's move and ``condition`` (a JavaScript
    expression over ``now``, one look of TURN_BAR) holds; the look it held in."""
    seen: dict[str, object] = page.wait_for_function(
        f"() => {{ const now = ({TURN_BAR})(); return now.myMove && ({condition}) ? now : null; }}",
        timeout=seconds * 1000,
        polling="raf",
    ).json_value()
    return seen


def check_no_bar_over_the_controls(page: Page) -> None:
    """Over a few of this seat's moves, no frame shows the bar while the prompt's first
    control is in view (the bar would lie over the buttons it points to); at least one frame
    was checked, or the test says so. This seat does not act: the game waits for its move,
    or (a vote called, a round ended by a guess) brings it another."""
    checked = 0
    for _attempt in range(6):
        wait_for_my_move(page, "now.controlInView")
        watched = page.evaluate(BAR_OVER_CONTROLS, 600)
        assert watched["wrong"] == [], watched["wrong"]
        checked += watched["checked"]
        if checked >= 10:
            return
    raise AssertionError(f"the prompt's controls were in view in only {checked} frames")


@pytest.mark.bot_delay(0.3)
def test_a_turn_bar_brings_a_phone_player_to_their_move(
    browser: Browser, server: LiveServer
) -> None:
    """With 8 players on a phone (390 x 844) The Mole's prompt started about 700 px down the
    page, under the players, its buttons 800-900 px: "Your move" showed at the top and the
    controls were out of sight, and a person reading the chat or the moves further down saw
    nothing at all. The prompt now follows the card, its first control on the first screen;
    and while it is this seat's move and that control is out of view, a bar at the bottom of
    the screen says what is asked, with a button a finger high (and a focus ring) that
    brings the control into view and gives it the focus. The bar never lies over
    the controls in view, never shows to a spectator, nor on a laptop with the prompt in view.
    How the game goes is left to chance: the test waits for this seat's moves, whatever they
    ask (a question, an answer, a ballot), and for nothing in particular."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    # 20 answers a round: random bots' votes and guesses still end rounds, but the game
    # lasts long enough for every step below.
    create_mole_table(page, server, players=8, question_limit=20)
    fill_bots_and_start(page)
    watcher = open_page(browser, page.url, viewport=PHONE)

    # At the page's top the prompt follows the card, before the players: its first control
    # (a ballot, an answer, a chip) is on the first screen, and no bar shows over it.
    page.evaluate("() => window.scrollTo(0, 0)")
    first = wait_for_my_move(page, "true")
    assert first["controlInView"], first
    check_no_bar_over_the_controls(page)

    # Reading the moves at the page's end when the move comes: the bar shows what is asked.
    page.evaluate(SCROLL_TO_THE_END)
    seen = wait_for_my_move(page, "now.shown && !now.controlInView")
    assert str(seen["asked"]) in str(seen["text"]) and "Go to your move" in str(seen["text"])
    assert seen["asked"], seen
    assert float(seen["goHeight"]) >= 40, seen  # type: ignore[arg-type]
    assert float(seen["barBottom"]) <= PHONE["height"] + 1, seen  # type: ignore[arg-type]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "turn-bar-390.png"), animations="disabled")

    # The keyboard reaches it with a ring to see; Enter (as a tap would) goes to the move.
    go = page.get_by_role("button", name="Go to your move")
    go.focus()
    page.keyboard.press("Shift+Tab")  # and back by the keyboard, as a person would reach it
    page.keyboard.press("Tab")
    outline = go.evaluate(
        "node => getComputedStyle(node).outlineStyle + ' ' + node.matches(':focus-visible')"
    )
    assert outline == "solid true", outline
    page.keyboard.press("Enter")
    arrived = wait_for_my_move(page, "now.controlInView && !now.shown", seconds=10)
    moved_on = page.evaluate(f"() => ({TURN_BAR})()")
    # The focus went to the first control (given back at every redraw by a bot's move),
    # unless the move itself changed meanwhile (a vote called over a question).
    if (moved_on["phase"], moved_on["round"]) == (arrived["phase"], arrived["round"]):
        assert moved_on["focusInPrompt"], moved_on
    check_no_bar_over_the_controls(page)

    # A spectator has no move: no bar, wherever they read.
    watcher.evaluate(SCROLL_TO_THE_END)
    assert not watcher.evaluate(BAR_EVER_SHOWN, 2000)

    # At 1280 px the prompt shows under the turn line: no bar. Reading the rules (the page
    # grows by the guide's height) when the move comes, the bar shows there too.
    resize(page, LAPTOP_800)
    page.evaluate("() => window.scrollTo(0, 0)")
    check_no_bar_over_the_controls(page)
    page.locator("#how-to-play summary").click()
    page.evaluate(SCROLL_TO_THE_END)
    wait_for_my_move(page, "now.shown && !now.controlInView")
    page.screenshot(path=str(ARTIFACTS / "turn-bar-1280.png"), animations="disabled")
    # A system asking for less motion gets there at once, within the click's own task.
    page.emulate_media(reduced_motion="reduce")
    there = page.evaluate(
        f"""() => {{ const bar = document.querySelector("#turn-bar");
            if (bar.hidden) return null;  // the move passed meanwhile: nothing to go to
            bar.querySelector("button").click();
            return ({TURN_BAR})(); }}"""
    )
    assert there is None or there["controlInView"] or not there["myMove"], there
    assert page.errors == [] and watcher.errors == []  # type: ignore[attr-defined]


# What a player decides from, seen with the page at its top: the card, the prompt's first
# control and the round's latest question and latest answer, each whole on the screen and
# not hidden (in a box scrolled away, or under something else): the point at its middle
# belongs to it. Null when the page changed under the look (no task, another phase).
FIRST_SCREEN = """async phase => {
    window.scrollTo(0, 0);
    for (let i = 0; i < 3; i += 1) await new Promise(resolve => requestAnimationFrame(resolve));
    const board = document.querySelector("[data-board='the-mole']");
    const prompt = board && board.querySelector(".tm-prompt.task");
    if (!prompt || board.dataset.phase !== phase || scrollY !== 0) return null;
    const seen = node => {
        if (!node) return false;
        const box = node.getBoundingClientRect();
        if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) {
            return false;
        }
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !!hit && (node === hit || node.contains(hit));
    };
    const last = selector => [...board.querySelectorAll(selector)].pop() ?? null;
    return {
        card: seen(board.querySelector(".tm-card")),
        control: seen(prompt.querySelector("button:not([disabled]), textarea")),
        question: seen(last(".tm-exchange .tm-q")),
        answer: seen(last(".tm-exchange .tm-a-text")),
        answers: board.querySelectorAll(".tm-exchange .tm-a-text").length,
    };
}"""


# From P4 (seat 1 asks first), seat 1 asks seat 2, seat 2 asks seat 3, seat 3 asks seat 0:
# seat 0, a bystander, answers the round's third question with two answers on the table.
def bystander_asked_to_answer() -> State:
    return asked_in_turn(p4(question_limit=20), (1, 2), (2, 3), (3, 0))


# ...then seat 0 answers and seat 2 calls a vote on seat 1: seat 0 votes with three answers given.
def bystander_voting() -> State:
    state = bystander_asked_to_answer()
    return apply_all(state, [first_legal(state, 0, "answer"), "2: nominate 1"])


# Standard position P4 with 8 players: the bakery, seat 7 the Mole, seats 0-6 its seven
# roles; seat 1 asks first. As in ``bystander_voting``: seat 0 votes on seat 2's call against
# seat 1, with three answers given.
def eight_seat_voting() -> State:
    roles = [role.id for role in LOCATION_BY_ID["bakery"].roles]
    state = asked_in_turn(
        deal_round(new_game(8, question_limit=20), "bakery", 7, roles), (1, 2), (2, 3), (3, 0)
    )
    return apply_all(state, [first_legal(state, 0, "answer"), "2: nominate 1"])


def draw_where_a_table_draws_it(
    browser: Browser,
    server: LiveServer,
    viewport: dict[str, int],
    state: State,
    seat: int,
) -> Page:
    """The Mole's board drawn alone for ``seat`` of ``state``, in the box where a live table's
    page with as many players puts its board at this ``viewport`` (measured on one, with the
    page at its top), its players named as there (Ann, random bot 1, random bot 2…),
    offering the seat's actions."""
    players = state.game.players
    names = ["Ann", *(f"random bot {other}" for other in range(1, players))]
    page = open_page(browser, f"{server.url}/", viewport=viewport)
    create_mole_table(page, server, players=players)
    fill_bots_and_start(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.locator("#board").bounding_box()
    assert box is not None
    page.goto(f"{server.url}/tables/no-such-table")
    page.evaluate(
        """box => {
            const page = document.createElement("div");  // its rules for the board's box
            page.className = "table-page";
            page.dataset.game = "the-mole";
            const host = document.createElement("div");
            host.id = "board";
            host.className = "board";
            host.style.cssText = `margin: ${box.y}px 0 0 ${box.x}px; width: ${box.width}px`;
            page.append(host);
            document.body.replaceChildren(page);
        }""",
        box,
    )
    seen = state.observation(seat)
    offered = sorted(str(action) for action in state.legal_actions(seat))
    page.evaluate(draw_alone("the-mole", "null"), [seen, offered, seat, names])
    drawn = page.locator("#board").bounding_box()
    assert drawn is not None
    assert (round(drawn["x"]), round(drawn["y"]), round(drawn["width"])) == (
        round(box["x"]),
        round(box["y"]),
        round(box["width"]),
    )
    return page


@pytest.mark.parametrize("viewport", [TABLET_UPRIGHT, TABLET_SIDEWAYS, LAPTOP_800], ids=width_id)
@pytest.mark.parametrize(
    ("phase", "position"),
    [
        ("answer", bystander_asked_to_answer),
        ("vote", bystander_voting),
        ("vote", eight_seat_voting),
    ],
)
def test_a_decision_is_made_with_the_card_the_prompt_and_the_talk_on_one_screen(
    browser: Browser, server: LiveServer, phase: str, position: object, viewport: dict[str, int]
) -> None:
    """At 1024 x 768 and 1280 x 800 (the seats and the chat beside the board) the round's
    questions and answers came after the prompt and the calls, below the first screen while a
    person answered or voted: the evidence they decide from was out of sight. So they were
    at 768 x 1024 (a tablet upright, the seats and the chat under the board), 1,000 px down
    the page, after the prompt and the calls. Now, asked to answer the round's third
    question, and voting with three answers given (4 players, and 8, whose list is longer),
    the card, the prompt's first control and the round's latest question and answer are all
    on the first screen with the page at its top. The board is drawn for a fixed position in
    the place a live table's page gives it (a live random game reached these moments only now
    and then under load)."""
    state = position()  # type: ignore[operator]
    page = draw_where_a_table_draws_it(browser, server, viewport, state, seat=0)
    look = page.evaluate(FIRST_SCREEN, phase)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    players = state.game.players
    shot = f"first-screen-{phase}-{players}-{viewport['width']}.png"
    page.screenshot(path=str(ARTIFACTS / shot))
    assert look == {
        "card": True,
        "control": True,
        "question": True,
        "answer": True,
        "answers": 2 + (phase == "vote"),
    }, look
    assert page.errors == []  # type: ignore[attr-defined]


# From P4, seat 1 asks seat 2 and seat 2 asks seat 0, who asks seat 3, the Mole: it may
# answer, or guess the place instead, with two answers on the table.
def mole_asked_the_third_question() -> State:
    return asked_in_turn(p4(question_limit=20), (1, 2), (2, 0), (0, 3))


# The controls the board names to the page as this seat's move (``offeredControls``: the
# prompt's, its first move first, and the Guess buttons while they show), by what each does;
# null for a board that names none.
OFFERED_CONTROLS = """async () => {
    const board = await import("/static/js/boards/the-mole.js");
    if (typeof board.offeredControls !== "function") return null;
    return board.offeredControls(document.querySelector("#board"))
        .map(node => node.dataset.action ?? node.className);
}"""
# Whether each of these is whole on the screen (1 px for subpixels: the list of places is
# scrolled to the screen's bottom edge) and not under something else (the point at its middle
# belongs to it): every node a selector finds, or with ``last`` its last one.
ON_SCREEN = """pairs => pairs.map(([selector, last]) => {
    const found = [...document.querySelectorAll(`[data-board] ${selector}`)];
    const nodes = last ? found.slice(-1) : found;
    return nodes.length > 0 && nodes.every(node => {
        const box = node.getBoundingClientRect();
        const off = box.top < -1 || box.bottom > innerHeight + 1;
        if (off || box.left < 0 || box.right > innerWidth) return false;
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !!hit && (node === hit || node.contains(hit));
    });
})"""


@pytest.mark.parametrize("viewport", [TABLET_UPRIGHT, TABLET_SIDEWAYS, LAPTOP_800], ids=width_id)
def test_the_mole_picks_a_guess_with_the_question_in_view_and_no_bar_over_it(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    """The Mole, asked a question it cannot answer, opens the guess ("Guess the place…"): the
    list of places comes into view, the prompt goes off the top. Its card (which only says it
    is the Mole) may go too; what it decides from stays: every Guess button, "Not now", and
    beside them the round's questions and answers with the question it was asked and the
    latest answer. The page's turn bar used to come up then ("Your move: you answer the
    question"), lying over that question at 1024 x 768 and over the places' last row at
    768 x 1024, as it watched only the prompt: the board now names the Guess buttons as moves
    too while they show (the page looks again whenever the board changes: see
    test_turn_bar.py)."""
    state = mole_asked_the_third_question()
    page = draw_where_a_table_draws_it(browser, server, viewport, state, seat=3)
    answers = sorted(a for a in map(str, state.legal_actions(3)) if a.startswith("answer "))
    prompt = page.evaluate(OFFERED_CONTROLS)  # the prompt's: the answers, the answer box
    assert prompt is not None and prompt[0] == answers[0], prompt
    assert sorted(c for c in prompt if c.startswith("answer ")) == answers, prompt
    page.get_by_role("button", name="Guess the place…").click()
    page.evaluate("() => new Promise(resolve => requestAnimationFrame(resolve))")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"guess-{viewport['width']}.png"))
    guesses = sorted(a for a in map(str, state.legal_actions(3)) if a.startswith("guess "))
    first_answer = page.locator("[data-board] .tm-prompt .tm-answer").first.get_attribute(
        "data-action"
    )
    offered = page.evaluate(OFFERED_CONTROLS)
    assert offered is not None and len(guesses) == 16
    assert offered[0] == first_answer and offered[: len(prompt)] == prompt, offered
    assert sorted(offered[len(prompt) :]) == guesses, offered
    seen = page.evaluate(
        ON_SCREEN,
        [
            [".tm-guess", False],
            ["[aria-label='Not now: make no guess']", False],
            [".tm-exchange.pending .tm-q", False],
            [".tm-exchange .tm-a-text", True],
        ],
    )
    assert seen == [True, True, True, True], seen
    pending = page.locator("[data-board] .tm-exchange.pending .tm-who").first.inner_text()
    assert pending.endswith("→ random bot 3 (you)"), pending
    page.get_by_role("button", name="Not now: make no guess").click()
    assert page.evaluate(OFFERED_CONTROLS) == prompt
    assert page.errors == []  # type: ignore[attr-defined]


# Each player of the evidence column, in one look: what does not read as the others do.
# A player reads: the name on one line and the points at that line's end; the cards and the
# marks together on a line under it; nothing sticking out; every player as tall as the rest.
PLAYERS_READ_ALIKE = """() => {
    const tiles = [...document.querySelectorAll("[data-board] .tm-evidence .tm-players li")];
    const box = node => node.getBoundingClientRect();
    const lines = node => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return new Set([...range.getClientRects()].map(line => Math.round(line.top))).size;
    };
    const heights = tiles.map(tile => box(tile).height);
    return tiles.map(tile => {
        const name = tile.querySelector(".tm-name");
        const score = tile.querySelector(".tm-score");
        const facts = [tile.querySelector(".tm-hand"), ...tile.querySelectorAll(".tm-mark")];
        const style = getComputedStyle(tile);
        const end = box(tile).right - parseFloat(style.paddingRight)
            - parseFloat(style.borderRightWidth);
        const tops = facts.map(node => box(node).top);
        const wrong = [];
        if (lines(name) !== 1) wrong.push("the name takes more than a line");
        if (box(score).top >= box(name).bottom || box(score).bottom <= box(name).top) {
            wrong.push("the points are not on the name's line");
        }
        if (end - box(score).right > 1) wrong.push("the points are not at the line's end");
        if (Math.min(...tops) < box(name).bottom - 1) wrong.push("cards or a mark beside the name");
        if (Math.max(...tops) - Math.min(...tops) > 1) wrong.push("the cards and marks wrap");
        if (tile.scrollWidth > tile.clientWidth) wrong.push("something sticks out");
        if (Math.max(...heights) - box(tile).height > 1) wrong.push("shorter than another player");
        return wrong.length ? `${tile.innerText.replace(/\\s+/g, " ")}: ${wrong.join("; ")}` : null;
    }).filter(Boolean);
}"""


@pytest.mark.parametrize("viewport", [TABLET_SIDEWAYS, LAPTOP_800], ids=width_id)
@pytest.mark.parametrize("position", [bystander_voting, eight_seat_voting])
def test_every_player_reads_alike_beside_the_prompt(
    browser: Browser, server: LiveServer, viewport: dict[str, int], position: object
) -> None:
    """Beside the prompt the players stand two a line, and each wrapped where its width ran
    out: at 1280 x 800 some took one line and others two (the marks "asks" or "vote called"
    under the points), at 1024 x 768 the points came right after the name and the marks
    beside the cards or under them. Now each reads alike, with 4 players and with 8 (their
    names as a live table gives them, marks for the dealer, the asker and a vote called):
    the name and the points at its line's end, the cards and marks on the line under it."""
    state = position()  # type: ignore[operator]
    players = state.game.players
    page = draw_where_a_table_draws_it(browser, server, viewport, state, seat=0)
    tiles = page.locator("[data-board] .tm-evidence .tm-players li")
    expect(tiles).to_have_count(players)
    assert page.locator("[data-board] .tm-players .tm-mark.voted").count() == 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"players-{players}-{viewport['width']}.png"))
    assert page.evaluate(PLAYERS_READ_ALIKE) == []
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_each_note_button_says_it_crosses_off_its_place(
    browser: Browser, server: LiveServer
) -> None:
    """The 16 place notes were named by the place alone ("Farm"): a screen reader did not say
    what pressing one does. Each is now named "Cross off <place>" (with its marks: "you are
    here", "played"), its pressed state saying whether it is crossed off; pressing it by that
    name crosses the place off and again restores it."""
    state = mole_asking()
    page = draw_four_seat_position(browser, server, state, seat=3)
    guide = page.request.get(f"{server.url}/api/games/the-mole/guide").json()
    for place in guide["data"]["locations"]:
        button = page.get_by_role("button", name=f"Cross off {place['name']}", exact=True)
        expect(button).to_have_count(1)
        expect(button).to_have_attribute("data-place", place["id"])
    farm = page.get_by_role("button", name="Cross off Farm", exact=True)
    expect(farm).to_have_attribute("aria-pressed", "false")
    farm.click()
    expect(page.get_by_role("button", name="Cross off Farm", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    page.get_by_role("button", name="Cross off Farm", exact=True).click()
    expect(page.get_by_role("button", name="Cross off Farm", exact=True)).to_have_attribute(
        "aria-pressed", "false"
    )
    assert page.evaluate("() => window.clicked") == []  # a note, not a game action
    # A spy's place says so in its name.
    spy = next(s for s in range(4) if not state.observation(s)["card"]["mole"])
    spy_view = state.observation(spy)
    here = spy_view["card"]["location"]
    name = next(p["name"] for p in guide["data"]["locations"] if p["id"] == here)
    page.evaluate(
        draw_alone("the-mole", "null"),
        [
            spy_view,
            sorted(str(a) for a in state.legal_actions(spy)),
            spy,
            ["Ann", "Bea", "Cy", "Dan"],
        ],
    )
    expect(
        page.get_by_role("button", name=f"Cross off {name}, you are here", exact=True)
    ).to_have_count(1)
    assert page.errors == []  # type: ignore[attr-defined]


# From P4 the Mole (seat 3) guesses wrong at the bakery, then, Mole again, at the hospital;
# in round 3, at the campsite, seat 3 asks seat 0, who asks it back: the Mole may answer, or
# guess the place instead, with two places played in earlier rounds.
def mole_asked_in_the_third_round() -> State:
    def roles(place: str) -> list[str]:
        return [role.id for role in LOCATION_BY_ID[place].roles][:3]

    state = apply_all(p4(question_limit=20), "3: guess farm")
    state = apply_all(deal_round(state, "hospital", 3, roles("hospital")), "3: guess farm")
    state = deal_round(state, "campsite", 3, roles("campsite"))
    return asked_in_turn(state, (3, 0), (0, 3))


# The Guess buttons in the order they are drawn: each one's action, whether it is under the
# heading of places played, and its colours.
GUESSES_AS_DRAWN = """() => [...document.querySelectorAll("[data-board] .tm-guess")].map(node => {
    const style = getComputedStyle(node);
    return [node.dataset.action, !!node.closest(".tm-played-places"),
        `${style.backgroundColor} ${style.color}`];
})"""


@pytest.mark.draws_only
@pytest.mark.parametrize("viewport", [PHONE, TABLET_UPRIGHT, LAPTOP_800], ids=width_id)
def test_places_played_in_earlier_rounds_stand_apart_from_the_mole_s_possible_guesses(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    """In round 3 the Mole's 16 Guess buttons were alike, the places played in rounds 1 and 2
    (the bakery and the hospital) among the others with only a small "played" tag: a place
    played cannot be this round's (TM-5, a round's place is drawn from those not yet played),
    and a tap meant for the Bowling Alley could land on the bakery's guess beside it. Now the
    places played come last, under a heading saying they are not this round's place, and
    their Guess buttons are drawn apart from the others; all 16 are still offered (the engine
    lists them: the page decides no rule), each named for its place."""
    state = mole_asked_in_the_third_round()
    seen = state.observation(3)
    assert seen["locations_used"] == ["bakery", "hospital"] and seen["round"] == 3
    page = draw_four_seat_position(browser, server, state, seat=3)
    resize(page, viewport)
    page.get_by_role("button", name="Guess the place…").click()
    # On a phone the places come up under the pointer left where it clicked: a Guess button
    # would be drawn hovered (no phone's finger hovers).
    page.mouse.move(0, 0)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"guess-played-{viewport['width']}.png"), full_page=True)
    drawn = page.evaluate(GUESSES_AS_DRAWN)
    guesses = [str(a) for a in state.legal_actions(3) if str(a).startswith("guess ")]
    possible = [a for a in guesses if a not in ("guess bakery", "guess hospital")]
    assert [action for action, _, _ in drawn] == [*possible, "guess bakery", "guess hospital"]
    assert [played for _, played, _ in drawn] == [False] * 14 + [True] * 2
    colours = {colour for _, played, colour in drawn if not played}
    assert len(colours) == 1 and drawn[-1][2] not in colours, drawn
    heading = page.locator("[data-board] .tm-played-places h4").inner_text()
    assert heading == "Played in earlier rounds (2): not this round's place"
    played = page.get_by_role(
        "button", name="Guess that the place is Bakery (played in an earlier round)", exact=True
    )
    played.click()  # still a move the Mole may make
    assert page.evaluate("() => window.clicked") == ["guess bakery"]
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_at_the_game_s_end_no_place_played_is_said_not_to_be_the_round_s(
    browser: Browser, server: LiveServer
) -> None:
    """Once the game is over the view lists the last round's place among those played: the
    heading "not this round's place" stood over the place the last round was at (a spy's
    "you are here" under it). At the end the places stay in their list's order, each played
    one tagged "played", under no such heading; the Mole's card says it was the Mole, and the
    questions and answers are said to be the last round's."""
    state = apply_all(p4(question_limit=20, target_score=1), "3: guess farm")
    assert state.is_terminal() and state.observation(0)["locations_used"] == ["bakery"]
    page = draw_four_seat_position(browser, server, state, seat=0)
    expect(page.locator("[data-board] .tm-played-places")).to_have_count(0)
    places = page.locator("[data-board] .tm-note").evaluate_all(
        "notes => notes.map(note => note.dataset.place)"
    )
    assert places[:3] == ["airport", "bakery", "bowling-alley"] and len(places) == 16
    expect(page.locator("[data-board] li.played [data-place='bakery']")).to_have_count(1)
    # The Mole's card said "You are the Mole. You do not know the place. Blend in…" after the
    # game's end: it now says it was the last round's.
    page.evaluate(
        draw_alone("the-mole", "null"), [state.observation(3), [], 3, ["Ann", "Bea", "Cy", "Dan"]]
    )
    card = page.locator("[data-board] .tm-card").inner_text()
    assert "You were the Mole" in card and "Blend in" not in card, card
    # ...and the round's talk, which said "No question asked yet this round.", is the last's.
    talk = page.locator("[data-board] .tm-talk").inner_text()
    assert [line for line in talk.splitlines() if line] == [
        "Questions and answers in the last round",
        "No question was asked in the last round.",
    ], talk
    assert page.errors == []  # type: ignore[attr-defined]


# Whether the page at its top shows the first ready-made answer, the way to the answer box,
# the box itself and its Send button, each whole (1 px for subpixels), and which has the focus.
OWN_WORDS_IN_VIEW = """() => {
    const whole = node => {
        const box = node?.getBoundingClientRect();
        return !!box && box.top >= -1 && box.bottom <= innerHeight + 1;
    };
    const board = document.querySelector("[data-board]");
    return {
        answer: whole(board.querySelector(".tm-answer")),
        way: whole(board.querySelector("[data-open='own-words']")),
        box: whole(board.querySelector("#tm-own-words")),
        send: whole(board.querySelector("[data-own-answer]")),
        focused: document.activeElement?.id || null,
    };
}"""


def test_the_answer_box_is_one_tap_from_the_first_screen_of_an_upright_tablet(
    browser: Browser, server: LiveServer
) -> None:
    """Asked "What did you last eat?" (12 ready-made answers) at 768 x 1024, the box for an
    answer in your own words came after them, below the first screen with nothing on that
    screen saying it was there. Now a button "Answer in my own words" stands above the
    ready-made answers, with the first of them still on the first screen; pressing it brings
    the box and its Send button onto the screen and puts the caret in the box."""
    state = bystander_asked_to_answer()
    page = draw_where_a_table_draws_it(browser, server, TABLET_UPRIGHT, state, seat=0)
    assert page.locator("[data-board] .tm-answer").count() == 12
    first = page.evaluate(OWN_WORDS_IN_VIEW)
    assert first == {"answer": True, "way": True, "box": False, "send": False, "focused": None}
    page.get_by_role("button", name="Answer in my own words", exact=True).click()
    page.evaluate("() => new Promise(resolve => requestAnimationFrame(resolve))")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "own-words-768.png"))
    after = page.evaluate(OWN_WORDS_IN_VIEW)
    assert (after["box"], after["send"], after["focused"]) == (True, True, "tm-own-words")
    page.keyboard.type("Warm bread")
    page.get_by_role("button", name="Send my answer").click()
    assert page.evaluate("() => window.clicked") == ['answer "Warm bread"']
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_the_mole_asked_a_question_is_not_given_a_spy_s_advice(
    browser: Browser, server: LiveServer
) -> None:
    """Asked a question, the Mole read "Pick a ready-made answer (a spy wants to sound right
    without naming the place)": advice for a spy, who knows the place. The Mole's prompt now
    says it bluffs; a spy's keeps the spy's advice."""
    state = mole_asked_to_answer()
    page = draw_four_seat_position(browser, server, state, seat=3)
    step = page.locator("[data-board] .tm-prompt .tm-step").first.inner_text()
    assert "you are the Mole: bluff" in step and "a spy wants" not in step, step
    state = asked_in_turn(p4(question_limit=20), (1, 2))
    page.evaluate(
        draw_alone("the-mole", "null"),
        [state.observation(2), sorted(legal(state, 2)), 2, ["Ann", "Bea", "Cy", "Dan"]],
    )
    step = page.locator("[data-board] .tm-prompt .tm-step").first.inner_text()
    assert "a spy wants to sound right without naming the place" in step, step
    assert page.errors == []  # type: ignore[attr-defined]


# Where the Guess button of a place is on the screen: its middle, and whether a tap there
# lands on it.
GUESS_AT = """place => {
    const guess = document.querySelector(`[data-board] .tm-guess[data-action="guess ${place}"]`);
    const box = guess.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {x: Math.round(box.left + box.width / 2), y: Math.round(box.top + box.height / 2),
        hit: hit === guess};
}"""


@pytest.mark.draws_only
@pytest.mark.parametrize("viewport", [PHONE, LAPTOP_800], ids=width_id)
def test_the_mole_s_guess_buttons_stay_under_its_finger_while_the_table_plays_on(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    """The Mole opened its guess and had the Farm's Guess button before it when seat 1 asked
    it a question: the board, drawn anew, put the prompt with the question's ready-made
    answers above the places (and, on a phone, the question in the talk), and the places slid
    down the screen by hundreds of px, another place's button or an answer under the finger
    that was aimed at the Farm. Now the page scrolls with them: the Farm's Guess button is
    where it was, and a tap there still guesses the Farm."""
    state = p4(question_limit=20)  # seat 1 asks; the Mole, seat 3, may guess
    page = draw_four_seat_position(browser, server, state, seat=3)
    resize(page, viewport)
    page.get_by_role("button", name="Guess the place…").click()
    page.locator("[data-board] .tm-guess[data-action='guess farm']").evaluate(
        "guess => guess.scrollIntoView({block: 'center'})"
    )
    before = page.evaluate(GUESS_AT, "farm")
    asked = asked_in_turn(state, (1, 3))
    assert "guess farm" in legal(asked, 3) and asked.observation(3)["phase"] == "answer"
    page.evaluate(
        draw_alone("the-mole", "null"),
        [asked.observation(3), sorted(legal(asked, 3)), 3, ["Ann", "Bea", "Cy", "Dan"]],
    )
    expect(page.locator("[data-board] .tm-prompt .tm-answer").first).to_be_attached()
    after = page.evaluate(GUESS_AT, "farm")
    # (The page scrolls by whole pixels: the button may end a fraction of one away.)
    near = after["hit"] and after["x"] == before["x"] and abs(after["y"] - before["y"]) <= 1
    assert before["hit"] and near, (before, after)
    page.mouse.click(before["x"], before["y"])  # where the finger was aimed
    assert page.evaluate("() => window.clicked") == ["guess farm"]
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_an_answer_in_own_words_is_marked_by_a_small_tag_at_its_end(
    browser: Browser, server: LiveServer
) -> None:
    """An answer typed in the player's own words was marked by an "own words" tag stretched
    across its whole bubble, a grey bar under the words. The tag is now as wide as its words,
    at the answer's end."""
    state = asked_in_turn(p4(question_limit=20), (1, 2))
    state = apply_all(state, ['2: answer "Mostly by bus, it was late again"'])
    page = draw_four_seat_position(browser, server, state, seat=0)
    tag, bubble = page.evaluate(
        """() => {
            const answer = document.querySelector("[data-board] .tm-a.own");
            const box = node => node.getBoundingClientRect();
            const tag = box(answer.querySelector(".tm-tag"));
            return [[tag.width, tag.right], [box(answer).width, box(answer).right]];
        }"""
    )
    assert tag[0] < bubble[0] / 2 and bubble[1] - tag[1] < 16, (tag, bubble)
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("viewport", [TABLET_UPRIGHT, LAPTOP_800], ids=width_id)
def test_the_talk_beside_the_places_stays_off_the_rounds_played(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    """The round's questions and answers stay in view beside the prompt and the places while
    the page scrolls; scrolled on to the rounds played (the page long, as a live one is with
    the seats, the chat or the moves under the board), they came along and lay over the table
    of rounds, hiding its last columns. They now stop at the places' end, clear of it."""
    state = mole_asked_in_the_third_round()
    page = draw_where_a_table_draws_it(browser, server, viewport, state, seat=3)
    page.evaluate(
        """() => {
            document.body.append(Object.assign(document.createElement("div"),
                {style: "height: 2000px"}));
            document.querySelector("[data-board] .tm-history").scrollIntoView();
        }"""
    )
    page.evaluate("() => new Promise(resolve => requestAnimationFrame(resolve))")
    page.screenshot(path=str(ARTIFACTS / f"rounds-played-{viewport['width']}.png"))
    overlap = page.evaluate(
        """() => {
            const box = selector => document.querySelector(`[data-board] ${selector}`)
                .getBoundingClientRect();
            const talk = box(".tm-evidence");
            return [".tm-history", ".tm-legend"].filter(selector => {
                const other = box(selector);
                return talk.bottom > other.top && talk.top < other.bottom
                    && talk.right > other.left && talk.left < other.right;
            });
        }"""
    )
    assert overlap == [], overlap
    rows = "() => document.querySelector('[data-board] .tm-history tbody').rows.length"
    assert page.evaluate(rows) == 2
    assert page.errors == []  # type: ignore[attr-defined]
