"""Taking, losing and leaving seats before the start, as friends gathering at a table do."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from tests.browser.pages import LAPTOP, PHONE, open_page, open_table, sit, table_of
from tests.server.live_server import LiveServer


def test_a_removed_player_who_sits_again_is_no_longer_told_they_are_watching(
    browser: Browser, server: LiveServer
) -> None:
    """Bea is removed by the host and sits again: the page said "you are watching" above her
    own seat until a reload. Her own "Leave" is no news to her: no notice says she left."""
    ann = open_table(browser, server, "mole-hill")
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    ann.locator('#seats li[data-seat="1"] button', has_text="Remove").click()
    expect(bea.locator("#table")).to_have_attribute("data-you", "")
    expect(bea.locator("#notice")).to_have_text(
        "Seat 2 is no longer yours: the host removed you, or you left it in another tab."
        " You are watching; pick a free seat to play."
    )
    bea.click('[data-sit="1"]')  # her name is still in the box
    expect(bea.locator("#table")).to_have_attribute("data-you", "1")
    expect(bea.locator("#notice")).to_be_hidden()
    expect(bea.locator("#table")).not_to_have_attribute("data-demoted", "true")
    bea.locator('#seats li[data-seat="1"] button', has_text="Leave").click()
    expect(bea.locator("#table")).to_have_attribute("data-you", "")
    expect(bea.locator('[data-sit="1"]')).to_be_visible()
    expect(bea.locator("#notice")).to_be_hidden()
    for page in (ann, bea):
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_seat_not_taken_is_said_beside_the_seats_on_a_phone(
    browser: Browser, server: LiveServer
) -> None:
    """Cal, on a phone, presses "Sit here" before typing his name, then at a seat Bea took a
    moment before: each time he is told why beside the seats, on his screen. Before, the
    words went under the board, a screen and a half below (and said "seat 1 is taken")."""
    ann = open_table(browser, server, "mole-park", players=3)
    cal = open_page(browser, ann.url, viewport=PHONE)
    name = cal.locator("#join-name")
    sit_here = cal.locator('[data-sit="1"]')
    expect(sit_here).to_be_visible()
    assert name.bounding_box()["y"] < sit_here.bounding_box()["y"]  # type: ignore[index]
    sit_here.click()
    said = cal.locator("#seat-error")
    expect(said).to_have_text("Type your name first, then pick a seat.")
    expect(said).to_be_in_viewport()
    expect(name).to_be_focused()
    # Bea takes the second seat while Cal's page still offers it: his press comes second.
    cal.evaluate("window.seatOne = document.querySelector('[data-sit=\"1\"]')")
    bea = open_page(browser, ann.url)
    sit(bea, 1, "Bea")
    cal.fill("#join-name", "Cal")
    cal.evaluate("window.seatOne.click()")
    expect(said).to_have_text("Someone else just took seat 2: pick another one.")
    expect(said).to_be_in_viewport()
    expect(cal.locator("#error")).to_have_text("")
    cal.click('[data-sit="2"]')
    expect(cal.locator("#table")).to_have_attribute("data-you", "2")
    expect(said).to_have_text("")
    for page in (ann, bea, cal):
        assert page.errors == []  # type: ignore[attr-defined]


def test_before_the_start_each_is_told_who_the_table_waits_for(
    browser: Browser, server: LiveServer
) -> None:
    """The host is told what to do (send the link, fill with bots, press Start), the others
    that they wait for the host, and everyone who is away. Before, the host, who alone can
    start, read "the host can start" as if it were someone else, and a seated friend who had
    closed the tab (or not yet come over to a rematch) went unnamed."""
    ann = open_table(browser, server, "mole-park", players=4)
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    cal = open_page(browser, ann.url)
    sit(cal, 2, "Cal")
    expect(ann.locator("#turn")).to_have_text(
        "Waiting for players: 1 seat free. Send the invite link, or fill it with bots."
    )
    expect(bea.locator("#turn")).to_have_text(
        "Waiting for players: 1 seat free. Ann (host) starts once every seat is taken."
    )
    ann.select_option("#bot-agent", "random")
    ann.click("#fill-bots")
    expect(ann.locator("#turn")).to_have_text(
        "Every seat is taken: press Start when you are ready."
    )
    expect(bea.locator("#turn")).to_have_text(
        "Every seat is taken; waiting for Ann (host) to start."
    )
    cal.close()
    expect(ann.locator("#turn")).to_have_text(
        "Every seat is taken, but Cal is away: wait, or start (a bot plays for them if they"
        " stay away)."
    )
    expect(bea.locator("#turn")).to_have_text(
        "Every seat is taken; waiting for Cal and for Ann (host) to start."
    )
    for page in (ann, bea):
        assert page.errors == []  # type: ignore[attr-defined]


def host_marks(page: Page) -> list[str]:
    """The seats marked "host" in the Seats panel."""
    marked = page.locator("#seats li:has([data-host])")
    return [
        str(seat) for seat in marked.evaluate_all("(items) => items.map((li) => li.dataset.seat)")
    ]


def test_everyone_sees_who_the_host_is_and_where_they_sit(
    browser: Browser, server: LiveServer
) -> None:
    """Friends at a table were told "waiting for the host to start" without knowing who that
    is. Ann made the table: her seat is marked "host" on everyone's page and Bea waits for
    her by name. Ann moves to another seat: the mark goes with her (her page sits her as the
    host), and while she sits nowhere no seat is marked. Away, she is still the one waited
    for."""
    ann = open_table(browser, server, "mole-hill")
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    expect(bea.locator('#seats li[data-seat="0"] [data-host]')).to_have_text("host")
    assert host_marks(bea) == ["0"] and host_marks(ann) == ["0"]
    expect(bea.locator("#turn")).to_have_text(
        "Every seat is taken; waiting for Ann (host) to start."
    )
    ann.locator('#seats li[data-seat="0"] button', has_text="Leave").click()
    expect(bea.locator('#seats li[data-seat="0"]')).to_contain_text("empty")
    assert host_marks(bea) == []
    expect(bea.locator("#turn")).to_have_text("Waiting for players: 1 seat free")  # who, unknown
    bea.locator('#seats li[data-seat="1"] button', has_text="Leave").click()
    ann.click('[data-sit="1"]')  # her name is still in the box
    expect(bea.locator('#seats li[data-seat="1"] [data-host]')).to_be_visible()
    assert host_marks(bea) == ["1"]
    # While a seat is free, Bea (watching now) is told who will start, not only that she waits.
    expect(bea.locator("#turn")).to_have_text(
        "Waiting for players: 1 seat free. Ann (host) starts once every seat is taken."
    )
    bea.click('[data-sit="0"]')
    expect(bea.locator("#turn")).to_have_text(
        "Every seat is taken; waiting for Ann (host) to start."
    )
    ann.close()
    expect(bea.locator("#turn")).to_have_text(
        "Every seat is taken; waiting for Ann (host, away) to start."
    )
    assert bea.errors == []  # type: ignore[attr-defined]


def test_the_lobby_names_the_host_a_full_table_waits_for(
    browser: Browser, server: LiveServer
) -> None:
    """The lobby said "all seated, waiting for the host to start" at Ann's full table, when
    Ann made it and sits at it: Cy, looking for a game, could not tell whose table it was.
    A table whose host sits nowhere still says "the host"."""
    ann = open_table(browser, server, "mole-hill")
    ann_table = table_of(ann)
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    created = ann.request.post(f"{server.url}/api/tables", data={"game": "mole-hill"}).json()
    hostless, host = created["table"]["id"], created["host_token"]
    filled = ann.request.post(
        f"{server.url}/api/tables/{hostless}/bots",
        data={"agent": "random"},
        headers={"X-Host-Token": host},
    )
    assert filled.ok, filled.text()
    for viewport in (LAPTOP, PHONE):
        cy = open_page(browser, f"{server.url}/", viewport=viewport)
        expect(cy.locator(f'#open-tables li[data-table="{ann_table}"] .muted')).to_have_text(
            "2 players · full, waiting for Ann to start"
        )
        expect(cy.locator(f'#open-tables li[data-table="{hostless}"] .muted')).to_have_text(
            "2 players · full, waiting for the host to start"
        )
        assert cy.errors == []  # type: ignore[attr-defined]
        cy.context.close()


def test_the_others_are_told_when_the_player_they_wait_for_is_away(
    browser: Browser, server: LiveServer
) -> None:
    """Ann, the mole, is to move first and closes her tab: Bea, waiting for her, is told she
    is away and when a bot takes her seat over. Before, Bea read only "Waiting for Ann (the
    mole)" for the three minutes, the grey dot in the seats a screen below on her phone."""
    ann = open_table(browser, server, "mole-hill")
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    ann.click("#start")
    expect(bea.locator("#turn")).to_have_text("Waiting for Ann (the mole)")
    expect(bea.locator("#asked")).to_have_text("")
    ann.close()
    expect(bea.locator("#asked")).to_have_text(
        "Ann is away: a bot plays for them after 3 minutes away."
    )
    expect(bea.locator("#asked")).to_be_in_viewport()
    assert bea.errors == []  # type: ignore[attr-defined]


def test_a_visitor_to_a_full_table_is_told_they_watch_not_asked_for_a_name(
    browser: Browser, server: LiveServer
) -> None:
    """Every seat is taken before the start: a visitor was still shown "Your name" and "press
    Sit here at a free seat", with no seat to take. They are told the table is full and that
    they watch; when a seat comes free, the name is asked for again."""
    ann = open_table(browser, server, "mole-hill")
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    cal = open_page(browser, ann.url, viewport=PHONE)
    expect(cal.locator('#seats li[data-seat="1"]')).to_contain_text("Bea")
    expect(cal.locator("#join-name")).to_be_hidden()
    expect(cal.locator("#join .help")).to_be_hidden()
    expect(cal.locator("#full")).to_have_text("Every seat is taken: you are watching this table.")
    expect(cal.locator("#full")).to_be_visible()
    expect(cal.locator("[data-sit]")).to_have_count(0)
    bea.locator('#seats li[data-seat="1"] button', has_text="Leave").click()
    expect(cal.locator('[data-sit="1"]')).to_be_visible()
    expect(cal.locator("#join-name")).to_be_visible()
    expect(cal.locator("#full")).to_be_hidden()
    for page in (ann, bea, cal):
        assert page.errors == []  # type: ignore[attr-defined]


def test_a_visitor_to_an_unstarted_mole_table_is_not_promised_a_card(
    browser: Browser, server: LiveServer
) -> None:
    """The Mole before the start: a visitor read "Your card: Dealt when the game starts",
    though nobody deals a spectator a card. They read that they watch, and, while a seat is
    free, how to get one; a seated player is still told when theirs comes."""
    ann = open_table(browser, server, "the-mole")
    cal = open_page(browser, ann.url, viewport=PHONE)
    card = cal.locator(".tm-card")
    expect(card).to_have_text("WatchingSpectators see no card: sit at a free seat to be dealt one.")
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    expect(bea.locator(".tm-card")).to_have_text("Your cardDealt when the game starts.")
    sit(open_page(browser, ann.url), 2, "Dan")
    expect(card).to_have_text("WatchingSpectators see no card.")
    for page in (ann, bea, cal):
        assert page.errors == []  # type: ignore[attr-defined]


def test_the_lobby_asks_the_name_before_the_options_and_folds_the_away_time(
    browser: Browser, server: LiveServer
) -> None:
    """A newcomer met "Away time, in seconds" before "Your name", under a whole game's
    options: the name and the seat now come right after the game and its players, the
    options after them, and the away time (rarely changed) in a closed fold. A value the
    browser refuses there opens the fold, so that its message shows by the field."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    page.wait_for_selector("#game option[value='mole-park']", state="attached")
    page.select_option("#game", "mole-park")
    expect(page.locator("#option-round_limit")).to_be_attached()
    order = page.evaluate(
        """ids => ids.map(id => [...document.querySelectorAll("#create-form *")]
            .indexOf(document.getElementById(id)))""",
        ["players", "name", "take-seat", "options", "away-seconds"],
    )
    assert order == sorted(order), order
    expect(page.locator("#away-seconds")).to_be_hidden()
    page.fill("#name", "Ann")
    page.locator(".table-settings summary").click()
    page.fill("#away-seconds", "0")
    page.locator(".table-settings summary").click()  # folded again, the refused value inside
    expect(page.locator("#away-seconds")).to_be_hidden()
    page.click("#create-form button[type=submit]")
    expect(page.locator("#away-seconds")).to_be_visible()
    assert page.url == f"{server.url}/"  # nothing was created
    assert page.errors == []  # type: ignore[attr-defined]
