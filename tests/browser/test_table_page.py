"""The table page around the board, on screens where every line of height counts."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, Route, WebSocketRoute, expect

from tests.browser.pages import (
    LAPTOP,
    PHONE,
    SCROLL_TO_THE_END,
    ToldSocket,
    create_table,
    fill_bots_and_start,
    open_page,
    open_table,
    resize,
    targets,
    version,
    wait_for,
)
from tests.server.live_server import LiveServer

# Where the board begins on the page, and whether the site's tagline shows.
HEAD = """() => ({
    boardTop: document.querySelector("#board").getBoundingClientRect().top + scrollY,
    turnBottom: document.querySelector("#turn").getBoundingClientRect().bottom + scrollY,
    tagline: getComputedStyle(document.querySelector(".tagline")).display !== "none",
})"""


@pytest.mark.parametrize("viewport", [{"width": 667, "height": 375}, {"width": 812, "height": 375}])
def test_a_phone_on_its_side_begins_the_board_in_the_top_third(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    """On a phone on its side the header, title and turn line took 171 px of 375 before the
    board began (reviewers of two games measured it): they shrink to short single lines there,
    and the turn line still says whose move it is on the first screen."""
    page = open_table(browser, server, "mole-hill", viewport=viewport)
    fill_bots_and_start(page)
    expect(page.locator("#turn")).to_have_text("Your move")
    head = page.evaluate(HEAD)
    assert head["boardTop"] <= viewport["height"] / 3, head
    assert head["turnBottom"] <= head["boardTop"], head
    assert not head["tagline"], head
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE])
def test_laptops_and_upright_phones_keep_the_full_header(
    browser: Browser, server: LiveServer, viewport: dict[str, int]
) -> None:
    page = open_table(browser, server, "mole-hill", viewport=viewport)
    head = page.evaluate(HEAD)
    assert head["tagline"], head
    page.context.close()


# ---------------------------------------------------------------- a move overtaken in transit


class HeldUpdates:
    """The table's socket between ``page`` and the server, with the server's updates held back
    from the page while ``holding``, and let through after the next refusal: the page sends a
    move from a position the server has already left, as when another seat's move crosses it
    on the wire, and hears of that move only after the refusal. Counts the moves it sends."""

    def __init__(self, page: Page) -> None:
        self.holding = False
        self.held: list[str] = []
        self.moves_sent: list[dict[str, object]] = []
        page.route_web_socket("**/ws/tables/**", self._route)
        page.reload()

    def _route(self, socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            kind = json.loads(message)["type"]
            if self.holding and kind == "update":
                self.held.append(str(message))
                return
            socket.send(message)
            if kind == "error" and self.held:
                self.holding = False
                for update in self.held:
                    socket.send(update)
                self.held.clear()

        def from_page(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope["type"] == "act":
                self.moves_sent.append(envelope["data"])
            server.send(message)

        server.on_message(from_server)
        socket.on_message(from_page)


def two_at_mole_park(browser: Browser, server: LiveServer) -> tuple[Page, Page]:
    """Ann (seat 0) and Bea (seat 1) at a live Mole Park table, both to pick a die."""
    ann = open_table(browser, server, "mole-park", viewport=PHONE)
    bea = open_page(browser, ann.url)
    bea.fill("#join-name", "Bea")
    bea.click('[data-sit="1"]')
    expect(ann.locator("#start")).to_be_enabled()
    ann.click("#start")
    for page in (ann, bea):
        expect(page.locator("[data-board] [data-action='glove']")).to_be_visible()
    return ann, bea


def table_version(page: Page, server: LiveServer) -> int:
    table_id = page.url.rsplit("/", 1)[-1]
    answer = page.request.get(f"{server.url}/api/tables/{table_id}").json()
    return int(answer["version"])


def glove_overtaken_by_pan(
    ann: Page, other: Page, server: LiveServer, wire: HeldUpdates | None = None
) -> tuple[HeldUpdates, int]:
    """``other`` picks the pan and the table takes it while Ann's page, which has not heard of
    it yet, sends the glove; returns Ann's wire (made here, reloading her page, unless
    given) and the table's version before the pan."""
    wire = wire or HeldUpdates(ann)
    expect(ann.locator("[data-board] [data-action='glove']")).to_be_visible()
    before = table_version(ann, server)
    wire.holding = True
    other.locator("[data-board] [data-action='pan']").click()
    wait_for(lambda: table_version(ann, server) > before)
    ann.locator("[data-board] [data-action='glove']").click()
    return wire, before


def test_a_move_sent_as_the_game_moved_on_is_made_if_still_legal(
    browser: Browser, server: LiveServer
) -> None:
    """Both seats pick a die at once. Bea's pick reaches the table while Ann's is on its way:
    the table refuses Ann's as sent from a position it has left ("stale"). Her die is still
    hers to pick, so the page sends it again and it is made. Before, the page dropped the
    refusal in silence, and Ann waited for a round that never came."""
    ann, bea = two_at_mole_park(browser, server)
    wire, before = glove_overtaken_by_pan(ann, bea, server)
    # Both dice are in: the round goes on past them (the reveal, then the next choice).
    wait_for(lambda: table_version(ann, server) >= before + 2)
    assert [move["action"] for move in wire.moves_sent] == ["glove", "glove"]
    expect(ann.locator("#error")).to_have_text("")
    assert ann.errors == bea.errors == []  # type: ignore[attr-defined]


def test_a_move_overtaken_by_the_game_is_said_not_made(
    browser: Browser, server: LiveServer
) -> None:
    """Ann has the table open twice and picks the pan in her second tab while the first is
    still sending the glove: that move is no longer hers to make when the table hears of it.
    The first tab says it was not made, on the screen she looks at (a phone's error line is
    far below the board), instead of dropping it in silence."""
    ann, _ = two_at_mole_park(browser, server)
    second = ann.context.new_page()
    second.goto(ann.url)
    expect(second.locator("[data-board] [data-action='pan']")).to_be_visible()
    wire, before = glove_overtaken_by_pan(ann, second, server)
    said = "Your move “glove” was not made: the game moved on before it reached the table."
    expect(ann.locator("#error")).to_contain_text(said)
    expect(ann.locator("#error-toast")).to_contain_text(said)
    expect(ann.locator("#error-toast")).to_be_in_viewport()
    assert [move["action"] for move in wire.moves_sent] == ["glove"]
    assert table_version(ann, server) == before + 1  # only the pan was made
    assert ann.errors == []  # type: ignore[attr-defined]


def test_an_illegal_typed_move_is_refused_in_a_players_words(
    browser: Browser, server: LiveServer
) -> None:
    """A move typed in the notation box that the rules do not allow now: the engine's refusal
    is worded for programs ("rod a1 b1 is not legal for seat 0 now; legal: place a1, …", with a seat
    number a player never sees). The page says it in a player's words, and still shows the
    engine's own words where they speak to the player (tested elsewhere: The Mole's empty
    answer)."""
    page = open_table(browser, server, "mole-hill", viewport=LAPTOP)
    fill_bots_and_start(page)
    expect(page.locator("#turn")).to_have_text("Your move")
    page.locator("#actions summary, details:has(#actions) > summary").first.click()
    page.fill("#notation", "rod a1 b1")  # the gardener's move, and Ann is the mole
    page.press("#notation", "Enter")
    said = "“rod a1 b1” is not a move you can make now. Look at the board again."
    expect(page.locator("#error")).to_have_text(said)
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_refusal_and_a_chat_line_are_not_told_over_each_other(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone the chat's toast and the note of a refused move are each nearly as wide as
    the screen and sit at its foot: shown together they overlapped. The refusal is told alone
    for its few seconds (the chat line is in the chat), and a chat line arriving meanwhile
    waits there too."""
    ann, bea = two_at_mole_park(browser, server)
    second = ann.context.new_page()
    second.goto(ann.url)
    expect(second.locator("[data-board] [data-action='pan']")).to_be_visible()
    wire = HeldUpdates(ann)
    expect(ann.locator("[data-board] [data-action='glove']")).to_be_visible()
    bea.fill("#chat-text", "Good luck!")
    bea.press("#chat-text", "Enter")
    expect(ann.locator("#chat-toast")).to_be_visible()
    glove_overtaken_by_pan(ann, second, server, wire)
    expect(ann.locator("#error-toast")).to_be_visible()
    # Hidden as the refusal's note showed, not by its own clock a few seconds later.
    assert ann.locator("#chat-toast").is_hidden()
    bea.fill("#chat-text", "Your move!")
    bea.press("#chat-text", "Enter")
    expect(ann.locator("#chat li").last).to_contain_text("Your move!")
    expect(ann.locator("#chat-toast")).to_be_hidden()
    assert ann.errors == []  # type: ignore[attr-defined]


# ---------------------------------------------------------------- the page's own connection lost


class DroppableSocket:
    """The table's socket between ``page`` and the server, which the test drops: the page's
    next connections then open and hear nothing, as when the server is out of reach, until
    ``come_back`` lets the next one through. Counts the moves the page sends."""

    def __init__(self, page: Page) -> None:
        self.through = True
        self.current: WebSocketRoute | None = None
        self.moves_sent: list[str] = []
        page.route_web_socket("**/ws/tables/**", self._route)
        page.reload()

    def _route(self, socket: WebSocketRoute) -> None:
        self.current = socket
        server = socket.connect_to_server() if self.through else None

        def from_page(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope["type"] == "act":
                self.moves_sent.append(envelope["data"]["action"])
            if server is not None:
                server.send(message)

        socket.on_message(from_page)
        if server is not None:
            server.on_message(socket.send)

    def drop(self) -> None:
        self.through = False
        assert self.current is not None
        self.current.close(code=1011)

    def come_back(self) -> None:
        self.through = True
        assert self.current is not None
        self.current.close(code=1011)


def test_a_page_that_lost_its_connection_does_not_seem_live(
    browser: Browser, server: LiveServer
) -> None:
    """While Ann's page reconnects, it showed every seat "connected" and the board as if live:
    a move clicked then went nowhere, in silence, and came back on offer after the
    reconnection without a word. Now the seats claim nothing of who is here, the line above
    the board says her moves cannot be sent, a click says it was not sent, and once the
    connection is back the same click makes the move."""
    page = open_table(browser, server, "mole-hill", viewport=LAPTOP)
    fill_bots_and_start(page)  # Ann, the mole, moves first: the bot waits for her
    wire = DroppableSocket(page)
    expect(page.locator("#turn")).to_have_text("Your move")
    expect(page.locator("[data-board]")).to_be_visible()  # the moves on it, not as buttons
    ann = page.locator('#seats li[data-seat="0"] [data-presence]')
    expect(ann).to_have_attribute("data-presence", "connected")
    move = targets(page)[0]

    wire.drop()
    expect(page.locator("#connection")).to_have_text("reconnecting…")
    expect(ann).to_have_attribute("data-presence", "unknown")
    expect(ann).to_have_text("not known while reconnecting")
    expect(page.locator("#asked")).to_have_text(
        "Reconnecting: your moves cannot be sent until the connection is back."
    )
    expect(page.locator("#turn-bar")).to_be_hidden()
    page.locator(f'[data-board] [data-action="{move}"]').click(force=True)
    expect(page.locator("#error")).to_contain_text(
        f"Not connected: your move “{move}” was not sent."
    )
    assert wire.moves_sent == []

    wire.come_back()
    expect(page.locator("#connection")).to_have_text("live")
    expect(ann).to_have_attribute("data-presence", "connected")
    expect(page.locator("#asked")).not_to_contain_text("Reconnecting")
    before = version(page)
    page.locator(f'[data-board] [data-action="{move}"]').click(force=True)
    wait_for(lambda: version(page) > before)
    assert wire.moves_sent == [move]
    expect(page.locator("#error")).to_have_text("")
    assert page.errors == []  # type: ignore[attr-defined]


# ---------------------------------------------------------------- stepping through a replay

# Where the controls and the board stand on the screen.
REPLAY_PLACES = """() => {
    const box = (id) => document.querySelector(id).getBoundingClientRect();
    return {board: box("#board").bottom, controls: box("#replay .replay-controls").top};
}"""


def a_finished_game(browser: Browser, server: LiveServer) -> Page:
    """Ann's page at a Mole Hill table whose game is over: she resigns, and the bots play the
    game to its end at once."""
    page = open_table(browser, server, "mole-hill", viewport=LAPTOP)
    fill_bots_and_start(page)
    page.click("#resign")
    page.click("#resign-confirm")
    expect(page.locator("#table")).to_have_attribute("data-status", "over", timeout=60_000)
    return page


def test_the_replay_controls_stay_in_reach_while_stepping(
    browser: Browser, server: LiveServer
) -> None:
    """The replay's controls sat below the board: a person stepped, then scrolled up to see
    what changed, then down again for the next step. While a replay is open they stay at the
    screen's foot, on a laptop and on a phone, and lie below the board once the page is
    scrolled to its end; the arrow keys step too."""
    page = a_finished_game(browser, server)
    for viewport in (LAPTOP, PHONE):
        resize(page, viewport)
        page.click("#replay-first")
        expect(page.locator("#table")).to_have_attribute("data-replay-step", "0")
        page.evaluate("() => window.scrollTo(0, 0)")  # the turn line, the board's top
        expect(page.locator("#replay-next")).to_be_in_viewport(ratio=1)
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        expect(page.locator("#table")).to_have_attribute("data-replay-step", "2")
        expect(page.locator("#replay-step")).to_contain_text("2 / ")
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#table")).to_have_attribute("data-replay-step", "1")
        page.evaluate(SCROLL_TO_THE_END)
        places = page.evaluate(REPLAY_PLACES)
        assert places["controls"] >= places["board"], (viewport, places)
    assert page.errors == []  # type: ignore[attr-defined]


# What the page shows of the game, to compare before a replay and after it is closed.
SHOWN = """() => ({
    board: document.querySelector("#board [data-board]").outerHTML,
    result: document.querySelector("#result").textContent,
    scores: document.querySelector("#scores").textContent,
    turnShown: !document.querySelector("#turn").hidden,
    marked: document.querySelectorAll("#log .future, #log .current").length,
    counter: document.querySelector("#replay-step").textContent,
    stuck: getComputedStyle(document.querySelector("#replay")).position === "sticky",
})"""


REPLAY_MARKS = """() => [document.querySelector("#table").dataset.replaying ?? null,
    document.querySelector("#table").dataset.replayStep ?? null]"""


def test_a_replay_can_be_closed_back_to_the_games_end(browser: Browser, server: LiveServer) -> None:
    """Once stepping began, the replay could not be left: the board stayed at its step and the
    controls stuck to the screen's foot for good. "Close" (or Esc) brings back the game's end
    as it was, the board, the result and the scores, and the controls below the board."""
    page = a_finished_game(browser, server)
    table = page.locator("#table")
    close = page.locator("#replay-close")
    expect(close).to_be_hidden()  # nothing to close before stepping begins
    at_the_end = page.evaluate(SHOWN)
    assert not at_the_end["stuck"] and not at_the_end["turnShown"], at_the_end
    total = int(at_the_end["counter"].split(" / ")[1])
    for viewport, how in ((LAPTOP, "click"), (PHONE, "Escape")):
        resize(page, viewport)
        page.click("#replay-first")
        page.keyboard.press("ArrowRight")
        expect(table).to_have_attribute("data-replay-step", "1")
        assert page.evaluate(SHOWN)["stuck"]
        page.evaluate("() => window.scrollTo(0, 0)")
        expect(close).to_be_in_viewport(ratio=1)  # in the bar at the screen's foot
        if how == "click":
            close.click()
        else:
            page.keyboard.press("Escape")
        expect(close).to_be_hidden()
        assert page.evaluate(REPLAY_MARKS) == [None, None], viewport
        expect(page.locator("#replay-action")).to_have_text("")
        assert page.evaluate(SHOWN) == at_the_end, viewport
        # Closed, the arrows no longer step: they are the page's again.
        assert press_unstepped(page, "ArrowLeft") == f"{total} / {total}", viewport
    assert page.errors == []  # type: ignore[attr-defined]


# Whether the page kept a key press for itself (a step), seen after every listener of the page's.
WATCH_KEYS = """() => window.addEventListener("keydown", (event) => {
    window.keyTaken = event.defaultPrevented;
})"""


def press_unstepped(page: Page, key: str) -> str:
    """Press ``key``, check that the page left it to the browser (no step begun: the replay's
    counter changes as the key is handled, before any step arrives) and return the counter."""
    page.evaluate(WATCH_KEYS)
    page.keyboard.press(key)
    assert page.evaluate("() => window.keyTaken") is False, key
    assert page.evaluate(REPLAY_MARKS) == [None, None], key
    counter: str = page.evaluate("() => document.querySelector('#replay-step').textContent")
    return counter


def test_the_arrow_keys_step_only_a_replay_that_has_started(
    browser: Browser, server: LiveServer
) -> None:
    """At a finished game ← and → opened the replay at once, a step before the end, though the
    player had not asked for it, and the page did not scroll. They step only once the replay
    has started; before, the browser has them."""
    page = a_finished_game(browser, server)
    resize(page, PHONE)
    total = page.evaluate("() => document.querySelector('#replay-step').textContent")
    for key in ("ArrowLeft", "ArrowRight", "ArrowLeft"):
        assert press_unstepped(page, key) == total
    expect(page.locator("#replay-close")).to_be_hidden()
    page.click("#replay-first")
    expect(page.locator("#table")).to_have_attribute("data-replay-step", "0")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#table")).to_have_attribute("data-replay-step", "1")
    assert page.evaluate("() => window.keyTaken") is True
    assert page.errors == []  # type: ignore[attr-defined]


BOARD_TOP = "() => document.querySelector('#board').getBoundingClientRect().top"


def test_replay_the_game_starts_the_replay(browser: Browser, server: LiveServer) -> None:
    """The "Replay the game" link in the outcome box only scrolled to the controls below the board:
    nothing stepped, and a player who pressed it waited for a replay. It starts the replay at
    its first step, brings the board into view with the controls stuck below it, and leaves
    the focus on the next step's button (Enter steps on)."""
    page = a_finished_game(browser, server)
    table = page.locator("#table")
    for viewport in (LAPTOP, PHONE):
        resize(page, viewport)
        page.evaluate("() => window.scrollTo(0, 0)")
        page.click("#outcome-replay")
        expect(table).to_have_attribute("data-replay-step", "0")
        expect(page.locator("#replay-action")).to_have_text("The start of the game")
        expect(page.locator("#replay-next")).to_be_focused()
        if viewport == PHONE:  # a laptop's page ends before its board's top reaches the top
            wait_for(lambda: abs(page.evaluate(BOARD_TOP)) <= 2)  # the smooth scroll at rest
        expect(page.locator("#board [data-board]")).to_be_in_viewport()
        expect(page.locator("#replay-next")).to_be_in_viewport(ratio=1)
        page.keyboard.press("Enter")
        expect(table).to_have_attribute("data-replay-step", "1")
        page.click("#replay-close")
        expect(table).not_to_have_attribute("data-replaying", "true")
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_first_step_that_cannot_be_loaded_leaves_nothing_to_close(
    browser: Browser, server: LiveServer
) -> None:
    """When the replay's first step failed to load, "Close" showed beside its error though no
    step was shown and nothing was open. It shows only once a step is shown; the error alone
    says what happened, the arrows stay the page's, and the next try starts the replay."""
    page = a_finished_game(browser, server)
    close = page.locator("#replay-close")
    page.route("**/api/tables/*/replay/*", refused)
    page.click("#replay-first")
    expect(page.locator("#replay-error")).to_have_text(
        "Step 0 could not be shown: no record. Try again."
    )
    expect(close).to_be_hidden()
    total = page.evaluate("() => document.querySelector('#replay-step').textContent")
    assert total.split(" / ")[0] == total.split(" / ")[1], total  # the end, as the board shows
    assert press_unstepped(page, "ArrowLeft") == total
    # Asked for from the outcome box, a phone's screen above the controls: the error is seen.
    resize(page, PHONE)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.click("#outcome-replay")
    expect(page.locator("#replay-error")).to_be_in_viewport(ratio=1)
    expect(close).to_be_hidden()
    page.unroute("**/api/tables/*/replay/*")
    page.click("#replay-first")
    expect(page.locator("#table")).to_have_attribute("data-replay-step", "0")
    expect(close).to_be_visible()
    expect(page.locator("#replay-error")).to_have_text("")
    assert page.errors == []  # type: ignore[attr-defined]


# The replay's bar on the screen: its height, and each control's box.
REPLAY_BAR = """() => ({
    bar: document.querySelector("#replay").getBoundingClientRect().height,
    controls: [...document.querySelectorAll("#replay .replay-controls :is(button, select)")]
        .filter(node => !node.hidden)
        .map(node => ({id: node.id, top: node.getBoundingClientRect().top,
            height: node.getBoundingClientRect().height})),
})"""


def test_a_phones_replay_bar_is_one_row_of_finger_high_controls(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone the bar stuck at the screen's foot took three rows, 105 px of 844, with
    buttons 32 px high. It is one row of controls 40 px high (the step's words under it), every
    control still there, and the record's link is in the outcome box."""
    page = a_finished_game(browser, server)
    resize(page, PHONE)
    page.click("#replay-first")
    page.keyboard.press("ArrowRight")
    expect(page.locator("#table")).to_have_attribute("data-replay-step", "1")
    page.evaluate("() => window.scrollTo(0, 0)")
    shown = page.evaluate(REPLAY_BAR)
    ids = [control["id"] for control in shown["controls"]]
    assert ids == [
        "replay-first",
        "replay-prev",
        "replay-next",
        "replay-last",
        "replay-seat",
        "replay-close",
    ], shown
    assert shown["bar"] <= 80, shown
    assert all(control["height"] >= 40 for control in shown["controls"]), shown
    assert len({round(control["top"]) for control in shown["controls"]}) == 1, shown
    for control in ids:
        expect(page.locator(f"#{control}")).to_be_in_viewport(ratio=1)
    expect(page.locator("#outcome #download")).to_be_attached()
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_rematch_that_fails_is_told_beside_its_button(
    browser: Browser, server: LiveServer
) -> None:
    """Why "Play again" failed was told only on the error line under the board, a screen away
    on a phone. It is told beside the button, and the button may be pressed again."""
    page = a_finished_game(browser, server)
    resize(page, PHONE)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.route(
        "**/api/tables/*/rematch",
        lambda route: route.fulfill(
            status=409, json={"code": "busy", "detail": "too many tables are open; try later"}
        ),
    )
    page.click("[data-rematch]")
    said = page.locator("#rematch-error")
    expect(said).to_have_text("Too many tables are open; try later")
    expect(said).to_be_in_viewport(ratio=1)
    expect(page.locator("[data-rematch]")).to_be_enabled()
    expect(page.locator("#error")).to_have_text("")
    assert page.errors == []  # type: ignore[attr-defined]


# Where the note at the screen's foot and the replay's controls stand on the screen.
FOOT_NOTES = """() => {
    const box = (id) => document.querySelector(id).getBoundingClientRect();
    return {note: box("#error-toast"), controls: box("#replay"), height: innerHeight};
}"""


def test_a_refusal_at_the_screens_foot_stands_above_the_replays_controls(
    browser: Browser, server: LiveServer
) -> None:
    """A refusal told at the screen's foot (its line under the board out of view) lay over the
    replay's controls stuck there, hiding the stepping buttons; it now rises above them, on a
    laptop and on a phone."""
    page = a_finished_game(browser, server)
    wire = ToldSocket(page)
    expect(page.locator("#replay")).to_be_visible()
    # (A move refused as the game is over is said under the board, never in the note: see
    # test_a_move_that_arrives_after_the_game_s_end_is_said_once_and_quietly.)
    refusal = {
        "type": "error",
        "data": {"code": "rate-limited", "message": "too many messages; slow down"},
    }
    for viewport in (LAPTOP, PHONE):
        resize(page, viewport)
        page.click("#replay-first")
        expect(page.locator("#table")).to_have_attribute("data-replay-step", "0")
        page.evaluate("() => window.scrollTo(0, 0)")
        expect(page.locator("#replay-next")).to_be_in_viewport(ratio=1)
        wire.tell(refusal)
        expect(page.locator("#error-toast")).to_be_visible()
        expect(page.locator("#error-toast")).to_have_text("too many messages; slow down")
        places = page.evaluate(FOOT_NOTES)
        assert places["controls"]["bottom"] == pytest.approx(places["height"], abs=1), places
        assert places["note"]["bottom"] <= places["controls"]["top"], (viewport, places)
        page.click("#replay-close")
    assert page.errors == []  # type: ignore[attr-defined]


def refused(route: Route) -> None:
    route.fulfill(status=404, json={"code": "no-record", "detail": "no record"})


def unreached(route: Route) -> None:
    route.abort()


def test_a_replay_step_that_cannot_be_loaded_is_told_beside_the_controls(
    browser: Browser, server: LiveServer
) -> None:
    """A step the server did not give (an error, or no answer at all) was told only on the
    error line under the board, off the screen while the controls are stuck at its foot: the
    counter went back and nothing said why. It is now told beside the controls, on a laptop
    and on a phone, and goes once a step is shown."""
    page = a_finished_game(browser, server)
    table = page.locator("#table")
    said = page.locator("#replay-error")
    for viewport, fail in ((LAPTOP, "refused"), (PHONE, "unreached")):
        resize(page, viewport)
        # Only step 2 fails, and from before the stepping starts: a route added after step 1
        # was shown once let step 2 through to the server (1 full run in 3; not caught).
        step_two = "**/api/tables/*/replay/2"
        page.route(step_two, refused if fail == "refused" else unreached)
        page.click("#replay-first")
        page.keyboard.press("ArrowRight")
        expect(table).to_have_attribute("data-replay-step", "1")
        page.evaluate("() => window.scrollTo(0, 0)")

        page.keyboard.press("ArrowRight")
        why = "no record" if fail == "refused" else "the server is out of reach"
        expect(said).to_have_text(f"Step 2 could not be shown: {why}. Try again.")
        expect(said).to_be_in_viewport(ratio=1)
        expect(page.locator("#replay-step")).to_contain_text("1 / ")  # back to what is shown
        expect(table).to_have_attribute("data-replay-step", "1")
        page.unroute(step_two)
        page.keyboard.press("ArrowRight")
        expect(table).to_have_attribute("data-replay-step", "2")
        expect(said).to_have_text("")
        page.click("#replay-close")
    assert page.errors == []  # type: ignore[attr-defined]


# ---------------------------------------------------------------- a move on its way


def moves_never_arrive(socket: WebSocketRoute) -> None:
    """The table's socket, with this page's moves kept from the server: each stays on its way."""
    server = socket.connect_to_server()
    server.on_message(socket.send)
    socket.on_message(
        lambda message: None if json.loads(message)["type"] == "act" else server.send(message)
    )


def test_the_turn_line_says_a_move_is_on_its_way(browser: Browser, server: LiveServer) -> None:
    """While Ann's move was on its way, Mole Hill's board said "Sending your move…" and the turn
    line above it still "Your move", in green. The turn line says it is on its way too, in every
    game (the page words it, not the board), and no longer as this seat's move."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    page.route_web_socket("**/ws/tables/**", moves_never_arrive)
    create_table(page, server, "mole-hill")
    fill_bots_and_start(page)
    turn = page.locator("#turn")
    expect(turn).to_have_text("Your move")  # the mole places first: seat 0
    page.locator("[data-board] [data-action]").first.click()
    expect(page.locator(".mh-sending")).to_have_text("Sending your move…")
    expect(turn).to_have_text("Sending your move…")
    expect(turn).not_to_have_class("turn you")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_board_on_its_way_is_said_not_shown_as_raw_data(
    browser: Browser, server: LiveServer
) -> None:
    """Until a game's board module has loaded, the page drew the generic view of the raw
    observation: a table of data wider than a phone's column flashed before the board (and
    axe-core, run in that moment, found a box scrolling out of the keyboard's reach). A line
    says the board is coming instead; a module that cannot load leaves the generic view, the
    only honest one then."""
    page = open_table(browser, server, "mole-park", players=4, viewport=PHONE)
    fill_bots_and_start(page)
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    page.route("**/static/js/boards/mole-park.js", hold)
    page.reload()
    expect(page.locator("#table")).to_have_attribute("data-status", "running")
    coming = page.locator("#board .board-coming")
    expect(coming).to_have_text("Setting out the board…")
    while not held:  # Playwright hears of the request while it waits
        page.wait_for_timeout(25)
    expect(page.locator("[data-view=observation]")).to_have_count(0)
    held[0].continue_()
    expect(page.locator("[data-board=mole-park]")).to_be_visible()
    expect(coming).to_have_count(0)
    page.unroute("**/static/js/boards/mole-park.js")
    page.route("**/static/js/boards/mole-park.js", lambda route: route.abort())
    page.reload()
    expect(page.locator("#board > [data-view=observation]")).to_be_visible()
    expect(coming).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]
