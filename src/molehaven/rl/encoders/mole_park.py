"""Mole Park observation tensor (a seat's own hand; others' hands and dice choices hidden).

Layout for ``n`` seats: ``me`` (n), ``step`` (one-hot over the rules' steps), ``king`` (n),
``round`` (/round_limit), ``holes`` (5 sizes /20), ``deck`` and ``discard`` (/104),
``stands`` (6 × [face up, face-down count /10]), ``hand`` (own moles by value 1-5, /10), then
per seat: ``hand_sizes`` (/10), ``prize_stars`` (/100), ``prizes`` (n × 6 stands),
``may_declare``, ``declared`` (n each), ``die`` (n × [glove, pan, mallet, prize, chosen,
not yet]), ``roll`` (n × [x, 1-6]), ``laid_down`` (n × 5 values /10), ``total`` (/60),
``last_die`` and ``last_roll`` (the previous round's public dice, n × 4 and n × 7),
``draft`` ([total /60, king picks last] and pickers n), ``showdown`` (n competitors and n
totals /60), ``finalists`` (n), ``scores`` (/100).

Two encoders write this tensor: ``encode`` from ``observation(seat)`` (the reference) and
``encode_state`` straight from the state (what the environments use). The fast one reads the
state's public dataclass fields from here (an accessor in the game package would only copy
them) and writes only what the observation shows the seat: sizes, never values, of the other
hands, the holes, the deck and the discard pile (``pile_size``); its own hand; and each die as
``view.die_seen`` shows it to the viewer, the view's own filter of that secret (MP-16), made
public for this. Prize stars and scores come from ``rules.prize_stars`` and ``rules.scores``.
The tests hold the two encoders to the same bytes on seeded random games and check that
redrawing what a seat cannot see leaves its fast tensor unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, partial
from typing import cast

from molehaven.core import Observation, Seat, State
from molehaven.games.mole_park import rules
from molehaven.games.mole_park.data import (
    DIE_NAMES,
    FULL_DECK,
    HOLES,
    NO_DIE,
    NOT_ROLLED,
    STAND_KEYS,
    STANDS,
    Pile,
    pile_size,
)
from molehaven.games.mole_park.rules import PHASE_NAMES
from molehaven.games.mole_park.state import MoleParkState
from molehaven.games.mole_park.view import die_seen
from molehaven.rl.encoders.features import (
    FLAGS,
    FloatArray,
    Kept,
    LastPart,
    Layout,
    Memo,
    Shares,
    as_dict,
    as_int,
    as_list,
    assemble,
    chunk,
    join,
    number,
    numbers,
    numbers_chunk,
    one_hots,
    value_counts,
    zeros,
)

DIE_SEEN = (*DIE_NAMES, "chosen", "not yet")
FACES = ("x", "1", "2", "3", "4", "5", "6")
VALUES = 5
DECK = sum(FULL_DECK)
HAND_BOUND, HOLE_BOUND, TOTAL_BOUND, SCORE_BOUND, STAND_BOUND = 10, 20, 60, 100, 10


@cache
def layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("me", n),
            ("step", len(PHASE_NAMES)),
            ("king", n),
            ("round", 1),
            ("holes", HOLES),
            ("deck", 1),
            ("discard", 1),
            ("stands", STANDS * 2),
            ("hand", VALUES),
            ("hand_sizes", n),
            ("prize_stars", n),
            ("prizes", n * STANDS),
            ("may_declare", n),
            ("declared", n),
            ("die", n * len(DIE_SEEN)),
            ("roll", n * len(FACES)),
            ("laid_down", n * VALUES),
            ("total", n),
            ("last_die", n * len(DIE_NAMES)),
            ("last_roll", n * len(FACES)),
            ("draft", 2),
            ("pickers", n),
            ("competitors", n),
            ("showdown_totals", n),
            ("finalists", n),
            ("scores", n),
        ]
    )


@dataclass(frozen=True, slots=True)
class _Tables:
    """Observation words to tensor positions for one player count (per seat: a list)."""

    layout: Layout
    start: dict[str, int]
    step: dict[object, int]
    stands: dict[str, int]  # a stand's face-up position; its face-down count follows
    prizes: list[dict[object, int]]
    die: list[dict[object, int]]
    roll: list[dict[object, int]]
    last_die: list[dict[object, int]]
    last_roll: list[dict[object, int]]
    seats: list[LastPart[_SeatPart]]  # per seat: its entry's positions, kept while equal


# A seat entry's ones, and its scaled numbers' positions and values.
_SeatPart = tuple[list[int], list[int], list[float]]


@cache
def _tables(players: int) -> _Tables:
    lay = layout(players)
    start = lay.start
    return _Tables(
        layout=lay,
        start=start,
        step=lay.positions("step", PHASE_NAMES),
        stands={key: start["stands"] + 2 * index for index, key in enumerate(STAND_KEYS)},
        prizes=lay.blocks("prizes", STAND_KEYS, players),
        die=lay.blocks("die", DIE_SEEN, players),
        roll=lay.blocks("roll", FACES, players),
        last_die=lay.blocks("last_die", DIE_NAMES, players),
        last_roll=lay.blocks("last_roll", FACES, players),
        seats=[LastPart(partial(_seat, players, index)) for index in range(players)],
    )


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    tables = _tables(players)
    start = tables.start
    get = observation.get
    ones = [start["me"] + seat, tables.step[get("step")]]
    king = get("king")
    if king is not None:
        ones.append(start["king"] + as_int(king))
    shares = Shares()
    positions, values = shares.positions, shares.values
    for part, raw in zip(tables.seats, as_list(get("seats")), strict=True):
        seat_ones, seat_positions, seat_values = part.of(raw)
        ones += seat_ones
        positions += seat_positions
        values += seat_values
    for index, raw in enumerate(as_list(get("last_round_dice", []))):
        last = as_dict(raw)
        die, roll = last["die"], last["roll"]
        if die is not None:
            ones.append(tables.last_die[index][die])
        if roll is not None:
            ones.append(tables.last_roll[index][roll])
    draft = get("draft")
    if draft is not None:
        entry = as_dict(draft)
        shares.add(start["draft"], entry["total"], TOTAL_BOUND)
        if entry["king_picks_last"]:
            ones.append(start["draft"] + 1)
        pickers = start["pickers"]
        ones.extend(pickers + as_int(p) for p in as_list(entry["pickers"]))
    showdown_totals = start["showdown_totals"]
    for raw in as_list(get("showdown") or []):
        entry = as_dict(raw)
        competitor = as_int(entry["seat"])
        ones.append(start["competitors"] + competitor)
        shares.add(showdown_totals + competitor, entry["total"] or 0, TOTAL_BOUND)
    finalists = start["finalists"]
    ones.extend(finalists + as_int(s) for s in as_list(get("finalists") or []))
    shares.add(start["round"], get("round"), max(as_int(get("round_limit")), 1))
    shares.extend(start["holes"], as_list(get("holes")), HOLE_BOUND)
    shares.add(start["deck"], get("deck"), DECK)
    shares.add(start["discard"], get("discard"), DECK)
    stands = tables.stands
    for key, raw in as_dict(get("stands")).items():
        stand = as_dict(raw)
        position = stands[key]
        if stand["face_up"]:
            ones.append(position)
        shares.add(position + 1, stand["face_down"], STAND_BOUND)
    shares.extend(start["hand"], value_counts(as_list(get("hand", [])), VALUES), HAND_BOUND)
    shares.extend(start["scores"], as_list(get("scores")), SCORE_BOUND)
    return assemble(tables.layout.size, ones, shares)


def _seat(players: int, index: int, raw: object) -> _SeatPart:
    """Seat ``index``'s entry: prizes, declarations, die and roll, laid-down moles, hand size,
    prize stars and total."""
    tables = _tables(players)
    start = tables.start
    entry = as_dict(raw)
    ones = list(map(tables.prizes[index].__getitem__, as_list(entry["prizes"])))
    if entry["may_declare"]:
        ones.append(start["may_declare"] + index)
    if entry["declared"]:
        ones.append(start["declared"] + index)
    die, roll = entry["die"], entry["roll"]
    if die is not None:
        ones.append(tables.die[index][die])
    if roll is not None:
        ones.append(tables.roll[index][roll])
    shares = Shares()
    laid = entry["laid_down"]
    if laid is not None:
        position = start["laid_down"] + index * VALUES
        shares.extend(position, value_counts(as_list(laid), VALUES), HAND_BOUND)
    shares.add(start["hand_sizes"] + index, entry["hand_size"], HAND_BOUND)
    shares.add(start["prize_stars"] + index, entry["prize_stars"], SCORE_BOUND)
    shares.add(start["total"] + index, entry["total"] or 0, TOTAL_BOUND)
    return ones, shares.positions, shares.values


# --------------------------------------------------------------- the fast encoder (state)


def encode_state(state: State, seat: Seat, players: int) -> FloatArray:
    """``encode(state.observation(seat), seat, players)``, from the state's fields: byte
    chunks in layout order (``features.join``).

    A chunk is kept with the field objects it was made of (``features.Kept``): the state
    replaces a tuple when it changes and never mutates one, so the same objects mean the same
    chunk, and an identity test is far cheaper than hashing the tuples. Otherwise the chunk
    comes from a ``Memo`` keyed by the few numbers or words it shows (sizes, not values, for
    hidden piles).
    """
    game = cast(MoleParkState, state)
    chunks = _chunks(players)
    hot = chunks.seat
    phase = game.phase
    king = game.king

    prizes, highest, crowned = game.prizes, game.highest_only, game.crowned
    scored = chunks.prizes.kept(prizes, highest, crowned)
    if scored is None:
        won = tuple([rules.prize_stars(game, s) for s in range(players)])
        scored = chunks.prizes.keep(
            (_SCORED[won] + _PRIZES[prizes], _SCORED[tuple(rules.scores(game))]),
            prizes,
            highest,
            crowned,
        )
    stars, scores = scored  # prize_stars, then prizes; the scores

    declared = game.declared
    dice = game.dice
    # What view.die_seen reads: the dice, the declarers, the step and the viewer.
    shown = chunks.dice.kept(dice, declared)
    if shown is not None and shown[0] == phase and shown[1] == seat:
        seen = shown[2]
    else:  # the view's own filter: another seat's die stays "chosen" while secret
        seen = _DICE[tuple([die_seen(game, s, seat) for s in range(players)])]
        chunks.dice.keep((phase, seat, seen), dice, declared)

    competitors = game.competitors
    return join(
        [
            hot[seat],
            chunks.step[phase],
            hot[king] if king >= 0 else chunks.no_seats,
            number(max(game.round_limit, 1))[game.round],
            chunks.piles.of(game.holes, game.deck, game.discard),  # sizes only
            chunks.stands.of(game.face_up, game.face_down),
            _HAND[game.hands[seat]],  # the seat's own hand: counts by value, as the state keeps
            chunks.hand_sizes.of(game.hands),  # only the sizes of the others' hands
            stars,  # prize_stars, then prizes
            chunks.declaring.of(game.eligible, declared),  # may_declare, then declared
            seen,
            chunks.rolls.of(dice, game.rolls, competitors),
            chunks.cashed.of(game.laid_down, game.totals),  # laid_down, then total
            chunks.last_round.of(game.last_dice, game.last_rolls),  # last_die, then last_roll
            (
                _DRAFT[(players, game.pick_total, game.king_picks_last, game.pickers)]
                if phase in _DRAFT_STEPS
                else chunks.no_draft
            ),
            (
                _SHOWDOWN[(players, competitors, game.showdown_totals)]
                if competitors
                else chunks.no_showdown
            ),
            FLAGS[_members(game.finalists, players)] if phase == rules.CROWN else chunks.no_seats,
            scores,
        ],
        chunks.size,
    )


@dataclass(frozen=True, slots=True)
class _Chunks:
    """The fixed chunks of one player count, and its kept ones."""

    size: int
    seat: tuple[bytes, ...]
    step: tuple[bytes, ...]
    no_seats: bytes
    no_draft: bytes
    no_showdown: bytes
    prizes: Kept[tuple[bytes, bytes]]
    piles: Kept[bytes]
    stands: Kept[bytes]
    hand_sizes: Kept[bytes]
    declaring: Kept[bytes]
    dice: Kept[tuple[int, int, bytes]]
    rolls: Kept[bytes]
    cashed: Kept[bytes]
    last_round: Kept[bytes]


@cache
def _chunks(players: int) -> _Chunks:
    return _Chunks(
        size=layout(players).size,
        seat=one_hots(players),
        step=one_hots(len(PHASE_NAMES)),
        no_seats=zeros(players),
        no_draft=zeros(2 + players),
        no_showdown=zeros(2 * players),
        prizes=Kept(),
        piles=Kept(_piles),
        stands=Kept(lambda face_up, face_down, _: _STANDS[(face_up, face_down)]),
        hand_sizes=Kept(
            lambda hands, _, __: b"".join(map(_HAND_SIZE.__getitem__, map(pile_size, hands)))
        ),
        declaring=Kept(lambda eligible, declared, _: _DECLARING[(players, eligible, declared)]),
        dice=Kept(),
        rolls=Kept(_rolled),
        cashed=Kept(lambda laid_down, totals, _: _CASHED[(laid_down, totals)]),
        last_round=Kept(lambda dice, rolls, _: _LAST_ROUND[(players, dice, rolls)]),
    )


def _piles(holes: tuple[Pile, ...], deck: Pile, discard: Pile) -> bytes:
    """Sizes only: the values in the holes, the deck and the discard are nobody's."""
    return b"".join(
        [
            *map(_HOLE.__getitem__, map(pile_size, holes)),
            _DECK[pile_size(deck)],
            _DECK[pile_size(discard)],
        ]
    )


def _rolled(
    dice: tuple[int, ...], rolls: tuple[tuple[int, ...], ...], competitors: tuple[int, ...]
) -> bytes:
    """Each seat's roll; none shown before it is made, nor during a Showdown."""
    showdown = bool(competitors)
    faces = tuple(
        [
            NOT_ROLLED if die == NO_DIE or showdown else seat_rolls[die]
            for die, seat_rolls in zip(dice, rolls, strict=True)
        ]
    )
    return _ROLLS[faces]


_DRAFT_STEPS = (rules.ORDER, rules.TAKE)  # the draft entry is shown in these steps


def _members(seats: tuple[int, ...], players: int) -> tuple[bool, ...]:
    return tuple([s in seats for s in range(players)])


def _stands(key: tuple[tuple[bool, ...], tuple[int, ...]]) -> bytes:
    """Each stand's [face up, face-down count]."""
    face_up, face_down = key
    return chunk(
        STANDS * 2,
        [2 * stand for stand, up in enumerate(face_up) if up],
        [(2 * stand + 1, count / STAND_BOUND) for stand, count in enumerate(face_down)],
    )


def _prizes(prizes: tuple[tuple[int, ...], ...]) -> bytes:
    """Each seat's block of the six stands, 1 for each stand it won."""
    return b"".join(chunk(STANDS, won) for won in prizes)


def _declaring(key: tuple[int, tuple[int, ...], tuple[int, ...]]) -> bytes:
    """may_declare, then declared."""
    players, eligible, declared = key
    return chunk(2 * players, [*eligible, *(players + s for s in declared)])


def _dice(words: tuple[str | None, ...]) -> bytes:
    """Each seat's die as the viewer sees it: a die, "chosen", "not yet" or nothing."""
    width = len(DIE_SEEN)
    return b"".join(chunk(width, () if word is None else (DIE_SEEN.index(word),)) for word in words)


def _rolls(faces: tuple[int, ...]) -> bytes:
    """Each seat's roll of its die (``NOT_ROLLED``: none shown)."""
    return b"".join(map(_face, faces))


def _face(roll: int) -> bytes:
    """A roll's block of ``FACES`` (the miss is "x", first; a face ``k`` is ``k``)."""
    return zeros(len(FACES)) if roll == NOT_ROLLED else one_hots(len(FACES))[roll]


def _cashed(key: tuple[tuple[Pile, ...], tuple[int, ...]]) -> bytes:
    """laid_down (counts by value) and total, for the seats that cashed in this round."""
    laid_down, totals = key
    laid = b"".join(
        numbers_chunk(pile, HAND_BOUND) if total >= 0 else zeros(VALUES)
        for pile, total in zip(laid_down, totals, strict=True)
    )
    return laid + numbers_chunk(tuple(max(total, 0) for total in totals), TOTAL_BOUND)


def _last_round(key: tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]) -> bytes:
    """The previous round's public dice (last_die for every seat), then their rolls; none
    before the first round ends."""
    players, dice, rolls = key
    width = len(DIE_NAMES)
    if not dice:
        return zeros(players * (width + len(FACES)))
    return b"".join(
        zeros(width) if die == NO_DIE else one_hots(width)[die] for die in dice
    ) + b"".join(
        _face(NOT_ROLLED if die == NO_DIE else faces[die])
        for die, faces in zip(dice, rolls, strict=True)
    )


def _draft(key: tuple[int, int, bool, tuple[int, ...]]) -> bytes:
    """The draft group's [total, King Mole picks last], then its pickers."""
    players, total, king_last, pickers = key
    ones = [2 + p for p in pickers]
    if king_last:
        ones.append(1)
    return chunk(2 + players, ones, [(0, total / TOTAL_BOUND)])


def _showdown(key: tuple[int, tuple[int, ...], tuple[int, ...]]) -> bytes:
    """The Showdown's competitors, then their totals (none yet: 0)."""
    players, competitors, totals = key
    return chunk(
        2 * players,
        competitors,
        [(players + s, max(totals[s], 0) / TOTAL_BOUND) for s in competitors],
    )


# Chunks by what they show. A key holds everything its chunk depends on.
_HOLE = number(HOLE_BOUND)
_DECK = number(DECK)  # the deck's and the discard pile's sizes
_STANDS: Memo[tuple[tuple[bool, ...], tuple[int, ...]]] = Memo(_stands)
_HAND = numbers(HAND_BOUND)
_HAND_SIZE = number(HAND_BOUND)
_SCORED = numbers(SCORE_BOUND)  # prize_stars and scores
_PRIZES: Memo[tuple[tuple[int, ...], ...]] = Memo(_prizes)
_DECLARING: Memo[tuple[int, tuple[int, ...], tuple[int, ...]]] = Memo(_declaring)
_DICE: Memo[tuple[str | None, ...]] = Memo(_dice)
_ROLLS: Memo[tuple[int, ...]] = Memo(_rolls)
_CASHED: Memo[tuple[tuple[Pile, ...], tuple[int, ...]]] = Memo(_cashed)
_LAST_ROUND: Memo[tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]] = Memo(_last_round)
_DRAFT: Memo[tuple[int, int, bool, tuple[int, ...]]] = Memo(_draft)
_SHOWDOWN: Memo[tuple[int, tuple[int, ...], tuple[int, ...]]] = Memo(_showdown)
