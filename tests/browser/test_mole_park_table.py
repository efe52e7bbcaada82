"""A person plays Mole Park at the drawn table against bots, by clicks only, on a laptop and
on a phone; screenshots of each kind of prompt go to ``test-artifacts/mole-park/``
(git-ignored) for a person to look at."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import molehaven
from molehaven.core import State
from tests.browser.pages import (
    NEXT_TURN,
    PHONE,
    UNTIL,
    click_only,
    describe,
    draw_alone,
    fill_bots_and_start,
    open_page,
    open_table,
    resize,
)
from tests.games.mole_park.helpers import (
    apply_all,
    choose,
    deal,
    new_game,
    play_round,
    roll,
)
from tests.games.mole_park.test_examples import (
    lee_and_sam,
    sam_wins_the_showdown,
    showdown_all_miss,
    tied_at_fifteen,
)
from tests.server.live_server import LiveServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "mole-park"
LAPTOP_800 = {"width": 1280, "height": 800}
PLAYERS = 3
HAND_LIMIT = 3
DIE_TITLES = ("Boxing Glove", "Frying Pan", "Giant Mallet")
# How many of seat 0's own moves the log shows (each log line names its seat).
MY_MOVES = """() => document.querySelectorAll('#log li[data-seat="0"]').length"""


def create_mole_park_table(
    page: Page, server: LiveServer, players: int, options: dict[str, str]
) -> str:
    """The lobby's form, as ``pages.create_table`` fills it, with a player count and typed
    options."""
    page.goto(f"{server.url}/")
    page.wait_for_selector("#game option[value='mole-park']", state="attached")
    page.select_option("#game", "mole-park")
    page.select_option("#players", str(players))
    for option, value in options.items():
        page.fill(f"#option-{option}", value)
    page.fill("#name", "Ann")
    page.click("#create-form button[type=submit]")
    page.wait_for_url("**/tables/*")
    expect(page.locator("#table")).to_have_attribute("data-you", "0")
    return page.url.rsplit("/", 1)[-1]


def assert_fits(page: Page, width: int) -> None:
    """No horizontal scrolling: not the page, not the board, not any part of the board."""
    sizes = page.evaluate(
        """() => {
        const board = document.querySelector("#board");
        const drawn = document.querySelector("[data-board]").getBoundingClientRect();
        return {page: document.documentElement.scrollWidth, board: board.scrollWidth,
                boardBox: board.clientWidth, right: drawn.right};
    }"""
    )
    assert sizes["page"] <= width, sizes
    assert sizes["board"] <= sizes["boardBox"] + 1, sizes  # sub-pixel rounding
    assert sizes["right"] <= width, sizes


def shoot(page: Page, name: str) -> None:
    """Screenshots at 1280 px and at 390 px of the same moment, each checked for fit."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for viewport in (LAPTOP_800, PHONE):
        resize(page, viewport)
        path = ARTIFACTS / f"{name}-{viewport['width']}.png"
        page.screenshot(path=path, full_page=True, animations="disabled")
        assert_fits(page, viewport["width"])
        if viewport is PHONE:  # what a phone shows first, at full resolution
            page.screenshot(path=ARTIFACTS / f"{name}-390-screen.png", animations="disabled")
    resize(page, LAPTOP_800)


def pick(offered: list[str], rng: random.Random, hand_size: int) -> str:
    """A person's plain strategy: go for the Crown when allowed, cash in a full hand (so
    whacking often goes over the limit and asks for discards), take the best prize in reach,
    else anything offered."""
    for wanted in ("declare",):
        if wanted in offered:
            return wanted
    if "prize" in offered and hand_size >= HAND_LIMIT:
        return "prize"
    takes = [action for action in offered if action.startswith("take ")]
    if takes:
        return takes[-1]  # the stands are offered cheapest first
    return rng.choice(offered)


def test_a_person_plays_mole_park_at_the_drawn_table(browser: Browser, server: LiveServer) -> None:
    page = open_page(browser, f"{server.url}/", viewport=LAPTOP_800)
    # A hand limit of 3 (MP-20) makes discards common enough to be played; a round limit
    # (MP-35) keeps the game to seconds when nobody reaches the Crown.
    options = {"hand_limit": str(HAND_LIMIT), "round_limit": "8"}
    table_id = create_mole_park_table(page, server, PLAYERS, options)
    fill_bots_and_start(page)
    board = page.locator("[data-board=mole-park]")
    expect(board).to_be_visible()
    expect(board.locator(".mp-hole")).to_have_count(5)
    expect(board.locator(".mp-stand")).to_have_count(6)
    expect(board.locator(".mp-player")).to_have_count(PLAYERS)

    rng = random.Random("mole-park table")
    seen: dict[int, list[str]] = {}  # version → what the board offered then
    shot: set[str] = set()
    before: str | None = None
    while True:
        turn = page.evaluate(NEXT_TURN, [before, 20])
        assert turn is not None, f"nothing offered and no end in 20 s: {describe(page)}"
        if turn["status"] == "over":
            break
        offered: list[str] = turn["offered"]
        verb = offered[0].split(" ")[0]
        kind = "choose" if verb in ("glove", "pan", "mallet", "prize") else verb
        hand = board.locator(".mp-hand .mp-mole").count()
        if kind == "choose":
            prompt = board.locator(".mp-prompt")
            for title in DIE_TITLES:  # the words come from the engine's public data
                expect(prompt).to_contain_text(title)
            # The others' secret choices show only as "chosen" (they choose without waiting);
            # a declarer is committed to the prize die in public (MP-15).
            for seat in range(1, PLAYERS):
                player = board.locator(f".mp-player[data-seat='{seat}']")
                if not player.locator(".crown-bid").count():
                    expect(player.locator(".mp-die-status")).to_have_text("chosen ✓")
        # The turn line above the table names the choice, as the prompt's title does.
        asked = page.locator("#asked")
        if "declare" in offered:
            expect(asked).to_have_text("Go for King Mole's Crown?")
        elif kind == "choose":
            expect(asked).to_have_text("Pick your die for this round — in secret.")
        elif verb == "take":
            expect(asked).to_contain_text("Take a prize worth up to")
        elif verb == "discard":
            expect(asked).to_have_text(f"Discard down to {HAND_LIMIT} moles.")
        if kind not in shot and (kind != "choose" or board.locator(".mp-reveal").count()):
            shot.add(kind)
            shoot(page, kind)
        seen[int(turn["version"])] = offered
        action = pick(offered, rng, hand)
        mine = page.evaluate(MY_MOVES)
        drawn = page.locator("#table").get_attribute("data-version")
        if click_only(page, action):
            # A bot's move can arrive before ours is taken in: wait for ours in the log, or
            # for a newer position (a click on a board about to be redrawn may be dropped).
            page.wait_for_function(
                f"""([mine, drawn]) => ({MY_MOVES})() > mine
                    || document.querySelector("#table").dataset.version !== drawn""",
                arg=[mine, drawn],
                polling=10,
            )
        before = None

    # Who won and why is said once, above the board, in the server's words; the board itself
    # only marks the winners among the players.
    result = page.request.get(f"{server.url}/api/tables/{table_id}").json()["result"]
    expect(page.locator("#outcome #result")).to_have_text(result["summary"])
    expect(board.locator(".mp-waiting")).to_have_count(0)
    expect(board.locator(".mp-player:has(.mp-badge.won)")).to_have_count(len(result["winners"]))
    for seat in result["winners"]:
        expect(board.locator(f".mp-player[data-seat='{seat}'] .mp-badge.won")).to_be_visible()
    shoot(page, "over")
    page.click("#how-to-play summary")
    expect(page.locator("#how-to-play-body")).to_contain_text("Giant Mallet")
    board.locator(".mp-legend summary").click()
    expect(board.locator(".mp-legend")).to_contain_text("holes 4, 2, 2, 4, 1")
    shoot(page, "help")
    page.click("#replay-first")  # the replay draws the table before anything happened
    expect(page.locator("#replay-step")).to_contain_text("0 / ")
    expect(board.locator(".mp-hole")).to_have_count(5)
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_contain_text("1 / ")
    assert page.errors == []  # type: ignore[attr-defined]
    assert "choose" in shot, shot

    # A spectator gets the same table without a hand or a prompt.
    spectator = open_page(browser, f"{server.url}/tables/{table_id}", viewport=PHONE)
    watched = spectator.locator("[data-board=mole-park]")
    expect(watched.locator(".mp-player")).to_have_count(PLAYERS)
    assert watched.locator(".mp-your-hand, .mp-prompt, [data-action]").count() == 0
    assert spectator.errors == []  # type: ignore[attr-defined]  # the other prompts depend on the dice

    # Every click was a legal action, and the board offered exactly the legal actions.
    response = page.request.get(f"{server.url}/api/tables/{table_id}/record")
    assert response.ok
    record = response.json()
    state = molehaven.make("mole-park", players=PLAYERS, **record["options"]).initial_state()
    played = 0
    for number, entry in enumerate(record["actions"]):
        if number in seen:
            legal = sorted(str(action) for action in state.legal_actions(0))
            assert sorted(seen[number]) == legal, number
        if entry["seat"] == 0:
            played += 1
        state.apply(entry["seat"], entry["action"])
    assert played > 0 and seen


# The next moment the table changes and this seat is asked to decide (its prompt offers actions)
# or is told that its decision follows the reveal (``stop_at_hold``), with the reveal's lines
# that are not on screen yet at that moment; ``{"status": "over"}`` at the end.
PROMPT_AND_REVEAL = f"""([before, stopAtHold, seconds]) => {{
    const table = document.querySelector("#table");
    return ({UNTIL})(() => {{
        const moved = before === null || table.dataset.version !== before;
        if (moved && table.dataset.status === "over") return {{status: "over"}};
        const offered = [...document.querySelectorAll("[data-board] [data-action]")]
            .map(node => node.dataset.action);
        const holding = document.querySelector("[data-board] .mp-holding") !== null;
        if (moved && (offered.length || (holding && stopAtHold))) {{
            const unseen = [...document.querySelectorAll("[data-board] .mp-reveal .mp-event")]
                .filter(line => Number(getComputedStyle(line).opacity) < 0.5)
                .map(line => line.textContent);
            return {{status: table.dataset.status, version: table.dataset.version, offered,
                    holding, unseen}};
        }}
        return null;
    }}, seconds);
}}"""

# A click on the reveal's skip, in the same moment as it is seen: how many lines the reveal had.
SKIP_THE_REVEAL = """() => {
    const skip = document.querySelector("[data-board] .mp-holding [data-skip-reveal]");
    if (!skip) return null;
    const lines = document.querySelectorAll("[data-board] .mp-reveal .mp-event").length;
    skip.click();
    return lines;
}"""

# Whether the reveal's first ``lines`` lines stand at rest: shown, no highlight still playing.
REVEAL_AT_REST = """lines => [...document.querySelectorAll("[data-board] .mp-reveal .mp-event")]
    .slice(0, lines).every(line => !line.classList.contains("animate")
        && Number(getComputedStyle(line).opacity) === 1)"""


def test_mole_parks_next_decision_waits_for_the_reveal_and_a_click_skips_it(
    browser: Browser, server: LiveServer
) -> None:
    """Reviewers saw the next prompt while the dice's reveal still lit its lines one by one,
    seconds behind the board and the log. Now the prompt waits in its place until every line
    of the reveal is on screen, and a click on "Skip" shows the reveal at once, at rest."""
    page = open_page(browser, f"{server.url}/", viewport=LAPTOP_800)
    create_mole_park_table(page, server, 3, {"round_limit": "6"})
    fill_bots_and_start(page)
    rng = random.Random("the reveal")
    prompts_beside_a_reveal = 0
    skipped = False
    before: str | None = None
    while True:
        seen = page.evaluate(PROMPT_AND_REVEAL, [before, not skipped, 20])
        assert seen is not None, f"nothing offered and no end in 20 s: {describe(page)}"
        if seen["status"] == "over":
            break
        if seen["holding"]:
            lines = page.evaluate(SKIP_THE_REVEAL)
            if lines is None:  # the reveal ended just before the click: wait for the next
                before = None
                continue
            skipped = True
            prompt = page.locator("[data-board] .mp-prompt")
            expect(prompt).to_be_visible()
            # At rest at once: a reveal that had merely run out would still be highlighting
            # its last line.
            assert page.evaluate(REVEAL_AT_REST, lines), describe(page)
            shoot(page, "reveal-skipped")
            before = None
            continue
        assert seen["unseen"] == [], f"a prompt beside a reveal still under way: {seen}"
        if page.locator("[data-board] .mp-reveal").count():
            prompts_beside_a_reveal += 1
        drawn = seen["version"]
        if click_only(page, rng.choice(seen["offered"])):
            page.wait_for_function(
                """drawn => document.querySelector("#table").dataset.version !== drawn
                    || document.querySelector("[data-board] [data-action]") === null""",
                arg=drawn,
                polling=10,
            )
        before = None
    assert skipped, "no reveal held a decision: the check above saw nothing to check"
    assert prompts_beside_a_reveal > 0
    assert page.errors == []  # type: ignore[attr-defined]


# ---------------------------------------------------------------- every prompt, from the rules


def julian_picks_the_last_die() -> tuple[State, int]:
    """11.1, round 5: seats 0 and 1 have picked their dice; Julian (seat 2) picks last."""
    state = new_game(3, king=0)
    play_round(state, [1, 3, 2, 1, 1], "x 3 x")
    play_round(state, [2, 3, 1, 1, 1], "x x x")
    play_round(state, [3, 3, 1, 1, 1], "x x x")
    play_round(state, [4, 3, 1, 1, 1], "x x 2")
    deal(state, 5, 1, 1, 1, 1)
    choose(state, "glove glove")
    return state, 2


def jasper_over_the_limit() -> tuple[State, int]:
    """11.1: Julian (seat 2) holds six moles and must discard one (MP-20)."""
    state, seat = julian_picks_the_last_die()
    state.apply(seat, "glove")
    roll(state, "x 1 1")
    apply_all(state, "C: draw 2, C: draw 4, C: draw 1, C: draw 5")
    return state, 2


def king_orders_a_tie() -> tuple[State, int]:
    """11.6: seats 1 and 2 tie on 15 and King Mole (seat 0) orders them (MP-24)."""
    state = tied_at_fifteen()
    choose(state, "glove prize prize")
    roll(state, "x 3 3")
    return state, 0


def billy_takes_a_prize() -> tuple[State, int]:
    """11.6, after the order: seat 2 takes a prize within 15 (MP-23, MP-25)."""
    state, _ = king_orders_a_tie()
    state.apply(0, "order 2 1")
    return state, 2


def lee_may_declare() -> tuple[State, int]:
    """11.3 round 8: Lee (seat 0) may go for the Crown (MP-13)."""
    return lee_and_sam(), 0


def king_crowns_a_tied_showdown() -> tuple[State, int]:
    """11.7: a tied Showdown that King Mole (seat 2) settles (MP-33)."""
    return showdown_all_miss(lee_and_sam(king=2, players=3)), 2


def choosing_with_a_hand() -> tuple[State, int]:
    """11.6 round 5: every seat holds moles, so the prize die is offered too (MP-16)."""
    return tied_at_fifteen(), 1


# The board drawn alone for one seat: the actions its buttons offer as the result.
DRAW_ALONE = draw_alone(
    "mole-park",
    '[...document.querySelectorAll("[data-board] [data-action]")].map(node => node.dataset.action)',
)


# Each name under a hole whose line breaks between two letters of a word, with the letters.
WORDS_BROKEN_IN_HOLES = """() => [...document.querySelectorAll("[data-board] .mp-landed-name")]
    .flatMap(name => {
        const text = name.firstChild;
        const range = document.createRange();
        const tops = [...text.data].map((_, index) => {
            range.setStart(text, index);
            range.setEnd(text, index + 1);
            return range.getBoundingClientRect().top;
        });
        return [...text.data].slice(1).flatMap((letter, index) =>
            tops[index + 1] > tops[index] + 1 && letter !== " " && text.data[index] !== " "
                ? [`${name.textContent}: ${text.data[index]}|${letter}`] : []);
    })"""


SCENES: tuple[Callable[[], tuple[State, int]], ...] = (
    choosing_with_a_hand,
    lee_may_declare,
    jasper_over_the_limit,
    king_orders_a_tie,
    billy_takes_a_prize,
    king_crowns_a_tied_showdown,
)


@pytest.mark.draws_only
def test_every_mole_park_prompt_offers_exactly_the_engines_legal_actions(
    browser: Browser, server: LiveServer
) -> None:
    """Each decision of the rules' worked examples, drawn from the engine's observation: one
    target per legal action, each click hands that action over, nothing cut off. (One page
    for all: a server per scene would cost more than the scenes.)"""
    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    expect(page.locator("h1")).to_have_text("No such table")
    # Each scene's dice would be a new reveal, played before its prompt: with less motion asked
    # for, a reveal is shown at rest and the prompt at once.
    page.emulate_media(reduced_motion="reduce")
    for scene in SCENES:
        state, seat = scene()
        legal = sorted(str(action) for action in state.legal_actions(seat))
        assert legal, scene.__name__
        names = ["Lee", "Sam", "Jo"][: state.game.players]
        drawn = page.evaluate(DRAW_ALONE, [state.observation(seat), legal, seat, names])
        assert sorted(drawn) == legal, scene.__name__
        prompt = page.locator("[data-board] .mp-prompt")
        expect(prompt).to_be_visible()
        assert "{" not in prompt.inner_text()  # no unfilled placeholder or raw data
        for action in legal:
            page.locator(f'[data-board] [data-action="{action}"]').click()
        assert page.evaluate("() => window.clicked") == legal, scene.__name__
        shoot(page, f"prompt-{scene.__name__.replace('_', '-')}")

    # A hole is a fifth of a phone's width: the names of the dice that landed in it break
    # between words ("easy bot / 2"), not one letter a line.
    state, seat = jasper_over_the_limit()
    legal = sorted(str(action) for action in state.legal_actions(seat))
    resize(page, PHONE)
    bots = ["easy bot 1", "easy bot 2", "easy bot 3"]
    page.evaluate(DRAW_ALONE, [state.observation(seat), legal, seat, bots])
    expect(page.locator("[data-board] .mp-landed-name")).to_have_count(2)
    assert page.evaluate(WORDS_BROKEN_IN_HOLES) == []

    # MP-13 offers the Crown on what everyone sees; Lee's own {1, 1} cannot reach 40 even
    # with a 6, and the Crown's button says so (only then).
    resize(page, LAPTOP_800)
    for hole_one, note in ((1, "Even a 6 gives 38★; the Crown needs 40★."), (5, None)):
        state = lee_and_sam(hole_one=hole_one)
        legal = sorted(str(action) for action in state.legal_actions(0))
        page.evaluate(DRAW_ALONE, [state.observation(0), legal, 0, ["Lee", "Sam"]])
        declare = page.locator('[data-board] [data-action="declare"]')
        if note:
            expect(declare.locator(".mp-note")).to_contain_text(note)
            shoot(page, "prompt-declare-out-of-reach")
        else:
            expect(declare.locator(".mp-note")).to_have_count(0)
    resize(page, PHONE)

    # Sam wins the Crown: his place at the table says so, the Crown's 40 stars with it (the
    # page above the board says who won and why); it fits a phone.
    state = sam_wins_the_showdown()
    page.evaluate(DRAW_ALONE, [state.observation(0), [], 0, bots[:2]])
    won = page.locator("[data-board] .mp-player[data-seat='1'] .mp-badge.won")
    expect(won).to_have_text("won King Mole's Crown (+40★)")
    expect(page.locator("[data-board] .mp-badge.won")).to_have_count(1)
    expect(page.locator("[data-board] .mp-waiting")).to_have_count(0)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    # The badge reads who was crowned from the engine (``crowned``), not from its sentences,
    # which are words for people and change (Mole Majority's end reason did): the same end,
    # its events worded otherwise, still crowns Sam.
    final = state.observation(0)
    assert final["crowned"] == 1
    events = final["events"]
    assert isinstance(events, list)
    reworded = {**final, "events": [str(text).replace("wins", "takes") for text in events]}
    page.evaluate(DRAW_ALONE, [reworded, [], 0, bots[:2]])
    expect(won).to_have_text("won King Mole's Crown (+40★)")
    resize(page, LAPTOP_800)
    assert page.errors == []  # type: ignore[attr-defined]


# ------------------------------------------------------------- the table while a reveal plays

# What the drawn table shows of the holes, this seat's hand and its prompt.
TABLE_SHOWN = """({
    holes: [...document.querySelectorAll("[data-board] .mp-hole .mp-count")]
        .map(count => count.textContent),
    hand: document.querySelectorAll("[data-board] .mp-hand .mp-mole").length,
    holding: document.querySelector("[data-board] .mp-holding") !== null,
    offered: [...document.querySelectorAll("[data-board] [data-action]")]
        .map(node => node.dataset.action),
})"""
DRAW_AND_READ = draw_alone("mole-park", TABLE_SHOWN)


def moles(count: object) -> str:
    """A hole's count as the table words it."""
    return f"{count} mole{'' if count == 1 else 's'}"


@pytest.mark.draws_only
def test_mole_parks_table_stands_as_before_the_dice_until_the_reveal_has_told_them(
    browser: Browser, server: LiveServer
) -> None:
    """A reviewer saw the holes emptied and the hand grown while the reveal was still lighting
    up who whacked what: the table told the outcome before the reveal did. Now, while the
    reveal plays, the table stands as it did before the dice came out; once the reveal has
    been shown, it is the new one. (Julian, seat 2, picks the last die and whacks two moles,
    one over the hand limit, 11.1.)"""
    before, seat = julian_picks_the_last_die()
    state, _ = jasper_over_the_limit()
    earlier, now = before.observation(seat), state.observation(seat)
    assert earlier["holes"] != now["holes"] and earlier["hand"] != now["hand"]  # the test's point
    legal_before = sorted(str(action) for action in before.legal_actions(seat))
    legal_now = sorted(str(action) for action in state.legal_actions(seat))

    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    names = ["Lee", "Sam", "Julian"]
    assert page.evaluate(DRAW_AND_READ, [earlier, legal_before, seat, names])["offered"]
    playing = page.evaluate(DRAW_AND_READ, [now, legal_now, seat, names])
    assert isinstance(earlier["holes"], list) and isinstance(earlier["hand"], list)
    assert playing == {
        "holes": [moles(count) for count in earlier["holes"]],
        "hand": len(earlier["hand"]),
        "holding": True,
        "offered": [],
    }
    shoot(page, "reveal-playing")
    # Once every line is in, the table and the decision it held are the new ones.
    expect(page.locator("[data-board] .mp-prompt")).to_be_visible()
    assert isinstance(now["holes"], list) and isinstance(now["hand"], list)
    assert page.evaluate(f"() => {TABLE_SHOWN}") == {
        "holes": [moles(count) for count in now["holes"]],
        "hand": len(now["hand"]),
        "holding": False,
        "offered": legal_now,
    }
    shoot(page, "reveal-shown")

    # A replay begun while the reveal plays shows its step at once: the reveal at rest, the
    # table as it is.
    page.evaluate(DRAW_AND_READ, [earlier, legal_before, seat, names])
    assert page.evaluate(DRAW_AND_READ, [now, legal_now, seat, names])["holding"]
    replayed = page.evaluate(DRAW_AND_READ, [now, [], seat, names, True])
    assert replayed["holes"] == [moles(count) for count in now["holes"]], replayed
    expect(page.locator("[data-board] .mp-reveal")).not_to_have_class(re.compile(r"\bplaying\b"))
    expect(page.locator("[data-board] .mp-event.animate")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]


# Clicks this seat's ``action`` on the board, then looks at the page in every frame while the
# reveal that follows plays, and in the first frame after it: what the page showed around the
# board meanwhile (the result box, the winners beside the scores, this seat's moves as buttons).
# Null when no reveal played within ``seconds``.
PLAY_AND_WATCH_THE_REVEAL = """async ([action, seconds]) => {
    // A die's line in the move log: "Chance: Ann rolls 3 with the Boxing Glove (hole 3)", or
    // "Chance: Ann misses with the Boxing Glove" (a whacking die's x, 1 in 6 for the glove);
    // the seat's own die "Chance: you roll 3 with …", "Chance: you miss with …".
    const ROLL_LINE = / (rolls? .+|miss(es)?) with the /;
    const table = document.querySelector("#table");
    const page = () => ({
        status: table.dataset.status,
        pill: document.querySelector("#status").textContent,
        rawRound: document.querySelector("#board details.raw dd[data-key='round']")?.textContent,
        outcome: !document.querySelector("#outcome").hidden,
        replay: !document.querySelector("#replay").hidden,
        outcomeAnimation: getComputedStyle(document.querySelector("#outcome")).animationName,
        scoreWinners: document.querySelectorAll("#scores .won").length,
        boardWinners: document.querySelectorAll("[data-board] .mp-badge.won").length,
        holding: document.querySelector("[data-board] .mp-holding") !== null,
        movesOffered: document.querySelectorAll("#action-buttons [data-action]").length,
        movesSaid: document.querySelector("#action-buttons .moves-wait")?.textContent ?? null,
        typedMoveSent: !document.querySelector("#notation-form button[type=submit]").disabled,
        revealTitle: document.querySelector("[data-board] .mp-reveal h3")?.firstChild.textContent,
        rollsLogged: [...document.querySelectorAll("#log li")]
            .filter(entry => ROLL_LINE.test(entry.textContent)).length,
        diceRevealed: document.querySelectorAll("[data-board] .mp-reveal .mp-reveal-die").length,
    });
    const rollsBefore = page().rollsLogged;
    document.querySelector(`[data-board] [data-action="${action}"]`).click();
    const during = [];
    const deadline = performance.now() + seconds * 1000;
    while (performance.now() < deadline) {
        await new Promise(resolve => requestAnimationFrame(resolve));
        const playing = document.querySelector("[data-board] .mp-reveal.playing") !== null;
        if (playing) during.push(page());
        else if (during.length) return {during, after: page(), rollsBefore};
    }
    return null;
}"""


def test_mole_parks_reveal_holds_back_the_moves_and_the_result_box(
    browser: Browser, server: LiveServer
) -> None:
    """While the reveal of a round's dice plays, the page around the board must not tell what
    the reveal has not told yet, nor offer the decision the board holds: reviewers saw the
    folded "Moves as buttons or notation" offer the next round's dice during the reveal, and
    the result box and the winners beside the scores appear while the last reveal was still
    lighting up its lines; the status pill by the title said "over", the replay's controls
    showed "144 / 144" under the board, and the raw panel under the board showed the next
    round. Now they wait for the reveal, and come once it has been shown."""
    page = open_page(browser, f"{server.url}/", viewport=LAPTOP_800)
    create_mole_park_table(page, server, 2, {"round_limit": "2"})
    fill_bots_and_start(page)

    # The bot picks its die at once; ours, sent once the bot's is in, cannot be refused as
    # stale (sent from a position the server has moved on from), and the dice follow it.
    bot_has_picked = page.locator("[data-board] .mp-player[data-seat='1'] .mp-die-status.chosen")

    # Round 1: the reveal of its dice holds this seat's next decision, round 2's die.
    turn = page.evaluate(NEXT_TURN, [None, 20])
    assert turn is not None and "glove" in turn["offered"], describe(page)
    expect(bot_has_picked).to_be_visible()
    seen = page.evaluate(PLAY_AND_WATCH_THE_REVEAL, ["glove", 20])
    assert seen is not None, f"no reveal played after round 1: {describe(page)}"
    held = [moment for moment in seen["during"] if moment["holding"]]
    assert held, seen
    for moment in held:
        assert moment["movesOffered"] == 0, moment
        assert moment["movesSaid"] == "Your moves come once the board has shown what just happened."
        assert not moment["typedMoveSent"], moment
        # The table still stands in round 1, whose dice the reveal tells: not "last round" yet.
        assert moment["revealTitle"] == "Round 1: the dice are out", moment
        # Nor does the move log tell the rolls before the reveal has (it listed them at once).
        assert moment["rollsLogged"] == seen["rollsBefore"], moment
        # Nor does the raw panel ("Everything this seat sees"): it showed the new round.
        assert moment["rawRound"] == "1", moment
    after = seen["after"]
    assert after["movesOffered"] > 0 and after["movesSaid"] is None and after["typedMoveSent"]
    assert after["revealTitle"] == "Last round (1)", after
    assert after["rawRound"] == "2", after
    # The rolls come into the move log once the reveal has shown them, with the board's redraw
    # (the page draws both in one go): a line for each die the reveal showed, hit or miss.
    assert after["rollsLogged"] - seen["rollsBefore"] == after["diceRevealed"] == 2, after

    # Round 2, the last: the result box and the winners wait for the last reveal.
    turn = page.evaluate(NEXT_TURN, [None, 20])
    assert turn is not None and "glove" in turn["offered"], describe(page)
    expect(bot_has_picked).to_be_visible()
    seen = page.evaluate(PLAY_AND_WATCH_THE_REVEAL, ["glove", 20])
    assert seen is not None, f"no reveal played after round 2: {describe(page)}"
    ended = [moment for moment in seen["during"] if moment["status"] == "over"]
    assert ended, seen
    for moment in ended:
        assert not moment["outcome"] and not moment["replay"], moment
        assert moment["scoreWinners"] == moment["boardWinners"] == 0, moment
        # The pill by the title said "over" while the last reveal played.
        assert moment["pill"] == "running", moment
    after = seen["after"]
    assert after["status"] == "over" and after["outcome"] and after["pill"] == "over", after
    assert after["replay"], after  # the replay's controls come with the result box
    # The box unfolds rather than pushing the board down in one jump while the person looks.
    assert after["outcomeAnimation"] == "outcome-arrives", after
    assert after["scoreWinners"] > 0 and after["boardWinners"] > 0, after
    result = page.request.get(page.url.replace("/tables/", "/api/tables/")).json()["result"]
    expect(page.locator("#outcome #result")).to_have_text(result["summary"])
    shoot(page, "last-reveal-shown")
    assert page.errors == []  # type: ignore[attr-defined]
    # A page opened on the finished game shows the box at once.
    page.reload()
    expect(page.locator("#outcome #result")).to_have_text(result["summary"])
    assert page.eval_on_selector("#outcome", "box => getComputedStyle(box).animationName") == "none"


# ------------------------------------------------- a tied Showdown and King Mole's pick (MP-33)


def tied_showdown_moments() -> tuple[State, State, State]:
    """11.7 with Jo (seat 2) as King Mole: Lee and Sam declare (Jo picks his die last), reach 41
    and 40, and tie at 4 in the Showdown; Jo is asked to crown one of them, and crowns Sam. The
    three observations a table gets: before the dice, the tie, the end."""
    before = lee_and_sam(king=2, players=3)
    for _ in range(2):
        before.apply(before.to_move()[0], "declare")
    tied = showdown_all_miss(lee_and_sam(king=2, players=3))
    assert tied.to_move() == [2] and tied.observation(0)["finalists"] == [0, 1]
    over = tied.clone()
    over.apply(2, "crown 1")
    assert over.is_terminal() and over.observation(0)["crowned"] == 1
    return before, tied, over


def legal_for(state: State, seat: int) -> list[str]:
    return [] if state.is_terminal() else sorted(map(str, state.legal_actions(seat)))


# What the board shows of the Showdown: the status words, the reveal's lines (and those not on
# screen yet), the tie's marks, the winners, the prompt, and the observation the page around the
# board is held to (``stillShowing``: its step, null when not held).
SHOWDOWN_SHOWN = """({
    step: document.querySelector("[data-board] .mp-step").textContent,
    title: document.querySelector("[data-board] .mp-reveal h3")?.firstChild.textContent ?? null,
    playing: document.querySelector("[data-board] .mp-reveal.playing") !== null,
    lines: [...document.querySelectorAll("[data-board] .mp-reveal .mp-event")]
        .map(line => line.textContent),
    unseen: [...document.querySelectorAll("[data-board] .mp-reveal .mp-event")]
        .filter(line => Number(getComputedStyle(line).opacity) < 0.5)
        .map(line => line.textContent),
    animated: document.querySelectorAll("[data-board] .mp-event.animate").length,
    waiting: document.querySelector("[data-board] .mp-waiting")?.textContent.trim() ?? null,
    banner: [...document.querySelectorAll("[data-board] .mp-verdict-banner")].map(banner =>
        Number(getComputedStyle(banner).opacity) < 0.5 ? "unseen" : banner.textContent.trim()),
    tiedRows: [...document.querySelectorAll("[data-board] .mp-showdown-row.tied")]
        .map(row => Number(row.dataset.seat)),
    crownedRows: [...document.querySelectorAll("[data-board] .mp-showdown-row.crowned")]
        .map(row => Number(row.dataset.seat)),
    marks: [...document.querySelectorAll("[data-board] .mp-showdown-row")]
        .map(row => row.querySelector(".mp-badge")?.textContent ?? null),
    won: [...document.querySelectorAll("[data-board] .mp-player:has(.mp-badge.won)")]
        .map(player => Number(player.dataset.seat)),
    prompt: document.querySelector("[data-board] .mp-prompt")?.textContent ?? null,
    holding: document.querySelector("[data-board] .mp-holding") !== null,
    offered: [...document.querySelectorAll("[data-board] [data-action]")]
        .map(node => node.dataset.action),
    held: board.stillShowing({observation, legal})?.step ?? null,
})"""
DRAW_THE_SHOWDOWN = draw_alone("mole-park", SHOWDOWN_SHOWN)
# The same look, later, at the board already drawn (``observation`` and ``legal`` as drawn).
READ_THE_SHOWDOWN = f"""async ([observation, legal]) => {{
    const board = await import("/static/js/boards/mole-park.js");
    return {SHOWDOWN_SHOWN};
}}"""

# The tie, King Mole Jo's pick of Sam and the verdict, as Lee (0, tied and not picked) and Jo
# (2, King Mole) read them: said to each in the second person where it is about them.
TIE = {
    0: "You and Sam tie for the best score (4): Jo, King Mole, picks the winner",
    2: "Lee and Sam tie for the best score (4): you, King Mole, pick the winner",
}
PICK = {
    0: "Jo, King Mole, picks Sam from the tie between you and Sam",
    2: "You, King Mole, pick Sam from the tie between Lee and Sam",
}
BANNER = {
    0: "King Mole Jo picks Sam over you: Sam wins the Crown and the game.",
    2: "You, King Mole, pick Sam over Lee: Sam wins the Crown and the game.",
}
CROWN_LINE = "Sam wins King Mole's Crown!"


def watch_the_reveal_end(page: Page, observation: object, legal: list[str]) -> dict[str, object]:
    page.wait_for_function(
        """() => document.querySelector("[data-board] .mp-reveal.playing") === null"""
    )
    shown: dict[str, object] = page.evaluate(READ_THE_SHOWDOWN, [observation, legal])
    return shown


@pytest.mark.draws_only
def test_mole_parks_tied_showdown_and_king_moles_pick_are_revealed_to_every_seat(
    browser: Browser, server: LiveServer
) -> None:
    """When the Showdown was tied, King Mole's pick ended the game with no reveal of its own:
    the crown step showed last round's reveal and the Showdown's lines at once, and after the
    pick the board replayed the whole round, its one new line saying who won but not that King
    Mole chose. Now every seat sees the Showdown's dice and lines revealed, the tie (who, at what
    score, King Mole picks), then "King Mole Jo picks Sam" and the Crown light up alone, on the
    table as it stood at the pick, the result held until they have."""
    before, tied, over = tied_showdown_moments()
    names = ["Lee", "Sam", "Jo"]
    for seat in (0, 2):  # a finalist waiting, and King Mole, who picks
        page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
        draw = [before.observation(seat), legal_for(before, seat), seat, names]
        page.evaluate(DRAW_THE_SHOWDOWN, draw)

        # The tie arrives: the Showdown's reveal plays, the table as it was before the dice.
        legal = legal_for(tied, seat)
        assert bool(legal) == (seat == 2)
        shown = page.evaluate(DRAW_THE_SHOWDOWN, [tied.observation(seat), legal, seat, names])
        assert shown["title"] == "Round 8: Showdown for the Crown", shown
        assert shown["playing"] and shown["unseen"] and shown["step"] == "Rolling", shown
        assert shown["held"] == "choose" and shown["offered"] == [], shown
        assert shown["holding"] == (seat == 2), shown
        shown = watch_the_reveal_end(page, tied.observation(seat), legal)
        assert shown["lines"][-1] == TIE[seat], shown
        assert shown["tiedRows"] == [0, 1] and shown["held"] is None, shown
        assert shown["step"] == "King Mole settles the Showdown", shown
        if seat == 2:
            assert shown["offered"] == legal == ["crown 0", "crown 1"], shown
            assert "Lee and Sam are tied at 4★ in the Showdown." in str(shown["prompt"]), shown
            shoot(page, "showdown-tied-king-picks")
            page.locator('[data-board] [data-action="crown 1"]').click()
            assert page.evaluate("() => window.clicked") == ["crown 1"]
        else:
            assert shown["waiting"] == (
                "The Showdown is tied at 4★. King Mole Jo picks the winner of the Crown and"
                " the game: you or Sam."
            ), shown
            shoot(page, "showdown-tied-waiting")

        # The pick: only its line and the Crown's light up, on the table of the tie; the page
        # around the board waits for them (``stillShowing`` still gives the tie).
        shown = page.evaluate(DRAW_THE_SHOWDOWN, [over.observation(seat), [], seat, names])
        assert shown["unseen"] == [PICK[seat], CROWN_LINE], shown
        assert shown["held"] == "crown" and shown["won"] == [], shown
        # Above the board too (a phone shows the reveal's last lines below the fold).
        assert shown["banner"] == ["unseen"], shown
        assert shown["step"] == "King Mole settles the Showdown", shown
        assert shown["tiedRows"] == [0, 1], shown
        shoot(page, f"showdown-picked-playing-seat-{seat}")
        shown = watch_the_reveal_end(page, over.observation(seat), [])
        assert shown["lines"][-3:] == [TIE[seat], PICK[seat], CROWN_LINE], shown
        assert shown["held"] is None and shown["step"] == "Game over", shown
        assert shown["won"] == [1] and shown["crownedRows"] == [1], shown
        assert shown["tiedRows"] == [0] and shown["waiting"] is None, shown
        assert shown["banner"] == [BANNER[seat]], shown
        shoot(page, f"showdown-over-seat-{seat}")
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


@pytest.mark.draws_only
def test_mole_parks_king_moles_pick_is_shown_at_rest_without_motion_in_replays_and_after_the_end(
    browser: Browser, server: LiveServer
) -> None:
    """The tie and King Mole's pick are shown at once, at rest, to a person who asked for less
    motion and in a replay; a page opened after the end shows the final state at once, the
    pick with it. It used to show tied scores and a winner and nothing of the pick: the final
    observation named neither the tie's King Mole nor the finalists. The engine's lines and its
    ``showdown_tie`` now tell them, and the page draws only what they say."""
    before, tied, over = tied_showdown_moments()
    names = ["Lee", "Sam", "Jo"]
    moments = [(before, False), (tied, False), (over, False)]
    for motion, replaying in (("reduce", False), ("no-preference", True)):
        page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
        page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
        for state, _ in moments:
            legal = [] if replaying else legal_for(state, 0)
            shown = page.evaluate(
                DRAW_THE_SHOWDOWN, [state.observation(0), legal, 0, names, replaying]
            )
            assert not shown["playing"] and shown["unseen"] == [], (motion, shown)
            assert shown["animated"] == 0 and shown["held"] is None, (motion, shown)
        assert shown["lines"][-3:] == [TIE[0], PICK[0], CROWN_LINE], shown
        assert shown["won"] == [1] and shown["step"] == "Game over", shown
        assert shown["banner"] == [BANNER[0]], shown
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()

    page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
    shown = page.evaluate(DRAW_THE_SHOWDOWN, [over.observation(0), [], 0, names])
    assert not shown["playing"] and shown["unseen"] == [] and shown["held"] is None, shown
    assert shown["won"] == [1] and shown["crownedRows"] == [1], shown
    assert shown["lines"][-3:] == [TIE[0], PICK[0], CROWN_LINE], shown
    assert shown["banner"] == [BANNER[0]], shown
    assert shown["tiedRows"] == [0], shown
    assert shown["marks"] == ["tied: not picked", "King Mole's pick: wins the Crown"], shown
    shoot(page, "showdown-picked-opened-at-the-end")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.draws_only
def test_mole_parks_king_mole_losing_his_own_tie_is_told_on_a_page_opened_at_the_end(
    browser: Browser, server: LiveServer
) -> None:
    """11.7: King Mole Lee ties Sam at 4 and so loses (MP-33). A page opened at the end, or a
    replay that jumps there, used to show two equal scores and Sam crowned with no word of why;
    it now tells that Lee, as King Mole, lost his own tie."""
    over = showdown_all_miss(lee_and_sam(king=0))
    assert over.is_terminal() and over.returns() == [0.0, 1.0]
    for replaying in (False, True):
        page = open_page(browser, f"{server.url}/tables/no-such-table", viewport=LAPTOP_800)
        draw = [over.observation(0), [], 0, ["Lee", "Sam"], replaying]
        shown = page.evaluate(DRAW_THE_SHOWDOWN, draw)
        assert not shown["playing"] and shown["unseen"] == [], shown
        assert shown["lines"][-2:] == [
            "You tie for the best score (4) but, as King Mole, lose the tie",
            CROWN_LINE,
        ], shown
        assert shown["banner"] == [
            "You tied at 4★ but, as King Mole, lose the tie. Sam wins the Crown and the game."
        ], shown
        assert shown["tiedRows"] == [0] and shown["crownedRows"] == [1], shown
        assert shown["marks"] == ["tied: King Mole loses ties", "wins the Crown"], shown
        if not replaying:
            shoot(page, "showdown-king-loses-opened-at-the-end")
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


def test_before_the_start_the_board_reads_as_a_table_being_set_up(
    browser: Browser, server: LiveServer
) -> None:
    """Friends gathering at a Mole Park table read "Round 0 of 50 · Choosing King Mole" above
    the board, as if the game had begun. Before the start it says so and how long the game
    may last; once started, the rounds count as before. The seated host's hand, too, read
    "Your hand: 0 moles, 0★ (limit 5) · No moles in hand: you must whack before you win", as
    if the game were on and she behind: before the start it says how a hand fills. Every hole
    said "0 moles" and every player's card "0 moles in hand · 0★ from prizes": the holes say
    "empty", the cards only who sits there."""
    ann = open_table(browser, server, "mole-park", players=3)
    bea = open_page(browser, ann.url, viewport=PHONE)  # watching
    for page in (ann, bea):
        status = page.locator("[data-board] .mp-status")
        expect(status).to_have_text(re.compile(r"^Not started yet · up to 50 rounds"))
        expect(status).to_contain_text("King Mole is drawn at the start")
        expect(status).not_to_contain_text("Round")
        expect(page.locator("[data-board] .mp-count")).to_have_text(["empty"] * 5)
        expect(page.locator("[data-board] .mp-player")).to_have_count(3)
        expect(page.locator("[data-board] .mp-player-hand")).to_have_count(0)
        expect(page.locator("[data-board] .mp-player-stars")).to_have_count(0)
        expect(page.locator("[data-board]")).not_to_contain_text("0 moles")
    hand = ann.locator("[data-board] .mp-your-hand")
    expect(hand.locator("h3")).to_have_text("Your hand")
    expect(hand.locator("p")).to_have_text(
        "Empty at the start: the moles you whack come into it, and you keep up to 5."
    )
    fill_bots_and_start(ann)
    expect(ann.locator("[data-board] .mp-status")).to_contain_text(re.compile(r"Round \d+ of 50"))
    expect(hand.locator("h3")).to_contain_text(re.compile(r"^Your hand: \d+ moles?, \d+★"))
    expect(ann.locator("[data-board] .mp-count").first).to_have_text(re.compile(r"^\d+ moles?$"))
    expect(ann.locator("[data-board] .mp-player-hand")).to_have_count(3)
    expect(ann.locator("[data-board] .mp-player-stars")).to_have_count(3)
    for page in (ann, bea):
        assert page.errors == []  # type: ignore[attr-defined]
