"""Browser tests for issue 12: a removed player's tab is demoted, an unknown table is a 404,
resigned and away seats are played to the end by a bot, replay panels follow the step, and
the end of a game reads the same in the table and the lobby."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import (
    fill_bots_and_start,
    open_page,
    open_table,
    play_random_targets_until_over,
    table_of,
)
from tests.server.live_server import LiveServer


def test_a_removed_players_tab_is_demoted_and_never_shows_the_new_players_seat(
    browser: Browser, server: LiveServer
) -> None:
    ann = open_table(browser, server, "mole-hill")
    table_id = table_of(ann)
    bob = open_page(browser, f"{server.url}/tables/{table_id}")
    bob.fill("#join-name", "Bob")
    bob.click('[data-sit="1"]')
    expect(bob.locator("#table")).to_have_attribute("data-you", "1")
    ann.locator('#seats li[data-seat="1"] button', has_text="Remove").click()
    expect(bob.locator("#table")).to_have_attribute("data-demoted", "true")
    expect(bob.locator("#table")).to_have_attribute("data-you", "")
    expect(bob.locator("#notice")).to_contain_text("the host removed you")
    carol = open_page(browser, f"{server.url}/tables/{table_id}")
    carol.fill("#join-name", "Carol")
    carol.click('[data-sit="1"]')
    expect(carol.locator("#table")).to_have_attribute("data-you", "1")
    expect(bob.locator('#seats li[data-seat="1"]')).to_contain_text("Carol")
    expect(bob.locator('#seats li[data-seat="1"]')).not_to_contain_text("(you)")
    bob.reload()  # the forgotten token does not come back with a reload
    expect(bob.locator("#table")).to_have_attribute("data-you", "")
    for page in (ann, bob, carol):
        assert page.errors == []  # type: ignore[attr-defined]


def test_an_unknown_table_is_a_404_page_linking_to_the_lobby(
    browser: Browser, server: LiveServer
) -> None:
    page = open_page(browser, f"{server.url}/")
    response = page.goto(f"{server.url}/tables/nosuchtable")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("No such table")
    page.click("#to-lobby")
    expect(page.locator("#create-form")).to_be_visible()
    option = page.locator(".option", has_text="Centre start jump")  # a label, not a name
    expect(option).to_be_visible()
    expect(option.locator("a", has_text="MH-18")).to_have_attribute(
        "href", "/rules/mole-hill#MH-18"
    )
    expect(option.locator(".help")).not_to_contain_text("(MH-18)")
    expect(option.locator(".help")).to_contain_text("(default: on)")
    # Options read as words, not identifiers: a list shows its values, a number its range.
    page.select_option("#game", "maulwurf-company")
    expect(page.locator("#option-hole_exit option[value=last_resort]")).to_have_text("last resort")
    turns = page.locator(".option", has=page.locator("#option-max_turns")).locator(".help")
    expect(turns).to_contain_text("1 to 10,000)")
    expect(page.locator("#options")).not_to_contain_text("allowed:")


def finish_after_resigning(page: Page) -> None:
    expect(page.locator("#resign")).to_be_visible()
    page.click("#resign")
    page.click("#resign-confirm")
    expect(page.locator("#table")).to_have_attribute("data-you", "")
    expect(page.locator("#table")).to_have_attribute("data-status", "over", timeout=30_000)


def test_a_resigned_seat_is_played_to_the_end_and_the_end_explains_itself(
    browser: Browser, server: LiveServer
) -> None:
    page = open_table(browser, server, "mole-hill", options={"rounds": 1})
    table_id = table_of(page)
    fill_bots_and_start(page)
    # Another tab of this browser at the same table is told the seat was taken too; it must
    # not forget the token (review: it did, and then nobody could play again).
    other_tab = page.context.new_page()
    other_tab.goto(page.url)
    expect(other_tab.locator("#table")).to_have_attribute("data-you", "0")
    finish_after_resigning(page)
    expect(other_tab.locator("#table")).to_have_attribute("data-resigned", "true")
    other_tab.close()
    seat = page.locator('#seats li[data-seat="0"]')
    expect(seat).to_have_attribute("data-kind", "bot")
    expect(seat).to_contain_text("Ann (resigned: a bot plays)")
    expect(page.locator("#notice")).to_be_hidden()  # "You resigned: …" is stale at the end
    expect(page.locator("label.sound")).to_be_hidden()  # no move left to sound for
    summary = page.locator("#result").inner_text()
    assert "Final scores: Ann" in summary and "Why:" in summary
    page.reload()  # the resigned seat's token is kept: Ann may still play again
    expect(page.locator("[data-rematch]")).to_have_text("Play again")
    page.goto(f"{server.url}/")
    # The lobby's row says who won; the whole summary is its fold's title, the rest its fold.
    ending = page.locator(f'#over-tables li[data-table="{table_id}"] .ending')
    expect(ending.locator("summary")).to_have_attribute("title", " ".join(summary.split()))
    expect(ending.locator("p").first).to_contain_text("Final scores: Ann")
    page.goto(f"{server.url}/tables/{table_id}")
    page.click("[data-rematch]")
    page.wait_for_url(lambda url: table_id not in url)
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    expect(page.locator("#start")).to_be_enabled()  # Ann hosts it, the bot kept its seat
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_away_seat_is_played_by_the_tables_bot_and_the_game_finishes(
    browser: Browser, server: LiveServer
) -> None:
    page = open_page(browser, f"{server.url}/")
    created = page.request.post(
        f"{server.url}/api/tables",
        data={"game": "mole-hill", "options": {"rounds": 1}, "away_seconds": 1},
    ).json()
    table_id, host = created["table"]["id"], created["host_token"]
    ann = page.request.post(f"{server.url}/api/tables/{table_id}/seats/0", data={"name": "Ann"})
    page.request.post(f"{server.url}/api/tables/{table_id}/seats/1", data={"name": "Bob"})
    page.evaluate(  # this browser is Ann and the host; Bob never opens the page
        """([id, host, token]) => {
            localStorage.setItem(`molehaven.host.${id}`, host);
            localStorage.setItem(`molehaven.seat.${id}`, JSON.stringify({seat: 0, token}));
        }""",
        [table_id, host, ann.json()["token"]],
    )
    page.goto(f"{server.url}/tables/{table_id}")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    bob = page.locator('#seats li[data-seat="1"] [data-presence]')
    expect(bob).to_have_attribute("data-presence", "stand-in", timeout=15_000)
    play_random_targets_until_over(page, random.Random(12))
    expect(page.locator("#result")).to_contain_text("Final scores: Ann")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_replays_panels_follow_the_step(browser: Browser, server: LiveServer) -> None:
    page = open_table(browser, server, "mole-hill", options={"rounds": 1})
    table_id = table_of(page)
    fill_bots_and_start(page)
    finish_after_resigning(page)
    final_scores = page.locator("#scores").inner_text()
    page.click("#replay-first")
    for _ in range(3):
        page.click("#replay-next")
    expect(page.locator("#table")).to_have_attribute("data-replay-step", "3")
    step = page.request.get(f"{server.url}/api/tables/{table_id}/replay/3").json()
    cells = page.locator("#scores td")
    expect(cells).to_have_text([str(int(score)) for score in step["scores"]])
    final = page.request.get(f"{server.url}/api/tables/{table_id}").json()["result"]["scores"]
    if step["scores"] != final:  # a mole walled in at once scores at step 3 what it ends with
        assert page.locator("#scores").inner_text() != final_scores
    expect(page.locator("#result")).to_be_empty()
    expect(page.locator("#turn")).to_contain_text("Replay: step 3")
    expect(page.locator("#log li.current")).to_have_count(1)
    expect(page.locator("#log li.current")).to_contain_text(step["action"]["describe"])
    box = page.locator("#replay-next svg").bounding_box()  # drawn, not a font glyph
    assert box is not None and box["width"] > 4
    page.click("#replay-last")
    expect(page.locator("#result")).to_contain_text("Final scores")
    assert page.errors == []  # type: ignore[attr-defined]
