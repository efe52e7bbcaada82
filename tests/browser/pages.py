"""What a person does on the pages, as Playwright steps."""

from __future__ import annotations

import copy
import json
import os
import random
import time
from collections.abc import Mapping
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect
from playwright.sync_api import Error as PlaywrightError

from molehaven.core import JSONValue, State
from tests.server.live_server import LiveServer

# Debian's ``chromium-headless-shell``: the Chromium build without a window system, the one
# Playwright itself runs headless. The whole browser drew the same pages for much more CPU
# (tests/browser/test_play.py: 207 CPU seconds against 127, 2026-11-28), and Chromium took about
# half the suite's CPU. ``MOLEHAVEN_TEST_CHROMIUM`` names another build, e.g. /usr/bin/chromium.
CHROMIUM = os.environ.get("MOLEHAVEN_TEST_CHROMIUM", "/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # More flags, to measure one against the suite's CPU (none tried so far gained).
    *os.environ.get("MOLEHAVEN_TEST_CHROMIUM_EXTRA", "").split(),
]

LAPTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
# Scrolls to the page's end (the chat, the moves): the board out of view.
SCROLL_TO_THE_END = "() => window.scrollTo(0, document.documentElement.scrollHeight)"


# A resized page answers in its own time: media query listeners (Die Maulwurf Company's Moves
# panel goes beside the layer from 1200 px) run at the next frame, before its animation frame
# callbacks, and resize observers after that frame's layout. Two frames on, both have run; a
# test that read the page at once sometimes met the old layout.
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def resize(page: Page, size: Mapping[str, int]) -> None:
    """Give ``page`` the screen ``size`` (``width``, ``height``) and let it answer the change."""
    page.set_viewport_size({"width": size["width"], "height": size["height"]})
    page.evaluate(NEXT_FRAMES)


def open_page(browser: Browser, url: str, viewport: dict[str, int] = LAPTOP) -> Page:
    page = watched_page(browser.new_context(viewport=viewport))  # type: ignore[arg-type]
    page.goto(url)
    return page


def watched_page(context: BrowserContext) -> Page:
    """A new page of ``context`` whose script errors are kept in ``page.errors``."""
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def sit(page: Page, seat: int, name: str) -> None:
    """Type ``name`` and take ``seat`` at the open table on ``page``, as a person does."""
    page.fill("#join-name", name)
    page.click(f'[data-sit="{seat}"]')
    expect(page.locator("#table")).to_have_attribute("data-you", str(seat))


def create_table(
    page: Page,
    server: LiveServer,
    game: str,
    *,
    name: str = "Ann",
    options: dict[str, str] | None = None,
    players: int | None = None,
) -> str:
    """Fill the lobby's form (taking seat 0) and land on the new table; returns its id."""
    lobby = f"{server.url}/"
    if page.url != lobby:  # most tests open the lobby first: loading it again cost ~0.4 CPU s
        page.goto(lobby)
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    for option, value in (options or {}).items():
        field = page.locator(f"#option-{option}")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:  # a number field
            field.fill(value)
    page.fill("#name", name)
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return table_of(page)


def open_table(
    browser: Browser,
    server: LiveServer,
    game: str,
    *,
    viewport: dict[str, int] = LAPTOP,
    name: str = "Ann",
    options: dict[str, JSONValue] | None = None,
    players: int | None = None,
) -> Page:
    """A new page on a new table, its creator at seat 0 and its host, as the lobby's form
    leaves them (``create_table``: the tests of the lobby and of a whole visit use the form).
    The table is made through the API, as the form makes it, and the page's storage given
    what the form stores: loading the lobby and filling its form first cost nearly as much
    CPU as drawing the table itself, in every test that only needs the table."""
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    body: dict[str, JSONValue] = {"game": game, "options": options or {}, "sit": {"name": name}}
    if players is not None:
        body["players"] = players
    # The host's cookie comes with the answer into the context's cookies, as with the form.
    answer = context.request.post(
        f"{server.url}/api/tables", data=body, headers={"Origin": server.url}
    )
    assert answer.ok, answer.text()
    created = answer.json()
    table = created["table"]["id"]
    stored = {
        f"molehaven.host.{table}": created["host_token"],
        "molehaven.name": name,
        f"molehaven.seat.{table}": json.dumps(
            {"seat": 0, "token": created["seat"]["token"], "since": int(time.time() * 1000)}
        ),
    }
    # Stored once in the context (a seat left, a reload and a second tab go on from the
    # page's own changes), and only at the server's origin (a new page is about:blank first).
    context.add_init_script(
        f"""if (location.origin === {json.dumps(server.url)}
                && !localStorage.getItem("test.stored")) {{
            for (const [key, value] of Object.entries({json.dumps(stored)}))
                localStorage.setItem(key, value);
            localStorage.setItem("test.stored", "yes");
        }}"""
    )
    page = watched_page(context)
    page.goto(f"{server.url}/tables/{table}")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return page


def table_of(page: Page) -> str:
    """The id of the table ``page`` shows."""
    return page.url.rsplit("/", 1)[-1]


def fill_bots_and_start(page: Page, agent: str = "random") -> None:
    """Fill the empty seats with ``agent`` bots (tests use quick ones; the page offers
    ``hard`` first) and start."""
    page.select_option("#bot-agent", agent)
    # Twice in about ten whole runs (2026-11-28) the seats stayed empty, with no seat error:
    # what the page asked and was answered, and what the server holds, tell where it stopped.
    asked: list[str] = []
    page.on(
        "request", lambda r: asked.append(f"asked {r.method} {r.url}") if "/bots" in r.url else None
    )
    page.on(
        "response",
        lambda r: asked.append(f"answered {r.status}") if "/bots" in r.url else None,
    )
    page.on(
        "requestfailed",
        lambda r: asked.append(f"failed: {r.failure}") if "/bots" in r.url else None,
    )
    page.click("#fill-bots")
    try:
        expect(page.locator("#start")).to_be_enabled()
    except AssertionError as error:
        seats = page.locator("#seats").inner_text()
        said = page.locator("#seat-error").inner_text()
        held = page.request.get(page.url.replace("/tables/", "/api/tables/")).text()
        raise AssertionError(
            f"{error}\nseats: {seats!r}; seat error: {said!r}\n"
            f"requests: {asked}\nthe server's table: {held[:2000]}"
        ) from error
    page.click("#start")
    expect(page.locator("#table")).not_to_have_attribute("data-status", "open")


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or 0)


def status(page: Page) -> str:
    return page.locator("#table").get_attribute("data-status") or ""


BOARD_TARGETS = "[data-board] [data-action]"
BUTTONS = "#action-buttons > .action-group button[data-action]:not([disabled])"


# The actions a page offers now: on the drawn board, else as buttons.
OFFERED = f"""() => {{
    const board = document.querySelectorAll('{BOARD_TARGETS}');
    const shown = board.length ? board : document.querySelectorAll('{BUTTONS}');
    return [...shown].map(element => element.dataset.action);
}}"""


def targets(page: Page) -> list[str]:
    """The actions this page offers now: on the drawn board, else as buttons."""
    offered: list[str] = page.evaluate(OFFERED)
    return offered


# Waiting happens inside the page, not by polling it over Playwright's pipe: a long game
# against bots takes hundreds of clicks, and each round trip costs milliseconds. ``UNTIL``
# looks again whenever the page changes (and ten times a second besides, for what changes
# without a DOM mutation), until ``look()`` gives something other than null, or ``seconds``
# have gone (null). Looking every 5 ms instead kept a waiting page's renderer busy for
# nothing while bots thought.
UNTIL = """(look, seconds) => new Promise(resolve => {
    let done = false, observer = null, poll = 0, timer = 0;
    const finish = value => {
        done = true;
        observer.disconnect(); clearInterval(poll); clearTimeout(timer);
        resolve(value);
    };
    const check = () => {
        if (done) return;
        const value = look();
        if (value !== null && value !== undefined) finish(value);
    };
    observer = new MutationObserver(check);
    observer.observe(document, {subtree: true, childList: true, attributes: true,
                                characterData: true});
    poll = setInterval(check, 100);
    timer = setTimeout(() => { if (!done) finish(null); }, seconds * 1000);
    check();
})"""
CHANGED = """before => document.querySelector("#table").dataset.version !== String(before)
    || document.querySelector("#error").innerText !== ''"""
NEXT_TURN = f"""([before, seconds]) => {{
    const table = document.querySelector("#table");
    const moved = () => before === null || ({CHANGED})(before);
    const offered = {OFFERED};
    return ({UNTIL})(() => {{
        if (!moved()) return null;
        const shown = offered();
        if (table.dataset.status !== "over" && !shown.length) return null;
        return {{status: table.dataset.status, version: table.dataset.version, offered: shown}};
    }}, seconds);
}}"""


# Conditions for ``until``, each a function of one argument.
VERSION_IS = "n => document.querySelector('#table').dataset.version === String(n)"
VERSION_ABOVE = "n => Number(document.querySelector('#table').dataset.version) > n"
# The page shows version ``n`` and offers this seat a move.
MOVE_OFFERED_AT = f"n => ({VERSION_IS})(n) && ({OFFERED})().length > 0"


def until(page: Page, condition: str, arg: object = None, seconds: float = 15.0) -> None:
    """Until the page's ``condition(arg)`` (JavaScript) holds, looked at in the page as it
    changes: a test that polls over Playwright's pipe pays two processes' work for each look.
    """
    script = f"([arg, seconds]) => ({UNTIL})(() => Boolean(({condition})(arg)) || null, seconds)"
    if not page.evaluate(script, [arg, seconds]):
        shown = describe(page)
        raise AssertionError(
            f"the page never met {condition} for {arg!r} in {seconds:g} s: {shown}"
        )


# A new version, or a refusal said since: words already on the error line before the click
# are not this click's refusal.
MOVED_OR_REFUSED = """([before, said]) => document.querySelector("#table").dataset.version
        !== String(before)
    || !["", said].includes(document.querySelector("#error").innerText)"""


def click_action(page: Page, action: str) -> bool:
    """Click the action's board target or button and wait for the page to take it in;
    False when the action was no longer offered."""
    before = [version(page), page.locator("#error").inner_text()]
    if not click_only(page, action):
        return False
    until(page, MOVED_OR_REFUSED, before)
    return True


def click_only(page: Page, action: str, *, seconds: float = 3.0) -> bool:
    """Click the action's board target or button; False when it was not there within
    ``seconds`` (the game moved on and the action went away). A caller whose action cannot
    go away (nobody else may act) waits longer, so that a loaded machine is not a failure."""
    quoted = action.replace("\\", "\\\\").replace('"', '\\"')  # free text may hold quotes
    target = page.locator(
        f'[data-board] [data-action="{quoted}"], {BUTTONS}[data-action="{quoted}"]'
    )
    try:
        # The selector already demands an enabled button; skipping Playwright's other
        # actionability checks halves the time of a click.
        target.first.click(timeout=seconds * 1000, force=True, no_wait_after=True)
    except PlaywrightError:  # not found in time, or hidden as the click landed
        return False  # the game moved on and the action went away
    return True


def describe(page: Page) -> str:
    """What the table page shows, for a failing test's message."""
    shown: dict[str, object] = page.evaluate(
        """() => ({
        data: {...document.querySelector("#table").dataset},
        turn: document.querySelector("#turn").innerText,
        error: document.querySelector("#error").innerText,
        connection: document.querySelector("#connection").innerText,
        buttons: [...document.querySelectorAll("#action-buttons button")].map(
            button => button.dataset.action + (button.disabled ? " (disabled)" : "")),
        log: [...document.querySelectorAll("#log li")].slice(-8).map(item => item.innerText),
    })"""
    )
    return repr(shown)


def wait_for(condition: object, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.02)
    raise AssertionError("the page did not change in time")


def play_random_targets_until_over(
    page: Page, rng: random.Random, *, max_actions: int = 5000
) -> int:
    """Click one of the offered actions, chosen by ``rng``, whenever there is one; returns
    how many were played. (Always taking the first offered action can walk a mole to and
    fro for thousands of turns; random play ends about as fast as the bots' games.)"""
    played = 0
    before: str | None = None
    while True:
        seen = page.evaluate(NEXT_TURN, [before, 15])
        if seen is None:
            raise AssertionError(
                f"the page offered nothing and the game did not end in 15 s: {describe(page)}"
            )
        if seen["status"] == "over":
            return played
        if click_only(page, rng.choice(seen["offered"])):
            before = seen["version"]
            played += 1
            assert played <= max_actions
        else:
            before = None  # nothing was sent: look again at once


def draw_again(
    page: Page,
    script: str,
    seen: list[object],
    *,
    pending: bool = False,
    refusal: str | None = None,
) -> dict[str, object]:
    """Draw with ``script`` (a ``draw_alone``) what a seat sees (``[observation, legal, you,
    names]``) as a live table draws it again: the board keeps what it remembers and the clicks
    are kept; what the script returns (the keyboard tests: what has the focus)."""
    shown: dict[str, object] = page.evaluate(script, [*seen, False, [], refusal, pending, True])
    return shown


def evaluated(page: Page, expression: str) -> dict[str, object]:
    """A page expression's value (the keyboard tests: what has the focus, in their words)."""
    shown: dict[str, object] = page.evaluate(f"() => {expression}")
    return shown


def draw_alone(slug: str, result: str) -> str:
    """A page script that draws ``slug``'s board module alone, for one seat, on the server's
    "no such table" page (which runs no table script, so nothing draws over it), then returns
    the JavaScript expression ``result`` (``board``, ``table`` and the arguments in scope).
    Its arguments: ``[observation, legal, you, names]``, then optionally ``replaying`` (to
    draw a replay's step) and what a live table also gives a board: its ``log``, the seat's
    last ``refusal`` and whether a move is ``pending``. Clicks are kept in
    ``window.clicked`` (emptied at each drawing unless ``keepClicks``)."""
    return """async ([observation, legal, you, names, replaying = false, log = [], refusal = null,
                 pending = false, keepClicks = false]) => {
    let host = document.querySelector("#board");
    if (!host) {
        host = document.createElement("div");
        host.id = "board";
        host.className = "board";
        document.querySelector("main").append(host);
    }
    const board = await import("/static/js/boards/SLUG.js");
    const answer = await fetch("/api/games/SLUG/guide");
    if (!answer.ok) throw new Error(`SLUG's guide did not come: HTTP ${answer.status}`);
    const guide = await answer.json();
    // A board without a stylesheet of its own (Mole Hill) is drawn with the page's; one with
    // a stylesheet is drawn once it has come, or the drawing fails at once, never waiting on
    // a sheet that did not come.
    const sheet = board.stylesheet;
    if (sheet && !document.querySelector(`link[data-probe="${sheet}"]`)) {
        const link = document.createElement("link");
        link.rel = "stylesheet";
        link.href = `/static/${sheet}`;
        link.dataset.probe = sheet;
        const loaded = new Promise((resolve, reject) => {
            link.addEventListener("load", resolve);
            link.addEventListener("error", () => reject(new Error(`${link.href} did not load`)));
            setTimeout(() => reject(new Error(`${link.href} did not load in 10 s`)), 10_000);
        });
        document.head.append(link);
        await loaded;
    }
    const seats = names.map((name, seat) => ({seat, kind: "human", name, connected: true}));
    const table = {id: "drawn-alone", game: "SLUG", players: names.length, seats};
    if (!keepClicks || !window.clicked) window.clicked = [];
    board.render(host, {
        observation, legal, lastAction: null, onAction: action => window.clicked.push(action),
        table, you, log, describe: () => "", guide, replaying, pending, refusal,
    });
    return RESULT;
}""".replace("SLUG", slug).replace("RESULT", result)


def set_position(
    data: dict[str, JSONValue],
    observation: JSONValue,
    legal: list[str],
    *,
    result: dict[str, JSONValue] | None = None,
    seats: dict[int, dict[str, JSONValue]] | None = None,
) -> None:
    """A seat's view the server sent (``data`` of a snapshot or an update), made to show
    ``observation`` with ``legal`` offered, and who it waits for to match; with the
    ``result`` of a finished game (``molehaven.server.matches.story.result_of``), the table is
    over, as the server sends a finished table: its status and result, nobody awaited, no
    clock, nothing offered. ``seats`` changes who sits where (``{1: {"kind": "human", ...}}``:
    seat 1's public facts, as ``views.table_public`` gives them)."""
    assert isinstance(observation, dict)
    table = data["table"]
    assert isinstance(table, dict)
    shown_seats = table["seats"]
    assert isinstance(shown_seats, list)
    for seat, facts in (seats or {}).items():
        slot = shown_seats[seat]
        assert isinstance(slot, dict)
        slot.update(facts)
    if result is None:
        waiting: JSONValue = {"seats": observation.get("to_move"), "you": bool(legal)}
        table.update(status="running", result=None)
    else:
        assert not legal, "a finished game offers nothing"
        waiting = None
        table.update(status="over", result=result)
        data.update(clock=None)
    data.update(observation=observation, legal=list(legal), waiting=waiting, result=result)


def show_a_fixed_position(
    page: Page,
    observation: dict[str, JSONValue],
    legal: list[str],
    *,
    result: dict[str, JSONValue] | None = None,
    seats: dict[int, dict[str, JSONValue]] | None = None,
    reload: bool = True,
    log: list[JSONValue] | None = None,
) -> None:
    """The live table open on ``page`` shows its seat ``observation`` with ``legal`` offered,
    and nothing later: the first view the server sends over the table's WebSocket is given
    this position in place of the game's, and later views are dropped (the chat and
    refusals pass). The whole table page draws it, in the real page's layout, with its turn
    line and turn bar, while the bots play on unseen; ``reload`` opens the page again under
    it. Actions clicked still go to the server, which refuses what its game does not allow.
    A finished game's position is shown with its ``result`` (see ``set_position``): the page
    is then a finished table's, not a running one's; ``seats`` changes who sits where. With
    ``log`` (entries as the server writes them: ``n``, ``seat``, ``text``, ``describe``) the
    move log is that one."""

    def rewrite(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        shown = False

        def from_server(message: str | bytes) -> None:
            nonlocal shown
            envelope = json.loads(message)
            if envelope.get("type") not in ("snapshot", "update"):
                socket.send(message)
            elif not shown:
                shown = True
                set_position(envelope["data"], observation, legal, result=result, seats=seats)
                if log is not None:
                    envelope["data"].update(log=log, log_from=0)
                socket.send(json.dumps(envelope))

        server.on_message(from_server)

    page.route_web_socket("**/ws/tables/**", rewrite)
    if reload:
        page.reload()


def seen_by(state: State, seat: int, names: list[str]) -> list[object]:
    """What ``draw_alone`` and ``draw_again`` draw for ``seat``: ``[observation, legal, you,
    names]``, the legal actions as sorted notation."""
    return [state.observation(seat), sorted(str(a) for a in state.legal_actions(seat)), seat, names]


class ToldSocket:
    """The table's socket passed through between ``page`` and the server, into which the test
    puts a message of its own, as from the server. ``_route`` wires a socket the page opens;
    a subclass may pass less on."""

    def __init__(self, page: Page) -> None:
        self.current: WebSocketRoute | None = None
        page.route_web_socket("**/ws/tables/**", self._route)
        page.reload()

    def _route(self, socket: WebSocketRoute) -> None:
        self.current = socket
        server = socket.connect_to_server()
        socket.on_message(server.send)
        server.on_message(socket.send)

    def tell(self, message: dict[str, Any]) -> None:
        assert self.current is not None
        self.current.send(json.dumps(message))


class EndingSocket(ToldSocket):
    """The table's socket between ``page`` and the server. With an ``observation``, the
    first view the server sends shows it (with ``legal``) and later views are dropped (the
    bots play on unseen); without, the views pass. A move the page sends goes no further: the
    test answers it (``tell``) as the server does when the game ended on its way. With
    ``log`` (entries as ``show_a_fixed_position`` takes them) the first view's move log is
    that one."""

    def __init__(
        self,
        page: Page,
        observation: dict[str, JSONValue] | None = None,
        legal: list[str] | None = None,
        log: list[JSONValue] | None = None,
    ) -> None:
        self.observation = observation
        self.legal = legal or []
        self.log = log
        self.first: dict[str, JSONValue] | None = None  # the first view, as shown
        self.moves: list[dict[str, JSONValue]] = []  # the moves the page sent
        super().__init__(page)

    def _route(self, socket: WebSocketRoute) -> None:
        self.current = socket
        server = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope["type"] not in ("snapshot", "update") or self.observation is None:
                socket.send(message)
            elif self.first is None:
                set_position(envelope["data"], self.observation, self.legal)
                if self.log is not None:
                    envelope["data"].update(log=self.log, log_from=0)
                self.first = envelope
                socket.send(json.dumps(envelope))

        def from_page(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope["type"] == "act":
                self.moves.append(envelope)
            else:
                server.send(message)

        server.on_message(from_server)
        socket.on_message(from_page)

    def wait_for_the_move(self, page: Page) -> None:
        """Until the page's move has reached the socket (Playwright hears of it while it waits)."""
        for _ in range(400):
            if self.moves:
                assert len(self.moves) == 1, self.moves
                return
            page.wait_for_timeout(25)
        raise AssertionError("the page sent no move")

    def refuse_the_move(self, refusal: dict[str, JSONValue]) -> None:
        """The server's refusal of the last move sent, naming it by its ref."""
        move = self.moves[-1]
        self.tell(
            {"type": "error", "version": move["version"], "data": {**refusal, "ref": move["ref"]}}
        )

    def the_end(self, observation: dict[str, JSONValue], result: dict[str, JSONValue]) -> None:
        """The view of the finished table, as the server sends it once the game is over."""
        assert self.first is not None
        envelope = copy.deepcopy(self.first)
        envelope["type"] = "update"
        envelope["version"] = int(str(envelope["version"])) + 1
        set_position(envelope["data"], observation, [], result=result)  # type: ignore[arg-type]
        self.tell(envelope)
