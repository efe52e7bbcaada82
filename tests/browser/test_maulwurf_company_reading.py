"""Die Maulwurf Company: what the table's marks and words mean, read at a glance. The marks of
a layer just reached, a mole in a hole whether it may move or not, the end of a game that
ends as a layer is lifted, and the bonus question: fixed positions, drawn alone or given to a
live table page in place of its game's."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from molehaven.core import State
from tests.browser.pages import (
    PHONE,
    draw_alone,
    fill_bots_and_start,
    open_page,
    open_table,
    resize,
)
from tests.browser.test_maulwurf_company_forced import last_resort
from tests.browser.test_maulwurf_company_table import (
    BOARD,
    DESKTOP,
    NAMES,
    SIDEWAYS,
    SLUG,
    bonus_offered,
    draw,
    sideways_green,
    sideways_red,
)
from tests.games.maulwurf_company.helpers import apply_all, position
from tests.games.maulwurf_company.test_examples import example_6_state
from tests.server.live_server import LiveServer

LIFTED = f"{BOARD}[data-lifting='']"  # no layer being lifted on screen


def red_lifted_to_brown() -> tuple[State, State]:
    """Rules example 6 with the sole survivor playing on (MC-23): Ann's 3 fills red's last
    hole, her eight moles drop to brown, and her next disc is a 4 (so she moves at once)."""
    before = example_6_state(sole_survivor="plays_on")
    after = apply_all(example_6_state(sole_survivor="plays_on"), "0 move -2-1 e, c flip 4")
    return before, after


@pytest.mark.draws_only
def test_on_a_layer_just_reached_a_ring_means_only_that_a_mole_may_move(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """Right after a lift every mole on the new layer has just dropped through, and each wore
    a white dashed ring saying so, beside the ring of the moles that may move: the caption said
    "ringed moles have just dropped through", the prompt "click one of your ringed moles". The
    dropped moles now wear no ring (they arrive in motion); the caption says how many dropped
    from where; only a mole that may move is ringed, and every ringed mole may be clicked."""
    before, after = red_lifted_to_brown()
    legal = sorted(str(action) for action in after.legal_actions(0))
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    for viewport in (DESKTOP, PHONE):
        resize(page, viewport)
        draw(page, before, 0)
        draw(page, after, 0)
        expect(page.locator(f"{BOARD}[data-lifting='red']")).to_have_count(1)
        expect(page.locator(LIFTED)).to_have_count(1, timeout=5_000)
        size = f"{viewport['width']}x{viewport['height']}"
        page.screenshot(path=str(tmp_path / f"maulwurf-company-dropped-{size}.png"))
        ringed = page.evaluate(f"""() => [...document.querySelectorAll(
            "{BOARD} svg.mc-layer .mc-mole")].filter(mole => mole.querySelector(
            ".mc-ring, .mc-dropped-ring, circle[class*='ring']")).map(mole => mole.dataset.at)""")
        movable = sorted({action.split(" ")[1] for action in legal})
        assert sorted(ringed) == movable, (size, ringed)
        clickable = page.locator(f"{BOARD} svg.mc-layer [data-mole]")
        assert sorted(clickable.evaluate_all("nodes => nodes.map(n => n.dataset.mole)")) == movable
        prompt = page.locator(f"{BOARD} .mc-prompt")
        expect(prompt).to_contain_text("Click one of your ringed moles")
        caption = page.locator(f"{BOARD} .mc-caption")
        expect(caption).to_have_text(
            "Now on brown: the 8 moles saved in red's holes dropped to the same points."
        )
        expect(page.locator(f"{BOARD} .mc-legend")).not_to_contain_text("dropped")
    assert page.evaluate("() => window.clicked") == []
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


# Each mole in a hole: its hole's lip (drawn over the mole, in the hole's paint), and how much
# of the lip shows straight below the point, in screen pixels, inside any ring around the mole
# (the selected mole's thick ring begins 30 units out). Also how many moles out of holes have
# a lip.
LIPS = f"""() => {{
    const layer = document.querySelector("{BOARD} svg.mc-layer");
    const scale = layer.getBoundingClientRect().width / layer.viewBox.baseVal.width;
    const hole = getComputedStyle(layer.querySelector(".mc-hole")).fill;
    const moles = [...layer.querySelectorAll(".mc-mole.in-hole")].map(mole => {{
        const lip = mole.querySelector(".mc-hole-lip");
        const body = mole.querySelector(".mc-mole-body");
        const centre = layer.querySelector(`.mc-hole[data-point="${{mole.dataset.at}}"]`);
        const x = centre.cx.baseVal.value, y = centre.cy.baseVal.value;
        const inner = Math.min(100, ...[...mole.querySelectorAll(".mc-ring")].map(ring =>
            ring.r.baseVal.value - parseFloat(getComputedStyle(ring).strokeWidth) / 2));
        let shown = 0;
        for (let down = 0; lip && down < inner; down += 0.5) {{
            if (lip.isPointInFill(new DOMPoint(x, y + down))) shown += 0.5;
        }}
        const order = [...mole.children];
        return {{at: mole.dataset.at, movable: mole.classList.contains("movable"),
                 selected: mole.classList.contains("selected"),
                 lip: Boolean(lip), paint: lip && getComputedStyle(lip).fill,
                 over: Boolean(lip) && order.indexOf(lip) > order.indexOf(body),
                 shown: shown * scale}};
    }});
    const strays = layer.querySelectorAll(".mc-mole:not(.in-hole) .mc-hole-lip").length;
    return {{moles, hole, strays}};
}}"""


def moles_in_holes_some_free() -> State:
    """Red with four players, moles in holes and out; Ann turned a 2: her moles outside holes
    may move, hers in holes may not (MC-11)."""
    moles = {
        0: "+1-1 -3+0 +2+0 +0-2",
        1: "-1+1 +0+3 -2-1",
        2: "+3-3 +1+2",
        3: "-3+3 +2-2",
    }
    state = position(moles, players=4, layer="red", face_down={0: "2"})
    return apply_all(state, "c flip 2")


@pytest.mark.draws_only
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280x800", "390x844"])
def test_a_mole_in_a_hole_shows_its_hole_ringed_or_not(
    browser: Browser, server: LiveServer, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """A mole in a hole was a mole with a thin white rim on the dark hole; once ringed as a
    mole that may move, the ring covered the hole's edge and it looked like any other mole.
    Now it sits low in its hole, behind the hole's lip, drawn over it in the hole's paint:
    several screen pixels of it show below the point, inside the ring of a mole that may
    move and the selected mole's thicker one, at 1280 and 390 px; no mole outside a hole has
    one."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=viewport)
    size = f"{viewport['width']}x{viewport['height']}"
    seen_kinds = set()
    # Brown first: red then brown would be drawn as red being lifted.
    for name, state in (("forced", last_resort()), ("free", moles_in_holes_some_free())):
        draw(page, state, 0)
        lips = page.evaluate(LIPS)
        page.locator(f"{BOARD} .mc-stage").screenshot(
            path=str(tmp_path / f"maulwurf-company-in-hole-{name}-{size}.png")
        )
        assert lips["moles"], name
        assert lips["strays"] == 0, name
        for mole in lips["moles"]:
            assert mole["lip"] and mole["over"], (name, size, mole)
            assert mole["paint"] == lips["hole"], (name, size, mole)
            assert mole["shown"] >= 6, (name, size, mole)
            seen_kinds.add((mole["movable"], mole["selected"]))
    # Still, ringed and selected (the only move takes a mole out of its hole, MC-11).
    assert seen_kinds == {(False, False), (True, True)}, seen_kinds
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


def script_the_table(
    page: Page, first: tuple[dict[str, object], list[str]], then: dict[str, object]
) -> None:
    """The live table on ``page`` shows ``first`` (its seat's observation, the moves offered)
    in place of its game's, as a running game; the first move the page sends is answered, in
    place of the server, by one update: ``then`` over the first view's data (the observation,
    the table's status, the result). Nothing else the server sends about the game is passed
    on (its bots play on unseen), nor any move sent on to it."""

    def rewrite(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        shown: dict[str, object] = {}

        def from_server(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope.get("type") not in ("snapshot", "update"):
                socket.send(message)
            elif not shown:
                observation, legal = first
                data = envelope["data"]
                data.update(observation=observation, legal=legal, result=None, log=[], log_from=0)
                data["waiting"] = {"seats": observation.get("to_move"), "you": bool(legal)}
                data["table"]["status"] = "running"
                shown.update(envelope)
                socket.send(json.dumps(envelope))

        def from_page(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope.get("type") != "act":
                server.send(message)
            elif shown:
                answer = copy.deepcopy(shown)
                answer["version"] = int(shown["version"]) + 1  # type: ignore[call-overload]
                data = answer["data"]
                data.update({key: value for key, value in then.items() if key != "status"})
                data["legal"] = []
                data["waiting"] = {"seats": [], "you": False}
                data["table"]["status"] = then["status"]
                socket.send(json.dumps(answer))

        server.on_message(from_server)
        socket.on_message(from_page)

    page.route_web_socket("**/ws/tables/**", rewrite)
    page.reload()


# Clicks a mole and then ``action`` on the board, then looks at the page in every frame until
# the board has shown the lift and the result box is shown (or ``seconds`` pass): what the
# board shows (the layer, the one being lifted, the prompt) and around it (the result box, the
# status pill, the replay's controls).
PLAY_AND_WATCH_THE_LIFT = f"""async ([action, seconds]) => {{
    const board = () => document.querySelector("{BOARD}");
    const moment = () => ({{
        layer: board().dataset.layer,
        lifting: board().dataset.lifting,
        prompt: board().querySelector(".mc-prompt").textContent,
        outcome: !document.querySelector("#outcome").hidden,
        pill: document.querySelector("#status").textContent,
        replay: !document.querySelector("#replay").hidden,
    }});
    const mole = action.split(" ")[1];
    board().querySelector(`[data-mole="${{mole}}"]`).dispatchEvent(new MouseEvent("click"));
    board().querySelector(`[data-action="${{action}}"]`).dispatchEvent(new MouseEvent("click"));
    const seen = [];
    const deadline = performance.now() + seconds * 1000;
    while (performance.now() < deadline) {{
        await new Promise(resolve => requestAnimationFrame(resolve));
        const now = moment();
        if (!seen.length || JSON.stringify(now) !== JSON.stringify(seen.at(-1))) seen.push(now);
        if (now.outcome && !now.lifting) break;
    }}
    return seen;
}}"""


def test_a_game_that_ends_as_a_layer_is_lifted_shows_the_lift_then_the_result(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """Rules example 6 (MC-23): Ann fills red's last hole and Bea, with no mole in a hole, is
    out, so Ann wins. The result box came at once, above red still being lifted away ("moles
    in holes drop to brown"), and 1.6 s later brown and "Game over."; the status pill said
    "over" meanwhile. Now the page shows the lift first, the result box waiting (as it waits
    for Mole Park's reveal), then brown, "Game over." and the result box. The replay's
    controls ("144 / 144") came at once, under the lift: they come with the result box."""
    before = example_6_state()
    after = apply_all(example_6_state(), "0 move -2-1 e")
    assert after.is_terminal()
    page = open_table(browser, server, SLUG, viewport=DESKTOP)
    fill_bots_and_start(page)
    legal = sorted(str(action) for action in before.legal_actions(0))
    result = {"summary": "Ann won: the last player with moles.", "returns": [1, 0],
              "scores": [1, 0], "winners": [0]}  # fmt: skip
    script_the_table(
        page,
        (before.observation(0), legal),
        {"observation": after.observation(0), "status": "over", "result": result},
    )
    expect(page.locator(f"{BOARD}[data-layer='red'] [data-mole='-2-1']")).to_have_count(1)
    seen = page.evaluate(PLAY_AND_WATCH_THE_LIFT, ["move -2-1 e", 6])
    page.screenshot(path=str(tmp_path / "maulwurf-company-ended-by-a-lift-1280.png"))
    lifting = [moment for moment in seen if moment["lifting"] == "red"]
    assert lifting, seen
    for moment in lifting:
        assert not moment["outcome"] and not moment["replay"], moment
        assert moment["pill"] == "running", moment
        assert "is being lifted away" in moment["prompt"], moment
    # Before the lift is drawn, nothing tells the end either (the first frame after the move).
    told = [m["outcome"] or m["replay"] for m in seen[: seen.index(lifting[0])]]
    assert not any(told), seen
    last = seen[-1]
    assert last["outcome"] and last["lifting"] == "" and last["layer"] == "brown", seen
    assert last["replay"], last
    assert last["prompt"] == "Game over." and last["pill"] == "over", last
    expect(page.locator("#outcome #result")).to_have_text(str(result["summary"]))
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshot in", tmp_path)


ASKED = draw_alone(SLUG, "board.turn({observation, legal}).asked").replace(
    "seats};", 'seats, status: "running"};'
)


def answers(page: Page) -> list[str]:
    """The prompt's buttons, by their full words (a narrow column shows shorter ones)."""
    names: list[str] = page.locator(f"{BOARD} .mc-prompt button").evaluate_all(
        "nodes => nodes.map(node => node.getAttribute('aria-label') || node.textContent)"
    )
    return names


@pytest.mark.draws_only
def test_the_bonus_question_says_what_taking_the_bonus_binds_you_to(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """The bonus question asked "turn another disc for a bonus move?" and did not say that
    the disc, once turned, must be used: a move with it is compulsory if one is possible, and
    it may not end on a special field (MC-21, MC-12). The question says so, worded from the
    answers offered: with "take" and "decline" both offered it is a choice; were only "take"
    offered, it says the disc must be turned and offers no "No"."""
    state = bonus_offered()
    legal = sorted(str(action) for action in state.legal_actions(1))
    assert legal == ["bonus", "decline"]
    seen = state.observation(1)
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    draw(page, state, 1)
    prompt = page.locator(f"{BOARD} .mc-prompt")
    expect(prompt).to_contain_text(
        "On a special field: turn a bonus disc? A mole must then move by it if any can,"
        " not onto a special field."
    )
    assert answers(page) == ["Yes, turn a bonus disc", "No, end my turn"]
    page.screenshot(path=str(tmp_path / "maulwurf-company-bonus-1280.png"))
    asked = page.evaluate(ASKED, [seen, legal, 1, NAMES[:2]])
    assert asked == "Take a bonus disc (its move is then compulsory), or end your turn."

    # The page decides no rule: were declining not offered, it would not offer it either.
    page.evaluate(ASKED, [seen, ["bonus"], 1, NAMES[:2]])
    expect(prompt).to_contain_text(
        "you must turn another disc for a bonus move; a mole must then move by it if any can"
    )
    assert answers(page) == ["Turn the bonus disc"]
    assert page.evaluate(ASKED, [seen, ["bonus"], 1, NAMES[:2]]) == (
        "Turn your bonus disc: its move is compulsory."
    )
    prompt.locator("button").click()
    assert page.evaluate("() => window.clicked") == ["bonus"]
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_on_a_phone_on_its_side_no_zoom_is_offered_while_green_is_lifted_to_red(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """At 844 x 390 the zoom's button showed with red in play: the page said red (its
    data-layer, the prompt's "drop to red") while green, being lifted, was still drawn, and
    the button was green's. On red itself it is not offered: both views draw red as tall as
    the screen. While a lifted layer is shown, with nothing to do on it, no zoom is offered;
    before the lift (green, larger at the phone's scale) and after it (red) as before."""
    green, _, _ = sideways_green()
    red, _, _ = sideways_red()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=SIDEWAYS)
    zoom = page.locator(f"{BOARD} .mc-zoom")
    draw(page, green, 0)
    expect(zoom).to_be_visible()
    draw(page, red, 0)
    # At once, while green is being lifted (an expectation that waits would see red's).
    during = page.evaluate(f"""() => {{
        const board = document.querySelector("{BOARD}");
        const zoom = board.querySelector(".mc-zoom");
        return [board.dataset.lifting, zoom.checkVisibility({{visibilityProperty: true}})];
    }}""")
    page.screenshot(path=str(tmp_path / "maulwurf-company-lifting-844x390.png"))
    assert during == ["green", False], during
    expect(page.locator(LIFTED)).to_have_count(1, timeout=5_000)
    expect(page.locator(f"{BOARD}[data-layer='red'] svg.mc-layer.mc-red")).to_have_count(1)
    expect(zoom).to_be_hidden()
    page.screenshot(path=str(tmp_path / "maulwurf-company-red-844x390.png"))
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


# The layer the board is drawn with, the one data-layer names, the one being lifted and the
# one the layers' strip marks "(now)".
LAYER_SHOWN = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const drawn = board.querySelector("svg.mc-layer").getAttribute("aria-label");  // The red layer
    return {{
        drawn: drawn.split(" ")[1],
        named: board.dataset.layer,
        lifting: board.dataset.lifting,
        strip: board.querySelector(".mc-stack-layer.now").dataset.layer,
    }};
}}"""


@pytest.mark.draws_only
def test_the_board_names_the_layer_it_shows_while_one_is_lifted(
    browser: Browser, server: LiveServer
) -> None:
    """Red filled and lifted to brown: while red is still shown going away, the board's
    data-layer named brown already, and the layers' strip marked brown "(now)" and red
    "(lifted)" beside the red layer drawn with "Red: lifting away…". Both name red while it is
    shown, and brown once brown is drawn."""
    before, after = red_lifted_to_brown()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    draw(page, before, 0)
    draw(page, after, 0)
    # At once, while red is being lifted (an expectation that waits would see brown's).
    during = page.evaluate(LAYER_SHOWN)
    assert during == {"drawn": "red", "named": "red", "lifting": "red", "strip": "red"}, during
    expect(page.locator(LIFTED)).to_have_count(1, timeout=5_000)
    after_lift = page.evaluate(LAYER_SHOWN)
    assert after_lift == {"drawn": "brown", "named": "brown", "lifting": "", "strip": "brown"}
    assert page.errors == []  # type: ignore[attr-defined]


# The lines the bonus question's words take on the screen.
QUESTION_LINES = f"""() => {{
    const words = document.querySelector("{BOARD} .mc-prompt p");
    const range = document.createRange();
    range.selectNodeContents(words);
    return new Set([...range.getClientRects()].map(line => Math.round(line.top))).size;
}}"""


@pytest.mark.draws_only
def test_on_a_phone_the_bonus_question_takes_three_lines(
    browser: Browser, server: LiveServer, tmp_path: Path
) -> None:
    """On a 390 px phone the bonus question took five lines above its two buttons ("Your mole
    landed on a special field: turn another disc for a bonus move? If you do, … Or end your
    turn now."), pushing the layer down. It takes three, saying the same: where the mole is,
    the question, and what taking the disc binds you to; "No, end my turn" is the other
    answer."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw(page, bonus_offered(), 1)
    prompt = page.locator(f"{BOARD} .mc-prompt")
    expect(prompt).to_contain_text("special field:")  # drawn
    assert page.evaluate(QUESTION_LINES) <= 3, prompt.inner_text()
    assert answers(page) == ["Yes, turn a bonus disc", "No, end my turn"]
    prompt.screenshot(path=str(tmp_path / "maulwurf-company-bonus-390.png"))
    assert page.errors == []  # type: ignore[attr-defined]


# Each seat's moles as the layer shows them (all, and those in holes) and as the players'
# panel counts them.
SEATS_SHOWN = f"""() => {{
    const board = document.querySelector("{BOARD}");
    const layer = board.querySelector("svg.mc-layer");
    return [...board.querySelectorAll(".mc-seats .mc-seat")].map(row => {{
        const seat = row.dataset.seat;
        const moles = layer.querySelectorAll(`.mc-mole[data-seat="${{seat}}"]`).length;
        const inHoles = layer.querySelectorAll(`.mc-mole.in-hole[data-seat="${{seat}}"]`).length;
        return {{
            drawn: `${{moles}} mole${{moles === 1 ? "" : "s"}} · ${{inHoles}} in holes`,
            panel: row.querySelector(".mc-seat-facts").textContent,
        }};
    }});
}}"""


@pytest.mark.draws_only
def test_the_players_panel_counts_the_moles_of_the_layer_it_shows(
    browser: Browser, server: LiveServer
) -> None:
    """Red filled and lifted to brown: while red was still shown going away, with Ann's moles
    in its holes and out of them, the "Players · discs" panel already counted brown's ("2
    moles · 0 in holes"). It counts the moles drawn, and switches as brown is drawn."""
    before, after = red_lifted_to_brown()
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=DESKTOP)
    draw(page, before, 0)
    draw(page, after, 0)
    # At once, while red is being lifted (an expectation that waits would see brown's).
    during = page.evaluate(SEATS_SHOWN)
    assert page.locator(BOARD).get_attribute("data-lifting") == "red"
    assert [seat["panel"] for seat in during] == [seat["drawn"] for seat in during], during
    assert during[0]["drawn"] != "0 moles · 0 in holes", during
    expect(page.locator(LIFTED)).to_have_count(1, timeout=5_000)
    after_lift = page.evaluate(SEATS_SHOWN)
    assert [seat["panel"] for seat in after_lift] == [seat["drawn"] for seat in after_lift]
    assert after_lift != during, after_lift
    assert page.errors == []  # type: ignore[attr-defined]


def test_before_the_start_the_prompt_agrees_with_the_seats(
    browser: Browser, server: LiveServer
) -> None:
    """Before the start the prompt said "once every seat is taken, the host starts it" after
    every seat was taken too, under the table's own line "Every seat is taken: press Start
    when you are ready.". That line, which follows the seats, says who is awaited; the prompt
    now says what the start brings, true with a seat free or none."""
    page = open_table(browser, server, SLUG)
    prompt = page.locator(f"{BOARD} .mc-prompt")
    start = (
        "Not started yet. At the start a first player is drawn, then everyone places their"
        " moles on the green layer, one at a time."
    )
    expect(prompt).to_have_text(start)
    page.select_option("#bot-agent", "random")
    page.click("#fill-bots")
    expect(page.locator("#start")).to_be_enabled()  # every seat taken
    expect(prompt).to_have_text(start)
    expect(prompt).not_to_contain_text("every seat is taken")
    assert page.errors == []  # type: ignore[attr-defined]
