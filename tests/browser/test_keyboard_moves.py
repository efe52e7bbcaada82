"""Playing from the keyboard at a live table, below and after the board: a move typed in the
notation box and sent with Enter leaves the focus in the box, and the game's end brings the
focus to the box that says how it ended. Two people, no bots: nothing moves by chance."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import open_page, open_table, sit
from tests.browser.test_keyboard import focused
from tests.server.live_server import LiveServer

# A one-round match of Mole Hill (tests/games/mole_hill/test_examples.py, 11.6): Ann, the mole,
# boxes herself in with her third move, which ends the game.
ANNS_MOVES = ["place c1", "move b1", "move a1"]
BOBS_RODS = ["rod a1 a2", "rod b1 b2"]


def two_at_mole_hill(browser: Browser, server: LiveServer) -> tuple[Page, Page]:
    """Ann (seat 0, the mole) and Bob (seat 1) at a started one-round Mole Hill table."""
    ann = open_table(browser, server, "mole-hill", options={"rounds": 1})
    bob = open_page(browser, ann.locator("#share").input_value())
    sit(bob, 1, "Bob")
    ann.click("#start")
    expect(ann.locator("#table")).to_have_attribute("data-my-turn", "true")
    return ann, bob


def rod(bob: Page, action: str) -> None:
    bob.locator(f'[data-board] [data-action="{action}"]').click()


def test_a_move_typed_in_notation_keeps_the_focus_in_the_box(
    browser: Browser, server: LiveServer
) -> None:
    """The fold "Moves as buttons or notation" was drawn anew whenever the moves offered
    changed, its notation box moved into the new fold: a move typed there and sent with Enter
    left the focus on the page's <body>, and the next move began with a search for the box.
    Now the box keeps the focus while the move is on its way; while the other side moves
    (nothing to play, the moves hidden) the focus waits on the turn line, and it is back in
    the box when the next move is asked."""
    ann, bob = two_at_mole_hill(browser, server)
    ann.locator("#actions .moves-fold > summary").focus()
    ann.keyboard.press("Enter")  # unfolds it
    box = ann.locator("#notation")
    box.focus()  # (63 buttons to place the mole stand before it)
    for move, answer in zip(ANNS_MOVES[:2], BOBS_RODS, strict=True):
        ann.keyboard.type(move)
        ann.keyboard.press("Enter")
        expect(bob.locator("#table")).to_have_attribute("data-my-turn", "true")
        expect(ann.locator("#actions")).to_be_hidden()
        expect(ann.locator("#turn")).to_be_focused()
        rod(bob, answer)
        expect(ann.locator("#table")).to_have_attribute("data-my-turn", "true")
        expect(box).to_be_focused()
        expect(box).to_have_value("")
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_the_games_end_brings_the_focus_to_how_it_ended(
    browser: Browser, server: LiveServer
) -> None:
    """Ann ends the game with her move on the board, made from the keyboard: the move went
    away with the game, and the focus with it (to the board, which offered nothing any more).
    Now it goes to the "Game over" box above the board, whose heading and result a screen
    reader then reads; the next Tab reaches "Play again"."""
    ann, bob = two_at_mole_hill(browser, server)
    for move, answer in zip(ANNS_MOVES[:2], BOBS_RODS, strict=True):
        ann.locator(f'[data-board] [data-action="{move}"]').click()
        expect(bob.locator("#table")).to_have_attribute("data-my-turn", "true")
        rod(bob, answer)
        expect(ann.locator("#table")).to_have_attribute("data-my-turn", "true")
    ann.locator("[data-board] [data-action][tabindex='0']").focus()  # its one Tab stop
    for _ in range(4):
        if focused(ann)["action"] == "move a1":
            break
        ann.keyboard.press("ArrowLeft")
    assert focused(ann)["action"] == "move a1", focused(ann)
    ann.keyboard.press("Enter")
    expect(ann.locator("#table")).to_have_attribute("data-status", "over")
    title = ann.locator("#outcome-title")
    expect(title).to_be_focused()
    expect(title).to_have_text("Game over")
    ann.keyboard.press("Tab")
    expect(ann.locator("#rematch [data-rematch]")).to_be_focused()
    assert ann.errors == [] and bob.errors == []  # type: ignore[attr-defined]
