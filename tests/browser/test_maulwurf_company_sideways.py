"""Die Maulwurf Company on phones on their side narrower than 700 px (667 x 375, 640 x 360),
where the layer stands beside a column of 11 to 14rem: fixed positions drawn alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import PHONE, open_page
from tests.browser.test_maulwurf_company_table import (
    BOARD,
    SIDEWAYS,
    SIDEWAYS_NARROW,
    SIDEWAYS_SE,
    bonus_offered,
    draw,
    sideways_green,
    sideways_red,
)
from tests.server.live_server import LiveServer

# Each button of the board: its words as shown, its name for a screen reader, its box, and the
# box of the column it stands in (the prompt's inside its padding, or the zoom's bar).
BUTTONS = f"""where => [...document.querySelectorAll(`{BOARD} ${{where}} button`)].map(node => {{
    const column = node.closest(".mc-prompt, .mc-zoom-bar");
    const inside = column.getBoundingClientRect(), style = getComputedStyle(column);
    const box = node.getBoundingClientRect();
    return {{shown: node.innerText, name: node.getAttribute("aria-label") || node.innerText,
             height: box.height, right: box.right,
             room: inside.right - parseFloat(style.paddingRight)}};
}})"""

ONE_LINE = 48  # px: a button of one line is 40 px high (its minimum), of two 53


def buttons(page: Page, where: str, shot: str) -> list[dict[str, object]]:
    """The buttons in ``where`` (the prompt, the zoom's bar): each on one line, a finger high,
    within its column."""
    found: list[dict[str, object]] = page.evaluate(BUTTONS, where)
    assert found, f"{shot}: no button"
    for button in found:
        height, right, room = (float(button[key]) for key in ("height", "right", "room"))  # type: ignore[arg-type]
        assert 40 <= height < ONE_LINE, f"{shot}: {button['shown']!r} is {height:.0f} px high"
        assert right <= room + 0.5, f"{shot}: {button['shown']!r} leaves its column"
    return found


@pytest.mark.draws_only
@pytest.mark.parametrize(
    ("viewport", "short"),
    [(SIDEWAYS_SE, True), (SIDEWAYS_NARROW, True), (SIDEWAYS, False), (PHONE, False)],
    ids=["667x375", "640x360", "844x390", "390x844"],
)
def test_the_bonus_question_and_the_zoom_keep_their_buttons_on_one_line(
    browser: Browser, server: LiveServer, tmp_path: Path, viewport: dict[str, int], short: bool
) -> None:
    """At 667 x 375 and 640 x 360 the prompt's column beside the layer is 11 to 14rem wide:
    "Yes, turn a bonus disc" and "Show the whole layer" broke over two lines there (53 and
    48 px high, ragged). There they now say "Yes, bonus disc", "No, end turn", "Whole layer"
    and "Zoom in", each on one line, 40 px high, within the column; a screen reader still
    hears the full words, and a click still answers. Where the column is wide enough (a
    larger phone on its side, a phone upright) the full words stay."""
    size = f"{viewport['width']}x{viewport['height']}"
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=viewport)
    draw(page, bonus_offered(), 1)
    shown = buttons(page, ".mc-prompt", f"bonus at {size}")
    page.screenshot(path=str(tmp_path / f"maulwurf-company-bonus-{size}.png"), full_page=True)
    words = {"Yes, turn a bonus disc": "Yes, bonus disc", "No, end my turn": "No, end turn"}
    assert [button["name"] for button in shown] == list(words)
    assert [button["shown"] for button in shown] == list(words.values() if short else words)
    page.get_by_role("button", name="Yes, turn a bonus disc").click()
    assert page.evaluate("() => window.clicked") == ["bonus"]

    state, _, _ = sideways_green()
    draw(page, state, 0)
    zoom = page.get_by_role("button", name="Show the whole layer")
    expect(zoom).to_be_visible()
    (button,) = buttons(page, ".mc-zoom-bar", f"zoom at {size}")
    assert button["shown"] == ("Whole layer" if short else "Show the whole layer")
    page.screenshot(path=str(tmp_path / f"maulwurf-company-zoom-{size}.png"))
    zoom.click()
    # Seen whole, the layer is narrower and leaves the column more room: either words fit.
    expect(page.get_by_role("button", name="Zoom in on the layer")).to_be_visible()
    (button,) = buttons(page, ".mc-zoom-bar", f"zoom back at {size}")
    assert button["shown"] in ("Zoom in", "Zoom in on the layer")
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshots in", tmp_path)


# Where the layer's points, moles and touch areas lie on the screen, the highest top and the
# lowest bottom of any of them.
EXTENT = f"""() => {{
    const parts = [...document.querySelectorAll(
        "{BOARD} svg.mc-layer :is([data-point], .mc-mole-body, .mc-tap-area, .mc-hit)")];
    const boxes = parts.map(node => node.getBoundingClientRect());
    return {{parts: parts.length, top: Math.min(...boxes.map(box => box.top)),
             bottom: Math.max(...boxes.map(box => box.bottom)), screen: innerHeight}};
}}"""
LAYER_BOTTOM_TO_SCREEN_BOTTOM = f"""() => window.scrollBy(0,
    document.querySelector("{BOARD} svg.mc-layer").getBoundingClientRect().bottom - innerHeight)"""
LAYER_TOP_TO_SCREEN_TOP = f"""() => window.scrollBy(0,
    document.querySelector("{BOARD} svg.mc-layer").getBoundingClientRect().top)"""


# Until the board's animations that end have ended.
SETTLED = """() => Promise.all(document.getAnimations()
    .filter(animation => animation.effect.getComputedTiming().endTime !== Infinity)
    .map(animation => animation.finished))"""


def on_screen(page: Page, shot: str, *, top: bool = True, bottom: bool = True) -> None:
    """The layer's top row (its points, moles and touch areas), its bottom row, or both, lie
    on the screen (within half a pixel's rounding)."""
    seen: dict[str, float] = page.evaluate(EXTENT)
    assert seen["parts"] > 30, shot
    if top:
        assert seen["top"] >= -0.5, (shot, seen)
    if bottom:
        assert seen["bottom"] <= seen["screen"] + 0.5, (shot, seen)


@pytest.mark.draws_only
@pytest.mark.parametrize("viewport", [SIDEWAYS_NARROW, SIDEWAYS_SE], ids=["640x360", "667x375"])
def test_the_next_layer_shows_whole_where_the_last_one_was_scrolled_to_its_bottom(
    browser: Browser, server: LiveServer, tmp_path: Path, viewport: dict[str, int]
) -> None:
    """At 640 x 360 green is drawn 380 px high (its targets 36 px across): a person scrolls
    to see its bottom row. When green was lifted, red (354 px high) came where green had
    begun, 20 px above the screen's top, its top row's targets cut until the page was
    scrolled back (at 667 x 375 by 29 px). The layer now stays on the screen (sticky) while
    the page is scrolled past its top: red shows whole where green was left, and still does
    once the column beside it is scrolled on (the players, the legend). Green's own top row
    is still reached by scrolling up to the layer's top."""
    size = f"{viewport['width']}x{viewport['height']}"
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=viewport)
    green, _, _ = sideways_green()
    draw(page, green, 0)
    page.evaluate(LAYER_TOP_TO_SCREEN_TOP)
    on_screen(page, f"green's top at {size}", bottom=False)
    page.evaluate(LAYER_BOTTOM_TO_SCREEN_BOTTOM)
    on_screen(page, f"green's bottom at {size}", top=False)
    assert page.evaluate(EXTENT)["top"] < 0, "green fits the screen: nothing to scroll"

    red, _, _ = sideways_red()
    draw(page, red, 0)  # the next layer: the board shows green lifted, then red
    expect(page.locator(BOARD)).to_have_attribute("data-lifting", "green")
    expect(page.locator(BOARD)).to_have_attribute("data-lifting", "", timeout=5000)
    page.evaluate(SETTLED)  # the dropped moles grow in from 1.6 times their size
    shot = tmp_path / f"maulwurf-company-red-after-green-{size}.png"
    page.screenshot(path=str(shot))
    on_screen(page, shot.name)
    page.evaluate("() => window.scrollBy(0, 150)")
    on_screen(page, f"{shot.name}, scrolled on by 150 px")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]
    assert page.errors == []  # type: ignore[attr-defined]
    print("screenshot:", shot)
