"""Mole Majority observation tensor (own hand and Home Tokens; others' hidden).

Layout for ``n`` seats: ``me`` (n), ``phase`` (one-hot over the rules' phases), ``active``
and ``placing`` (n each), ``turn`` (/turn_limit), ``hex_value`` (19 positions × values 3-6),
``spaces`` (114 spaces × n owners), ``claim``, ``last_entrant``, ``home_base`` (19 × n each),
``token`` (19 × [none, hidden, 1, 2, 3]), ``cave_ins`` (171 position pairs), ``pile`` (hex
tiles left by value, /6), ``pending_hex`` (4), ``pool`` (/24), ``hand`` (own cards by kind,
/5), ``my_home_tokens`` (by value, /3), per seat ``moles`` (/30), ``moles_on_board`` (/30),
``claims`` (/10), ``seat_cave_ins`` (/4), ``hand_size`` (/5), ``deck_size`` (/20),
``discard`` (n × 8 kinds, /6), ``home_tokens`` (/4), ``eliminated``; the turn's ``action``,
``number`` (8 kinds each), ``stacked`` (6 stack kinds), ``steps`` (/4), ``bonus`` (/3),
``converts`` (/2), ``draws_left`` (/4), ``roll_number`` (/4), ``roll_done``, ``roll`` and
``effect`` (each one of none, available, done, forfeited: a bonus breed forfeits an unused
roll or effect, MM-24) and ``scores`` (/20).

Two encoders write this tensor: ``encode`` from ``observation(seat)`` (the reference) and
``encode_state`` straight from the state (what the environments use). The fast one reads the
state's public dataclass fields from here (an accessor in the game package would only copy
them) and writes only what the observation shows the seat: its own hand and collected token
values; of the others, hand sizes, deck sizes and how many tokens they collected; a board
token as none, hidden or (face up, MM-45) its value; the pool's size. The turn's roll and
effect words come from the view's own ``roll_status`` and ``effect_status`` (made public for
this), the placing seat from ``setup.placing_seat``, scores from ``ending.scores``. Chunks are
kept while the fields they are made of are the same objects (the state replaces tuples, never
mutates them), and the board's spaces, claims and last entrants are patched where their
packed bytes changed. The tests hold the two encoders to the same bytes on seeded random
games and check that redrawing what a seat cannot see leaves its fast tensor unchanged.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, partial
from typing import cast

from molehaven.core import Observation, Seat, State
from molehaven.games.mole_majority import ending, phases, setup
from molehaven.games.mole_majority.data import (
    CARD_NAMES,
    EDGES,
    HEX_VALUES,
    KINDS,
    LABELS,
    NO_TOKEN,
    NOBODY,
    POSITIONS,
    SLOTS,
    SPACE_COUNT,
    TOKEN_VALUES,
    Pile,
)
from molehaven.games.mole_majority.notation import NO_CARD
from molehaven.games.mole_majority.phases import PHASE_NAMES
from molehaven.games.mole_majority.state import MoleMajorityState
from molehaven.games.mole_majority.view import effect_status, roll_status
from molehaven.rl.encoders.features import (
    FLAGS,
    ONE,
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
    row,
    zeros,
)

TOKENS = ("none", "hidden", *(str(v) for v in TOKEN_VALUES))
# The observation's token words: a face-up token shows its value, an int (MM-45).
TOKEN_WORDS: tuple[object, ...] = ("none", "hidden", *TOKEN_VALUES)
STACKED = (
    "stack twoplus",
    "stack keeper1",
    "stack keeper2",
    "stack convert step",
    "stack convert roll",
    "stack convert repeat",
)
# The Groundskeeper's roll and the Cave-In / Make A Home effect share these words.
EFFECTS = ("none", "available", "done", "forfeited")
PER_SEAT = (
    ("moles", 30),
    ("moles_on_board", 30),
    ("claims", 10),
    ("cave_ins", 4),
    ("hand_size", 5),
    ("deck_size", 20),
    ("home_tokens", 4),
)
COUNTS = (("steps", 4), ("bonus", 3), ("converts", 2), ("draws_left", 4))
CAVE_IN_NAMES = tuple(f"{LABELS[first]}-{LABELS[second]}" for first, second in EDGES)


@cache
def layout(players: int) -> Layout:
    n = players
    return Layout(
        [
            ("me", n),
            ("phase", len(PHASE_NAMES)),
            ("active", n),
            ("placing", n),
            ("turn", 1),
            ("hex_value", POSITIONS * len(HEX_VALUES)),
            ("spaces", POSITIONS * SLOTS * n),
            ("claim", POSITIONS * n),
            ("last_entrant", POSITIONS * n),
            ("home_base", POSITIONS * n),
            ("token", POSITIONS * len(TOKENS)),
            ("cave_ins", len(EDGES)),
            ("pile", len(HEX_VALUES)),
            ("pending_hex", len(HEX_VALUES)),
            ("pool", 1),
            ("hand", KINDS),
            ("my_home_tokens", len(TOKEN_VALUES)),
            *((f"seat_{name}", n) for name, _ in PER_SEAT),
            ("discard", n * KINDS),
            ("eliminated", n),
            ("action", KINDS),
            ("number", KINDS),
            ("stacked", len(STACKED)),
            *((name, 1) for name, _ in COUNTS),
            ("roll_number", 1),
            ("roll_done", 1),
            ("roll", len(EFFECTS)),
            ("effect", len(EFFECTS)),
            ("scores", n),
        ]
    )


@dataclass(frozen=True, slots=True)
class _Tables:
    """Observation words to tensor positions for one player count."""

    layout: Layout
    start: dict[str, int]
    phase: dict[object, int]
    hexes: dict[str, int]  # a position label to its index
    hex_value: dict[object, int]  # hex value to its position in block 0 (+ 4 per position)
    token: dict[object, int]  # token word to its position in block 0 (+ 5 per position)
    cave_ins: dict[object, int]
    pile: tuple[str, ...]
    pending_hex: dict[object, int]
    hand: dict[object, int]
    my_home_tokens: dict[object, int]
    discard: list[dict[object, int]]  # per seat: a card name to its position
    action: dict[object, int]
    number: dict[object, int]
    stacked: dict[object, int]
    roll: dict[object, int]
    effect: dict[object, int]
    board: LastPart[list[int]]


@cache
def _tables(players: int) -> _Tables:
    lay = layout(players)
    return _Tables(
        layout=lay,
        start=lay.start,
        phase=lay.positions("phase", PHASE_NAMES),
        hexes={label: position for position, label in enumerate(LABELS)},
        hex_value=lay.positions("hex_value", HEX_VALUES),
        token=lay.positions("token", TOKEN_WORDS),
        cave_ins=lay.positions("cave_ins", CAVE_IN_NAMES),
        pile=tuple(str(value) for value in HEX_VALUES),
        pending_hex=lay.positions("pending_hex", HEX_VALUES),
        hand=lay.positions("hand", CARD_NAMES),
        my_home_tokens=lay.positions("my_home_tokens", TOKEN_VALUES),
        discard=lay.blocks("discard", CARD_NAMES, players),
        action=lay.positions("action", CARD_NAMES),
        number=lay.positions("number", CARD_NAMES),
        stacked=lay.positions("stacked", STACKED),
        roll=lay.positions("roll", EFFECTS),
        effect=lay.positions("effect", EFFECTS),
        board=LastPart(partial(_board, players)),
    )


def encode(observation: Observation, seat: Seat, players: int) -> FloatArray:
    tables = _tables(players)
    start = tables.start
    get = observation.get
    ones = [start["me"] + seat, tables.phase[get("phase")]]
    for name in ("active", "placing"):
        value = get(name)
        if value is not None:
            ones.append(start[name] + as_int(value))
    ones += tables.board.of(get("board"))
    ones += map(tables.cave_ins.__getitem__, as_list(get("cave_ins")))
    pending = get("pending_hex")
    if pending is not None:
        ones.append(tables.pending_hex[pending])
    eliminated = start["eliminated"]
    seats = [as_dict(entry) for entry in as_list(get("seats"))]
    ones.extend(eliminated + index for index, entry in enumerate(seats) if entry["eliminated"])
    current = as_dict(get("current"))
    for key, table in (("action", tables.action), ("number", tables.number)):
        card = current[key]
        if card is not None:
            ones.append(table[card])
    ones += map(tables.stacked.__getitem__, as_list(current["stacked"]))
    if current["roll_done"]:
        ones.append(start["roll_done"])
    ones.append(tables.roll[current["roll"]])
    ones.append(tables.effect[current["effect"]])
    shares = Shares()
    shares.add(start["turn"], get("turn"), max(as_int(get("turn_limit")), 1))
    pile = as_dict(get("pile"))
    shares.extend(start["pile"], [pile.get(value, 0) for value in tables.pile], 6)
    shares.add(start["pool"], get("pool"), 24)
    _count(shares, tables.hand, as_list(get("hand", [])), 5)
    _count(shares, tables.my_home_tokens, as_list(get("my_home_tokens", [])), 3)
    for name, bound in PER_SEAT:
        shares.extend(start[f"seat_{name}"], [s[name] for s in seats], bound)
    for index, entry in enumerate(seats):
        _count(shares, tables.discard[index], as_list(entry["discard"]), 6)
    for name, bound in COUNTS:
        shares.add(start[name], current[name], bound)
    shares.add(start["roll_number"], current["roll_number"] or 0, 4)
    shares.extend(start["scores"], as_list(get("scores")), 20)
    return assemble(tables.layout.size, ones, shares)


def _board(players: int, board: object) -> list[int]:
    """The positions of the board's ones: hex values, spaces' owners, claims, last entrants,
    home bases and tokens."""
    tables = _tables(players)
    start, n = tables.start, players
    hex_values, tokens, hexes = tables.hex_value, tables.token, tables.hexes
    spaces, claim = start["spaces"], start["claim"]
    last_entrant, home_base = start["last_entrant"], start["home_base"]
    hex_width, token_width = len(HEX_VALUES), len(TOKENS)
    ones: list[int] = []
    for label, raw in as_dict(board).items():
        hex_ = as_dict(raw)
        position = hexes[label]
        ones.append(hex_values[hex_["value"]] + position * hex_width)
        first_space = spaces + position * SLOTS * n
        # Owners are seat numbers: a position is an index, so anything else fails loudly later.
        for slot, space in enumerate(cast(list[int | None], as_list(hex_["spaces"]))):
            if space is not None:
                ones.append(first_space + slot * n + space)
        for first, key in ((claim, "claim"), (last_entrant, "last_entrant")):
            owner = hex_[key]
            if owner is not None:
                ones.append(first + position * n + as_int(owner))
        owner = hex_["home_base_of"]
        if owner is not None:
            ones.append(home_base + position * n + as_int(owner))
        ones.append(tokens[hex_["token"]] + position * token_width)
    return ones


def _count(shares: Shares, positions: dict[object, int], names: list[object], bound: float) -> None:
    """How many of each name there are, divided by ``bound``, at the names' positions."""
    counts: dict[int, int] = {}
    for name in names:
        position = positions[name]
        counts[position] = counts.get(position, 0) + 1
    for position, count in counts.items():
        shares.add(position, count, bound)


# --------------------------------------------------------------- the fast encoder (state)


def encode_state(state: State, seat: Seat, players: int) -> FloatArray:
    """``encode(state.observation(seat), seat, players)``, from the state's fields: byte
    chunks in layout order (``features.join``), each kept while the fields it is made of are
    the same objects (``features.Kept``) or looked up by what it shows (``Memo``)."""
    game = cast(MoleMajorityState, state)
    chunks = _chunks(players)
    phase = game.phase
    values, claims = game.values, game.claims
    spaces, packed = chunks.spaces.of(values, game.spaces)
    scores: bytes | None = None
    if phase != phases.OVER:  # claimed-hex points only (MM-41): they follow values and claims
        scores = chunks.scores.kept(values, claims)
    if scores is None:  # at the end, Domain Points count the collected tokens too (MM-41)
        scores = row(_SCORES, ending.scores(game))
        if phase != phases.OVER:
            chunks.scores.keep(scores, values, claims)
    active = game.active if phase in phases.TURN_PHASES or phase in _TURN_CHANCE else -1
    placing = setup.placing_seat(game) if phase in _PLACING else -1
    hands, secret, shown = game.hands, game.secret_tokens, game.shown_tokens
    counts = (
        game.steps,
        game.bonus,
        game.converts,
        game.draws_left,
        game.roll_number if game.number != NO_CARD else 0,
        game.roll_done,
        roll_status(game),  # the view's own words (MM-24)
        effect_status(game),
    )
    return join(
        [
            chunks.head[(seat, phase, active, placing)],  # me, phase, active, placing
            chunks.turn.of(game.turn, game.turn_limit),
            chunks.hex_value.of(values),
            spaces,
            chunks.claim.of(values, claims)[0],
            chunks.last_entrant.of(values, game.last_entrant)[0],
            chunks.home_base.of(values, game.home_bases),
            chunks.token.of(values, game.tokens, game.revealed),
            # cave_ins, pile, pending_hex and pool (how many tokens are left, not their values)
            _SUPPLY[(game.cave_ins, game.hex_pile, game.pending_hex, sum(game.pool))],
            _HAND[hands[seat]],  # the seat's own hand: counts by kind, as the state keeps
            _MY_TOKENS[(secret[seat], shown[seat])],
            chunks.moles.of(game.moles),
            chunks.on_board.of(packed),  # every space, as ending.moles_on_board counts them
            chunks.claim_supply.of(game.claim_supply),
            _CAVE_INS[game.cave_in_supply],
            chunks.hand_sizes.of(hands),  # the others' hands: sizes only
            chunks.deck_sizes.of(game.decks),
            chunks.home_tokens.of(secret, shown),  # how many, not their values
            chunks.discard.of(game.discards),
            FLAGS[game.eliminated],
            chunks.cards.of(game.action, game.number, game.stacked),  # action, number, stacked
            _COUNTS[counts],  # steps … draws_left, roll_number, roll_done, roll, effect
            scores,
        ],
        chunks.size,
    )


_NOTHING = object()
_TURN_CHANCE = (phases.CAVE_TOKEN, phases.DRAW)  # the active seat is shown at these too
_PLACING = (phases.BASE, phases.PLACE)  # the placing seat is shown in these phases


@dataclass(frozen=True, slots=True)
class _Chunks:
    """The fixed chunks of one player count, and its kept ones."""

    size: int
    head: Memo[tuple[int, int, int, int]]
    hex_value: Kept[bytes]
    turn: Kept[bytes]
    moles: Kept[bytes]
    on_board: Kept[bytes]
    claim_supply: Kept[bytes]
    spaces: _Rows  # also counts the moles on the board
    claim: _Rows
    last_entrant: _Rows
    home_base: Kept[bytes]
    token: Kept[bytes]
    hand_sizes: Kept[bytes]
    deck_sizes: Kept[bytes]
    home_tokens: Kept[bytes]
    discard: Kept[bytes]
    scores: Kept[bytes]
    cards: Kept[bytes]


@cache
def _chunks(players: int) -> _Chunks:
    return _Chunks(
        size=layout(players).size,
        head=Memo(partial(_head, players)),
        hex_value=Kept(_hex_values),
        turn=Kept(lambda turn, limit, _: number(max(limit, 1))[turn]),
        moles=Kept(lambda moles, _, __: row(_MOLES, moles)),
        on_board=Kept(lambda packed, _, __: row(_MOLES, map(packed.count, range(players)))),
        claim_supply=Kept(lambda supply, _, __: row(_CLAIMS, supply)),
        spaces=_Rows(players, SPACE_COUNT, _spaces_shown),
        claim=_Rows(players, POSITIONS, _positions_shown),
        last_entrant=_Rows(players, POSITIONS, _positions_shown),
        home_base=Kept(partial(_home_bases, players)),
        token=Kept(_tokens),
        hand_sizes=Kept(_hand_sizes),
        deck_sizes=Kept(_deck_sizes),
        home_tokens=Kept(_home_tokens),
        discard=Kept(_discards),
        scores=Kept(),
        cards=Kept(lambda action, number_, stacked: _CARDS[(action, number_, stacked)]),
    )


def _head(players: int, key: tuple[int, int, int, int]) -> bytes:
    """me, phase, the active seat and the placing seat (-1: none shown)."""
    seat, phase, active, placing = key
    hot = one_hots(players)
    return b"".join(
        [
            hot[seat],
            one_hots(len(PHASE_NAMES))[phase],
            hot[active] if active >= 0 else zeros(players),
            hot[placing] if placing >= 0 else zeros(players),
        ]
    )


def _supply(key: tuple[int, tuple[int, ...], int, int]) -> bytes:
    """cave_ins (edges), pile (hex tiles left by value), pending_hex and pool (its size)."""
    cave_ins, pile, pending, pool = key
    width = len(HEX_VALUES)
    return b"".join(
        [
            chunk(len(EDGES), _bits(cave_ins)),
            numbers_chunk(pile, 6),
            one_hots(width)[HEX_VALUES.index(pending)] if pending else zeros(width),
            numbers_chunk((pool,), 24),
        ]
    )


def _my_tokens(key: tuple[tuple[int, ...], tuple[int, ...]]) -> bytes:
    """The seat's own collected token values, counted by value."""
    secret, shown = key
    values = secret + shown
    return numbers_chunk(tuple(values.count(value) for value in TOKEN_VALUES), 3)


def _on_board(values: tuple[int, ...]) -> list[int]:
    return [position for position in range(POSITIONS) if values[position]]


def _hex_values(values: tuple[int, ...], _: object, __: object) -> bytes:
    """Each board hex's value, one-hot over 3-6 (a position without a hex: nothing)."""
    width = len(HEX_VALUES)
    ones = [p * width + HEX_VALUES.index(values[p]) for p in _on_board(values)]
    return chunk(POSITIONS * width, ones)


class _Rows:
    """A segment of one block of ``players`` floats per entry (a space, a position): the
    one-hot of the seat in that entry (zeros for ``NOBODY``/``EMPTY``, -1) where the board
    shows the entry, patched from the last one built. A step changes a few entries, and
    rebuilding every block would cost more than the rest of the tensor: the entries are packed
    as bytes (``struct``, in C) and compared with the last ones as one int, and only the blocks
    whose byte changed are rewritten. The packed bytes also count each seat's entries."""

    __slots__ = ("_last", "blocks", "empty", "entries", "pack", "shown")

    def __init__(self, players: int, entries: int, shown: Callable[[tuple[int, ...]], bytes]):
        self.blocks = _seat_blocks(players)
        self.entries = entries
        self.pack = struct.Struct(f"{entries}b").pack
        self.empty = int.from_bytes(self.pack(*(NOBODY,) * entries), "little")  # no seat anywhere
        self.shown = shown  # the board's values to a byte per entry: 1 where it is shown
        # values, which entries they show, the entries, their packed bits, the floats, the bytes
        self._last: tuple[object, bytes, object, int, bytes | bytearray, bytes] = (
            _NOTHING,
            b"",
            _NOTHING,
            0,
            b"",
            b"",
        )

    def of(
        self, values: tuple[int, ...], seats: tuple[int, ...]
    ) -> tuple[bytes | bytearray, bytes]:
        """The segment's floats and the entries packed as bytes (-1 as 255); do not modify
        them."""
        last = self._last  # one tuple: threads never see it torn
        if seats is last[2] and values is last[0]:
            return last[4], last[5]
        packed = self.pack(*seats)
        bits = int.from_bytes(packed, "little")
        blocks = self.blocks
        width = len(blocks[0])
        if values is last[0]:
            shown = last[1]
            floats = bytearray(last[4])  # a new buffer: the kept one may be in use elsewhere
            diff = bits ^ last[3]
        else:  # a hex was placed (setup): from an empty board, whose blocks are all zeros
            shown = self.shown(values)
            floats = bytearray(width * self.entries)
            diff = bits ^ self.empty
        # The entries whose byte differs: the difference as bytes, 1 where nonzero, and find().
        differs = diff.to_bytes(self.entries, "little").translate(_NONZERO)
        changed = []
        entry = differs.find(1)
        while entry >= 0:
            if shown[entry]:
                changed.append(entry)
            entry = differs.find(1, entry + 1)
        for entry in changed:
            floats[entry * width : (entry + 1) * width] = blocks[seats[entry]]
        self._last = (values, shown, seats, bits, floats, packed)
        return floats, packed


_NONZERO = bytes([0] + [1] * 255)  # a byte table: 1 for every nonzero byte


def _spaces_shown(values: tuple[int, ...]) -> bytes:
    """The spaces of the board hexes: the first ``value`` of each position's ``SLOTS``."""
    return b"".join(b"\1" * value + b"\0" * (SLOTS - value) for value in values)


def _positions_shown(values: tuple[int, ...]) -> bytes:
    """The positions holding a hex."""
    return bytes(1 if value else 0 for value in values)


@cache
def _seat_blocks(players: int) -> tuple[bytes, ...]:
    """Each seat's one-hot of ``players`` floats, then zeros (at index -1, ``NOBODY``)."""
    return (*one_hots(players), zeros(players))


def _home_bases(
    players: int, values: tuple[int, ...], home_bases: tuple[int, ...], _: object
) -> bytes:
    """The seat whose Home Base each board hex is, n floats per position."""
    home_of = {position: seat for seat, position in enumerate(home_bases)}
    ones = [p * players + home_of[p] for p in _on_board(values) if p in home_of]
    return chunk(POSITIONS * players, ones)


def _tokens(values: tuple[int, ...], tokens: tuple[int, ...], revealed: int) -> bytes:
    """Each board hex's token: none, hidden (the value is nobody's) or its value once face up
    (MM-45)."""
    width = len(TOKENS)
    ones = []
    for position in _on_board(values):
        value = tokens[position]
        if value == NO_TOKEN:
            word = 0
        elif revealed >> position & 1:
            word = 1 + value
        else:
            word = 1
        ones.append(position * width + word)
    return chunk(POSITIONS * width, ones)


def _hand_sizes(hands: tuple[Pile, ...], _: object, __: object) -> bytes:
    """How many cards each hand holds (the others' cards are hidden)."""
    return row(_HAND_SIZE, map(sum, hands))


def _deck_sizes(decks: tuple[Pile, ...], _: object, __: object) -> bytes:
    """How many cards each deck holds (its order is nobody's)."""
    return row(_DECK_SIZE, map(sum, decks))


def _home_tokens(
    secret: tuple[tuple[int, ...], ...], shown: tuple[tuple[int, ...], ...], _: object
) -> bytes:
    """How many Home Tokens each seat collected (not their values)."""
    return row(_HOME_TOKENS, map(_token_count, secret, shown))


def _discards(discards: tuple[Pile, ...], _: object, __: object) -> bytes:
    """Each seat's discard pile, counted by kind (public)."""
    return b"".join(map(_DISCARD.__getitem__, discards))


def _token_count(secret: tuple[int, ...], shown: tuple[int, ...]) -> int:
    """How many Home Tokens a seat collected, face down or face up (not their values)."""
    return len(secret) + len(shown)


def _cards(key: tuple[int, int, tuple[object, ...]]) -> bytes:
    """The turn's Action card, its Number card and the stacks played (rules 4.1, public)."""
    action, number_, stacked = key
    kinds = len(CARD_NAMES)
    return b"".join(
        [
            zeros(kinds) if action == NO_CARD else one_hots(kinds)[action],
            zeros(kinds) if number_ == NO_CARD else one_hots(kinds)[number_],
            chunk(len(STACKED), [STACKED.index(str(stack)) for stack in stacked]),
        ]
    )


def _counts(key: tuple[object, ...]) -> bytes:
    """The rest of the turn state: steps, bonus, converts, draws_left, roll_number,
    roll_done, and the roll's and the effect's words."""
    steps, bonus, converts, draws, roll_number, done, roll, effect = key
    return b"".join(
        [
            *(
                numbers_chunk((cast(int, count),), bound)
                for count, (_, bound) in zip((steps, bonus, converts, draws), COUNTS, strict=True)
            ),
            numbers_chunk((cast(int, roll_number),), 4),
            ONE if done else zeros(1),
            one_hots(len(EFFECTS))[EFFECTS.index(cast(str, roll))],
            one_hots(len(EFFECTS))[EFFECTS.index(cast(str, effect))],
        ]
    )


_SUPPLY: Memo[tuple[int, tuple[int, ...], int, int]] = Memo(_supply)
_HAND = numbers(5)
_MY_TOKENS: Memo[tuple[tuple[int, ...], tuple[int, ...]]] = Memo(_my_tokens)
# Per-seat rows whose combinations rarely repeat: one number's chunk per seat, joined (row).
_MOLES = number(30)
_CLAIMS = number(10)
_CAVE_INS = numbers(4)
_HAND_SIZE = number(5)
_DECK_SIZE = number(20)
_HOME_TOKENS = number(4)
_DISCARD = numbers(6, limit=16384)  # a seat's discard pile: at most 6,480 different ones
_COUNTS: Memo[tuple[object, ...]] = Memo(_counts)
_CARDS: Memo[tuple[int, int, tuple[object, ...]]] = Memo(_cards)
_SCORES = number(20)


def _bits(mask: int) -> list[int]:
    """The set bits of a mask, ascending."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low.bit_length() - 1)
        mask ^= low
    return bits
