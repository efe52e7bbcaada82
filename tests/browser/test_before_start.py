"""A table still gathering its players, as the host sees it: nothing on the page reads as a
game under way, and a seat nobody has taken reads as free, not as a player."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.pages import PHONE, create_table, fill_bots_and_start, open_page, open_table, sit
from tests.server.live_server import LiveServer

GAMES = ["mole-hill", "maulwurf-company", "mole-park", "mole-majority", "the-mole"]


def test_the_scores_panel_waits_for_the_start_in_every_game(
    browser: Browser, server: LiveServer
) -> None:
    """Before the start the Scores panel listed a 0 for every seat, the empty ones as "seat 1",
    which read as a game under way with nobody ahead. It now says the scores come with the
    game, in every game that has the panel (Die Maulwurf Company's says how it is won, and
    Mole Majority shows the points on its players' boards instead); once started, the
    scores are listed."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    for game in GAMES:
        create_table(page, server, game)
        scores = page.locator("#scores")
        expect(page.locator("#board [data-board]")).to_have_count(1)
        expect(page.locator("#length-note")).to_be_hidden()  # every default game ends sooner
        if game == "mole-majority":
            expect(scores.locator("xpath=ancestor::*[contains(@class,'panel')]")).to_be_hidden()
            continue
        expect(scores).not_to_contain_text("0")
        expect(scores).not_to_contain_text("seat 2")
        if game == "maulwurf-company":
            expect(scores).to_contain_text("No points in this game")
        else:
            expect(scores).to_have_text("Scores appear once the game starts.")
    fill_bots_and_start(page)  # the last one, The Mole: its scores are listed
    expect(page.locator("#scores tr")).to_have_count(3)
    expect(page.locator("#scores")).not_to_contain_text("Scores appear")
    assert page.errors == []  # type: ignore[attr-defined]


def test_options_that_allow_a_longer_game_than_the_server_plays_are_said_before_the_start(
    browser: Browser, server: LiveServer
) -> None:
    """Mole Majority's turn limit may go to 10,000 turns, far past the 30,000 actions this
    server plays (a game that reaches them ends abandoned): the open table says so to everyone
    choosing to sit, and no more once the game is under way."""
    page = open_table(browser, server, "mole-majority", options={"turn_limit": 10000})
    note = page.locator("#length-note")
    expect(note).to_have_text(
        "These options allow a game longer than this server plays: one still going after"
        " 30,000 actions ends there, abandoned, with no winner."
    )
    visitor = open_page(browser, page.url)
    expect(visitor.locator("#length-note")).to_be_visible()
    fill_bots_and_start(page)
    expect(note).to_be_hidden()
    assert page.errors == [] and visitor.errors == []  # type: ignore[attr-defined]


def test_mole_parks_empty_seat_reads_as_free(browser: Browser, server: LiveServer) -> None:
    """Among Mole Park's players a seat nobody had taken read "seat 1", like a player of
    that name. It now reads "Seat 2 · free" (the Seats list's number), until someone sits
    there."""
    page = open_table(browser, server, "mole-park", players=3)
    cards = page.locator("[data-board] .mp-player .mp-player-name")
    expect(cards).to_have_text(["Ann (you)", "Seat 2 · free", "Seat 3 · free"])
    expect(page.locator("[data-board] .mp-player.free")).to_have_count(2)
    fill_bots_and_start(page)
    expect(page.locator("[data-board] .mp-player.free")).to_have_count(0)
    expect(cards.nth(1)).not_to_contain_text("free")
    expect(cards.nth(1)).to_contain_text("bot")
    assert page.errors == []  # type: ignore[attr-defined]


def test_mole_majoritys_players_boards_before_the_start(
    browser: Browser, server: LiveServer
) -> None:
    """Mole Majority's players' boards read "seat 1 … 0 pts · Moles 0 on board, 30 in
    supply · Hand 0 · Home Tokens 0" for a seat nobody had taken, and every board "0 pts":
    a game under way with nobody ahead, and a player called "seat 1". Before the start a free
    seat now reads "Seat 2 · free", and each board says what its seat starts with (the
    supplies the options set) without points or counts of play; the prompt, "Waiting…",
    says the game has not started and how long it may last. Once started, as before."""
    page = open_table(browser, server, "mole-majority", players=3)
    board = page.locator("[data-board]")
    names = board.locator(".mm-seats .mm-seat-name")
    expect(names).to_have_text(["Ann (you)", "Seat 2 · free", "Seat 3 · free"])
    expect(board.locator(".mm-seats li.free")).to_have_count(2)
    for seat in range(3):
        expect(board.locator(f"[data-seat-row='{seat}'] .mm-stat")).to_have_text(
            ["Moles 30", "Claims 10", "Cave-Ins 4", "Deck 18"]
        )
    for words in ("pts", "on board", "Hand", "Home Tokens", "left"):
        expect(board.locator(".mm-seats")).not_to_contain_text(words)
    expect(board.locator(".mm-prompt")).to_have_text("Not started yet · up to 400 turns.")
    fill_bots_and_start(page)
    expect(board.locator(".mm-seats li.free")).to_have_count(0)
    expect(names.nth(1)).to_contain_text("bot")
    expect(board.locator(".mm-seat-score")).to_have_text([re.compile(r"^\d+ pts$")] * 3)
    expect(board.locator(".mm-seat-stats").first).to_contain_text("on board")
    expect(board.locator(".mm-prompt")).not_to_contain_text("Not started")
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_moles_players_before_the_start(browser: Browser, server: LiveServer) -> None:
    """The Mole's players read "seat 1 0 □0" for a seat nobody had taken, Ann's with the
    dealer's "D", above "Round 1 · Answers: 0 of 20 before time runs out" and "No question
    asked yet this round": a round under way. Before the start each player's chip names who
    sits there ("Seat 2 · free" if nobody), with no points, cards or marks; the line above
    says the game has not started, its length and its rounds' (the table's options)."""
    page = open_table(browser, server, "the-mole", players=3)
    board = page.locator("[data-board]")
    expect(board.locator(".tm-status")).to_have_text(
        "Not started yet · game to 5 pointsRounds of up to 10 minutes or 20 answers"
    )
    chips = board.locator(".tm-players li")
    expect(chips).to_have_text(["Ann (you)", "Seat 2 · free", "Seat 3 · free"])
    expect(board.locator(".tm-players li.free")).to_have_count(2)
    expect(board.locator(".tm-players :is(.tm-score, .tm-hand, .tm-mark)")).to_have_count(0)
    expect(board.locator(".tm-talk")).not_to_contain_text("this round")
    fill_bots_and_start(page)
    expect(board.locator(".tm-players li.free")).to_have_count(0)
    expect(board.locator(".tm-players .tm-score")).to_have_count(3)
    expect(chips.nth(1)).to_contain_text("bot")
    expect(board.locator(".tm-status")).not_to_contain_text("Not started")
    assert page.errors == []  # type: ignore[attr-defined]


def test_mole_hills_line_before_the_start(browser: Browser, server: LiveServer) -> None:
    """Mole Hill's line over the lawn read "Round 1 of 2 · Mole: Ann · Gardener: seat 1 ·
    Now: the mole places its stack · Pieces left: 22 · Rods left: 22 · Mole's score: round
    1: 0": a round under way, against a player called "seat 1". Before the start it says the
    game has not started, its rounds, and who is the mole and who the gardener in the first
    round, a free seat as free and a seated player's own part with "(you)"."""
    ann = open_table(browser, server, "mole-hill")
    info = ann.locator("#board .board-info")
    expected = ["Not started yet · 2 rounds", "Mole in round 1: Ann (you)"]
    expect(info.locator("> span")).to_have_text([*expected, "Gardener in round 1: Seat 2 · free"])
    bea = open_page(browser, ann.url, viewport=PHONE)
    sit(bea, 1, "Bea")
    expect(info.locator("> span")).to_have_text([*expected, "Gardener in round 1: Bea"])
    expect(bea.locator("#board .board-info > span").nth(2)).to_have_text(
        "Gardener in round 1: Bea (you)"
    )
    ann.click("#start")
    expect(info).to_contain_text("Round 1 of 2")
    expect(info).to_contain_text("Gardener: Bea")
    for page in (ann, bea):
        assert page.errors == []  # type: ignore[attr-defined]


def test_die_maulwurf_companys_players_before_the_start(
    browser: Browser, server: LiveServer
) -> None:
    """Die Maulwurf Company's players read "seat 1 · 0 moles · 10 to place" for a seat nobody
    had taken, beside "Placing the moles": a game under way, against a player called "seat 1".
    Before the start a free seat reads "Seat 2 · free", and each says how many moles it
    places; the line over the layer names the layer only."""
    page = open_table(browser, server, "maulwurf-company")
    board = page.locator("[data-board]")
    expect(board.locator(".mc-seat-name")).to_have_text(["Ann (you)", "Seat 2 · free"])
    expect(board.locator(".mc-seat.free")).to_have_count(1)
    expect(board.locator(".mc-seat-facts")).to_have_text(["10 moles to place"] * 2)
    expect(board.locator(".mc-info")).to_have_text("Layer: green")
    fill_bots_and_start(page)
    expect(board.locator(".mc-seat.free")).to_have_count(0)
    expect(board.locator(".mc-seat-name").nth(1)).to_contain_text("bot")
    expect(board.locator(".mc-seat-facts").first).to_have_text(re.compile(r"^\d+ moles? · "))
    assert page.errors == []  # type: ignore[attr-defined]
