"""机戦 digital play: the rules engine on the shared `GameState` API (two seats).

Seat 0 plays the IA side (black king, bottom of the diagrams, moving up), seat 1 the A side
(red king, top). A game is up to `seasons` seasons; each starts from the start position with
empty hands and rate ×1, and chance draws which side moves first (``first IA`` / ``first A``).

A turn: move a piece of your own, or the 皇, or put a captured piece on an empty square. A move
ending on an enemy piece captures it into your captured pieces (手駒). A move may step on one
occupied square and go on (踏越え); a ranging second leg needs a stick cast (``=k``: k of five
sticks face up, the greatest distance from the stepped-on square), after which the mover
completes it (``go``) or gives it up (``stay``). A move ending in water from outside it needs a
cast of 3 or more (ships, the 皇 and drops are exempt). When the move forms a new hand among
the mover's captured pieces, or a penalty hand (撃皇, 皇再来), the mover declares 再行 (the
season goes on, the rate doubles up to ×64) or 終季 (the mover is paid all hands held plus this
move's penalties, times the rate; the next season begins). Points move between the sides
(20 each at the start); the game ends when a side holds all of them, when the last season
ends, or when the side to move has no legal move. See cetkaik.md §8 for every decision and
`RuleOptions` for the options that change them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome, Termination
from companion.core.errors import IllegalMoveError
from companion.games.cetkaik.compiled import (
    EMPTY,
    GENERAL_CODES,
    KIND_OF,
    KINDS,
    PROFESSION_OF,
    SIDE_OF,
    TAM,
    VESSEL_CODES,
    Tables,
    piece_code,
    tables,
)
from companion.games.cetkaik.hands import (
    STEP_ON_TAM,
    TAM_AGAIN,
    HandFound,
    HandTable,
    Penalty,
    points_text,
)
from companion.games.cetkaik.moves import (
    AfterCast,
    CetkaikMove,
    ChainCast,
    Declare,
    Drop,
    FirstMover,
    PieceMove,
    TamMove,
    parse_move,
)
from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.variants import SIDE_NAMES, STANDARD, VARIANTS, Variant, hand_table
from companion.games.sticks.moves import ALL_THROWS, THROW_ODDS, Sticks

#: Sticks face up needed to enter water.
WATER_ENTRY = 3
SEASON_NAMES = (("春", "spring"), ("夏", "summer"), ("秋", "autumn"), ("冬", "winter"))

# Phases of a turn.
SEASON_START = "first"  # chance: who moves first this season
MOVE = "move"  # the side to move chooses a move
STEP_CAST = "step cast"  # chance: the stepping cast
STEP_CHAIN = "chain cast"  # 連撃術: the mover casts again or keeps the total
AFTER_CAST = "after cast"  # the mover completes the stepping move or gives it up
WATER_CAST = "water cast"  # chance: the water-entry cast
DECLARE = "declare"  # the mover declares 再行 or 終季
OVER = "over"

CHANCE_PHASES = frozenset({SEASON_START, STEP_CAST, WATER_CAST})
FIRST_OUTCOMES = ((FirstMover(0), 0.5), (FirstMover(1), 0.5))
CONSEQUENCES = ("hand", "deduct", "allowed", "forbidden")
AGAIN, END = Declare(True), Declare(False)
STAY = AfterCast("")
RECAST, BANK = ChainCast(True), ChainCast(False)
#: 連撃術: a re-cast with fewer sticks face up than this loses the whole total.
CHAIN_LOSS = 2


@dataclass(frozen=True)
class RuleOptions:
    """The named options of the standard game (defaults: cetkaik.md §8)."""

    variant: str = "standard"
    seasons: int = 4
    #: Stepping on the 皇 (撃皇): "hand" (−5, calls the declaration), "deduct" (−5 × rate at
    #: once), "forbidden".
    step_on_tam: str = "hand"
    #: Whether the square the 皇 stands on is 皇処 too (matters when stepping on the 皇).
    tam_square_hue: bool = False
    #: 皇再来 when the 皇 moves right after the opponent moved it, and when a 皇 move ends where
    #: it started: "hand" (−3, calls the declaration), "deduct" (−3 × rate at once),
    #: "allowed" (no penalty), "forbidden".
    tam_after_opponent: str = "hand"
    tam_back_home: str = "hand"
    #: What the mover announces before a stepping cast: "square", "direction" or "nothing".
    announce: str = "square"
    #: Hand values: "book" (馬弓兵 7, as the book prints it) or "official" (馬弓兵 5).
    hand_values: str = "book"
    #: Points each side starts with (0: the rule set's, 20 or 10 in 教育机戦).
    start_points: int = 0
    #: The hand list: "standard", "renjuren" (連獣連体系), "sanren" (三連体系).
    hand_system: str = "standard"
    #: "modern", or 古計算法 "old24", "old35", "old35_unused" (see `hands`).
    counting: str = "modern"
    #: The same hand more than once: "once", "twice", "copies".
    same_hand: str = "once"
    #: "standard" moves, or "pek_tam_py" (硬皇力: pieces grow stronger on 皇処).
    movement: str = "standard"
    #: 連撃術: after a stepping cast the mover may cast again and add (0 or 1 loses it all).
    chain_casting: bool = False
    #: The game ends when a side holds all the points (False: all seasons are played and
    #: points may go below zero).
    cap: bool = True

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> RuleOptions:
        known = {k: v for k, v in options.items() if k in cls.__dataclass_fields__}
        return cls(**known)


@dataclass(frozen=True)
class SeasonResult:
    """How a season ended: who declared 終季 with which hands, at what rate, for how much."""

    season: int
    declarer: int
    hands: tuple[HandFound, ...]
    penalties: tuple[Penalty, ...]
    rate: int
    points: int  # what the declarer was paid (negative: what they paid)


@dataclass
class CetkaikState(GameState):
    """A 机戦 position; build it with `new_state` (or `CetkaikState.start`)."""

    game_id = "cetkaik"

    rules: RuleOptions = field(default_factory=RuleOptions)
    variant: Variant = STANDARD
    board: list[int] = field(default_factory=list)
    hop: list[list[int]] = field(default_factory=list)  # captured-piece counts per side
    tam: int = -1
    phase: str = SEASON_START
    mover: int = 0
    starter: int = -1  # the side that moved first this season (-1: not drawn yet)
    season: int = 0
    scores: list[int] = field(default_factory=list)
    rate: int = 1
    tam_moved: bool = False  # the last turn was a 皇 move (by the side not moving now)
    moved_tam: bool = False  # the move being resolved moves the 皇
    pending: tuple[int, int, int] = (-1, -1, -1)  # (src, via, dest) of a move awaiting casts
    plan: str = ""  # the pending stepping move's announcement: "square", "towards", "open"
    reach: tuple[int, ...] = ()  # squares the mover may still go to after a stepping cast
    chain_total: int = 0  # 連撃術: the sticks summed so far in this stepping move
    chain_casts: int = 0  # 連撃術: the casts made so far in this stepping move
    last_cast: int = -1  # sticks face up in the latest cast of the season (-1: none yet)
    last_cast_kind: str = ""  # what the latest cast decided: "step", "water" ("": none yet)
    last_cast_ok: bool = False  # whether it let the piece go on (step) or in (water)
    captured: int = -1  # kind captured by the move being resolved
    penalties: list[Penalty] = field(default_factory=list)  # penalty hands of this move
    results: list[SeasonResult] = field(default_factory=list)
    turns: int = 0
    reason: str = ""
    termination: Termination = Termination.NORMAL
    _legal: list[Any] | None = field(default=None, repr=False, compare=False)
    _by_text: tuple[list[Any], dict[str, Any]] | None = field(default=None, repr=False,
                                                               compare=False)

    # --- construction -------------------------------------------------------------------------
    #: The rule set this class plays (`variants.VARIANTS`).
    variant_key: ClassVar[str] = "standard"

    @classmethod
    def start(cls, options: Mapping[str, Any] | None = None) -> CetkaikState:
        given = {k: v for k, v in (options or {}).items() if k != "variant"}
        rules = RuleOptions.from_options({**given, "variant": cls.variant_key})
        state = cls(2, given, rules, VARIANTS[rules.variant])
        state.scores = [state.start_points * state.scale] * 2
        state._new_season()
        return state

    @property
    def tables(self) -> Tables:
        """The rule set's move tables (shared by every state, never held by one: a copy
        shares nothing mutable)."""
        return tables(self.variant.key, self.rules.tam_square_hue, self.rules.movement)

    @property
    def hand_table(self) -> HandTable:
        r = self.rules
        return hand_table(self.variant.key, r.hand_values == "official", r.hand_system,
                          r.counting, r.same_hand)

    def _new_season(self) -> None:
        t = self.tables
        placements, tam = self.variant.start()
        self.board = [EMPTY] * t.size
        for sq, colour, profession, side in placements:
            self.board[sq] = piece_code(colour, profession, side)
        self.tam = tam
        if tam >= 0:
            self.board[tam] = TAM
        self.hop = [[0] * KINDS, [0] * KINDS]
        self.rate = 1
        self.tam_moved = False
        self.last_cast = -1
        self.last_cast_kind = ""
        self.last_cast_ok = False
        self.phase = SEASON_START

    def copy(self) -> Self:
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        d["board"] = list(self.board)
        d["hop"] = [list(self.hop[0]), list(self.hop[1])]
        d["scores"] = list(self.scores)
        d["penalties"] = list(self.penalties)
        d["results"] = list(self.results)
        if self._legal is not None:
            d["_legal"] = list(self._legal)
        d["_by_text"] = None
        return other

    # --- queries for people and views ---------------------------------------------------------
    @property
    def seasons(self) -> int:
        return self.rules.seasons

    @property
    def scale(self) -> int:
        """Points are kept in these units: 1, or 10 (tenths) under 古計算法 and 三連体系."""
        return self.hand_table.scale

    @property
    def start_points(self) -> int:
        return self.rules.start_points or self.variant.start_points

    @property
    def total_points(self) -> int:
        """The points of both sides together, in `scale` units."""
        return 2 * self.start_points * self.scale

    def penalty_points(self) -> int:
        """This move's penalty hands, in `scale` units."""
        return sum(p.points for p in self.penalties) * self.scale

    @property
    def over(self) -> bool:
        return self.phase == OVER

    def piece_at(self, square: str) -> tuple[Colour, Profession, int] | None:
        """(colour, profession, owning side) on `square`, None when empty or the 皇."""
        code = self.board[self.tables.board.parse_square(square)]
        if code <= TAM:
            return None
        return Colour(KIND_OF[code] & 1), Profession(PROFESSION_OF[code]), SIDE_OF[code]

    def tam_square(self) -> str:
        return self.tables.names[self.tam] if self.tam >= 0 else ""

    def hue_squares(self) -> list[str]:
        """The squares that are 皇処 now: the fixed ones and those round the 皇."""
        hue = self.tables.hue[self.tam]
        return [name for name, on in zip(self.tables.names, hue, strict=True) if on]

    def captured_pieces(self, side: int) -> dict[tuple[Colour, Profession], int]:
        """The side's captured pieces (手駒): (colour, profession) → how many."""
        return {(Colour(k & 1), Profession(k >> 1)): n for k, n in enumerate(self.hop[side])
                if n}

    def hands(self, side: int) -> tuple[HandFound, ...]:
        """Every hand the side's captured pieces form now."""
        return self.hand_table.hands(self.hop[side])

    def hand_points(self, side: int) -> int:
        """What 終季 would pay the side now, before the rate (hands only, no penalty)."""
        return self.hand_table.score(self.hop[side])

    def targets(self, square: str) -> list[str]:
        """Every square a move of the piece (or 皇) on `square` may end on now, for a board
        view to highlight (stepping moves announce their final square)."""
        return list(dict.fromkeys(m.dest or str(m.via) for m in self.moves_from(square)))

    def moves_from(self, square: str) -> list[PieceMove | TamMove]:
        """The legal moves of the piece (or the 皇) on `square`."""
        name = self.tables.board.canonical(square)
        return [m for m in self.legal_moves() if isinstance(m, (PieceMove, TamMove))
                and m.src == name]

    def casts_for(self, move: Any) -> tuple[str, ...]:
        """The casts a legal move of the MOVE phase will call for: ``"step"`` (a ranging second
        leg), ``"water"`` (entering water); the water cast after an announced direction or
        nothing depends on where the piece goes, so it is not listed then."""
        if self.phase != MOVE or not isinstance(move, PieceMove):
            return ()
        index = self.tables.index
        src = index[move.src]
        casts: list[str] = []
        if move.via and (not move.dest or move.towards or not self._is_fixed_second_leg(
                src, index[move.via], index[move.dest])):
            casts.append("step")
        if move.dest and not move.towards:
            dest = index[move.dest]
            water = self.tables.water
            if water[dest] and not water[src] and self.board[src] not in VESSEL_CODES:
                casts.append("water")
        return tuple(casts)

    def pending_move(self) -> tuple[str, str, str] | None:
        """(start, stepped-on square, announced square) of a move waiting for casts."""
        if self.phase not in (STEP_CAST, AFTER_CAST, WATER_CAST):
            return None
        names = self.tables.names
        src, via, dest = self.pending
        return (names[src], names[via] if via >= 0 else "", names[dest] if dest >= 0 else "")

    def declaration_value(self) -> int:
        """What 終季 pays the mover now (hands held plus this move's penalties, times the
        rate); only meaningful while a declaration is due."""
        return (self.hand_points(self.mover) + self.penalty_points()) * self.rate

    def leader(self) -> int | None:
        """The seat with more points, None when level."""
        if self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    # --- the API ------------------------------------------------------------------------------
    def to_move(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self.mover

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.phase == SEASON_START:
            return list(FIRST_OUTCOMES)
        if self.phase in (STEP_CAST, WATER_CAST):
            return list(THROW_ODDS)
        return []

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Any]:
        phase = self.phase
        if phase == MOVE:
            return self._moves(self.mover)
        if phase == DECLARE:
            return [AGAIN, END]
        if phase == STEP_CHAIN:
            return [RECAST, BANK]
        if phase == AFTER_CAST:
            names = self.tables.names
            return [AfterCast(names[sq]) for sq in self.reach] + [STAY]
        if phase == SEASON_START:
            return [m for m, _ in FIRST_OUTCOMES]
        if phase in (STEP_CAST, WATER_CAST):
            return list(ALL_THROWS)
        return []

    def play(self, move: Any) -> None:
        """Apply `move` (the legal move equal to it); `IllegalMoveError` with the position and
        the reason otherwise."""
        if self._legal is None:
            self._legal = self._compute_legal()
        if self._by_text is None or self._by_text[0] is not self._legal:
            self._by_text = (self._legal, {str(m): m for m in self._legal})
        found = self._by_text[1].get(str(move))
        if found is None or found != move:
            raise IllegalMoveError(move, self.describe(), self.why_illegal(move))
        self._apply(found)

    def parse_move(self, text: str) -> CetkaikMove:
        return parse_move(text, self.tables.board)

    # --- move generation ----------------------------------------------------------------------
    def _moves(self, side: int) -> list[Any]:
        moves = self._board_moves(side)
        if self.tam >= 0:
            moves += self._tam_moves()
        moves += self._drops(side)
        return moves

    def _protected(self, owner: int) -> list[bool]:
        """Squares whose piece of `owner` the other side may not capture: the neighbours of
        `owner`'s 将 standing on 皇処."""
        t = self.tables
        board = self.board
        hue = t.hue[self.tam]
        guarded = [False] * t.size
        for code in GENERAL_CODES[owner]:
            sq = -1
            while True:
                try:
                    sq = board.index(code, sq + 1)
                except ValueError:
                    break
                if hue[sq]:
                    for n in t.neighbours[sq]:
                        guarded[n] = True
        return guarded

    def _board_moves(self, side: int) -> list[Any]:
        t = self.tables
        board = self.board
        hue = t.hue[self.tam]
        table = t.moves
        guarded = self._protected(1 - side)
        may_step_on_tam = self.rules.step_on_tam != "forbidden"
        moves: list[Any] = []
        add = moves.append
        simple = t.simple
        for src in range(t.size):
            code = board[src]
            if code <= TAM or SIDE_OF[code] != side:
                continue
            patterns = table[code]
            assert patterns is not None
            steps, rays = patterns[hue[src]][src]
            targets: list[int] = []
            for target, empty in steps:
                if empty and any(board[b] for b in empty):
                    continue
                targets.append(target)
            for line, passes in rays:
                passed = 0
                for target in line:
                    targets.append(target)
                    if board[target]:
                        if passed >= passes:
                            break
                        passed += 1
            for target in targets:
                occupant = board[target]
                if occupant == EMPTY:
                    add(simple(src, target))
                    continue
                if occupant == TAM:
                    if may_step_on_tam:
                        self._second_legs(src, target, code, side, guarded, moves)
                    continue
                if SIDE_OF[occupant] != side and not guarded[target]:
                    add(simple(src, target))
                self._second_legs(src, target, code, side, guarded, moves)
        return moves

    def _second_legs(self, src: int, via: int, code: int, side: int, guarded: list[bool],
                     moves: list[Any]) -> None:
        """Moves stepping on `via`: fixed second legs, and ranging ones as announced."""
        t = self.tables
        board = self.board
        board[src] = EMPTY  # the moving piece does not block its own second leg
        try:
            patterns = t.moves[code]
            assert patterns is not None
            steps, rays = patterns[t.hue[self.tam][via]][via]
            for dest, empty in steps:
                if empty and any(board[b] for b in empty):
                    continue
                occupant = board[dest]
                if occupant == EMPTY or (occupant > TAM and SIDE_OF[occupant] != side
                                         and not guarded[dest]):
                    moves.append(t.step(src, via, dest))
            plan = self.rules.announce
            any_open = False
            for line, passes in rays:
                reachable = self._reachable(line, passes, side, guarded)
                if not reachable:
                    continue
                if plan == "square":
                    moves.extend(t.step(src, via, dest) for dest in reachable)
                elif plan == "direction":
                    moves.append(t.towards(src, via, line[0]))
                else:
                    any_open = True
            if any_open:
                moves.append(t.open_step(src, via))
        finally:
            board[src] = code

    def _reachable(self, line: Sequence[int], passes: int, side: int, guarded: Sequence[bool],
                   limit: int = 99, origin: int = -1) -> list[int]:
        """Squares of a ray a piece of `side` may end on (at most `limit` from `origin`)."""
        board = self.board
        found = []
        passed = 0
        distance = self.tables.board.distance
        for dest in line:
            if origin >= 0 and distance(origin, dest) > limit:
                break
            occupant = board[dest]
            if occupant == EMPTY:
                found.append(dest)
                continue
            if occupant > TAM and SIDE_OF[occupant] != side and not guarded[dest]:
                found.append(dest)
            if passed >= passes:
                break
            passed += 1
        return found

    def _tam_moves(self) -> list[Any]:
        """The 皇's moves: two king steps to empty squares; one of the squares it enters may be
        occupied (it steps on that piece and goes on)."""
        consequence = self.rules
        if self.tam_moved and consequence.tam_after_opponent == "forbidden":
            return []
        home_allowed = consequence.tam_back_home != "forbidden"
        t = self.tables
        board = self.board
        nbrs = t.neighbours
        tam = self.tam
        make = t.tam
        moves: list[Any] = []
        board[tam] = EMPTY
        try:
            for first in nbrs[tam]:
                if board[first] == EMPTY:
                    for second in nbrs[first]:
                        if board[second] == EMPTY:
                            if second != tam or home_allowed:
                                moves.append(make((tam, first, second), 0))
                        else:
                            for third in nbrs[second]:
                                if board[third] == EMPTY and (third != tam or home_allowed):
                                    moves.append(make((tam, first, second, third), 2))
                else:
                    for second in nbrs[first]:
                        if board[second] == EMPTY:
                            for third in nbrs[second]:
                                if board[third] == EMPTY and (third != tam or home_allowed):
                                    moves.append(make((tam, first, second, third), 1))
        finally:
            board[tam] = TAM
        return moves

    def _tam_can_move(self) -> bool:
        """Whether the 皇 has a move: an empty neighbour with an empty neighbour in turn
        (rare positions without one fall back to the full list)."""
        if self.tam_moved and self.rules.tam_after_opponent == "forbidden":
            return False
        board, nbrs, tam = self.board, self.tables.neighbours, self.tam
        for first in nbrs[tam]:
            if board[first] == EMPTY:
                for second in nbrs[first]:
                    if board[second] == EMPTY:
                        return True
        return bool(self._tam_moves())

    def _drops(self, side: int) -> list[Any]:
        held = [kind for kind, n in enumerate(self.hop[side]) if n]
        if not held:
            return []
        board = self.board
        empty = [sq for sq in range(len(board)) if board[sq] == EMPTY]
        drop = self.tables.drop
        return [drop(kind, sq) for kind in held for sq in empty]

    def _has_a_move(self, side: int) -> bool:
        """Whether `side` can move at all (cheap checks first)."""
        if self.tam >= 0 and self._tam_can_move():
            return True
        if any(self.hop[side]) and EMPTY in self.board:
            return True
        return bool(self._board_moves(side))

    # --- applying moves -----------------------------------------------------------------------
    def _apply(self, move: Any) -> None:
        self._legal = None
        phase = self.phase
        if phase == MOVE:
            self.captured = -1
            self.penalties = []
            self.moved_tam = False
            if type(move) is PieceMove:
                self._piece_move(move)
            elif type(move) is TamMove:
                self._tam_move(move)
            else:
                self._drop(move)
        elif phase == STEP_CAST:
            self.last_cast, self.last_cast_kind = move.face_up, "step"
            if self.rules.chain_casting:
                self._chain_cast(move.face_up)
            else:
                self._step_cast(move.face_up)
            self.last_cast_ok = self.phase in (AFTER_CAST, STEP_CHAIN)
        elif phase == STEP_CHAIN:
            if move.again:
                self.phase = STEP_CAST
            else:
                self._step_cast(self.chain_total)
        elif phase == WATER_CAST:
            self.last_cast, self.last_cast_kind = move.face_up, "water"
            self.last_cast_ok = move.face_up >= WATER_ENTRY
            if move.face_up >= WATER_ENTRY:
                self._land(self.pending[0], self.pending[2])
            else:
                self._end_move()
        elif phase == AFTER_CAST:
            if move.dest:
                self._arrive(self.pending[0], self.tables.index[move.dest], self.pending[1])
            else:
                self._end_move()
        elif phase == DECLARE:
            self._declare(move.again)
        elif phase == SEASON_START:
            self.mover = self.starter = move.side
            self.phase = MOVE

    def _piece_move(self, move: PieceMove) -> None:
        index = self.tables.index
        src = index[move.src]
        if not move.via:
            self._arrive(src, index[move.dest])
            return
        via = index[move.via]
        dest = index[move.dest] if move.dest else -1
        if self.board[via] == TAM:
            self._penalty(STEP_ON_TAM, self.rules.step_on_tam)
            if self.phase == OVER:
                return
        if move.towards:
            self.plan = "towards"
        elif dest < 0:
            self.plan = "open"
        elif self._is_fixed_second_leg(src, via, dest):
            self._arrive(src, dest, via)
            return
        else:
            self.plan = "square"
        self.pending = (src, via, dest)
        self.phase = STEP_CAST

    def _is_fixed_second_leg(self, src: int, via: int, dest: int) -> bool:
        t = self.tables
        code = self.board[src]
        patterns = t.moves[code]
        assert patterns is not None
        steps, _ = patterns[t.hue[self.tam][via]][via]
        return any(target == dest for target, _ in steps)

    def _chain_cast(self, face_up: int) -> None:
        """連撃術: the cast adds to the total (a re-cast below 2 loses it, and the move); the
        mover then casts again or keeps the total — unless the announced square is reached or
        nothing more could be reached."""
        self.chain_casts += 1
        if self.chain_casts > 1 and face_up < CHAIN_LOSS:
            self._end_move()
            return
        self.chain_total += face_up
        _, via, dest = self.pending
        board = self.tables.board
        enough = (self.plan == "square" and board.distance(via, dest) <= self.chain_total) or \
            self.chain_total >= max(board.width, board.height)
        if enough:
            self._step_cast(self.chain_total)
        else:
            self.phase = STEP_CHAIN

    def _step_cast(self, face_up: int) -> None:
        src, via, dest = self.pending
        t = self.tables
        reach: tuple[int, ...]
        if self.plan == "square":
            reach = (dest,) if t.board.distance(via, dest) <= face_up else ()
        else:
            reach = self._cast_reach(src, via, dest, face_up)
        if reach:
            self.reach = reach
            self.phase = AFTER_CAST
        else:
            self._end_move()

    def _cast_reach(self, src: int, via: int, first: int, face_up: int) -> tuple[int, ...]:
        """Squares of the ranging second leg within `face_up` of `via` (on the announced line
        when `first` is given)."""
        t = self.tables
        code = self.board[src]
        side = SIDE_OF[code]
        patterns = t.moves[code]
        assert patterns is not None
        _, rays = patterns[t.hue[self.tam][via]][via]
        guarded = self._protected(1 - side)
        found: list[int] = []
        self.board[src] = EMPTY
        try:
            for line, passes in rays:
                if first >= 0 and line[0] != first:
                    continue
                found += self._reachable(line, passes, side, guarded, face_up, via)
        finally:
            self.board[src] = code
        return tuple(found)

    def _arrive(self, src: int, dest: int, via: int = -1) -> None:
        """The piece reaches `dest`, after the water-entry cast when one is due (the start
        square decides the exemption, not the stepped-on one)."""
        t = self.tables
        if t.water[dest] and not t.water[src] and self.board[src] not in VESSEL_CODES:
            self.pending = (src, via, dest)
            self.phase = WATER_CAST
            return
        self._land(src, dest)

    def _land(self, src: int, dest: int) -> None:
        if dest != src:
            board = self.board
            occupant = board[dest]
            if occupant > TAM:
                self.captured = KIND_OF[occupant]
                self.hop[SIDE_OF[board[src]]][self.captured] += 1
            board[dest] = board[src]
            board[src] = EMPTY
        self._end_move()

    def _tam_move(self, move: TamMove) -> None:
        index = self.tables.index
        src, dest = index[move.src], index[move.dest]
        self.moved_tam = True
        if self.tam_moved:
            self._penalty(TAM_AGAIN, self.rules.tam_after_opponent)
        if src == dest and self.phase != OVER:
            self._penalty(TAM_AGAIN, self.rules.tam_back_home)
        if self.phase == OVER:
            return
        self.board[src] = EMPTY
        self.board[dest] = TAM
        self.tam = dest
        self._end_move()

    def _drop(self, move: Drop) -> None:
        kind = int(move.profession) * 2 + int(move.colour)
        self.hop[self.mover][kind] -= 1
        self.board[self.tables.index[move.dest]] = piece_code(move.colour, move.profession,
                                                              self.mover)
        self._end_move()

    def _penalty(self, penalty: Penalty, consequence: str) -> None:
        if consequence == "hand":
            self.penalties.append(penalty)
        elif consequence == "deduct":
            self._transfer(self.mover, penalty.points * self.scale * self.rate)

    def _end_move(self) -> None:
        """The move is over (made, failed or given up): a declaration, or the next turn."""
        self.pending = (-1, -1, -1)
        self.plan = ""
        self.reach = ()
        self.chain_total = self.chain_casts = 0
        if self.penalties or self._new_hand():
            self.phase = DECLARE
            return
        self._next_turn()

    def _new_hand(self) -> bool:
        if self.captured < 0:
            return False
        after = self.hop[self.mover]
        before = list(after)
        before[self.captured] -= 1
        table = self.hand_table
        return not table.hand_ids(after) <= table.hand_ids(before)

    def _next_turn(self) -> None:
        self.tam_moved = self.moved_tam
        self.moved_tam = False
        self.captured = -1
        self.penalties = []
        self.turns += 1
        self.mover = 1 - self.mover
        self.phase = MOVE
        if not self._has_a_move(self.mover):
            self._finish(f"{SIDE_NAMES[self.mover]} side has no legal move",
                         Termination.NORMAL)

    def _declare(self, again: bool) -> None:
        if again:
            self.rate = min(self.rate * 2, self.variant.rate_cap)
            self._next_turn()
            return
        side = self.mover
        hands = self.hands(side)
        penalties = tuple(self.penalties)
        amount = (sum(h.value for h in hands) + self.penalty_points()) * self.rate
        self.results.append(SeasonResult(self.season, side, hands, penalties, self.rate, amount))
        self.penalties = []
        self._transfer(side, amount)
        if self.phase == OVER:
            return
        if self.season + 1 >= self.seasons:
            self._finish(f"{self.seasons} season{'s' if self.seasons > 1 else ''} played",
                         Termination.ROUND_LIMIT)
            return
        self.season += 1
        self.turns += 1
        self._new_season()

    def _transfer(self, side: int, amount: int) -> None:
        """`side` receives `amount` points from the other (pays when negative); a side left
        with nothing ends the game (unless the option plays every season without a cap)."""
        total = self.total_points
        if not self.rules.cap:
            self.scores[side] += amount
            self.scores[1 - side] = total - self.scores[side]
            return
        mine = max(0, min(total, self.scores[side] + amount))
        self.scores[side] = mine
        self.scores[1 - side] = total - mine
        if mine in (0, total):
            winner = side if mine == total else 1 - side
            self._finish(f"{SIDE_NAMES[winner]} side holds all "
                         f"{points_text(total, self.scale)} points", Termination.NORMAL)

    def _finish(self, reason: str, termination: Termination) -> None:
        self.phase = OVER
        self.reason = reason
        self.termination = termination

    # --- result -------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        lead = self.leader()
        winners = frozenset() if lead is None else frozenset({lead})
        seasons_won = [sum(1 for r in self.results if r.declarer == s and r.points > 0)
                       for s in (0, 1)]
        points = [self.scores[s] / self.scale for s in (0, 1)]
        breakdown = tuple({"points": points[s], "seasons": float(seasons_won[s])}
                          for s in (0, 1))
        detail = self.reason if lead is not None else f"{self.reason}: a draw"
        return Outcome(tuple(points), winners, self.termination, breakdown, detail)

    def why_illegal(self, move: Any) -> str:
        from companion.games.cetkaik.explain import why_illegal

        return why_illegal(self, move)

    # --- text ---------------------------------------------------------------------------------
    def describe(self) -> str:
        from companion.games.cetkaik.explain import describe

        return describe(self)

    def invariant_errors(self) -> Sequence[str]:
        from companion.games.cetkaik.explain import invariant_errors

        return invariant_errors(self)


@dataclass
class EducationState(CetkaikState):
    """A position of 教育机戦 (the same engine on the 5 × 7 board; its own registry id)."""

    game_id = "cetkaik_education"
    variant_key = "education"


def new_state(num_players: int, options: Mapping[str, Any]) -> CetkaikState:
    """The start of a game (the first season's first mover still to be drawn); the option
    ``variant`` names the rule set ("standard", "education")."""
    if num_players != 2:
        raise ValueError(f"机戦 is for 2 players, not {num_players}")
    if options.get("variant") == "education":
        return EducationState.start(options)
    return CetkaikState.start(options)


__all__ = ["AFTER_CAST", "DECLARE", "MOVE", "OVER", "SEASON_START", "STEP_CAST", "STEP_CHAIN",
           "WATER_CAST", "CetkaikState", "EducationState", "RuleOptions", "SeasonResult",
           "Sticks", "new_state"]
