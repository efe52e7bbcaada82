"""The Mole's moves that go wrong or go far: an answer in the player's own words sent by
Enter (and its round trip through a live table, with no bots to wait for), the Mole's guess
on a phone, and a move that was not made said in words on the board."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from molehaven.core import JSONValue, State
from molehaven.games.the_mole.content import LOCATION_BY_ID
from tests.browser.pages import (
    PHONE,
    draw_alone,
    fill_bots_and_start,
    open_page,
    set_position,
    show_a_fixed_position,
    sit,
)
from tests.browser.test_the_mole_table import (
    ARTIFACTS,
    create_mole_table,
    eight_seat_voting,
    mole_asked_to_answer,
    mole_pointing,
)
from tests.games.the_mole.helpers import (
    apply_all,
    asked_in_turn,
    deal_round,
    first_legal,
    new_game,
    p4,
    seat_view,
    settled,
)
from tests.server.live_server import LiveServer

OWN_WORDS = 'Near the "big" wheel, I think'
NAMES = ["Ann", "Bea", "Cy", "Dan"]


def draw_for(page: Page, state: State, seat: int, names: list[str] = NAMES) -> None:
    """Draw the board alone on ``page`` for ``seat`` of ``state`` (again: the board keeps
    what it remembers between drawings, as on a live table)."""
    observation, offered = seat_view(state, seat)
    page.evaluate(draw_alone("the-mole", "null"), [observation, offered, seat, names])


# ------------------------------------------------------------------ answering in own words


@pytest.mark.draws_only
def test_enter_sends_an_answer_in_own_words(browser: Browser, server: LiveServer) -> None:
    """The answer box took Enter as a new line: a person typing an answer, as in a chat box,
    pressed Enter and nothing was sent (the engine makes the line break a space). Enter now
    sends the answer, and Shift+Enter adds no line break to a one-line answer."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw_for(page, mole_asked_to_answer(), 3)
    box = page.locator("[data-board] #tm-own-words")
    box.fill(OWN_WORDS)
    box.press("Shift+Enter")
    expect(box).to_have_value(OWN_WORDS)
    assert page.evaluate("() => window.clicked") == []
    box.press("Enter")
    assert page.evaluate("() => window.clicked") == [f"answer {json.dumps(OWN_WORDS)}"]
    expect(box).to_have_value(OWN_WORDS)  # kept until the answer is taken (it may be refused)
    assert page.errors == []  # type: ignore[attr-defined]


# The draft kept for Dan (seat 3) at the table drawn alone, or null.
DRAFT = """() => JSON.parse(sessionStorage.getItem("molehaven.the-mole.draft.drawn-alone.3"))"""


@pytest.mark.draws_only
def test_an_answer_being_typed_outlives_a_reload_and_a_vote_until_it_is_given(
    browser: Browser, server: LiveServer
) -> None:
    """Dan is typing an answer in his own words when his phone reloads the page: the answer
    was lost. It is kept for this tab, table, seat and question: back after the reload, back
    after a vote called meanwhile fails (the game returns to the question), and gone once he
    has answered, so that the next question starts empty."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw_for(page, mole_asked_to_answer(), 3)  # (``apply_all`` moves the state it is given)
    box = page.locator("[data-board] #tm-own-words")
    box.press_sequentially("Near the big")
    page.reload()
    draw_for(page, mole_asked_to_answer(), 3)
    expect(box).to_have_value("Near the big")
    box.press_sequentially(" wheel")
    voting = apply_all(mole_asked_to_answer(), "0: nominate 1")
    draw_for(page, voting, 3)
    expect(box).to_have_count(0)
    asked_again = apply_all(voting, ["2: vote no", "0: vote yes", "3: vote yes"])
    draw_for(page, asked_again, 3)
    expect(box).to_have_value("Near the big wheel")
    draw_for(page, apply_all(asked_again, f"3: answer {json.dumps('Near the big wheel')}"), 3)
    assert page.evaluate(DRAFT) is None
    page.reload()
    draw_for(page, mole_asked_to_answer(), 3)  # the same question again (not the game's way)
    expect(box).to_have_value("")
    assert page.errors == []  # type: ignore[attr-defined]


def test_an_answer_in_own_words_goes_round_a_live_table(
    browser: Browser, server: LiveServer
) -> None:
    """Three people and no bots, so that nothing is waited for by chance: Bea asks first (the
    dealer's left) and asks Ann. Ann's answer of spaces is refused, the reason under the box
    and on her phone's screen (TM-13); her answer in her own words, sent by Enter, is in the
    round's questions and answers on every page, marked as her own words. (A game against
    random bots reached this step only when a bot happened to ask Ann, and once under load
    not in time.)"""
    ann = open_page(browser, f"{server.url}/", viewport=PHONE)
    create_mole_table(ann, server, players=3, question_limit=20)
    bea = open_page(browser, ann.url)
    sit(bea, 1, "Bea")
    cy = open_page(browser, ann.url)
    sit(cy, 2, "Cy")
    expect(ann.locator("#start")).to_be_enabled()
    ann.click("#start")
    bea.locator("[data-board] [data-ask-target='0']").click()
    bea.locator("[data-board] .tm-question-card").first.click()
    question = bea.locator("[data-board] .tm-asked")
    expect(question).to_be_visible()
    asked = question.inner_text()

    expect(ann.locator("[data-board] .tm-prompt h3")).to_have_text("Bea asks you")
    expect(ann.locator("[data-board] .tm-asked")).to_have_text(asked)
    box = ann.locator("[data-board] #tm-own-words")
    box.fill("   ")
    box.press("Enter")
    refused = ann.locator("[data-board] .tm-refused")
    expect(refused).to_contain_text("must say something")
    expect(refused).to_be_in_viewport()
    box.fill(OWN_WORDS)
    box.press("Enter")
    # The tag's title speaks to Ann of her own answer ("your own words", TM-13), to the
    # others of hers.
    titles = {
        ann: "you answered in your own words",
        bea: "Ann answered in their own words",
        cy: "Ann answered in their own words",
    }
    for page, title in titles.items():
        answer = page.locator("[data-board] .tm-exchange .tm-a.own")
        expect(answer.locator(".tm-a-text")).to_have_text(OWN_WORDS)
        expect(answer.locator(".tm-tag")).to_have_text("own words")
        expect(answer.locator(".tm-tag")).to_have_attribute("title", title)
        assert page.errors == []  # type: ignore[attr-defined]
    # Ann asks next; her box is empty for the next time she is asked.
    expect(ann.locator("[data-board] .tm-prompt h3")).to_have_text("Your turn to ask a question")
    expect(ann.locator("[data-board] .tm-refused")).to_have_count(0)


# ------------------------------------------------------------------ the Mole's guess on a phone


# 8 players at the bakery, seat 0 the Mole: five questions asked and answered, then seat 5
# asks seat 0. The Mole may answer, or guess the place instead.
def eight_seat_mole_asked() -> State:
    roles = [role.id for role in LOCATION_BY_ID["bakery"].roles]
    state = deal_round(new_game(8, question_limit=20), "bakery", 0, roles)
    return asked_in_turn(state, (1, 2), (2, 3), (3, 4), (4, 5), (5, 0))


IN_VIEW = """selector => [...document.querySelectorAll(`[data-board] ${selector}`)].map(node => {
    const box = node.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
})"""


@pytest.mark.draws_only
def test_on_a_phone_the_mole_s_guesses_come_under_its_words(
    browser: Browser, server: LiveServer
) -> None:
    """On a phone (390 x 844), with 8 players and five questions answered, "Guess the place…"
    brought the places into view but left the words above them ("Pick your guess…", "Not
    now") half a screen up, the round's questions and answers between: the Mole saw Guess
    buttons without what they do, or the words without the buttons. The places now come
    right under the guess's words, and both show on one screen, every Guess button with them
    (no place has been played yet)."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    names = ["Ann", *(f"random bot {seat}" for seat in range(1, 8))]
    draw_for(page, eight_seat_mole_asked(), 0, names)
    page.locator("[data-board] [data-open='guess']").click()
    page.evaluate("() => new Promise(resolve => requestAnimationFrame(resolve))")
    step = page.locator("[data-board] .tm-interject.mole .tm-step")
    expect(step).to_contain_text("Pick your guess")
    seen = {
        "words": page.evaluate(IN_VIEW, ".tm-interject.mole .tm-step"),
        "not now": page.evaluate(IN_VIEW, ".tm-interject.mole button"),
        "guesses": page.evaluate(IN_VIEW, ".tm-guess"),
    }
    assert seen == {"words": [True], "not now": [True], "guesses": [True] * 16}, seen
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "guess-on-a-phone-390.png"))
    # The places still come after the round's talk while no guess is being picked.
    page.locator("[data-board] .tm-interject.mole [aria-label='Not now: make no guess']").click()
    order = page.evaluate(
        """() => ["talk", "places"].map(part =>
            document.querySelector(`[data-board] .tm-${part}`).getBoundingClientRect().top)"""
    )
    assert order[0] < order[1], order
    assert page.errors == []  # type: ignore[attr-defined]


# ------------------------------------------------------------------ a move that was not made

# Draws the board alone with the whole context a live table gives it (its log, the seat's
# refusal, whether a move is pending), clicks kept from drawing to drawing; then, two frames
# later, the notice of a move not made, if any.
DRAW_WITH = draw_alone(
    "the-mole",
    """await (async () => {
        await new Promise(resolve => requestAnimationFrame(resolve));
        await new Promise(resolve => requestAnimationFrame(resolve));
        const notice = document.querySelector("[data-board] .tm-notice");
        if (!notice) return null;
        const box = notice.getBoundingClientRect();
        return {text: notice.innerText, role: notice.getAttribute("role"),
            inView: box.top >= 0 && box.bottom <= innerHeight};
    })()""",
)


def draw_with(
    page: Page,
    state: State,
    seat: int,
    *,
    log: list[dict[str, JSONValue]] | None = None,
    refusal: str | None = None,
    pending: bool = False,
) -> dict[str, object] | None:
    """Draw ``state`` for ``seat``; what the board's notice of a move not made says, if any."""
    observation, offered = seat_view(state, seat)
    shown: dict[str, object] | None = page.evaluate(
        DRAW_WITH, [observation, offered, seat, NAMES, False, log or [], refusal, pending, True]
    )
    return shown


# P4 with two answers a round: seat 1 asks seat 2, who answers and asks seat 0. Seat 0's
# answer will be the round's last; seat 3, the Mole, may guess meanwhile.
def last_answer_asked() -> State:
    return asked_in_turn(p4(question_limit=2), (1, 2), (2, 0))


def guessed_on_the_phone(page: Page) -> None:
    page.locator("[data-board] [data-open='guess']").click()
    page.locator("[data-board] .tm-guess[data-action='guess farm']").click()
    assert page.evaluate("() => window.clicked") == ["guess farm"]


@pytest.mark.draws_only
def test_a_guess_overtaken_by_the_round_s_last_answer_is_said_not_made(
    browser: Browser, server: LiveServer
) -> None:
    """The Mole pressed Guess as another player gave the round's last answer: time ran out,
    the guess was no longer a move, and the page dropped it (or the server refused it as
    late) without a word on the board; the Mole saw the final vote, its Guess buttons gone,
    and could believe it had guessed. The board now says, above the prompt and on the
    phone's screen, that its guess was not made, and why."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    state = last_answer_asked()
    assert draw_with(page, state, 3) is None
    guessed_on_the_phone(page)
    # Still drawn for the position it was sent from: it is on its way, nothing to say.
    assert draw_with(page, state, 3) is None
    state = apply_all(state, first_legal(state, 0, "answer"))
    assert state.observation(3)["phase"] == "final-vote"
    shown = draw_with(page, state, 3)
    assert shown == {
        "text": "Your guess (Farm) was not made: time ran out before it arrived "
        "(the round's 2 answers were given).",
        "role": "alert",
        "inView": True,
    }, shown
    # It stays while the round lasts, and goes with the Mole's next move.
    assert draw_with(page, state, 3) == shown
    page.locator("[data-board] .tm-point").first.click()
    assert draw_with(page, state, 3) is None
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_move_made_or_refused_is_told_apart(browser: Browser, server: LiveServer) -> None:
    """A guess that was made (this seat's entry in the log since) ends the round without a
    notice; one refused by the server while still offered says the server's reason on the
    board (the page's own error line is below the board, off a phone's screen)."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    state = last_answer_asked()
    draw_with(page, state, 3, log=[{"n": 40, "seat": 1, "text": None}])
    guessed_on_the_phone(page)
    made = apply_all(state.clone(), "3: guess farm")
    settled(made)  # the next round's deal
    entry: dict[str, JSONValue] = {"n": 41, "seat": 3, "text": "guess farm"}
    assert draw_with(page, made, 3, log=[entry]) is None

    page2 = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    draw_with(page2, state, 3)
    guessed_on_the_phone(page2)
    assert draw_with(page2, state, 3, pending=True) is None
    shown = draw_with(page2, state, 3, refusal="the game is not running")
    assert shown is not None and shown["inView"], shown
    said = "Your guess (Farm) was not made: the table refused it (the game is not running)."
    assert shown["text"] == said, shown
    assert page.errors == [] and page2.errors == []  # type: ignore[attr-defined]


@pytest.mark.bot_delay(60)
def test_a_live_table_s_refusal_of_a_move_shows_on_the_board(
    browser: Browser, server: LiveServer
) -> None:
    """On a live table a refused move was said only on the page's error line, below the
    board, out of sight on a phone: the board drew on as if nothing had been tried. The page
    here shows a fixed position in which Ann may point at the Mole while her real game is in
    its first question (the bots wait a minute a move, so it stays there): the server refuses
    the pointing, and the board says so above the prompt, on the screen."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    create_mole_table(page, server, players=4, question_limit=0)
    fill_bots_and_start(page)
    expect(page.locator("[data-board] .tm-card")).to_be_visible()
    final = apply_all(p4(), "-2: time-up")
    observation, offered = seat_view(final, 0)
    assert "point 3" in offered
    show_a_fixed_position(page, observation, offered)
    page.locator("[data-board] .tm-point[data-action='point 3']").click()
    notice = page.locator("[data-board] .tm-notice")
    expect(notice).to_contain_text(
        "Your pointing at random bot 4 was not counted: the table refused it"
    )
    expect(notice).to_be_in_viewport()
    assert page.errors == []  # type: ignore[attr-defined]


class StaleAtTheTable:
    """The live table's socket for ``page``, scripted: the first view the server sends shows
    ``views[0]`` (an observation, its legal actions and the seat it is for) and later views
    are dropped; each move the page sends is kept from the server, refused as stale (another
    move reached the table first) and followed by the next of ``views``. Counts the moves."""

    def __init__(self, page: Page, views: list[tuple[dict[str, JSONValue], list[str], int]]):
        self.views = views
        self.moves_sent: list[str] = []
        self.first: dict[str, JSONValue] | None = None
        page.route_web_socket("**/ws/tables/**", self._route)
        page.reload()

    def view(self, at: int, kind: str) -> str:
        assert self.first is not None
        observation, offered, seat = self.views[at]
        data = dict(self.first["data"])  # type: ignore[arg-type]
        set_position(data, observation, offered)
        data["you"] = seat
        version = int(self.first["version"]) + at  # type: ignore[call-overload]
        return json.dumps({"type": kind, "version": version, "data": data})

    def _route(self, socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_server(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope.get("type") not in ("snapshot", "update"):
                socket.send(message)
            elif self.first is None:
                self.first = envelope
                socket.send(self.view(0, "snapshot"))

        def from_page(message: str | bytes) -> None:
            envelope = json.loads(message)
            if envelope.get("type") != "act":
                server.send(message)
                return
            self.moves_sent.append(envelope["data"]["action"])
            at = len(self.moves_sent)
            refused = {"code": "stale", "message": "the game moved on", "ref": envelope["ref"]}
            socket.send(json.dumps({"type": "error", "version": None, "data": refused}))
            socket.send(self.view(at, "update"))

        server.on_message(from_server)
        socket.on_message(from_page)


def mole_at_a_live_table(browser: Browser, server: LiveServer) -> Page:
    """Ann's phone at a live table of four with bots that wait a minute a move."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    create_mole_table(page, server, players=4)
    fill_bots_and_start(page)
    expect(page.locator("[data-board] .tm-card")).to_be_visible()
    return page


@pytest.mark.bot_delay(60)
def test_the_page_leaves_a_move_not_made_to_the_mole_s_board(
    browser: Browser, server: LiveServer
) -> None:
    """The Mole's guess is refused as stale (the round's last answer reached the table first)
    and, in the position that follows, is no longer a move. The board says so above its
    prompt, in the game's words; the page's own line below the board and its note at the
    screen's foot stay silent, not telling the same thing twice in other words."""
    page = mole_at_a_live_table(browser, server)
    state = last_answer_asked()
    after = apply_all(state.clone(), first_legal(state, 0, "answer"))
    wire = StaleAtTheTable(page, [(*seat_view(state, 3), 3), (*seat_view(after, 3), 3)])
    guess = page.locator("[data-board] [data-open='guess']")
    guess.click()
    page.locator("[data-board] .tm-guess[data-action='guess farm']").click()
    notice = page.locator("[data-board] .tm-notice")
    expect(notice).to_have_text(
        "Your guess (Farm) was not made: time ran out before it arrived "
        "(the round's 2 answers were given)."
    )
    assert wire.moves_sent == ["guess farm"]
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#error-toast")).to_be_hidden()
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.bot_delay(60)
def test_a_move_overtaken_twice_is_said_not_made_in_one_plain_sentence(
    browser: Browser, server: LiveServer
) -> None:
    """The Mole, asked a question, guesses; the table refuses the guess as stale twice (other
    moves reached it first) and the page gives up sending it, though it is still a move. The
    board said so nesting the page's sentence in its own: "…: the table refused it (Your
    move “guess farm” was not made: …)". It now says it in one plain sentence, and so does
    the line under the answer box for an answer in the player's own words overtaken the same
    way (it read "Your move “answer "…"” was not made", the game's notation)."""
    page = mole_at_a_live_table(browser, server)
    asked = (*seat_view(mole_asked_to_answer(), 3), 3)
    wire = StaleAtTheTable(page, [asked] * 4)
    page.locator("[data-board] [data-open='guess']").click()
    page.locator("[data-board] .tm-guess[data-action='guess farm']").click()
    expect(page.locator("[data-board] .tm-notice")).to_have_text(
        "Your guess (Farm) was not made: other moves reached the table first; you can try again."
    )
    assert wire.moves_sent == ["guess farm", "guess farm"]  # sent again once, then given up
    box = page.locator("[data-board] #tm-own-words")
    box.fill(OWN_WORDS)
    box.press("Enter")
    expect(page.locator("[data-board] .tm-refused")).to_have_text(
        "Your answer was not given: other moves reached the table first; you can try again."
    )
    expect(page.locator("[data-board] .tm-notice")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


# ------------------------------------------------------------------ who has voted


@pytest.mark.draws_only
def test_who_has_voted_is_said_in_a_line_for_each_kind_of_ballot(
    browser: Browser, server: LiveServer
) -> None:
    """With 8 players the vote's prompt listed every voter on a line of its own, seven lines
    of "random bot 4: not yet voted" under the ballots on a phone, and the final vote every
    player's "not yet pointed": the places went half a screen further down. Each kind of
    ballot is now one line naming its players: "Not yet voted: …", "Pointed: …"."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    names = ["Ann", *(f"random bot {seat}" for seat in range(1, 8))]
    draw_for(page, eight_seat_voting(), 0, names)
    tally = page.locator("[data-board] .tm-prompt .tm-tally li")
    voters = ", ".join(["Ann (you)", *(f"random bot {seat}" for seat in (2, 3, 4, 5, 6, 7))])
    expect(tally).to_have_text([f"Not yet voted: {voters}"])
    state = eight_seat_voting()
    state = apply_all(state, ["2: vote yes", "3: vote no"])
    draw_for(page, state, 0, names)
    voters = ", ".join(["Ann (you)", *(f"random bot {seat}" for seat in (4, 5, 6, 7))])
    expect(tally).to_have_text(["Voted: random bot 2, random bot 3", f"Not yet voted: {voters}"])
    page.locator("[data-board] .tm-ballot.yes").click()
    state = apply_all(state, "0: vote yes")
    draw_for(page, state, 0, names)
    expect(tally).to_have_text(
        [
            "Voted yes: Ann (you)",
            "Voted: random bot 2, random bot 3",
            f"Not yet voted: {voters[11:]}",
        ]
    )

    pointing = apply_all(mole_pointing(), "1: point 3")
    draw_for(page, pointing, 0)
    expect(tally).to_have_text(["Pointed: Bea", "Not yet pointed: Ann (you), Cy, Dan"])
    assert page.errors == []  # type: ignore[attr-defined]


# ------------------------------------------------------------------ a move on its way


@pytest.mark.draws_only
def test_a_move_on_its_way_shows_on_the_board_and_keeps_a_half_typed_answer(
    browser: Browser, server: LiveServer
) -> None:
    """While this seat's move was on its way to the table (the page's ``pending``) The
    Mole's prompt still offered the task, every button live, though the page drops a second
    move meanwhile: the click seemed not taken. Now every move's button is disabled, the one
    sent marked, and the prompt says "Sending your move…"; the answer box keeps what was
    half typed in it (Enter there sends nothing meanwhile), and once the move is answered
    (here: refused, the position unchanged) the buttons are live again. An answer in the
    player's own words marks its Send button, the words staying in the box."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    state = mole_asked_to_answer()
    draw_with(page, state, 3)
    board = page.locator("[data-board]")
    box = board.locator("#tm-own-words")
    box.press_sequentially("Near the big")
    board.locator("[data-open='accuse']").click()
    board.locator("[data-action='nominate 1']").click()
    assert page.evaluate("() => window.clicked") == ["nominate 1"]

    draw_with(page, state, 3, pending=True)
    expect(board.locator(".tm-prompt .tm-sending")).to_have_text("Sending your move…")
    moves = board.locator("button[data-action], button[data-own-answer]")
    assert moves.count() > 10
    expect(board.locator("button[data-action]:not([disabled])")).to_have_count(0)
    expect(board.locator("[data-own-answer]")).to_be_disabled()
    expect(board.locator("button.chosen")).to_have_count(1)
    expect(board.locator("button.chosen")).to_have_attribute("data-action", "nominate 1")
    expect(box).to_have_value("Near the big")
    expect(box).to_be_editable()
    box.press_sequentially(" wheel")
    box.press("Enter")
    assert page.evaluate("() => window.clicked") == ["nominate 1"]

    draw_with(page, state, 3, refusal="you called your vote this round")
    expect(board.locator(".tm-sending")).to_have_count(0)
    expect(board.locator("button.chosen")).to_have_count(0)
    expect(board.locator("[data-action='answer a1']")).to_be_enabled()
    expect(box).to_have_value("Near the big wheel")

    box.press("Enter")
    sent = f"answer {json.dumps('Near the big wheel')}"
    assert page.evaluate("() => window.clicked") == ["nominate 1", sent]
    draw_with(page, state, 3, pending=True)
    expect(board.locator("button.chosen")).to_have_count(1)
    expect(board.locator("[data-own-answer]")).to_have_class(re.compile(r"\bchosen\b"))
    expect(box).to_have_value("Near the big wheel")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_a_move_on_its_way_keeps_the_vote_and_the_guess_closed(
    browser: Browser, server: LiveServer
) -> None:
    """While this seat's move was on its way every move's button was disabled, yet "Call a
    vote…" and "Guess the place…" still opened their choices, all of them disabled: a choice
    that could not be made. Both are disabled too now, and open again once the move is
    answered. Fixed position: P4, Dan (the Mole) asked a question, which offers him both."""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=PHONE)
    state = mole_asked_to_answer()
    board = page.locator("[data-board]")
    draw_with(page, state, 3, pending=True)
    expect(board.locator(".tm-sending")).to_have_text("Sending your move…")
    for opener in ("accuse", "guess"):
        button = board.locator(f"[data-open='{opener}']")
        expect(button).to_be_disabled()
        button.click(force=True)  # a person presses it anyway: nothing opens
    expect(board.locator("[data-action^='nominate '], .tm-guess")).to_have_count(0)
    expect(board.locator("[data-open='accuse'], [data-open='guess']")).to_have_count(2)

    draw_with(page, state, 3)  # answered (here: refused, the position unchanged)
    board.locator("[data-open='guess']").click()
    expect(board.locator(".tm-guess")).to_have_count(16)
    board.locator("[data-open='accuse']").click()
    expect(board.locator("[data-action^='nominate ']")).to_have_count(3)
    assert page.evaluate("() => window.clicked") == []
    assert page.errors == []  # type: ignore[attr-defined]


# ------------------------------------------------------------------ notes before the start


def test_no_place_is_crossed_off_before_the_start(browser: Browser, server: LiveServer) -> None:
    """The private notes on the places could be used at a table still gathering its players,
    and were kept as round 1's: a place Ann crossed off while waiting stood crossed off when
    her card was dealt, as if she had ruled it out from the round's answers. Before the start
    the places are listed to be read, with nothing to press; the notes come with the game.
    Once started the table shows a fixed round 1 (P4, Ann a spy at the Bakery)."""
    page = open_page(browser, f"{server.url}/", viewport=PHONE)
    create_mole_table(page, server, players=4)
    board = page.locator("[data-board='the-mole']")
    places = board.locator(".tm-places .tm-place")
    expect(places).to_have_count(16)
    farm = places.filter(has_text="Farm")
    farm.click()  # a person presses a place while waiting
    expect(board.locator(".tm-places")).to_contain_text("Once the game starts, press a place")
    fill_bots_and_start(page)
    state = p4()
    observation, offered = seat_view(state, 0)
    assert observation["round"] == 1
    show_a_fixed_position(page, observation, offered)
    expect(board.locator(".tm-card")).to_contain_text("Bakery")
    expect(board.locator("[data-place]")).to_have_count(16)
    expect(board.locator("[data-place='farm']")).to_have_attribute("aria-pressed", "false")
    expect(board.locator(".tm-place.crossed")).to_have_count(0)
    # The notes work from the start on.
    board.locator("[data-place='farm']").click()
    expect(board.locator("[data-place='farm']")).to_have_attribute("aria-pressed", "true")
    assert page.errors == []  # type: ignore[attr-defined]
