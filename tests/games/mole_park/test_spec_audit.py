"""Spec audit of Mole Park against ``shared/rules/mole-park.md`` and ``shared/rules/README.md``,
written as an outside tester would: only ``molehaven.make``/``replay``, the ``Game``/``State``
public API, notation strings and the observation keys the spec suggests (section 7). Each test
names the decision (MP-n) or spec section it checks."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

import pytest

import molehaven

SLUG = "mole-park"
C = -1  # CHANCE
STANDS = ["candy", "treasures", "inflation", "plushie", "dugout", "stash"]
ALL_TAKES = {f"take {stand}" for stand in STANDS}
ILLEGAL = r"not legal|cannot|no seat"  # what an illegal action's ValueError says


# ------------------------------------------------------------------------------- helpers


def start(players: int, king: int | None = 0, **options: object) -> molehaven.State:
    state = molehaven.make(SLUG, players=players, **options).initial_state()
    if king is not None:
        state.apply(C, f"king {king}")
    return state


def moves(state: molehaven.State, text: str) -> molehaven.State:
    """Apply ``"C: deal 3, 0: glove"`` entries in order."""
    for entry in text.split(","):
        if not entry.strip():
            continue
        who, _, action = entry.partition(":")
        state.apply(C if who.strip() == "C" else int(who), action)
    return state


def deals(state: molehaven.State, values: Iterable[int]) -> None:
    for value in values:
        assert state.is_chance()
        state.apply(C, f"deal {value}")


def rolls(state: molehaven.State, faces: str) -> None:
    for face in faces.split():
        assert state.is_chance()
        state.apply(C, f"roll {face}")


def choose(state: molehaven.State, dice: str) -> None:
    for seat, die in enumerate(dice.split()):
        if die != "-":
            state.apply(seat, die)


def round_(
    state: molehaven.State, dealt: Iterable[int], faces: str, dice: str | None = None
) -> None:
    """A round without declarations; every seat plays ``glove`` unless ``dice`` says."""
    deals(state, dealt)
    players = len(state.observation(None)["seats"])
    choose(state, dice or " ".join(["glove"] * players))
    rolls(state, faces)


def legal(state: molehaven.State, seat: int) -> set[str]:
    return {str(action) for action in state.legal_actions(seat)}


def odds(state: molehaven.State) -> dict[str, float]:
    return {str(action): p for action, p in state.chance_outcomes()}


def obs(state: molehaven.State, viewer: int | None = None) -> dict:
    return state.observation(viewer)


def seat(state: molehaven.State, s: int, viewer: int | None = None) -> dict:
    return obs(state, viewer)["seats"][s]


def hand(state: molehaven.State, s: int) -> list[int]:
    return obs(state, s)["hand"]


def totals(state: molehaven.State) -> list[object]:
    return [entry["total"] for entry in obs(state)["seats"]]


def approx(mapping: dict[str, float]) -> dict[str, object]:
    return {key: pytest.approx(value) for key, value in mapping.items()}


# ------------------------------------------------------------------ section 2: data and dice


def test_mp1_player_counts() -> None:
    """MP-1: 2 to 8 players; anything else (or a non-int) raises ValueError."""
    for players in range(2, 9):
        assert molehaven.make(SLUG, players=players).initial_state().is_chance()
    for bad in (0, 1, 9, True, "3", 3.0):
        with pytest.raises(ValueError, match="players"):
            molehaven.make(SLUG, players=bad)


@pytest.mark.parametrize(
    ("die", "expected"),
    [
        ("glove", {"roll 1": 2 / 6, "roll 2": 2 / 6, "roll 3": 1 / 6, "roll x": 1 / 6}),
        ("pan", {"roll 2": 1 / 6, "roll 3": 2 / 6, "roll 4": 2 / 6, "roll x": 1 / 6}),
        ("mallet", {"roll 3": 1 / 6, "roll 4": 1 / 6, "roll 5": 2 / 6, "roll x": 2 / 6}),
    ],
)
def test_mp3_mp17_whacking_die_faces(die: str, expected: dict[str, float]) -> None:
    """MP-3, 2.2, MP-17: each whacking die's roll node, equal faces merged."""
    state = start(2)
    deals(state, [1] * 5)
    choose(state, f"{die} glove")
    assert state.is_chance() and state.to_move() == []
    assert odds(state) == approx(expected)
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(C, "roll 6")  # parses, but is illegal for a whacking die


def test_mp4_prize_die_faces_and_roll_order() -> None:
    """MP-4, MP-17 (step D): one roll node per seat in seat order, each for that seat's die;
    the prize die shows 1-6 stars, each 1/6."""
    state = start(3)
    round_(state, [1, 1, 1, 1, 1], "x 1 x")  # seat 1 takes hole 1
    deals(state, [1] * 5)
    state.apply(1, "prize")
    state.apply(2, "mallet")
    state.apply(0, "pan")
    assert odds(state) == approx(
        {"roll 2": 1 / 6, "roll 3": 2 / 6, "roll 4": 2 / 6, "roll x": 1 / 6}
    )
    state.apply(C, "roll x")
    assert odds(state) == approx({f"roll {n}": 1 / 6 for n in range(1, 7)})
    state.apply(C, "roll 6")
    assert odds(state) == approx(
        {"roll 3": 1 / 6, "roll 4": 1 / 6, "roll 5": 2 / 6, "roll x": 2 / 6}
    )


def test_mp5_mole_deck_first_deal_node() -> None:
    """MP-5, 2.3, step A: the first deal node is over 104 cards: 30, 26, 22, 16, 10."""
    state = start(4)
    assert odds(state) == approx(
        {
            "deal 1": 30 / 104,
            "deal 2": 26 / 104,
            "deal 3": 22 / 104,
            "deal 4": 16 / 104,
            "deal 5": 10 / 104,
        }
    )
    assert obs(state)["deck"] == 104
    state.apply(C, "deal 5")
    assert odds(state)["deal 5"] == pytest.approx(9 / 103)
    assert obs(state)["deck"] == 103


def test_mp5_ten_fives_only() -> None:
    """MP-5: after ten 5s are dealt no 5 is left in the deck."""
    state = start(6)  # 10 deals per round
    deals(state, [5] * 10)
    choose(state, " ".join(["glove"] * 6))
    rolls(state, "x x x x x x")
    assert state.is_chance() and "deal 5" not in odds(state)
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(C, "deal 5")


def test_section3_setup() -> None:
    """Section 3, MP-9: a `king` chance node 1/n each; empty holes, full deck, stands 1 up +
    9 down, no hands, no prizes, scores 0, returns 0."""
    for players in (2, 5, 8):
        state = start(players, king=None)
        assert state.is_chance() and not state.is_terminal() and state.to_move() == []
        assert odds(state) == approx({f"king {s}": 1 / players for s in range(players)})
        view = obs(state)
        assert view["holes"] == [0, 0, 0, 0, 0]
        assert view["deck"] == 104 and view["discard"] == 0
        assert set(view["stands"]) == set(STANDS)
        for stand in STANDS:
            assert view["stands"][stand]["face_up"] is True
            assert view["stands"][stand]["face_down"] == 9
        assert all(entry["hand_size"] == 0 for entry in view["seats"])
        assert all(entry["prizes"] == [] for entry in view["seats"])
        assert state.scores() == [0] * players
        assert state.returns() == [0.0] * players
    state = start(5, king=None)
    state.apply(C, "king 3")
    assert obs(state)["king"] == 3
    assert state.is_chance() and set(odds(state)) == {f"deal {v}" for v in range(1, 6)}


@pytest.mark.parametrize(("players", "per_round"), [(2, 5), (5, 5), (6, 10), (8, 10)])
def test_mp11_moles_per_deal(players: int, per_round: int) -> None:
    """MP-11, 2.7: 1 mole per hole with 2-5 players, 2 with 6-8; holes filled 1 → 5."""
    state = start(players)
    k = per_round // 5
    for index in range(per_round):
        assert state.is_chance() and state.to_move() == []
        state.apply(C, "deal 1")
        holes = obs(state)["holes"]
        assert sum(holes) == index + 1
        assert holes[index // k] == index % k + 1
    assert not state.is_chance()
    assert obs(state)["holes"] == [k] * 5
    assert state.to_move() == list(range(players))


# --------------------------------------------------------------------- section 8: notation


def test_section8_notation_examples_round_trip() -> None:
    """Section 8: every example text parses and prints back exactly."""
    game = molehaven.make(SLUG, players=4)
    examples = [
        "king 2",
        "deal 4",
        "declare",
        "pass",
        "mallet",
        "prize",
        "roll x",
        "roll 6",
        "draw 3",
        "discard 1",
        "order 2 0 3",
        "take treasures",
        "crown 1",
        "glove",
        "pan",
    ]
    for text in examples:
        assert str(game.parse_action(text)) == text
    for stand in STANDS:
        assert str(game.parse_action(f"take {stand}")) == f"take {stand}"
    for face in ["1", "2", "3", "4", "5", "6", "x"]:
        assert str(game.parse_action(f"roll {face}")) == f"roll {face}"
    for value in range(1, 6):
        for verb in ("deal", "draw", "discard"):
            assert str(game.parse_action(f"{verb} {value}")) == f"{verb} {value}"


def test_section8_case_and_spaces() -> None:
    """README notation: case-insensitive, any run of spaces; canonical text is lower case."""
    game = molehaven.make(SLUG, players=4)
    assert str(game.parse_action("ORDER   2  0 3")) == "order 2 0 3"
    assert str(game.parse_action("  Take   TREASURES ")) == "take treasures"
    assert str(game.parse_action("Roll X")) == "roll x"
    assert str(game.parse_action("DECLARE")) == "declare"
    assert str(game.parse_action("Crown 1")) == "crown 1"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "deal 0",
        "deal 6",
        "draw 0",
        "draw 6",
        "discard 0",
        "discard 6",
        "roll 0",
        "roll 7",
        "roll y",
        "king 4",  # seat >= n (4 players)
        "crown 4",
        "order 1",  # one seat
        "order 1 1",  # repeated seat
        "order 0 4",
        "king 01",  # leading zero
        "deal 03",
        "take nothing",
        "take",
        "declare 1",
        "glove 2",
        "whack",
        "deal",
        "deal 3 3",
        "order",
        "king -1",
        "\u212aing 0",  # Kelvin sign: not the letter k
        "king\u30000",  # ideographic space
        "deal \uff13",  # full-width digit
    ],
)
def test_section8_parser_rejects(text: str) -> None:
    """Section 8: anything outside the grammar raises ValueError saying what was expected."""
    game = molehaven.make(SLUG, players=4)
    with pytest.raises(ValueError, match=r"\w"):
        game.parse_action(text)


def test_section8_seat_range_depends_on_player_count() -> None:
    """Section 8: seats are 0..n-1 of the game's player count."""
    assert str(molehaven.make(SLUG, players=8).parse_action("order 7 6 5")) == "order 7 6 5"
    with pytest.raises(ValueError, match="seat"):
        molehaven.make(SLUG, players=2).parse_action("king 2")
    assert str(molehaven.make(SLUG, players=3).parse_action("king 2")) == "king 2"


# ------------------------------------------------------------------------ section 6: options


def test_section6_options_defaults_and_record() -> None:
    """Section 6: three options with defaults full/50/5, always listed in the record."""
    state = start(3)
    record = state.record()
    assert record["options"] == {"prize_value": "full", "round_limit": 50, "hand_limit": 5}
    assert record["format"] == 1 and record["game"] == SLUG and record["players"] == 3
    assert record["actions"] == [{"seat": -1, "action": "king 0"}]
    state = start(3, prize_value="highest", round_limit=7, hand_limit=2)
    assert state.record()["options"] == {
        "prize_value": "highest",
        "round_limit": 7,
        "hand_limit": 2,
    }
    for limit in (1, 1000):
        molehaven.make(SLUG, players=2, round_limit=limit)
    for limit in (1, 20):
        molehaven.make(SLUG, players=2, hand_limit=limit)


@pytest.mark.parametrize(
    ("options", "names"),
    [
        ({"prize_value": "half"}, ["full", "highest"]),
        ({"prize_value": 1}, ["full", "highest"]),
        ({"round_limit": 0}, ["1", "1000"]),
        ({"round_limit": 1001}, ["1", "1000"]),
        ({"round_limit": True}, ["1", "1000"]),
        ({"round_limit": 5.0}, ["1", "1000"]),
        ({"hand_limit": 0}, ["1", "20"]),
        ({"hand_limit": 21}, ["1", "20"]),
        ({"hand_limit": False}, ["1", "20"]),
        ({"hand_size": 5}, ["prize_value", "round_limit", "hand_limit"]),
    ],
)
def test_section6_bad_options(options: dict[str, object], names: list[str]) -> None:
    """Section 6: unknown option, wrong type (bool is not an int), out of range: ValueError
    naming the valid choices."""
    with pytest.raises(ValueError, match="option") as error:
        molehaven.make(SLUG, players=3, **options)
    for name in names:
        assert name in str(error.value)


# ----------------------------------------------------------- worked examples, section 11


def test_11_1_jasper_and_julian() -> None:
    """11.1 (MP-18, MP-19, MP-20, MP-28): 5 moles, 2 claimants, 2 each, 1 stays; Julian
    discards down to 5; holes of 5 flee with 3 players."""
    state = start(3)
    round_(state, [1, 3, 2, 1, 1], "x 3 x")
    assert hand(state, 1) == [2]
    round_(state, [2, 3, 1, 1, 1], "x x x")
    round_(state, [3, 3, 1, 1, 1], "x x x")
    round_(state, [4, 3, 1, 1, 1], "x x 2")
    assert hand(state, 2) == [3, 3, 3, 3]
    deals(state, [5, 1, 1, 1, 1])
    assert obs(state)["holes"] == [5, 1, 4, 5, 5]
    # nobody eligible (Julian: 0 + 20 + 6 = 26 < 40): straight to the choice
    assert state.to_move() == [0, 1, 2]
    assert all(not entry["declared"] for entry in obs(state)["seats"])
    choose(state, "glove glove glove")
    rolls(state, "x 1 1")
    assert odds(state) == approx({f"draw {v}": 0.2 for v in range(1, 6)})
    moves(state, "C: draw 2, C: draw 4")
    assert hand(state, 1) == [2, 2, 4]  # Jasper's whole share first
    moves(state, "C: draw 1, C: draw 5")
    assert hand(state, 2) == [1, 3, 3, 3, 3, 5]
    assert seat(state, 2)["hand_size"] == 6
    assert state.to_move() == [2]
    assert legal(state, 2) == {"discard 1", "discard 3", "discard 5"}
    assert legal(state, 1) == set()
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(2, "discard 2")
    state.apply(2, "discard 1")
    assert hand(state, 2) == [3, 3, 3, 3, 5]
    assert obs(state)["holes"] == [1, 1, 4, 0, 0]
    assert obs(state)["round"] == 6
    assert state.is_chance() and set(odds(state)) <= {f"deal {v}" for v in range(1, 6)}
    deals(state, [4, 1, 1, 1, 1])
    choose(state, "glove glove glove")
    rolls(state, "x 1 1")
    assert odds(state) == approx({"draw 3": 0.5, "draw 4": 0.5})


def billy_tommy_jerry() -> molehaven.State:
    state = start(3)
    for _ in range(3):
        round_(state, [5, 3, 2, 1, 1], "x x x")
    round_(state, [1, 3, 2, 1, 1], "1 2 3")
    return state


def test_11_2_billy_tommy_jerry() -> None:
    """11.2 (MP-23, MP-25, MP-26): 22 takes 15, 18 may only take 10 (the 15 below is face
    down), 11 gets nothing; restock in step H."""
    state = billy_tommy_jerry()
    assert [hand(state, s) for s in range(3)] == [[1, 5, 5, 5], [3, 3, 3, 3], [2, 2, 2, 2]]
    deals(state, [1, 1, 1, 1, 1])
    assert state.to_move() == [0, 1, 2]  # nobody eligible: 0 + 20 + 6 = 26
    choose(state, "prize prize prize")
    rolls(state, "6 6 3")
    assert totals(state) == [22, 18, 11]
    assert [seat(state, s)["laid_down"] for s in range(3)] == [
        [1, 5, 5, 5],
        [3, 3, 3, 3],
        [2, 2, 2, 2],
    ]
    assert state.to_move() == [0]
    assert legal(state, 0) == {"take candy", "take treasures", "take inflation"}
    state.apply(0, "take treasures")
    view = obs(state)
    assert view["stands"]["treasures"]["face_up"] is False
    assert view["stands"]["treasures"]["face_down"] == 9
    assert state.to_move() == [1]
    assert legal(state, 1) == {"take candy"}
    state.apply(1, "take candy")
    assert state.is_chance() and obs(state)["round"] == 6
    view = obs(state)
    assert view["holes"] == [1, 1, 1, 0, 0]
    for stand in ("candy", "treasures"):
        assert view["stands"][stand]["face_up"] is True
        assert view["stands"][stand]["face_down"] == 8
    assert view["stands"]["inflation"]["face_down"] == 9
    assert state.scores() == [15, 10, 0]
    assert [entry["prizes"] for entry in view["seats"]] == [["treasures"], ["candy"], []]
    assert [entry["prize_stars"] for entry in view["seats"]] == [15, 10, 0]
    assert view["scores"] == [15, 10, 0]
    deals(state, [1, 1, 1, 1, 1])
    for s in range(3):
        assert legal(state, s) == {"glove", "pan", "mallet"}


def lee_and_sam_round_6(
    *,
    king: int = 0,
    players: int = 2,
    hole_one: int = 5,
    prize_value: str = "full",
    round_limit: int = 50,
) -> molehaven.State:
    """11.3 up to the end of round 6: Lee holds the Dugout, Sam Plushie Paradise."""
    state = start(players, king=king, prize_value=prize_value, round_limit=round_limit)
    extra = " x" * (players - 2)
    for _ in range(4):
        round_(state, [5, 4, 1, 1, 1], "x x" + extra)
    assert obs(state)["holes"] == [4, 4, 4, 4, 4]
    round_(state, [4, 4, 1, 1, 1], "1 2" + extra)
    assert hand(state, 0) == [4, 5, 5, 5, 5] and hand(state, 1) == [4, 4, 4, 4, 4]
    assert obs(state)["holes"] == [0, 0, 0, 0, 0]  # holes 3-5 fled
    round_(state, [hole_one, 5, 1, 1, 1], "6 5" + extra, "prize prize" + " glove" * (players - 2))
    assert totals(state)[:2] == [30, 25]
    moves(state, "0: take dugout, 1: take plushie")
    assert state.scores()[:2] == [30, 25]
    return state


def lee_and_sam(
    *,
    king: int = 0,
    players: int = 2,
    hole_one: int = 5,
    prize_value: str = "full",
    round_limit: int = 50,
) -> molehaven.State:
    """11.3 up to the deal of round 8 (seats 2+ always glove, roll x)."""
    state = lee_and_sam_round_6(
        king=king,
        players=players,
        hole_one=hole_one,
        prize_value=prize_value,
        round_limit=round_limit,
    )
    extra = " x" * (players - 2)
    round_(state, [hole_one, 5, 1, 1, 1], "1 2" + extra)
    deals(state, [2, 2, 2, 2, 2])
    return state


def test_11_3_lee_and_sam_showdown() -> None:
    """11.3 (MP-22, MP-29 … MP-34): both declarers reach 40; Showdown: holes cleared, prizes
    returned, 2 per hole, 3 dice on 2 moles give nothing, Sam wins 14 to 3."""
    state = lee_and_sam()
    assert hand(state, 0) == [5, 5] and hand(state, 1) == [5, 5]
    assert sum(obs(state)["holes"]) == 11
    assert state.to_move() == [0] and legal(state, 0) == {"declare", "pass"}
    state.apply(0, "declare")
    assert state.to_move() == [1] and legal(state, 1) == {"declare", "pass"}
    state.apply(1, "declare")
    assert state.is_chance()  # step C skipped
    assert [entry["declared"] for entry in obs(state)["seats"]] == [True, True]
    assert [entry["die"] for entry in obs(state)["seats"]] == ["prize", "prize"]
    state.apply(C, "roll 1")
    state.apply(C, "roll 5")
    assert totals(state)[:2] == [41, 40]
    assert obs(state)["holes"] == [0, 0, 0, 0, 0]
    assert state.scores() == [0, 0]
    assert state.returns() == [0.0, 0.0]
    assert [entry["prizes"] for entry in obs(state)["seats"]] == [[], []]
    assert odds(state)["deal 3"] > 0  # S2: the Showdown deal
    deals(state, [3, 3, 3, 3, 3, 3, 4, 4, 2, 2])
    assert obs(state)["holes"] == [2, 2, 2, 2, 2]
    # S3: per competitor glove, pan, mallet, prize
    glove = {"roll 1", "roll 2", "roll 3", "roll x"}
    assert set(odds(state)) == glove
    state.apply(C, "roll 2")
    assert set(odds(state)) == {"roll 2", "roll 3", "roll 4", "roll x"}
    state.apply(C, "roll 2")
    assert set(odds(state)) == {"roll 3", "roll 4", "roll 5", "roll x"}
    state.apply(C, "roll x")
    assert set(odds(state)) == {f"roll {n}" for n in range(1, 7)}
    state.apply(C, "roll 3")
    rolls(state, "2 4 5 2")
    assert state.is_terminal() and state.to_move() == []
    assert obs(state)["holes"] == [2, 2, 2, 0, 0]
    assert state.returns() == [0.0, 1.0]
    assert state.scores() == [0, 40]
    assert obs(state)["king"] == 1  # MP-34
    assert obs(state)["scores"] == [0, 40]
    assert legal(state, 0) == set() and legal(state, 1) == set()


def test_11_3_highest_scores() -> None:
    """11.3 with prize_value="highest" (MP-36): the crown winner scores 40."""
    state = lee_and_sam(prize_value="highest")
    moves(state, "0: declare, 1: declare, C: roll 1, C: roll 5")
    deals(state, [3, 3, 3, 3, 3, 3, 4, 4, 2, 2])
    rolls(state, "2 2 x 3 2 4 5 2")
    assert state.scores() == [0, 40]


@pytest.mark.parametrize(("prize_value", "scores"), [("full", [30, 60]), ("highest", [30, 35])])
def test_11_4_crown_declared_and_missed(prize_value: str, scores: list[int]) -> None:
    """11.4 (MP-13, MP-14, MP-22, MP-26): Lee declares with {1,1}, reaches 38 and gets
    nothing; Sam (36) drafts from all six stands; the game goes on."""
    state = lee_and_sam(hole_one=1, prize_value=prize_value)
    assert hand(state, 0) == [1, 1]
    moves(state, "0: declare, 1: pass")
    assert state.to_move() == [1] and legal(state, 1) == {"glove", "pan", "mallet", "prize"}
    moves(state, "1: prize, C: roll 6, C: roll 1")
    assert totals(state)[:2] == [38, 36]
    assert seat(state, 0)["laid_down"] == [1, 1]
    assert state.to_move() == [1]
    assert legal(state, 1) == ALL_TAKES
    state.apply(1, "take stash")
    assert not state.is_terminal()
    assert state.is_chance() and obs(state)["round"] == 9
    assert state.scores() == scores
    assert [entry["prize_stars"] for entry in obs(state)["seats"]] == scores  # MP-8
    assert state.returns() == [0.0, 0.0]
    assert hand(state, 0) == [] and seat(state, 0)["prizes"] == ["dugout"]
    assert seat(state, 1)["prizes"] == ["plushie", "stash"]
    deals(state, [1, 1, 1, 1, 1])
    assert legal(state, 0) == {"glove", "pan", "mallet"}


def test_11_5_response_pass() -> None:
    """11.5 (MP-14, MP-15): Lee passes, Sam declares, Lee answers again; then Lee alone
    chooses in step C."""
    state = lee_and_sam()
    state.apply(0, "pass")
    assert state.to_move() == [1]
    state.apply(1, "declare")
    assert state.to_move() == [0] and legal(state, 0) == {"declare", "pass"}
    state.apply(0, "pass")
    assert state.to_move() == [0]
    assert legal(state, 0) == {"glove", "pan", "mallet", "prize"}
    assert legal(state, 1) == set()
    assert seat(state, 1, viewer=0)["die"] == "prize"
    assert seat(state, 1, viewer=None)["declared"] is True


def tied_at_fifteen() -> molehaven.State:
    state = start(3)
    for _ in range(3):
        round_(state, [3, 3, 3, 1, 1], "x x x")
    round_(state, [3, 3, 3, 1, 1], "3 1 2")
    assert [hand(state, s) for s in range(3)] == [[3, 3, 3, 3]] * 3
    deals(state, [1, 1, 1, 1, 1])
    return state


def test_11_6_tie_of_two_others() -> None:
    """11.6 first case (MP-24): King Mole orders seats 1 and 2."""
    state = tied_at_fifteen()
    choose(state, "glove prize prize")
    rolls(state, "x 3 3")
    assert totals(state)[1:] == [15, 15]
    assert state.to_move() == [0]
    assert legal(state, 0) == {"order 1 2", "order 2 1"}
    state.apply(0, "order 2 1")
    assert state.to_move() == [2] and legal(state, 2) == {"take candy", "take treasures"}
    state.apply(2, "take treasures")
    assert state.to_move() == [1] and legal(state, 1) == {"take candy"}
    state.apply(1, "take candy")
    assert state.scores() == [0, 10, 15]


def test_11_6_king_in_a_tie_of_three() -> None:
    """11.6 second case (MP-24): the King orders the other two and picks last; nothing is
    left for him."""
    state = tied_at_fifteen()
    choose(state, "prize prize prize")
    rolls(state, "3 3 3")
    assert totals(state) == [15, 15, 15]
    assert state.to_move() == [0] and legal(state, 0) == {"order 1 2", "order 2 1"}
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(0, "order 0 1")
    state.apply(0, "order 1 2")
    moves(state, "1: take treasures")
    assert state.to_move() == [2] and legal(state, 2) == {"take candy"}
    state.apply(2, "take candy")
    assert state.is_chance()  # the King has nothing eligible: skipped
    assert state.scores() == [0, 15, 10]


def test_11_6_king_and_one_other() -> None:
    """11.6 third case (MP-24): the King and one other tie: no decision, the other first."""
    state = tied_at_fifteen()
    choose(state, "prize prize glove")
    rolls(state, "3 3 x")
    assert state.to_move() == [1]
    assert legal(state, 1) == {"take candy", "take treasures"}
    assert legal(state, 0) == set()
    state.apply(1, "take candy")
    assert state.to_move() == [0] and legal(state, 0) == {"take treasures"}
    state.apply(0, "take treasures")
    assert state.scores() == [15, 10, 0]


def showdown_four_all(state: molehaven.State) -> None:
    """From the 11.3 Showdown deal: every whacking die misses, both prize dice show 4."""
    deals(state, [3, 3, 3, 3, 3, 3, 4, 4, 2, 2])
    rolls(state, "x x x 4 x x x 4")


def test_11_7_showdown_tie_king_loses() -> None:
    """11.7 (MP-33): King Mole (Lee) is in the tie and loses."""
    state = lee_and_sam()
    moves(state, "0: declare, 1: declare, C: roll 1, C: roll 5")
    showdown_four_all(state)
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0]


def test_11_7_showdown_tie_other_king() -> None:
    """11.7 (MP-14, MP-33): with `king 1` Sam opens the declarations and, in the tie, loses."""
    state = lee_and_sam(king=1)
    assert state.to_move() == [1]
    moves(state, "1: declare")
    assert state.to_move() == [0]
    moves(state, "0: declare, C: roll 1, C: roll 5")
    showdown_four_all(state)
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert state.scores() == [40, 0]


def test_11_7_showdown_tie_king_outside_decides() -> None:
    """11.7 (MP-33): a 3-player tie decided by a King Mole who did not compete."""
    state = lee_and_sam(king=2, players=3)
    assert state.to_move() == [0]  # seat 2 (King) holds no mole: not eligible
    moves(state, "0: declare, 1: declare")
    assert state.to_move() == [2] and legal(state, 2) == {"glove", "pan", "mallet"}
    moves(state, "2: glove, C: roll 1, C: roll 5, C: roll x")
    showdown_four_all(state)
    assert not state.is_terminal()
    assert state.to_move() == [2]
    assert legal(state, 2) == {"crown 0", "crown 1"}
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(2, "crown 2")
    state.apply(2, "crown 0")
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.scores() == [40, 0, 0]
    assert obs(state)["king"] == 0  # MP-34


def test_11_8_deck_exhaustion_with_eight_players() -> None:
    """11.8 (MP-11, MP-12): after 104 deals the discard pile {3,5} becomes the deck; when
    both are empty the rest of the deal is skipped."""
    state = start(8)
    order = [5, 3] + [1] * 30 + [2] * 26 + [3] * 21 + [4] * 16 + [5] * 9
    assert len(order) == 104
    misses = " x" * 7
    round_(state, order[:10], "1" + misses)
    assert hand(state, 0) == [3, 5]
    round_(state, order[10:20], "1" + misses, "prize" + " glove" * 7)
    assert state.scores() == [0] * 8  # 5 + 3 + 1 = 9 < 10: no prize
    assert hand(state, 0) == []
    assert obs(state)["discard"] == 2
    for r in range(3, 11):
        round_(state, order[(r - 1) * 10 : r * 10], "x" + misses)
    assert obs(state)["deck"] == 4
    deals(state, order[100:])
    # the 5th card must be dealt: the discard pile {3,5} has become the deck
    assert obs(state)["deck"] == 2 and obs(state)["discard"] == 0
    assert odds(state) == approx({"deal 3": 0.5, "deal 5": 0.5})
    state.apply(C, "deal 3")
    assert odds(state) == {"deal 5": 1.0}
    state.apply(C, "deal 5")
    assert not state.is_chance()
    assert state.to_move() == list(range(8))
    view = obs(state)
    assert view["deck"] == 0 and view["discard"] == 0
    assert sum(view["holes"]) == 104  # every mole is in a hole


def test_11_9_flee_three_players() -> None:
    """11.9 (MP-28): with 3 players five-mole holes flee; a share of 0 gives no draw node."""
    state = start(3)
    for _ in range(4):
        round_(state, [1, 1, 1, 1, 1], "x x x")
    assert obs(state)["holes"] == [4] * 5
    round_(state, [1, 1, 1, 1, 1], "x x x")
    assert obs(state)["holes"] == [0] * 5
    assert obs(state)["discard"] == 25
    round_(state, [2, 1, 1, 1, 1], "1 1 x")
    assert state.is_chance() and set(odds(state)) <= {f"deal {v}" for v in range(1, 6)}
    assert obs(state)["round"] == 7
    assert obs(state)["holes"] == [1, 1, 1, 1, 1]


def test_11_9_no_flee_four_players() -> None:
    """11.9 (MP-28): with 4 players holes keep 5; 6 moles for two claimants: draws."""
    state = start(4)
    for _ in range(5):
        round_(state, [1, 1, 1, 1, 1], "x x x x")
    assert obs(state)["holes"] == [5] * 5
    round_(state, [2, 1, 1, 1, 1], "1 1 x x")
    assert odds(state) == approx({"draw 1": 5 / 6, "draw 2": 1 / 6})
    moves(state, "C: draw 2, C: draw 1, C: draw 1, C: draw 1, C: draw 1")
    assert odds(state) == {"draw 1": 1.0}  # a single outcome still occurs (MP-19)
    state.apply(C, "draw 1")
    assert hand(state, 0) == [1, 1, 2] and hand(state, 1) == [1, 1, 1]
    assert obs(state)["holes"] == [0, 6, 6, 6, 6]


# ---------------------------------------------------------- decisions not in the examples


def test_mp13_eligibility_boundary() -> None:
    """MP-13: eligible iff a mole in hand and prize_stars + 5 × hand + 6 ≥ 40: Lee with the
    Dugout and one mole (41) is asked; Sam with Plushie Paradise and one mole (36) is not."""
    state = lee_and_sam_round_6()
    deals(state, [5, 5, 1, 1, 1])
    choose(state, "glove glove")
    rolls(state, "1 1")  # both share hole 1 {5,5}: one each
    moves(state, "C: draw 5, C: draw 5")
    assert hand(state, 0) == [5] and hand(state, 1) == [5]
    deals(state, [2, 2, 2, 2, 2])
    assert state.to_move() == [0] and legal(state, 0) == {"declare", "pass"}
    state.apply(0, "pass")
    assert state.to_move() == [0, 1]  # Sam was never asked
    assert legal(state, 1) == {"glove", "pan", "mallet", "prize"}


def test_mp13_no_mole_no_declaration() -> None:
    """MP-13: big prizes but no mole in hand: not asked (Lee in round 8 of 11.3 variant)."""
    state = start(2)
    for _ in range(4):
        round_(state, [5, 4, 1, 1, 1], "x x")
    round_(state, [4, 4, 1, 1, 1], "1 2")
    round_(state, [5, 5, 1, 1, 1], "6 5", "prize prize")
    moves(state, "0: take dugout, 1: take plushie")
    deals(state, [5, 5, 1, 1, 1])
    # round 7: both hold no mole; 30 + 0 + 6 would not count anyway
    assert state.to_move() == [0, 1]
    assert legal(state, 0) == {"glove", "pan", "mallet"}


def test_mp14_opening_pass_from_king_wraps() -> None:
    """MP-14: the opening pass starts at King Mole and goes left, wrapping; all pass: no
    declaration, step C."""
    state = lee_and_sam(king=1)
    assert state.to_move() == [1]
    state.apply(1, "pass")
    assert state.to_move() == [0]
    state.apply(0, "pass")
    assert state.to_move() == [0, 1]
    assert legal(state, 0) == {"glove", "pan", "mallet", "prize"}
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(0, "declare")


def test_mp16_simultaneous_choice_secret() -> None:
    """MP-16, README simultaneous choices: all choosers in to_move; others see only
    'chosen'/'not yet' until the last choice; then all public; no change of mind."""
    state = start(3)
    round_(state, [1, 1, 1, 1, 1], "1 x x")
    deals(state, [1, 1, 1, 1, 1])
    assert state.to_move() == [0, 1, 2]
    assert [entry["die"] for entry in obs(state)["seats"]] == ["not yet"] * 3
    state.apply(2, "mallet")
    assert state.to_move() == [0, 1]
    assert seat(state, 2, viewer=2)["die"] == "mallet"
    assert seat(state, 2, viewer=0)["die"] == "chosen"
    assert seat(state, 2, viewer=None)["die"] == "chosen"
    assert seat(state, 0, viewer=2)["die"] == "not yet"
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(2, "glove")  # cannot change its choice
    assert legal(state, 2) == set()
    # the other seats' views do not depend on which die seat 2 chose
    other = start(3)
    round_(other, [1, 1, 1, 1, 1], "1 x x")
    deals(other, [1, 1, 1, 1, 1])
    other.apply(2, "glove")
    for viewer in (None, 0, 1):
        assert obs(other, viewer) == obs(state, viewer)
    assert obs(other, 2) != obs(state, 2)
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(1, "prize")  # no mole in hand
    state.apply(0, "prize")
    assert seat(state, 0, viewer=1)["die"] == "chosen"
    state.apply(1, "pan")
    assert state.is_chance()
    assert [entry["die"] for entry in obs(state, None)["seats"]] == ["prize", "pan", "mallet"]


def test_mp19_showdown_claimant_order() -> None:
    """MP-19, MP-31, S4: in the Showdown every die is a claimant, ordered by seat then glove,
    pan, mallet; each takes its whole share; whacked moles are public."""
    state = lee_and_sam()
    moves(state, "0: declare, 1: declare, C: roll 1, C: roll 5")
    deals(state, [1, 1, 2, 2, 3, 5, 4, 4, 2, 2])  # holes {1,1} {2,2} {3,5} {4,4} {2,2}
    # Lee: glove 2, pan 3, mallet x, prize 1; Sam: glove 3, pan 2, mallet x, prize 1.
    rolls(state, "2 3 x 1 3 2 x 1")
    # hole 2 {2,2}: Lee's glove, then Sam's pan, one each; hole 3 {3,5}: Lee's pan first
    assert odds(state) == {"draw 2": 1.0}
    before = obs(state, None)
    state.apply(C, "draw 2")
    state.apply(C, "draw 2")
    assert odds(state) == approx({"draw 3": 0.5, "draw 5": 0.5})
    a, b = state.clone(), state.clone()
    a.apply(C, "draw 3")
    b.apply(C, "draw 5")
    assert obs(a, None) != obs(b, None)  # Showdown moles are public
    assert before != obs(state, None)
    a.apply(C, "draw 5")  # Sam's share
    b.apply(C, "draw 3")
    assert a.is_terminal() and b.is_terminal()
    # Lee 2 + 3 + 1 = 6, Sam 2 + 5 + 1 = 8 in a; Lee 2 + 5 + 1 = 8, Sam 2 + 3 + 1 = 6 in b
    assert a.returns() == [0.0, 1.0]
    assert b.returns() == [1.0, 0.0]
    assert b.scores() == [40, 0]


def test_mp20_hand_limit_option_any_order() -> None:
    """MP-20, step F: hand_limit=1; two seats over the limit discard in any order, one card
    per action, until exactly the limit; others see only that a mole was discarded."""
    state = start(3, hand_limit=1)
    round_(state, [1, 1, 4, 1, 1], "x x x")
    deals(state, [2, 1, 5, 1, 1])
    choose(state, "glove pan glove")
    rolls(state, "1 3 x")  # seat 0 hole 1 {1,2}; seat 1 hole 3 {4,5}
    assert state.to_move() == [0, 1]
    assert legal(state, 1) == {"discard 4", "discard 5"}
    a, b = state.clone(), state.clone()
    a.apply(1, "discard 4")
    b.apply(1, "discard 5")
    for viewer in (None, 0, 2):
        assert obs(a, viewer) == obs(b, viewer)
    assert obs(a, 1) != obs(b, 1)
    assert a.to_move() == [0]
    a.apply(0, "discard 2")
    assert hand(a, 0) == [1] and hand(a, 1) == [5]
    assert obs(a)["discard"] == 2
    assert a.is_chance()


def test_mp21_mp22_one_declarer_succeeds() -> None:
    """MP-21, MP-22: one declarer reaches 40: the game ends at once, no prize is taken by
    the other prize roller, even with a big total."""
    state = lee_and_sam()
    moves(state, "0: declare, 1: pass, 1: prize, C: roll 1, C: roll 6")
    assert totals(state)[:2] == [41, 41]
    assert state.is_terminal()
    assert state.returns() == [1.0, 0.0]
    assert state.scores() == [70, 25]
    assert obs(state)["king"] == 0


def test_mp22_non_declarer_cannot_win_crown() -> None:
    """MP-22: a non-declarer reaching 40 only drafts a prize; the game goes on."""
    state = lee_and_sam()
    moves(state, "0: pass, 1: pass, 0: prize, 1: prize, C: roll 6, C: roll 6")
    assert totals(state)[:2] == [46, 41]
    assert not state.is_terminal()
    assert state.to_move() == [0] and legal(state, 0) == ALL_TAKES
    state.apply(0, "take stash")
    assert state.to_move() == [1]
    assert legal(state, 1) == ALL_TAKES - {"take stash"}
    state.apply(1, "take dugout")
    assert state.scores() == [65, 55]
    assert state.returns() == [0.0, 0.0]


def test_mp22_declarers_both_fail_no_draft_for_them() -> None:
    """MP-22: failed declarers take nothing; nobody else rolled the prize die."""
    state = lee_and_sam(hole_one=1)
    moves(state, "0: declare, 1: declare, C: roll 1, C: roll 1")
    # totals 2 + 30 + 1 = 33 and 10 + 25 + 1 = 36: both fail; the round ends at once
    assert not state.is_terminal()
    assert state.is_chance() and obs(state)["round"] == 9
    assert obs(state)["discard"] >= 4
    assert state.scores() == [30, 25]
    assert hand(state, 0) == [] and hand(state, 1) == []


def test_mp25_must_take_no_pass() -> None:
    """MP-25: a picker with an eligible prize has only `take` actions; `pass` is illegal."""
    state = billy_tommy_jerry()
    deals(state, [1, 1, 1, 1, 1])
    choose(state, "prize prize prize")
    rolls(state, "6 6 3")
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(0, "pass")
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(0, "take dugout")  # 30 > 22
    with pytest.raises(ValueError, match=ILLEGAL):
        state.apply(1, "take candy")  # not seat 1's turn yet


def deal_high(state: molehaven.State) -> None:
    """Deal the highest value left until the deal ends."""
    while state.is_chance():
        best = max(odds(state), key=lambda text: int(text.split()[1]))
        assert best.startswith("deal ")
        state.apply(C, best)


def test_mp26_mp27_stand_runs_out() -> None:
    """MP-26, MP-27: a taken stand restocks in step H; after its 10th card it stays empty."""
    state = start(2, round_limit=60)
    for taken in range(1, 11):
        deal_high(state)
        choose(state, "glove glove")
        rolls(state, "1 x")  # seat 0 takes hole 1
        deal_high(state)
        if state.to_move() == [0] and "pass" in legal(state, 0):
            state.apply(0, "pass")  # eligible once it holds 3 prizes
        choose(state, "prize glove")
        rolls(state, "6 x")
        assert "take candy" in legal(state, 0)
        state.apply(0, "take candy")
        candy = obs(state)["stands"]["candy"]
        assert candy["face_up"] is (taken < 10)
        assert candy["face_down"] == max(9 - taken, 0)
    assert seat(state, 0)["prizes"] == ["candy"] * 10
    assert state.scores()[0] == 100
    # a total of 10-14 can take nothing any more
    deal_high(state)
    choose(state, "glove glove")
    rolls(state, "1 x")
    deal_high(state)
    state.apply(0, "pass")
    choose(state, "prize glove")
    rolls(state, "1 x")
    assert state.to_move() == [0]
    assert "take candy" not in legal(state, 0)


def test_mp35_round_limit_everybody_shares() -> None:
    """MP-35, section 9: round_limit=1 ends after round 1; all scores 0: all share."""
    state = start(4, round_limit=1)
    assert state.returns() == [0.0] * 4
    round_(state, [1, 1, 1, 1, 1], "x x x x")
    assert state.is_terminal() and state.to_move() == []
    assert state.returns() == [0.25] * 4
    assert state.scores() == [0] * 4


def test_mp35_round_limit_best_score_wins() -> None:
    """MP-35: the seats with the highest scores() win (here one seat)."""
    state = start(3, round_limit=2)
    round_(state, [5, 5, 1, 1, 1], "1 2 x")
    round_(state, [1, 1, 1, 1, 1], "6 1 x", "prize prize glove")  # 11 and 6
    state.apply(0, "take candy")
    assert state.is_terminal()
    assert state.scores() == [10, 0, 0]
    assert state.returns() == [1.0, 0.0, 0.0]


def test_mp35_round_limit_tie_shares() -> None:
    """MP-35: two seats tied on the best score share the win."""
    state = start(3, round_limit=3)
    round_(state, [5, 5, 1, 1, 1], "1 2 x")
    round_(state, [1, 1, 1, 1, 1], "6 x x", "prize glove glove")  # 11
    state.apply(0, "take candy")
    round_(state, [1, 1, 1, 1, 1], "x 6 x", "glove prize glove")  # 11
    assert state.to_move() == [1] and legal(state, 1) == {"take candy"}
    state.apply(1, "take candy")
    assert state.is_terminal()
    assert state.scores() == [10, 10, 0]
    assert state.returns() == [0.5, 0.5, 0.0]


def test_mp24_no_order_when_nothing_is_eligible() -> None:
    """MP-24, MP-25: a tie of two non-King seats below 10 gets nothing and no decision."""
    state = start(3)
    round_(state, [1, 1, 1, 1, 1], "x 1 2")
    round_(state, [1, 1, 1, 1, 1], "x 3 3", "glove prize prize")
    # totals 1 + 3 = 4 each: the round ends without any decision
    assert state.is_chance() and obs(state)["round"] == 3
    assert state.scores() == [0, 0, 0]


def test_mp38_idle_seats_have_nothing() -> None:
    """MP-38: a seat not in to_move() has no legal actions; its action raises ValueError and
    leaves the state unchanged; chance cannot act at a seat decision."""
    state = lee_and_sam()
    before = obs(state, 0)
    record = state.record()
    assert legal(state, 1) == set()
    for seat_, text in [(1, "declare"), (1, "glove"), (0, "glove"), (C, "deal 1"), (5, "pass")]:
        with pytest.raises(ValueError, match=ILLEGAL):
            state.apply(seat_, text)
    assert obs(state, 0) == before and state.record() == record


def test_section7_hidden_deal_values() -> None:
    """Section 7, MP-40: values dealt into holes are seen by nobody."""
    a, b = start(3), start(3)
    deals(a, [1, 2, 3, 4, 5])
    deals(b, [5, 4, 3, 2, 1])
    for viewer in (None, 0, 1, 2):
        assert obs(a, viewer) == obs(b, viewer)


def test_section7_hand_values_owner_only() -> None:
    """Section 7: a hand's values are seen by its owner only; a split card too."""
    a, b = start(3), start(3)
    for state, value in ((a, 2), (b, 5)):
        round_(state, [value, 1, 1, 1, 1], "1 x x")
    assert hand(a, 0) == [2] and hand(b, 0) == [5]
    for viewer in (None, 1, 2):
        assert obs(a, viewer) == obs(b, viewer)
        assert seat(a, 0, viewer)["hand_size"] == 1
    assert "hand" not in obs(a, None)


def test_section7_split_draw_hidden_from_others() -> None:
    """Section 7: `draw v` is seen by the receiver only."""
    state = start(3)
    round_(state, [1, 1, 1, 1, 1], "x x x")
    deals(state, [5, 1, 1, 1, 1])
    choose(state, "glove glove glove")
    rolls(state, "x 1 1")
    a, b = state.clone(), state.clone()
    a.apply(C, "draw 1")
    b.apply(C, "draw 5")
    for viewer in (None, 0, 2):
        assert obs(a, viewer) == obs(b, viewer)
    assert hand(a, 1) == [1] and hand(b, 1) == [5]


def test_section7_public_information() -> None:
    """Section 7: rolls, laid-down moles, totals, prizes and stands are public."""
    state = billy_tommy_jerry()
    deals(state, [1, 1, 1, 1, 1])
    choose(state, "prize prize prize")
    rolls(state, "6 6 3")
    spectator = obs(state, None)
    assert [entry["roll"] for entry in spectator["seats"]] == ["6", "6", "3"]
    assert [entry["total"] for entry in spectator["seats"]] == [22, 18, 11]
    assert spectator["seats"][0]["laid_down"] == [1, 5, 5, 5]
    assert spectator["king"] == 0 and spectator["round"] == 5
    assert spectator["round_limit"] == 50
    assert spectator["to_move"] == [0]


def test_readme_records_replay() -> None:
    """README records: chance outcomes carry seat -1; replay gives the same state; an
    illegal action is reported with its index and text."""
    state = lee_and_sam(hole_one=1)
    moves(state, "0: declare, 1: pass, 1: prize, C: roll 6, C: roll 1, 1: take stash")
    record = json.loads(json.dumps(state.record()))
    assert record["actions"][0] == {"seat": -1, "action": "king 0"}
    assert {"seat": 1, "action": "take stash"} in record["actions"]
    copy = molehaven.replay(record)
    for viewer in (None, 0, 1):
        assert obs(copy, viewer) == obs(state, viewer)
    assert copy.scores() == state.scores()
    broken = dict(record, actions=[*record["actions"][:3], {"seat": 0, "action": "take stash"}])
    with pytest.raises(ValueError, match="3") as error:
        molehaven.replay(broken)
    assert "take stash" in str(error.value)
    garbled = dict(record, actions=[*record["actions"][:5], {"seat": -1, "action": "deal 9"}])
    with pytest.raises(ValueError, match="5") as error:
        molehaven.replay(garbled)
    assert "deal 9" in str(error.value)


def test_section9_10_random_play_bound_and_returns() -> None:
    """Sections 9, 10: random games end within 71·R + 114 actions; returns are 0 until the
    end, then sum to 1; scores are shown in observations."""
    for players, seed in ((2, 1), (3, 2), (8, 3)):
        rng = random.Random(seed)
        game = molehaven.make(SLUG, players=players, round_limit=12)
        state = game.initial_state()
        bound = 71 * 12 + 114
        steps = 0
        while not state.is_terminal():
            assert state.returns() == [0.0] * players
            if state.is_chance():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                assert sum(weights) == pytest.approx(1.0)
                state.apply(C, rng.choices(actions, weights)[0])
            else:
                who = state.to_move()
                assert who == sorted(who) and who
                current = rng.choice(who)
                state.apply(current, rng.choice(state.legal_actions(current)))
            steps += 1
            assert steps <= bound
        assert sum(state.returns()) == pytest.approx(1.0)
        assert obs(state)["scores"] == state.scores()


def test_mp35_crown_round_at_the_limit_is_finished() -> None:
    """MP-35: a crown round in the last round that leads to a Showdown is played out."""
    state = lee_and_sam(round_limit=8)
    moves(state, "0: declare, 1: declare, C: roll 1, C: roll 5")
    assert not state.is_terminal() and state.is_chance()
    deals(state, [3, 3, 3, 3, 3, 3, 4, 4, 2, 2])
    rolls(state, "2 2 x 3 2 4 5 2")
    assert state.is_terminal()
    assert state.returns() == [0.0, 1.0] and state.scores() == [0, 40]


def test_mp35_limit_after_failed_crown_round() -> None:
    """MP-35: 11.4 in the last round: the best score (Sam, 60) wins alone."""
    state = lee_and_sam(hole_one=1, round_limit=8)
    moves(state, "0: declare, 1: pass, 1: prize, C: roll 6, C: roll 1, 1: take stash")
    assert state.is_terminal()
    assert state.scores() == [30, 60]
    assert state.returns() == [0.0, 1.0]


def test_mp29_showdown_deal_hidden_until_whacked() -> None:
    """Section 7, MP-29: Showdown deal values are seen by nobody until whacked."""
    a, b = lee_and_sam(), lee_and_sam()
    for state in (a, b):
        moves(state, "0: declare, 1: declare, C: roll 1, C: roll 5")
    deals(a, [1, 1, 1, 1, 2, 2, 3, 3, 4, 4])
    deals(b, [4, 4, 3, 3, 2, 2, 1, 1, 1, 1])
    for viewer in (None, 0, 1):
        assert obs(a, viewer) == obs(b, viewer)


def test_mp31_showdown_no_hand_limit() -> None:
    """MP-31, S4-S5: a competitor may whack six moles in the Showdown: no hand limit, no
    discard; its total is those moles + the prize die."""
    state = lee_and_sam()
    moves(state, "0: declare, 1: declare, C: roll 1, C: roll 5")
    deals(state, [1, 1, 1, 1, 2, 2, 3, 3, 4, 4])
    rolls(state, "x x x 6 3 4 5 1")  # Lee 6; Sam holes 3, 4, 5: 2+2+3+3+4+4 + 1 = 19
    assert state.is_terminal() and state.to_move() == []
    assert state.returns() == [0.0, 1.0]
    assert obs(state)["holes"] == [2, 2, 0, 0, 0]
