"""Alluvium digital play for 3–5 seats on the shared `GameState` API.

Simultaneous phases run as one seat at a time, seat 0 first; every seat holds a different
sheet, so the order changes nothing. Chance draws the cards (uniform over a colour's cards
left). A round: draws → phase 1 (own map; round 1 the face-up card then the hand card, each
covering one outlined start cell) → three players: the virtual card, drawn by each seat on its
own map → phase 2, once per other seat (seat s holds the sheet of seat s − k clockwise, s + k
anticlockwise) → phase 3 (area of every sheet written automatically). The direction starts
clockwise and flips every round.

Notation: ``L4 c4 d4 d5 d6`` (a piece: card and its cells, column letter + row number from the
top), ``fill e5`` (action B), ``pass``, and chance ``draw R L4``.

Hidden information: `view(seat)` shows the sheet the seat holds as it is, and every other sheet
as the seat last saw it (its own drawings there included); `determinize` uses that view, so
drawings the seat has not seen are left out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Move, Outcome
from companion.core.errors import MoveParseError
from companion.games.alluvium.profile import card as card_of
from companion.games.alluvium.profile import deck, orientations, sheet_profile
from companion.games.alluvium.scoring import (
    EMPTY,
    PlayerSheet,
    area_bonus,
    edge_masks,
    largest_area_bits,
    letter_bits,
    score_game,
)

Cell = tuple[int, int]
COLUMNS = "abcdefghijklmnopqrstuvwxyz"


def cell_name(cell: Cell) -> str:
    return f"{COLUMNS[cell[1]]}{cell[0] + 1}"


def parse_cell(text: str) -> Cell:
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        raise MoveParseError(f"{text!r} is not a cell (column letter and row number, e.g. c4)")
    return (int(text[1:]) - 1, COLUMNS.index(text[0]))


@dataclass(frozen=True)
class Place(Move):
    """Draw a card's piece on the cells given."""

    card: str
    cells: tuple[Cell, ...]
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # written once: bots compare moves by their notation
        object.__setattr__(self, "_text", " ".join([self.card,
                                                    *(cell_name(c) for c in self.cells)]))

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> Place:
        words = text.split()
        if len(words) < 2:
            raise MoveParseError(f"{text!r}: write the card and its cells, e.g. 'I3 a1 b1 c1'")
        return cls(words[0], tuple(sorted(parse_cell(w) for w in words[1:])))


@dataclass(frozen=True)
class Fill(Move):
    """Action B: fill one cell whose four neighbours are filled."""

    cell: Cell

    def __str__(self) -> str:
        return f"fill {cell_name(self.cell)}"

    @classmethod
    def parse(cls, text: str) -> Fill:
        words = text.split()
        if len(words) != 2 or words[0] != "fill":
            raise MoveParseError(f"{text!r}: write 'fill <cell>'")
        return cls(parse_cell(words[1]))


@dataclass(frozen=True)
class Pass(Move):
    def __str__(self) -> str:
        return "pass"

    @classmethod
    def parse(cls, text: str) -> Pass:
        if text.strip() != "pass":
            raise MoveParseError(f"{text!r} is not 'pass'")
        return cls()


@dataclass(frozen=True)
class Draw(Move):
    """Chance: a colour's next card."""

    colour: str
    card: str

    def __str__(self) -> str:
        return f"draw {self.colour} {self.card}"

    @classmethod
    def parse(cls, text: str) -> Draw:
        words = text.split()
        if len(words) != 3 or words[0] != "draw":
            raise MoveParseError(f"{text!r}: write 'draw <colour> <card>'")
        return cls(words[1], words[2])


# --- phases -----------------------------------------------------------------------------------
OWN, VIRTUAL, OTHER, END = "own", "virtual", "other", "end"
FACE, HAND = "face", "hand"


@dataclass
class AlluviumState(GameState):
    game_id = "alluvium"

    rows: int = 9
    cols: int = 9
    starts: tuple[Cell, Cell] = ((3, 3), (5, 5))
    colours: tuple[str, ...] = ()
    virtual: str | None = None
    grids: list[str] = field(default_factory=list)  # one string of rows*cols cells per sheet
    checks: list[dict[str, int]] = field(default_factory=list)
    areas: list[list[int]] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)
    face: dict[str, str] = field(default_factory=dict)
    hand: dict[str, str] = field(default_factory=dict)
    round: int = 1
    phase: str = OWN
    turn: int = 0  # phase 2: 1..n-1
    draws: list[tuple[str, str]] = field(default_factory=list)  # (colour, FACE/HAND)
    actions: list[tuple[int, str]] = field(default_factory=list)  # (seat, FACE/HAND/...)
    #: seen[seat][sheet]: (grid, checks) as the seat last saw that sheet
    seen: list[list[tuple[str, tuple[tuple[str, int], ...]]]] = field(default_factory=list)
    _legal: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    #: per sheet (grid, filled cells, owner's cells): the masks of that very grid string,
    #: brought up to date move by move (a grid put in by other means is read again)
    _bits: list[tuple[str, int, int] | None] = field(default_factory=list, repr=False,
                                                     compare=False)

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def start(cls, num_players: int, options: Mapping[str, Any] | None = None) -> AlluviumState:
        if num_players not in (3, 4, 5):
            raise ValueError(f"Alluvium takes 3–5 players, not {num_players}")
        profile = sheet_profile()
        letters = profile.letters()
        colours = tuple(letters[:num_players])
        virtual = letters[3] if num_players == 3 else None
        size = profile.rows * profile.cols
        state = cls(num_players, dict(options or {}), profile.rows, profile.cols,
                    profile.start_cells, colours, virtual)
        state.grids = [EMPTY * size for _ in colours]
        visitors = [*colours, *([virtual] if virtual else [])]
        state.checks = [{v: 0 for v in visitors if v != c} for c in colours]
        state.areas = [[] for _ in colours]
        ids = [c.id for c in deck()]
        state.decks = {c: list(ids) for c in visitors}
        state.seen = [[(g, ()) for g in state.grids] for _ in colours]
        state._begin_round()
        return state

    @property
    def rounds(self) -> int:
        return 3 if self.num_players == 5 else 4

    def clockwise(self) -> bool:
        return self.round % 2 == 1

    def held_sheet(self, seat: int) -> int:
        """The sheet `seat` holds now (its own outside phase 2)."""
        if self.phase != OTHER:
            return seat
        step = -self.turn if self.clockwise() else self.turn
        return (seat + step) % self.num_players

    # --- flow ---------------------------------------------------------------------------------
    def _begin_round(self) -> None:
        self.phase, self.turn = OWN, 0
        self.face, self.hand = {}, {}
        self.draws = [(c, FACE) for c in self.colours]
        if self.round == 1:
            self.draws += [(c, HAND) for c in self.colours]
        self.actions = [(s, FACE) for s in range(self.num_players)]
        if self.round == 1:
            self.actions = [(s, k) for s in range(self.num_players) for k in (FACE, HAND)]

    def _advance_phase(self) -> None:
        n = self.num_players
        if self.phase == OWN and self.virtual:
            self.phase = VIRTUAL
            self.draws = [(self.virtual, FACE)]
            self.actions = [(s, VIRTUAL) for s in range(n)]
        elif self.phase in (OWN, VIRTUAL) or (self.phase == OTHER and self.turn < n - 1):
            self.phase, self.turn = OTHER, (self.turn + 1 if self.phase == OTHER else 1)
            self.actions = [(s, OTHER) for s in range(n)]
        else:
            self._score_round()
            if self.round == self.rounds:
                self.phase, self.actions = END, []
            else:
                self.round += 1
                self._begin_round()
        self._remember()

    def _score_round(self) -> None:
        for sheet in range(self.num_players):
            self.areas[sheet].append(self.current_area(sheet))

    def current_area(self, sheet: int) -> int:
        """The area bonus the sheet's map would give now (largest filled rectangle)."""
        return mask_area(self.sheet_bits(sheet)[0], self.rows, self.cols)

    def sheet_bits(self, sheet: int) -> tuple[int, int]:
        """The filled cells and the owner's cells of a sheet's map, as bit masks (bit
        row × cols + column)."""
        grid = self.grids[sheet]
        if len(self._bits) != len(self.grids):
            self._bits = [None] * len(self.grids)
        known = self._bits[sheet]
        if known is not None and known[0] is grid:  # a str never changes: same object, same map
            return known[1], known[2]
        filled, owned = filled_mask(grid), letter_mask(grid, self.colours[sheet])
        self._bits[sheet] = (grid, filled, owned)
        return filled, owned

    def _remember(self) -> None:
        """Every seat sees the sheet it holds now."""
        if self.phase == END:
            return
        for seat in range(self.num_players):
            sheet = self.held_sheet(seat)
            self.seen[seat][sheet] = (self.grids[sheet], tuple(self.checks[sheet].items()))

    # --- the API ------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.draws:
            return CHANCE
        if self.actions:
            return self.actions[0][0]
        return TERMINAL

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if not self.draws:
            return []
        colour = self.draws[0][0]
        left = self.decks[colour]
        counts = Counter(left)  # in the order of the cards' first places in the deck
        return [(_draw(colour, i), n / len(left)) for i, n in counts.items()]

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())  # a copy may share it: never changed
        return list(self._legal)

    def _compute_legal(self) -> list[Any]:
        if self.draws:
            return [move for move, _ in self.chance_outcomes()]
        if not self.actions:
            return []
        seat, kind = self.actions[0]
        colour = self.colours[seat]
        sheet = self.held_sheet(seat)
        grid = self.grids[sheet]
        free = ~self.sheet_bits(sheet)[0] & board_mask(self.rows, self.cols)
        if kind == FACE and self.round == 1:
            moves: list[Any] = list(_first_pieces(grid, self.face[colour], self.hand[colour],
                                                  self.starts, self.rows, self.cols))
        elif kind == HAND:
            moves = list(_second_pieces(grid, self.hand[colour], self.starts, self.rows,
                                        self.cols))
        elif kind == VIRTUAL:
            assert self.virtual is not None
            moves = [m for m, _ in _fits(free, self.face[self.virtual], self.rows, self.cols)]
        else:
            moves = [m for m, _ in _fits(free, self.face[colour], self.rows, self.cols)]
            if kind == OTHER:
                moves += [Fill(c) for c in self.fillable(grid)]
        return moves or [Pass()]

    def _index(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def placements(self, grid: str, card_id: str) -> list[Place]:
        """Every placement of a card's piece (any rotation or mirror image) on empty cells."""
        return [move for move, _ in self._fitting(grid, card_id)]

    def _fitting(self, grid: str, card_id: str) -> list[tuple[Place, int]]:
        return _fitting(grid, card_id, self.rows, self.cols)

    def fillable(self, grid: str) -> list[Cell]:
        """Action B cells: empty, not on the border, all four neighbours filled."""
        cols = self.cols
        cells = fillable_bits(filled_mask(grid), self.rows, cols)
        found = []
        while cells:
            low = cells & -cells
            cells ^= low
            found.append(divmod(low.bit_length() - 1, cols))
        return found

    def shared_edges(self, grid: str, cells: Sequence[Cell], owner: str) -> int:
        """Edges between `cells` and the owner's cells."""
        cols = self.cols
        piece = sum(1 << (r * cols + c) for r, c in cells)
        return edges_between(piece, letter_mask(grid, owner), self.rows, cols)

    def _apply(self, move: Any) -> None:
        if isinstance(move, Draw):
            self._deal(move.card)
        else:
            self._draw_cells(move_mask(move, self.cols))

    def _deal(self, card_id: str) -> None:
        """Chance: the next pending draw turns `card_id` up."""
        self._legal = None
        colour, slot = self.draws.pop(0)
        self.decks[colour].remove(card_id)
        (self.face if slot == FACE else self.hand)[colour] = card_id

    def _draw_cells(self, piece: int) -> None:
        """The seat to move draws on the cells of the mask `piece` (none: a pass) of the map
        it holds, scoring the edges shared with the owner's cells on another seat's map."""
        self._legal = None
        seat, kind = self.actions.pop(0)
        sheet = self.held_sheet(seat)
        checks = self.checks[sheet]
        if piece:
            letter = self.virtual if kind == VIRTUAL else self.colours[seat]
            assert letter is not None
            filled, owned = self.sheet_bits(sheet)
            if kind in (OTHER, VIRTUAL):
                checks[letter] += edges_between(piece, owned, self.rows, self.cols)
            grid = _painted(self.grids[sheet], piece, letter)
            self.grids[sheet] = grid
            if letter == self.colours[sheet]:
                owned |= piece
            self._bits[sheet] = (grid, filled | piece, owned)
        self.seen[seat][sheet] = (self.grids[sheet], tuple(checks.items()))
        if not self.actions:
            self._advance_phase()

    def parse_move(self, text: str) -> Any:
        text = text.strip()
        if text == "pass":
            return Pass()
        head = text.split(" ", 1)[0]
        if head == "fill":
            return Fill.parse(text)
        if head == "draw":
            return Draw.parse(text)
        if head in {c.id for c in deck()}:
            return Place.parse(text)
        raise MoveParseError(f"{text!r} is not an Alluvium move (a card and cells, "
                             "'fill <cell>', 'pass' or 'draw <colour> <card>')")

    def why_illegal(self, move: Any) -> str:
        if self.is_over():
            return "the game is over"
        if isinstance(move, Pass) and self.legal_moves() != [Pass()]:
            return "you may pass only when nothing can be drawn"
        if isinstance(move, Fill):
            return "action B fills one empty inner cell whose four neighbours are all filled"
        if isinstance(move, Place) and self.actions:
            _seat, kind = self.actions[0]
            if (kind == FACE and self.round == 1) or kind == HAND:
                return "in round 1 each piece must cover one outlined start cell"
            return "the piece must be this round's card, inside the map, on empty cells"
        return "not among the legal moves"

    # --- result -------------------------------------------------------------------------------
    def grid_rows(self, sheet: int) -> tuple[str, ...]:
        g = self.grids[sheet]
        return tuple(g[r * self.cols:(r + 1) * self.cols] for r in range(self.rows))

    def player_sheets(self) -> list[PlayerSheet]:
        return [PlayerSheet(self.colours[i], self.grid_rows(i), dict(self.checks[i]), "",
                            [*self.areas[i]]) for i in range(self.num_players)]

    def outcome(self) -> Outcome | None:
        if self.phase != END:
            return None
        game = score_game(self.player_sheets(), self.virtual, with_rectangles=False)
        return Outcome(
            scores=tuple(float(p.total) for p in game.players),
            winners=frozenset(i for i, p in enumerate(game.players) if p.winner),
            breakdown=tuple(p.breakdown() for p in game.players),
            detail="shared victory" if game.shared_victory else "",
        )

    # --- information --------------------------------------------------------------------------
    def has_hidden_information(self) -> bool:
        return True

    def copy(self) -> Self:
        other = type(self)(self.num_players, self.options, self.rows, self.cols, self.starts,
                           self.colours, self.virtual, list(self.grids),
                           [dict(c) for c in self.checks], [list(a) for a in self.areas],
                           {k: list(v) for k, v in self.decks.items()}, dict(self.face),
                           dict(self.hand), self.round, self.phase, self.turn, list(self.draws),
                           list(self.actions), [list(s) for s in self.seen])
        other._legal = self._legal
        other._bits = list(self._bits)  # tuples of immutable values: shared safely
        return other

    def view(self, seat: int) -> Self:
        """The sheet `seat` holds as it is; every other sheet as the seat last saw it."""
        other = self.copy()
        held = self.held_sheet(seat) if 0 <= seat < self.num_players else -1
        for sheet in range(self.num_players):
            if sheet == held or self.phase == END:
                continue
            grid, checks = self.seen[seat][sheet]
            other.grids[sheet] = grid
            known = dict(checks)
            other.checks[sheet] = {c: known.get(c, 0) for c in self.checks[sheet]}
        if seat != self.to_move():
            other._legal = None
        return other

    def determinize(self, seat: int, rng: Any) -> Self:
        return self.view(seat)

    def _mover_text(self) -> str:
        seat = self.to_move()
        return f"seat {seat + 1} to move" if seat >= 0 else "chance" if seat == CHANCE else "over"

    def describe(self) -> str:
        where = (f"round {self.round}/{self.rounds}, {self.phase}"
                 + (f" pass {self.turn}" if self.phase == OTHER else ""))
        sheets = " | ".join(f"{c}:{g}" for c, g in zip(self.colours, self.grids, strict=True))
        checks = ";".join(",".join(f"{k}{v}" for k, v in c.items()) for c in self.checks)
        face = ",".join(f"{k}={v}" for k, v in sorted(self.face.items()))
        return (f"Alluvium {self.num_players}p {where}, {self._mover_text()}, face {face}, "
                f"areas {self.areas}, checks {checks}, sheets {sheets}")

    def invariant_errors(self) -> Sequence[str]:
        errors = []
        size = self.rows * self.cols
        allowed = set(self.colours) | {EMPTY} | ({self.virtual} if self.virtual else set())
        for i, grid in enumerate(self.grids):
            if len(grid) != size or not set(grid) <= allowed:
                errors.append(f"sheet {i} holds something that is not a cell")
        for i, checks in enumerate(self.checks):
            if any(v < 0 for v in checks.values()) or self.colours[i] in checks:
                errors.append(f"sheet {i} has a wrong track")
        for colour, left in self.decks.items():
            if len(left) > len(deck()):
                errors.append(f"deck {colour} has too many cards")
        if self.phase != END and not 1 <= self.round <= self.rounds:
            errors.append(f"round {self.round} out of range")
        if self.phase == END and any(len(a) != self.rounds for a in self.areas):
            errors.append("an area box is missing at the end")
        if self.round > 1:
            for i, grid in enumerate(self.grids):
                if any(grid[self._index(s)] == EMPTY for s in self.starts):
                    errors.append(f"sheet {i}: a start cell is still empty after round 1")
        return errors


_FILLED = str.maketrans({chr(c): "1" for c in range(65, 91)} | {EMPTY: "0", "x": "1"})


def _fitting(grid: str, card_id: str, rows: int, cols: int) -> list[tuple[Place, int]]:
    """The placements of a card on the empty cells of `grid` with their cell masks, in
    `_all_placements` order."""
    return _fits(~filled_mask(grid) & board_mask(rows, cols), card_id, rows, cols)


def _fits(free: int, card_id: str, rows: int, cols: int) -> list[tuple[Place, int]]:
    """The placements of a card on the cells of the mask `free` with their cell masks, in
    `_all_placements` order."""
    placements = _all_placements(card_id, rows, cols)
    found = []
    for anchors, index in fitting_anchors(free, card_id, rows, cols):
        while anchors:
            low = anchors & -anchors
            anchors ^= low
            found.append(index[low.bit_length() - 1])
    found.sort()
    return [placements[i] for i in found]


def fitting_anchors(free: int, card_id: str, rows: int,
                    cols: int) -> list[tuple[int, tuple[int, ...]]]:
    """Per orientation of a card's piece that fits somewhere on the cells of the mask `free`:
    the mask of the anchor cells (its bounding box's top left) where it fits, and each
    anchor's index in `_all_placements`."""
    found = []
    for offsets, anchors, index in _orientations_on(card_id, rows, cols):
        for offset in offsets:
            anchors &= free >> offset
        if anchors:
            found.append((anchors, index))
    return found


def nth_bit(mask: int, n: int) -> int:
    """The index of the `n`-th (from 0) lowest set bit of `mask`."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def fillable_bits(filled: int, rows: int, cols: int) -> int:
    """Action B cells as a mask: empty, off the border, all four neighbours filled."""
    return (_inner_mask(rows, cols) & ~filled & (filled << 1) & (filled >> 1)
            & (filled << cols) & (filled >> cols))


def move_mask(move: Any, cols: int) -> int:
    """The cells a move draws on, as a mask (none for a pass)."""
    if isinstance(move, Place):
        return _cells_mask(move.cells, cols)
    if isinstance(move, Fill):
        return 1 << (move.cell[0] * cols + move.cell[1])
    return 0


@lru_cache(maxsize=1 << 14)
def _cells_mask(cells: tuple[Cell, ...], cols: int) -> int:
    return sum(1 << (r * cols + c) for r, c in cells)


def _painted(grid: str, piece: int, letter: str) -> str:
    """`grid` with the cells of the mask `piece` holding `letter`."""
    chars = bytearray(grid, "ascii")
    code = ord(letter)
    for index in _bit_indexes(piece):
        chars[index] = code
    return chars.decode("ascii")


@lru_cache(maxsize=1 << 14)
def _bit_indexes(mask: int) -> tuple[int, ...]:
    """The set bits of a mask (a piece's cells), lowest first."""
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


@cache
def board_mask(rows: int, cols: int) -> int:
    """Every cell of a map of `rows` × `cols`."""
    return (1 << (rows * cols)) - 1


@lru_cache(maxsize=4096)
def _first_pieces(grid: str, first: str, second: str, starts: tuple[Cell, Cell], rows: int,
                  cols: int) -> tuple[Place, ...]:
    """Round 1: the first piece covers exactly one start cell and leaves a place for the
    second piece on the other (every map starts empty: remembered for the next game)."""
    found = []
    filled = filled_mask(grid)
    at_first, at_second = (1 << (r * cols + c) for r, c in starts)
    for move, mask in _fitting(grid, first, rows, cols):
        if bool(mask & at_first) == bool(mask & at_second):
            continue  # covers no start cell, or both
        other = starts[1] if mask & at_first else starts[0]
        after = filled | mask
        if any(not m & after for _, m in _covering(second, rows, cols, other)):
            found.append(move)
    return tuple(found)


def _second_pieces(grid: str, card_id: str, starts: tuple[Cell, Cell], rows: int,
                   cols: int) -> tuple[Place, ...]:
    """Round 1: the second piece covers the start cell still uncovered."""
    filled = filled_mask(grid)
    uncovered = _cells_mask(starts, cols) & ~filled
    return tuple(m for m, mask in _touching(card_id, rows, cols, uncovered) if not mask & filled)


@cache
def _draw(colour: str, card_id: str) -> Draw:
    return Draw(colour, card_id)


@lru_cache(maxsize=1 << 14)
def letter_mask(grid: str, letter: str) -> int:
    """Bit i set when cell index i holds `letter`."""
    return letter_bits(grid, letter)


def mask_area(filled: int, rows: int, cols: int) -> int:
    """The largest all-filled rectangle of a map given as one bit mask."""
    return largest_area_bits(filled, rows, cols)


def edges_between(piece: int, other: int, rows: int, cols: int) -> int:
    """Edges between the cells of two bit masks (orthogonal neighbours)."""
    left, right, _every = edge_masks(rows, cols)
    return ((((piece & ~left) >> 1) & other).bit_count()
            + (((piece & ~right) << 1) & other).bit_count()
            + ((piece >> cols) & other).bit_count()
            + ((piece << cols) & other).bit_count())


@lru_cache(maxsize=1 << 16)
def filled_mask(grid: str) -> int:
    """Bit i set when cell index i is filled (remembered: a searching bot meets the same
    sheets again and again)."""
    return int(grid.translate(_FILLED)[::-1], 2)


@cache
def _inner_mask(rows: int, cols: int) -> int:
    """The cells off the border."""
    return sum(1 << (r * cols + c) for r in range(1, rows - 1) for c in range(1, cols - 1))


@cache
def _orientations_on(card_id: str, rows: int,
                     cols: int) -> tuple[tuple[tuple[int, ...], int, tuple[int, ...]], ...]:
    """Per orientation of a card's piece: its cells' index offsets from its bounding box's
    top left (the anchor), the anchors where it stays inside the map, and per anchor cell
    the placement's index in `_all_placements` (-1 where it does not fit)."""
    shapes: dict[tuple[Cell, ...], list[int]] = {}
    for i, (move, _mask) in enumerate(_all_placements(card_id, rows, cols)):
        top = min(r for r, _ in move.cells)
        left = min(c for _, c in move.cells)
        shape = tuple((r - top, c - left) for r, c in move.cells)
        index = shapes.setdefault(shape, [-1] * (rows * cols))
        index[top * cols + left] = i
    return tuple((tuple(r * cols + c for r, c in shape),
                  sum(1 << a for a, i in enumerate(index) if i >= 0), tuple(index))
                 for shape, index in shapes.items())


@cache
def _all_placements(card_id: str, rows: int, cols: int) -> tuple[tuple[Place, int], ...]:
    """Every placement of a card on an empty map, sorted by cells, with its cell mask."""
    found = []
    for shape in orientations(card_of(card_id).shape):
        height = 1 + max(r for r, _ in shape)
        width = 1 + max(c for _, c in shape)
        for top in range(rows - height + 1):
            for left in range(cols - width + 1):
                cells = tuple(sorted((top + r, left + c) for r, c in shape))
                found.append((Place(card_id, cells),
                              sum(1 << (r * cols + c) for r, c in cells)))
    found.sort(key=lambda item: item[0].cells)
    return tuple(found)


@cache
def _covering(card_id: str, rows: int, cols: int, cell: Cell) -> tuple[tuple[Place, int], ...]:
    """The placements of a card on an empty map that cover `cell`."""
    return _touching(card_id, rows, cols, 1 << (cell[0] * cols + cell[1]))


@cache
def _touching(card_id: str, rows: int, cols: int, cells: int) -> tuple[tuple[Place, int], ...]:
    """The placements of a card on an empty map that cover a cell of the mask `cells`."""
    return tuple(item for item in _all_placements(card_id, rows, cols) if item[1] & cells)


def new_state(num_players: int, options: dict[str, Any]) -> GameState:
    return AlluviumState.start(num_players, options)


def evaluate(state: GameState, seat: int) -> float:
    """Greedy bot: areas so far + the own map's rectangle now + adjacency earned elsewhere."""
    assert isinstance(state, AlluviumState)
    own = sum(state.areas[seat]) + area_bonus(state.grid_rows(seat))
    colour = state.colours[seat]
    checks = sum(c.get(colour, 0) for i, c in enumerate(state.checks) if i != seat)
    groups = sum(1 for g in state.grids for ch in g if ch == colour)
    return own + 0.6 * checks + 0.2 * groups
